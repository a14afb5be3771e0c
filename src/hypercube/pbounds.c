/* pbounds.c — see pbounds.h: the counting and refined lower bounds. */
#include "hypercube/pbounds.h"

#include <glib.h>
#include <string.h>

typedef unsigned __int128 u128;

static u128 binom(int a, int b) {
  if (b < 0 || b > a) return 0;
  u128 r = 1;
  for (int i = 1; i <= b; i++) r = r * (u128)(a - b + i) / (u128)i;
  return r;
}

/* E = k ceil((2k+2)/k): the least multiple of k that is >= 2k+2 */
static int refined_E(int k) { return k * ((2 * k + 2 + k - 1) / k); }

bool pb_counting_refutes(int n, int k) {
  g_assert(k >= 1 && k <= n && n <= 64);
  return (u128)k << (k - 1) < (u128)n;
}

bool pb_refined_refutes(int n, int k) {
  g_assert(k >= 1 && k <= n && n <= 64);
  if (k + 1 > n) return false; /* no (k+1)-subcubes */
  int E = refined_E(k), delta = E - (2 * k + 2);
  u128 maxc = 0;
  for (int w = 1; w <= k; w++) {
    u128 c = (u128)(k + 1 - w + (w >= 2 ? delta : 0)) * binom(n - w, k + 1 - w);
    if (c > maxc) maxc = c;
  }
  return (maxc << k) < (u128)E * binom(n, k + 1);
}

