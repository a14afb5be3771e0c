/* Unit tests for src/solvers/matching.c: Hopcroft–Karp against igraph's
 * igraph_maximum_bipartite_matching and against brute force, on thousands of
 * random small bipartite graphs; the checkers must accept every answer and
 * reject broken ones. */
#include <glib.h>
#include <igraph.h>
#include <string.h>

#include "solvers/matching.h"

typedef struct {
  uint32_t nl, nr;
  GArray *start, *adj;
} G;

static G random_graph(GRand *r, uint32_t maxl, uint32_t maxr, double p, bool allow_dup) {
  G g = {(uint32_t)g_rand_int_range(r, 0, (gint32)maxl + 1),
         (uint32_t)g_rand_int_range(r, 0, (gint32)maxr + 1), g_array_new(FALSE, FALSE, 4),
         g_array_new(FALSE, FALSE, 4)};
  for (uint32_t u = 0; u < g.nl; u++) {
    uint32_t s = g.adj->len;
    g_array_append_val(g.start, s);
    for (uint32_t v = 0; v < g.nr; v++)
      if (g_rand_double(r) < p) {
        g_array_append_val(g.adj, v);
        if (allow_dup && g_rand_double(r) < 0.2) g_array_append_val(g.adj, v);
      }
  }
  uint32_t s = g.adj->len;
  g_array_append_val(g.start, s);
  return g;
}

static BipGraph view(const G *g) {
  BipGraph b = {g->nl, g->nr, (const uint32_t *)g->start->data, (const uint32_t *)g->adj->data};
  return b;
}

static void free_graph(G *g) {
  g_array_free(g->start, TRUE);
  g_array_free(g->adj, TRUE);
}

/* brute force: best matching of left vertices u.. with right set `used` taken */
static int brute(const BipGraph *g, uint32_t u, uint32_t used) {
  if (u == g->nl) return 0;
  int best = brute(g, u + 1, used);
  for (uint32_t i = g->start[u]; i < g->start[u + 1]; i++) {
    uint32_t v = g->adj[i];
    if (used & (1u << v)) continue;
    int m = 1 + brute(g, u + 1, used | (1u << v));
    if (m > best) best = m;
  }
  return best;
}

static igraph_integer_t igraph_size(const BipGraph *g) {
  igraph_t ig;
  igraph_vector_int_t edges;
  igraph_vector_int_init(&edges, 0);
  for (uint32_t u = 0; u < g->nl; u++)
    for (uint32_t i = g->start[u]; i < g->start[u + 1]; i++) {
      igraph_vector_int_push_back(&edges, u);
      igraph_vector_int_push_back(&edges, (igraph_integer_t)(g->nl + g->adj[i]));
    }
  igraph_create(&ig, &edges, g->nl + g->nr, IGRAPH_UNDIRECTED);
  igraph_vector_bool_t types;
  igraph_vector_bool_init(&types, g->nl + g->nr);
  for (uint32_t v = 0; v < g->nr; v++) VECTOR(types)[g->nl + v] = 1;
  igraph_integer_t size = -1;
  igraph_vector_int_t m;
  igraph_vector_int_init(&m, 0);
  igraph_maximum_bipartite_matching(&ig, &types, &size, NULL, &m, NULL, 0);
  /* igraph's own answer must be a matching of the size it reports */
  igraph_integer_t matched = 0;
  for (igraph_integer_t v = 0; v < (igraph_integer_t)(g->nl + g->nr); v++) {
    igraph_integer_t w = VECTOR(m)[v];
    if (w >= 0) {
      g_assert_cmpint(VECTOR(m)[w], ==, v);
      matched++;
    }
  }
  g_assert_cmpint(matched, ==, 2 * size);
  igraph_vector_int_destroy(&m);
  igraph_vector_bool_destroy(&types);
  igraph_vector_int_destroy(&edges);
  igraph_destroy(&ig);
  return size;
}

static void check_answer(const BipGraph *g, size_t size) {
  uint32_t ml[64], mr[64];
  size_t s2 = bm_kuhn(g, ml, mr);
  g_assert_cmpuint(s2, ==, size);
  g_assert_true(bm_is_maximum(g, ml, mr));
}

static void test_vs_brute(void) {
  GRand *r = g_rand_new_with_seed(1);
  BmWork *w = bm_work_new(10, 12);
  for (int round = 0; round < 4000; round++) {
    G gg = random_graph(r, 10, 12, g_rand_double_range(r, 0.05, 0.6), true);
    BipGraph g = view(&gg);
    uint32_t ml[16], mr[16];
    size_t size = bm_hopcroft_karp(&g, ml, mr, false, round % 2 ? w : NULL);
    size_t checked;
    g_assert_true(bm_is_matching(&g, ml, mr, &checked));
    g_assert_cmpuint(checked, ==, size);
    g_assert_true(bm_is_maximum(&g, ml, mr));
    g_assert_cmpint((int)size, ==, brute(&g, 0, 0));
    check_answer(&g, size);
    free_graph(&gg);
  }
  bm_work_free(w);
  g_rand_free(r);
}

static void test_vs_igraph(void) {
  GRand *r = g_rand_new_with_seed(2);
  for (int round = 0; round < 3000; round++) {
    G gg = random_graph(r, 40, 40, g_rand_double_range(r, 0.01, 0.3), false);
    BipGraph g = view(&gg);
    uint32_t ml[64], mr[64];
    size_t size = bm_hopcroft_karp(&g, ml, mr, false, NULL);
    g_assert_true(bm_is_maximum(&g, ml, mr));
    g_assert_cmpint((igraph_integer_t)size, ==, igraph_size(&g));
    free_graph(&gg);
  }
  g_rand_free(r);
}

