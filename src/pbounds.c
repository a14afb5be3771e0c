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

bool pb_counting_refutes(int n, int k) {
  g_assert(k >= 1 && k <= n && n <= 64);
  return (u128)k << (k - 1) < (u128)n;
}

bool pb_refined_refutes(int n, int k) {
  g_assert(k >= 1 && k <= n && n <= 64);
  if (k + 1 > n) return false; /* no (k+1)-subcubes */
  int E = k * ((2 * k + 2 + k - 1) / k), delta = E - (2 * k + 2);
  u128 maxc = 0;
  for (int w = 1; w <= k; w++) {
    u128 c = (u128)(k + 1 - w + (w >= 2 ? delta : 0)) * binom(n - w, k + 1 - w);
    if (c > maxc) maxc = c;
  }
  return (maxc << k) < (u128)E * binom(n, k + 1);
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
  while (pb_counting_refutes(n, k) || pb_refined_refutes(n, k)) k++;
  return k;
}
