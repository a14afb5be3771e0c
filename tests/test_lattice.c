/* Unit tests for src/lattice/lattice.c: direction-set validation; Theorem 1's
 * assignment (checked line by line; the number of valid assignments against
 * the permanent of the point-line incidence matrix by Ryser's formula, a
 * second method); the low/high pairing; the periodic checker against the
 * brute-force line oracle on random periodic pairings; the SAT search (a
 * found pairing verified, an impossible instance refuted with a DRAT proof
 * that our checker accepts). */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/drat.h"
#include "lattice/lattice.h"
#include "solvers/satproof.h"
#include "plumbing/errors.h"

static LatDirs dirs(const char *spec) {
  LatDirs S;
  g_autoptr(GError) why = NULL;
  if (!lat_dirs_parse(spec, &S, &why)) g_error("%s: %s", spec, why->message);
  return S;
}

static void test_parse(void) {
  LatDirs S = dirs("1,0;0,1;1,1;1,-1");
  g_assert_cmpint(S.d, ==, 2);
  g_assert_cmpint(S.n, ==, 4);
  g_assert_cmpint(S.v[3][1], ==, -1);
  S = dirs("1,0,0 0,1,0 1,1,1");
  g_assert_cmpint(S.d, ==, 3);
  g_assert_cmpint(S.n, ==, 3);
  struct {
    const char *spec, *want;
  } bad[] = {
      {"1,0;0,0", "is zero"},        {"1,0;2,4", "not primitive (gcd 2)"},
      {"1,1;-1,-1", "opposite"},     {"1,2;1,2", "repeated"},
      {"1,0;0,1,1", "coordinates"},  {"1,x", "not an integer"},
      {"", "empty"},                 {"1,0;;", NULL},
      {"1,,0", "not an integer"},    {"1,0,0,0,1", "at most"},
      {"1,2000", "not an integer"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
    GError *why = NULL;
    bool ok = lat_dirs_parse(bad[i].spec, &S, &why);
    if (bad[i].want == NULL) { /* "1,0;;" is one vector, valid */
      g_assert_true(ok);
      continue;
    }
    g_assert_false(ok);
    g_assert_true(why != NULL && why->domain == PAIRING_ERROR);
    g_assert_nonnull(strstr(why->message, bad[i].want));
    g_assert_null(strchr(why->message, '\n'));
    g_error_free(why);
  }
}

/* permanent of the 0/1 matrix a (n x n, row-major) by Ryser's formula */
static uint64_t permanent(const uint8_t *a, int n) {
  int64_t total = 0;
  for (uint32_t sub = 1; sub < (UINT32_C(1) << n); sub++) {
    int64_t prod = 1;
    for (int i = 0; i < n && prod; i++) {
      int64_t row = 0;
      for (int j = 0; j < n; j++) row += (sub >> j & 1) && a[i * n + j];
      prod *= row;
    }
    total += ((n - __builtin_popcount(sub)) & 1 ? -1 : 1) * prod;
  }
  return (uint64_t)total;
}

/* the point-line incidence matrix of Z_n^d, lines numbered by their least point */
static uint64_t count_by_permanent(const LatDirs *S) {
  int n = S->n;
  uint32_t np = 1;
  for (int j = 0; j < S->d; j++) np *= (uint32_t)n;
  g_autofree uint8_t *a = g_new0(uint8_t, np * np);
  int nl = 0;
  for (int s = 0; s < n; s++) {
    g_autofree int *lab = g_new(int, np);
    for (uint32_t t = 0; t < np; t++) lab[t] = -1;
    for (uint32_t t = 0; t < np; t++) {
      if (lab[t] >= 0) continue;
      uint32_t u = t;
      do {
        lab[u] = nl;
        a[u * np + (uint32_t)nl] = 1;
        uint32_t r = 0, w = 1, x = u;
        for (int j = 0; j < S->d; j++, w *= (uint32_t)n, x /= (uint32_t)n)
          r += w * (uint32_t)((((int)(x % (uint32_t)n) + S->v[s][j]) % n + n) % n);
        u = r;
      } while (u != t);
      nl++;
    }
  }
  g_assert_cmpuint((uint32_t)nl, ==, np);
  return permanent(a, (int)np);
}

static void count_visit(const LatAssign *A, void *ud) {
  const LatDirs *S = ((const LatDirs **)ud)[0];
  g_assert_true(lat_assign_ok(S, A, NULL));
}

static void test_assignment(void) {
  const char *specs[] = {"1,0;0,1", "1,0;0,1;1,1", "1,0;0,1;1,1;1,-1", "1,2;2,1;1,-1",
                         "1,0,0;0,1,0;0,0,1", "1,1,0;0,1,1;1,0,1;1,1,1", "1,0;1,2;2,1;1,-2;2,-1"};
  for (size_t i = 0; i < G_N_ELEMENTS(specs); i++) {
    LatDirs S = dirs(specs[i]);
    for (uint64_t seed = 0; seed < 4; seed++) {
      LatAssign A;
      g_assert_true(lat_assign_matching(&S, seed, &A));
      g_assert_true(lat_assign_ok(&S, &A, NULL));
      /* one wrong direction breaks two lines */
      A.dir[1] = (uint8_t)((A.dir[1] + 1) % S.n);
      char *why = NULL;
      g_assert_false(lat_assign_ok(&S, &A, &why));
      g_free(why);
      lat_assign_clear(&A);
    }
  }
  /* Z_2^2 with rows and columns: one row point per row and one column point
   * per column, so the two row points lie in different columns: 2 ways */
  LatDirs S2 = dirs("1,0;0,1");
  g_assert_cmpuint(lat_assign_enumerate(&S2, NULL, NULL), ==, 2);
  const char *small[] = {"1,0;0,1;1,1", "1,0;0,1;1,1;1,-1", "1,0;1,2;2,1;1,-2"};
  for (size_t i = 0; i < G_N_ELEMENTS(small); i++) {
    LatDirs S = dirs(small[i]);
    const LatDirs *ud[1] = {&S};
    uint64_t c = lat_assign_enumerate(&S, count_visit, ud);
    g_assert_cmpuint(c, ==, count_by_permanent(&S));
    g_assert_cmpuint(c, >, 0);
  }
}

/* a random periodic pairing on the torus T: spans 1..3 along directions of S */
static void random_pairing(const LatDirs *S, const int *T, GRand *r, LatPairing *P) {
  g_assert_true(lat_pairing_init(P, S->d, T));
  int d = S->d;
  for (uint32_t x = 0; x < P->npoints; x++) {
    if (g_rand_int_range(r, 0, 5) == 0) continue; /* leave some points alone */
    bool used = false;
    for (int j = 0; j < d; j++) used |= P->disp[(size_t)x * d + j] != 0;
    if (used) continue;
    int s = g_rand_int_range(r, 0, S->n), t = g_rand_int_range(r, 1, 4) * (g_rand_boolean(r) ? 1 : -1);
    uint32_t y = 0, w = 1, xx = x;
    bool zero = true;
    for (int j = 0; j < d; j++) {
      int c = (int)(xx % (uint32_t)T[j]);
      xx /= (uint32_t)T[j];
      int cy = ((c + t * S->v[s][j]) % T[j] + T[j]) % T[j];
      zero &= cy == c;
      y += w * (uint32_t)cy;
      w *= (uint32_t)T[j];
    }
    bool yused = false;
    for (int j = 0; j < d; j++) yused |= P->disp[(size_t)y * d + j] != 0;
    if (zero || yused) continue;
    for (int j = 0; j < d; j++) {
      P->disp[(size_t)x * d + j] = t * S->v[s][j];
      P->disp[(size_t)y * d + j] = -t * S->v[s][j];
    }
  }
}

static void compare_with_oracle(const LatDirs *S, const LatPairing *P) {
  LatCheck c;
  g_assert_true(lat_check(S, P, &c, NULL));
  for (int m = 1; m <= 14; m++) {
    bool all = true;
    for (uint32_t q = 0; q < P->npoints && all; q++)
      for (int s = 0; s < S->n && all; s++) all = lat_line_blocked(S, P, q, s, m);
    g_assert_true(all == (c.least_m != 0 && m >= c.least_m));
  }
  if (c.least_m > 1) /* the line it names is indeed open */
    g_assert_false(lat_line_blocked(S, P, c.worst_start, c.worst_dir, c.least_m - 1));
}

static void test_checker(void) {
  GRand *r = g_rand_new_with_seed(7);
  const char *specs[] = {"1,0;0,1", "1,0;0,1;1,1;1,-1", "1,2;2,1", "1,0,1;0,1,1"};
  int nonzero = 0;
  for (size_t i = 0; i < G_N_ELEMENTS(specs); i++) {
    LatDirs S = dirs(specs[i]);
    for (int k = 0; k < 30; k++) {
      int T[LAT_MAX_D];
      for (int j = 0; j < S.d; j++) T[j] = g_rand_int_range(r, 2, S.d == 2 ? 9 : 5);
      LatPairing P;
      random_pairing(&S, T, r, &P);
      compare_with_oracle(&S, &P);
      LatCheck c;
      lat_check(&S, &P, &c, NULL);
      nonzero += c.least_m != 0;
      lat_pairing_clear(&P);
    }
  }
  g_assert_cmpint(nonzero, >, 0); /* the random pairings do block sometimes */
  g_rand_free(r);
}

static void test_lowhigh(void) {
  const char *specs[] = {"1,0", "1,0;0,1", "1,0;0,1;1,1;1,-1", "1,0;1,2;2,1", "1,2;2,-1;1,-1;2,1;1,0",
                         "1,0,0;0,1,0;0,0,1;1,1,1", "1,0,0,0;0,1,1,0;1,1,1,1"};
  for (size_t i = 0; i < G_N_ELEMENTS(specs); i++) {
    LatDirs S = dirs(specs[i]);
    LatAssign A;
    g_assert_true(lat_assign_matching(&S, 3, &A));
    LatPairing P;
    g_assert_true(lat_pairing_lowhigh(&S, &A, &P));
    LatCheck c;
    g_assert_true(lat_check(&S, &P, &c, NULL));
    g_assert_cmpuint(c.paired, ==, P.npoints);
    g_assert_cmpint(c.least_m, >=, 1);
    g_assert_cmpint(c.least_m, <=, 3 * S.n); /* Theorem 1 */
    if (S.d == 2) compare_with_oracle(&S, &P);
    /* breaking the involution is caught */
    P.disp[0] += 1;
    char *why = NULL;
    g_assert_false(lat_check(&S, &P, &c, &why));
    g_free(why);
    lat_pairing_clear(&P);
    lat_assign_clear(&A);
  }
}

static void test_sat(void) {
  LatDirs S = dirs("1,0;0,1");
  int T[2] = {4, 4};
  LatPairing P;
  CubesatCnf *cnf = NULL;
  LatSatStats st;
  g_assert_cmpint(lat_sat_solve(&S, 5, 1, T, -1, NULL, &P, &cnf, &st), ==, SATPROOF_SAT);
  LatCheck c;
  g_assert_true(lat_check(&S, &P, &c, NULL));
  g_assert_cmpint(c.least_m, >=, 1);
  g_assert_cmpint(c.least_m, <=, 5);
  g_assert_cmpint(st.npairvars, ==, 32);
  lat_pairing_clear(&P);
  cubesat_cnf_free(cnf);
  /* m = 4 < 2|S| + 1: no pairing of period 4 x 4 (any spans); the DRAT proof
   * must pass our checker */
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  g_assert_cmpint(lat_sat_solve(&S, 4, 3, T, -1, f, NULL, &cnf, NULL), ==, SATPROOF_UNSAT);
  fclose(f);
  GError *err = NULL;
  g_assert_cmpint(drat_check((int *)cnf->lits->data, cnf->lits->len, cnf->nvars, buf, NULL, &err),
                  ==, DRAT_VERIFIED);
  g_assert_no_error(err);
  free(buf);
  cubesat_cnf_free(cnf);
  /* the standard four directions: an adjacent pairing of period 8 blocks 9 */
  S = dirs("1,0;0,1;1,1;1,-1");
  int T8[2] = {8, 8};
  g_assert_cmpint(lat_sat_solve(&S, 9, 1, T8, -1, NULL, &P, &cnf, NULL), ==, SATPROOF_SAT);
  g_assert_true(lat_check(&S, &P, &c, NULL));
  g_assert_cmpint(c.least_m, >=, 1);
  g_assert_cmpint(c.least_m, <=, 9);
  lat_pairing_clear(&P);
  cubesat_cnf_free(cnf);
  /* a conflict limit of 0 on a hard-enough instance stops with 0 (unknown) */
  int T6[2] = {6, 6};
  g_assert_cmpint(lat_sat_solve(&S, 9, 8, T6, 0, NULL, NULL, NULL, NULL), ==, 0);
  g_assert_null(lat_sat_encode(&S, 1, 1, T6));
}

/* Direction counts of small boxes, and orbit counting for the symmetry
 * reduction, worked out by hand. */
static void test_families(void) {
  int dirs[64][LAT_MAX_D];
  g_assert_cmpint(lat_directions(2, 2, dirs, 64), ==, 8);
  g_assert_cmpint(lat_directions(2, 1, dirs, 64), ==, 4);
  g_assert_cmpint(lat_directions(3, 1, dirs, 64), ==, 13);
  g_assert_cmpint(lat_directions(4, 1, dirs, 64), ==, 40);
  g_assert_cmpint(lat_directions(3, 2, dirs, 64), ==, 49);
  /* d = 2, c = 1: on the four directions {E, N, NE, NW} the 8 symmetries of
   * the square act as the group generated by (E N)(NE NW) (rotation) and
   * (NE NW) (mirror x -> -x): {id, (E N), (NE NW), (E N)(NE NW)}.  A subset's
   * orbit is fixed by how many of E, N it has (0, 1, 2) and how many of NE,
   * NW (0, 1, 2): 9 orbits. */
  int n = lat_directions(2, 1, dirs, 64);
  int canon = 0;
  for (uint64_t m = 0; m < (UINT64_C(1) << n); m++)
    canon += lat_subset_canonical(2, (const int (*)[LAT_MAX_D])dirs, n, m);
  g_assert_cmpint(canon, ==, 9);
}

/* lat_next_perm walks the d! orders lexicographically and stops at the last */
static void test_next_perm(void) {
  static const int want[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  int p[3] = {0, 1, 2}, k = 0;
  do {
    g_assert_cmpint(k, <, 6);
    for (int j = 0; j < 3; j++) g_assert_cmpint(p[j], ==, want[k][j]);
    k++;
  } while (lat_next_perm(p, 3));
  g_assert_cmpint(k, ==, 6);
  for (int j = 0; j < 3; j++) g_assert_cmpint(p[j], ==, want[5][j]); /* unchanged after the last */
  int one[1] = {0};
  g_assert_false(lat_next_perm(one, 1));
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/lattice/parse", test_parse);
  g_test_add_func("/lattice/families", test_families);
  g_test_add_func("/lattice/assignment", test_assignment);
  g_test_add_func("/lattice/checker", test_checker);
  g_test_add_func("/lattice/lowhigh", test_lowhigh);
  g_test_add_func("/lattice/sat", test_sat);
  g_test_add_func("/lattice/next-perm", test_next_perm);
  return g_test_run();
}
