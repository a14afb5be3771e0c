/* Unit tests for src/cubic/cubic7.c: Breaker's rules on hand-checked openings, and
 * the incremental engine against the from-scratch baseline, board by board,
 * on samples of both cases (including the boards where Maker takes Breaker's
 * default reply). */
#include <glib.h>
#include <string.h>

#include "cubic/cubic7.h"
#include "solvers/matching.h"

typedef struct {
  uint32_t m[4];
  C7Leaf leaf;
} Rec;

typedef struct {
  GArray *recs;
  guint limit, stride, seen; /* keep every stride-th board (0 or 1: all) */
} Collect;

static void collect(void *user, const uint32_t *m, const C7Leaf *leaf) {
  Collect *c = user;
  if (c->recs->len >= c->limit) return;
  if (c->stride > 1 && c->seen++ % c->stride != 0) return;
  Rec r;
  memset(&r, 0, sizeof r); /* padding too: records are compared as bytes */
  memcpy(r.m, m, sizeof r.m);
  r.leaf = *leaf;
  g_array_append_val(c->recs, r);
}

static void test_rules(void) {
  C7 *c = c7_new();
  uint32_t b[4];
  /* centre: Maker (4,4,4), (1,1,1), (7,1,1), (1,7,7): B3 must skip the two
   * corners Maker took, B3 = (7,7,1) on (D), B4 the first free cell of (C). */
  uint32_t m[4] = {c7_cell(4, 4, 4), c7_cell(1, 1, 1), c7_cell(7, 1, 1), c7_cell(6, 2, 2)};
  g_assert_true(c7_breaker_moves(c, C7_CENTRE, m, b));
  g_assert_cmpuint(b[0], ==, c7_cell(5, 5, 5));
  g_assert_cmpuint(b[1], ==, c7_cell(6, 2, 6));
  g_assert_cmpuint(b[2], ==, c7_cell(1, 7, 7));
  g_assert_cmpuint(b[3], ==, c7_cell(7, 7, 1)); /* B3 on (C): B4 on (D) */
  m[2] = c7_cell(1, 7, 7);
  m[3] = c7_cell(7, 7, 1);
  g_assert_true(c7_breaker_moves(c, C7_CENTRE, m, b));
  g_assert_cmpuint(b[2], ==, c7_cell(7, 1, 1));
  g_assert_cmpuint(b[3], ==, c7_cell(6, 6, 2)); /* (7,7,1) taken by Maker */
  uint32_t bad[4] = {c7_cell(4, 4, 4), c7_cell(2, 1, 1), 0, 1}; /* x > y */
  g_assert_false(c7_breaker_moves(c, C7_CENTRE, bad, b));
  uint32_t o[3] = {c7_cell(1, 1, 1), c7_cell(4, 4, 5), c7_cell(6, 2, 6)};
  g_assert_true(c7_breaker_moves(c, C7_OTHER, o, b));
  g_assert_cmpuint(b[0], ==, c7_cell(4, 4, 4));
  g_assert_cmpuint(b[1], ==, c7_cell(5, 5, 5));
  g_assert_cmpuint(b[2], ==, c7_cell(7, 1, 7));
  uint32_t o2[3] = {c7_cell(5, 1, 1), 0, 1}; /* x > 4 */
  g_assert_false(c7_breaker_moves(c, C7_OTHER, o2, b));
  /* uncovered: Maker (3,3,3), (5,5,5) sits on (5,5,5) itself; the first
   * symmetry avoiding the three cells is the reflection of x, so B2 = its
   * image (3,5,5) and B3 = (2,2,6), the image of (6,2,6) */
  uint32_t u1[3] = {c7_cell(3, 3, 3), c7_cell(5, 5, 5), c7_cell(1, 1, 2)};
  g_assert_cmpint(c7_audit_frame(u1[0], u1[1]), ==, 1);
  g_assert_true(c7_breaker_moves(c, C7_UNCOVERED, u1, b));
  g_assert_cmpuint(b[0], ==, c7_cell(4, 4, 4));
  g_assert_cmpuint(b[1], ==, c7_cell(3, 5, 5));
  g_assert_cmpuint(b[2], ==, c7_cell(2, 2, 6));
  /* Maker on (2,2,6) with his third move: B3 falls back to (1,1,7) */
  uint32_t u2[3] = {c7_cell(6, 2, 6), c7_cell(2, 6, 2), c7_cell(2, 2, 6)};
  g_assert_true(c7_breaker_moves(c, C7_UNCOVERED, u2, b));
  g_assert_cmpuint(b[1], ==, c7_cell(3, 5, 5));
  g_assert_cmpuint(b[2], ==, c7_cell(1, 1, 7));
  uint32_t u3[3] = {c7_cell(1, 1, 1), c7_cell(4, 7, 7), 0}; /* covered pair */
  g_assert_false(c7_breaker_moves(c, C7_UNCOVERED, u3, b));
  c7_free(c);
}

