/* closure.c — a bounded search for a shared pairing (see closure.h). */
#include "solve/closure.h"

#include <glib.h>
#include <stddef.h>
#include <string.h>

typedef struct {
  const uint64_t (*sets)[CL_MAX_WORDS];
  uint32_t n, W;
  uint64_t budget, steps;
  bool exhausted;
  uint32_t *served; /* 0, or the depth + 1 at which the set was served */
  uint32_t *fc;     /* each set's cells not yet in a pair, plus SERVED once served */
  uint32_t *inc0, *inc; /* cell v's sets: inc[inc0[v] .. inc0[v+1]-1], increasing */
  uint32_t *mark, stamp;
  uint64_t used[CL_MAX_WORDS];
  uint32_t *pairs, np;
} Cl;

enum { SERVED = 1u << 30 };
static inline bool has(const uint64_t *set, uint32_t x) { return set[x >> 6] >> (x & 63) & 1; }

typedef struct {
  uint32_t x, y, score;
} Cand;
static int cand_cmp(const void *a, const void *b) {
  const Cand *p = a, *q = b;
  if (p->score != q->score) return p->score > q->score ? -1 : 1;
  if (p->x != q->x) return p->x < q->x ? -1 : 1;
  return (p->y > q->y) - (p->y < q->y);
}

/* place (or, with d = +1, remove) the pair x, y: its cells leave every
 * set's count */
static inline void count_pair(Cl *c, uint32_t x, uint32_t y, int d) {
  for (uint32_t k = c->inc0[x]; k < c->inc0[x + 1]; k++) c->fc[c->inc[k]] += (uint32_t)d;
  for (uint32_t k = c->inc0[y]; k < c->inc0[y + 1]; k++) c->fc[c->inc[k]] += (uint32_t)d;
}

/* The counts, the cell-to-set lists and the marks make a step cost the
 * sets that meet the chosen set rather than every set; the search (the
 * set chosen, the order of its pairs, the steps counted) is the one the
 * contract describes. */
static bool rec(Cl *c, uint32_t depth) {
  uint32_t bf = UINT32_MAX, best = 0;
  for (uint32_t i = 0; i < c->n; i++) bf = c->fc[i] < bf ? c->fc[i] : bf;
  if (bf < 2) return false;
  if (bf >= SERVED) return true; /* every set served (or none at all) */
  while (c->fc[best] != bf) best++;
  uint32_t cells[CL_MAX_WORDS * 64], k = 0;
  for (uint32_t w = 0; w < c->W; w++) {
    uint64_t x = c->sets[best][w] & ~c->used[w];
    while (x) cells[k++] = w * 64 + (uint32_t)__builtin_ctzll(x), x &= x - 1;
  }
  /* each pair's score: the unserved sets holding both of its cells, by
   * walking each set that meets `best` in a free cell once */
  /* small sets (k <= 16: every k-in-a-row line) use the stack */
  uint32_t score_st[16 * 16];
  Cand cand_st[16 * 15 / 2];
  uint32_t *score = k <= 16 ? score_st : g_new0(uint32_t, (size_t)k * k);
  if (k <= 16) memset(score_st, 0, sizeof(uint32_t) * k * k);
  uint8_t idx[CL_MAX_WORDS * 64];
  for (uint32_t a = 0; a < k; a++) idx[cells[a]] = (uint8_t)a;
  uint32_t st = ++c->stamp;
  for (uint32_t a = 0; a + 1 < k && k > 2; a++) /* (two cells: one pair, nothing to order) */ /* a set meeting best in two or more cells meets it in some cells[a], a < k-1 */
    for (uint32_t q = c->inc0[cells[a]]; q < c->inc0[cells[a] + 1]; q++) {
      uint32_t i = c->inc[q];
      if (c->served[i] || c->mark[i] == st) continue;
      c->mark[i] = st;
      uint32_t in[CL_MAX_WORDS * 64], ni = 0;
      for (uint32_t w = 0; w < c->W; w++) {
        uint64_t x = c->sets[i][w] & c->sets[best][w] & ~c->used[w];
        while (x) in[ni++] = idx[w * 64 + (uint32_t)__builtin_ctzll(x)], x &= x - 1;
      }
      for (uint32_t u = 0; u + 1 < ni; u++)
        for (uint32_t v = u + 1; v < ni; v++) score[in[u] * k + in[v]]++;
    }
  uint32_t nc = k * (k - 1) / 2;
  Cand *cand = k <= 16 ? cand_st : g_new(Cand, nc);
  uint32_t m = 0;
  for (uint32_t a = 0; a < k; a++)
    for (uint32_t b = a + 1; b < k; b++) cand[m++] = (Cand){cells[a], cells[b], score[a * k + b]};
  if (score != score_st) g_free(score);
  if (m <= 32) /* insertion sort: few candidates */
    for (uint32_t i = 1; i < m; i++)
      for (uint32_t j = i; j > 0 && cand_cmp(&cand[j - 1], &cand[j]) > 0; j--) {
        Cand t = cand[j];
        cand[j] = cand[j - 1], cand[j - 1] = t;
      }
  else
    qsort(cand, m, sizeof *cand, cand_cmp);
  bool ok = false;
  for (uint32_t j = 0; j < m && !ok; j++) {
    if (++c->steps > c->budget) {
      c->exhausted = true;
      break;
    }
    uint32_t x = cand[j].x, y = cand[j].y;
    for (uint32_t q = c->inc0[x]; q < c->inc0[x + 1]; q++) { /* the sets holding both */
      uint32_t i = c->inc[q];
      if (!c->served[i] && has(c->sets[i], y)) c->served[i] = depth + 1, c->fc[i] += SERVED;
    }
    c->used[x >> 6] |= UINT64_C(1) << (x & 63), c->used[y >> 6] |= UINT64_C(1) << (y & 63);
    count_pair(c, x, y, -1);
    c->pairs[2 * c->np] = x, c->pairs[2 * c->np + 1] = y, c->np++;
    ok = rec(c, depth + 1);
    if (ok) break;
    c->np--;
    c->used[x >> 6] &= ~(UINT64_C(1) << (x & 63)), c->used[y >> 6] &= ~(UINT64_C(1) << (y & 63));
    count_pair(c, x, y, +1);
    for (uint32_t q = c->inc0[x]; q < c->inc0[x + 1]; q++)
      if (c->served[c->inc[q]] == depth + 1) c->served[c->inc[q]] = 0, c->fc[c->inc[q]] -= SERVED;
    if (c->exhausted) break;
  }
  if (cand != cand_st) g_free(cand);
  return ok;
}

