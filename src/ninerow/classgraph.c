#include "ninerow/classgraph.h"

#include <glib.h>
#include <igraph.h>
#include <stdlib.h>
#include <string.h>

#include "plumbing/parfor.h"
#include "plumbing/progress.h"

/* ---- adjacency arrays ------------------------------------------------------ */

typedef struct {
  uint32_t nv;
  uint32_t *off, *adj; /* neighbours of v: adj[off[v] .. off[v+1]-1], ascending */
} Csr;

static int u32_cmp(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

static void csr_build(Csr *g, uint32_t nv, const uint32_t *edges, uint64_t ne) {
  g->nv = nv;
  g->off = g_new0(uint32_t, nv + 1);
  g->adj = g_new(uint32_t, 2 * ne + 1);
  for (uint64_t e = 0; e < ne; e++) {
    g->off[edges[2 * e] + 1]++;
    g->off[edges[2 * e + 1] + 1]++;
  }
  for (uint32_t v = 0; v < nv; v++) g->off[v + 1] += g->off[v];
  uint32_t *fill = g_memdup2(g->off, sizeof(uint32_t) * nv);
  for (uint64_t e = 0; e < ne; e++) {
    uint32_t u = edges[2 * e], v = edges[2 * e + 1];
    g->adj[fill[u]++] = v;
    g->adj[fill[v]++] = u;
  }
  g_free(fill);
  for (uint32_t v = 0; v < nv; v++)
    qsort(g->adj + g->off[v], g->off[v + 1] - g->off[v], 4, u32_cmp);
}

static void csr_free(Csr *g) {
  g_free(g->off);
  g_free(g->adj);
}

/* BFS from src: returns the eccentricity; queue gets the visit order (by
 * level), dist the distances of the visited vertices (the caller resets
 * them to UINT32_MAX via the queue), parent (may be NULL) the BFS tree. */
static uint32_t bfs(const Csr *g, uint32_t src, uint32_t *dist, uint32_t *queue, uint32_t *nq,
                    uint32_t *parent) {
  uint32_t head = 0, tail = 0;
  dist[src] = 0;
  queue[tail++] = src;
  if (parent) parent[src] = src;
  while (head < tail) {
    uint32_t v = queue[head++];
    for (uint32_t i = g->off[v]; i < g->off[v + 1]; i++) {
      uint32_t w = g->adj[i];
      if (dist[w] != UINT32_MAX) continue;
      dist[w] = dist[v] + 1;
      if (parent) parent[w] = v;
      queue[tail++] = w;
    }
  }
  *nq = tail;
  return dist[queue[tail - 1]];
}

static void reset(uint32_t *dist, const uint32_t *queue, uint32_t nq) {
  for (uint32_t i = 0; i < nq; i++) dist[queue[i]] = UINT32_MAX;
}

/* iFUB: exact diameter of the component of `start` */
static uint32_t ifub(const Csr *g, uint32_t start, uint64_t *runs) {
  uint32_t n = g->nv, nq;
  uint32_t *dist = g_new(uint32_t, n), *queue = g_new(uint32_t, n), *parent = g_new(uint32_t, n);
  for (uint32_t v = 0; v < n; v++) dist[v] = UINT32_MAX;
  /* double sweep: start -> a (farthest) -> b (farthest); u = middle of a..b */
  bfs(g, start, dist, queue, &nq, NULL);
  uint32_t a = queue[nq - 1];
  reset(dist, queue, nq);
  uint32_t lb = bfs(g, a, dist, queue, &nq, parent);
  uint32_t u = queue[nq - 1];
  for (uint32_t k = 0; k < lb / 2; k++) u = parent[u];
  reset(dist, queue, nq);
  uint64_t count = 2;
  /* levels of u */
  uint32_t ecc_u = bfs(g, u, dist, queue, &nq, NULL);
  count++;
  uint32_t *order = g_memdup2(queue, sizeof(uint32_t) * nq), *level = g_new(uint32_t, nq);
  for (uint32_t i = 0; i < nq; i++) level[i] = dist[order[i]];
  uint32_t norder = nq;
  reset(dist, queue, nq);
  if (ecc_u > lb) lb = ecc_u;
  uint32_t ub = 2 * ecc_u;
  /* fringe by fringe, from the farthest level down */
  uint32_t end = norder;
  for (uint32_t i = ecc_u; ub > lb && i > 0; i--) {
    uint32_t begin = end;
    while (begin > 0 && level[begin - 1] == i) begin--;
    for (uint32_t j = begin; j < end; j++) {
      uint32_t e = bfs(g, order[j], dist, queue, &nq, NULL);
      count++;
      reset(dist, queue, nq);
      if (e > lb) lb = e;
    }
    end = begin;
    if (lb > 2 * (i - 1)) break;
    ub = 2 * (i - 1);
  }
  g_free(order);
  g_free(level);
  g_free(dist);
  g_free(queue);
  g_free(parent);
  if (runs) *runs += count;
  return lb;
}

/* BoundingDiameters (Takes & Kosters 2011): eccentricity bounds of every
 * vertex of the component, tightened by each BFS; vertices that can no
 * longer change the bounds on the diameter drop out. */
static uint32_t bounding(const Csr *g, uint32_t start, uint64_t *runs) {
  uint32_t n = g->nv, nq;
  uint32_t *dist = g_new(uint32_t, n), *queue = g_new(uint32_t, n);
  for (uint32_t v = 0; v < n; v++) dist[v] = UINT32_MAX;
  bfs(g, start, dist, queue, &nq, NULL);
  uint32_t *W = g_memdup2(queue, sizeof(uint32_t) * nq), nw = nq;
  reset(dist, queue, nq);
  uint32_t *lo = g_new0(uint32_t, n), *hi = g_new(uint32_t, n);
  for (uint32_t i = 0; i < nw; i++) hi[W[i]] = UINT32_MAX;
  uint32_t dlo = 0, dhi = UINT32_MAX;
  uint64_t count = 1;
  bool pick_high = true;
  uint32_t v = start;
  while (nw > 0 && dlo < dhi) {
    uint32_t e = bfs(g, v, dist, queue, &nq, NULL);
    count++;
    if (e > dlo) dlo = e;
    dhi = 0;
    uint32_t k = 0;
    for (uint32_t i = 0; i < nw; i++) {
      uint32_t w = W[i], d = dist[w];
      uint32_t l = MAX(d, e - d);
      if (l > lo[w]) lo[w] = l;
      if (e + d < hi[w]) hi[w] = e + d;
      if (hi[w] > dhi) dhi = hi[w];
      if (lo[w] > dlo) dlo = lo[w]; /* ecc(w) >= lo[w]: a lower bound too */
    }
    if (dhi < dlo) dhi = dlo;
    reset(dist, queue, nq);
    for (uint32_t i = 0; i < nw; i++) {
      uint32_t w = W[i];
      bool drop = lo[w] == hi[w] || (hi[w] <= dlo && 2 * lo[w] >= dhi);
      if (!drop) W[k++] = w;
    }
    nw = k;
    if (nw == 0) break;
    /* next: alternately the largest upper bound and the smallest lower
     * bound (ties: the larger degree, then the smaller id) */
    uint32_t best = W[0];
    for (uint32_t i = 1; i < nw; i++) {
      uint32_t w = W[i];
      uint32_t dw = g->off[w + 1] - g->off[w], db = g->off[best + 1] - g->off[best];
      bool better = pick_high ? (hi[w] > hi[best] || (hi[w] == hi[best] && dw > db))
                              : (lo[w] < lo[best] || (lo[w] == lo[best] && dw > db));
      if (better) best = w;
    }
    pick_high = !pick_high;
    v = best;
  }
  g_free(W);
  g_free(lo);
  g_free(hi);
  g_free(dist);
  g_free(queue);
  if (runs) *runs += count;
  return dlo;
}

uint32_t cg_diameter(uint32_t nv, const uint32_t *edges, uint64_t ne, uint32_t start, bool use_ifub,
                     uint64_t *bfs_runs) {
  Csr g;
  csr_build(&g, nv, edges, ne);
  uint32_t d = use_ifub ? ifub(&g, start, bfs_runs) : bounding(&g, start, bfs_runs);
  csr_free(&g);
  return d;
}

/* ---- igraph helpers -------------------------------------------------------- */

/* the subgraph induced by the ascending vertex list verts[0..n-1] */
static void induced(const Csr *g, const uint32_t *verts, uint32_t n, igraph_t *out, uint32_t *m,
                    uint32_t **ledges) {
  igraph_vector_int_t ev;
  igraph_vector_int_init(&ev, 0);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t v = verts[i];
    for (uint32_t k = g->off[v]; k < g->off[v + 1]; k++) {
      uint32_t w = g->adj[k];
      if (w <= v) continue;
      uint32_t *pos = bsearch(&w, verts, n, 4, u32_cmp);
      if (!pos) continue;
      igraph_vector_int_push_back(&ev, i);
      igraph_vector_int_push_back(&ev, pos - verts);
    }
  }
  if (m) {
    *m = (uint32_t)(igraph_vector_int_size(&ev) / 2);
    *ledges = g_new(uint32_t, 2 * *m + 1);
    for (igraph_integer_t i = 0; i < igraph_vector_int_size(&ev); i++)
      (*ledges)[i] = (uint32_t)VECTOR(ev)[i];
  }
  igraph_create(out, &ev, n, IGRAPH_UNDIRECTED);
  igraph_vector_int_destroy(&ev);
}

