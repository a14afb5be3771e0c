/* Unit tests for src/hypercube/pbounds.c.
 *   - the counting test agrees with its unsimplified form
 *     2^(n-1) C(n-1,k-1) < C(n,k) 2^(n-k) (the paper's reference [14]) for
 *     all 1 <= k <= n <= 40 (computed here in long double, with a margin);
 *   - the refined test never refutes an instance that has a pairing: every
 *     Q(n, K(n)) of the paper's recipe (binps.h, n <= 64) and Q(n,k) for
 *     k > K(n); and, by brute force over the incidence counts, its local
 *     claim on Q(k+1,k) for k = 2, 3: every pairing found by the SAT encoding
 *     has val >= 2k+2, and if all its pairs are edges val >= E;
 *   - it refutes Q(11,3) and Q(12,3) but not Q(10,3) (by hand for n = 11:
 *     c_1 = 3 C(10,3) = 360 is the largest, and 2^3 360 < 9 C(11,4) = 2970)
 *     (with the local bound, the lower bounds are 4 from n = 10 and 5 from
 *     n = 24, n <= 64);
 *   - the local bound refutes Q(10,3) (tight case) and Q(24,4) but not
 *     Q(9,3), Q(23,4), nor anything with a known pairing; for k <= 2 it adds
 *     nothing to the counting bound;
 *   - both lower bounds are nondecreasing in n;
 *   - the _detail functions agree with the _refutes ones for all n <= 24 and
 *     give the integers worked out by hand: Q(7,2): 64 pairs x 6 = 384 < 672
 *     = C(7,2) 2^5; Q(11,3): charges (360, 108, 16), 1024 x 360 = 368640 <
 *     9 x 42240 = 380160; Q(10,3): a = (126, 56, 21), lcm 504, W = (4, 9,
 *     24), R = (12, 9, 4) >= 90, M = 32 only at (8,0,0), 32 x 8064 = 504 x
 *     512, 2 x 6 x 8 = 96 not a multiple of 5, and the hand check t = 3,
 *     excess (0, 18, 68), e1 = 8, other = ceil(108 / 3) = 36 > 32. */
#include <glib.h>
#include <math.h>

#include "hypercube/binps.h"
#include "hypercube/cubesat.h"
#include "hypercube/pbounds.h"
#include "hypercube/subcube.h"

static long double binoml(int a, int b) {
  if (b < 0 || b > a) return 0;
  long double r = 1;
  for (int i = 1; i <= b; i++) r = r * (a - b + i) / i;
  return r;
}

static void test_counting_form(void) {
  for (int n = 1; n <= 40; n++)
    for (int k = 1; k <= n; k++) {
      long double lhs = ldexpl(binoml(n - 1, k - 1), n - 1), rhs = ldexpl(binoml(n, k), n - k);
      if (fabsl(lhs - rhs) < 1e-6L * rhs) continue; /* equality: leave to exact code */
      g_assert_cmpint(pb_counting_refutes(n, k), ==, lhs < rhs);
    }
  g_assert_false(pb_counting_refutes(12, 3)); /* equality case: 3 * 4 = 12 */
  g_assert_true(pb_counting_refutes(13, 3));
}

static void test_never_refutes_recipe(void) {
  for (int n = 3; n <= 64; n++) {
    int K = (int)bp_recipe_k(n);
    for (int k = K; k <= n; k++) {
      g_assert_false(pb_counting_refutes(n, k));
      g_assert_false(pb_refined_refutes(n, k));
      g_assert_false(pb_local_refutes(n, k));
    }
    g_assert_cmpint(pb_refined_lower(n), <=, K);
    g_assert_cmpint(pb_counting_lower(n), <=, pb_refined_lower(n));
    if (n > 3) {
      g_assert_cmpint(pb_counting_lower(n - 1), <=, pb_counting_lower(n));
      g_assert_cmpint(pb_refined_lower(n - 1), <=, pb_refined_lower(n));
    }
  }
}

static void test_values(void) {
  g_assert_false(pb_refined_refutes(10, 3));
  /* the local bound: Q(10,3) only through its tight case, Q(9,3) not at all */
  bool tight;
  int e;
  g_assert_true(pb_local_refutes_how(10, 3, &tight, &e));
  g_assert_true(tight);
  g_assert_cmpint(e, ==, 8); /* by hand: 4c1 + 9c2 + 24c3 = 32 only at (8,0,0) */
  g_assert_true(pb_local_refutes_how(11, 3, &tight, &e));
  g_assert_false(tight);
  g_assert_false(pb_local_refutes(9, 3));
  g_assert_false(pb_local_refutes(23, 4));
  g_assert_true(pb_local_refutes(24, 4));
  for (int n = 3; n <= 64; n++)
    for (int k = 1; k <= 2 && k <= n; k++)
      if (pb_local_refutes(n, k)) g_assert_true(pb_counting_refutes(n, k));
  g_assert_true(pb_refined_refutes(11, 3));
  g_assert_true(pb_refined_refutes(12, 3));
  for (int k = 1; k <= 2; k++)
    for (int n = k; n <= 64; n++)
      if (pb_refined_refutes(n, k)) g_assert_true(pb_counting_refutes(n, k));
  for (int n = 3; n <= 64; n++) {
    int want = n <= 4 ? 2 : n <= 9 ? 3 : n <= 23 ? 4 : 5;
    g_assert_cmpint(pb_refined_lower(n), ==, want);
  }
  g_assert_cmpint(pb_counting_lower(12), ==, 3);
  g_assert_cmpint(pb_counting_lower(13), ==, 4);
  g_assert_cmpint(pb_counting_lower(32), ==, 4);
  g_assert_cmpint(pb_counting_lower(33), ==, 5);
}