/* Kuhn's augmenting paths: slot s (set s/2) to a free cell of its set */
static bool augment(const Cl *c, const uint32_t *fam, uint32_t s, uint32_t *cell_slot, uint8_t *seen) {
  uint32_t i = fam[s / 2];
  for (uint32_t w = 0; w < c->W; w++) {
    uint64_t x = c->sets[i][w];
    while (x) {
      uint32_t v = w * 64 + (uint32_t)__builtin_ctzll(x);
      x &= x - 1;
      if (seen[v]) continue;
      seen[v] = 1;
      if (cell_slot[v] == UINT32_MAX || augment(c, fam, cell_slot[v], cell_slot, seen)) {
        cell_slot[v] = s;
        return true;
      }
    }
  }
  return false;
}

/* A necessary condition, in polynomial time.  Sets whose free cells meet
 * in at most one cell cannot share a pair, so in any shared pairing a
 * family F of such sets has pairs of its own: a private pairing of F, two
 * cells per set, all distinct — which needs Hall's condition.  F is chosen
 * greedily, fewest free cells first.  Returns false when F has no private
 * pairing (then no shared pairing exists). */
static bool independent_family_ok(const Cl *c) {
  uint32_t *order = g_new(uint32_t, c->n + 1), *fam = g_new(uint32_t, c->n + 1), nf = 0;
  uint32_t *cnt = g_new(uint32_t, c->n + 1);
  for (uint32_t i = 0; i < c->n; i++) {
    order[i] = i, cnt[i] = 0;
    for (uint32_t w = 0; w < c->W; w++) cnt[i] += (uint32_t)__builtin_popcountll(c->sets[i][w]);
  }
  for (uint32_t i = 1; i < c->n; i++) /* insertion sort by count, then index */
    for (uint32_t j = i; j > 0 && cnt[order[j - 1]] > cnt[order[j]]; j--) {
      uint32_t t = order[j];
      order[j] = order[j - 1], order[j - 1] = t;
    }
  for (uint32_t k = 0; k < c->n; k++) {
    uint32_t i = order[k];
    bool ok = true;
    for (uint32_t f = 0; f < nf && ok; f++) {
      uint32_t common = 0;
      for (uint32_t w = 0; w < c->W; w++) common += (uint32_t)__builtin_popcountll(c->sets[i][w] & c->sets[fam[f]][w]);
      ok = common <= 1;
    }
    if (ok) fam[nf++] = i;
  }
  uint32_t *cell_slot = g_new(uint32_t, CL_MAX_WORDS * 64);
  uint8_t *seen = g_new(uint8_t, CL_MAX_WORDS * 64);
  for (uint32_t v = 0; v < CL_MAX_WORDS * 64; v++) cell_slot[v] = UINT32_MAX;
  bool ok = true;
  for (uint32_t s = 0; s < 2 * nf && ok; s++) {
    memset(seen, 0, CL_MAX_WORDS * 64);
    ok = augment(c, fam, s, cell_slot, seen);
  }
  g_free(order), g_free(fam), g_free(cnt), g_free(cell_slot), g_free(seen);
  return ok;
}

/* the set-by-set search (rec()) with its counts and cell-to-set lists */
static bool by_sets(Cl *c) {
  uint32_t n = c->n, W = c->W, nv = W * 64, tot = 0;
  c->served = g_new0(uint32_t, n + 1);
  c->fc = g_new(uint32_t, n + 1);
  c->mark = g_new0(uint32_t, n + 1);
  c->inc0 = g_new0(uint32_t, nv + 2);
  for (uint32_t i = 0; i < n; i++) {
    c->fc[i] = 0;
    for (uint32_t w = 0; w < W; w++) {
      c->fc[i] += (uint32_t)__builtin_popcountll(c->sets[i][w]);
      for (uint64_t x = c->sets[i][w]; x; x &= x - 1) c->inc0[w * 64 + (uint32_t)__builtin_ctzll(x) + 1]++;
    }
    tot += c->fc[i];
  }
  for (uint32_t v = 0; v < nv; v++) c->inc0[v + 1] += c->inc0[v];
  c->inc0[nv + 1] = c->inc0[nv];
  c->inc = g_new(uint32_t, tot + 1);
  uint32_t *fill = g_new(uint32_t, nv + 1);
  memcpy(fill, c->inc0, sizeof(uint32_t) * nv);
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t w = 0; w < W; w++)
      for (uint64_t x = c->sets[i][w]; x; x &= x - 1) c->inc[fill[w * 64 + (uint32_t)__builtin_ctzll(x)]++] = i;
  g_free(fill);
  bool ok = rec(c, 0);
  g_free(c->served), g_free(c->fc), g_free(c->mark), g_free(c->inc0), g_free(c->inc);
  return ok;
}

