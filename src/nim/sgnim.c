/* sgnim.c — see sgnim.h for the contract. */
#include "nim/sgnim.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plumbing/parfor.h"

/* ---- the box ---- */

bool sg_box_init(SgBox *box, int n, int B) {
  if (n < 1 || n > SG_MAXN || B < 0 || B > SG_MAXB) return false;
  box->n = n;
  box->B = B;
  size_t s = 1;
  for (int i = 0; i < n; i++) {
    box->stride[i] = s;
    if (s > SG_MAXPOS / (size_t)(B + 1)) return false;
    s *= (size_t)(B + 1);
  }
  box->stride[n] = s;
  box->npos = s;
  return true;
}

size_t sg_index(const SgBox *box, const int *x) {
  size_t idx = 0;
  for (int i = 0; i < box->n; i++) idx += (size_t)x[i] * box->stride[i];
  return idx;
}

void sg_position(const SgBox *box, size_t idx, int *x) {
  for (int i = 0; i < box->n; i++) {
    x[i] = (int)(idx % (size_t)(box->B + 1));
    idx /= (size_t)(box->B + 1);
  }
}

void sg_position_format(const SgBox *box, size_t idx, char *buf, size_t len) {
  int x[SG_MAXN];
  sg_position(box, idx, x);
  size_t k = 0;
  k += (size_t)snprintf(buf + k, k < len ? len - k : 0, "(");
  for (int i = 0; i < box->n; i++)
    k += (size_t)snprintf(buf + k, k < len ? len - k : 0, i ? ",%d" : "%d", x[i]);
  snprintf(buf + k, k < len ? len - k : 0, ")");
}

/* bitset words needed for SG values: SG <= T <= sum x_i / min|E| <= nB / min|E| */
static size_t value_words(const SgBox *box, const uint32_t *edges, size_t ne) {
  int mine = SG_MAXN;
  for (size_t e = 0; e < ne; e++) mine = MIN(mine, __builtin_popcount(edges[e]));
  size_t maxv = (size_t)box->n * (size_t)box->B / (size_t)mine;
  return maxv / 64 + 1;
}

static void check_edges(const SgBox *box, const uint32_t *edges, size_t ne) {
  uint32_t all = (UINT32_C(1) << box->n) - 1;
  if (ne == 0) g_error("sgnim: a hypergraph needs an edge");
  for (size_t e = 0; e < ne; e++)
    if (edges[e] == 0 || (edges[e] & ~all)) g_error("sgnim: edge %zu is empty or outside V", e);
}

/* ---- the engine ---- */

typedef struct {
  const SgBox *box;
  size_t ne, W, R, rowlen;
  size_t off[1u << SG_MAXN];     /* index offset of χ(E) */
  uint32_t inc_start[SG_MAXN + 1];
  uint32_t *inc;                  /* edges containing pile i: inc[inc_start[i] .. inc_start[i+1]) */
} Engine;

/* the next position of the box in odometer order (pile 1 fastest); pos has
 * bit i set iff x[i] > 0 */
static inline void next_position(int *x, uint32_t *pos, int n, int B) {
  for (int i = 0; i < n; i++) {
    if (x[i] < B) {
      x[i]++;
      *pos |= UINT32_C(1) << i;
      return;
    }
    x[i] = 0;
    *pos &= ~(UINT32_C(1) << i);
  }
}

static inline int mex_words(const uint64_t *b, size_t W) {
  for (size_t w = 0; w < W; w++)
    if (~b[w]) return (int)(w * 64) + __builtin_ctzll(~b[w]);
  g_error("sgnim: an SG value exceeds its bound");
}

