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
  g_test_add_func("/hypergraph/repeated-vertex-aborts", test_repeated_vertex_aborts);
  return g_test_run();
}
