#include "hypercube/subcube.h"
#include "plumbing/errors.h"

#include <string.h>

bool sv_is_matching(int n, const VPair *pairs, size_t npairs) {
  return cube_is_matching(n, pairs, npairs);
}

uint64_t sv_subcubes(int n, int k) {
  uint64_t c = 1;
  for (int i = 1; i <= k; i++) c = c * (uint64_t)(n - k + i) / (uint64_t)i; /* C(n,k), exact */
  return c << (n - k);
}

/* rank of v among the submasks of m in increasing order (software pext) */
static uint64_t submask_rank(uint32_t v, uint32_t m) {
  uint64_t r = 0;
  int bit = 0;
  for (; m; m &= m - 1, bit++)
    if (v & m & -m) r |= UINT64_C(1) << bit;
  return r;
}

/* the submask of m whose rank among the submasks of m is r (software pdep) */
static uint32_t submask_unrank(uint64_t r, uint32_t m) {
  uint32_t v = 0;
  for (; m && r; m &= m - 1, r >>= 1)
    if (r & 1) v |= m & -m;
  return v;
}

static uint64_t binom(int n, int r) {
  if (r < 0 || r > n) return 0;
  uint64_t c = 1;
  for (int i = 1; i <= r; i++) c = c * (uint64_t)(n - r + i) / (uint64_t)i; /* exact */
  return c;
}

/* rank of the k-set `stars` among all k-sets in increasing order of the mask
 * (colex order): the sum of C(c_i, i) over its elements c_1 < ... < c_k */
static uint64_t combination_rank(uint32_t stars) {
  uint64_t r = 0;
  for (int i = 1; stars; stars &= stars - 1, i++) r += binom(__builtin_ctz(stars), i);
  return r;
}

/* ---- the bucket method (fallback for many distinct difference masks) ----
 * For each star set A (Gosper order) the buckets of the pairs whose difference
 * mask lies inside A are scanned and the distinct values a & ~A are counted
 * with a stamp array over Q_n.  Cost about C(n,k) (2^k + incidences). */
static bool verify_buckets(int n, int k, const VPair *pairs, size_t npairs, Subcube *hole,
                           uint64_t *checked) {
  uint32_t nv = 1u << n, full = nv - 1;
  /* bucket the pairs' first vertices by difference mask (counting sort) */
  uint32_t *start = g_new0(uint32_t, (size_t)nv + 1);
  uint32_t *avert = g_new(uint32_t, npairs ? npairs : 1);
  for (size_t i = 0; i < npairs; i++) start[(pairs[i].a ^ pairs[i].b) + 1]++;
  for (uint32_t d = 0; d < nv; d++) start[d + 1] += start[d];
  uint32_t *fill = g_memdup2(start, ((size_t)nv + 1) * sizeof(uint32_t));
  for (size_t i = 0; i < npairs; i++) avert[fill[pairs[i].a ^ pairs[i].b]++] = pairs[i].a;
  g_free(fill);
  GArray *masks = g_array_new(FALSE, FALSE, sizeof(uint32_t)); /* the non-empty buckets */
  for (uint32_t d = 0; d < nv; d++)
    if (start[d + 1] > start[d]) g_array_append_val(masks, d);
  const uint32_t *mk = (const uint32_t *)masks->data;
  uint32_t *stamp = g_new0(uint32_t, nv);
  uint32_t need = 1u << (n - k), round = 0;
  const uint32_t none = UINT32_MAX; /* never a mask: n <= 24 */
  uint64_t done = 0;
  bool all = true;
  for (uint32_t stars = (1u << k) - 1; stars <= full; stars = cube_next_combination(stars)) {
    round++;
    uint32_t fixed = full & ~stars, count = 0;
    bool by_submask = (1u << k) < masks->len;
    uint32_t d = by_submask ? stars : 0;
    for (guint j = 0; count < need;) {
      uint32_t dm;
      if (by_submask) { /* submasks of stars, decreasing, down to 0 (a pair {a,a}) */
        if (d == none) break;
        dm = d;
        d = d ? (d - 1) & stars : none;
      } else {
        if (j >= masks->len) break;
        dm = mk[j++];
        if (dm & ~stars) continue;
      }
      for (uint32_t i = start[dm]; i < start[dm + 1]; i++) {
        uint32_t v = avert[i] & fixed;
        if (stamp[v] != round) {
          stamp[v] = round;
          if (++count == need) break;
        }
      }
    }
    if (count < need) { /* the first fixing without a pair */
      uint32_t v = 0;
      while (stamp[v] == round) v = (v - fixed) & fixed;
      if (hole) {
        hole->stars = stars;
        hole->vals = v;
      }
      done += submask_rank(v, fixed) + 1;
      all = false;
      break;
    }
    done += need;
    if (k == n) break;
  }
  if (checked) *checked = done;
  g_free(stamp);
  g_array_free(masks, TRUE);
  g_free(avert);
  g_free(start);
  return all;
}

