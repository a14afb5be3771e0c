/* symmetry.c — automorphism groups of boards by igraph/bliss (see symmetry.h). */
#include "game/symmetry.h"

#include <igraph.h>
#include <stdlib.h>
#include <string.h>

#include "plumbing/errors.h"

static uint32_t g_nv_for_sort; /* qsort has no context argument; set under a lock */
static GMutex sort_lock;

static guint perm_hash(gconstpointer p) {
  const uint32_t *a = p;
  uint32_t n = a[-1]; /* length stored before the images */
  guint h = 2166136261u;
  for (uint32_t i = 0; i < n; i++) h = (h ^ a[i]) * 16777619u;
  return h;
}
static gboolean perm_equal(gconstpointer x, gconstpointer y) {
  const uint32_t *a = x, *b = y;
  return a[-1] == b[-1] && memcmp(a, b, a[-1] * sizeof(uint32_t)) == 0;
}
/* an image array with its length just before it */
static uint32_t *perm_alloc(uint32_t nv) {
  uint32_t *p = g_new(uint32_t, nv + 1);
  p[0] = nv;
  return p + 1;
}
static void perm_free(uint32_t *p) {
  if (p) g_free(p - 1);
}
static int perm_cmp(const void *x, const void *y) {
  const uint32_t *a = *(uint32_t *const *)x, *b = *(uint32_t *const *)y;
  for (uint32_t i = 0; i < g_nv_for_sort; i++)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

static void finish(MbGroup *g) {
  g_mutex_lock(&sort_lock);
  g_nv_for_sort = g->nv;
  qsort(g->perm, g->order, sizeof(uint32_t *), perm_cmp);
  g_mutex_unlock(&sort_lock);
  g->index = g_hash_table_new(perm_hash, perm_equal);
  for (uint32_t i = 0; i < g->order; i++) g_hash_table_insert(g->index, g->perm[i], GUINT_TO_POINTER(i + 1));
  g->inverse = g_new(uint32_t, g->order);
  uint32_t *inv = perm_alloc(g->nv);
  for (uint32_t i = 0; i < g->order; i++) {
    for (uint32_t c = 0; c < g->nv; c++) inv[g->perm[i][c]] = c;
    g->inverse[i] = (uint32_t)mb_group_find(g, inv);
  }
  perm_free(inv);
}

MbGroup *mb_group_identity(uint32_t nv) {
  MbGroup *g = g_new0(MbGroup, 1);
  g->nv = nv, g->order = 1, g->enumerated = true, g->size = g_strdup("1");
  g->perm = g_new(uint32_t *, 1);
  g->perm[0] = perm_alloc(nv);
  for (uint32_t c = 0; c < nv; c++) g->perm[0][c] = c;
  finish(g);
  return g;
}

void mb_group_free(MbGroup *g) {
  if (!g) return;
  for (uint32_t i = 0; i < g->order; i++) perm_free(g->perm[i]);
  g_free(g->perm);
  g_free(g->inverse);
  g_free(g->size);
  if (g->index) g_hash_table_destroy(g->index);
  g_free(g);
}

int64_t mb_group_find(const MbGroup *g, const uint32_t *perm) {
  uint32_t *key = perm_alloc(g->nv);
  memcpy(key, perm, g->nv * sizeof(uint32_t));
  int64_t r = (int64_t)GPOINTER_TO_UINT(g_hash_table_lookup(g->index, key)) - 1;
  perm_free(key);
  return r;
}

MbGroup *mb_group_new(const Hypergraph *h, uint32_t limit, GError **err) {
  uint32_t nv = (uint32_t)hg_nv(h), ne = (uint32_t)hg_ne(h);
  igraph_vector_int_t edges, colors;
  igraph_vector_int_init(&edges, 0);
  for (uint32_t e = 0; e < ne; e++)
    for (size_t i = 0; i < hg_edge_size(h, e); i++) {
      igraph_vector_int_push_back(&edges, hg_edge(h, e)[i]);
      igraph_vector_int_push_back(&edges, nv + e);
    }
  igraph_t graph;
  igraph_create(&graph, &edges, nv + ne, IGRAPH_UNDIRECTED);
  igraph_vector_int_init(&colors, nv + ne);
  for (uint32_t i = nv; i < nv + ne; i++) VECTOR(colors)[i] = 1;
  igraph_vector_int_list_t gens;
  igraph_vector_int_list_init(&gens, 0);
  igraph_bliss_info_t info;
  igraph_automorphism_group(&graph, &colors, &gens, IGRAPH_BLISS_FL, &info);
  MbGroup *g = g_new0(MbGroup, 1);
  g->nv = nv;
  g->size = g_strdup(info.group_size ? info.group_size : "?");
  igraph_free(info.group_size);
  uint32_t ng = (uint32_t)igraph_vector_int_list_size(&gens);
  uint32_t **gen = g_new0(uint32_t *, ng + 1);
  uint64_t *bits = g_new0(uint64_t, hg_words(h) + 1);
  bool ok = true;
  for (uint32_t k = 0; k < ng && ok; k++) {
    igraph_vector_int_t *v = igraph_vector_int_list_get_ptr(&gens, k);
    gen[k] = perm_alloc(nv);
    for (uint32_t c = 0; c < nv; c++) gen[k][c] = (uint32_t)VECTOR(*v)[c];
    for (uint32_t e = 0; e < ne && ok; e++) {
      memset(bits, 0, hg_words(h) * sizeof(uint64_t));
      for (size_t i = 0; i < hg_edge_size(h, e); i++) bs_set(bits, gen[k][hg_edge(h, e)[i]]);
      ok = hg_has_edge_bits(h, bits);
    }
  }
  g->ngens = ng;
  igraph_vector_int_list_destroy(&gens);
  igraph_vector_int_destroy(&colors);
  igraph_vector_int_destroy(&edges);
  igraph_destroy(&graph);
  g_free(bits);
  if (!ok) {
    for (uint32_t k = 0; k < ng; k++) perm_free(gen[k]);
    g_free(gen);
    g_free(g->size);
    g_free(g);
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INVALID, "igraph returned a generator that is not an automorphism");
    return NULL;
  }
  /* closure: breadth first from the identity, right multiplication by generators */
  GHashTable *seen = g_hash_table_new(perm_hash, perm_equal);
  GPtrArray *all = g_ptr_array_new();
  uint32_t *id = perm_alloc(nv);
  for (uint32_t c = 0; c < nv; c++) id[c] = c;
  g_hash_table_add(seen, id);
  g_ptr_array_add(all, id);
  bool small = true;
  for (guint i = 0; i < all->len && small; i++) {
    const uint32_t *p = all->pdata[i];
    for (uint32_t k = 0; k < ng; k++) {
      uint32_t *q = perm_alloc(nv);
      for (uint32_t c = 0; c < nv; c++) q[c] = gen[k][p[c]];
      if (g_hash_table_contains(seen, q)) {
        perm_free(q);
        continue;
      }
      if (all->len >= limit) {
        perm_free(q);
        small = false;
        break;
      }
      g_hash_table_add(seen, q);
      g_ptr_array_add(all, q);
    }
  }
  g_hash_table_destroy(seen);
  for (uint32_t k = 0; k < ng; k++) perm_free(gen[k]);
  g_free(gen);
  if (!small) {
    for (guint i = 1; i < all->len; i++) perm_free(all->pdata[i]);
    g_ptr_array_set_size(all, 1);
  }
  g->enumerated = small;
  g->order = all->len;
  g->perm = (uint32_t **)g_ptr_array_free(all, FALSE);
  finish(g);
  return g;
}
