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
  uint32_t *score = g_new0(uint32_t, (size_t)k * k);
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
  Cand *cand = g_new(Cand, nc);
  uint32_t m = 0;
  for (uint32_t a = 0; a < k; a++)
    for (uint32_t b = a + 1; b < k; b++) cand[m++] = (Cand){cells[a], cells[b], score[a * k + b]};
  g_free(score);
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
  g_free(cand);
  return ok;
}

bool cl_shared_pairing(const uint64_t (*sets)[CL_MAX_WORDS], uint32_t n, uint32_t W, uint64_t budget, uint32_t *pairs,
                       uint32_t *npairs, uint64_t *steps, bool *exhausted) {
  g_return_val_if_fail(W >= 1 && W <= CL_MAX_WORDS && n <= CL_MAX_SETS, false);
  Cl c;
  memset(&c, 0, sizeof c);
  c.sets = sets, c.n = n, c.W = W, c.budget = budget, c.pairs = pairs;
  c.served = g_new0(uint32_t, n + 1);
  bool ok = rec(&c, 0);
  g_free(c.served);
  *npairs = ok ? c.np : 0;
  if (steps) *steps = c.steps;
  if (exhausted) *exhausted = !ok && c.exhausted;
  return ok;
}