/* the main loop; W is a compile-time constant in the specialised calls */
static inline __attribute__((always_inline)) void engine_run(const Engine *en, const uint32_t *edges,
                                                             uint64_t *P, SgValue *out,
                                                             const size_t W) {
  const SgBox *box = en->box;
  const int n = box->n, B = box->B;
  const size_t ne = en->ne, R = en->R, rowlen = en->rowlen;
  int x[SG_MAXN] = {0};
  uint32_t pos = 0; /* piles i with x_i > 0 */
  size_t r = 0;     /* ring slot of idx */
  uint64_t opts[W];
  for (size_t idx = 0; idx < box->npos; idx++) {
    uint64_t *row = P + r * rowlen;
    for (size_t w = 0; w < W; w++) opts[w] = 0;
    for (size_t e = 0; e < ne; e++) {
      if (edges[e] & ~pos) continue;
      size_t q = r >= en->off[e] ? r - en->off[e] : r + R - en->off[e];
      const uint64_t *src = P + q * rowlen + e * W;
      for (size_t w = 0; w < W; w++) opts[w] |= src[w];
    }
    int g = mex_words(opts, W);
    out[idx] = (SgValue)g;
    for (size_t e = 0; e < ne; e++)
      for (size_t w = 0; w < W; w++) row[e * W + w] = (size_t)g / 64 == w ? UINT64_C(1) << (g % 64) : 0;
    for (int i = 0; i < n; i++) {
      if (x[i] == 0) continue;
      size_t s = box->stride[i];
      size_t q = r >= s ? r - s : r + R - s;
      const uint64_t *src = P + q * rowlen;
      for (uint32_t j = en->inc_start[i]; j < en->inc_start[i + 1]; j++) {
        size_t e = en->inc[j];
        for (size_t w = 0; w < W; w++) row[e * W + w] |= src[e * W + w];
      }
    }
    /* next position */
    if (++r == R) r = 0;
    next_position(x, &pos, n, B);
  }
}

SgValue *sg_solve(const SgBox *box, const uint32_t *edges, size_t ne) {
  check_edges(box, edges, ne);
  Engine *en = g_new0(Engine, 1);
  en->box = box;
  en->ne = ne;
  en->W = value_words(box, edges, ne);
  en->R = 2 * box->stride[box->n - 1];
  en->rowlen = ne * en->W;
  en->inc = g_new(uint32_t, ne * (size_t)box->n + 1);
  uint32_t k = 0;
  for (int i = 0; i < box->n; i++) {
    en->inc_start[i] = k;
    for (size_t e = 0; e < ne; e++)
      if (edges[e] >> i & 1) en->inc[k++] = (uint32_t)e;
  }
  en->inc_start[box->n] = k;
  for (size_t e = 0; e < ne; e++) {
    en->off[e] = 0;
    for (int i = 0; i < box->n; i++)
      if (edges[e] >> i & 1) en->off[e] += box->stride[i];
  }
  uint64_t *P = g_new0(uint64_t, en->R * en->rowlen);
  SgValue *out = g_new(SgValue, box->npos);
  switch (en->W) {
    case 1: engine_run(en, edges, P, out, 1); break;
    case 2: engine_run(en, edges, P, out, 2); break;
    default: engine_run(en, edges, P, out, en->W); break;
  }
  g_free(P);
  g_free(en->inc);
  g_free(en);
  return out;
}

/* ---- the naive solver: the mex over every option ---- */

SgValue *sg_solve_naive(const SgBox *box, const uint32_t *edges, size_t ne, uint64_t *work) {
  check_edges(box, edges, ne);
  const int n = box->n;
  size_t maxv = value_words(box, edges, ne) * 64;
  size_t *seen = g_new0(size_t, maxv + 1);
  SgValue *out = g_new(SgValue, box->npos);
  uint64_t visited = 0;
  int x[SG_MAXN];
  for (size_t idx = 0; idx < box->npos; idx++) {
    sg_position(box, idx, x);
    size_t stamp = idx + 1;
    for (size_t e = 0; e < ne; e++) {
      int c[SG_MAXN], k = 0;
      bool ok = true;
      for (int i = 0; i < n; i++)
        if (edges[e] >> i & 1) {
          if (x[i] == 0) ok = false;
          c[k++] = i;
        }
      if (!ok) continue;
      /* decrements d_j in 1..x[c_j], odometer */
      int d[SG_MAXN];
      size_t y = idx;
      for (int j = 0; j < k; j++) d[j] = 1, y -= box->stride[c[j]];
      for (;;) {
        seen[out[y]] = stamp;
        visited++;
        int j = 0;
        while (j < k && d[j] == x[c[j]]) {
          y += (size_t)(d[j] - 1) * box->stride[c[j]];
          d[j] = 1;
          j++;
        }
        if (j == k) break;
        d[j]++;
        y -= box->stride[c[j]];
      }
    }
    size_t g = 0;
    while (seen[g] == stamp) g++;
    if (g >= maxv) g_error("sgnim: an SG value exceeds its bound");
    out[idx] = (SgValue)g;
  }
  g_free(seen);
  if (work) *work = visited;
  return out;
}