static bool is_hypercube(const igraph_t *sub, uint32_t n) {
  int d = 0;
  while ((UINT32_C(1) << d) < n) d++;
  if (d == 0 || (UINT32_C(1) << d) != n) return false;
  igraph_vector_int_t ev;
  igraph_vector_int_init(&ev, 0);
  for (uint32_t v = 0; v < n; v++)
    for (int b = 0; b < d; b++)
      if (v < (v ^ (UINT32_C(1) << b))) {
        igraph_vector_int_push_back(&ev, v);
        igraph_vector_int_push_back(&ev, v ^ (UINT32_C(1) << b));
      }
  igraph_t q;
  igraph_create(&q, &ev, n, IGRAPH_UNDIRECTED);
  igraph_bool_t iso = false;
  igraph_isomorphic(sub, &q, &iso);
  igraph_destroy(&q);
  igraph_vector_int_destroy(&ev);
  return iso;
}

/* ---- induced cycles ------------------------------------------------------- */

typedef struct {
  const Csr *g;
  int maxhole;
  uint16_t *cnt; /* path vertices adjacent to v */
  uint8_t *onpath, *adj0;
  uint32_t path[CG_MAXHOLE + 1];
  uint64_t holes[CG_MAXHOLE + 1];
} Holes;

static void hole_rec(Holes *h, int k) {
  const Csr *g = h->g;
  uint32_t v0 = h->path[0], vk = h->path[k];
  for (uint32_t i = g->off[vk]; i < g->off[vk + 1]; i++) {
    uint32_t x = g->adj[i];
    if (x <= v0 || h->onpath[x]) continue;
    if (k >= 1 && h->adj0[x]) { /* x closes the cycle v0 .. vk x, or makes a chord */
      if (h->cnt[x] == 2 && h->path[1] < x) h->holes[k + 2]++;
      continue;
    }
    if (h->cnt[x] != 1 || k + 3 > h->maxhole) continue;
    h->path[k + 1] = x;
    h->onpath[x] = 1;
    for (uint32_t j = g->off[x]; j < g->off[x + 1]; j++) h->cnt[g->adj[j]]++;
    hole_rec(h, k + 1);
    for (uint32_t j = g->off[x]; j < g->off[x + 1]; j++) h->cnt[g->adj[j]]--;
    h->onpath[x] = 0;
  }
}