/* ---- projections of bitsets ----
 * A bitset of 2^s bits is stored in max(1, 2^(s-6)) 64-bit words, bit x in
 * word x>>6 at position x&63; when 2^s < 64 the unused high bits are zero.
 * project() ORs away index bit p (p < s): out[hi,lo] = in[hi,0,lo] | in[hi,1,lo]
 * with lo the p low index bits, giving 2^(s-1) bits. */
static inline size_t bs_words(int s) { return s >= 6 ? (size_t)1 << (s - 6) : 1; }

/* K[r]: blocks of 2^r ones at the even block positions */
static const uint64_t K[6] = {UINT64_C(0x5555555555555555), UINT64_C(0x3333333333333333),
                              UINT64_C(0x0f0f0f0f0f0f0f0f), UINT64_C(0x00ff00ff00ff00ff),
                              UINT64_C(0x0000ffff0000ffff), UINT64_C(0x00000000ffffffff)};

/* the 32 bits of one word with index bit p (< 6) OR-ed away, in the low half */
static inline uint64_t squeeze(uint64_t w, int p) {
  uint64_t x = (w | w >> (1u << p)) & K[p];
  for (int q = p; q < 5; q++) x = (x | x >> (1u << q)) & K[q + 1]; /* unshuffle */
  return x;
}

#define SQUEEZE_CASE(P)                                                             \
  case P:                                                                           \
    for (size_t i = 0; i < nout; i++) {                                             \
      uint64_t v = squeeze(src[2 * i], P) | squeeze(src[2 * i + 1], P) << 32;       \
      dst[i] = acc ? dst[i] | v : v;                                                \
    }                                                                               \
    break;

/* dst = proj_p(src) (acc false) or dst |= proj_p(src) (acc true); src has 2^s bits */
static inline void project(uint64_t *restrict dst, const uint64_t *restrict src, int s, int p,
                           bool acc) {
  if (p >= 6) { /* whole words: OR the two halves of every block of 2^(p+1) bits */
    size_t b = (size_t)1 << (p - 6), nhi = (size_t)1 << (s - 1 - p);
    for (size_t h = 0; h < nhi; h++) {
      const uint64_t *lo = src + 2 * h * b, *hi = lo + b;
      uint64_t *o = dst + h * b;
      if (acc)
        for (size_t j = 0; j < b; j++) o[j] |= lo[j] | hi[j];
      else
        for (size_t j = 0; j < b; j++) o[j] = lo[j] | hi[j];
    }
  } else if (s >= 7) { /* inside words: two input words give one output word */
    size_t nout = (size_t)1 << (s - 7);
    switch (p) {
      SQUEEZE_CASE(0)
      SQUEEZE_CASE(1)
      SQUEEZE_CASE(2)
      SQUEEZE_CASE(3)
      SQUEEZE_CASE(4)
      SQUEEZE_CASE(5)
    }
  } else { /* one word in (unused bits zero), at most 32 bits out */
    uint64_t v = squeeze(src[0], p);
    dst[0] = acc ? dst[0] | v : v;
  }
}

void sv_project_bits(uint64_t *dst, const uint64_t *src, int s, int p) {
  g_assert(s >= 1 && s <= 30 && p >= 0 && p < s);
  project(dst, src, s, p, false);
}