/* warm start: extend a greedy matching; and the incremental use the 7^3 engine
 * makes: remove a right vertex's edges' partner and re-augment. */
static void test_warm(void) {
  GRand *r = g_rand_new_with_seed(3);
  for (int round = 0; round < 2000; round++) {
    G gg = random_graph(r, 30, 30, g_rand_double_range(r, 0.02, 0.3), false);
    BipGraph g = view(&gg);
    uint32_t ml[64], mr[64];
    for (uint32_t u = 0; u < g.nl; u++) ml[u] = BM_NONE;
    for (uint32_t v = 0; v < g.nr; v++) mr[v] = BM_NONE;
    for (uint32_t u = 0; u < g.nl; u++) /* greedy */
      for (uint32_t i = g.start[u]; i < g.start[u + 1]; i++)
        if (mr[g.adj[i]] == BM_NONE) {
          ml[u] = g.adj[i];
          mr[g.adj[i]] = u;
          break;
        }
    size_t size = bm_hopcroft_karp(&g, ml, mr, true, NULL);
    g_assert_true(bm_is_maximum(&g, ml, mr));
    uint32_t ml2[64], mr2[64];
    g_assert_cmpuint(size, ==, bm_hopcroft_karp(&g, ml2, mr2, false, NULL));
    free_graph(&gg);
  }
  g_rand_free(r);
}

/* the graph without right vertex x (its edges dropped) */
static size_t size_without(const BipGraph *g, uint32_t x) {
  uint32_t start[65], adj[64 * 64 * 2], e = 0;
  for (uint32_t u = 0; u < g->nl; u++) {
    start[u] = e;
    for (uint32_t i = g->start[u]; i < g->start[u + 1]; i++)
      if (g->adj[i] != x) adj[e++] = g->adj[i];
  }
  start[g->nl] = e;
  BipGraph h = {g->nl, g->nr, start, adj};
  uint32_t ml[64], mr[64];
  return bm_kuhn(&h, ml, mr);
}

/* bm_avoidable must say, for every right vertex at once, whether deleting it
 * keeps the maximum size; bm_augment_from must restore maximality after the
 * partner of one left vertex is blocked.  Oracle: recompute from scratch. */
static void test_delete_right(void) {
  GRand *r = g_rand_new_with_seed(5);
  BmWork *w = bm_work_new(64, 64);
  int kept = 0, dropped = 0;
  for (int round = 0; round < 1500; round++) {
    G gg = random_graph(r, 25, 25, g_rand_double_range(r, 0.03, 0.3), g_rand_boolean(r));
    BipGraph g = view(&gg);
    uint32_t ml[64], mr[64];
    size_t size = bm_hopcroft_karp(&g, ml, mr, false, w);
    uint8_t avoid[64];
    size_t navoid = bm_avoidable(&g, ml, mr, avoid, w), count = 0;
    for (uint32_t x = 0; x < g.nr; x++) {
      size_t want = size_without(&g, x);
      g_assert_cmpuint(want, ==, avoid[x] ? size : size - 1);
      count += avoid[x];
      avoid[x] ? kept++ : dropped++;
      if (mr[x] == BM_NONE) continue;
      uint32_t ml2[64], mr2[64], u = mr[x];
      memcpy(ml2, ml, sizeof ml);
      memcpy(mr2, mr, sizeof mr);
      ml2[u] = mr2[x] = BM_NONE;
      uint8_t blocked[64] = {0};
      blocked[x] = 1;
      size_t got = size - 1 + bm_augment_from(&g, u, ml2, mr2, blocked, w);
      g_assert_cmpuint(got, ==, want);
      g_assert_true(bm_is_matching(&g, ml2, mr2, &got));
      g_assert_cmpuint(got, ==, want);
      g_assert_cmpuint(mr2[x], ==, BM_NONE);
    }
    g_assert_cmpuint(count, ==, navoid);
    free_graph(&gg);
  }
  g_assert_cmpint(kept, >, 100); /* both answers occur in the sample */
  g_assert_cmpint(dropped, >, 100);
  bm_work_free(w);
  g_rand_free(r);
}

static void test_checkers_reject(void) {
  /* path u0 - v0 - u1 - v1: maximum matching has size 2 */
  uint32_t start[] = {0, 1, 3}, adj[] = {0, 0, 1};
  BipGraph g = {2, 2, start, adj};
  uint32_t ml[2] = {BM_NONE, 0}, mr[2] = {1, BM_NONE};
  size_t s;
  g_assert_true(bm_is_matching(&g, ml, mr, &s));
  g_assert_cmpuint(s, ==, 1);
  g_assert_false(bm_is_maximum(&g, ml, mr)); /* u0 - v0 - u1 - v1 augments */
  uint32_t bad_l[2] = {1, BM_NONE}, bad_r[2] = {BM_NONE, 0}; /* u0-v1 is no edge */
  g_assert_false(bm_is_matching(&g, bad_l, bad_r, NULL));
  uint32_t inc_l[2] = {0, BM_NONE}, inc_r[2] = {1, BM_NONE}; /* inconsistent */
  g_assert_false(bm_is_matching(&g, inc_l, inc_r, NULL));
  g_assert_cmpuint(bm_hopcroft_karp(&g, ml, mr, true, NULL), ==, 2);
  g_assert_true(bm_is_maximum(&g, ml, mr));
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/matching/vs-brute-force", test_vs_brute);
  g_test_add_func("/matching/vs-igraph", test_vs_igraph);
  g_test_add_func("/matching/warm-start", test_warm);
  g_test_add_func("/matching/delete-right-vertex", test_delete_right);
  g_test_add_func("/matching/checkers-reject", test_checkers_reject);
  return g_test_run();
}