/* ---- the clusters' configurations, and a search over them ----------------
 *
 * A pair serves only sets that hold both its cells, and two such sets meet
 * in two cells or more: so every pair serves sets of one CLUSTER (a class
 * of the relation "meet in at least two free cells", closed transitively).
 * A shared pairing is therefore one CONFIGURATION per cluster (disjoint
 * pairs serving all of the cluster's sets), the configurations' cells
 * pairwise disjoint; and only configurations that are MINIMAL by their
 * cells matter (one whose cells hold another's can be replaced by it).
 * Each cluster's minimal configurations are enumerated (the depth-first
 * search above, restricted to the cluster, every leaf kept, at most
 * EN_STEPS steps and EN_CONFS configurations: beyond that the old search
 * runs instead); then a search picks one per cluster, always for the
 * cluster with the fewest configurations still disjoint from the cells
 * taken (a cluster with none left fails the branch at once).  On the
 * positions of mnk:7,7,5 this decides nearly every family, where the
 * set-by-set search ran out of its budget on four in five. */
enum { EN_STEPS = 4096, EN_CONFS = 1024 };
typedef struct {
  uint64_t m[CL_MAX_WORDS]; /* its cells */
  uint32_t p0, np, k;       /* its pairs: cells pc[p0 .. p0 + 2np - 1]; k cells */
} Conf;
typedef struct {
  const uint64_t (*sets)[CL_MAX_WORDS];
  uint32_t W;
  const uint32_t *cl;
  uint32_t ncl; /* the cluster's sets */
  uint32_t *served;
  uint64_t used[CL_MAX_WORDS];
  uint32_t stk[CL_MAX_WORDS * 64], sp; /* the pairs placed, two cells each */
  Conf *conf;
  uint32_t nconf, capconf, c0; /* this cluster's: conf[c0 ..] */
  uint32_t *pc;
  uint32_t npc, cappc;
  uint64_t steps, cap;
  bool over;
} En;

/* room for k more configurations and q more pair cells */
static void reserve(En *e, uint32_t k, uint32_t q) {
  if (e->nconf + k > e->capconf) e->capconf = 2 * (e->nconf + k), e->conf = g_renew(Conf, e->conf, e->capconf);
  if (e->npc + q > e->cappc) e->cappc = 2 * (e->npc + q), e->pc = g_renew(uint32_t, e->pc, e->cappc);
}

static bool holds_all(const uint64_t *a, const uint64_t *b, uint32_t W) { /* a contains b */
  for (uint32_t w = 0; w < W; w++)
    if (b[w] & ~a[w]) return false;
  return true;
}

static void enum_rec(En *e, uint32_t depth) {
  if (e->over) return;
  if (++e->steps > e->cap) {
    e->over = true;
    return;
  }
  for (uint32_t j = e->c0; j < e->nconf; j++) /* the cells taken hold a configuration: all below are larger */
    if (holds_all(e->used, e->conf[j].m, e->W)) return;
  uint32_t best = UINT32_MAX, bf = UINT32_MAX;
  for (uint32_t q = 0; q < e->ncl; q++) {
    uint32_t i = e->cl[q];
    if (e->served[i]) continue;
    uint32_t f = 0;
    for (uint32_t w = 0; w < e->W; w++) f += (uint32_t)__builtin_popcountll(e->sets[i][w] & ~e->used[w]);
    if (f < 2) return;
    if (f < bf) bf = f, best = i;
  }
  if (best == UINT32_MAX) { /* every set served: a configuration */
    if (e->nconf - e->c0 >= EN_CONFS) {
      e->over = true;
      return;
    }
    reserve(e, 1, e->sp);
    Conf *c = &e->conf[e->nconf++];
    memcpy(c->m, e->used, sizeof c->m);
    c->p0 = e->npc, c->np = e->sp / 2, c->k = e->sp;
    memcpy(e->pc + e->npc, e->stk, sizeof(uint32_t) * e->sp);
    e->npc += e->sp;
    return;
  }
  uint32_t cells[CL_MAX_WORDS * 64], k = 0;
  for (uint32_t w = 0; w < e->W; w++) {
    uint64_t x = e->sets[best][w] & ~e->used[w];
    while (x) cells[k++] = w * 64 + (uint32_t)__builtin_ctzll(x), x &= x - 1;
  }
  for (uint32_t a = 0; a < k && !e->over; a++)
    for (uint32_t b = a + 1; b < k && !e->over; b++) {
      uint32_t x = cells[a], y = cells[b];
      for (uint32_t q = 0; q < e->ncl; q++) {
        uint32_t i = e->cl[q];
        if (!e->served[i] && has(e->sets[i], x) && has(e->sets[i], y)) e->served[i] = depth + 1;
      }
      e->used[x >> 6] |= UINT64_C(1) << (x & 63), e->used[y >> 6] |= UINT64_C(1) << (y & 63);
      e->stk[e->sp++] = x, e->stk[e->sp++] = y;
      enum_rec(e, depth + 1);
      e->sp -= 2;
      e->used[x >> 6] &= ~(UINT64_C(1) << (x & 63)), e->used[y >> 6] &= ~(UINT64_C(1) << (y & 63));
      for (uint32_t q = 0; q < e->ncl; q++)
        if (e->served[e->cl[q]] == depth + 1) e->served[e->cl[q]] = 0;
    }
}

static int conf_cmp(const void *a, const void *b) { /* fewer cells first, then as found */
  const Conf *p = a, *q = b;
  if (p->k != q->k) return p->k < q->k ? -1 : 1;
  return (p->p0 > q->p0) - (p->p0 < q->p0);
}

