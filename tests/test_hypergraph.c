/* Unit tests for src/solvers/hypergraph.c against hand-made and random hypergraphs. */
#include <glib.h>

#include "solvers/hypergraph.h"

static void test_small(void) {
  Hypergraph *h = hg_new(5);
  uint32_t e0[] = {0, 1, 2}, e1[] = {2, 3}, e2[] = {4, 2, 0};
  g_assert_cmpuint(hg_add_edge(h, e0, 3), ==, 0);
  g_assert_cmpuint(hg_add_edge(h, e1, 2), ==, 1);
  g_assert_cmpuint(hg_add_edge(h, e2, 3), ==, 2);
  hg_finalize(h);
  g_assert_cmpuint(hg_nv(h), ==, 5);
  g_assert_cmpuint(hg_ne(h), ==, 3);
  g_assert_cmpuint(hg_edge_size(h, 1), ==, 2);
  g_assert_cmpuint(hg_edge(h, 2)[0], ==, 4); /* order kept */
  g_assert_cmpuint(hg_degree(h, 2), ==, 3);
  g_assert_cmpuint(hg_degree(h, 0), ==, 2);
  g_assert_cmpuint(hg_degree(h, 3), ==, 1);
  g_assert_cmpuint(hg_max_degree(h), ==, 3);
  const uint32_t *inc = hg_incident(h, 2);
  g_assert_cmpuint(inc[0], ==, 0);
  g_assert_cmpuint(inc[1], ==, 1);
  g_assert_cmpuint(inc[2], ==, 2);
  const uint64_t *b = hg_edge_bits(h, 2);
  g_assert_true(bs_test(b, 0) && bs_test(b, 2) && bs_test(b, 4));
  g_assert_false(bs_test(b, 1));
  g_assert_cmpuint(bs_count(b, hg_words(h)), ==, 3);
  g_assert_cmpuint(bs_and_count(hg_edge_bits(h, 0), b, hg_words(h)), ==, 2);
  uint64_t q[1] = {0};
  bs_set(q, 3);
  bs_set(q, 2);
  g_assert_true(hg_has_edge_bits(h, q));
  bs_clear(q, 3);
  g_assert_false(hg_has_edge_bits(h, q));
  g_assert_true(bs_subset(q, hg_edge_bits(h, 1), 1));
  hg_free(h);
}

/* Incidence lists must agree with a direct scan of the edge lists. */
static void test_random(void) {
  GRand *r = g_rand_new_with_seed(7);
  for (int round = 0; round < 200; round++) {
    size_t nv = (size_t)g_rand_int_range(r, 1, 150);
    Hypergraph *h = hg_new(nv);
    size_t ne = (size_t)g_rand_int_range(r, 0, 60);
    for (size_t e = 0; e < ne; e++) {
      uint32_t vs[8];
      size_t k = 0;
      int want = g_rand_int_range(r, 1, 8);
      while ((int)k < want && k < nv) {
        uint32_t v = (uint32_t)g_rand_int_range(r, 0, (gint32)nv);
        bool dup = false;
        for (size_t i = 0; i < k; i++) dup |= vs[i] == v;
        if (!dup) vs[k++] = v;
      }
      hg_add_edge(h, vs, k);
    }
    hg_finalize(h);
    for (size_t v = 0; v < nv; v++) {
      size_t deg = 0;
      for (size_t e = 0; e < ne; e++)
        for (size_t i = 0; i < hg_edge_size(h, e); i++)
          if (hg_edge(h, e)[i] == v) {
            g_assert_cmpuint(hg_incident(h, v)[deg], ==, e);
            deg++;
          }
      g_assert_cmpuint(deg, ==, hg_degree(h, v));
    }
    for (size_t e = 0; e < ne; e++)
      g_assert_cmpuint(bs_count(hg_edge_bits(h, e), hg_words(h)), ==, hg_edge_size(h, e));
    hg_free(h);
  }
  g_rand_free(r);
}

/* the K-windows of a cycle of n vertices */
static Hypergraph *windows(uint32_t n, uint32_t k) {
  Hypergraph *h = hg_new(n);
  for (uint32_t s = 0; s < n; s++) {
    uint32_t v[16];
    for (uint32_t i = 0; i < k; i++) v[i] = (s + i) % n;
    hg_add_edge(h, v, k);
  }
  hg_finalize(h);
  return h;
}

/* hg_refines: every edge of a contains an edge of b */
static void test_refines(void) {
  /* by hand: {0,1,2} contains {1,2}, {2,3} contains nothing of b */
  Hypergraph *a = hg_new(4), *b = hg_new(4), *c = hg_new(5), *empty = hg_new(4);
  uint32_t a0[] = {0, 1, 2}, a1[] = {2, 3}, b0[] = {2, 1}, b1[] = {3};
  hg_add_edge(a, a0, 3), hg_add_edge(a, a1, 2);
  hg_add_edge(b, b0, 2);
  hg_add_edge(c, a0, 3);
  hg_finalize(a), hg_finalize(c), hg_finalize(empty);
  hg_add_edge(b, b1, 1); /* now {2,3} contains {3} */
  hg_finalize(b);
  g_assert_true(hg_refines(a, b));
  g_assert_false(hg_refines(b, a)); /* {3} contains no edge of a */
  g_assert_true(hg_refines(a, a));
  g_assert_false(hg_refines(a, c)); /* other vertices */
  g_assert_true(hg_refines(empty, a)); /* no edge to check */
  g_assert_false(hg_refines(a, empty));
  /* windows of a cycle: a k-window contains a j-window iff j <= k, but a
   * window of 8 is the cycle itself, which contains every window */
  for (uint32_t k = 1; k <= 8; k++)
    for (uint32_t j = 1; j <= 8; j++) {
      Hypergraph *x = windows(8, k), *y = windows(8, j);
      g_assert_true(hg_refines(x, y) == (j <= k));
      hg_free(x), hg_free(y);
    }
  hg_free(a), hg_free(b), hg_free(c), hg_free(empty);
}

static void test_repeated_vertex_aborts(void) {
  if (g_test_subprocess()) {
    Hypergraph *h = hg_new(3);
    uint32_t e[] = {1, 1};
    hg_add_edge(h, e, 2);
    return;
  }
  g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed();
  g_test_trap_assert_stderr("*repeated vertex*");
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/hypergraph/small", test_small);
  g_test_add_func("/hypergraph/random", test_random);
  g_test_add_func("/hypergraph/refines", test_refines);
  g_test_add_func("/hypergraph/repeated-vertex-aborts", test_repeated_vertex_aborts);
  return g_test_run();
}
