/* Harness: cubic7-pairing's command line (src/cubic7.c c7_parse_move and the
 * checks the tool makes) and the certificate it prints.
 * Input: the arguments, one a line: an optional "--case=NAME", then Maker's
 * moves "X,Y,Z".
 * Properties: a move parsed is a cell of the 7^3 board; for a board the
 * case enumerates, the printed grid reads back (pg_parse) as the same grid,
 * and the independent checker accepts it exactly when the tool says
 * "pairing found". */
#include <string.h>

#include "cubic/cubic7.h"
#include "fuzz.h"
#include "game/pairgrid.h"

static const char *case_name[C7_CASES] = {"centre", "other", "uncovered"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static C7 *c;
  static PgChecker *chk;
  if (!c) {
    c = c7_new();
    chk = pg_checker_new(7, 3);
  }
  char **arg = fuzz_lines(data, size, 8);
  int na = (int)g_strv_length(arg), first = 0, forced = -1;
  if (na > 0 && g_str_has_prefix(arg[0], "--case=")) {
    for (int i = 0; i < C7_CASES; i++)
      if (!strcmp(arg[0] + 7, case_name[i])) forced = i;
    first = 1;
    if (forced < 0) goto out; /* the tool: "--case must be ..." */
  }
  int nm = na - first;
  uint32_t m[4], b[4];
  if (nm < 3 || nm > 4) goto out;
  for (int i = 0; i < nm; i++) {
    int r = c7_parse_move(arg[first + i], &m[i]);
    FUZZ_ASSERT(r == C7_MOVE_OK || r == C7_MOVE_FORM || r == C7_MOVE_OFF);
    if (r != C7_MOVE_OK) goto out;
    FUZZ_ASSERT(m[i] < C7_CELLS);
    for (int j = 0; j < i; j++)
      if (m[j] == m[i]) goto out;
  }
  C7Case k = forced >= 0 ? (C7Case)forced
             : m[0] == c7_cell(4, 4, 4) ? C7_CENTRE
             : c7_pair_uncovered(m[0], m[1]) ? C7_UNCOVERED
                                               : C7_OTHER;
  if (nm != c7_maker_moves(k)) goto out;
  int bad = c7_first_illegal(c, k, m, b);
  FUZZ_ASSERT(bad >= -1 && bad < nm);
  if (bad >= 0) goto out;
  C7Leaf leaf;
  PairGrid *g = c7_pairing_grid(c, k, m, b, &leaf);
  FUZZ_ASSERT(g != NULL);
  bool full = leaf.matching == 2 * leaf.survivors;
  char *text = pg_to_string(g);
  GError *err = NULL;
  PairGrid *h = pg_parse(text, &err);
  FUZZ_ASSERT(h && h->ncells == g->ncells && memcmp(h->label, g->label, 4 * g->ncells) == 0);
  PgStats st;
  FUZZ_ASSERT(pg_check(chk, h, &st, NULL) == full);
  g_free(text);
  pg_free(h);
  pg_free(g);
out:
  g_strfreev(arg);
  return 0;
}
