/* pbounds.c — see pbounds.h: the counting and refined lower bounds. */
#include "pbounds.h"

#include <glib.h>

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
    }
    return;
  }
  for (int x = 0; x <= left; x++) {
    c[w] = x;
    visit(L, c, w + 1, left - x);
  }
}

bool pb_local_refutes(int n, int k) { return pb_local_refutes_how(n, k, NULL, NULL); }

bool pb_local_refutes_how(int n, int k, bool *tight, int *edges) {
  g_assert(k >= 1 && k <= n && n <= 64);
  int j = k + 2;
  if (tight) *tight = false;
  if (edges) *edges = 0;
  if (k < 2 || k > 4 || n < j + 1) return false;
  Local L = {.k = k, .j = j};
  int E = refined_E(k), delta = E - (2 * k + 2);
  u128 lcm = 1, a[5];
  for (int w = 1; w <= k; w++) {
    a[w] = binom(n - w, j - w);
    lcm = lcm / gcd128(lcm, a[w]) * a[w];
    L.basic[w] = binom(j - w, k - w);
    L.refined[w] = (u128)(k + 1 - w + (w >= 2 ? delta : 0)) * binom(j - w, k + 1 - w);
  }
  for (int w = 1; w <= k; w++) L.W[w] = lcm / a[w];
  L.basic_rhs = binom(j, k) << (j - k);
  L.refined_rhs = (u128)E * binom(j, k + 1) << (j - k - 1);
  int c[6] = {0};
  visit(&L, c, 1, 1 << (j - 1));
  g_assert(L.nbest > 0);
  /* compare M C(n,j) 2^(n-j) with lcm 2^(n-1), both divided by 2^(n-j) */
  u128 lhs = L.best * binom(n, j), rhs = lcm << (j - 1);
  if (lhs > rhs) return true;
  if (lhs == rhs && L.nbest == 1 && L.best_edges && (2 * (j + 1) * L.best_e) % j != 0) {
    if (tight) *tight = true;
    if (edges) *edges = L.best_e;
    return true;
  }
  return false;
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
