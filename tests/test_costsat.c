/* Unit tests for src/hypercube/costsat.c (the CNFs of experiments/hypercube/q6cost.c):
 *   - numbering: 2^(n-1) C(n,w) pair variables per distance w <= maxd, and
 *     costsat_var / costsat_pair are inverse;
 *   - meaning without a solver: the base CNF (no counter) is satisfied by the
 *     indicator of a pair set iff it is a matching that the brute-force check
 *     (and sv_verify) accepts: R on Q_5 yes; R minus any one pair, and R with
 *     a pair moved onto a used vertex, no (hand-broken pairings);
 *   - the same on random pair sets of Q_4, Q_5 at every maxd, against the
 *     brute-force check and sv_verify (both answers must occur often);
 *   - known answers by CaDiCaL: Q(4,3) needs 3 pairs, Q(5,3) needs 8; with R
 *     fixed on x_6 = 0, Q(6,3) with at most 23 edges is SAT and its model
 *     is verified; forcing that very pairing is SAT under "at most 23",
 *     UNSAT under "at most 22" (the counter counts); fix_half makes R
 *     exact on x_6 = 0 (an extra edge there, or a pair of R missing from the
 *     list while forced, is UNSAT); and forcing it with one
 *     pair removed is UNSAT (the subcube clauses bite);
 *   - the counter by brute force: on Q(4,3) with maxd 3, forcing pair sets
 *     of every size s <= 8 (a perfect matching's first s pairs), "at most K"
 *     for all K <= 9 without the subcube clauses is SAT iff s <= K (checked
 *     on the CNF with the subcube clauses removed);
 *   - images: a single pair at distance w has 2^(n-1) C(n,w) images; R has
 *     240, each a pairing of Q(5,3); images are distinct and sorted. */
#include <glib.h>
#include <string.h>

#include "hypercube/costsat.h"
#include "hypercube/subcube.h"
#include "solvers/satproof.h"

static const VPair R[8] = {{0, 1}, {2, 6}, {9, 13}, {14, 15}, {19, 27}, {20, 28}, {21, 23}, {24, 26}};

static int64_t binom(int a, int b) {
  int64_t r = 1;
  for (int i = 1; i <= b; i++) r = r * (a - b + i) / i;
  return r;
}

static bool cnf_accepts(const CostCnf *c, const VPair *P, size_t np) {
  uint8_t *m = g_new0(uint8_t, (size_t)c->nvars + 1);
  for (size_t i = 0; i < np; i++) {
    int v = costsat_var(c, P[i].a, P[i].b);
    g_assert_cmpint(v, >, 0);
    m[v] = 1;
  }
  bool ok = satproof_satisfies((const int *)c->lits->data, c->lits->len, m);
  g_free(m);
  return ok;
}

static int solve(const CostCnf *c, GArray **pairs) {
  uint8_t *m = g_new0(uint8_t, (size_t)c->nvars + 1);
  int r = satproof_solve((const int *)c->lits->data, c->lits->len, c->nvars, NULL, m);
  if (pairs) {
    *pairs = g_array_new(FALSE, FALSE, sizeof(VPair));
    if (r == SATPROOF_SAT)
      for (int v = 1; v <= c->npairs; v++)
        if (m[v]) {
          VPair p = costsat_pair(c, v);
          g_array_append_val(*pairs, p);
        }
  }
  g_free(m);
  return r;
}

static void test_numbering(void) {
  for (int n = 3; n <= 6; n++)
    for (int d = 1; d <= 3; d++) {
      CostCnf *c = costsat_new(n, d);
      int64_t want = 0;
      for (int w = 1; w <= d; w++) want += binom(n, w) << (n - 1);
      g_assert_cmpint(c->npairs, ==, want);
      for (int v = 1; v <= c->npairs; v++) {
        VPair p = costsat_pair(c, v);
        g_assert_cmpint(costsat_var(c, p.a, p.b), ==, v);
        g_assert_cmpint(costsat_var(c, p.b, p.a), ==, v);
        int w = __builtin_popcount(p.a ^ p.b);
        g_assert_true(p.a < p.b && w >= 1 && w <= d);
      }
      costsat_free(c);
    }
}

