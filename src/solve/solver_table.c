/* solver_table.c — canonical forms and the bounded transposition table of
 * the solver (solver_int.h).  The canonical form of a position is its least
 * image under the enumerated group (positions with few stones only); the
 * table maps canonical positions to proof and disproof numbers, and decided
 * ones to a zone (Breaker's wins) or a support (Maker's). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "solve/solver_int.h"

/* ---- memory ------------------------------------------------------------------ */

bool sv_take(Budget *m, size_t n) {
  if (!m) return true;
  uint64_t cur = atomic_load(&m->used);
  do
    if (m->limit && (n > m->limit || cur > m->limit - n)) return false;
  while (!atomic_compare_exchange_weak(&m->used, &cur, cur + n));
  uint64_t now = cur + n, pk = atomic_load(&m->peak);
  while (now > pk && !atomic_compare_exchange_weak(&m->peak, &pk, now)) {}
  return true;
}
void sv_give(Budget *m, size_t n) {
  if (m) atomic_fetch_sub(&m->used, n);
}
static void *alloc(Budget *m, size_t n, bool zero, bool populate) {
  if (n == 0) n = 1;
  if (!sv_take(m, n)) return NULL;
  void *p;
  /* Fresh pages are zero: nothing to clear.  A table's are mapped at once
   * (populate: MAP_POPULATE).  Its first access to a page is a lookup,
   * which maps the shared zero page, and its first store then copies it
   * and flushes the page from every core's TLB: an interrupt to the other
   * worker when two threads run.  On 4^3 with two threads that took 0.9 s
   * of system time of 12.6 CPU-seconds (0.2 s with one thread), on the line
   * M:1,1 B:4,4 of mnk:8,8,5 2.7 s; with the tables mapped at once 0.33 s
   * on 4^3 and 0.87 s on the line (measured beside another job; 0.43 s
   * idle with every block mapped at once), and two threads went from
   * 1.6-1.7 to 1.8 times one thread on 4^3.  A table is a hash table that fills its pages at random, so
   * nearly all of it is written anyway (peak RSS unchanged).  Other blocks
   * are not: mapping each unit's evaluation cache (4 MB) at once added
   * 10-20 ms to solves that take none (3^3, mnk:6,6,5).  But the cache is
   * read before it is written too, so with more than one worker it is
   * mapped at once as well (sv_alloc_mapped, Solver.many_workers): on the line
   * above with two threads the TLB shootdowns (/proc/interrupts) went from
   * 44,400 to 1,200 and the system time from 1.16 s to 0.47 s (the wall
   * within this machine's noise); on mnk:7,7,5 the wall from 0.18-0.21 s
   * to 0.14-0.19 s; on 4^3 the system time from 0.35-0.39 s to 0.15-0.18 s.  With one worker
   * there is no other core to interrupt, and small solves keep the lazy
   * mapping. */
  if (n >= MAP_BYTES) {
    p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | (populate ? MAP_POPULATE : 0), -1, 0);
    if (p == MAP_FAILED) p = NULL;
  } else
    p = zero ? g_try_malloc0(n) : g_try_malloc(n);
  if (!p) sv_give(m, n);
  return p;
}
void *sv_alloc(Budget *m, size_t n) { return alloc(m, n, true, false); }
void *sv_alloc_raw(Budget *m, size_t n) { return alloc(m, n, false, false); }
void *sv_alloc_mapped(Budget *m, size_t n) { return alloc(m, n, true, true); }
void sv_free(Budget *m, void *p, size_t n) {
  if (!p) return;
  if (n == 0) n = 1;
  if (n >= MAP_BYTES) {
    if (munmap(p, n) != 0) g_error("sv_free: %p (%zu bytes) was not a mapped block", p, n); /* a misuse: stop */
  }
  else g_free(p);
  sv_give(m, n);
}

/* ---- canonical forms --------------------------------------------------------- */

void sv_image(const Game *g, uint32_t el, const Pos *p, Pos *q) {
  const uint32_t *pm = g->G->perm[el];
  memset(q, 0, sizeof *q);
  for (int w = 0; w < (int)g->W; w++) {
    uint64_t x = p->m[w], y = p->b[w];
    while (x) put(q->m, pm[w * 64 + __builtin_ctzll(x)]), x &= x - 1;
    while (y) put(q->b, pm[w * 64 + __builtin_ctzll(y)]), y &= y - 1;
  }
}
/* the least image; returns the element giving it (the first such).
 * Positions with more than SV_SYM_STONES stones are their own canonical form
 * (symmetric positions are rare deep in the tree, and the images cost). */
