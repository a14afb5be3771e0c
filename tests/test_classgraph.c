/* Unit tests for src/ninerow/classgraph.c: hypercubes and cycles with known
 * answers; the induced-cycle counts against a brute force over vertex
 * subsets; both diameter methods (BoundingDiameters, iFUB) against
 * igraph_diameter on random graphs; the component order; refusals. */
#include <glib.h>
#include <igraph.h>
#include <string.h>

#include "ninerow/classgraph.h"

static GArray *edge_list(void) { return g_array_new(FALSE, FALSE, sizeof(uint32_t)); }

static void add_edge(GArray *e, uint32_t u, uint32_t v) {
  g_array_append_val(e, u);
  g_array_append_val(e, v);
}

static bool analyse(uint32_t n, GArray *e, int maxhole, CgStats *st) {
  CgOptions opt = {maxhole, 2, 0, NULL};
  return cg_analyse(n, (uint32_t *)e->data, e->len / 2, &opt, st);
}

static void test_hypercubes(void) {
  for (int d = 1; d <= 6; d++) {
    uint32_t n = UINT32_C(1) << d;
    GArray *e = edge_list();
    for (uint32_t v = 0; v < n; v++)
      for (int b = 0; b < d; b++)
        if (v < (v ^ (UINT32_C(1) << b))) add_edge(e, v, v ^ (UINT32_C(1) << b));
    CgStats st;
    g_assert_true(analyse(n, e, 8, &st));
    g_assert_cmpuint(st.ncomp, ==, 1);
    g_assert_true(st.hypercube[0]);
    g_assert_cmpuint(st.comp_diam[0], ==, d);
    g_assert_cmpuint(st.deg_min, ==, d);
    g_assert_cmpuint(st.deg_max, ==, d);
    g_assert_true(st.bipartite);
    g_assert_cmpuint(st.triangles, ==, 0);
    /* induced 4-cycles are the 2-faces: C(d,2) 2^(d-2) */
    g_assert_cmpuint(st.holes[4], ==, d >= 2 ? (uint64_t)(d * (d - 1) / 2) << (d - 2) : 0);
    /* Q3 has induced 6-cycles (the six cells off an antipodal pair: 4 of them) */
    if (d == 3) g_assert_cmpuint(st.holes[6], ==, 4);
    cg_stats_clear(&st);
    g_array_free(e, TRUE);
  }
  /* a 4-cycle with a pendant: not a cube */
  GArray *e = edge_list();
  add_edge(e, 0, 1);
  add_edge(e, 1, 2);
  add_edge(e, 2, 3);
  add_edge(e, 0, 3);
  add_edge(e, 3, 4);
  add_edge(e, 5, 6);
  CgStats st;
  g_assert_true(analyse(7, e, 5, &st));
  g_assert_cmpuint(st.ncomp, ==, 2);
  g_assert_cmpuint(st.comp_size[0], ==, 5);
  g_assert_false(st.hypercube[0]);
  g_assert_true(st.hypercube[1]); /* an edge is Q_1 */
  g_assert_cmpuint(st.holes[4], ==, 1);
  g_assert_cmpuint(st.deg_hist[1], ==, 3);
  cg_stats_clear(&st);
  g_array_free(e, TRUE);
}

static void test_cycles(void) {
  for (uint32_t n = 3; n <= CG_MAXHOLE; n++) {
    GArray *e = edge_list();
    for (uint32_t v = 0; v < n; v++) add_edge(e, v, (v + 1) % n);
    CgStats st;
    g_assert_true(analyse(n, e, CG_MAXHOLE, &st));
    for (uint32_t k = 3; k <= CG_MAXHOLE; k++) g_assert_cmpuint(st.holes[k], ==, k == n);
    g_assert_cmpuint(st.comp_diam[0], ==, n / 2);
    g_assert_true(st.bipartite == (n % 2 == 0));
    g_assert_cmpuint(st.triangles, ==, n == 3);
    cg_stats_clear(&st);
    g_array_free(e, TRUE);
  }
}