typedef struct {
  uint32_t c0, nc;            /* a cluster's configurations */
  uint64_t um[CL_MAX_WORDS];  /* the union of their cells */
} Var;
typedef struct {
  const Conf *conf;
  const Var *var;
  uint32_t nv, W;
  uint64_t used[CL_MAX_WORDS];
  uint8_t *done;
  uint32_t *choice;
  uint64_t steps, budget;
  bool over;
} Csp;
/* The plain version of the search below (cl_cache_set_plain: for
 * comparison): every undone cluster's fitting configurations recounted at
 * every node, the same choices in the same order. */
static inline bool fits(const Csp *s, const Conf *c) {
  for (uint32_t w = 0; w < s->W; w++)
    if (c->m[w] & s->used[w]) return false;
  return true;
}
static bool csp_rec(Csp *s) {
  uint32_t best = UINT32_MAX, bc = UINT32_MAX;
  for (uint32_t v = 0; v < s->nv; v++) {
    if (s->done[v]) continue;
    uint32_t cnt = 0;
    bool touched = false; /* no cell of the cluster's configurations taken: all still fit */
    for (uint32_t w = 0; w < s->W; w++) touched |= (s->var[v].um[w] & s->used[w]) != 0;
    if (!touched) cnt = s->var[v].nc;
    else
      for (uint32_t j = 0; j < s->var[v].nc && cnt < bc; j++) cnt += fits(s, &s->conf[s->var[v].c0 + j]);
    if (cnt == 0) return false;
    if (cnt < bc) bc = cnt, best = v;
  }
  if (best == UINT32_MAX) return true;
  s->done[best] = 1;
  for (uint32_t j = 0; j < s->var[best].nc; j++) {
    const Conf *c = &s->conf[s->var[best].c0 + j];
    if (!fits(s, c)) continue;
    if (++s->steps > s->budget) {
      s->over = true;
      break;
    }
    for (uint32_t w = 0; w < s->W; w++) s->used[w] |= c->m[w];
    s->choice[best] = s->var[best].c0 + j;
    if (csp_rec(s)) return true;
    for (uint32_t w = 0; w < s->W; w++) s->used[w] &= ~c->m[w];
    if (s->over) break;
  }
  s->done[best] = 0;
  return false;
}

/* The search over the clusters (closure.h): at each node the undone
 * cluster with the fewest configurations still disjoint from the cells
 * taken (the first such), its configurations tried in their order, a
 * placement counted against the budget.  Forward checking: each undone
 * cluster keeps the list of its configurations that still fit (in their
 * order), filtered only when a placed configuration meets the union of its
 * configurations, so a list's length is the count an earlier version
 * recomputed from scratch at every node (the same search, the same
 * answers, pairings and steps: the certificates of mnk:7,7,5 and of
 * mnk:8,8,5 positions are byte-identical; on mnk:8,8,5, where this search
 * took most of the time, it is faster, as make bench measures). */
typedef struct {
  Csp c;             /* the search's state, as csp_rec() keeps it */
  uint32_t *d0, *dn; /* each cluster's list: pool[d0[v] .. d0[v] + dn[v] - 1] (configuration indices) */
  uint32_t *pool, top, cap;
  uint32_t *save;    /* saved (d0, dn) pairs, nv per level */
} Fc;
static inline bool meets(const uint64_t *a, const uint64_t *b, uint32_t W) {
  if (W == 1) return (a[0] & b[0]) != 0; /* boards of at most 64 cells: one word */
  for (uint32_t w = 0; w < W; w++)
    if (a[w] & b[w]) return true;
  return false;
}
static bool fc_rec(Fc *s, uint32_t depth) {
  uint32_t best = UINT32_MAX, bc = UINT32_MAX;
  for (uint32_t v = 0; v < s->c.nv; v++) {
    if (s->c.done[v]) continue;
    if (s->dn[v] == 0) return false;
    if (s->dn[v] < bc) bc = s->dn[v], best = v;
  }
  if (best == UINT32_MAX) return true;
  s->c.done[best] = 1;
  uint32_t *sv = s->save + (size_t)depth * 2 * s->c.nv;
  for (uint32_t v = 0; v < s->c.nv; v++) sv[2 * v] = s->d0[v], sv[2 * v + 1] = s->dn[v];
  uint32_t top0 = s->top, b0 = s->d0[best], bn = s->dn[best];
  for (uint32_t j = 0; j < bn; j++) {
    uint32_t ci = s->pool[b0 + j];
    const Conf *c = &s->c.conf[ci];
    if (++s->c.steps > s->c.budget) {
      s->c.over = true;
      break;
    }
    for (uint32_t w = 0; w < s->c.W; w++) s->c.used[w] |= c->m[w];
    /* filter the lists the placement touches (the pool may grow: offsets) */
    bool dead = false;
    for (uint32_t v = 0; v < s->c.nv && !dead; v++) {
      if (s->c.done[v] || !meets(s->c.var[v].um, c->m, s->c.W)) continue;
      uint32_t o = sv[2 * v], n = sv[2 * v + 1];
      if (s->top + n > s->cap) {
        s->cap = 2 * (s->top + n);
        s->pool = g_renew(uint32_t, s->pool, s->cap);
      }
      uint32_t k = 0;
      for (uint32_t q = 0; q < n; q++) {
        uint32_t x = s->pool[o + q];
        if (!meets(s->c.conf[x].m, c->m, s->c.W)) s->pool[s->top + k++] = x;
      }
      s->d0[v] = s->top, s->dn[v] = k, s->top += k;
      dead = k == 0;
    }
    s->c.choice[best] = ci;
    if (!dead && fc_rec(s, depth + 1)) return true;
    for (uint32_t v = 0; v < s->c.nv; v++) s->d0[v] = sv[2 * v], s->dn[v] = sv[2 * v + 1];
    s->top = top0;
    for (uint32_t w = 0; w < s->c.W; w++) s->c.used[w] &= ~c->m[w];
    if (s->c.over) break;
  }
  s->c.done[best] = 0;
  return false;
}
/* The same search when every cluster has at most 64 configurations (all
 * of them on the k-in-a-row boards measured): a cluster's list is a mask
 * of its configurations (bit j: configuration c0 + j), and the
 * configurations of cluster v holding cell x are the mask hit[v][x], so a
 * placement filters a list by a few AND-NOTs instead of a scan of it.
 * Without fm_propagate() it made the same choices in the same order as the
 * list search (the same steps and answers); the propagation of the cores
 * strikes more configurations, so it places fewer and answers more within a
 * budget (tests/test_closure.c: never the opposite answer). */
