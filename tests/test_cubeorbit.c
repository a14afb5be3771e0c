/* Unit tests for src/hypercube/cubeorbit.c.
 *   - the tree: level 1 of Q(n,k) has one kept child per class of vertex 0's
 *     partner (unpaired, or at distance 1..k): k+1 cubes at depth 1; the kept
 *     and dropped nodes of a level are the children of the kept nodes of the
 *     level above; the build is deterministic;
 *   - the check passes for Q(5,2) and Q(6,3) at depths 0..3, and fails when a
 *     witness is altered, a child is left out, or a cube is altered;
 *   - the theorem, independently of the tree's own check: for random
 *     matchings Y of Q_5 (pairs at distance <= 2), some g of Aut(Q_5), found
 *     by enumerating all 3840 maps, takes Y to an assignment satisfying a
 *     cube of Q(5,2) at depth 3;
 *   - the answers: every cube of Q(5,2) refuted with a verified proof, a cube
 *     of Q(6,3) with a verified pairing;
 *   - bad parameters give NULL and a one-line error. */
#include <glib.h>
#include <string.h>

#include "hypercube/cubeorbit.h"
#include "hypercube/subcube.h"
#include "solvers/satproof.h"

static Cubeorbit *mk(int n, int k, int depth) {
  GError *err = NULL;
  Cubeorbit *o = cubeorbit_new(n, k, depth, &err);
  g_assert_no_error(err);
  g_assert_nonnull(o);
  g_assert_cmpuint(o->unverified, ==, 0);
  return o;
}

static void test_tree(void) {
  for (int k = 1; k <= 3; k++) {
    Cubeorbit *o = mk(6, k, 1);
    g_assert_cmpuint(o->split->ncubes, ==, (size_t)k + 1);
    g_assert_cmpuint(o->split->sb_clauses, ==, 0);
    cubeorbit_free(o);
  }
  Cubeorbit *o = mk(6, 3, 3), *p = mk(6, 3, 3);
  for (int l = 1; l <= 3; l++) {
    size_t children = 0;
    for (guint i = 0; i < o->nodes->len; i++) {
      const CubeorbitNode *nd = &g_array_index(o->nodes, CubeorbitNode, i);
      if (nd->level == l - 1 && nd->kept) children += (size_t)nd->nchildren;
    }
    g_assert_cmpuint(children, ==, o->kept[l] + o->dropped[l]);
    g_assert_cmpuint(o->dropped[l], >, 0);
  }
  /* deterministic */
  g_assert_cmpuint(o->split->ncubes, ==, p->split->ncubes);
  g_assert_cmpuint(o->split->lits->len, ==, p->split->lits->len);
  g_assert_true(memcmp(o->split->lits->data, p->split->lits->data, o->split->lits->len * sizeof(int)) == 0);
  cubeorbit_free(o);
  cubeorbit_free(p);
}

static void test_check(void) {
  int cases[][2] = {{5, 2}, {6, 3}};
  for (size_t c = 0; c < G_N_ELEMENTS(cases); c++)
    for (int depth = 0; depth <= 3; depth++) {
      Cubeorbit *o = mk(cases[c][0], cases[c][1], depth);
      CubeorbitCheck st;
      g_assert_true(cubeorbit_check(o, &st));
      g_assert_cmpint(st.failed_node, ==, -1);
      g_assert_cmpuint(st.dropped, ==, o->nodes->len - (size_t)o->split->ncubes - st.internal);
      cubeorbit_free(o);
    }
  /* tampering */
  Cubeorbit *o = mk(5, 2, 3);
  guint d = 0;
  while (g_array_index(o->nodes, CubeorbitNode, d).kept) d++;
  CubeorbitNode *nd = &g_array_index(o->nodes, CubeorbitNode, d);
  uint8_t save = nd->g.perm[0];
  nd->g.perm[0] = nd->g.perm[1]; /* not a permutation */
  g_assert_false(cubeorbit_check(o, NULL));
  nd->g.perm[0] = save;
  uint32_t t = nd->g.t;
  nd->g.t ^= 1u << 4; /* another automorphism: maps the cube elsewhere */
  g_assert_false(cubeorbit_check(o, NULL));
  nd->g.t = t;
  g_assert_true(cubeorbit_check(o, NULL));
  /* a child left out: the branching is no longer exhaustive */
  CubeorbitNode *root = &g_array_index(o->nodes, CubeorbitNode, 0);
  root->nchildren--;
  g_assert_false(cubeorbit_check(o, NULL));
  root->nchildren++;
  /* a cube altered */
  int *lit = &g_array_index(o->split->lits, int, 0);
  *lit = -*lit;
  g_assert_false(cubeorbit_check(o, NULL));
  *lit = -*lit;
  g_assert_true(cubeorbit_check(o, NULL));
  cubeorbit_free(o);
}

