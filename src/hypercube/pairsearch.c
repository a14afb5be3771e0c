/* pairsearch.c — see pairsearch.h for the contract and the method. */
#include "hypercube/pairsearch.h"

typedef struct {
  uint32_t x, y;
} Cand;

typedef struct {
  int n, k;
  bool edges_only, use_bound;
  uint64_t node_limit, nodes;
  bool gave_up;
  uint32_t nv;         /* 2^n */
  int nstar;           /* C(n,k) star sets */
  uint32_t *star;      /* the star sets, increasing */
  /* subcube (star[r], vals) has slot r * nv + vals (vals & star[r] == 0) */
  int *covered;        /* per slot: pairs of the matching inside the subcube */
  int *nfree;          /* per slot: free vertices inside the subcube */
  size_t *sub;         /* the slots of the real subcubes, in enumeration order */
  size_t nsub;         /* C(n,k) 2^(n-k) */
  int64_t unblocked;   /* subcubes with covered == 0 */
  int64_t dead;        /* unblocked subcubes with nfree < 2 */
  int64_t per_pair;    /* C(n-1, k-1): most k-subcubes one pair lies in */
  bool *used;          /* per vertex: matched */
  uint32_t free_vertices;
  uint64_t *banned;    /* bit x * nv + y (x < y): excluded in this subtree */
  GArray *chosen;      /* VPair: the matching, in order of choice */
  GArray *cand;        /* Cand: candidate lists of the nodes on the path */
} Search;

static int64_t binom(int a, int b) {
  if (b < 0 || b > a) return 0;
  int64_t r = 1;
  for (int i = 1; i <= b; i++) r = r * (a - b + i) / i;
  return r;
}

static size_t slot(const Search *s, int r, uint32_t v) {
  return (size_t)r * s->nv + (v & ~s->star[r]);
}

static size_t pair_bit(const Search *s, uint32_t x, uint32_t y) { return (size_t)x * s->nv + y; }
static bool is_banned(const Search *s, uint32_t x, uint32_t y) {
  size_t b = pair_bit(s, x, y);
  return s->banned[b / 64] >> (b % 64) & 1;
}
static void set_banned(Search *s, uint32_t x, uint32_t y, bool on) {
  size_t b = pair_bit(s, x, y);
  if (on)
    s->banned[b / 64] |= UINT64_C(1) << (b % 64);
  else
    s->banned[b / 64] &= ~(UINT64_C(1) << (b % 64));
}

static void place(Search *s, uint32_t a, uint32_t b) {
  uint32_t d = a ^ b;
  for (int r = 0; r < s->nstar; r++)
    if ((s->star[r] & d) == d && s->covered[slot(s, r, a)]++ == 0) s->unblocked--;
  uint32_t ends[2] = {a, b};
  for (int e = 0; e < 2; e++) {
    s->used[ends[e]] = true;
    for (int r = 0; r < s->nstar; r++) {
      size_t i = slot(s, r, ends[e]);
      if (s->nfree[i]-- == 2 && s->covered[i] == 0) s->dead++;
    }
  }
  s->free_vertices -= 2;
  VPair p = {a, b};
  g_array_append_val(s->chosen, p);
}

static void unplace(Search *s, uint32_t a, uint32_t b) {
  g_array_set_size(s->chosen, s->chosen->len - 1);
  s->free_vertices += 2;
  uint32_t ends[2] = {b, a};
  for (int e = 0; e < 2; e++) {
    s->used[ends[e]] = false;
    for (int r = 0; r < s->nstar; r++) {
      size_t i = slot(s, r, ends[e]);
      if (++s->nfree[i] == 2 && s->covered[i] == 0) s->dead--;
    }
  }
  uint32_t d = a ^ b;
  for (int r = 0; r < s->nstar; r++)
    if ((s->star[r] & d) == d && --s->covered[slot(s, r, a)] == 0) s->unblocked++;
}

/* Calls f on the candidate pairs of the subcube (stars, vals): x < y both
 * free, not banned, at an allowed distance; by distance, then x, then y.
 * Stops early when f returns false; returns how many calls were made. */
static int for_candidates(const Search *s, uint32_t stars, uint32_t vals, int stop_at,
                          bool (*f)(void *, uint32_t, uint32_t), void *ctx) {
  int count = 0, maxw = s->edges_only ? 1 : s->k;
  for (int w = 1; w <= maxw; w++) {
    uint32_t sx = 0;
    do {
      uint32_t x = vals | sx;
      if (!s->used[x]) {
        uint32_t sy = sx;
        while ((sy = (sy - stars) & stars) != 0) { /* the submasks above sx */
          uint32_t y = vals | sy;
          if (__builtin_popcount(sx ^ sy) != w || s->used[y] || is_banned(s, x, y)) continue;
          count++;
          if ((f && !f(ctx, x, y)) || count >= stop_at) return count;
        }
      }
      sx = (sx - stars) & stars;
    } while (sx != 0);
  }
  return count;
}

static bool push_cand(void *ctx, uint32_t x, uint32_t y) {
  Cand c = {x, y};
  g_array_append_val((GArray *)ctx, c);
  return true;
}