typedef struct {
  Csp c;
  uint64_t *mask; /* each cluster's configurations that still fit */
  uint64_t *hit;  /* hit[v * ncell + x] */
  uint64_t *save; /* nv masks per level */
  uint32_t ncell;
  uint32_t *nb0, *nb; /* the clusters whose cells meet v's: nb[nb0[v] .. nb0[v+1]-1] (v not among them) */
  uint32_t *q;        /* fm_propagate()'s stack (nv at most) */
  uint8_t *inq;       /* the clusters in it */
} Fm;
/* the configurations of cluster u that hold a cell of `cells` (a mask of
 * u's configurations; only the cells of u's configurations count) */
static inline uint64_t fm_holding(const Fm *s, uint32_t u, const uint64_t *cells) {
  uint64_t gone = 0;
  const uint64_t *h = s->hit + (size_t)u * s->ncell;
  for (uint32_t w = 0; w < s->c.W; w++)
    for (uint64_t x = cells[w] & s->c.var[u].um[w]; x; x &= x - 1) gone |= h[w * 64 + (uint32_t)__builtin_ctzll(x)];
  return gone;
}
/* propagation to a fixpoint: a cell every fitting configuration of an
 * undone cluster v holds (v's core) is v's whatever it is given, so the
 * configurations of the other clusters that hold it cannot be chosen;
 * false when a cluster is left with none.  The clusters whose masks
 * changed are the stack s->q[0 .. n-1] (s->inq marks them); a cluster is
 * pushed again when its mask shrinks, until none does (the fixpoint does
 * not depend on the order; s->inq is cleared on return). */
static bool fm_propagate(Fm *s, uint32_t n) {
  uint32_t W = s->c.W;
  bool ok = true;
  while (n && ok) {
    uint32_t v = s->q[--n];
    s->inq[v] = 0;
    /* the core: the cells of all v's fitting configurations */
    uint64_t m = s->mask[v], core[CL_MAX_WORDS], any = 0;
    if (!m) {
      ok = false;
      break;
    }
    const Conf *cf = s->c.conf + s->c.var[v].c0;
    memcpy(core, cf[__builtin_ctzll(m)].m, sizeof core);
    for (m &= m - 1; m; m &= m - 1) {
      any = 0;
      for (uint32_t w = 0; w < W; w++) any |= core[w] &= cf[__builtin_ctzll(m)].m[w];
      if (!any) break;
    }
    any = 0;
    for (uint32_t w = 0; w < W; w++) any |= core[w];
    if (!any) continue;
    for (uint32_t q = s->nb0[v]; q < s->nb0[v + 1] && ok; q++) {
      uint32_t u = s->nb[q];
      if (s->c.done[u] || !meets(s->c.var[u].um, core, W)) continue;
      uint64_t gone = fm_holding(s, u, core);
      if (!(s->mask[u] & gone)) continue;
      s->mask[u] &= ~gone;
      ok = s->mask[u] != 0;
      if (!s->inq[u]) s->inq[u] = 1, s->q[n++] = u;
    }
  }
  while (n) s->inq[s->q[--n]] = 0;
  return ok;
}
static bool fm_rec(Fm *s, uint32_t depth) {
  uint32_t nv = s->c.nv, W = s->c.W, best = UINT32_MAX, bc = UINT32_MAX;
  for (uint32_t v = 0; v < nv; v++) {
    if (s->c.done[v]) continue;
    uint32_t n = (uint32_t)__builtin_popcountll(s->mask[v]);
    if (n == 0) return false;
    if (n < bc) bc = n, best = v;
  }
  if (best == UINT32_MAX) return true;
  s->c.done[best] = 1;
  uint64_t *sv = s->save + (size_t)depth * nv;
  memcpy(sv, s->mask, sizeof(uint64_t) * nv);
  uint32_t c0 = s->c.var[best].c0;
  for (uint64_t bm = sv[best]; bm; bm &= bm - 1) {
    uint32_t ci = c0 + (uint32_t)__builtin_ctzll(bm);
    const Conf *c = &s->c.conf[ci];
    if (++s->c.steps > s->c.budget) {
      s->c.over = true;
      break;
    }
    for (uint32_t w = 0; w < W; w++) s->c.used[w] |= c->m[w];
    bool dead = false;
    uint32_t nq = 0;
    for (uint32_t q = s->nb0[best]; q < s->nb0[best + 1] && !dead; q++) {
      uint32_t v = s->nb[q];
      if (s->c.done[v] || !meets(s->c.var[v].um, c->m, W)) continue;
      s->mask[v] = sv[v] & ~fm_holding(s, v, c->m);
      dead = s->mask[v] == 0;
      if (s->mask[v] != sv[v]) s->inq[v] = 1, s->q[nq++] = v;
    }
    if (dead)
      for (uint32_t k = 0; k < nq; k++) s->inq[s->q[k]] = 0;
    else dead = !fm_propagate(s, nq);
    s->c.choice[best] = ci;
    if (!dead && fm_rec(s, depth + 1)) return true;
    memcpy(s->mask, sv, sizeof(uint64_t) * nv);
    for (uint32_t w = 0; w < W; w++) s->c.used[w] &= ~c->m[w];
    if (s->c.over) break;
  }
  s->c.done[best] = 0;
  return false;
}
static bool csp_fm(Csp *cs) {
  Fm s;
  memset(&s, 0, sizeof s);
  s.c = *cs;
  uint32_t nv = s.c.nv, W = s.c.W;
  s.ncell = 64 * W;
  s.mask = g_new0(uint64_t, nv + 1), s.hit = g_new(uint64_t, (size_t)nv * s.ncell + 1);
  s.save = g_new(uint64_t, (size_t)nv * (nv + 1) + 1);
  for (uint32_t v = 0; v < nv; v++) {
    uint64_t *h = s.hit + (size_t)v * s.ncell;
    /* only the entries of v's cells are read (x in um[v]): only they are set */
    for (uint32_t w = 0; w < W; w++)
      for (uint64_t x = s.c.var[v].um[w]; x; x &= x - 1) h[w * 64 + (uint32_t)__builtin_ctzll(x)] = 0;
    for (uint32_t j = 0; j < s.c.var[v].nc; j++) {
      const Conf *c = &s.c.conf[s.c.var[v].c0 + j];
      for (uint32_t w = 0; w < W; w++)
        for (uint64_t x = c->m[w]; x; x &= x - 1) h[w * 64 + (uint32_t)__builtin_ctzll(x)] |= UINT64_C(1) << j;
      if (!s.c.done[v] && !meets(c->m, s.c.used, W)) s.mask[v] |= UINT64_C(1) << j;
    }
  }
  s.nb0 = g_new(uint32_t, nv + 2), s.nb = g_new(uint32_t, (size_t)nv * nv + 1);
  uint32_t nn = 0;
  for (uint32_t v = 0; v < nv; v++) {
    s.nb0[v] = nn;
    for (uint32_t u = 0; u < nv; u++)
      if (u != v && meets(s.c.var[u].um, s.c.var[v].um, W)) s.nb[nn++] = u;
  }
  s.nb0[nv] = nn;
  s.q = g_new(uint32_t, nv + 1), s.inq = g_new0(uint8_t, nv + 1);
  uint32_t nq = 0;
  for (uint32_t v = 0; v < nv; v++)
    if (!s.c.done[v]) s.inq[v] = 1, s.q[nq++] = v;
  bool ok = fm_propagate(&s, nq) && fm_rec(&s, 0);
  *cs = s.c;
  g_free(s.mask), g_free(s.hit), g_free(s.save), g_free(s.nb0), g_free(s.nb), g_free(s.q), g_free(s.inq);
  return ok;
}