/* ---- the projection DP ----
 * Slots.  At a node of depth t of the search (star coordinates
 * A_t = {a_1 > ... > a_t} chosen, a_0 = n) a slot is a key K, a subset of the
 * coordinates below a_t, with the bitset (2^(n-t) bits, indexed by the
 * non-A_t coordinates, pext order) OR of pi_{A_t}(L_D) over the masks D with
 * D ⊆ A_t ∪ K and D ∩ {coords < a_t} = K.  Those masks enter exactly the same
 * leaves below, so one bitset per key suffices; the key-0 slot holds what is
 * already blocked.  Keys are kept in increasing order.  Adding a < a_t keeps
 * the slots with K ⊆ {coords <= a} (K < 2^(a+1)): those below 2^a and those
 * with bit a, two increasing runs whose new keys K & (2^a - 1) are merged;
 * keys with more than k-t-1 elements left are dropped. */
#define SV_MAXN 24

typedef struct {
  int n, k;
  size_t nslot[SV_MAXN + 1];
  uint32_t *key[SV_MAXN + 1];
  uint64_t *bits[SV_MAXN + 1]; /* level t: slots of bs_words(n - t) words */
  uint32_t hstars;             /* the hole, when found */
  uint64_t hindex;
} Dp;

/* slots that level t can need: at most m0, and at most the subsets of the
 * (at most n-t) coordinates below a_t with at most k-t elements */
static size_t dp_cap(int n, int k, int t, size_t m0) {
  uint64_t c = 0;
  for (int j = 0; j <= k - t && c < m0; j++) c += binom(n - t, j);
  return c < m0 ? (size_t)c : m0;
}

static uint64_t dp_bytes(int n, int k, size_t m0) {
  uint64_t b = 0;
  for (int t = 0; t <= k; t++) b += (uint64_t)dp_cap(n, k, t, m0) * bs_words(n - t) * 8;
  return b;
}

/* the leaf (A = stars) from a node of depth k-1: returns true at a hole */
static bool dp_leaf(Dp *d, int s, uint32_t stars) {
  const uint64_t *b = d->bits[d->k];
  if (s >= 6) {
    size_t nw = bs_words(s);
    for (size_t i = 0; i < nw; i++)
      if (~b[i]) {
        d->hstars = stars;
        d->hindex = (uint64_t)i * 64 + (uint64_t)__builtin_ctzll(~b[i]);
        return true;
      }
    return false;
  }
  uint64_t fullw = (UINT64_C(1) << (1u << s)) - 1;
  if (b[0] == fullw) return false;
  d->hstars = stars;
  d->hindex = (uint64_t)__builtin_ctzll(~b[0]);
  return true;
}

/* searches below the node of depth t (stars = A_t, top = a_t, n at the root),
 * whose slots are at level t; returns true when it found the first hole */
static bool dp_node(Dp *d, int t, int top, uint32_t stars) {
  const int k = d->k, s = d->n - t;
  const size_t w = bs_words(s), wc = bs_words(s - 1), ns = d->nslot[t];
  const uint32_t *key = d->key[t];
  const uint64_t *bits = d->bits[t];
  uint64_t *cb = d->bits[t + 1];
  uint32_t *ck = d->key[t + 1];
  const int rem = k - t - 1; /* coordinates still to choose below a */
  size_t i1 = 0, i2 = 0;     /* keys in [0, i1) are < 2^a, keys in [i1, i2) in [2^a, 2^(a+1)) */
  for (int a = rem; a < top; a++) {
    const uint32_t bit = 1u << a, low = bit - 1;
    while (i1 < ns && key[i1] < bit) i1++;
    if (i2 < i1) i2 = i1;
    while (i2 < ns && key[i2] < 2 * bit) i2++;
    if (rem == 0) { /* a leaf: only keys 0 and {a} reach it */
      bool any = false;
      if (i1 > 0 && key[0] == 0) {
        project(cb, bits, s, a, false);
        any = true;
      }
      if (i2 > i1 && key[i1] == bit) {
        project(cb, bits + i1 * w, s, a, any);
        any = true;
      }
      if (!any) memset(cb, 0, wc * sizeof(uint64_t));
      if (dp_leaf(d, s - 1, stars | bit)) return true;
      continue;
    }
    size_t nc = 0, x = 0, y = i1;
    while (x < i1 || y < i2) { /* merge the two runs by new key */
      uint32_t kx = x < i1 ? key[x] : UINT32_MAX, ky = y < i2 ? key[y] & low : UINT32_MAX;
      uint32_t kk = kx < ky ? kx : ky;
      bool keep = __builtin_popcount(kk) <= rem;
      bool acc = false;
      uint64_t *o = cb + nc * wc;
      if (kx == kk) {
        if (keep) project(o, bits + x * w, s, a, false), acc = true;
        x++;
      }
      if (ky == kk) {
        if (keep) project(o, bits + y * w, s, a, acc);
        y++;
      }
      if (keep) ck[nc++] = kk;
    }
    d->nslot[t + 1] = nc;
    if (dp_node(d, t + 1, a, stars | bit)) return true;
  }
  return false;
}