uint32_t sv_canon(const Game *g, const Pos *p, Pos *out) {
  *out = *p; /* element 0 is the identity */
  uint32_t stones = 0;
  for (int w = 0; w < (int)g->W; w++) stones += (uint32_t)(__builtin_popcountll(p->m[w]) + __builtin_popcountll(p->b[w]));
  if (stones > SV_SYM_STONES) return 0;
  uint32_t best = 0;
  Pos q;
  if (!g->tab) {
    for (uint32_t el = 1; el < g->G->order; el++) {
      sv_image(g, el, p, &q);
      if (pos_cmp(&q, out) < 0) *out = q, best = el;
    }
    return best;
  }
  /* by byte tables: Maker's image first, Breaker's only if it can matter */
  const uint8_t *mb = (const uint8_t *)p->m, *bb = (const uint8_t *)p->b;
  uint32_t jm[32], jb[32], nm = 0, nb = 0;
  for (uint32_t j = 0; j < g->nbytes; j++) {
    if (mb[j]) jm[nm++] = j;
    if (bb[j]) jb[nb++] = j;
  }
  for (uint32_t el = 1; el < g->G->order; el++) {
    const uint64_t(*t)[SW] = g->tab + (size_t)el * g->nbytes * 256;
    uint64_t m[SW] = {0};
    for (uint32_t k = 0; k < nm; k++) {
      const uint64_t *x = t[jm[k] * 256 + mb[jm[k]]];
      for (int w = 0; w < (int)g->W; w++) m[w] |= x[w];
    }
    int c = 0;
    for (int w = 0; w < (int)g->W && !c; w++)
      if (m[w] != out->m[w]) c = m[w] < out->m[w] ? -1 : 1;
    if (c > 0) continue;
    uint64_t b[SW] = {0};
    for (uint32_t k = 0; k < nb; k++) {
      const uint64_t *x = t[jb[k] * 256 + bb[jb[k]]];
      for (int w = 0; w < (int)g->W; w++) b[w] |= x[w];
    }
    for (int w = 0; w < (int)g->W && !c; w++)
      if (b[w] != out->b[w]) c = b[w] < out->b[w] ? -1 : 1;
    if (c < 0) memcpy(out->m, m, sizeof m), memcpy(out->b, b, sizeof b), best = el;
  }
  return best;
}

/* The children of one node share the node: the image of p + c under an
 * element is the image of p plus the image of c.  So the images of p are
 * made once (as sv_canon() makes them) and each child costs one table
 * entry and a comparison per element; the least image and the first
 * element giving it are the ones sv_canon() finds. */
bool sv_canon_kids(const Game *g, Scratch *s, const Pos *p, bool maker, const uint32_t *moves, uint32_t n, Child *kids) {
  uint32_t stones = 1, W = g->W;
  for (uint32_t w = 0; w < W; w++) stones += (uint32_t)(__builtin_popcountll(p->m[w]) + __builtin_popcountll(p->b[w]));
  if (stones > SV_SYM_STONES || g->G->order == 1) { /* sv_canon() returns the position itself */
    for (uint32_t i = 0; i < n; i++) {
      kids[i].key = *p, kids[i].el = 0;
      put(maker ? kids[i].key.m : kids[i].key.b, moves[i]);
    }
    return false;
  }
  if (!g->tab || !s->img || n < 2) { /* (a scratch made before the byte tables has no room for images) */
    for (uint32_t i = 0; i < n; i++) {
      Pos q = *p;
      put(maker ? q.m : q.b, moves[i]);
      kids[i].el = sv_canon(g, &q, &kids[i].key);
    }
    return true;
  }
  const uint8_t *mb = (const uint8_t *)p->m, *bb = (const uint8_t *)p->b;
  uint32_t ord = g->G->order;
  for (uint32_t el = 0; el < ord; el++) {
    const uint64_t(*t)[SW] = g->tab + (size_t)el * g->nbytes * 256;
    uint64_t *im = s->img + (size_t)el * 2 * W;
    memset(im, 0, sizeof(uint64_t) * 2 * W);
    for (uint32_t j = 0; j < g->nbytes; j++) {
      if (mb[j])
        for (uint32_t w = 0; w < W; w++) im[w] |= t[j * 256 + mb[j]][w];
      if (bb[j])
        for (uint32_t w = 0; w < W; w++) im[W + w] |= t[j * 256 + bb[j]][w];
    }
  }
  uint32_t side = maker ? 0 : W; /* the words the move goes to */
  for (uint32_t i = 0; i < n; i++) {
    uint32_t c = moves[i], j = c >> 3, v = 1u << (c & 7), best = 0;
    uint64_t bw[2 * SW], cw[2 * SW];
    memcpy(bw, s->img, sizeof(uint64_t) * 2 * W);
    bw[side + (c >> 6)] |= UINT64_C(1) << (c & 63); /* element 0: the identity */
    for (uint32_t el = 1; el < ord; el++) {
      const uint64_t *x = g->tab[((size_t)el * g->nbytes + j) * 256 + v];
      const uint64_t *im = s->img + (size_t)el * 2 * W;
      for (uint32_t w = 0; w < 2 * W; w++) cw[w] = im[w];
      for (uint32_t w = 0; w < W; w++) cw[side + w] |= x[w];
      int cmp = 0;
      for (uint32_t w = 0; w < 2 * W && !cmp; w++)
        if (cw[w] != bw[w]) cmp = cw[w] < bw[w] ? -1 : 1;
      if (cmp < 0) memcpy(bw, cw, sizeof(uint64_t) * 2 * W), best = el;
    }
    memset(&kids[i].key, 0, sizeof kids[i].key);
    memcpy(kids[i].key.m, bw, sizeof(uint64_t) * W), memcpy(kids[i].key.b, bw + W, sizeof(uint64_t) * W);
    kids[i].el = best;
  }
  return true;
}

