/* test_symmetry.c — automorphism groups by bliss (src/game/symmetry.h):
 * known orders, every element an automorphism, the identity first, inverses,
 * and the limit. */
#include <glib.h>
#include <string.h>

#include "game/boardspec.h"
#include "game/symmetry.h"

static void expect_group(const char *spec, uint32_t order) {
  MbBoard *b = bs_board_new(spec, NULL);
  g_assert_nonnull(b);
  MbGroup *g = mb_group_new(b->h, 5000, NULL);
  g_assert_nonnull(g);
  g_assert_true(g->enumerated);
  g_assert_cmpuint(g->order, ==, order);
  char want[16];
  g_snprintf(want, sizeof want, "%u", order);
  g_assert_cmpstr(g->size, ==, want);
  size_t W = hg_words(b->h);
  uint64_t *bits = g_new0(uint64_t, W);
  for (uint32_t c = 0; c < g->nv; c++) g_assert_cmpuint(g->perm[0][c], ==, c); /* identity first */
  for (uint32_t i = 0; i < g->order; i++) {
    for (size_t e = 0; e < hg_ne(b->h); e++) { /* sets onto sets */
      memset(bits, 0, W * sizeof(uint64_t));
      for (size_t k = 0; k < hg_edge_size(b->h, e); k++) bs_set(bits, g->perm[i][hg_edge(b->h, e)[k]]);
      g_assert_true(hg_has_edge_bits(b->h, bits));
    }
    const uint32_t *inv = g->perm[g->inverse[i]];
    for (uint32_t c = 0; c < g->nv; c++) g_assert_cmpuint(inv[g->perm[i][c]], ==, c);
    g_assert_cmpint(mb_group_find(g, g->perm[i]), ==, (int64_t)i);
    if (i) g_assert_true(memcmp(g->perm[i - 1], g->perm[i], g->nv * sizeof(uint32_t)) != 0);
  }
  g_free(bits);
  mb_group_free(g);
  bs_board_free(b);
}

static void test_orders(void) {
  expect_group("mnk:3,3,3", 8);   /* the square's symmetries */
  expect_group("3^3", 48);        /* the cube's */
  expect_group("qcube:3,1", 48);  /* the edges of Q_3: the hyperoctahedral group */
  expect_group("mnk:4,3,3", 4);   /* a rectangle */
}

static void test_limit(void) {
  MbBoard *b = bs_board_new("3^3", NULL);
  MbGroup *g = mb_group_new(b->h, 10, NULL);
  g_assert_false(g->enumerated);
  g_assert_cmpuint(g->order, ==, 1);
  g_assert_cmpstr(g->size, ==, "48");
  mb_group_free(g);
  g = mb_group_identity(27);
  g_assert_cmpuint(g->order, ==, 1);
  mb_group_free(g);
  bs_board_free(b);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/symmetry/orders", test_orders);
  g_test_add_func("/symmetry/limit", test_limit);
  return g_test_run();
}