/* the search for the clusters not done (cs->done), from the cells cs->used */
static bool csp_fc(Csp *cs) {
  Fc s;
  memset(&s, 0, sizeof s);
  s.c = *cs;
  s.d0 = g_new(uint32_t, s.c.nv + 1), s.dn = g_new(uint32_t, s.c.nv + 1);
  s.save = g_new(uint32_t, (size_t)2 * s.c.nv * (s.c.nv + 1) + 2);
  uint32_t tot = 0;
  for (uint32_t v = 0; v < s.c.nv; v++) tot += s.c.var[v].nc;
  s.cap = 2 * tot + 64, s.pool = g_new(uint32_t, s.cap);
  for (uint32_t v = 0; v < s.c.nv; v++) { /* the configurations that fit the cells already taken */
    s.d0[v] = s.top, s.dn[v] = 0;
    if (s.c.done[v]) continue;
    for (uint32_t j = 0; j < s.c.var[v].nc; j++)
      if (!meets(s.c.conf[s.c.var[v].c0 + j].m, s.c.used, s.c.W)) s.pool[s.top++] = s.c.var[v].c0 + j;
    s.dn[v] = s.top - s.d0[v];
  }
  bool ok = fc_rec(&s, 0);
  *cs = s.c; /* the steps, the exhaustion and the cells taken */
  g_free(s.d0), g_free(s.dn), g_free(s.save), g_free(s.pool);
  return ok;
}

/* The cache: a cluster's minimal configurations by its sets (the same
 * cluster recurs in thousands of positions: on mnk:7,7,5, 20,000 searches
 * met 615 different clusters of two sets or more). */
typedef struct {
  uint32_t nw;     /* words of the key */
  uint64_t w[];    /* the cluster's sets, in order */
} CKey;
typedef struct {
  uint32_t nconf;  /* UINT32_MAX: too many to enumerate */
  Conf *conf;      /* p0 relative to pc */
  uint32_t *pc, npc;
} CVal;
struct ClCache {
  GHashTable *t;
  uint64_t hits, misses;
  bool plain; /* the plain search (csp_rec), for comparison */
  bool lists; /* the filtered-list search (csp_fc) also where masks would do, for comparison */
  size_t bytes, max_bytes; /* the entries' size (entry_bytes()), its bound (0: none) */
};
void cl_cache_set_plain(ClCache *c, bool plain) {
  if (c) c->plain = plain;
}
void cl_cache_set_lists(ClCache *c, bool lists) {
  if (c) c->lists = lists;
}
void cl_cache_set_max_bytes(ClCache *c, size_t max) {
  if (c) c->max_bytes = max;
}
/* an entry's bytes: key, value, configurations, cells, and the hash table's
 * node and the allocator's headers */
