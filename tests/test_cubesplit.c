/* Unit tests for src/hypercube/cubesplit.c.
 *   - the tree: cube 0 is NOT x_{P1}; the next cubes start with x_{P1} and
 *     the anchors' values; the number of cubes grows with the depth; every
 *     partner level adds its literals;
 *   - the cover: checked (refuted, DRAT verified) for Q(5,2) and Q(6,3) at
 *     depths 0..2 and Q(9,3) at depth 1; with one cube left out it fails;
 *     independently of the solver, random matchings that satisfy the
 *     symmetry-breaking clauses satisfy EXACTLY one cube (the leaves are
 *     disjoint and cover);
 *   - the answers: every cube of Q(5,2) (p(5) > 2) is refuted with a
 *     verified proof; Q(6,3) has SAT cubes whose pairs are verified
 *     pairings; an unchecked answer never counts;
 *   - the bytes: solving a cube twice gives the same packed bytes;
 *     pack/unpack round-trips; unpack rejects a wrong answer code, checked
 *     not 0/1, pairs without SAT, pairs outside Q_n or with a >= b, short
 *     and trailing bytes; unpacked pairs that are not a pairing are
 *     unchecked;
 *   - bad parameters give NULL and a one-line error. */
#include <glib.h>
#include <string.h>

#include "hypercube/cubesplit.h"
#include "hypercube/cubesym.h"
#include "hypercube/subcube.h"
#include "plumbing/checkpoint.h"
#include "solvers/satproof.h"

static Cubesplit *mk(int n, int k, int depth) {
  GError *err = NULL;
  Cubesplit *s = cubesplit_new(n, k, depth, &err);
  g_assert_no_error(err);
  g_assert_nonnull(s);
  return s;
}

static int anchor_var(const Cubesplit *s, int d) {
  VPair p;
  g_assert_true(cubesym_anchor(s->n, d, &p));
  return cubesat_var_of_pair(s->cnf, p.a, p.b);
}

static void test_tree(void) {
  size_t prev = 0;
  for (int depth = 0; depth <= 2; depth++) {
    Cubesplit *s = mk(6, 3, depth);
    size_t len;
    const int *q = cubesplit_cube(s, 0, &len);
    g_assert_cmpuint(len, ==, 1);
    g_assert_cmpint(q[0], ==, -anchor_var(s, 1));
    q = cubesplit_cube(s, 1, &len);
    g_assert_cmpuint(len, >=, 3);
    g_assert_cmpint(q[0], ==, anchor_var(s, 1));
    g_assert_cmpint(q[1], ==, -anchor_var(s, 2));
    g_assert_cmpint(q[2], ==, -anchor_var(s, 3));
    if (depth == 0) g_assert_cmpuint(s->ncubes, ==, 4); /* not P3 under not P2 only */
    g_assert_cmpuint(s->ncubes, >, prev);
    prev = s->ncubes;
    g_assert_cmpuint(g_array_index(s->start, guint64, s->ncubes), ==, s->lits->len);
    cubesplit_free(s);
  }
}

static void test_cover(void) {
  int nk[][2] = {{5, 2}, {6, 3}};
  for (size_t i = 0; i < G_N_ELEMENTS(nk); i++)
    for (int depth = 0; depth <= 2; depth++) {
      Cubesplit *s = mk(nk[i][0], nk[i][1], depth);
      CubesplitCover cv;
      g_assert_true(cubesplit_check_cover(s, &cv));
      g_assert_cmpint(cv.answer, ==, SATPROOF_UNSAT);
      g_assert_cmpint(cv.drat, ==, DRAT_VERIFIED);
      /* one leaf left out: no longer a cover */
      for (size_t drop = 0; drop < s->ncubes; drop += s->ncubes / 3 + 1) {
        Cubesplit t = *s;
        GArray *lits = g_array_new(FALSE, FALSE, sizeof(int));
        GArray *start = g_array_new(FALSE, FALSE, sizeof(guint64));
        guint64 z = 0;
        g_array_append_val(start, z);
        for (size_t c = 0; c < s->ncubes; c++) {
          if (c == drop) continue;
          size_t len;
          const int *q = cubesplit_cube(s, c, &len);
          g_array_append_vals(lits, q, (guint)len);
          guint64 end = lits->len;
          g_array_append_val(start, end);
        }
        t.lits = lits;
        t.start = start;
        t.ncubes = s->ncubes - 1;
        g_assert_false(cubesplit_check_cover(&t, &cv));
        g_assert_cmpint(cv.answer, ==, SATPROOF_SAT);
        g_array_free(lits, TRUE);
        g_array_free(start, TRUE);
      }
      cubesplit_free(s);
    }
  Cubesplit *s = mk(9, 3, 1);
  g_assert_true(cubesplit_check_cover(s, NULL));
  cubesplit_free(s);
}