static void engine_vs_baseline(C7Case k, int item, guint limit, guint stride) {
  C7 *c = c7_new();
  C7Scratch *s = c7_scratch_new(c);
  C7Stats *st = g_new0(C7Stats, 1);
  Collect col = {g_array_new(FALSE, FALSE, sizeof(Rec)), limit, stride, 0};
  c7_run_item(c, k, item, st, s, collect, &col);
  if (stride <= 1) g_assert_cmpuint(col.recs->len, ==, MIN(limit, st->boards));
  for (guint i = 0; i < col.recs->len; i++) {
    const Rec *r = &g_array_index(col.recs, Rec, i);
    C7Leaf want;
    uint32_t pairs[C7_LINES][2];
    int np;
    g_assert_true(c7_leaf_baseline(c, k, r->m, &want, pairs, &np));
    g_assert_cmpuint(r->leaf.eliminated, ==, want.eliminated);
    g_assert_cmpuint(r->leaf.survivors, ==, want.survivors);
    g_assert_cmpuint(r->leaf.free_cells, ==, want.free_cells);
    g_assert_cmpuint(r->leaf.matching, ==, want.matching);
    g_assert_cmpint(np, ==, want.survivors);
  }
  g_array_free(col.recs, TRUE);
  g_free(st);
  c7_scratch_free(s);
  c7_free(c);
}

/* the first boards of an item (every last move below a few nodes, the one
 * where Maker takes Breaker's default reply included), then a stride through
 * a whole item */
static void test_engine_centre(void) {
  engine_vs_baseline(C7_CENTRE, 0, 2500, 1);
  engine_vs_baseline(C7_CENTRE, 117, 1500, 71);
}

static void test_engine_other(void) {
  engine_vs_baseline(C7_OTHER, 0, 2500, 1);
  engine_vs_baseline(C7_OTHER, 160, 1200, 53);
}

static void test_engine_uncovered(void) {
  C7 *c = c7_new();
  int n = c7_items(c, C7_UNCOVERED);
  c7_free(c);
  engine_vs_baseline(C7_UNCOVERED, 0, 400, 1);
  engine_vs_baseline(C7_UNCOVERED, n - 1, 400, 1);
  engine_vs_baseline(C7_UNCOVERED, n / 2, 400, 1);
}

/* certificates: both forms (text round trip, in memory) accept the engine's
 * boards, agree with the baseline counts, and catch an engine leaf that is
 * off by one */
static void test_certify(void) {
  C7 *c = c7_new();
  C7Scratch *s = c7_scratch_new(c);
  C7Stats *st = g_new0(C7Stats, 1);
  Collect col = {g_array_new(FALSE, FALSE, sizeof(Rec)), 60, 7, 0};
  c7_run_item(c, C7_UNCOVERED, 3, st, s, collect, &col);
  PgChecker *chk = pg_checker_new(7, 3);
  C7Certs text = {0, 0, 0, NULL}, direct = {0, 0, 0, NULL}, bad = {0, 0, 0, NULL};
  for (guint i = 0; i < col.recs->len; i++) {
    const Rec *r = &g_array_index(col.recs, Rec, i);
    c7_certify(c, C7_UNCOVERED, chk, r->m, &r->leaf, &text);
    c7_certify_direct(c, C7_UNCOVERED, chk, r->m, &r->leaf, &direct);
    C7Leaf want, wrong = r->leaf;
    PairGrid *g = c7_pairing_grid(c, C7_UNCOVERED, r->m, NULL, &want);
    g_assert_nonnull(g);
    pg_free(g);
    C7Leaf base;
    g_assert_true(c7_leaf_baseline(c, C7_UNCOVERED, r->m, &base, NULL, NULL));
    g_assert_cmpuint(want.matching, ==, base.matching); /* greedy start: the same maximum */
    wrong.matching--;
    c7_certify_direct(c, C7_UNCOVERED, chk, r->m, &wrong, &bad);
  }
  g_assert_cmpuint(text.sampled, ==, col.recs->len);
  g_assert_cmpuint(text.valid, ==, text.sampled);
  g_assert_cmpuint(text.agree, ==, text.sampled);
  g_assert_cmpuint(direct.valid, ==, direct.sampled);
  g_assert_cmpuint(direct.agree, ==, direct.sampled);
  g_assert_cmpuint(bad.agree, ==, 0);
  g_assert_nonnull(bad.first_failure);
  g_free(bad.first_failure);
  pg_checker_free(chk);
  g_array_free(col.recs, TRUE);
  g_free(st);
  c7_scratch_free(s);
  c7_free(c);
}