enum { HOLE_CHUNK = 256 }; /* start vertices per work unit */

typedef struct {
  Holes *hs; /* one per worker */
  const ProgressSink *progress;
} HoleLoop;

/* work unit: the cycles whose least vertex is in [unit * HOLE_CHUNK, ...) */
static void hole_unit(size_t unit, int worker, void *ctx) {
  HoleLoop *l = ctx;
  Holes *h = &l->hs[worker];
  const Csr *g = h->g;
  uint32_t start = (uint32_t)unit * HOLE_CHUNK;
  progress_update(l->progress, start);
  for (uint32_t v0 = start; v0 < MIN(g->nv, start + HOLE_CHUNK); v0++) {
    h->path[0] = v0;
    h->onpath[v0] = 1;
    for (uint32_t j = g->off[v0]; j < g->off[v0 + 1]; j++) {
      h->cnt[g->adj[j]]++;
      h->adj0[g->adj[j]] = 1;
    }
    hole_rec(h, 0);
    for (uint32_t j = g->off[v0]; j < g->off[v0 + 1]; j++) {
      h->cnt[g->adj[j]]--;
      h->adj0[g->adj[j]] = 0;
    }
    h->onpath[v0] = 0;
  }
}

static void count_holes(const Csr *g, int maxhole, int threads, const ProgressSink *progress,
                        uint64_t *holes) {
  size_t units = (g->nv + HOLE_CHUNK - 1) / HOLE_CHUNK;
  int nw = parfor_workers(units, threads);
  Holes *hs = g_new0(Holes, nw);
  for (int t = 0; t < nw; t++) {
    hs[t].g = g;
    hs[t].maxhole = maxhole;
    hs[t].cnt = g_new0(uint16_t, g->nv);
    hs[t].onpath = g_new0(uint8_t, g->nv);
    hs[t].adj0 = g_new0(uint8_t, g->nv);
  }
  HoleLoop l = {hs, progress};
  progress_start(progress, g->nv);
  parfor(units, nw, hole_unit, &l);
  progress_end(progress, g->nv);
  for (int t = 0; t < nw; t++) { /* sums: the order of the workers does not matter */
    for (int k = 0; k <= CG_MAXHOLE; k++) holes[k] += hs[t].holes[k];
    g_free(hs[t].cnt);
    g_free(hs[t].onpath);
    g_free(hs[t].adj0);
  }
  g_free(hs);
}

