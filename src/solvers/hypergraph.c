#include "solvers/hypergraph.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plumbing/debug.h"

size_t bs_count(const uint64_t *b, size_t words) {
  size_t c = 0;
  for (size_t i = 0; i < words; i++) c += (size_t)__builtin_popcountll(b[i]);
  return c;
}

size_t bs_and_count(const uint64_t *a, const uint64_t *b, size_t words) {
  size_t c = 0;
  for (size_t i = 0; i < words; i++) c += (size_t)__builtin_popcountll(a[i] & b[i]);
  return c;
}

bool bs_subset(const uint64_t *a, const uint64_t *b, size_t words) {
  for (size_t i = 0; i < words; i++)
    if (a[i] & ~b[i]) return false;
  return true;
}

struct Hypergraph {
  size_t nv;
  bool final;
  GArray *verts;  /* uint32_t, edges concatenated */
  GArray *start;  /* size_t, start of edge e; start[ne] = end */
  size_t *inc_start;
  uint32_t *inc;
  uint64_t *bits;      /* built on the first hg_edge_bits() call (under lock) */
  size_t words;
  GMutex lock;
};

static void need(bool cond, const char *msg) {
  if (!cond) {
    fprintf(stderr, "hypergraph: %s\n", msg);
    abort();
  }
}

Hypergraph *hg_new(size_t nv) {
  Hypergraph *h = g_new0(Hypergraph, 1);
  h->nv = nv;
  h->verts = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  h->start = g_array_new(FALSE, FALSE, sizeof(size_t));
  size_t zero = 0;
  g_array_append_val(h->start, zero);
  h->words = bs_words(nv);
  g_mutex_init(&h->lock);
  return h;
}

