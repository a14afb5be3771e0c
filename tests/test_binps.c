/* Unit tests for src/hypercube/binps.c: the typed strategies against the paper's printed
 * lists (P^(j) of §4, the orbit <(*,0,1,0,0,0)> of §5, the product-set
 * (0_2×1_2×0_2×P_2) of Example 2, the Index singletons of §4); the operations
 * (translation, Lemma 3, Lemma 4) on small strategies checked by brute force;
 * the Lemma 5 / Lemma 2 partitions for small levels by the independent
 * checker; and the §5 recipe's K(N) for small N (derived by hand from the
 * recipe's rules) with every built strategy for N <= 12 checked by brute
 * force. */
#include <glib.h>

#include "hypercube/binps.h"
#include "hypercube/polychrome.h"

static bool has_pair(const GArray *p, uint32_t a, uint32_t b) {
  for (guint i = 0; i < p->len; i++) {
    VPair q = g_array_index(p, VPair, i);
    if ((q.a == a && q.b == b) || (q.a == b && q.b == a)) return true;
  }
  return false;
}

/* every vector of vec, parsed independently, is a pair of p, and p has no more */
static void assert_same_set(const GArray *p, int n, const char *const *vec, int count) {
  g_assert_cmpuint(p->len, ==, (guint)count);
  for (int i = 0; i < count; i++) {
    Subcube c;
    VPair e;
    g_assert_true(cube_parse(vec[i], n, &c));
    g_assert_true(cube_edge_pair(c, &e));
    g_assert_true(has_pair(p, e.a, e.b));
  }
}

static bool blocks(int n, int k, const GArray *p) {
  return cube_is_matching(n, (const VPair *)p->data, p->len) &&
         cube_first_unblocked(n, k, (const VPair *)p->data, p->len, NULL, NULL);
}

static void test_typed(void) {
  static const char *const p1[] = {"(*,0,1)", "(0,*,0)", "(1,1,*)"};
  static const char *const p2[] = {"(*,1,0)", "(0,*,1)", "(1,0,*)"};
  static const char *const p3[] = {"(*,1,1)", "(1,*,0)", "(0,0,*)"};
  const char *const *want[] = {p1, p2, p3};
  for (int j = 1; j < 4; j++) {
    g_autoptr(GArray) p = bp_p3(j);
    assert_same_set(p, 3, want[j - 1], 3);
    g_assert_true(blocks(3, 2, p));
  }
  static const char *const ps1[] = {"(*,0,1,1)", "(0,*,0,1)", "(0,0,*,0)", "(0,1,1,*)",
                                    "(*,1,0,0)", "(1,*,1,0)", "(1,1,*,1)", "(1,0,0,*)"};
  g_autoptr(GArray) q = bp_ps42(1);
  assert_same_set(q, 4, ps1, 8);
  static const char *const orbit[] = {"(*,0,1,0,0,0)", "(0,*,0,1,0,0)", "(0,0,*,0,1,0)",
                                      "(0,0,0,*,0,1)", "(1,0,0,0,*,0)", "(0,1,0,0,0,*)"};
  g_autoptr(GArray) cyc = bp_cyclic63();
  g_assert_cmpuint(cyc->len, ==, 24);
  for (int i = 0; i < 6; i++) {
    Subcube c;
    VPair e;
    g_assert_true(cube_parse(orbit[i], 6, &c) && cube_edge_pair(c, &e));
    g_assert_true(has_pair(cyc, e.a, e.b));
  }
  static const char *const notedge[] = {"(*,*,0)"};
  g_assert_null(bp_from_vectors(3, notedge, 1));
  static const char *const badlen[] = {"(*,0)"};
  g_assert_null(bp_from_vectors(3, badlen, 1));
}