static void test_meaning(void) {
  CostCnf *c = costsat_new(5, 3);
  g_assert_true(costsat_blocks_all(5, R, 8, NULL));
  g_assert_true(sv_is_matching(5, R, 8) && sv_verify(5, 3, R, 8, NULL, NULL));
  g_assert_true(cnf_accepts(c, R, 8));
  g_assert_cmpint(costsat_cost(R, 8), ==, 40);
  for (int drop = 0; drop < 8; drop++) { /* R minus one pair: a hole */
    VPair s[7];
    for (int i = 0, k = 0; i < 8; i++)
      if (i != drop) s[k++] = R[i];
    int holes = 0;
    g_assert_false(costsat_blocks_all(5, s, 7, &holes));
    g_assert_cmpint(holes, >, 0);
    g_assert_false(sv_verify(5, 3, s, 7, NULL, NULL));
    g_assert_false(cnf_accepts(c, s, 7));
  }
  VPair bad[9]; /* R plus a pair on a used vertex: not a matching */
  memcpy(bad, R, sizeof R);
  bad[8] = (VPair){1, 3};
  g_assert_true(costsat_blocks_all(5, bad, 9, NULL));
  g_assert_false(cnf_accepts(c, bad, 9));
  costsat_free(c);
}

/* random pair sets (matchings or not) of pairs at distance <= maxd: the base
 * CNF accepts exactly the matchings that the brute-force check accepts */
static void test_random(void) {
  GRand *g = g_rand_new_with_seed(41);
  int agree[2] = {0, 0};
  for (int n = 4; n <= 5; n++)
    for (int d = 1; d <= 3; d++) {
      CostCnf *c = costsat_new(n, d);
      for (int t = 0; t < 2000; t++) {
        int np = g_rand_int_range(g, 1, (1 << (n - 1)) + 2);
        VPair *P = g_new(VPair, np);
        for (int i = 0; i < np; i++) P[i] = costsat_pair(c, g_rand_int_range(g, 1, c->npairs + 1));
        if (g_rand_boolean(g)) { /* make it a matching: drop pairs meeting earlier ones */
          uint32_t used = 0;
          int k = 0;
          for (int i = 0; i < np; i++)
            if (!(used & ((1u << P[i].a) | (1u << P[i].b)))) {
              used |= (1u << P[i].a) | (1u << P[i].b);
              P[k++] = P[i];
            }
          np = k;
        }
        bool dup = false; /* the same pair twice is one variable: skip */
        for (int i = 0; i < np; i++)
          for (int j = 0; j < i; j++) dup |= P[i].a == P[j].a && P[i].b == P[j].b;
        if (!dup) {
          bool want = sv_is_matching(n, P, (size_t)np) && costsat_blocks_all(n, P, (size_t)np, NULL);
          g_assert_true(want == (sv_is_matching(n, P, (size_t)np) && sv_verify(n, 3, P, (size_t)np, NULL, NULL)));
          g_assert_true(cnf_accepts(c, P, (size_t)np) == want);
          agree[want]++;
        }
        g_free(P);
      }
      costsat_free(c);
    }
  g_assert_cmpint(agree[0], >, 100); /* both answers were exercised */
  g_assert_cmpint(agree[1], >, 100);
  g_rand_free(g);
}

