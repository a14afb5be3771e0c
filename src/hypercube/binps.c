/* binps.c — the constructions of the hypercube paper; see binps.h. */
#include "hypercube/binps.h"

#include <string.h>

/* ---- strategies typed from the paper ---- */

GArray *bp_from_vectors(int n, const char *const *vec, int count) {
  GArray *out = g_array_sized_new(FALSE, FALSE, sizeof(VPair), (guint)count);
  for (int i = 0; i < count; i++) {
    Subcube c;
    VPair p;
    if (!cube_parse(vec[i], n, &c) || !cube_edge_pair(c, &p)) {
      g_array_unref(out);
      return NULL;
    }
    g_array_append_val(out, p);
  }
  return out;
}

GArray *bp_p1(void) {
  static const char *const v[] = {"(*)"};
  return bp_from_vectors(1, v, 1);
}

GArray *bp_p2(void) {
  static const char *const v[] = {"(*,0)"};
  return bp_from_vectors(2, v, 1);
}

/* a 0/1 string, coordinate 1 first */
static uint32_t word(const char *s) {
  uint32_t v = 0;
  for (int i = 0; s[i]; i++)
    if (s[i] == '1') v |= 1u << i;
  return v;
}

GArray *bp_p3(int j) {
  static const char *const v[] = {"(*,0,0)", "(1,*,1)", "(0,1,*)"}; /* P_3, Example 3 */
  static const char *const t[] = {"000", "101", "110", "011"};      /* §4: P^(j) = P_3 + t_j */
  g_assert(j >= 0 && j < 4);
  g_autoptr(GArray) p = bp_from_vectors(3, v, 3);
  return bp_translate(p, word(t[j]));
}

GArray *bp_ps42(int j) {
  static const char *const v[] = {"(*,0,0,0)", "(0,*,1,0)", "(0,0,*,1)", "(0,1,0,*)",
                                  "(*,1,1,1)", "(1,*,0,1)", "(1,1,*,0)", "(1,0,1,*)"};
  static const char *const t[] = {"0000", "0011", "0101", "0110"};
  g_assert(j >= 0 && j < 4);
  g_autoptr(GArray) p = bp_from_vectors(4, v, 8);
  return bp_translate(p, word(t[j]));
}

/* coordinate i -> i+1 (mod n): the cyclic shift of §5 */
static uint32_t rotate(uint32_t v, int n) {
  return ((v << 1) | (v >> (n - 1))) & ((1u << n) - 1);
}

GArray *bp_cyclic63(void) {
  static const char *const v[] = {"(*,0,1,0,0,0)", "(*,1,0,1,1,1)", "(*,0,1,1,0,0)",
                                  "(*,1,0,0,1,1)"};
  g_autoptr(GArray) base = bp_from_vectors(6, v, 4);
  GArray *out = g_array_new(FALSE, FALSE, sizeof(VPair));
  for (guint i = 0; i < base->len; i++) {
    VPair p = g_array_index(base, VPair, i);
    for (int r = 0; r < 6; r++) { /* the orbit <e>: e and its five shifts */
      g_array_append_val(out, p);
      p.a = rotate(p.a, 6);
      p.b = rotate(p.b, 6);
    }
  }
  return out;
}

/* ---- operations ---- */

GArray *bp_translate(const GArray *p, uint32_t t) {
  GArray *out = g_array_sized_new(FALSE, FALSE, sizeof(VPair), p->len);
  for (guint i = 0; i < p->len; i++) {
    VPair q = g_array_index(p, VPair, i);
    VPair r = {q.a ^ t, q.b ^ t};
    if (r.a > r.b) { /* keep .a the endpoint with 0 in the differing coordinate */
      uint32_t x = r.a;
      r.a = r.b;
      r.b = x;
    }
    g_array_append_val(out, r);
  }
  return out;
}

GArray *bp_extend(const GArray *p, int n) {
  g_assert(n >= 1 && n < 30);
  GArray *out = g_array_sized_new(FALSE, FALSE, sizeof(VPair), 2 * p->len);
  for (int top = 0; top < 2; top++)
    for (guint i = 0; i < p->len; i++) {
      VPair q = g_array_index(p, VPair, i);
      q.a |= (uint32_t)top << n;
      q.b |= (uint32_t)top << n;
      g_array_append_val(out, q);
    }
  return out;
}

GArray *bp_restrict(const GArray *p, int N, int n) {
  g_assert(1 <= n && n <= N && N <= 30);
  (void)N; /* used only by the assertion */
  GArray *out = g_array_new(FALSE, FALSE, sizeof(VPair));
  for (guint i = 0; i < p->len; i++) {
    VPair q = g_array_index(p, VPair, i);
    if ((q.a >> n) == 0 && (q.b >> n) == 0) g_array_append_val(out, q);
  }
  return out;
}

/* ---- product-sets ---- */

typedef struct {
  const BpProduct *p;
  const uint32_t *cls[2]; /* the even and the odd vertices of Q_n */
  uint32_t half;          /* 2^(n-1) */
  GArray *out;
} Walk;