/* ---- the Tetris value ---- */

SgValue *sg_tetris(const SgBox *box, const uint32_t *edges, size_t ne) {
  check_edges(box, edges, ne);
  const int n = box->n, B = box->B;
  /* inclusion-minimal edges and their offsets */
  uint32_t *minimal = g_new(uint32_t, ne);
  size_t *off = g_new(size_t, ne), nm = 0;
  for (size_t e = 0; e < ne; e++) {
    bool min = true;
    for (size_t f = 0; f < ne && min; f++)
      if (f != e && (edges[f] & edges[e]) == edges[f]) min = false;
    if (!min) continue;
    minimal[nm] = edges[e];
    off[nm] = 0;
    for (int i = 0; i < n; i++)
      if (edges[e] >> i & 1) off[nm] += box->stride[i];
    nm++;
  }
  SgValue *T = g_new(SgValue, box->npos);
  int x[SG_MAXN] = {0};
  uint32_t pos = 0;
  for (size_t idx = 0; idx < box->npos; idx++) {
    int t = 0;
    for (size_t e = 0; e < nm; e++)
      if (!(minimal[e] & ~pos)) t = MAX(t, T[idx - off[e]] + 1);
    T[idx] = (SgValue)t;
    next_position(x, &pos, n, B);
  }
  g_free(minimal);
  g_free(off);
  return T;
}

/* ---- the JM formula ---- */

int sg_jm_value(int m, int t_x, int t_base) {
  int y = t_base + 1;
  int c = y * (y - 1) / 2;
  if (m <= c) return t_x;
  return c + (m - c - 1) % y;
}

SgValue *sg_jm_table(const SgBox *box, const SgValue *T) {
  SgValue *U = g_new(SgValue, box->npos);
  size_t ones = 0;
  for (int i = 0; i < box->n; i++) ones += box->stride[i];
  int x[SG_MAXN];
  for (size_t idx = 0; idx < box->npos; idx++) {
    sg_position(box, idx, x);
    int m = x[0];
    for (int i = 1; i < box->n; i++) m = MIN(m, x[i]);
    U[idx] = (SgValue)sg_jm_value(m, T[idx], T[idx - (size_t)m * ones]);
  }
  return U;
}

/* ---- spectra ---- */

bool sg_spectrum_parse(const char *text, int n, uint32_t *sizes, char **err) {
  *sizes = 0;
  if (n < 1 || n > SG_MAXN) {
    *err = g_strdup_printf("n = %d is out of range (allowed: 1..%d)", n, SG_MAXN);
    return false;
  }
  if (text == NULL || *text == '\0') {
    *err = g_strdup_printf("empty spectrum (give sizes l1<l2<...<lk in 1..%d, e.g. 2,3)", n);
    return false;
  }
  g_auto(GStrv) parts = g_strsplit(text, ",", -1);
  int prev = 0;
  uint32_t mask = 0;
  for (int j = 0; parts[j]; j++) {
    const char *p = parts[j];
    size_t len = strlen(p);
    bool digits = len > 0 && len <= 6;
    for (size_t i = 0; i < len && digits; i++) digits = g_ascii_isdigit(p[i]);
    if (!digits) {
      *err = g_strdup_printf("spectrum '%s': entry %d '%s' is not a number (allowed: 1..%d)", text,
                             j + 1, p, n);
      return false;
    }
    int v = atoi(p);
    if (v == 0) {
      *err = g_strdup_printf("spectrum '%s': entry %d is 0 (allowed: 1..%d)", text, j + 1, n);
      return false;
    }
    if (v > n) {
      *err = g_strdup_printf("spectrum '%s': entry %d is %d > n = %d (allowed: 1..%d)", text, j + 1,
                             v, n, n);
      return false;
    }
    if (v == prev) {
      *err = g_strdup_printf("spectrum '%s': entry %d repeats %d (a spectrum is strictly increasing)",
                             text, j + 1, v);
      return false;
    }
    if (v < prev) {
      *err = g_strdup_printf("spectrum '%s': entry %d is %d after %d (a spectrum is strictly increasing)",
                             text, j + 1, v, prev);
      return false;
    }
    prev = v;
    mask |= UINT32_C(1) << (v - 1);
  }
  *sizes = mask;
  *err = NULL;
  return true;
}

