/* cubic7-pairing — the certificate of one 7^3 board (CT8, CT9, CT13).
 *
 *   cubic7-pairing [--case centre|other|uncovered] X,Y,Z X,Y,Z ...
 *
 * Given Maker's moves (1-based coordinates), plays Breaker's replies by the
 * rules of src/cubic/cubic7.h, finds the maximum matching of §4.2 Step 2 from
 * scratch, and prints Breaker's moves, the counts, and the 7x7x7 pairing grid
 * in pairgrid.h's text format (X Maker, O Breaker, k pair k, . unpaired), so
 * the output can be piped into `pairgrid-check`.  Without --case the case is
 * read off the moves: first move (4,4,4) is §4.2's centre case, an opening
 * pair no symmetry puts in x <= 4 is CT13's uncovered case, anything else
 * §4.3's other case.  Exit 0: a pairing covering every survivor was found;
 * 1: none exists (the grid shows the partial one); 2: bad input (one line
 * on stderr: a malformed or off-board cell, a repeated move, the wrong
 * number of moves, or a move outside the case's enumeration). */
#include <glib.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "plumbing/input.h"
#include "cubic/cubic7.h"
#include "plumbing/output.h"

G_GNUC_PRINTF(1, 2) G_GNUC_NORETURN static void die_usage(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *msg = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  in_error_line("cubic7-pairing", msg); /* one line, control bytes escaped */
  g_free(msg);
  exit(2);
}

static const char *case_name[C7_CASES] = {"centre", "other", "uncovered"};
static const char *case_source[C7_CASES] = {"§4.2", "§4.3", "CT13 audit"};

static void put_cell(uint32_t v) {
  printf(" (%u,%u,%u)", v % 7 + 1, v / 7 % 7 + 1, v / 49 + 1);
}

static int run(int argc, char **argv) {
  gchar *opt_case = NULL;
  GOptionEntry entries[] = {
      {"case", 0, 0, G_OPTION_ARG_STRING, &opt_case, "centre, other or uncovered (default: from the moves)",
       "CASE"},
      {NULL, 0, 0, 0, NULL, NULL, NULL}};
  GOptionContext *ctx = g_option_context_new("X,Y,Z ... — Breaker's replies and the pairing of a 7^3 board");
  g_option_context_add_main_entries(ctx, entries, NULL);
  GError *err = NULL;
  bool parsed = g_option_context_parse(ctx, &argc, &argv, &err);
  g_option_context_free(ctx);
  if (!parsed) {
    char msg[256];
    snprintf(msg, sizeof msg, "%s", err->message);
    g_error_free(err);
    die_usage("%s", msg);
  }
  int nm = argc - 1;
  uint32_t m[4];
  if (nm < 3 || nm > 4) die_usage("give Maker's 3 or 4 moves as X,Y,Z with 1 <= X,Y,Z <= 7 (got %d)", nm);
  for (int i = 0; i < nm; i++) {
    int r = c7_parse_move(argv[i + 1], &m[i]);
    if (r == C7_MOVE_FORM) die_usage("move %s (number %d) is not of the form X,Y,Z", argv[i + 1], i + 1);
    if (r == C7_MOVE_OFF)
      die_usage("move %s (number %d) is off the board: coordinates must be 1..7", argv[i + 1], i + 1);
    for (int j = 0; j < i; j++)
      if (m[j] == m[i]) die_usage("move %s (number %d) repeats an earlier move", argv[i + 1], i + 1);
  }
  C7Case k;
  if (opt_case) {
    int found = -1;
    for (int i = 0; i < C7_CASES; i++)
      if (!strcmp(opt_case, case_name[i])) found = i;
    if (found < 0) {
      char bad[64];
      snprintf(bad, sizeof bad, "%s", opt_case);
      g_free(opt_case);
      die_usage("--case must be centre, other or uncovered, not '%s'", bad);
    }
    k = (C7Case)found;
    g_free(opt_case);
  } else {
    k = m[0] == c7_cell(4, 4, 4) ? C7_CENTRE : c7_pair_uncovered(m[0], m[1]) ? C7_UNCOVERED : C7_OTHER;
  }
  if (nm != c7_maker_moves(k))
    die_usage("the %s case takes %d Maker moves", case_name[k], c7_maker_moves(k));
  C7 *c = c7_new();
  uint32_t b[4];
  int bad = c7_first_illegal(c, k, m, b);
  if (bad >= 0) {
    static const char *why[C7_CASES] = {
        "in the centre case Maker opens at 4,4,4, move 2 has x <= y, and no move is on a taken cell",
        "in the other case moves 1 and 2 have x <= 4 and are not 4,4,4, and no move is on a taken cell",
        "in the uncovered case moves 1 and 2 are a pair no symmetry puts in x <= 4, and no move is on a "
        "taken cell"};
    c7_free(c);
    die_usage("move %s (number %d) is not in the enumeration: %s", argv[bad + 1], bad + 1, why[k]);
  }
  C7Leaf leaf;
  PairGrid *g = c7_pairing_grid(c, k, m, b, &leaf);
  printf("# cubic7-pairing: %s case (%s); Maker", case_name[k], case_source[k]);
  for (int i = 0; i < nm; i++) put_cell(m[i]);
  printf("\n# Breaker");
  for (int i = 0; i < nm; i++) put_cell(b[i]);
  bool full = leaf.matching == 2 * leaf.survivors;
  printf("\n# eliminated %d, survivors %d, free cells %d, maximum matching %d: %s\n", leaf.eliminated,
         leaf.survivors, leaf.free_cells, leaf.matching, full ? "pairing found" : "NO pairing");
  pg_write(stdout, g);
  pg_free(g);
  c7_free(c);
  return full ? 0 : 1;
}

/* the verdict must reach standard output: a write error there is exit 3 */
int main(int argc, char **argv) { return out_stdout_status("cubic7-pairing", run(argc, argv)); }