uint64_t sv_pos_hash(const Pos *p) {
  uint64_t h = 0x9E3779B97F4A7C15ull;
  for (int w = 0; w < SW; w++) {
    if ((p->m[w] | p->b[w]) == 0) continue; /* the words a small board never uses */
    h ^= p->m[w] + 0x632BE59BD9B4E019ull + (uint64_t)w + (h << 6) + (h >> 2);
    h ^= p->b[w] * 0xC2B2AE3D27D4EB4Full + (h << 6) + (h >> 2);
  }
  h ^= h >> 31, h *= 0xBF58476D1CE4E5B9ull, h ^= h >> 29;
  return h;
}
/* a bound so small that the table is collected this often is too small:
 * the search would redo the same work again and again (thrash) */
/* (a table starts small and doubles: a unit that stores little clears
 * little, U3; its growth reaches the same sizes from any start) */
enum { TABLE_CAP0 = 1 << 9, TABLE_MAX_COLLECTIONS = 32 };
static size_t table_bytes(const Table *t, size_t cap) { return cap * t->stride * sizeof(uint32_t); }
size_t sv_table_min_bytes(uint32_t nc) { return (size_t)TABLE_CAP0 * (2 + 6 * ((nc + 63) / 64)) * sizeof(uint32_t); }
void sv_table_init(Table *t, uint32_t nc, size_t max_bytes, Budget *m) {
  memset(t, 0, sizeof *t);
  t->W = (nc + 63) / 64, t->stride = 2 + 6 * t->W;
  t->n = 0, t->max_bytes = max_bytes, t->mem = m;
  t->s = sv_alloc(m, table_bytes(t, TABLE_CAP0));
  if (t->s) t->cap = TABLE_CAP0;
  else t->full = true, t->full_why = MB_MEM_TOTAL;
}
void sv_table_clear(Table *t) { sv_free(t->mem, t->s, table_bytes(t, t->cap)), t->s = NULL, t->cap = 0; }
static inline bool slot_is(const Table *t, const uint32_t *sl, const Pos *k) {
  for (uint32_t w = 0; w < t->W; w++) {
    uint64_t a, b;
    memcpy(&a, sl + 2 + 2 * w, 8), memcpy(&b, sl + 2 + 2 * (t->W + w), 8);
    if (a != k->m[w] || b != k->b[w]) return false;
  }
  return true;
}
Entry *sv_table_find_h(const Table *t, const Pos *k, uint64_t h) {
  if (!t->s) return NULL;
  size_t i = h & (t->cap - 1);
  for (;;) {
    uint32_t *sl = t->s + i * t->stride;
    if (sl[0] == 0 && sl[1] == 0) return NULL;
    if (slot_is(t, sl, k)) return (Entry *)(void *)sl;
    i = (i + 1) & (t->cap - 1);
  }
}
void sv_table_prefetch(const Table *t, uint64_t h) {
  if (t->s) __builtin_prefetch(t->s + (h & (t->cap - 1)) * t->stride);
}
Entry *sv_table_find(const Table *t, const Pos *k) { return sv_table_find_h(t, k, sv_pos_hash(k)); }
/* the zone of a disproved entry (key coordinates) */
void sv_table_zone(const Table *t, const Entry *e, uint64_t *z) {
  memset(z, 0, sizeof(uint64_t[SW]));
  memcpy(z, (const uint32_t *)(const void *)e + 2 + 4 * t->W, 8 * t->W);
}
static void slot_put(Table *t, size_t i, const Pos *k, uint32_t pn, uint32_t dn, const uint64_t *zone) {
  uint32_t *sl = t->s + i * t->stride;
  memcpy(sl + 2, k->m, 8 * t->W), memcpy(sl + 2 + 2 * t->W, k->b, 8 * t->W);
  sl[0] = pn, sl[1] = dn;
  if (zone) memcpy(sl + 2 + 4 * t->W, zone, 8 * t->W);
  else memset(sl + 2 + 4 * t->W, 0xff, 8 * t->W); /* every cell: the zone that is always right */
}
/* rebuild at capacity cap, keeping all entries or only the decided ones;
 * false (the table unchanged) if the new slots are refused */