void sg_spectrum_format(uint32_t sizes, const char *sep, char *buf, size_t len) {
  size_t k = 0;
  if (len) buf[0] = '\0';
  for (int s = 1; s <= 32; s++)
    if (sizes >> (s - 1) & 1)
      k += (size_t)snprintf(buf + k, k < len ? len - k : 0, "%s%d", k ? sep : "", s);
}

size_t sg_symmetric_edges(int n, uint32_t sizes, uint32_t *edges) {
  size_t k = 0;
  for (uint32_t m = 1; m < (UINT32_C(1) << n); m++)
    if (sizes >> (__builtin_popcount(m) - 1) & 1) edges[k++] = m;
  return k;
}

int sg_tetris_closed(const int *x, int n, int lambda1) {
  int hi = 0;
  for (int i = 0; i < n; i++) hi += x[i];
  hi /= lambda1;
  /* the predicate is monotone: f(t) = sum min(x_i, t) - λ_1 t is concave
   * with f(0) = 0, so {t >= 0 : f(t) >= 0} is an interval from 0 */
  for (int t = hi; t > 0; t--) {
    long s = 0;
    for (int i = 0; i < n; i++) s += MIN(x[i], t);
    if (s >= (long)lambda1 * t) return t;
  }
  return 0;
}

/* ---- transversals ---- */

bool sg_transversal_free(uint32_t S, const uint32_t *edges, size_t ne) {
  for (size_t e = 0; e < ne; e++) {
    if (edges[e] & ~S) continue;
    bool transversal = true;
    for (size_t f = 0; f < ne && transversal; f++)
      if (!(edges[f] & ~S) && !(edges[f] & edges[e])) transversal = false;
    if (transversal) return false;
  }
  return true;
}

bool sg_minimal_transversal_free(int n, const uint32_t *edges, size_t ne, uint32_t *witness) {
  const uint32_t full = (UINT32_C(1) << n) - 1;
  g_autofree uint8_t *is_edge = g_new0(uint8_t, (size_t)full + 1);
  g_autofree uint8_t *has = g_new0(uint8_t, (size_t)full + 1); /* has[M]: some edge ⊆ M */
  for (size_t e = 0; e < ne; e++) is_edge[edges[e]] = 1;
  for (uint32_t M = 1; M <= full; M++) {
    has[M] = is_edge[M];
    for (uint32_t r = M; r && !has[M]; r &= r - 1) has[M] = has[M & ~(r & -r)];
  }
  /* H_S is transversal-free iff every edge E ⊆ S misses some edge ⊆ S \ E */
  for (uint32_t k = 0; k < full; k++) {
    uint32_t S = k == 0 ? full : k; /* V first, then every proper S in order */
    if (!has[S]) continue;          /* H_S empty: not counted */
    bool tf = true;
    for (uint32_t E = S; E && tf; E = (E - 1) & S)
      if (is_edge[E] && !has[S & ~E]) tf = false;
    if (tf != (S == full)) {
      if (witness) *witness = S;
      return false;
    }
  }
  return true;
}

/* ---- comparisons ---- */

