#include "solvers/matching.h"

#include <glib.h>
#include <string.h>

#include "plumbing/debug.h"

#define INF UINT32_MAX

struct BmWork {
  uint32_t nl, nr;
  uint32_t *dist, *queue, *it, *stack, *via;
  uint32_t *seen_r, *from_r; /* bm_augment_from: visit stamps and BFS parents */
  uint32_t stamp;
  uint32_t *tstart, *tadj; /* bm_avoidable: the transposed graph */
  size_t tcap;
};

BmWork *bm_work_new(uint32_t nl, uint32_t nr) {
  BmWork *w = g_new0(BmWork, 1);
  w->nl = nl;
  w->nr = nr;
  size_t n = (size_t)nl + 1;
  w->dist = g_new(uint32_t, n);
  w->queue = g_new(uint32_t, n);
  w->it = g_new(uint32_t, n);
  w->stack = g_new(uint32_t, n);
  w->via = g_new(uint32_t, n);
  w->seen_r = g_new0(uint32_t, (size_t)nr + 1);
  w->from_r = g_new(uint32_t, (size_t)nr + 1);
  return w;
}

void bm_work_free(BmWork *w) {
  if (!w) return;
  g_free(w->dist);
  g_free(w->queue);
  g_free(w->it);
  g_free(w->stack);
  g_free(w->via);
  g_free(w->seen_r);
  g_free(w->from_r);
  g_free(w->tstart);
  g_free(w->tadj);
  g_free(w);
}

/* BFS in layers from the free left vertices; returns the layer of the left
 * vertices adjacent to a free right vertex (the length of a shortest augmenting
 * path), or INF if there is none. */
static uint32_t bfs(const BipGraph *g, const uint32_t *mate_l, const uint32_t *mate_r,
                    BmWork *w) {
  uint32_t head = 0, tail = 0, found = INF;
  for (uint32_t u = 0; u < g->nl; u++) {
    if (mate_l[u] == BM_NONE) {
      w->dist[u] = 0;
      w->queue[tail++] = u;
    } else
      w->dist[u] = INF;
  }
  while (head < tail) {
    uint32_t x = w->queue[head++];
    if (w->dist[x] >= found) break;
    for (uint32_t i = g->start[x]; i < g->start[x + 1]; i++) {
      uint32_t y = mate_r[g->adj[i]];
      if (y == BM_NONE) {
        if (found == INF) found = w->dist[x];
      } else if (w->dist[y] == INF) {
        w->dist[y] = w->dist[x] + 1;
        w->queue[tail++] = y;
      }
    }
  }
  return found;
}

/* Iterative DFS along the layers from free vertex u; augments and returns true
 * on success, marks dead ends with dist = INF. */
static bool dfs(const BipGraph *g, uint32_t *mate_l, uint32_t *mate_r, BmWork *w, uint32_t u,
                uint32_t found) {
  int sp = 0;
  w->stack[0] = u;
  while (sp >= 0) {
    uint32_t x = w->stack[sp];
    if (w->it[x] == g->start[x + 1]) {
      w->dist[x] = INF;
      sp--;
      continue;
    }
    uint32_t v = g->adj[w->it[x]++];
    uint32_t y = mate_r[v];
    if (y == BM_NONE) {
      if (w->dist[x] != found) continue;
      w->via[sp] = v;
      for (int i = sp; i >= 0; i--) {
        mate_l[w->stack[i]] = w->via[i];
        mate_r[w->via[i]] = w->stack[i];
      }
      return true;
    }
    if (w->dist[y] != INF && w->dist[y] == w->dist[x] + 1) {
      w->via[sp] = v;
      w->stack[++sp] = y;
    }
  }
  return false;
}