/* true: a strategy is on s->chosen (and the state is left as it is). */
static bool search(Search *s) {
  s->nodes++;
  if (s->node_limit && s->nodes > s->node_limit) {
    s->gave_up = true;
    return false;
  }
  if (s->unblocked == 0) return true;
  if (s->dead > 0) return false;
  if (s->use_bound && s->unblocked > (int64_t)(s->free_vertices / 2) * s->per_pair) return false;
  /* the unblocked subcube with the fewest candidates (the first on ties) */
  size_t best = SIZE_MAX;
  int best_count = G_MAXINT;
  for (size_t j = 0; j < s->nsub && best_count > 1; j++) {
    size_t i = s->sub[j];
    if (s->covered[i] != 0) continue;
    int c = for_candidates(s, s->star[i / s->nv], (uint32_t)(i % s->nv), best_count, NULL, NULL);
    if (c == 0) return false; /* can never be blocked */
    if (c < best_count) best = i, best_count = c;
  }
  guint base = s->cand->len;
  for_candidates(s, s->star[best / s->nv], (uint32_t)(best % s->nv), G_MAXINT, push_cand, s->cand);
  guint end = s->cand->len;
  bool found = false;
  for (guint j = base; j < end && !found && !s->gave_up; j++) {
    Cand c = g_array_index(s->cand, Cand, j);
    place(s, c.x, c.y);
    found = search(s);
    if (!found) {
      unplace(s, c.x, c.y);
      /* every strategy extending the matching with c has been seen */
      set_banned(s, c.x, c.y, true);
    }
  }
  for (guint j = base; j < end; j++) {
    Cand c = g_array_index(s->cand, Cand, j);
    set_banned(s, c.x, c.y, false);
  }
  g_array_set_size(s->cand, base);
  return found;
}

PairsearchResult pairsearch(int n, int k, const PairsearchOptions *opt, GArray **pairs_out,
                            uint64_t *nodes) {
  if (pairs_out) *pairs_out = NULL;
  if (nodes) *nodes = 0;
  if (n < 1 || n > PAIRSEARCH_MAX_N || k < 1 || k > n) return PAIRSEARCH_BAD_ARGS;
  PairsearchOptions o = opt ? *opt : (PairsearchOptions){0};
  Search s = {.n = n, .k = k, .edges_only = o.edges_only, .use_bound = !o.no_bound,
              .node_limit = o.node_limit};
  s.nv = UINT32_C(1) << n;
  s.star = g_new(uint32_t, s.nv);
  for (uint32_t m = 0; m < s.nv; m++)
    if (__builtin_popcount(m) == k) s.star[s.nstar++] = m;
  size_t nslots = (size_t)s.nstar * s.nv;
  s.covered = g_new0(int, nslots);
  s.nfree = g_new0(int, nslots);
  s.sub = g_new(size_t, nslots);
  for (size_t i = 0; i < nslots; i++)
    if (((uint32_t)(i % s.nv) & s.star[i / s.nv]) == 0) {
      s.nfree[i] = 1 << k;
      s.sub[s.nsub++] = i;
    }
  s.unblocked = (int64_t)s.nsub;
  s.per_pair = binom(n - 1, k - 1);
  s.used = g_new0(bool, s.nv);
  s.free_vertices = s.nv;
  s.banned = g_new0(uint64_t, ((size_t)s.nv * s.nv + 63) / 64);
  s.chosen = g_array_new(FALSE, FALSE, sizeof(VPair));
  s.cand = g_array_new(FALSE, FALSE, sizeof(Cand));

  bool found = false, bad = false;
  for (size_t i = 0; i < o.nstart && !bad; i++) {
    uint32_t a = MIN(o.start[i].a, o.start[i].b), b = MAX(o.start[i].a, o.start[i].b);
    int d = __builtin_popcount(a ^ b);
    bad = b >= s.nv || d < 1 || d > (s.edges_only ? 1 : k) || s.used[a] || s.used[b];
    if (!bad) place(&s, a, b);
  }
  if (!bad) found = search(&s);
  PairsearchResult res = bad     ? PAIRSEARCH_BAD_ARGS
                         : found  ? PAIRSEARCH_FOUND
                         : s.gave_up ? PAIRSEARCH_GAVE_UP
                                     : PAIRSEARCH_NONE;
  if (nodes) *nodes = s.nodes;
  if (found && pairs_out)
    *pairs_out = s.chosen;
  else
    g_array_free(s.chosen, TRUE);
  g_array_free(s.cand, TRUE);
  g_free(s.banned);
  g_free(s.used);
  g_free(s.sub);
  g_free(s.nfree);
  g_free(s.covered);
  g_free(s.star);
  return res;
}

const char *pairsearch_result_name(PairsearchResult r) {
  switch (r) {
    case PAIRSEARCH_FOUND: return "found";
    case PAIRSEARCH_NONE: return "none";
    case PAIRSEARCH_GAVE_UP: return "gave_up";
    default: return "bad_args";
  }
}