/* choose the bin-set vertex of bin u (skipping the P bin t), then the P edge */
static void walk(Walk *w, VPair e, int t, int u, uint32_t base, int isum) {
  const BpProduct *p = w->p;
  if (u == p->c) {
    int i = (int)(((int64_t)p->shift + isum) % p->m);
    const GArray *in = p->inner[i];
    for (guint r = 0; r < in->len; r++) {
      VPair q = g_array_index(in, VPair, r);
      VPair o = {base | q.a << (t * p->n), base | q.b << (t * p->n)};
      g_array_append_val(w->out, o);
    }
    return;
  }
  if (u == t) {
    walk(w, e, t, u + 1, base, isum);
    return;
  }
  const uint32_t *cl = w->cls[(e.a >> u) & 1];
  for (uint32_t r = 0; r < w->half; r++) {
    uint32_t x = cl[r];
    int ix = p->index ? p->index[x] : 0;
    walk(w, e, t, u + 1, base | x << (u * p->n), (isum + ix) % p->m);
  }
}

GArray *bp_product(const BpProduct *p) {
  g_assert(p->c >= 2 && p->n >= 1 && p->c * p->n <= 30 && p->m >= 1);
  g_assert(p->m == 1 || p->index != NULL);
  uint32_t nv = 1u << p->n;
  uint32_t *ev = g_new(uint32_t, nv), ne = 0, no = 0;
  for (uint32_t v = 0; v < nv; v++)
    if (!__builtin_parity(v)) ev[ne++] = v;
  for (uint32_t v = 0; v < nv; v++)
    if (__builtin_parity(v)) ev[ne + no++] = v;
  Walk w = {p, {ev, ev + ne}, ne, g_array_new(FALSE, FALSE, sizeof(VPair))};
  for (guint r = 0; r < p->outer->len; r++) {
    VPair e = g_array_index(p->outer, VPair, r);
    uint32_t d = e.a ^ e.b;
    g_assert(__builtin_popcount(d) == 1 && (e.a & d) == 0);
    walk(&w, e, __builtin_ctz(d), 0, 0, 0);
  }
  g_free(ev);
  return w.out;
}

static GArray *binps(int c, const GArray *outer, const GArray *p, int n) {
  const GArray *inner[1] = {p};
  BpProduct pr = {c, outer, n, 1, inner, NULL, 0};
  return bp_product(&pr);
}

GArray *bp_binps4(const GArray *p, int n) {
  g_autoptr(GArray) outer = bp_ps42(0);
  return binps(4, outer, p, n);
}

GArray *bp_binps3(const GArray *p, int n) {
  g_autoptr(GArray) outer = bp_p3(0);
  return binps(3, outer, p, n);
}

/* ---- Index partitions (Lemma 2 = Lemma 5 with c = 2) ---- */

int bp_lemma5_parts(int c, int level) {
  return 1 << ((c - 1) * level);
}

/* reversed bits: lexicographic order of coordinate strings (coordinate 1 first) */
static uint32_t lexkey(uint32_t v, int n) {
  uint32_t r = 0;
  for (int i = 0; i < n; i++)
    if ((v >> i) & 1) r |= 1u << (n - 1 - i);
  return r;
}

/* rank of each vertex of Q_n among the vertices of its parity, lexicographically */
static int *lex_rank(int n) {
  uint32_t nv = 1u << n;
  int *rank = g_new(int, nv);
  int seen[2] = {0, 0};
  for (uint32_t key = 0; key < nv; key++) {
    uint32_t v = lexkey(key, n); /* lexkey is an involution */
    rank[v] = seen[__builtin_parity(v)]++;
  }
  return rank;
}

int *bp_lemma5_index(int c, int level) {
  g_assert(c >= 2 && level >= 1);
  int width = c;
  for (int l = 1; l < level; l++) width *= c;
  g_assert(width <= 24);
  int *idx = lex_rank(c); /* level 1 */
  int w = c;
  g_autofree int *brank = lex_rank(c);
  for (int l = 1; l < level; l++) {
    int M = bp_lemma5_parts(c, l), nw = w * c;
    uint32_t nv = 1u << nw, mask = (1u << w) - 1;
    int *next = g_new(int, nv);
    for (uint32_t v = 0; v < nv; v++) {
      uint32_t b = 0;
      int sum = 0;
      for (int j = 0; j < c; j++) {
        uint32_t x = (v >> (j * w)) & mask;
        b |= (uint32_t)__builtin_parity(x) << j;
        sum = (sum + idx[x]) % M;
      }
      next[v] = brank[b] * M + sum;
    }
    g_free(idx);
    idx = next;
    w = nw;
  }
  return idx;
}

/* ---- Theorems 3 and 5 ---- */