size_t bm_hopcroft_karp(const BipGraph *g, uint32_t *mate_l, uint32_t *mate_r, bool warm,
                        BmWork *w) {
  BmWork *own = NULL;
  if (w == NULL || w->nl < g->nl || w->nr < g->nr) w = own = bm_work_new(g->nl, g->nr);
  size_t size = 0;
  if (!warm) {
    for (uint32_t u = 0; u < g->nl; u++) mate_l[u] = BM_NONE;
    for (uint32_t v = 0; v < g->nr; v++) mate_r[v] = BM_NONE;
  } else {
    for (uint32_t u = 0; u < g->nl; u++) size += mate_l[u] != BM_NONE;
  }
  for (;;) {
    uint32_t found = bfs(g, mate_l, mate_r, w);
    if (found == INF) break;
    for (uint32_t u = 0; u < g->nl; u++) w->it[u] = g->start[u];
    for (uint32_t u = 0; u < g->nl; u++)
      if (mate_l[u] == BM_NONE && w->dist[u] == 0 && dfs(g, mate_l, mate_r, w, u, found)) size++;
    size_t n = 0;
    PAIRING_CHECK(bm_is_matching(g, mate_l, mate_r, &n) && n == size,
                  "after a Hopcroft-Karp phase: not a matching of size %zu", size);
    (void)n;
  }
  bm_work_free(own);
  return size;
}

static bool kuhn_try(const BipGraph *g, uint32_t u, uint32_t *mate_l, uint32_t *mate_r,
                     uint8_t *seen) {
  for (uint32_t i = g->start[u]; i < g->start[u + 1]; i++) {
    uint32_t v = g->adj[i];
    if (seen[v]) continue;
    seen[v] = 1;
    if (mate_r[v] == BM_NONE || kuhn_try(g, mate_r[v], mate_l, mate_r, seen)) {
      mate_l[u] = v;
      mate_r[v] = u;
      return true;
    }
  }
  return false;
}

size_t bm_kuhn(const BipGraph *g, uint32_t *mate_l, uint32_t *mate_r) {
  for (uint32_t u = 0; u < g->nl; u++) mate_l[u] = BM_NONE;
  for (uint32_t v = 0; v < g->nr; v++) mate_r[v] = BM_NONE;
  uint8_t *seen = g_new(uint8_t, g->nr ? g->nr : 1);
  size_t size = 0;
  for (uint32_t u = 0; u < g->nl; u++) {
    memset(seen, 0, g->nr);
    if (kuhn_try(g, u, mate_l, mate_r, seen)) size++;
  }
  g_free(seen);
  return size;
}

static bool has_edge(const BipGraph *g, uint32_t u, uint32_t v) {
  for (uint32_t i = g->start[u]; i < g->start[u + 1]; i++)
    if (g->adj[i] == v) return true;
  return false;
}

bool bm_is_matching(const BipGraph *g, const uint32_t *mate_l, const uint32_t *mate_r,
                    size_t *size) {
  size_t n = 0;
  for (uint32_t u = 0; u < g->nl; u++) {
    uint32_t v = mate_l[u];
    if (v == BM_NONE) continue;
    if (v >= g->nr || mate_r[v] != u || !has_edge(g, u, v)) return false;
    n++;
  }
  for (uint32_t v = 0; v < g->nr; v++) {
    uint32_t u = mate_r[v];
    if (u != BM_NONE && (u >= g->nl || mate_l[u] != v)) return false;
  }
  if (size) *size = n;
  return true;
}

bool bm_is_maximum(const BipGraph *g, const uint32_t *mate_l, const uint32_t *mate_r) {
  size_t msize;
  if (!bm_is_matching(g, mate_l, mate_r, &msize)) return false;
  /* Z = vertices reachable from free left vertices by alternating paths. */
  uint8_t *zl = g_new0(uint8_t, g->nl + 1);
  uint8_t *zr = g_new0(uint8_t, g->nr + 1);
  uint32_t *queue = g_new(uint32_t, g->nl + 1);
  uint32_t head = 0, tail = 0;
  for (uint32_t u = 0; u < g->nl; u++)
    if (mate_l[u] == BM_NONE) {
      zl[u] = 1;
      queue[tail++] = u;
    }
  while (head < tail) {
    uint32_t x = queue[head++];
    for (uint32_t i = g->start[x]; i < g->start[x + 1]; i++) {
      uint32_t v = g->adj[i];
      if (zr[v]) continue;
      zr[v] = 1;
      uint32_t y = mate_r[v];
      if (y != BM_NONE && !zl[y]) {
        zl[y] = 1;
        queue[tail++] = y;
      }
    }
  }
  /* Cover K = (L \ Z) ∪ (R ∩ Z).  Check it covers every edge and |K| = |M|. */
  bool ok = true;
  size_t ksize = 0;
  for (uint32_t u = 0; u < g->nl; u++) ksize += !zl[u];
  for (uint32_t v = 0; v < g->nr; v++) ksize += zr[v];
  for (uint32_t u = 0; u < g->nl && ok; u++)
    for (uint32_t i = g->start[u]; i < g->start[u + 1]; i++)
      if (zl[u] && !zr[g->adj[i]]) {
        ok = false;
        break;
      }
  if (ksize != msize) ok = false;
  g_free(zl);
  g_free(zr);
  g_free(queue);
  return ok;
}