static size_t entry_bytes(uint32_t nw, uint32_t nconf, uint32_t npc) {
  return sizeof(CKey) + sizeof(uint64_t) * nw + sizeof(CVal) + sizeof(Conf) * ((size_t)nconf + 1) +
         sizeof(uint32_t) * ((size_t)npc + 1) + 96;
}
static guint ckey_hash(gconstpointer k) {
  const CKey *a = k;
  uint64_t h = 0x9E3779B97F4A7C15ull ^ a->nw;
  for (uint32_t i = 0; i < a->nw; i++) h = (h ^ a->w[i]) * 0x100000001B3ull, h ^= h >> 29;
  return (guint)(h ^ (h >> 32));
}
static gboolean ckey_equal(gconstpointer x, gconstpointer y) {
  const CKey *a = x, *b = y;
  return a->nw == b->nw && memcmp(a->w, b->w, sizeof(uint64_t) * a->nw) == 0;
}
static void cval_free(gpointer p) {
  CVal *v = p;
  g_free(v->conf), g_free(v->pc), g_free(v);
}
enum { CACHE_MAX = 1 << 15 };
ClCache *cl_cache_new(void) {
  ClCache *c = g_new0(ClCache, 1);
  c->t = g_hash_table_new_full(ckey_hash, ckey_equal, g_free, cval_free);
  return c;
}
void cl_cache_free(ClCache *c) {
  if (!c) return;
  g_hash_table_destroy(c->t);
  g_free(c);
}
void cl_cache_stats(const ClCache *c, uint64_t *hits, uint64_t *misses) {
  *hits = c ? c->hits : 0, *misses = c ? c->misses : 0;
}

/* the minimal configurations of cluster cl[0..ncl-1] appended to e->conf
 * (sorted: fewer cells first); false when there are too many */
static bool cluster_confs(En *e, ClCache *cache) {
  e->c0 = e->nconf, e->steps = 0, e->cap = EN_STEPS, e->over = false;
  if (e->ncl == 1) { /* one set: every pair of its cells, each minimal */
    uint32_t cells[CL_MAX_WORDS * 64], k = 0, i = e->cl[0];
    for (uint32_t w = 0; w < e->W; w++)
      for (uint64_t x = e->sets[i][w]; x; x &= x - 1) cells[k++] = w * 64 + (uint32_t)__builtin_ctzll(x);
    for (uint32_t a = 0; a < k; a++)
      for (uint32_t b = a + 1; b < k; b++) {
        reserve(e, 1, 2);
        Conf *c = &e->conf[e->nconf++];
        memset(c->m, 0, sizeof c->m);
        c->m[cells[a] >> 6] |= UINT64_C(1) << (cells[a] & 63), c->m[cells[b] >> 6] |= UINT64_C(1) << (cells[b] & 63);
        c->p0 = e->npc, c->np = 1, c->k = 2;
        e->pc[e->npc++] = cells[a], e->pc[e->npc++] = cells[b];
      }
    e->steps = k * (k - 1) / 2;
    return true;
  }
  CKey *key = NULL;
  if (cache) {
    key = g_malloc(sizeof(CKey) + sizeof(uint64_t) * e->ncl * e->W);
    key->nw = e->ncl * e->W;
    for (uint32_t q = 0; q < e->ncl; q++) memcpy(key->w + q * e->W, e->sets[e->cl[q]], sizeof(uint64_t) * e->W);
    const CVal *v = g_hash_table_lookup(cache->t, key);
    if (v) {
      g_free(key);
      cache->hits++;
      if (v->nconf == UINT32_MAX) return false;
      reserve(e, v->nconf, v->npc);
      for (uint32_t j = 0; j < v->nconf; j++) e->conf[e->nconf + j] = v->conf[j], e->conf[e->nconf + j].p0 += e->npc;
      memcpy(e->pc + e->npc, v->pc, sizeof(uint32_t) * v->npc);
      e->nconf += v->nconf, e->npc += v->npc;
      return true;
    }
    cache->misses++;
  }
  uint32_t pc0 = e->npc;
  enum_rec(e, 0);
  if (!e->over) {
    /* keep the minimal ones (a later one may lie inside an earlier one) */
    uint32_t m = e->c0;
    for (uint32_t a = e->c0; a < e->nconf; a++) {
      bool dom = false;
      for (uint32_t b = e->c0; b < e->nconf && !dom; b++)
        if (a != b && holds_all(e->conf[a].m, e->conf[b].m, e->W))
          dom = !holds_all(e->conf[b].m, e->conf[a].m, e->W) || b < a;
      if (!dom) e->conf[m++] = e->conf[a];
    }
    e->nconf = m;
    qsort(e->conf + e->c0, m - e->c0, sizeof(Conf), conf_cmp);
  }
  if (cache) {
    size_t eb = entry_bytes(key->nw, e->over ? 0 : e->nconf - e->c0, e->over ? 0 : e->npc - pc0);
    if (cache->max_bytes && eb > cache->max_bytes) { /* larger than the whole cache: not kept */
      g_free(key);
      return !e->over;
    }
    if (g_hash_table_size(cache->t) >= CACHE_MAX || (cache->max_bytes && cache->bytes + eb > cache->max_bytes))
      g_hash_table_remove_all(cache->t), cache->bytes = 0;
    cache->bytes += eb;
    CVal *v = g_new0(CVal, 1);
    if (e->over) v->nconf = UINT32_MAX;
    else {
      v->nconf = e->nconf - e->c0;
      v->conf = g_new(Conf, v->nconf + 1);
      for (uint32_t j = 0; j < v->nconf; j++) v->conf[j] = e->conf[e->c0 + j], v->conf[j].p0 -= pc0;
      v->npc = e->npc - pc0;
      v->pc = g_new(uint32_t, v->npc + 1);
      memcpy(v->pc, e->pc + pc0, sizeof(uint32_t) * v->npc);
    }
    g_hash_table_insert(cache->t, key, v);
  }
  return !e->over;
}

/* 1: a pairing (in pairs), 0: none, -1: the budget ran out, -2: a cluster
 * has too many configurations (use the set-by-set search) */