/* random matchings of pairs at distance <= k that satisfy the symmetry-
 * breaking clauses satisfy exactly one cube */
static void test_cover_by_sampling(void) {
  const int n = 6, k = 3;
  Cubesplit *s = mk(n, k, 2);
  const CubesatCnf *c = s->cnf;
  GRand *rng = g_rand_new_with_seed(7);
  uint8_t *x = g_new0(uint8_t, (size_t)c->npairvars + 1);
  int tried = 0;
  for (int round = 0; tried < 400 && round < 200000; round++) {
    memset(x, 0, (size_t)c->npairvars + 1);
    bool used[64] = {false};
    /* anchors first, each with probability 1/2, then random pairs */
    for (int d = 1; d <= 3; d++) {
      VPair p;
      cubesym_anchor(n, d, &p);
      if (g_rand_boolean(rng) && !used[p.a] && !used[p.b]) {
        x[cubesat_var_of_pair(c, p.a, p.b)] = 1;
        used[p.a] = used[p.b] = true;
      }
    }
    int extra = g_rand_int_range(rng, 0, 20);
    for (int j = 0; j < extra; j++) {
      int v = g_rand_int_range(rng, 1, c->npairvars + 1);
      VPair q = cubesat_pair_of_var(c, v);
      if (used[q.a] || used[q.b]) continue;
      x[v] = 1;
      used[q.a] = used[q.b] = true;
    }
    /* the symmetry-breaking clauses x_{P_d} or not x_q, q in O_d */
    bool sb = true;
    for (int d = 1; d <= 3 && sb; d++) {
      VPair p;
      cubesym_anchor(n, d, &p);
      if (x[cubesat_var_of_pair(c, p.a, p.b)]) continue;
      for (int v = 1; v <= c->npairvars && sb; v++)
        if (x[v] && cubesym_in_orbit(n, d, cubesat_pair_of_var(c, v))) sb = false;
    }
    if (!sb) continue;
    tried++;
    int hits = 0;
    for (size_t i = 0; i < s->ncubes; i++) {
      size_t len;
      const int *q = cubesplit_cube(s, i, &len);
      bool all = true;
      for (size_t j = 0; j < len && all; j++) all = (x[q[j] > 0 ? q[j] : -q[j]] == 1) == (q[j] > 0);
      hits += all;
    }
    g_assert_cmpint(hits, ==, 1);
  }
  g_assert_cmpint(tried, ==, 400);
  g_free(x);
  g_rand_free(rng);
  cubesplit_free(s);
}

static void test_answers(void) {
  Cubesplit *s = mk(5, 2, 2);
  for (size_t i = 0; i < s->ncubes; i++) {
    CubesplitOutcome o;
    cubesplit_solve(s, i, -1, &o);
    g_assert_cmpint(o.answer, ==, SATPROOF_UNSAT);
    g_assert_true(o.checked);
    g_assert_null(o.pairs);
    cubesplit_outcome_clear(&o);
  }
  cubesplit_free(s);
  s = mk(6, 3, 1);
  int sat = 0;
  for (size_t i = 1; i < s->ncubes; i++) { /* cube 0 (no edge) takes seconds */
    CubesplitOutcome o;
    cubesplit_solve(s, i, 100000, &o);
    g_assert_cmpint(o.answer, !=, CUBESPLIT_OPEN);
    g_assert_true(o.checked);
    if (o.answer == SATPROOF_SAT) {
      sat++;
      const VPair *p = (const VPair *)o.pairs->data;
      g_assert_true(sv_is_matching(6, p, o.pairs->len) && sv_verify(6, 3, p, o.pairs->len, NULL, NULL));
    }
    cubesplit_outcome_clear(&o);
  }
  g_assert_cmpint(sat, >, 0);
  /* a tiny budget leaves a cube open, unchecked */
  CubesplitOutcome o;
  cubesplit_solve(s, 0, 1, &o);
  g_assert_cmpint(o.answer, ==, CUBESPLIT_OPEN);
  g_assert_false(o.checked);
  cubesplit_outcome_clear(&o);
  cubesplit_free(s);
}