bool bm_augment_from(const BipGraph *g, uint32_t u, uint32_t *mate_l, uint32_t *mate_r,
                     const uint8_t *blocked, BmWork *w) {
  /* BFS over left vertices; from_r[v] = the left vertex that reached v. */
  if (++w->stamp == 0) { /* wrapped: clear the stamps */
    memset(w->seen_r, 0, (size_t)w->nr * sizeof(uint32_t));
    w->stamp = 1;
  }
  uint32_t head = 0, tail = 0;
  w->queue[tail++] = u;
  while (head < tail) {
    uint32_t x = w->queue[head++];
    for (uint32_t i = g->start[x]; i < g->start[x + 1]; i++) {
      uint32_t v = g->adj[i];
      if (w->seen_r[v] == w->stamp || (blocked && blocked[v])) continue;
      w->seen_r[v] = w->stamp;
      w->from_r[v] = x;
      uint32_t y = mate_r[v];
      if (y == BM_NONE) { /* flip the path back to u */
        while (v != BM_NONE) {
          uint32_t l = w->from_r[v], next = mate_l[l];
          mate_l[l] = v;
          mate_r[v] = l;
          v = l == u ? BM_NONE : next;
        }
        return true;
      }
      w->queue[tail++] = y;
    }
  }
  return false;
}

size_t bm_avoidable(const BipGraph *g, const uint32_t *mate_l, const uint32_t *mate_r,
                    uint8_t *avoid, BmWork *w) {
  /* transpose: the left neighbours of every right vertex (counting sort) */
  size_t ne = g->start[g->nl];
  if (!w->tstart) w->tstart = g_new(uint32_t, (size_t)w->nr + 2);
  if (w->tcap < ne) {
    w->tcap = ne;
    w->tadj = g_renew(uint32_t, w->tadj, ne);
  }
  uint32_t *ts = w->tstart;
  memset(ts, 0, ((size_t)g->nr + 2) * sizeof(uint32_t));
  for (size_t i = 0; i < ne; i++) ts[g->adj[i] + 2]++;
  for (uint32_t v = 0; v < g->nr; v++) ts[v + 2] += ts[v + 1];
  for (uint32_t u = 0; u < g->nl; u++)
    for (uint32_t i = g->start[u]; i < g->start[u + 1]; i++) w->tadj[ts[g->adj[i] + 1]++] = u;
  /* now ts[v] .. ts[v+1]-1 are v's left neighbours.  BFS from the free right
   * vertices: v free, u a neighbour of v (matched, or M was not maximum), then
   * mate_l[u] can be freed by shifting u onto v. */
  size_t n = 0;
  uint32_t *queue = w->from_r, head = 0, tail = 0;
  for (uint32_t v = 0; v < g->nr; v++) {
    avoid[v] = mate_r[v] == BM_NONE;
    if (avoid[v]) {
      queue[tail++] = v;
      n++;
    }
  }
  while (head < tail) {
    uint32_t v = queue[head++];
    for (uint32_t i = ts[v]; i < ts[v + 1]; i++) {
      uint32_t x = mate_l[w->tadj[i]];
      if (x == BM_NONE || x == v || avoid[x]) continue;
      avoid[x] = 1;
      queue[tail++] = x;
      n++;
    }
  }
  return n;
}
