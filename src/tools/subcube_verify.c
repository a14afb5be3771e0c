/* subcube-verify — check a pairing strategy for the Maker–Breaker game Q(n,k).
 *
 *   subcube-verify N K FILE      (FILE '-' = standard input)
 *
 * FILE holds one pair per line, two vertices as 0/1 strings of length N
 * (subcube.h).  The pairs must form a matching; the fast verifier of
 * src/subcube.c then checks that every K-dimensional subcube of Q_N contains
 * a pair.  Exit 0 and one line "blocked: ..." if so; 1 and the first
 * unblocked subcube if not; 2, with one line naming the problem (and the
 * line of FILE), for bad arguments or a malformed file: a line without
 * exactly two vertices, a vertex out of range, a repeated vertex. */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

#include "subcube.h"

static int usage(const char *why) {
  fprintf(stderr, "subcube-verify: %s (usage: subcube-verify N K FILE, 1 <= K <= N <= 24)\n", why);
  return 2;
}

static bool parse_int(const char *s, int lo, int hi, int *out) {
  char *end;
  long v = strtol(s, &end, 10);
  if (*s == '\0' || *end || v < lo || v > hi) return false;
  *out = (int)v;
  return true;
}

int main(int argc, char **argv) {
  int n, k;
  if (argc != 4) return usage("give N, K and a strategy file");
  if (!parse_int(argv[1], 1, 24, &n)) return usage("N must be an integer from 1 to 24");
  if (!parse_int(argv[2], 1, n, &k)) return usage("K must be an integer from 1 to N");
  gchar *text = NULL;
  GError *err = NULL;
  if (g_strcmp0(argv[3], "-") == 0) {
    GString *s = g_string_new(NULL);
    char buf[4096];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, stdin)) > 0) g_string_append_len(s, buf, (gssize)got);
    text = g_string_free(s, FALSE);
  } else if (!g_file_get_contents(argv[3], &text, NULL, &err)) {
    fprintf(stderr, "subcube-verify: %s\n", err->message);
    g_error_free(err);
    return 2;
  }
  GArray *pairs = sv_read_pairs(text, n, &err);
  g_free(text);
  if (!pairs) {
    fprintf(stderr, "subcube-verify: %s: %s\n", argv[3], err->message);
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
