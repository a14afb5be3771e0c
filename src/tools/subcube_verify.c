/* subcube-verify — check a pairing strategy for the Maker–Breaker game Q(n,k).
 *
 *   subcube-verify N K FILE      (FILE '-' = standard input)
 *
 * FILE holds one pair per line, two vertices as 0/1 strings of length N
 * (subcube.h).  The pairs must form a matching; the fast verifier of
 * src/hypercube/subcube.c then checks that every K-dimensional subcube of Q_N contains
 * a pair.  Exit 0 and one line "blocked: ..." if so; 1 and the first
 * unblocked subcube if not; 2, with one line naming the problem (and the
 * line of FILE), for bad arguments or a malformed file: a line without
 * exactly two vertices, a vertex out of range, a repeated vertex. */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

#include "plumbing/input.h"
#include "hypercube/subcube.h"
#include "plumbing/output.h"

static int usage(const char *why) {
  g_autofree char *m = g_strdup_printf("%s (usage: subcube-verify N K FILE, 1 <= K <= N <= 24)", why);
  in_error_line("subcube-verify", m);
  return 2;
}

static bool parse_int(const char *s, int lo, int hi, int *out) { return in_int(s, lo, hi, out); }

static int run(int argc, char **argv) {
  int n, k;
  if (argc != 4) return usage("give N, K and a strategy file");
  if (!parse_int(argv[1], 1, 24, &n)) return usage("N must be an integer from 1 to 24");
  if (!parse_int(argv[2], 1, n, &k)) return usage("K must be an integer from 1 to N");
  GError *err = NULL;
  /* text only: a NUL or control byte, an over-long line or file is an error */
  gchar *text = in_read(argv[3], 256u << 20, IN_MAX_LINE, &err);
  if (!text) {
    in_error_line("subcube-verify", err->message);
    g_error_free(err);
    return 2;
  }
  GArray *pairs = sv_read_pairs(text, n, &err);
  g_free(text);
  if (!pairs) {
    g_autofree char *msg = g_strdup_printf("%s: %s", argv[3], err->message);
    in_error_line("subcube-verify", msg);
    g_error_free(err);
    return 2;
  }
  Subcube hole;
  uint64_t checked;
  bool ok = sv_verify(n, k, (VPair *)pairs->data, pairs->len, &hole, &checked);
  if (ok) {
    printf("blocked: all %llu subcubes of dimension %d of Q%d contain one of the %u pairs\n",
           (unsigned long long)checked, k, n, pairs->len);
  } else {
    char buf[80];
    cube_format(hole, n, buf);
    printf("unblocked: %s holds no pair (%llu subcubes checked)\n", buf, (unsigned long long)checked);
  }
  g_array_free(pairs, TRUE);
  return ok ? 0 : 1;
}

/* the verdict must reach standard output: a write error there is exit 3 */
int main(int argc, char **argv) { return out_stdout_status("subcube-verify", run(argc, argv)); }