static void test_known(void) {
  for (int K = 2; K <= 3; K++) {
    CostCnf *c = costsat_new(4, 3);
    costsat_at_most(c, 0, K);
    GArray *p;
    int r = solve(c, &p);
    g_assert_cmpint(r, ==, K == 2 ? SATPROOF_UNSAT : SATPROOF_SAT);
    if (r == SATPROOF_SAT) g_assert_true(costsat_blocks_all(4, (VPair *)p->data, p->len, NULL));
    g_array_free(p, TRUE);
    costsat_free(c);
  }
  CostCnf *c = costsat_new(5, 3);
  costsat_at_most(c, 0, 7);
  g_assert_cmpint(solve(c, NULL), ==, SATPROOF_UNSAT);
  costsat_free(c);

  c = costsat_new(6, 1);
  costsat_fix_half(c, R, 8);
  costsat_at_most(c, 0, 23);
  GArray *p;
  g_assert_cmpint(solve(c, &p), ==, SATPROOF_SAT);
  costsat_free(c);
  const VPair *q = (const VPair *)p->data;
  g_assert_true(p->len <= 23 && sv_is_matching(6, q, p->len) && costsat_blocks_all(6, q, p->len, NULL));
  for (guint i = 0; i < 8; i++) { /* R is there */
    bool in = false;
    for (guint j = 0; j < p->len; j++) in |= q[j].a == R[i].a && q[j].b == R[i].b;
    g_assert_true(in);
  }
  for (guint j = 0; j < p->len; j++) /* inside x_6 = 0 only R */
    if (!((q[j].a | q[j].b) & 32)) {
      bool in = false;
      for (int i = 0; i < 8; i++) in |= q[j].a == R[i].a && q[j].b == R[i].b;
      g_assert_true(in);
    }
  { /* fix_half forbids any other pair inside x_6 = 0 and demands all of R */
    VPair extra[2] = {{3, 7}, {0, 1}}; /* an edge inside x_6 = 0 not in R, on free vertices */
    CostCnf *d = costsat_new(6, 1);
    costsat_fix_half(d, R, 8);
    costsat_force(d, extra, 1, false);
    g_assert_cmpint(solve(d, NULL), ==, SATPROOF_UNSAT);
    costsat_free(d);
    d = costsat_new(6, 1);
    costsat_fix_half(d, R + 1, 7);
    costsat_force(d, extra + 1, 1, false);
    g_assert_cmpint(solve(d, NULL), ==, SATPROOF_UNSAT);
    costsat_free(d);
  }
  for (int K = 22; K <= 23; K++) { /* the same pairing forced: the counter */
    CostCnf *d = costsat_new(6, 1);
    costsat_fix_half(d, R, 8);
    costsat_at_most(d, 0, K);
    costsat_force(d, q, p->len, true);
    g_assert_cmpint(solve(d, NULL), ==, (int)p->len <= K ? SATPROOF_SAT : SATPROOF_UNSAT);
    costsat_free(d);
  }
  for (guint drop = 0; drop < p->len; drop++) { /* hand-broken: one pair removed */
    GArray *s = g_array_new(FALSE, FALSE, sizeof(VPair));
    for (guint i = 0; i < p->len; i++)
      if (i != drop) g_array_append_val(s, q[i]);
    int holes = 0;
    bool blocks = costsat_blocks_all(6, (VPair *)s->data, s->len, &holes);
    CostCnf *d = costsat_new(6, 1);
    costsat_force(d, (VPair *)s->data, s->len, true);
    g_assert_cmpint(solve(d, NULL), ==, blocks ? SATPROOF_SAT : SATPROOF_UNSAT);
    g_assert_true(blocks == sv_verify(6, 3, (VPair *)s->data, s->len, NULL, NULL));
    costsat_free(d);
    g_array_free(s, TRUE);
  }
  g_array_free(p, TRUE);
}

static void test_counter(void) {
  /* a perfect matching of Q_4 by edges of direction 1 */
  VPair m[8];
  for (uint32_t i = 0, k = 0; i < 16; i++)
    if (!(i & 1)) m[k++] = (VPair){i, i | 1};
  for (int w = 0; w <= 2; w++)
    for (int s = 0; s <= 8; s++)
      for (int K = 0; K <= 9; K++) {
        CostCnf *c = costsat_new(4, 3);
        /* keep the at-most-one clauses only: drop the subcube clauses */
        size_t keep = 0, clauses = 0;
        const int *l = (const int *)c->lits->data;
        for (size_t i = 0; i < c->lits->len; i++)
          if (l[i] == 0) {
            if (l[i - 1] > 0) break; /* the first subcube clause (all positive) */
            keep = i + 1;
            clauses++;
          }
        g_array_set_size(c->lits, (guint)keep);
        c->nclauses = clauses;
        costsat_at_most(c, w, K);
        costsat_force(c, m, (size_t)s, true);
        /* w = 0 counts all pairs, w = 1 the edges (all of m), w = 2 none of m */
        bool want = w == 2 || s <= K;
        g_assert_cmpint(solve(c, NULL), ==, want ? SATPROOF_SAT : SATPROOF_UNSAT);
        costsat_free(c);
      }
}

static void test_images(void) {
  for (int n = 3; n <= 6; n++)
    for (int w = 1; w <= 3; w++) {
      VPair p = {0, (1u << w) - 1};
      VPair *img;
      size_t k = costsat_images(n, &p, 1, &img);
      g_assert_cmpint((int64_t)k, ==, binom(n, w) << (n - 1));
      for (size_t i = 0; i < k; i++) g_assert_cmpint(__builtin_popcount(img[i].a ^ img[i].b), ==, w);
      g_free(img);
    }
  VPair *img;
  size_t k = costsat_images(5, R, 8, &img);
  g_assert_cmpint((int)k, ==, 240);
  for (size_t i = 0; i < k; i++) {
    g_assert_true(sv_is_matching(5, img + 8 * i, 8) && costsat_blocks_all(5, img + 8 * i, 8, NULL));
    if (i) g_assert_true(memcmp(img + 8 * (i - 1), img + 8 * i, 8 * sizeof(VPair)) != 0);
  }
  g_free(img);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/costsat/numbering", test_numbering);
  g_test_add_func("/costsat/meaning", test_meaning);
  g_test_add_func("/costsat/random", test_random);
  g_test_add_func("/costsat/known-answers", test_known);
  g_test_add_func("/costsat/counter", test_counter);
  g_test_add_func("/costsat/images", test_images);
  return g_test_run();
}
