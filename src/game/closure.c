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
  uint64_t used[CL_MAX_WORDS];
  uint32_t *pairs, np;
} Cl;

static inline uint32_t free_count(const Cl *c, uint32_t i) {
  uint32_t f = 0;
  for (uint32_t w = 0; w < c->W; w++) f += (uint32_t)__builtin_popcountll(c->sets[i][w] & ~c->used[w]);
  return f;
}
static inline bool holds(const Cl *c, uint32_t i, uint32_t x, uint32_t y) {
  if ((x >> 6) == (y >> 6)) {
    uint64_t m = (UINT64_C(1) << (x & 63)) | (UINT64_C(1) << (y & 63));
    return (c->sets[i][x >> 6] & m) == m;
  }
  return (c->sets[i][x >> 6] >> (x & 63) & 1) && (c->sets[i][y >> 6] >> (y & 63) & 1);
}

typedef struct {
  uint32_t x, y, score;
} Cand;
static int cand_cmp(const void *a, const void *b) {
  const Cand *p = a, *q = b;
  if (p->score != q->score) return p->score > q->score ? -1 : 1;
  if (p->x != q->x) return p->x < q->x ? -1 : 1;
  return (p->y > q->y) - (p->y < q->y);
}

static bool rec(Cl *c, uint32_t depth) {
  uint32_t best = UINT32_MAX, bf = UINT32_MAX;
  for (uint32_t i = 0; i < c->n; i++) {
    if (c->served[i]) continue;
    uint32_t f = free_count(c, i);
    if (f < 2) return false;
    if (f < bf) bf = f, best = i;
  }
  if (best == UINT32_MAX) return true;
  uint32_t cells[CL_MAX_WORDS * 64], k = 0;
  for (uint32_t w = 0; w < c->W; w++) {
    uint64_t x = c->sets[best][w] & ~c->used[w];
    while (x) cells[k++] = w * 64 + (uint32_t)__builtin_ctzll(x), x &= x - 1;
  }
  /* each pair's score: the unserved sets holding both of its cells, by
   * walking each set's cells shared with `best` */
  /* small sets (k <= 16: every k-in-a-row line) use the stack */
  uint32_t score_st[16 * 16];
  Cand cand_st[16 * 15 / 2];
  uint32_t *score = k <= 16 ? score_st : g_new0(uint32_t, (size_t)k * k);
  if (k <= 16) memset(score_st, 0, sizeof(uint32_t) * k * k);
  uint8_t idx[CL_MAX_WORDS * 64];
  for (uint32_t a = 0; a < k; a++) idx[cells[a]] = (uint8_t)a;
  for (uint32_t i = 0; i < c->n; i++) {
    if (c->served[i]) continue;
    uint32_t in[CL_MAX_WORDS * 64], ni = 0;
    for (uint32_t w = 0; w < c->W; w++) {
      uint64_t x = c->sets[i][w] & c->sets[best][w] & ~c->used[w];
      while (x) in[ni++] = idx[w * 64 + (uint32_t)__builtin_ctzll(x)], x &= x - 1;
    }
    for (uint32_t a = 0; a + 1 < ni; a++)
      for (uint32_t b = a + 1; b < ni; b++) score[in[a] * k + in[b]]++;
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
    for (uint32_t i = 0; i < c->n; i++)
      if (!c->served[i] && holds(c, i, x, y)) c->served[i] = depth + 1;
    c->used[x >> 6] |= UINT64_C(1) << (x & 63), c->used[y >> 6] |= UINT64_C(1) << (y & 63);
    c->pairs[2 * c->np] = x, c->pairs[2 * c->np + 1] = y, c->np++;
    ok = rec(c, depth + 1);
    if (ok) break;
    c->np--;
    c->used[x >> 6] &= ~(UINT64_C(1) << (x & 63)), c->used[y >> 6] &= ~(UINT64_C(1) << (y & 63));
    for (uint32_t i = 0; i < c->n; i++)
      if (c->served[i] == depth + 1) c->served[i] = 0;
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
  bool ok = independent_family_ok(&c) && rec(&c, 0);
  g_free(c.served);
  *npairs = ok ? c.np : 0;
  if (steps) *steps = c.steps;
  if (exhausted) *exhausted = !ok && c.exhausted;
  return ok;
}