/* does assignment y (npairvars + 1 entries) satisfy cube i? */
static bool sat_cube(const Cubesplit *s, size_t i, const uint8_t *y) {
  size_t len;
  const int *q = cubesplit_cube(s, i, &len);
  for (size_t j = 0; j < len; j++)
    if ((q[j] > 0) != (y[abs(q[j])] != 0)) return false;
  return true;
}

static void test_theorem(void) {
  const int n = 5;
  Cubeorbit *o = mk(n, 2, 3);
  const Cubesplit *s = o->split;
  const CubesatCnf *c = s->cnf;
  /* all of Aut(Q_5): 120 permutations times 32 translations */
  GArray *aut = g_array_new(FALSE, TRUE, sizeof(CubesymGen));
  int p[5] = {0, 1, 2, 3, 4};
  for (;;) {
    for (uint32_t t = 0; t < 32; t++) {
      CubesymGen g = {{0}, t};
      for (int i = 0; i < n; i++) g.perm[i] = (uint8_t)p[i];
      g_array_append_val(aut, g);
    }
    int i = n - 2; /* next permutation */
    while (i >= 0 && p[i] > p[i + 1]) i--;
    if (i < 0) break;
    int j = n - 1;
    while (p[j] < p[i]) j--;
    int x = p[i]; p[i] = p[j]; p[j] = x;
    for (int a = i + 1, b = n - 1; a < b; a++, b--) x = p[a], p[a] = p[b], p[b] = x;
  }
  g_assert_cmpuint(aut->len, ==, 3840);
  GRand *rng = g_rand_new_with_seed(7);
  uint8_t *y = g_new0(uint8_t, (size_t)c->npairvars + 1), *gy = g_new0(uint8_t, (size_t)c->npairvars + 1);
  for (int trial = 0; trial < 40; trial++) {
    /* a random matching with pairs at distance <= 2 */
    memset(y, 0, (size_t)c->npairvars + 1);
    uint8_t used[32] = {0};
    for (int tries = 0; tries < 60; tries++) {
      int v = g_rand_int_range(rng, 1, c->npairvars + 1);
      VPair q = cubesat_pair_of_var(c, v);
      if (used[q.a] || used[q.b] || g_rand_int_range(rng, 0, 3) == 0) continue;
      used[q.a] = used[q.b] = 1;
      y[v] = 1;
    }
    bool found = false;
    for (guint a = 0; a < aut->len && !found; a++) {
      const CubesymGen *g = &g_array_index(aut, CubesymGen, a);
      memset(gy, 0, (size_t)c->npairvars + 1);
      for (int v = 1; v <= c->npairvars; v++)
        if (y[v]) {
          VPair q = cubesat_pair_of_var(c, v);
          gy[cubesat_var_of_pair(c, cubesym_apply(g, n, q.a), cubesym_apply(g, n, q.b))] = 1;
        }
      for (size_t i = 0; i < s->ncubes && !found; i++) found = sat_cube(s, i, gy);
    }
    g_assert_true(found);
  }
  g_free(y);
  g_free(gy);
  g_rand_free(rng);
  g_array_free(aut, TRUE);
  cubeorbit_free(o);
}

static void test_answers(void) {
  Cubeorbit *o = mk(5, 2, 2);
  for (size_t i = 0; i < o->split->ncubes; i++) {
    CubesplitOutcome r;
    cubesplit_solve(o->split, i, -1, &r);
    g_assert_cmpint(r.answer, ==, SATPROOF_UNSAT);
    g_assert_true(r.checked);
    cubesplit_outcome_clear(&r);
  }
  cubeorbit_free(o);
  o = mk(6, 3, 1);
  bool sat = false;
  for (size_t i = 0; i < o->split->ncubes && !sat; i++) {
    CubesplitOutcome r;
    cubesplit_solve(o->split, i, -1, &r);
    if (r.answer == SATPROOF_SAT) {
      g_assert_true(r.checked);
      const VPair *pp = (const VPair *)r.pairs->data;
      g_assert_true(sv_is_matching(6, pp, r.pairs->len) && sv_verify(6, 3, pp, r.pairs->len, NULL, NULL));
      sat = true;
    }
    cubesplit_outcome_clear(&r);
  }
  g_assert_true(sat);
  cubeorbit_free(o);
}

static void test_errors(void) {
  int bad[][3] = {{2, 1, 0}, {CUBESAT_MAX_N + 1, 3, 0}, {6, 0, 0}, {6, 7, 0}, {6, 3, -1}, {6, 3, CUBEORBIT_MAX_DEPTH + 1}};
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
    GError *err = NULL;
    g_assert_null(cubeorbit_new(bad[i][0], bad[i][1], bad[i][2], &err));
    g_assert_nonnull(err);
    g_assert_null(strchr(err->message, '\n'));
    g_error_free(err);
  }
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/cubeorbit/tree", test_tree);
  g_test_add_func("/cubeorbit/check", test_check);
  g_test_add_func("/cubeorbit/theorem", test_theorem);
  g_test_add_func("/cubeorbit/answers", test_answers);
  g_test_add_func("/cubeorbit/errors", test_errors);
  return g_test_run();
}