/* the local claim on T = Q_{k+1}: solve Q(k+1,k) with each pair set
 * forbidden in turn, so several different pairings are examined */
static void test_local_claim(void) {
  for (int k = 2; k <= 3; k++) {
    int n = k + 1, E = k * ((2 * k + 2 + k - 1) / k);
    CubesatCnf *base = cubesat_encode(n, k, false);
    for (int ban = 0; ban <= base->npairvars; ban += 3) {
      CubesatCnf *c = cubesat_encode(n, k, false);
      if (ban > 0) cubesat_add_clause(c, (int[]){-ban}, 1);
      GArray *p = NULL;
      int r = cubesat_solve_cnf(c, &p, NULL);
      cubesat_cnf_free(c);
      if (r != CUBESAT_SAT) continue;
      g_assert_true(sv_verify(n, k, (VPair *)p->data, p->len, NULL, NULL));
      int val = 0;
      bool only_edges = true;
      for (guint i = 0; i < p->len; i++) {
        int w = __builtin_popcount(g_array_index(p, VPair, i).a ^ g_array_index(p, VPair, i).b);
        if (w <= k) val += k + 1 - w;
        if (w >= 2 && w <= k) only_edges = false;
      }
      g_assert_cmpint(val, >=, 2 * k + 2);
      if (only_edges) g_assert_cmpint(val, >=, E);
      g_array_free(p, TRUE);
    }
    cubesat_cnf_free(base);
  }
}

static void test_details(void) {
  for (int n = 3; n <= 24; n++)
    for (int k = 1; k <= n; k++) {
      PbCounting pc;
      g_assert_cmpint(pb_counting_detail(n, k, &pc), ==, pb_counting_refutes(n, k));
      g_assert_cmpint(pc.covered, ==, pc.pairs * pc.per_pair);
      if (k <= PB_KMAX) {
        PbRefined pr;
        g_assert_cmpint(pb_refined_detail(n, k, &pr), ==, pb_refined_refutes(n, k));
      }
      PbLocal pl;
      g_assert_cmpint(pb_local_detail(n, k, &pl), ==, pb_local_refutes(n, k));
      g_assert_true(!(pl.strict && pl.tight));
    }
  PbCounting pc;
  g_assert_true(pb_counting_detail(7, 2, &pc));
  g_assert_cmpint(pc.pairs, ==, 64);
  g_assert_cmpint(pc.per_pair, ==, 6);
  g_assert_cmpint(pc.covered, ==, 384);
  g_assert_cmpint(pc.subcubes, ==, 672);
  g_assert_true(pb_counting_detail(8, 2, &pc));
  g_assert_cmpint(pc.covered, ==, 896);
  g_assert_cmpint(pc.subcubes, ==, 1792);

  PbRefined pr;
  g_assert_true(pb_refined_detail(11, 3, &pr));
  g_assert_cmpint(pr.E, ==, 9);
  g_assert_cmpint(pr.delta, ==, 1);
  g_assert_cmpint(pr.wmax, ==, 1);
  g_assert_cmpint(pr.c[1], ==, 360);
  g_assert_cmpint(pr.c[2], ==, 108);
  g_assert_cmpint(pr.c[3], ==, 16);
  g_assert_cmpint(pr.charge, ==, 368640);
  g_assert_cmpint(pr.cubes, ==, 42240);
  g_assert_cmpint(pr.need, ==, 380160);
  g_assert_false(pb_refined_detail(10, 3, &pr));

  PbLocal pl;
  g_assert_true(pb_local_detail(10, 3, &pl));
  g_assert_true(pl.tight);
  g_assert_false(pl.strict);
  const int64_t a[] = {0, 126, 56, 21}, W[] = {0, 4, 9, 24}, R[] = {0, 12, 9, 4}, x[] = {0, 0, 18, 68};
  for (int w = 1; w <= 3; w++) {
    g_assert_cmpint(pl.a[w], ==, a[w]);
    g_assert_cmpint(pl.W[w], ==, W[w]);
    g_assert_cmpint(pl.R[w], ==, R[w]);
    g_assert_cmpint(pl.excess[w], ==, x[w]);
  }
  g_assert_cmpint(pl.lcm, ==, 504);
  g_assert_cmpint(pl.Rrhs, ==, 90);
  g_assert_cmpint(pl.M, ==, 32);
  g_assert_cmpint(pl.nbest, ==, 1);
  g_assert_cmpint(pl.best[1], ==, 8);
  g_assert_cmpint(pl.best[2] + pl.best[3], ==, 0);
  g_assert_cmpint(pl.cubes, ==, 8064);
  g_assert_cmpint(pl.lhs, ==, 258048);
  g_assert_cmpint(pl.rhs, ==, 258048);
  g_assert_cmpint(pl.e, ==, 8);
  g_assert_cmpint(pl.twice, ==, 96);
  g_assert_cmpint(pl.t, ==, 3);
  g_assert_cmpint(pl.e1, ==, 8);
  g_assert_cmpint(pl.hand_M, ==, pl.M);
  g_assert_cmpint(pl.other, ==, 36);
  g_assert_true(pb_local_detail(11, 3, &pl));
  g_assert_true(pl.strict);
  g_assert_false(pb_local_detail(9, 3, &pl));
  g_assert_false(pb_local_detail(10, 1, &pl));
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/pbounds/counting-form", test_counting_form);
  g_test_add_func("/pbounds/never-refutes-recipe", test_never_refutes_recipe);
  g_test_add_func("/pbounds/values", test_values);
  g_test_add_func("/pbounds/local-claim", test_local_claim);
  g_test_add_func("/pbounds/details", test_details);
  return g_test_run();
}