void hg_free(Hypergraph *h) {
  if (!h) return;
  g_array_free(h->verts, TRUE);
  g_array_free(h->start, TRUE);
  g_free(h->inc_start);
  g_free(h->inc);
  g_free(h->bits);
  g_mutex_clear(&h->lock);
  g_free(h);
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

size_t hg_add_edge(Hypergraph *h, const uint32_t *verts, size_t k) {
  need(!h->final, "edge added after finalize");
  for (size_t i = 0; i < k; i++) need(verts[i] < h->nv, "vertex out of range");
  if (k <= 16) { /* short edges: pairwise; long ones: sorted, O(k log k) */
    for (size_t i = 0; i < k; i++)
      for (size_t j = 0; j < i; j++) need(verts[i] != verts[j], "repeated vertex in an edge");
  } else {
    uint32_t *s = g_memdup2(verts, k * sizeof(uint32_t));
    qsort(s, k, sizeof(uint32_t), cmp_u32);
    for (size_t i = 1; i < k; i++) need(s[i] != s[i - 1], "repeated vertex in an edge");
    g_free(s);
  }
  g_array_append_vals(h->verts, verts, (guint)k);
  size_t end = h->verts->len;
  g_array_append_val(h->start, end);
  return h->start->len - 2;
}

void hg_finalize(Hypergraph *h) {
  need(!h->final, "finalized twice");
  size_t ne = hg_ne(h);
  h->inc_start = g_new0(size_t, h->nv + 1);
  const uint32_t *v = (const uint32_t *)h->verts->data;
  size_t nverts = h->verts->len;
  for (size_t i = 0; i < nverts; i++) h->inc_start[v[i] + 1]++;
  for (size_t i = 0; i < h->nv; i++) h->inc_start[i + 1] += h->inc_start[i];
  h->inc = g_new(uint32_t, nverts ? nverts : 1);
  size_t *fill = g_new(size_t, h->nv + 1);
  memcpy(fill, h->inc_start, (h->nv + 1) * sizeof(size_t));
  const size_t *st = (const size_t *)h->start->data;
  for (size_t e = 0; e < ne; e++)
    for (size_t i = st[e]; i < st[e + 1]; i++) h->inc[fill[v[i]]++] = (uint32_t)e; /* increasing e: lists come out sorted */
  g_free(fill);
  h->final = true;
}

/* the edges x vertices bitsets, ne * nv bits: only for the callers that ask */
static void build_bits(Hypergraph *h) {
  size_t ne = hg_ne(h);
  need(ne == 0 || h->words <= SIZE_MAX / 8 / ne, "edge bitsets too large");
  const uint32_t *v = (const uint32_t *)h->verts->data;
  const size_t *st = (const size_t *)h->start->data;
  uint64_t *bits = g_try_malloc0((ne ? ne : 1) * (h->words ? h->words : 1) * sizeof(uint64_t));
  need(bits != NULL, "edge bitsets: out of memory");
  for (size_t e = 0; e < ne; e++)
    for (size_t i = st[e]; i < st[e + 1]; i++) bs_set(bits + e * h->words, v[i]);
  for (size_t e = 0; PAIRING_DEBUG_ON && e < ne; e++) { /* the bitset is exactly the edge */
    const uint64_t *b = bits + e * h->words;
    PAIRING_CHECK(bs_count(b, h->words) == st[e + 1] - st[e], "edge %zu: bitset has %zu bits, edge %zu vertices",
                  e, bs_count(b, h->words), st[e + 1] - st[e]);
    PAIRING_CHECK(h->nv % 64 == 0 || (b[h->words - 1] >> (h->nv % 64)) == 0, "edge %zu: bits beyond vertex %zu", e,
                  h->nv - 1);
  }
  h->bits = bits;
}

size_t hg_nv(const Hypergraph *h) { return h->nv; }
size_t hg_ne(const Hypergraph *h) { return h->start->len - 1; }

const uint32_t *hg_edge(const Hypergraph *h, size_t e) {
  need(e < hg_ne(h), "edge index out of range");
  return (const uint32_t *)h->verts->data + g_array_index(h->start, size_t, e);
}

size_t hg_edge_size(const Hypergraph *h, size_t e) {
  need(e < hg_ne(h), "edge index out of range");
  return g_array_index(h->start, size_t, e + 1) - g_array_index(h->start, size_t, e);
}

const uint32_t *hg_incident(const Hypergraph *h, size_t v) {
  need(h->final, "query before finalize");
  need(v < h->nv, "vertex out of range");
  return h->inc + h->inc_start[v];
}

size_t hg_degree(const Hypergraph *h, size_t v) {
  need(h->final, "query before finalize");
  need(v < h->nv, "vertex out of range");
  return h->inc_start[v + 1] - h->inc_start[v];
}

size_t hg_max_degree(const Hypergraph *h) {
  size_t m = 0;
  for (size_t v = 0; v < h->nv; v++)
    if (hg_degree(h, v) > m) m = hg_degree(h, v);
  return m;
}

const uint64_t *hg_edge_bits(const Hypergraph *h, size_t e) {
  need(h->final, "query before finalize");
  need(e < hg_ne(h), "edge index out of range");
  Hypergraph *m = (Hypergraph *)h; /* the lazily built cache; the object stays logically const */
  g_mutex_lock(&m->lock);
  if (!m->bits) build_bits(m);
  g_mutex_unlock(&m->lock);
  return h->bits + e * h->words;
}

size_t hg_words(const Hypergraph *h) { return h->words; }

bool hg_refines(const Hypergraph *a, const Hypergraph *b) {
  need(a->final && b->final, "query before finalize");
  if (a->nv != b->nv) return false;
  if (hg_ne(a) == 0) return true;
  if (hg_ne(b) == 0) return false;
  for (size_t e = 0; e < hg_ne(a); e++) {
    const uint64_t *x = hg_edge_bits(a, e);
    bool found = false;
    for (size_t f = 0; f < hg_ne(b) && !found; f++) found = bs_subset(hg_edge_bits(b, f), x, a->words);
    if (!found) return false;
  }
  return true;
}

/* through the incidence list of the set's lowest vertex: no edge bitsets */
bool hg_has_edge_bits(const Hypergraph *h, const uint64_t *bits) {
  need(h->final, "query before finalize");
  size_t first = SIZE_MAX, count = 0;
  for (size_t w = 0; w < h->words; w++)
    if (bits[w]) {
      if (first == SIZE_MAX) first = w * 64 + (size_t)__builtin_ctzll(bits[w]);
      count += (size_t)__builtin_popcountll(bits[w]);
    }
  if (first == SIZE_MAX || first >= h->nv) { /* the empty set */
    for (size_t e = 0; e < hg_ne(h); e++)
      if (hg_edge_size(h, e) == 0) return true;
    return false;
  }
  const uint32_t *inc = hg_incident(h, first);
  for (size_t i = 0; i < hg_degree(h, first); i++) {
    size_t e = inc[i], k = hg_edge_size(h, e);
    if (k != count) continue;
    const uint32_t *v = hg_edge(h, e);
    bool all = true;
    for (size_t j = 0; j < k && all; j++) all = bs_test(bits, v[j]);
    if (all) return true;
  }
  return false;
}