/* brute force: subsets of k vertices inducing a connected 2-regular graph */
static uint64_t brute_holes(uint32_t n, const bool adj[16][16], int k) {
  uint64_t count = 0;
  for (uint32_t s = 0; s < (UINT32_C(1) << n); s++) {
    if (__builtin_popcount(s) != k) continue;
    bool two = true;
    for (uint32_t v = 0; v < n && two; v++)
      if (s >> v & 1) {
        int deg = 0;
        for (uint32_t w = 0; w < n; w++) deg += (s >> w & 1) && adj[v][w];
        two = deg == 2;
      }
    if (!two) continue;
    uint32_t seen = UINT32_C(1) << __builtin_ctz(s), grow = 1;
    while (grow) {
      grow = 0;
      for (uint32_t v = 0; v < n; v++)
        if (seen >> v & 1)
          for (uint32_t w = 0; w < n; w++)
            if ((s >> w & 1) && adj[v][w] && !(seen >> w & 1)) seen |= UINT32_C(1) << w, grow = 1;
    }
    count += seen == s;
  }
  return count;
}

static void test_random_small(void) {
  GRand *r = g_rand_new_with_seed(77);
  for (int round = 0; round < 60; round++) {
    uint32_t n = (uint32_t)g_rand_int_range(r, 4, 13);
    double p = g_rand_double_range(r, 0.15, 0.6);
    bool adj[16][16] = {{false}};
    GArray *e = edge_list();
    for (uint32_t u = 0; u < n; u++)
      for (uint32_t v = u + 1; v < n; v++)
        if (g_rand_double(r) < p) {
          adj[u][v] = adj[v][u] = true;
          add_edge(e, u, v);
        }
    CgStats st;
    g_assert_true(analyse(n, e, 10, &st));
    for (int k = 3; k <= 10; k++) g_assert_cmpuint(st.holes[k], ==, brute_holes(n, adj, k));
    g_assert_cmpuint(st.holes[3], ==, st.triangles);
    uint64_t total = 0;
    for (uint32_t c = 0; c < st.ncomp; c++) {
      total += st.comp_size[c];
      if (c > 0) g_assert_cmpuint(st.comp_size[c - 1], >=, st.comp_size[c]);
    }
    g_assert_cmpuint(total, ==, n);
    cg_stats_clear(&st);
    g_array_free(e, TRUE);
  }
  g_rand_free(r);
}

/* both exact diameter methods against igraph on random connected graphs
 * (a spanning path plus random edges, or a sparse random graph's
 * component of vertex 0) */