/* presence bitmap over Q_n of the difference masks with at most k elements;
 * *m0 receives their number */
static uint64_t *mask_bitmap(int n, int k, const VPair *pairs, size_t npairs, size_t *m0) {
  size_t nw = bs_words(n), m = 0;
  uint64_t *seen = g_new0(uint64_t, nw);
  for (size_t i = 0; i < npairs; i++) {
    uint32_t dm = pairs[i].a ^ pairs[i].b;
    if (__builtin_popcount(dm) <= k) seen[dm >> 6] |= UINT64_C(1) << (dm & 63);
  }
  for (size_t i = 0; i < nw; i++) m += (size_t)__builtin_popcountll(seen[i]);
  *m0 = m;
  return seen;
}

static bool verify_dp(int n, int k, const VPair *pairs, size_t npairs, Subcube *hole,
                      uint64_t *checked) {
  /* the distinct difference masks of at most k elements, increasing, ranked
   * by per-word prefix counts of their bitmap */
  size_t nw = bs_words(n), m0;
  uint64_t *seen = mask_bitmap(n, k, pairs, npairs, &m0);
  uint32_t *before = g_new(uint32_t, nw);
  for (size_t i = 0, m = 0; i < nw; i++) {
    before[i] = (uint32_t)m;
    m += (size_t)__builtin_popcountll(seen[i]);
  }
  Dp d = {.n = n, .k = k};
  for (int t = 0; t <= k; t++) {
    size_t cap = t == k ? 1 : dp_cap(n, k, t, m0);
    if (cap == 0) cap = 1;
    d.key[t] = g_new(uint32_t, cap);
    d.bits[t] = g_new(uint64_t, cap * bs_words(n - t));
  }
  /* level 0: key D = the mask itself, bitset L_D (bit a & ~D = a & b) */
  size_t j = 0;
  for (size_t i = 0; i < nw; i++)
    for (uint64_t x = seen[i]; x; x &= x - 1)
      d.key[0][j++] = (uint32_t)(i * 64) + (uint32_t)__builtin_ctzll(x);
  d.nslot[0] = m0;
  memset(d.bits[0], 0, m0 * nw * sizeof(uint64_t));
  for (size_t i = 0; i < npairs; i++) {
    uint32_t dm = pairs[i].a ^ pairs[i].b, v = pairs[i].a & pairs[i].b;
    if (__builtin_popcount(dm) > k) continue;
    uint64_t below = seen[dm >> 6] & ((UINT64_C(1) << (dm & 63)) - 1);
    size_t slot = before[dm >> 6] + (size_t)__builtin_popcountll(below);
    d.bits[0][slot * nw + (v >> 6)] |= UINT64_C(1) << (v & 63);
  }
  g_free(seen);
  g_free(before);
  bool found = dp_node(&d, 0, n, 0);
  uint32_t full = (1u << n) - 1;
  if (found) {
    if (hole) {
      hole->stars = d.hstars;
      hole->vals = submask_unrank(d.hindex, full & ~d.hstars);
    }
    if (checked) *checked = (combination_rank(d.hstars) << (n - k)) + d.hindex + 1;
  } else if (checked) {
    *checked = sv_subcubes(n, k);
  }
  for (int t = 0; t <= k; t++) {
    g_free(d.key[t]);
    g_free(d.bits[t]);
  }
  return !found;
}

/* The DP's bitsets must fit in this many bytes, else the buckets are used. */
#define SV_DP_MAX_BYTES (UINT64_C(256) << 20)
/* ... and there must be at most this many distinct masks of <= k elements. */
#define SV_DP_MAX_MASKS 4096

