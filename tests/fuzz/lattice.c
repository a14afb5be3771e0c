/* Harness: lattice-pairing's arguments (src/lattice.c lat_dirs_parse and the
 * SEED check) and, on small tori, Theorem 1's construction behind them.
 * Input: the arguments DIRS and an optional SEED, one a line.
 * Properties: a set parsed is valid (lat_dirs_valid) and within the limits;
 * when its torus is small, the assignment is perfect and passes its
 * checker, and the low/high pairing is an involution blocking every line of
 * length 3|S| (Theorem 1: a violation is a bug of the construction or of
 * the checker). */
#include <string.h>

#include "fuzz.h"
#include "plumbing/input.h"
#include "lattice/lattice.h"

static int64_t gcd(int64_t a, int64_t b) { return b ? gcd(b, a % b) : a; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char **arg = fuzz_lines(data, size, 2);
  int na = (int)g_strv_length(arg);
  LatDirs S;
  GError *why = NULL;
  int64_t seed = 0;
  if (na < 1) goto out;
  if (!lat_dirs_parse(arg[0], &S, &why)) {
    FUZZ_ASSERT(why && strchr(why->message, '\n') == NULL);
    g_clear_error(&why);
    goto out;
  }
  FUZZ_ASSERT(S.d >= 1 && S.d <= LAT_MAX_D && S.n >= 1 && S.n <= LAT_MAX_S);
  FUZZ_ASSERT(lat_dirs_valid(&S, &why));
  char *str = lat_dirs_to_string(&S);
  FUZZ_ASSERT(strchr(str, '\n') == NULL);
  g_free(str);
  if (na == 2 && !in_int64(arg[1], 0, 1000000, &seed)) goto out;
  /* the period: n * lcm_v(2 |v_first|), as lat_pairing_lowhigh computes it */
  int64_t T = 1, pts = 1, npts = 1;
  for (int i = 0; i < S.n && T <= 1000; i++) {
    int64_t f = 2 * llabs(S.v[i][lat_first(S.v[i], S.d)]);
    T = T / gcd(T, f) * f;
  }
  T *= S.n;
  for (int j = 0; j < S.d && pts <= 20000; j++) pts *= T, npts *= S.n;
  if (T > 1000 || pts > 20000) goto out;
  LatAssign A;
  LatPairing P;
  LatCheck c;
  FUZZ_ASSERT(lat_assign_matching(&S, (uint64_t)seed, &A));
  FUZZ_ASSERT(lat_assign_ok(&S, &A, NULL));
  FUZZ_ASSERT(lat_pairing_lowhigh(&S, &A, &P));
  FUZZ_ASSERT(P.npoints == (uint32_t)pts);
  FUZZ_ASSERT(lat_check(&S, &P, &c, NULL));
  FUZZ_ASSERT(c.least_m >= 1 && c.least_m <= 3 * S.n);
  lat_pairing_clear(&P);
  lat_assign_clear(&A);
out:
  g_strfreev(arg);
  return 0;
}