static bool table_rebuild(Table *t, size_t cap, bool decided_only) {
  Table u = *t;
  u.s = sv_alloc_mapped(t->mem, table_bytes(t, cap));
  if (!u.s) return false;
  u.cap = cap, u.n = 0;
  for (size_t i = 0; i < t->cap; i++) {
    const uint32_t *sl = t->s + i * t->stride;
    if (sl[0] == 0 && sl[1] == 0) continue;
    if (decided_only && sl[0] != 0 && sl[1] != 0) continue;
    Pos q;
    memset(&q, 0, sizeof q);
    memcpy(q.m, sl + 2, 8 * t->W), memcpy(q.b, sl + 2 + 2 * t->W, 8 * t->W);
    size_t j = sv_pos_hash(&q) & (cap - 1);
    while (u.s[j * u.stride] || u.s[j * u.stride + 1]) j = (j + 1) & (cap - 1);
    memcpy(u.s + j * u.stride, sl, u.stride * sizeof(uint32_t));
    u.n++;
  }
  sv_free(t->mem, t->s, table_bytes(t, t->cap));
  u.gen = t->gen + 1;
  *t = u;
  return true;
}
static bool table_full(Table *t, uint8_t why) {
  t->full = true, t->full_why = why;
  return false;
}
/* make room for one more entry; false if the bound leaves none */
static bool table_room(Table *t) {
  if (t->full) return false;
  if (2 * (t->n + 1) <= t->cap) return true;
  if ((!t->max_bytes || table_bytes(t, 2 * t->cap) <= t->max_bytes) && table_rebuild(t, 2 * t->cap, false)) return true;
  /* at the bound (or the Budget refused the larger table): keep the decided entries only */
  bool refused = !t->max_bytes || table_bytes(t, 2 * t->cap) <= t->max_bytes;
  size_t keep = 0;
  for (size_t i = 0; i < t->cap; i++) {
    const uint32_t *sl = t->s + i * t->stride;
    keep += (sl[0] == 0) != (sl[1] == 0);
  }
  uint8_t why = refused ? MB_MEM_TOTAL : MB_MEM_TABLE;
  if (4 * (keep + 1) > t->cap || t->collections >= TABLE_MAX_COLLECTIONS) return table_full(t, why);
  t->collections++;
  if (table_rebuild(t, t->cap, true)) return true;
  /* no room for a second table of this size: a smaller one, if the decided entries leave it room */
  if (8 * (keep + 1) <= t->cap && table_rebuild(t, t->cap / 2, true)) return true;
  return table_full(t, MB_MEM_TOTAL);
}
/* one probe: the key's slot is updated, or the first empty slot taken (a
 * table that must grow or be collected first is probed again after it) */
void sv_table_store(Table *t, const Pos *k, uint32_t pn, uint32_t dn, const uint64_t *zone) {
  g_assert(pn || dn);
  if (!t->s) return; /* full from the start: the unit stops (tick) */
  uint64_t h = sv_pos_hash(k);
  for (;;) {
    size_t i = h & (t->cap - 1);
    while ((t->s[i * t->stride] || t->s[i * t->stride + 1]) && !slot_is(t, t->s + i * t->stride, k))
      i = (i + 1) & (t->cap - 1);
    bool fresh = !t->s[i * t->stride] && !t->s[i * t->stride + 1];
    if (!fresh || 2 * (t->n + 1) <= t->cap) {
      slot_put(t, i, k, pn, dn, zone);
      t->n += fresh;
      return;
    }
    if (!table_room(t)) return; /* full: the unit stops (tick) */
  }
}