bool sv_verify_method(int n, int k, const VPair *pairs, size_t npairs, Subcube *hole,
                      uint64_t *checked, int method) {
  g_assert(k >= 1 && k <= n && n <= SV_MAXN);
  g_assert(method == SV_METHOD_AUTO || method == SV_METHOD_DP || method == SV_METHOD_BUCKETS);
  if (method == SV_METHOD_AUTO) {
    size_t m0;
    g_free(mask_bitmap(n, k, pairs, npairs, &m0));
    bool dp = m0 <= SV_DP_MAX_MASKS && dp_bytes(n, k, m0) <= SV_DP_MAX_BYTES;
    method = dp ? SV_METHOD_DP : SV_METHOD_BUCKETS;
  }
  if (method == SV_METHOD_DP) return verify_dp(n, k, pairs, npairs, hole, checked);
  return verify_buckets(n, k, pairs, npairs, hole, checked);
}

bool sv_verify(int n, int k, const VPair *pairs, size_t npairs, Subcube *hole, uint64_t *checked) {
  return sv_verify_method(n, k, pairs, npairs, hole, checked, SV_METHOD_AUTO);
}

/* ---- strategy files ---- */
static bool parse_vertex(const char *s, int n, uint32_t *v) {
  if ((int)strlen(s) != n) return false;
  uint32_t x = 0;
  for (int i = 0; i < n; i++) {
    if (s[i] != '0' && s[i] != '1') return false;
    if (s[i] == '1') x |= 1u << i;
  }
  *v = x;
  return true;
}

GArray *sv_read_pairs(const char *text, int n, GError **err) {
  g_assert(n >= 1 && n <= 24);
  GArray *out = g_array_new(FALSE, FALSE, sizeof(VPair));
  uint32_t *used = g_new0(uint32_t, (size_t)1 << n); /* line number + 1 */
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  bool ok = true;
  for (int ln = 0; lines[ln] && ok; ln++) {
    char *hash = strchr(lines[ln], '#');
    if (hash) *hash = '\0';
    g_auto(GStrv) tok = g_strsplit_set(lines[ln], " \t\r", -1);
    const char *w[3] = {NULL, NULL, NULL};
    int nw = 0;
    for (char **t = tok; *t; t++)
      if (**t) {
        if (nw < 3) w[nw] = *t;
        nw++;
      }
    if (nw == 0) continue;
    VPair p;
    if (nw != 2) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, "line %d: a pair is two vertices, found %d", ln + 1, nw);
      ok = false;
    } else if (!parse_vertex(w[0], n, &p.a) || !parse_vertex(w[1], n, &p.b)) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, "line %d: a vertex is a 0/1 string of length %d (got '%s' '%s')", ln + 1,
                  n, w[0], w[1]);
      ok = false;
    } else if (p.a == p.b) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, "line %d: the two vertices are equal", ln + 1);
      ok = false;
    } else if (used[p.a] || used[p.b]) {
      uint32_t x = used[p.a] ? p.a : p.b;
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, "line %d: vertex %s already used on line %u", ln + 1,
                  x == p.a ? w[0] : w[1], used[x]);
      ok = false;
    } else {
      used[p.a] = used[p.b] = (uint32_t)ln + 1;
      g_array_append_val(out, p);
    }
  }
  g_free(used);
  if (!ok) {
    g_array_free(out, TRUE);
    return NULL;
  }
  return out;
}

void sv_write_pairs(FILE *f, int n, const VPair *pairs, size_t npairs) {
  char a[33], b[33];
  for (size_t i = 0; i < npairs; i++) {
    for (int j = 0; j < n; j++) {
      a[j] = (char)('0' + ((pairs[i].a >> j) & 1));
      b[j] = (char)('0' + ((pairs[i].b >> j) & 1));
    }
    a[n] = b[n] = '\0';
    fprintf(f, "%s %s\n", a, b);
  }
}

bool sv_blocks_report(int n, int k, const GArray *pairs, const char *who, const char *what) {
  Subcube hole;
  bool ok = sv_verify(n, k, (const VPair *)pairs->data, pairs->len, &hole, NULL);
  if (!ok && what) {
    char buf[80];
    cube_format(hole, n, buf);
    fprintf(stderr, "%s: %s leaves the %d-subcube %s unblocked\n", who, what, k, buf);
  }
  return ok;
}