static void test_diameters(void) {
  GRand *r = g_rand_new_with_seed(1234);
  for (int round = 0; round < 40; round++) {
    uint32_t n = (uint32_t)g_rand_int_range(r, 20, round < 30 ? 400 : 3000);
    GArray *e = edge_list();
    GHashTable *seen = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
    uint32_t extra = (uint32_t)g_rand_int_range(r, 0, (gint32)n);
    for (uint32_t i = 0; i + 1 < n + extra; i++) {
      uint32_t u, v;
      if (i + 1 < n && round % 2 == 0) {
        u = i;
        v = i + 1;
      } else {
        u = (uint32_t)g_rand_int_range(r, 0, (gint32)n);
        v = (uint32_t)g_rand_int_range(r, 0, (gint32)n);
      }
      if (u == v) continue;
      gint64 *key = g_new(gint64, 1);
      *key = (gint64)MIN(u, v) << 32 | MAX(u, v);
      if (g_hash_table_contains(seen, key)) {
        g_free(key);
        continue;
      }
      g_hash_table_add(seen, key);
      add_edge(e, MIN(u, v), MAX(u, v));
    }
    uint64_t ne = e->len / 2;
    uint32_t *ed = (uint32_t *)e->data;
    /* igraph: the component of vertex 0 */
    igraph_vector_int_t ev;
    igraph_vector_int_init(&ev, (igraph_integer_t)(2 * ne));
    for (uint64_t i = 0; i < 2 * ne; i++) VECTOR(ev)[i] = ed[i];
    igraph_t g;
    igraph_create(&g, &ev, n, IGRAPH_UNDIRECTED);
    igraph_vector_int_t memb, csize;
    igraph_integer_t no;
    igraph_vector_int_init(&memb, 0);
    igraph_vector_int_init(&csize, 0);
    igraph_connected_components(&g, &memb, &csize, &no, IGRAPH_WEAK);
    igraph_vector_int_t keep;
    igraph_vector_int_init(&keep, 0);
    for (uint32_t v = 0; v < n; v++)
      if (VECTOR(memb)[v] == VECTOR(memb)[0]) igraph_vector_int_push_back(&keep, v);
    igraph_t sub;
    igraph_induced_subgraph(&g, &sub, igraph_vss_vector(&keep), IGRAPH_SUBGRAPH_AUTO);
    igraph_real_t diam;
    igraph_diameter(&sub, &diam, NULL, NULL, NULL, NULL, IGRAPH_UNDIRECTED, true);
    uint64_t runs = 0;
    g_assert_cmpuint(cg_diameter(n, ed, ne, 0, false, &runs), ==, (uint32_t)diam);
    g_assert_cmpuint(cg_diameter(n, ed, ne, 0, true, &runs), ==, (uint32_t)diam);
    /* and through cg_analyse: every component, large ones by BoundingDiameters */
    CgStats st;
    CgOptions opt = {0, 1, 0, NULL};
    g_assert_true(cg_analyse(n, ed, ne, &opt, &st));
    g_assert_cmpuint(st.comp_diam[st.membership[0]], ==, (uint32_t)diam);
    cg_stats_clear(&st);
    igraph_destroy(&sub);
    igraph_destroy(&g);
    igraph_vector_int_destroy(&keep);
    igraph_vector_int_destroy(&memb);
    igraph_vector_int_destroy(&csize);
    igraph_vector_int_destroy(&ev);
    g_hash_table_destroy(seen);
    g_array_free(e, TRUE);
  }
  g_rand_free(r);
}

static void test_refusals_and_layout(void) {
  GArray *e = edge_list();
  add_edge(e, 0, 1);
  add_edge(e, 1, 1);
  CgStats st;
  g_assert_false(analyse(2, e, 0, &st));
  g_array_set_size(e, 0);
  add_edge(e, 0, 1);
  add_edge(e, 1, 0);
  g_assert_false(analyse(2, e, 0, &st));
  g_array_set_size(e, 0);
  for (uint32_t v = 0; v < 6; v++)
    add_edge(e, 2 * v + 1, (2 * v + 3) % 12); /* odd vertices: a 6-cycle */
  add_edge(e, 0, 2);
  g_assert_true(analyse(12, e, 6, &st));
  g_assert_cmpuint(st.comp_size[0], ==, 6);
  uint32_t n, m, *verts, *le;
  double *xy;
  cg_layout(&st, (uint32_t *)e->data, e->len / 2, 0, &n, &verts, &xy, &m, &le);
  g_assert_cmpuint(n, ==, 6);
  g_assert_cmpuint(m, ==, 6);
  for (uint32_t i = 0; i < n; i++) g_assert_cmpuint(verts[i], ==, 2 * i + 1);
  for (uint32_t i = 0; i < m; i++) g_assert_cmpuint(le[2 * i], <, n);
  g_free(verts);
  g_free(xy);
  g_free(le);
  cg_stats_clear(&st);
  g_array_free(e, TRUE);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/classgraph/hypercubes", test_hypercubes);
  g_test_add_func("/classgraph/cycles", test_cycles);
  g_test_add_func("/classgraph/random-small", test_random_small);
  g_test_add_func("/classgraph/diameters", test_diameters);
  g_test_add_func("/classgraph/refusals-layout", test_refusals_and_layout);
  return g_test_run();
}