static u128 gcd128(u128 a, u128 b) {
  while (b) {
    u128 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

typedef struct {
  int k, j;
  u128 W[5];          /* the weights W_w, w = 1..k */
  u128 best;          /* least f over feasible profiles */
  int nbest;          /* how many profiles reach it */
  bool best_edges;    /* the (last) minimiser is (e, 0, ..., 0) */
  int best_e;
  int best_c[6];      /* the (last) minimiser */
  u128 basic[5], refined[5], basic_rhs, refined_rhs;
} Local;

static void visit(Local *L, int *c, int w, int left) {
  if (w > L->k) {
    u128 b = 0, r = 0, f = 0;
    for (int i = 1; i <= L->k; i++) {
      b += L->basic[i] * (u128)c[i];
      r += L->refined[i] * (u128)c[i];
      f += L->W[i] * (u128)c[i];
    }
    if (b < L->basic_rhs || r < L->refined_rhs) return; /* not a profile of a pairing */
    if (L->nbest == 0 || f < L->best) {
      L->best = f;
      L->nbest = 0;
    }
    if (f == L->best) {
      L->nbest++;
      bool edges = true;
      for (int i = 2; i <= L->k; i++) edges &= c[i] == 0;
      L->best_edges = edges;
      L->best_e = c[1];
      memcpy(L->best_c, c, sizeof L->best_c);
    }
    return;
  }
  for (int x = 0; x <= left; x++) {
    c[w] = x;
    visit(L, c, w + 1, left - x);
  }
}

/* the local count on Q(n,k): fills L and says whether it refutes (strict
 * or tight); *lhs, *rhs are M C(n,j) and lcm 2^(j-1), i.e. both sides of
 * M N vs lcm 2^(n-1) divided by 2^(n-j) */
static bool local_eval(int n, int k, Local *L, u128 a[5], u128 *lcm_out, u128 *lhs, u128 *rhs,
                       bool *strict, bool *tight) {
  int j = k + 2;
  *strict = *tight = false;
  *L = (Local){.k = k, .j = j};
  if (k < 2 || k > 4 || n < j + 1) return false;
  int E = refined_E(k), delta = E - (2 * k + 2);
  u128 lcm = 1;
  for (int w = 1; w <= k; w++) {
    a[w] = binom(n - w, j - w);
    lcm = lcm / gcd128(lcm, a[w]) * a[w];
    L->basic[w] = binom(j - w, k - w);
    L->refined[w] = (u128)(k + 1 - w + (w >= 2 ? delta : 0)) * binom(j - w, k + 1 - w);
  }
  for (int w = 1; w <= k; w++) L->W[w] = lcm / a[w];
  L->basic_rhs = binom(j, k) << (j - k);
  L->refined_rhs = (u128)E * binom(j, k + 1) << (j - k - 1);
  int c[6] = {0};
  visit(L, c, 1, 1 << (j - 1));
  g_assert(L->nbest > 0);
  *lcm_out = lcm;
  /* compare M C(n,j) 2^(n-j) with lcm 2^(n-1), both divided by 2^(n-j) */
  *lhs = L->best * binom(n, j);
  *rhs = lcm << (j - 1);
  *strict = *lhs > *rhs;
  *tight = *lhs == *rhs && L->nbest == 1 && L->best_edges && (2 * (j + 1) * L->best_e) % j != 0;
  return *strict || *tight;
}

bool pb_local_refutes(int n, int k) { return pb_local_refutes_how(n, k, NULL, NULL); }

bool pb_local_refutes_how(int n, int k, bool *tight, int *edges) {
  g_assert(k >= 1 && k <= n && n <= 64);
  Local L;
  u128 a[5], lcm, lhs, rhs;
  bool s, t;
  bool r = local_eval(n, k, &L, a, &lcm, &lhs, &rhs, &s, &t);
  if (tight) *tight = t;
  if (edges) *edges = t ? L.best_e : 0;
  return r;
}

bool pb_counting_detail(int n, int k, PbCounting *d) {
  g_assert(k >= 1 && k <= n && n <= 24);
  d->pairs = (int64_t)1 << (n - 1);
  d->per_pair = (int64_t)binom(n - 1, k - 1);
  d->covered = d->pairs * d->per_pair;
  d->subcubes = (int64_t)(binom(n, k) << (n - k));
  bool r = d->covered < d->subcubes;
  g_assert(r == pb_counting_refutes(n, k));
  return r;
}

bool pb_refined_detail(int n, int k, PbRefined *d) {
  g_assert(k >= 1 && k <= PB_KMAX && k <= n && n <= 24);
  *d = (PbRefined){0};
  if (k + 1 > n) return false;
  d->E = refined_E(k);
  d->delta = d->E - (2 * k + 2);
  d->wmax = 1;
  for (int w = 1; w <= k; w++) {
    d->c[w] = (int64_t)(k + 1 - w + (w >= 2 ? d->delta : 0)) * (int64_t)binom(n - w, k + 1 - w);
    if (d->c[w] > d->c[d->wmax]) d->wmax = w;
  }
  d->pairs = (int64_t)1 << (n - 1);
  d->charge = d->pairs * d->c[d->wmax];
  d->cubes = (int64_t)(binom(n, k + 1) << (n - k - 1));
  d->need = d->E * d->cubes;
  bool r = d->charge < d->need;
  g_assert(r == pb_refined_refutes(n, k));
  return r;
}

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

bool pb_local_detail(int n, int k, PbLocal *d) {
  g_assert(k >= 1 && k <= n && n <= 24);
  *d = (PbLocal){.n = n, .k = k, .j = k + 2};
  Local L;
  u128 a[5], lcm, lhs, rhs;
  bool strict, tight;
  bool r = local_eval(n, k, &L, a, &lcm, &lhs, &rhs, &strict, &tight);
  if (k < 2 || k > 4 || n < k + 3) return false;
  int j = d->j;
  for (int w = 1; w <= k; w++) {
    d->a[w] = (int64_t)a[w];
    d->W[w] = (int64_t)L.W[w];
    d->R[w] = (int64_t)L.refined[w];
    d->B[w] = (int64_t)L.basic[w];
  }
  d->lcm = (int64_t)lcm;
  d->Rrhs = (int64_t)L.refined_rhs;
  d->Brhs = (int64_t)L.basic_rhs;
  d->M = (int64_t)L.best;
  d->nbest = L.nbest;
  for (int w = 1; w <= k; w++) d->best[w] = L.best_c[w];
  d->cubes = (int64_t)(binom(n, j) << (n - j));
  d->lhs = d->M * d->cubes;
  d->rhs = d->lcm << (n - 1);
  g_assert((u128)d->lhs == lhs << (n - j) && (u128)d->rhs == rhs << (n - j));
  d->strict = strict;
  d->tight = tight;
  d->e = tight ? L.best_e : 0;
  d->twice = 2 * (int64_t)(j + 1) * d->e;
  if (d->R[1] % d->W[1] == 0) {
    int64_t t = d->R[1] / d->W[1];
    bool ok = true;
    for (int w = 1; w <= k; w++) ok &= t * d->W[w] >= d->R[w];
    if (ok) {
      d->t = t;
      int64_t minx = INT64_MAX;
      for (int w = 1; w <= k; w++) {
        d->excess[w] = t * d->W[w] - d->R[w];
        if (w >= 2 && d->excess[w] < minx) minx = d->excess[w];
      }
      d->e1 = ceil_div(d->Rrhs, d->R[1]);
      d->hand_M = d->W[1] * d->e1;
      d->other = ceil_div(d->Rrhs + minx, t);
    }
  }
  return r;
}

int pb_counting_lower(int n) {
  g_assert(n >= 3 && n <= 64);
  int k = 1;
  while (pb_counting_refutes(n, k)) k++;
  return k;
}

int pb_refined_lower(int n) {
  g_assert(n >= 3 && n <= 64);
  int k = 1;
  while (pb_counting_refutes(n, k) || pb_refined_refutes(n, k) || pb_local_refutes(n, k)) k++;
  return k;
}