static void test_bytes(void) {
  Cubesplit *s = mk(6, 3, 1);
  CubesplitOutcome a, b, u;
  cubesplit_solve(s, 1, 100000, &a);
  cubesplit_solve(s, 1, 100000, &b);
  g_assert_cmpint(a.answer, ==, SATPROOF_SAT);
  GByteArray *ba = g_byte_array_new(), *bb = g_byte_array_new();
  cubesplit_pack(&a, ba);
  cubesplit_pack(&b, bb);
  g_assert_cmpmem(ba->data, ba->len, bb->data, bb->len);
  g_assert_true(cubesplit_unpack(ba->data, ba->len, 6, 3, &u));
  g_assert_cmpint(u.answer, ==, a.answer);
  g_assert_true(u.checked);
  g_assert_cmpuint(u.lemmas, ==, a.lemmas);
  g_assert_cmpmem(u.pairs->data, u.pairs->len * sizeof(VPair), a.pairs->data, a.pairs->len * sizeof(VPair));
  cubesplit_outcome_clear(&u);
  /* short and trailing bytes */
  g_assert_false(cubesplit_unpack(ba->data, ba->len - 1, 6, 3, &u));
  g_byte_array_append(bb, (const guint8 *)"\0", 1);
  g_assert_false(cubesplit_unpack(bb->data, bb->len, 6, 3, &u));
  /* hand-made records */
  struct {
    uint64_t v[8];
    int len;
    bool ok;
  } recs[] = {
      {{20, 1, 5, 0}, 4, true},          {{0, 0, 5, 0}, 4, true},
      {{11, 1, 5, 0}, 4, false},         {{20, 2, 5, 0}, 4, false},
      {{20, 1, 5, 1, 0, 1}, 6, false},   {{10, 1, 5, 1, 3, 3}, 6, false},
      {{10, 1, 5, 1, 3, 64}, 6, false},  {{10, 1, 5, 2, 0, 1}, 4, false},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(recs); i++) {
    GByteArray *r = g_byte_array_new();
    for (int j = 0; j < recs[i].len; j++) ckpt_pack_u64(r, recs[i].v[j]);
    bool got = cubesplit_unpack(r->data, r->len, 6, 3, &u);
    g_assert_cmpint(got, ==, recs[i].ok);
    if (got) cubesplit_outcome_clear(&u);
    g_byte_array_unref(r);
  }
  /* a well-formed SAT record whose pairs are no pairing: unchecked */
  GByteArray *r = g_byte_array_new();
  uint64_t bad[] = {10, 1, 5, 1, 0, 1};
  for (size_t j = 0; j < G_N_ELEMENTS(bad); j++) ckpt_pack_u64(r, bad[j]);
  g_assert_true(cubesplit_unpack(r->data, r->len, 6, 3, &u));
  g_assert_false(u.checked);
  cubesplit_outcome_clear(&u);
  g_byte_array_unref(r);
  g_byte_array_unref(ba);
  g_byte_array_unref(bb);
  cubesplit_outcome_clear(&a);
  cubesplit_outcome_clear(&b);
  cubesplit_free(s);
}

static void test_errors(void) {
  int bad[][3] = {{4, 2, 0}, {CUBESAT_MAX_N + 1, 3, 0}, {6, 0, 0}, {6, 7, 0}, {6, 3, -1}, {6, 3, CUBESPLIT_MAX_DEPTH + 1}};
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
    GError *err = NULL;
    g_assert_null(cubesplit_new(bad[i][0], bad[i][1], bad[i][2], &err));
    g_assert_nonnull(err);
    g_assert_null(strchr(err->message, '\n'));
    g_error_free(err);
  }
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/cubesplit/tree", test_tree);
  g_test_add_func("/cubesplit/cover", test_cover);
  g_test_add_func("/cubesplit/cover-sampling", test_cover_by_sampling);
  g_test_add_func("/cubesplit/answers", test_answers);
  g_test_add_func("/cubesplit/bytes", test_bytes);
  g_test_add_func("/cubesplit/errors", test_errors);
  return g_test_run();
}