static void test_products(void) {
  /* Example 2: (0_2×1_2×0_2×P_2) as printed, inside BinPS(4×2) of 64 edges */
  static const char *const ex2[] = {"(0,0,0,1,0,0,*,0)", "(1,1,0,1,0,0,*,0)", "(0,0,0,1,1,1,*,0)",
                                    "(1,1,0,1,1,1,*,0)", "(0,0,1,0,0,0,*,0)", "(1,1,1,0,0,0,*,0)",
                                    "(0,0,1,0,1,1,*,0)", "(1,1,1,0,1,1,*,0)"};
  g_autoptr(GArray) p2 = bp_p2();
  g_autoptr(GArray) b = bp_binps4(p2, 2);
  g_assert_cmpuint(b->len, ==, 64);
  for (int i = 0; i < 8; i++) {
    Subcube c;
    VPair e;
    g_assert_true(cube_parse(ex2[i], 8, &c) && cube_edge_pair(c, &e));
    g_assert_true(has_pair(b, e.a, e.b));
  }
  g_assert_true(blocks(8, 5, b));
  g_assert_false(blocks(8, 4, b));
  /* Example 1: BinPS(4×1) is PS(4,2) */
  g_autoptr(GArray) p1 = bp_p1();
  g_autoptr(GArray) b1 = bp_binps4(p1, 1);
  g_autoptr(GArray) ps = bp_ps42(0);
  g_assert_cmpuint(b1->len, ==, 8);
  for (guint i = 0; i < ps->len; i++)
    g_assert_true(has_pair(b1, g_array_index(ps, VPair, i).a, g_array_index(ps, VPair, i).b));
  /* BinPS(3×3) and the rotating BinPS^R(3×3) of §4 */
  g_autoptr(GArray) p3 = bp_p3(0);
  g_autoptr(GArray) plain = bp_binps3(p3, 3);
  g_assert_cmpuint(plain->len, ==, 3 * 4 * 4 * 3);
  g_autoptr(GPtrArray) f = bp_thm5_family(1);
  const GArray *rot = g_ptr_array_index(f, 0);
  Subcube s, w;
  g_assert_true(cube_parse("(0,1,0,*,1,0,*,*,*)", 9, &s));
  g_assert_true(cube_parse("(0,1,0,*,1,0,0,1,0)", 9, &w));
  VPair we;
  g_assert_true(cube_edge_pair(w, &we));
  g_assert_true(has_pair(rot, we.a, we.b));
  g_assert_false(has_pair(plain, we.a, we.b));
  g_assert_true(blocks(9, 4, rot));
  g_assert_false(blocks(9, 4, plain));
  g_assert_true(blocks(9, 5, plain));
}

static void test_operations(void) {
  g_autoptr(GArray) p3 = bp_p3(0);
  g_autoptr(GArray) t = bp_translate(p3, 5);
  g_autoptr(GArray) t2 = bp_translate(t, 5);
  for (guint i = 0; i < t->len; i++) {
    VPair q = g_array_index(t, VPair, i);
    g_assert_cmpuint(q.a & (q.a ^ q.b), ==, 0); /* .a has the 0 */
    g_assert_true(has_pair(p3, g_array_index(t2, VPair, i).a, g_array_index(t2, VPair, i).b));
  }
  g_autoptr(GArray) e = bp_extend(p3, 3);
  g_assert_cmpuint(e->len, ==, 6);
  g_assert_true(blocks(4, 3, e));
  g_assert_false(blocks(4, 2, e));
  g_autoptr(GArray) ps = bp_ps42(2);
  g_autoptr(GArray) r = bp_restrict(ps, 4, 3);
  g_assert_true(blocks(3, 2, r));
  g_autoptr(GArray) r2 = bp_restrict(ps, 4, 2);
  g_assert_true(blocks(2, 2, r2));
}