static GPtrArray *family(int c, int d) {
  g_assert(d == 0 || d == 1);
  GPtrArray *f = g_ptr_array_new_with_free_func((GDestroyNotify)g_array_unref);
  if (d == 0) {
    for (int j = 0; j < 4; j++) g_ptr_array_add(f, c == 4 ? bp_ps42(j) : bp_p3(j));
    return f;
  }
  g_autoptr(GPtrArray) in = family(c, 0);
  /* bins of width c, m = 4 parts: Lemma 2 with k = 2 (c = 4), Lemma 5 c = 3, level 1 */
  g_autofree int *index = c == 4 ? bp_lemma5_index(2, 2) : bp_lemma5_index(3, 1);
  for (int s = 0; s < 4; s++)
    for (int j = 0; j < 4; j++) {
      g_autoptr(GArray) outer = c == 4 ? bp_ps42(j) : bp_p3(j);
      BpProduct pr = {c, outer, c, 4, (const GArray *const *)in->pdata, index, s};
      g_ptr_array_add(f, bp_product(&pr));
    }
  return f;
}

GPtrArray *bp_thm3_family(int d) { return family(4, d); }
GPtrArray *bp_thm5_family(int d) { return family(3, d); }

/* ---- the §5 recipe ---- */

const char *bp_step_name(BpStep s) {
  static const char *const name[] = {"theorem3", "cyclic63", "theorem5", "theorem1", "lemma3",
                                     "lemma4"};
  return name[s];
}

/* N = f 4^e with f in {1, 4} handled by the caller; returns e >= 0 if N = f 4^e */
static int power4_times(int64_t N, int64_t f) {
  if (N % f) return -1;
  int64_t q = N / f;
  int e = 0;
  while (q > 1 && q % 4 == 0) q /= 4, e++;
  return q == 1 ? e : -1;
}

/* how Q(N, K(N)) is made in one step, and from which N */
static BpStep plan(int64_t N, int64_t *from) {
  g_assert(N >= 3 && N <= (INT64_C(1) << 24));
  *from = 0;
  if (N == 3) { /* Lemma 4 from Q(4,2) */
    *from = 4;
    return BP_RESTRICT;
  }
  if (power4_times(N, 4) >= 0) return BP_THM3; /* N = 4^(d+1) */
  if (N == 6) return BP_CYCLIC63;
  if (N == 9) return BP_THM5;
  if (power4_times(N, 6) >= 1 || power4_times(N, 9) >= 1) { /* Corollary 1(b) */
    *from = N / 4;
    return BP_THM1;
  }
  int64_t q = 1; /* 4q < N < 16q: the three intervals of §5 */
  while (16 * q <= N) q *= 4;
  if (N <= 5 * q || (6 * q < N && N <= 7 * q) || (9 * q < N && N <= 10 * q)) {
    *from = N - 1;
    return BP_EXTEND;
  }
  *from = N < 6 * q ? 6 * q : N < 9 * q ? 9 * q : 16 * q;
  return BP_RESTRICT;
}

int64_t bp_recipe_k(int64_t N) {
  int64_t from, add = 0;
  BpStep how;
  while ((how = plan(N, &from)) == BP_EXTEND) { /* Lemma 3: one more coordinate, one more star */
    N--;
    add++;
  }
  switch (how) {
    case BP_THM3: return N / 4 + 1 + add;
    case BP_CYCLIC63:
    case BP_THM5: return N / 3 + 1 + add;
    case BP_THM1: {
      int64_t k = bp_recipe_k(from);
      return MAX(4 * k - 3, from + k) + add;
    }
    case BP_RESTRICT: return bp_recipe_k(from) + add;
    case BP_EXTEND: break;
  }
  g_assert_not_reached();
}

void bp_recipe(int64_t N, BpRecipe *r) {
  r->N = N;
  r->how = plan(N, &r->from);
  r->K = bp_recipe_k(N);
}

GArray *bp_recipe_build(int N, int64_t *K) {
  g_assert(N >= 3 && N <= 24);
  BpRecipe r;
  bp_recipe(N, &r);
  if (K) *K = r.K;
  switch (r.how) {
    case BP_THM3: {
      if (N == 4) return bp_ps42(0);
      g_assert(N == 16);
      g_autoptr(GPtrArray) f = bp_thm3_family(1);
      return g_array_ref(g_ptr_array_index(f, 0)); /* BinPS_0^{R(0)}(4×4) */
    }
    case BP_CYCLIC63: return bp_cyclic63();
    case BP_THM5: {
      g_autoptr(GPtrArray) f = bp_thm5_family(1);
      return g_array_ref(g_ptr_array_index(f, 0)); /* BinPS^R(3×3) */
    }
    case BP_THM1: {
      g_autoptr(GArray) p = bp_recipe_build((int)r.from, NULL);
      return bp_binps4(p, (int)r.from);
    }
    case BP_EXTEND: {
      g_autoptr(GArray) p = bp_recipe_build(N - 1, NULL);
      return bp_extend(p, N - 1);
    }
    case BP_RESTRICT: {
      g_autoptr(GArray) p = bp_recipe_build((int)r.from, NULL);
      return bp_restrict(p, (int)r.from, N);
    }
  }
  g_assert_not_reached();
}
