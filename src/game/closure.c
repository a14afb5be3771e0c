/* closure.c — a bounded search for a shared pairing (see closure.h). */
#include "game/closure.h"

#include <glib.h>
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

bool cl_shared_pairing(const uint64_t (*sets)[CL_MAX_WORDS], uint32_t n, uint32_t W, uint64_t budget, uint32_t *pairs,
                       uint32_t *npairs, uint64_t *steps, bool *exhausted) {
  g_return_val_if_fail(W >= 1 && W <= CL_MAX_WORDS && n <= CL_MAX_SETS, false);
  Cl c;
  memset(&c, 0, sizeof c);
  c.sets = sets, c.n = n, c.W = W, c.budget = budget, c.pairs = pairs;
  c.served = g_new0(uint32_t, n + 1);
  c.fc = g_new(uint32_t, n + 1);
  c.mark = g_new0(uint32_t, n + 1);
  uint32_t nv = W * 64, tot = 0;
  c.inc0 = g_new0(uint32_t, nv + 2);
  for (uint32_t i = 0; i < n; i++) {
    c.fc[i] = 0;
    for (uint32_t w = 0; w < W; w++) {
      c.fc[i] += (uint32_t)__builtin_popcountll(sets[i][w]);
      for (uint64_t x = sets[i][w]; x; x &= x - 1) c.inc0[w * 64 + (uint32_t)__builtin_ctzll(x) + 1]++;
    }
    tot += c.fc[i];
  }
  for (uint32_t v = 0; v < nv; v++) c.inc0[v + 1] += c.inc0[v];
  c.inc0[nv + 1] = c.inc0[nv];
  c.inc = g_new(uint32_t, tot + 1);
  uint32_t *fill = g_new(uint32_t, nv + 1);
  memcpy(fill, c.inc0, sizeof(uint32_t) * nv);
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t w = 0; w < W; w++)
      for (uint64_t x = sets[i][w]; x; x &= x - 1) c.inc[fill[w * 64 + (uint32_t)__builtin_ctzll(x)]++] = i;
  g_free(fill);
  bool ok = independent_family_ok(&c) && rec(&c, 0);
  g_free(c.served), g_free(c.fc), g_free(c.mark), g_free(c.inc0), g_free(c.inc);
  *npairs = ok ? c.np : 0;
  if (steps) *steps = c.steps;
  if (exhausted) *exhausted = !ok && c.exhausted;
  return ok;
}