/* ---- the analysis --------------------------------------------------------- */

typedef struct {
  uint32_t size, least, id;
} Comp;

static int comp_cmp(const void *a, const void *b) {
  const Comp *x = a, *y = b;
  if (x->size != y->size) return x->size > y->size ? -1 : 1;
  return x->least < y->least ? -1 : x->least > y->least;
}

bool cg_analyse(uint32_t nv, const uint32_t *edges, uint64_t ne, const CgOptions *opt,
                CgStats *st) {
  int maxhole = opt->maxhole, threads = opt->threads;
  uint32_t diam_limit = opt->diam_limit;
  memset(st, 0, sizeof *st);
  st->nv = nv;
  st->ne = ne;
  for (uint64_t e = 0; e < ne; e++)
    if (edges[2 * e] == edges[2 * e + 1] || edges[2 * e] >= nv || edges[2 * e + 1] >= nv)
      return false;
  Csr g;
  csr_build(&g, nv, edges, ne);
  for (uint32_t v = 0; v < nv; v++)
    for (uint32_t i = g.off[v] + 1; i < g.off[v + 1]; i++)
      if (g.adj[i] == g.adj[i - 1]) {
        csr_free(&g);
        return false; /* a repeated edge */
      }
  igraph_vector_int_t ev;
  igraph_vector_int_init(&ev, (igraph_integer_t)(2 * ne));
  for (uint64_t i = 0; i < 2 * ne; i++) VECTOR(ev)[i] = edges[i];
  igraph_t ig;
  igraph_create(&ig, &ev, nv, IGRAPH_UNDIRECTED);
  igraph_vector_int_destroy(&ev);

  /* degrees */
  igraph_vector_int_t deg;
  igraph_vector_int_init(&deg, 0);
  igraph_degree(&ig, &deg, igraph_vss_all(), IGRAPH_ALL, IGRAPH_LOOPS);
  st->deg_min = nv ? UINT32_MAX : 0;
  for (uint32_t v = 0; v < nv; v++) {
    uint32_t d = (uint32_t)VECTOR(deg)[v];
    st->deg_min = MIN(st->deg_min, d);
    st->deg_max = MAX(st->deg_max, d);
    st->deg_sum += d;
  }
  st->deg_hist = g_new0(uint64_t, st->deg_max + 1);
  for (uint32_t v = 0; v < nv; v++) st->deg_hist[VECTOR(deg)[v]]++;

  /* components, largest first */
  igraph_vector_int_t memb, csize;
  igraph_integer_t no;
  igraph_vector_int_init(&memb, 0);
  igraph_vector_int_init(&csize, 0);
  igraph_connected_components(&ig, &memb, &csize, &no, IGRAPH_WEAK);
  st->ncomp = (uint32_t)no;
  Comp *comps = g_new(Comp, no + 1);
  for (igraph_integer_t c = 0; c < no; c++)
    comps[c] = (Comp){(uint32_t)VECTOR(csize)[c], UINT32_MAX, (uint32_t)c};
  for (uint32_t v = 0; v < nv; v++)
    comps[VECTOR(memb)[v]].least = MIN(comps[VECTOR(memb)[v]].least, v);
  qsort(comps, no, sizeof(Comp), comp_cmp);
  uint32_t *rank = g_new(uint32_t, no + 1);
  for (igraph_integer_t c = 0; c < no; c++) rank[comps[c].id] = (uint32_t)c;
  st->comp_size = g_new(uint32_t, no + 1);
  st->comp_least = g_new(uint32_t, no + 1);
  st->comp_diam = g_new(uint32_t, no + 1);
  st->hypercube = g_new0(bool, no + 1);
  st->membership = g_new(uint32_t, nv + 1);
  for (uint32_t v = 0; v < nv; v++) st->membership[v] = rank[VECTOR(memb)[v]];
  /* vertices of each component, ascending */
  uint32_t *start = g_new0(uint32_t, no + 2), *verts = g_new(uint32_t, nv + 1);
  for (uint32_t v = 0; v < nv; v++) start[st->membership[v] + 1]++;
  for (igraph_integer_t c = 0; c < no; c++) start[c + 1] += start[c];
  uint32_t *fill = g_memdup2(start, sizeof(uint32_t) * (no + 1));
  for (uint32_t v = 0; v < nv; v++) verts[fill[st->membership[v]]++] = v;
  g_free(fill);
  for (igraph_integer_t c = 0; c < no; c++) {
    uint32_t size = comps[c].size, *vs = verts + start[c];
    st->comp_size[c] = size;
    st->comp_least[c] = comps[c].least;
    if (diam_limit && size > diam_limit) {
      st->comp_diam[c] = CG_UNKNOWN;
    } else if (size <= CG_SMALL) {
      igraph_t sub;
      induced(&g, vs, size, &sub, NULL, NULL);
      igraph_real_t diam = 0;
      igraph_diameter(&sub, &diam, NULL, NULL, NULL, NULL, IGRAPH_UNDIRECTED, true);
      st->comp_diam[c] = (uint32_t)diam;
      st->hypercube[c] = is_hypercube(&sub, size);
      igraph_destroy(&sub);
    } else {
      uint32_t best = vs[0]; /* a vertex of largest degree, least id among them */
      for (uint32_t i = 0; i < size; i++)
        if (VECTOR(deg)[vs[i]] > VECTOR(deg)[best]) best = vs[i];
      st->comp_diam[c] = bounding(&g, best, &st->diam_bfs);
    }
  }
  g_free(start);
  g_free(verts);
  g_free(rank);
  g_free(comps);
  igraph_vector_int_destroy(&memb);
  igraph_vector_int_destroy(&csize);
  igraph_vector_int_destroy(&deg);

  /* triangles, bipartiteness */
  igraph_vector_int_t tri;
  igraph_vector_int_init(&tri, 0);
  igraph_list_triangles(&ig, &tri);
  st->triangles = (uint64_t)igraph_vector_int_size(&tri) / 3;
  igraph_vector_int_destroy(&tri);
  igraph_bool_t bip = false;
  igraph_is_bipartite(&ig, &bip, NULL);
  st->bipartite = bip;
  igraph_destroy(&ig);

  st->maxhole = MIN(maxhole, CG_MAXHOLE);
  if (st->maxhole >= 3) count_holes(&g, st->maxhole, threads, opt->progress, st->holes);
  csr_free(&g);
  return true;
}