static int by_clusters(const uint64_t (*sets)[CL_MAX_WORDS], uint32_t n, uint32_t W, uint64_t budget,
                       uint32_t *pairs, uint32_t *npairs, uint64_t *steps, ClCache *cache) {
  uint32_t *par = g_new(uint32_t, n), *cl = g_new(uint32_t, n), *served = g_new0(uint32_t, n);
  for (uint32_t i = 0; i < n; i++) par[i] = i;
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = i + 1; j < n; j++) {
      if (W == 1) { /* two common cells or more: the meet has a second bit */
        uint64_t x = sets[i][0] & sets[j][0];
        if (!(x & (x - 1))) continue;
      } else {
        uint32_t k = 0;
        for (uint32_t w = 0; w < W; w++) k += (uint32_t)__builtin_popcountll(sets[i][w] & sets[j][w]);
        if (k < 2) continue;
      }
      uint32_t a = i, b = j;
      while (par[a] != a) a = par[a] = par[par[a]];
      while (par[b] != b) b = par[b] = par[par[b]];
      if (a != b) par[a > b ? a : b] = a < b ? a : b; /* the root: the cluster's least set */
    }
  for (uint32_t i = 0; i < n; i++) { /* flatten: par[i] = the least set of i's cluster */
    uint32_t a = i;
    while (par[a] != a) a = par[a];
    par[i] = a;
  }
  En e;
  memset(&e, 0, offsetof(En, stk)); /* (the stack of pairs is written before it is read) */
  e.sp = 0, e.nconf = e.c0 = e.npc = 0, e.steps = e.cap = 0, e.over = false;
  e.sets = sets, e.W = W, e.served = served, e.cl = cl;
  e.capconf = 64, e.conf = g_new(Conf, e.capconf);
  e.cappc = 256, e.pc = g_new(uint32_t, e.cappc);
  Var *var = g_new(Var, n);
  uint32_t nv = 0;
  int res = 0;
  bool unservable = false; /* a cluster has no configuration: no pairing */
  uint64_t work = 0;
  for (uint32_t r = 0; r < n && res == 0 && !unservable; r++) {
    if (par[r] != r) continue;
    e.ncl = 0;
    for (uint32_t i = r; i < n; i++)
      if (par[i] == r) cl[e.ncl++] = i;
    bool ok = cluster_confs(&e, cache);
    work += e.steps;
    if (!ok) {
      res = -2;
      break;
    }
    uint32_t m = e.nconf;
    unservable = m == e.c0;
    if (unservable) break;
    Var *v = &var[nv++];
    v->c0 = e.c0, v->nc = m - e.c0;
    memset(v->um, 0, sizeof v->um);
    for (uint32_t j = e.c0; j < m; j++)
      for (uint32_t w = 0; w < W; w++) v->um[w] |= e.conf[j].m[w];
  }
  if (res == 0 && !unservable) {
    Csp s;
    memset(&s, 0, sizeof s);
    s.conf = e.conf, s.var = var, s.nv = nv, s.W = W, s.budget = budget;
    s.done = g_new0(uint8_t, nv + 1), s.choice = g_new0(uint32_t, nv + 1);
    bool small = true; /* every cluster's configurations fit a mask */
    for (uint32_t v = 0; v < nv; v++) small &= var[v].nc <= 64;
    bool ok = cache && cache->plain ? csp_rec(&s) : small && !(cache && cache->lists) ? csp_fm(&s) : csp_fc(&s);
    work += s.steps;
    res = ok ? 1 : s.over ? -1 : 0;
    if (ok) {
      uint32_t np = 0;
      for (uint32_t v = 0; v < nv; v++) {
        const Conf *c = &e.conf[s.choice[v]];
        memcpy(pairs + 2 * np, e.pc + c->p0, sizeof(uint32_t) * 2 * c->np);
        np += c->np;
      }
      *npairs = np;
    }
    g_free(s.done), g_free(s.choice);
  }
  *steps = work;
  g_free(par), g_free(cl), g_free(served), g_free(e.conf), g_free(e.pc), g_free(var);
  return res;
}

bool cl_shared_pairing(const uint64_t (*sets)[CL_MAX_WORDS], uint32_t n, uint32_t W, uint64_t budget, uint32_t *pairs,
                       uint32_t *npairs, uint64_t *steps, bool *exhausted) {
  return cl_shared_pairing_cached(NULL, sets, n, W, budget, pairs, npairs, steps, exhausted);
}

bool cl_shared_pairing_cached(ClCache *cache, const uint64_t (*sets)[CL_MAX_WORDS], uint32_t n, uint32_t W,
                              uint64_t budget, uint32_t *pairs, uint32_t *npairs, uint64_t *steps, bool *exhausted) {
  g_return_val_if_fail(W >= 1 && W <= CL_MAX_WORDS && n <= CL_MAX_SETS, false);
  Cl c;
  memset(&c, 0, sizeof c);
  c.sets = sets, c.n = n, c.W = W, c.budget = budget, c.pairs = pairs;
  bool ok = false;
  uint64_t work = 0;
  *npairs = 0;
  /* the clusters first: their search settles most families at once (on
   * the line M:1,1 B:4,4 of mnk:8,8,5 Hall's test below, run first, ruled
   * out one family in ten and took a fifth of this function's time) */
  int by = by_clusters(sets, n, W, budget, pairs, npairs, &work, cache);
  if (by == -2) { /* a cluster too rich: the set-by-set search, after Hall's test */
    ok = independent_family_ok(&c) && by_sets(&c);
    *npairs = ok ? c.np : 0;
  } else ok = by == 1, c.exhausted = by == -1;
  if (steps) *steps = c.steps + work;
  if (exhausted) *exhausted = !ok && c.exhausted;
  return ok;
}