/* the 48 symmetries are distinct bijections that map lines onto lines */
static void test_symmetries(void) {
  C7 *c = c7_new();
  const Board *b = c7_board(c);
  GHashTable *lines = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (size_t l = 0; l < hg_ne(b->lines); l++) {
    uint64_t mask[6] = {0};
    for (int t = 0; t < 7; t++) bs_set(mask, hg_edge(b->lines, l)[t]);
    g_hash_table_add(lines, g_strdup_printf("%lx.%lx.%lx.%lx.%lx.%lx", mask[0], mask[1], mask[2],
                                            mask[3], mask[4], mask[5]));
  }
  GHashTable *maps = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (int g = 0; g < C7_SYMMETRIES; g++) {
    uint8_t hit[C7_CELLS] = {0};
    GString *sig = g_string_new(NULL);
    for (uint32_t v = 0; v < C7_CELLS; v++) {
      uint32_t w = c7_symmetry(g, v);
      g_assert_cmpuint(w, <, C7_CELLS);
      g_assert_false(hit[w]);
      hit[w] = 1;
      g_string_append_printf(sig, "%u,", w);
    }
    g_assert_cmpuint(c7_symmetry(g, c7_cell(4, 4, 4)), ==, c7_cell(4, 4, 4));
    g_assert_true(g_hash_table_add(maps, g_string_free(sig, FALSE)));
    for (size_t l = 0; l < hg_ne(b->lines); l++) {
      uint64_t mask[6] = {0};
      for (int t = 0; t < 7; t++) bs_set(mask, c7_symmetry(g, hg_edge(b->lines, l)[t]));
      g_autofree char *key = g_strdup_printf("%lx.%lx.%lx.%lx.%lx.%lx", mask[0], mask[1], mask[2],
                                             mask[3], mask[4], mask[5]);
      g_assert_true(g_hash_table_contains(lines, key));
    }
  }
  g_assert_cmpuint(c7_symmetry(0, c7_cell(1, 2, 3)), ==, c7_cell(1, 2, 3));
  /* opposite corners are uncovered, a pair sharing x = 4 never is */
  g_assert_true(c7_pair_uncovered(c7_cell(1, 1, 1), c7_cell(7, 7, 7)));
  g_assert_true(c7_pair_uncovered(c7_cell(7, 1, 7), c7_cell(2, 6, 2)));
  g_assert_false(c7_pair_uncovered(c7_cell(1, 1, 1), c7_cell(7, 7, 4)));
  g_assert_false(c7_pair_uncovered(c7_cell(7, 7, 7), c7_cell(6, 6, 6)));
  g_hash_table_destroy(maps);
  g_hash_table_destroy(lines);
  c7_free(c);
}

/* The baseline driver visits the same boards in the same order. */
static void test_baseline_driver(void) {
  C7 *c = c7_new();
  C7Stats *a = g_new0(C7Stats, 1), *b = g_new0(C7Stats, 1);
  Collect ca = {g_array_new(FALSE, FALSE, sizeof(Rec)), 700, 1, 0}, cb = ca;
  cb.recs = g_array_new(FALSE, FALSE, sizeof(Rec));
  C7Scratch *s = c7_scratch_new(c);
  c7_run_item(c, C7_OTHER, 3, a, s, collect, &ca);
  g_assert_cmpuint(c7_run_item_baseline(c, C7_OTHER, 3, b, 700, collect, &cb), ==, 700);
  for (guint i = 0; i < 700; i++)
    g_assert_cmpmem(&g_array_index(ca.recs, Rec, i), sizeof(Rec), &g_array_index(cb.recs, Rec, i),
                    sizeof(Rec));
  g_array_free(ca.recs, TRUE);
  g_array_free(cb.recs, TRUE);
  c7_scratch_free(s);
  g_free(a);
  g_free(b);
  c7_free(c);
}

/* the move parser of cubic7-pairing: 64-bit numbers, exactly three */
static void test_parse_move(void) {
  uint32_t cell = 999;
  g_assert_cmpint(c7_parse_move("4,4,4", &cell), ==, C7_MOVE_OK);
  g_assert_cmpuint(cell, ==, c7_cell(4, 4, 4));
  g_assert_cmpint(c7_parse_move("+1,7,07", &cell), ==, C7_MOVE_OK);
  g_assert_cmpuint(cell, ==, c7_cell(1, 7, 7));
  cell = 999;
  const char *form[] = {"", "1,2", "1,2,3,4", "1,,3", " 1,2,3", "1,2,3 ", "0x1,2,3", "1,2,3,",
                        "a,b,c", "99999999999999999999,1,1", "1;2;3"};
  for (size_t i = 0; i < G_N_ELEMENTS(form); i++) g_assert_cmpint(c7_parse_move(form[i], &cell), ==, C7_MOVE_FORM);
  const char *off[] = {"0,1,1", "8,1,1", "1,-1,1", "4294967300,4,4", "4,4,-9223372036854775808"};
  for (size_t i = 0; i < G_N_ELEMENTS(off); i++) g_assert_cmpint(c7_parse_move(off[i], &cell), ==, C7_MOVE_OFF);
  g_assert_cmpuint(cell, ==, 999); /* untouched on errors */
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/cubic7/parse-move", test_parse_move);
  g_test_add_func("/cubic7/rules", test_rules);
  g_test_add_func("/cubic7/engine-centre", test_engine_centre);
  g_test_add_func("/cubic7/engine-other", test_engine_other);
  g_test_add_func("/cubic7/engine-uncovered", test_engine_uncovered);
  g_test_add_func("/cubic7/symmetries", test_symmetries);
  g_test_add_func("/cubic7/certify", test_certify);
  g_test_add_func("/cubic7/baseline-driver", test_baseline_driver);
  return g_test_run();
}