static void test_index(void) {
  /* §4: 0^(j) = {000}, {011}, {101}, {110}; 1^(j) = {001}, {010}, {100}, {111} */
  static const char *const zero[] = {"000", "011", "101", "110"};
  static const char *const one[] = {"001", "010", "100", "111"};
  g_autofree int *idx = bp_lemma5_index(3, 1);
  for (int j = 0; j < 4; j++) {
    Subcube a, b;
    g_assert_true(cube_parse(zero[j], 3, &a) && cube_parse(one[j], 3, &b));
    g_assert_cmpint(idx[a.vals], ==, j);
    g_assert_cmpint(idx[b.vals], ==, j);
  }
  for (int k = 1; k <= 3; k++) { /* Lemma 2: Q_{2^k}, 2^k parts, dimension 2^(k-1)+1 */
    g_autofree int *ix = bp_lemma5_index(2, k);
    g_assert_cmpint(bp_lemma5_parts(2, k), ==, 1 << k);
    g_assert_true(pc_parts_meet_all(1 << k, ix, 1 << k, (1 << (k - 1)) + 1, NULL));
    if (k >= 2) g_assert_false(pc_parts_meet_all(1 << k, ix, 1 << k, 1 << (k - 1), NULL));
  }
  g_autofree int *i9 = bp_lemma5_index(3, 2);
  g_assert_true(pc_parts_meet_all(9, i9, 16, 7, NULL));
}

static void test_families(void) {
  g_autoptr(GPtrArray) f0 = bp_thm3_family(0);
  g_autoptr(GPtrArray) f1 = bp_thm3_family(1);
  g_assert_cmpuint(f1->len, ==, 16);
  g_assert_true(pc_edge_partition(4, (GArray *const *)f0->pdata, 4, NULL));
  g_assert_true(pc_edge_partition(16, (GArray *const *)f1->pdata, 16, NULL));
  for (guint i = 0; i < 16; i++) g_assert_cmpuint(((GArray *)f1->pdata[i])->len, ==, 32768);
  g_autoptr(GPtrArray) g1 = bp_thm5_family(1);
  g_assert_true(pc_edge_partition(9, (GArray *const *)g1->pdata, 16, NULL));
  for (guint i = 0; i < 16; i++) g_assert_true(blocks(9, 4, g1->pdata[i]));
}

static void test_recipe(void) {
  /* K(N) by the recipe's rules: 3,4 from Q(4,2); 5 = Lemma 3; 6 base; 7 Lemma 3;
   * 8 Lemma 4 from 9; 9 base; 10 Lemma 3; 11..15 Lemma 4 from 16; 16 base */
  static const int64_t K[] = {2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5};
  for (int N = 3; N <= 16; N++) g_assert_cmpint(bp_recipe_k(N), ==, K[N - 3]);
  BpRecipe r;
  bp_recipe(24, &r);
  g_assert_cmpint(r.how, ==, BP_THM1);
  g_assert_cmpint(r.from, ==, 6);
  g_assert_cmpint(r.K, ==, 9);
  bp_recipe(20, &r);
  g_assert_cmpint(r.how, ==, BP_EXTEND);
  g_assert_cmpint(r.K, ==, 9);
  bp_recipe(21, &r);
  g_assert_cmpint(r.how, ==, BP_RESTRICT);
  g_assert_cmpint(r.from, ==, 24);
  g_assert_cmpint(bp_recipe_k(64), ==, 17);
  g_assert_cmpint(bp_recipe_k(1 << 24), ==, (1 << 22) + 1);
  for (int N = 3; N <= 12; N++) {
    int64_t k;
    g_autoptr(GArray) p = bp_recipe_build(N, &k);
    g_assert_cmpint(k, ==, bp_recipe_k(N));
    g_assert_true(blocks(N, (int)k, p));
  }
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/binps/typed", test_typed);
  g_test_add_func("/binps/products", test_products);
  g_test_add_func("/binps/operations", test_operations);
  g_test_add_func("/binps/index", test_index);
  g_test_add_func("/binps/families", test_families);
  g_test_add_func("/binps/recipe", test_recipe);
  return g_test_run();
}
