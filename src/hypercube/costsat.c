/* costsat.c — see costsat.h. */
#include "hypercube/costsat.h"

#include <stdlib.h>
#include <string.h>

static void clause(CostCnf *c, const int *l, int k) {
  g_array_append_vals(c->lits, l, (guint)k);
  int z = 0;
  g_array_append_val(c->lits, z);
  c->nclauses++;
}

static void unit(CostCnf *c, int l) { clause(c, &l, 1); }

CostCnf *costsat_new(int n, int maxd) {
  g_assert(n >= 3 && n <= 6 && maxd >= 1 && maxd <= 3);
  CostCnf *c = g_new0(CostCnf, 1);
  c->n = n;
  c->maxd = maxd;
  c->lits = g_array_new(FALSE, FALSE, sizeof(int));
  uint32_t V = 1u << n;
  c->pairs = g_new(VPair, V * V / 2);
  for (uint32_t a = 0; a < V; a++)
    for (uint32_t b = a + 1; b < V; b++)
      if (__builtin_popcount(a ^ b) <= maxd) c->pairs[c->npairs++] = (VPair){a, b};
  c->nvars = c->npairs;
  /* at most one chosen pair per vertex */
  for (uint32_t x = 0; x < V; x++) {
    GArray *inc = g_array_new(FALSE, FALSE, sizeof(int));
    for (int v = 1; v <= c->npairs; v++)
      if (c->pairs[v - 1].a == x || c->pairs[v - 1].b == x) g_array_append_val(inc, v);
    for (guint i = 0; i < inc->len; i++)
      for (guint j = i + 1; j < inc->len; j++) {
        int l[2] = {-g_array_index(inc, int, i), -g_array_index(inc, int, j)};
        clause(c, l, 2);
      }
    g_array_free(inc, TRUE);
  }
  /* every 3-subcube (star set S, fixing f with f & S = 0) contains a chosen pair */
  int *l = g_new(int, c->npairs);
  for (uint32_t S = 0; S < V; S++) {
    if (__builtin_popcount(S) != 3) continue;
    for (uint32_t f = 0; f < V; f++) {
      if (f & S) continue;
      int k = 0;
      for (int v = 1; v <= c->npairs; v++) {
        VPair p = c->pairs[v - 1];
        if ((p.a & ~S) == f && (p.b & ~S) == f) l[k++] = v;
      }
      clause(c, l, k);
    }
  }
  g_free(l);
  return c;
}

void costsat_free(CostCnf *c) {
  if (!c) return;
  g_free(c->pairs);
  g_array_free(c->lits, TRUE);
  g_free(c);
}

int costsat_var(const CostCnf *c, uint32_t a, uint32_t b) {
  if (a > b) {
    uint32_t t = a;
    a = b;
    b = t;
  }
  for (int v = 1; v <= c->npairs; v++)
    if (c->pairs[v - 1].a == a && c->pairs[v - 1].b == b) return v;
  return 0;
}

VPair costsat_pair(const CostCnf *c, int var) {
  g_assert(var >= 1 && var <= c->npairs);
  return c->pairs[var - 1];
}

/* sequential counter: s[i][j] (j = 0..K-1) means "at least j+1 of x_0..x_i";
 * x_i -> s[i][0]; s[i-1][j] -> s[i][j]; x_i & s[i-1][j] -> s[i][j+1];
 * x_i & s[i-1][K-1] -> false */
void costsat_at_most(CostCnf *c, int w, int K) {
  g_assert(K >= 0);
  GArray *x = g_array_new(FALSE, FALSE, sizeof(int));
  for (int v = 1; v <= c->npairs; v++) {
    VPair p = c->pairs[v - 1];
    if (w == 0 || __builtin_popcount(p.a ^ p.b) == w) g_array_append_val(x, v);
  }
  int m = (int)x->len;
  if (K == 0) {
    for (int i = 0; i < m; i++) unit(c, -g_array_index(x, int, i));
  } else if (K < m) {
    int prev = 0; /* first variable of s[i-1], 0 for i = 0 */
    for (int i = 0; i < m; i++) {
      int xi = g_array_index(x, int, i), s = c->nvars + 1;
      c->nvars += K;
      int l2[2] = {-xi, s};
      clause(c, l2, 2);
      if (prev) {
        for (int j = 0; j < K; j++) {
          int a[2] = {-(prev + j), s + j};
          clause(c, a, 2);
        }
        for (int j = 0; j + 1 < K; j++) {
          int b[3] = {-xi, -(prev + j), s + j + 1};
          clause(c, b, 3);
        }
        int d[2] = {-xi, -(prev + K - 1)};
        clause(c, d, 2);
      }
      prev = s;
    }
  }
  g_array_free(x, TRUE);
}