int sg_order_cmp_pos(int n, const int *a, const int *b) {
  int ma = 0, mb = 0, sa = 0, sb = 0;
  for (int i = 0; i < n; i++) {
    ma = MAX(ma, a[i]), mb = MAX(mb, b[i]);
    sa += a[i], sb += b[i];
  }
  if (ma != mb) return ma < mb ? -1 : 1;
  if (sa != sb) return sa < sb ? -1 : 1;
  for (int i = 0; i < n; i++)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

int sg_order_cmp(const SgBox *box, size_t a, size_t b) {
  int xa[SG_MAXN], xb[SG_MAXN];
  sg_position(box, a, xa);
  sg_position(box, b, xb);
  return sg_order_cmp_pos(box->n, xa, xb);
}

bool sg_tables_agree(const SgBox *box, const SgValue *a, const SgValue *b, size_t *first) {
  bool agree = true;
  size_t best = 0;
  for (size_t idx = 0; idx < box->npos; idx++) {
    if (a[idx] == b[idx]) continue;
    if (agree || sg_order_cmp(box, idx, best) < 0) best = idx;
    agree = false;
  }
  if (!agree && first) *first = best;
  return agree;
}

/* ---- sorted positions ---- */

static inline size_t C(const SgSorted *sb, int a, int k) { return sb->binom[(size_t)a * (size_t)(sb->n + 1) + (size_t)k]; }

bool sg_sorted_init(SgSorted *sb, int n, int B) {
  sb->binom = NULL;
  if (n < 1 || n > SG_MAXN || B < 0 || B > SG_MAXB) return false;
  sb->n = n;
  sb->B = B;
  int A = B + n;
  sb->binom = g_new0(size_t, (size_t)(A + 1) * (size_t)(n + 1));
  for (int a = 0; a <= A; a++)
    for (int k = 0; k <= n; k++) {
      size_t v = k == 0 ? 1 : a == 0 ? 0 : C(sb, a - 1, k - 1) + C(sb, a - 1, k);
      if (v > SG_MAXPOS) v = SG_MAXPOS + 1; /* saturate; only the count is checked */
      sb->binom[(size_t)a * (size_t)(n + 1) + (size_t)k] = v;
    }
  sb->count = C(sb, A, n);
  if (sb->count > SG_MAXPOS) {
    sg_sorted_clear(sb);
    return false;
  }
  return true;
}

void sg_sorted_clear(SgSorted *sb) { g_clear_pointer(&sb->binom, g_free); }

size_t sg_sorted_rank(const SgSorted *sb, const int *z) {
  size_t r = 0;
  for (int i = 0; i < sb->n; i++) r += C(sb, z[i] + i, i + 1);
  return r;
}

void sg_sorted_first(const SgSorted *sb, int *z) {
  for (int i = 0; i < sb->n; i++) z[i] = 0;
}

bool sg_sorted_next(const SgSorted *sb, int *z) {
  int i = 0;
  while (i < sb->n && z[i] == (i + 1 < sb->n ? z[i + 1] : sb->B)) i++;
  if (i == sb->n) return false;
  z[i]++;
  for (int j = 0; j < i; j++) z[j] = 0;
  return true;
}

uint64_t sg_sorted_orbit(const SgSorted *sb, const int *z) {
  uint64_t o = 1;
  int run = 0;
  for (int i = 0; i < sb->n; i++) {
    run = i > 0 && z[i] == z[i - 1] ? run + 1 : 1;
    o = o * (uint64_t)(i + 1) / (uint64_t)run; /* n!/prod m! built factor by factor */
  }
  return o;
}

/* per position: blocks of equal values and the rank steps */
typedef struct {
  uint32_t pos;                 /* piles with z_i > 0 */
  int first[SG_MAXN];           /* first pile of i's block */
  uint32_t block[SG_MAXN];      /* mask of i's block */
  size_t delta[SG_MAXN];        /* rank(z) - rank(z - e_i) for a block's first pile */
} Blocks;

static void blocks_of(const SgSorted *sb, const int *z, Blocks *bl) {
  bl->pos = 0;
  for (int i = 0; i < sb->n; i++) {
    if (z[i] > 0) bl->pos |= UINT32_C(1) << i;
    bl->first[i] = i > 0 && z[i] == z[i - 1] ? bl->first[i - 1] : i;
    bl->delta[i] = z[i] > 0 ? C(sb, z[i] + i - 1, i) : 0;
  }
  for (int i = sb->n - 1; i >= 0; i--)
    bl->block[i] = i + 1 < sb->n && bl->first[i + 1] == bl->first[i] ? bl->block[i + 1] | UINT32_C(1) << i
                                                                      : UINT32_C(1) << i;
}

/* E ⊆ pos is canonical at z iff E meets every block in a prefix of it; then
 * z - χ(E) is sorted and its rank is r - sum_{i in E} delta_i */
static inline bool canonical(const Blocks *bl, uint32_t E) {
  for (uint32_t r = E; r; r &= r - 1) {
    int i = __builtin_ctz(r);
    if (i != bl->first[i] && !(E >> (i - 1) & 1)) return false;
  }
  return true;
}

static inline size_t rank_step(const Blocks *bl, uint32_t E) {
  size_t d = 0;
  for (uint32_t r = E; r; r &= r - 1) d += bl->delta[__builtin_ctz(r)];
  return d;
}

typedef struct {
  size_t ne;
  uint32_t *edges;   /* H(λ) in increasing mask order */
  uint32_t *eidx;    /* mask -> index in edges */
} SymEdges;

static void sym_edges(int n, uint32_t sizes, SymEdges *se) {
  if (sizes == 0 || (sizes >> n)) g_error("sgnim: spectrum mask %#x outside 1..%d", sizes, n);
  se->edges = g_new(uint32_t, (size_t)1 << n);
  se->eidx = g_new0(uint32_t, (size_t)1 << n);
  se->ne = sg_symmetric_edges(n, sizes, se->edges);
  for (size_t e = 0; e < se->ne; e++) se->eidx[se->edges[e]] = (uint32_t)e;
}

static void sym_edges_clear(SymEdges *se) {
  g_free(se->edges);
  g_free(se->eidx);
}

static inline __attribute__((always_inline)) void sym_run(const SgSorted *sb, const SymEdges *se,
                                                          uint64_t *P, SgValue *out, const size_t W) {
  const size_t ne = se->ne, rowlen = ne * W;
  int z[SG_MAXN];
  uint64_t opts[W];
  Blocks bl;
  sg_sorted_first(sb, z);
  size_t r = 0;
  do {
    blocks_of(sb, z, &bl);
    uint64_t *row = P + r * rowlen;
    for (size_t w = 0; w < W; w++) opts[w] = 0;
    for (size_t e = 0; e < ne; e++) {
      uint32_t E = se->edges[e];
      if ((E & ~bl.pos) || !canonical(&bl, E)) continue;
      const uint64_t *src = P + (r - rank_step(&bl, E)) * rowlen + e * W;
      for (size_t w = 0; w < W; w++) opts[w] |= src[w];
    }
    int g = mex_words(opts, W);
    out[r] = (SgValue)g;
    for (size_t e = 0; e < ne; e++) {
      uint64_t *dst = row + e * W;
      for (size_t w = 0; w < W; w++) dst[w] = (size_t)g / 64 == w ? UINT64_C(1) << (g % 64) : 0;
      uint32_t E = se->edges[e], todo = E & bl.pos;
      while (todo) { /* one pile of E per block: z - e_i sorts to z - e_j, E to τE */
        int i = __builtin_ctz(todo);
        int j = bl.first[i];
        todo &= ~bl.block[i];
        uint32_t E2 = E >> j & 1 ? E : (E & ~(UINT32_C(1) << i)) | UINT32_C(1) << j;
        const uint64_t *src = P + (r - bl.delta[j]) * rowlen + (size_t)se->eidx[E2] * W;
        for (size_t w = 0; w < W; w++) dst[w] |= src[w];
      }
    }
    r++;
  } while (sg_sorted_next(sb, z));
}

SgValue *sg_solve_symmetric(const SgSorted *sb, uint32_t sizes) {
  SymEdges se;
  sym_edges(sb->n, sizes, &se);
  SgBox box = {.n = sb->n, .B = sb->B};
  size_t W = value_words(&box, se.edges, se.ne);
  uint64_t *P = g_new(uint64_t, sb->count * se.ne * W);
  SgValue *out = g_new(SgValue, sb->count);
  switch (W) {
    case 1: sym_run(sb, &se, P, out, 1); break;
    case 2: sym_run(sb, &se, P, out, 2); break;
    default: sym_run(sb, &se, P, out, W); break;
  }
  g_free(P);
  sym_edges_clear(&se);
  return out;
}

SgValue *sg_tetris_symmetric(const SgSorted *sb, uint32_t sizes) {
  SymEdges se;
  sym_edges(sb->n, sizes, &se);
  int lambda1 = __builtin_ctz(sizes) + 1; /* the minimal edges: size λ_1 */
  SgValue *T = g_new(SgValue, sb->count);
  int z[SG_MAXN];
  Blocks bl;
  sg_sorted_first(sb, z);
  size_t r = 0;
  do {
    blocks_of(sb, z, &bl);
    int t = 0;
    for (size_t e = 0; e < se.ne; e++) {
      uint32_t E = se.edges[e];
      if (__builtin_popcount(E) != lambda1 || (E & ~bl.pos) || !canonical(&bl, E)) continue;
      t = MAX(t, T[r - rank_step(&bl, E)] + 1);
    }
    T[r++] = (SgValue)t;
  } while (sg_sorted_next(sb, z));
  sym_edges_clear(&se);
  return T;
}

SgValue *sg_jm_table_sorted(const SgSorted *sb, const SgValue *T) {
  SgValue *U = g_new(SgValue, sb->count);
  int z[SG_MAXN], b[SG_MAXN];
  sg_sorted_first(sb, z);
  size_t r = 0;
  do {
    int m = z[0];
    for (int i = 0; i < sb->n; i++) b[i] = z[i] - m;
    U[r] = (SgValue)sg_jm_value(m, T[r], T[sg_sorted_rank(sb, b)]);
    r++;
  } while (sg_sorted_next(sb, z));
  return U;
}

SgValue *sg_expand(const SgBox *box, const SgSorted *sb, const SgValue *sorted) {
  g_assert(box->n == sb->n && box->B == sb->B);
  const int n = box->n, B = box->B;
  SgValue *out = g_new(SgValue, box->npos);
  int x[SG_MAXN] = {0}, z[SG_MAXN];
  for (size_t idx = 0; idx < box->npos; idx++) {
    for (int i = 0; i < n; i++) { /* insertion sort: n is small */
      int v = x[i], j = i;
      while (j > 0 && z[j - 1] > v) z[j] = z[j - 1], j--;
      z[j] = v;
    }
    out[idx] = sorted[sg_sorted_rank(sb, z)];
    for (int i = 0; i < n; i++) { /* next position */
      if (x[i] < B) {
        x[i]++;
        break;
      }
      x[i] = 0;
    }
  }
  return out;
}

/* ---- the survey ---- */

typedef struct {
  const SgSorted *sb;
  SgSurveyRow *rows;
} Survey;

static void survey_one(size_t i, int worker, void *ctx) {
  (void)worker;
  const Survey *s = ctx;
  const SgSorted *sb = s->sb;
  SgSurveyRow *row = &s->rows[i];
  g_autofree SgValue *G = sg_solve_symmetric(sb, row->sizes);
  g_autofree SgValue *T = sg_tetris_symmetric(sb, row->sizes);
  g_autofree SgValue *U = sg_jm_table_sorted(sb, T);
  row->agree = true;
  row->max_sg = 0;
  row->p_positions = row->differ = 0;
  row->sg_first = row->u_first = 0;
  for (int j = 0; j < SG_MAXN; j++) row->first[j] = 0;
  int z[SG_MAXN];
  sg_sorted_first(sb, z);
  size_t r = 0;
  do {
    uint64_t orbit = sg_sorted_orbit(sb, z);
    row->max_sg = MAX(row->max_sg, G[r]);
    if (G[r] == 0) row->p_positions += orbit;
    if (G[r] != U[r]) {
      row->differ += orbit;
      if (row->agree || sg_order_cmp_pos(sb->n, z, row->first) < 0) {
        memcpy(row->first, z, sizeof(int) * (size_t)sb->n);
        row->sg_first = G[r];
        row->u_first = U[r];
      }
      row->agree = false;
    }
    r++;
  } while (sg_sorted_next(sb, z));
}

void sg_jm_survey(const SgSorted *sb, SgSurveyRow *rows, size_t count, int threads) {
  Survey s = {sb, rows};
  parfor(count, threads, survey_one, &s); /* row i is unit i's alone */
}
