/* Unit tests for src/game/pairgrid.c: the checker's own line enumeration against
 * Lemma 2.1's count and board.c; text round trips; parse errors; and the
 * checker accepting a pairing made by matching and rejecting every kind of
 * broken grid. */
#include <glib.h>
#include <string.h>

#include "game/board.h"
#include "solvers/matching.h"
#include "game/pairgrid.h"

static void test_lines(void) {
  for (int d = 1; d <= 3; d++)
    for (int n = 2; n <= (d == 3 ? 7 : 9); n++) {
      PgChecker *c = pg_checker_new(n, d);
      g_assert_cmpuint(pg_checker_lines(c), ==, board_lines_formula(n, d));
      pg_checker_free(c);
    }
}

/* a pre-game pairing of the n^d board by matching each line twice to cells */
static PairGrid *pairing_by_matching(int n, int d) {
  Board *b = board_new(n, d);
  uint32_t nl = 2 * (uint32_t)hg_ne(b->lines);
  GArray *start = g_array_new(FALSE, FALSE, 4), *adj = g_array_new(FALSE, FALSE, 4);
  for (uint32_t u = 0; u < nl; u++) {
    g_array_append_val(start, adj->len);
    g_array_append_vals(adj, hg_edge(b->lines, u / 2), (guint)n);
  }
  g_array_append_val(start, adj->len);
  BipGraph g = {nl, b->ncells, (uint32_t *)start->data, (uint32_t *)adj->data};
  uint32_t *ml = g_new(uint32_t, nl), *mr = g_new(uint32_t, b->ncells);
  size_t size = bm_hopcroft_karp(&g, ml, mr, false, NULL);
  PairGrid *pg = NULL;
  if (size == nl) {
    pg = pg_new(n, d);
    for (uint32_t u = 0; u < nl; u += 2) pg_add_pair(pg, ml[u], ml[u + 1]);
  }
  g_free(ml);
  g_free(mr);
  g_array_free(start, TRUE);
  g_array_free(adj, TRUE);
  board_free(b);
  return pg;
}

static void test_accept_and_reject(void) {
  PgChecker *c = pg_checker_new(5, 2);
  PairGrid *g = pairing_by_matching(5, 2);
  g_assert_nonnull(g);
  PgStats st;
  char *why = NULL;
  g_assert_true(pg_check(c, g, &st, &why));
  g_assert_null(why);
  g_assert_cmpuint(st.surviving, ==, 12);
  g_assert_cmpuint(st.pairs, ==, 12);
  g_assert_cmpuint(st.free_unpaired, ==, 1);
  /* a pair split across two lines' worth of cells: swap a paired cell with
   * the unpaired one -> some line loses its pair or the pair leaves its line */
  int32_t saved[25];
  memcpy(saved, g->label, sizeof saved);
  uint32_t free_cell = 0;
  while (g->label[free_cell] != PG_FREE) free_cell++;
  int rejected = 0;
  for (uint32_t v = 0; v < 25; v++) {
    if (v == free_cell) continue;
    g->label[free_cell] = g->label[v];
    g->label[v] = PG_FREE;
    if (!pg_check(c, g, NULL, &why)) {
      rejected++;
      g_assert_nonnull(why);
      g_free(why);
    }
    memcpy(g->label, saved, sizeof saved);
  }
  g_assert_cmpint(rejected, >, 0);
  /* Maker on a paired cell: that pair now has one cell */
  g->label[free_cell == 0 ? 1 : 0] = PG_MAKER;
  g_assert_false(pg_check(c, g, NULL, &why));
  g_assert_nonnull(strstr(why, "not 2"));
  g_free(why);
  memcpy(g->label, saved, sizeof saved);
  /* a label beyond the declared pairs */
  g->label[free_cell] = 99;
  g_assert_false(pg_check(c, g, NULL, NULL));
  memcpy(g->label, saved, sizeof saved);
  /* Breaker on every cell kills every line: trivially safe once pairs are gone */
  for (uint32_t v = 0; v < 25; v++) g->label[v] = PG_BREAKER;
  g->npairs = 0;
  g_assert_true(pg_check(c, g, &st, NULL));
  g_assert_cmpuint(st.surviving, ==, 0);
  /* the empty board without pairs fails on its first line */
  for (uint32_t v = 0; v < 25; v++) g->label[v] = PG_FREE;
  g_assert_false(pg_check(c, g, NULL, &why));
  g_assert_nonnull(strstr(why, "surviving line"));
  g_free(why);
  /* wrong size */
  PairGrid *small = pg_new(4, 2);
  g_assert_false(pg_check(c, small, NULL, NULL));
  pg_free(small);
  pg_free(g);
  pg_checker_free(c);
  /* 4^2 has no pre-game pairing, 8^3 has one */
  g_assert_null(pairing_by_matching(4, 2));
  PairGrid *g8 = pairing_by_matching(8, 3);
  PgChecker *c8 = pg_checker_new(8, 3);
  g_assert_true(pg_check(c8, g8, &st, NULL));
  g_assert_cmpuint(st.surviving, ==, board_lines_formula(8, 3));
  pg_free(g8);
  pg_checker_free(c8);
}

static void test_text(void) {
  for (int d = 2; d <= 3; d++) {
    PairGrid *g = pairing_by_matching(d == 2 ? 6 : 8, d);
    g->label[3] = PG_MAKER; /* labels need not be a valid strategy to round-trip */
    g->label[5] = PG_BREAKER;
    char *t = pg_to_string(g);
    GError *err = NULL;
    PairGrid *h = pg_parse(t, &err);
    g_assert_no_error(err);
    g_assert_cmpint(h->n, ==, g->n);
    g_assert_cmpint(h->npairs, ==, g->npairs);
    g_assert_cmpmem(h->label, h->ncells * 4, g->label, g->ncells * 4);
    g_free(t);
    pg_free(h);
    pg_free(g);
  }
  const char *bad[] = {
      "",
      "pairgrid n=2 d=2\n",
      "pairgrid n=2 d=5 pairs=0\n. .\n. .\n",
      "pairgrid n=2 d=2 pairs=0\n. .\n.\n",
      "pairgrid n=2 d=2 pairs=0\n. .\n. . .\n",
      "pairgrid n=2 d=2 pairs=1\n. 1\nQ 1\n",
      "pairgrid n=2 d=2 pairs=1\n. 1\n0 1\n",
      "pairgrid n=2 d=2 pairs=0\n. .\n. .\n. .\n",
      "pairgrid n=2 d=3 pairs=0\n. .\n. .\nz=2\n. .\n. .\n",
      "pairgrid n=2 d=3 pairs=0\nz=1\n. .\n. .\nz=3\n. .\n. .\n",
  };
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
    GError *err = NULL;
    g_assert_null(pg_parse(bad[i], &err));
    g_assert_nonnull(err);
    g_assert_null(strchr(err->message, '\n'));
    g_error_free(err);
  }
  GError *err = NULL;
  PairGrid *ok = pg_parse("# comment\npairgrid n=2 d=2 pairs=1\n\n1 X\nO 1\n", &err);
  g_assert_no_error(err);
  g_assert_cmpint(ok->label[0], ==, 1);
  g_assert_cmpint(ok->label[1], ==, PG_MAKER);
  g_assert_cmpint(ok->label[2], ==, PG_BREAKER);
  pg_free(ok);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/pairgrid/lines", test_lines);
  g_test_add_func("/pairgrid/accept-and-reject", test_accept_and_reject);
  g_test_add_func("/pairgrid/text", test_text);
  return g_test_run();
}