void costsat_fix_half(CostCnf *c, const VPair *R, size_t nr) {
  uint32_t top = 1u << (c->n - 1);
  for (int v = 1; v <= c->npairs; v++) {
    VPair p = c->pairs[v - 1];
    if ((p.a & top) || (p.b & top)) continue;
    bool in = false;
    for (size_t i = 0; i < nr; i++)
      in |= (R[i].a == p.a && R[i].b == p.b) || (R[i].a == p.b && R[i].b == p.a);
    unit(c, in ? v : -v);
  }
  for (size_t i = 0; i < nr; i++) g_assert(costsat_var(c, R[i].a, R[i].b) && !((R[i].a | R[i].b) & top));
}

void costsat_forbid(CostCnf *c, const VPair *P, size_t np) {
  int *l = g_new(int, np);
  for (size_t i = 0; i < np; i++) {
    int v = costsat_var(c, P[i].a, P[i].b);
    g_assert(v);
    l[i] = -v;
  }
  clause(c, l, (int)np);
  g_free(l);
}

void costsat_force(CostCnf *c, const VPair *P, size_t np, bool exact) {
  bool *on = g_new0(bool, (size_t)c->npairs + 1);
  for (size_t i = 0; i < np; i++) {
    int v = costsat_var(c, P[i].a, P[i].b);
    g_assert(v);
    on[v] = true;
  }
  for (int v = 1; v <= c->npairs; v++)
    if (on[v]) unit(c, v);
    else if (exact) unit(c, -v);
  g_free(on);
}

bool costsat_blocks_all(int n, const VPair *P, size_t np, int *uncovered) {
  uint32_t V = 1u << n;
  int bad = 0;
  for (uint32_t S = 0; S < V; S++) {
    if (__builtin_popcount(S) != 3) continue;
    for (uint32_t f = 0; f < V; f++) {
      if (f & S) continue;
      bool hit = false;
      for (size_t i = 0; i < np && !hit; i++) {
        /* both endpoints agree with f off S */
        bool ina = (P[i].a & ~S & (V - 1)) == f && P[i].a < V;
        bool inb = (P[i].b & ~S & (V - 1)) == f && P[i].b < V;
        hit = ina && inb && P[i].a != P[i].b;
      }
      bad += !hit;
    }
  }
  if (uncovered) *uncovered = bad;
  return bad == 0;
}

static int cmp_pair(const void *x, const void *y) {
  const VPair *p = x, *q = y;
  if (p->a != q->a) return p->a < q->a ? -1 : 1;
  return p->b < q->b ? -1 : p->b > q->b;
}

static size_t Np; /* set size for cmp_set (qsort has no context argument) */
static int cmp_set(const void *x, const void *y) {
  const VPair *p = x, *q = y;
  for (size_t i = 0; i < Np; i++) {
    int r = cmp_pair(p + i, q + i);
    if (r) return r;
  }
  return 0;
}

size_t costsat_images(int n, const VPair *P, size_t np, VPair **out) {
  g_assert(n >= 1 && n <= 6 && np > 0);
  int perm[6];
  for (int i = 0; i < n; i++) perm[i] = i;
  size_t nperm = 1;
  for (int i = 2; i <= n; i++) nperm *= (size_t)i;
  size_t total = nperm << n;
  VPair *all = g_new(VPair, total * np);
  size_t k = 0;
  for (size_t pi = 0; pi < nperm; pi++) {
    for (uint32_t t = 0; t < (1u << n); t++) {
      VPair *img = all + k * np;
      for (size_t i = 0; i < np; i++) {
        uint32_t a = 0, b = 0;
        for (int j = 0; j < n; j++) {
          a |= ((P[i].a >> j) & 1u) << perm[j];
          b |= ((P[i].b >> j) & 1u) << perm[j];
        }
        a ^= t;
        b ^= t;
        img[i] = a < b ? (VPair){a, b} : (VPair){b, a};
      }
      qsort(img, np, sizeof(VPair), cmp_pair);
      k++;
    }
    /* next permutation in lexicographic order */
    int i = n - 2;
    while (i >= 0 && perm[i] > perm[i + 1]) i--;
    if (i < 0) break;
    int j = n - 1;
    while (perm[j] < perm[i]) j--;
    int tmp = perm[i];
    perm[i] = perm[j];
    perm[j] = tmp;
    for (int a = i + 1, b = n - 1; a < b; a++, b--) {
      tmp = perm[a];
      perm[a] = perm[b];
      perm[b] = tmp;
    }
  }
  g_assert(k == total);
  Np = np;
  qsort(all, total, np * sizeof(VPair), cmp_set);
  size_t m = 0;
  for (size_t i = 0; i < total; i++)
    if (m == 0 || cmp_set(all + (m - 1) * np, all + i * np) != 0) {
      if (m != i) memcpy(all + m * np, all + i * np, np * sizeof(VPair));
      m++;
    }
  *out = g_renew(VPair, all, m * np);
  return m;
}

int costsat_cost(const VPair *P, size_t np) {
  static const int cost[4] = {0, 5, 8, 14};
  int s = 0;
  for (size_t i = 0; i < np; i++) {
    int d = __builtin_popcount(P[i].a ^ P[i].b);
    s += d >= 1 && d <= 3 ? cost[d] : 0;
  }
  return s;
}
