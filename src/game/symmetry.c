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
  g->nelem = g->order;
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
  for (uint32_t i = 0; i < g->nelem; i++) perm_free(g->perm[i]);
  for (uint32_t k = 0; k < g->ngens; k++) perm_free(g->gen[k]);
  g_free(g->gen);
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

/* igraph keeps global state (its error-handling "finally" stack), so two
 * threads in it at once corrupt it: the atlas solves boards on several
 * threads, each computing its group here.  One thread at a time. */
static GMutex igraph_lock;

MbGroup *mb_group_new(const Hypergraph *h, uint32_t limit, GError **err) {
  uint32_t nv = (uint32_t)hg_nv(h), ne = (uint32_t)hg_ne(h);
  g_mutex_lock(&igraph_lock);
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
  g_mutex_unlock(&igraph_lock);
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
  g->gen = gen; /* kept: mb_group_stab_classes works from them */
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

/* ---- groups of any size, from the generators ----------------------------------- */

/* out = a . b (first b, then a) */
static void compose(uint32_t nv, const uint32_t *a, const uint32_t *b, uint32_t *out) {
  for (uint32_t c = 0; c < nv; c++) out[c] = a[b[c]];
}
static bool is_identity(uint32_t nv, const uint32_t *p) {
  for (uint32_t c = 0; c < nv; c++)
    if (p[c] != c) return false;
  return true;
}

/* a breadth-first search from `root` over the generators: tree[x] (x in
 * the orbit) an element mapping root to x; orbit[] the points in search
 * order; returns the orbit's length */
static uint32_t schreier_tree(uint32_t nv, GPtrArray *gens, uint32_t root, uint32_t **tree, uint32_t *orbit) {
  uint32_t len = 0;
  tree[root] = perm_alloc(nv);
  for (uint32_t c = 0; c < nv; c++) tree[root][c] = c;
  orbit[len++] = root;
  for (uint32_t i = 0; i < len; i++) {
    uint32_t x = orbit[i];
    for (guint k = 0; k < gens->len; k++) {
      const uint32_t *s = gens->pdata[k];
      uint32_t y = s[x];
      if (tree[y]) continue;
      tree[y] = perm_alloc(nv);
      compose(nv, s, tree[x], tree[y]);
      orbit[len++] = y;
    }
  }
  return len;
}

bool mb_group_stab_classes(const MbGroup *g, const uint32_t *fix, uint32_t nfix, const uint32_t *cells, uint32_t n,
                           uint32_t *cls, uint32_t **elem) {
  uint32_t nv = g->nv;
  bool partial = false;
  GPtrArray *gens = g_ptr_array_new_with_free_func((GDestroyNotify)perm_free);
  for (uint32_t k = 0; k < g->ngens; k++) {
    if (is_identity(nv, g->gen[k])) continue;
    uint32_t *p = perm_alloc(nv);
    memcpy(p, g->gen[k], nv * sizeof(uint32_t));
    g_ptr_array_add(gens, p);
  }
  uint32_t **tree = g_new0(uint32_t *, nv);
  uint32_t *orbit = g_new(uint32_t, nv);
  uint32_t *inv = perm_alloc(nv), *t = perm_alloc(nv);
  for (uint32_t l = 0; l < nfix && gens->len > 0; l++) {
    uint32_t f = fix[l], len = schreier_tree(nv, gens, f, tree, orbit);
    /* Schreier generators u_{s(x)}^-1 s u_x of the stabiliser of f */
    GPtrArray *next = g_ptr_array_new_with_free_func((GDestroyNotify)perm_free);
    GHashTable *seen = g_hash_table_new(perm_hash, perm_equal);
    for (uint32_t i = 0; i < len; i++)
      for (guint k = 0; k < gens->len; k++) {
        const uint32_t *s = gens->pdata[k];
        uint32_t x = orbit[i];
        const uint32_t *uy = tree[s[x]];
        for (uint32_t c = 0; c < nv; c++) inv[uy[c]] = c;
        compose(nv, s, tree[x], t);
        uint32_t *h = perm_alloc(nv);
        compose(nv, inv, t, h);
        g_assert(h[f] == f);
        if (is_identity(nv, h) || g_hash_table_contains(seen, h)) {
          perm_free(h);
          continue;
        }
        if (next->len >= MB_STAB_MAX_GENS) {
          perm_free(h);
          partial = true;
          continue;
        }
        g_hash_table_add(seen, h);
        g_ptr_array_add(next, h);
      }
    g_hash_table_destroy(seen);
    for (uint32_t i = 0; i < len; i++) perm_free(tree[orbit[i]]), tree[orbit[i]] = NULL;
    g_ptr_array_free(gens, TRUE);
    gens = next;
  }
  /* the orbits of H, each searched from its first cell in the list */
  uint32_t *first = g_new(uint32_t, nv);
  for (uint32_t c = 0; c < nv; c++) first[c] = UINT32_MAX;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t c = cells[i];
    if (first[c] == UINT32_MAX) {
      uint32_t len = schreier_tree(nv, gens, c, tree, orbit);
      for (uint32_t k = 0; k < len; k++) first[orbit[k]] = i;
    }
    cls[i] = first[c];
    elem[i] = g_new(uint32_t, nv);
    memcpy(elem[i], tree[c], nv * sizeof(uint32_t));
  }
  for (uint32_t c = 0; c < nv; c++) perm_free(tree[c]);
  g_free(first), g_free(tree), g_free(orbit);
  perm_free(inv), perm_free(t);
  g_ptr_array_free(gens, TRUE);
  return partial;
}

uint32_t mb_group_add(MbGroup *g, const uint32_t *perm) {
  int64_t have = mb_group_find(g, perm);
  if (have >= 0) return (uint32_t)have;
  uint32_t *p = perm_alloc(g->nv), *q = perm_alloc(g->nv);
  memcpy(p, perm, g->nv * sizeof(uint32_t));
  for (uint32_t c = 0; c < g->nv; c++) q[p[c]] = c;
  int64_t qi = mb_group_find(g, q);
  uint32_t pi = g->nelem;
  uint32_t add = qi >= 0 || perm_equal(p, q) ? 1 : 2;
  g->perm = g_renew(uint32_t *, g->perm, g->nelem + add);
  g->inverse = g_renew(uint32_t, g->inverse, g->nelem + add);
  g->perm[pi] = p;
  g_hash_table_insert(g->index, p, GUINT_TO_POINTER(pi + 1));
  g->nelem++;
  if (add == 2) {
    qi = g->nelem;
    g->perm[qi] = q;
    g_hash_table_insert(g->index, q, GUINT_TO_POINTER((uint32_t)qi + 1));
    g->inverse[qi] = pi;
    g->nelem++;
  } else {
    if (qi < 0) qi = pi; /* an involution */
    perm_free(q);
  }
  g->inverse[pi] = (uint32_t)qi;
  return pi;
}