void cg_stats_clear(CgStats *st) {
  g_free(st->deg_hist);
  g_free(st->comp_size);
  g_free(st->comp_least);
  g_free(st->comp_diam);
  g_free(st->hypercube);
  g_free(st->membership);
  memset(st, 0, sizeof *st);
}

void cg_layout(const CgStats *st, const uint32_t *edges, uint64_t ne, uint32_t comp, uint32_t *n,
               uint32_t **verts, double **xy, uint32_t *m, uint32_t **ledges) {
  Csr g;
  csr_build(&g, st->nv, edges, ne);
  uint32_t size = st->comp_size[comp], k = 0;
  *verts = g_new(uint32_t, size + 1);
  for (uint32_t v = 0; v < st->nv; v++)
    if (st->membership[v] == comp) (*verts)[k++] = v;
  *n = size;
  igraph_t sub;
  induced(&g, *verts, size, &sub, m, ledges);
  igraph_matrix_t res;
  igraph_matrix_init(&res, 0, 0);
  igraph_layout_kamada_kawai(&sub, &res, false, 50 * (igraph_integer_t)size, 0, size, NULL, NULL,
                             NULL, NULL, NULL);
  *xy = g_new(double, 2 * size + 1);
  for (uint32_t i = 0; i < size; i++) {
    (*xy)[2 * i] = MATRIX(res, i, 0);
    (*xy)[2 * i + 1] = MATRIX(res, i, 1);
  }
  igraph_matrix_destroy(&res);
  igraph_destroy(&sub);
  csr_free(&g);
}
