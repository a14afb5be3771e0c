/* Unit tests for src/lattice/latsearch.c: quotient maps (orders of the images
 * of the directions, worked out by hand); the exact-cover encoding (sizes;
 * every pairing lifted from a model passes lat_check and the brute-force line
 * oracle lat_line_blocked, on the torus and on a quotient); the per-set search
 * (old and new methods reach the same least m on the same period; the lower
 * side refuted with a DRAT proof our checker accepts); the bytes of an
 * outcome (round trip; every truncation and a corrupted version rejected);
 * the work units (a pure function of plan and index: equal bytes on two
 * calls and on a second plan built alike).  The symmetric encoding: its
 * clause count, and the symmetry of the pairing it returns. */
#include <glib.h>
#include <string.h>

#include "lattice/latsearch.h"
#include "solvers/satproof.h"

static LatDirs dirs(const char *spec) {
  LatDirs S;
  g_autoptr(GError) why = NULL;
  if (!lat_dirs_parse(spec, &S, &why)) g_error("%s: %s", spec, why->message);
  return S;
}

/* every line of length m of every direction, by the oracle */
static bool all_blocked(const LatDirs *S, const LatPairing *P, int m) {
  for (uint32_t q = 0; q < P->npoints; q++)
    for (int s = 0; s < S->n; s++)
      if (!lat_line_blocked(S, P, q, s, m)) return false;
  return true;
}

static void test_quot(void) {
  LatDirs S = dirs("1,0;0,1;1,1;1,-1");
  LatQuot Q;
  lat_quot_identity(2, 8, &Q);
  g_assert_true(lat_quot_ok(&S, &Q, 8));
  g_assert_cmpuint(lat_quot_size(&Q), ==, 64);
  g_assert_false(lat_quot_ok(&S, &Q, 16)); /* the directions have order 8, not 16 */
  /* Z_8 by x -> a x + b y: (1,0), (0,1), (1,1) cannot all map to odd
   * residues, so no cyclic quotient works for the standard directions */
  GRand *r = g_rand_new_with_seed(1);
  int e1[1] = {8};
  g_assert_false(lat_quot_pick(&S, 8, 1, e1, r, 500, &Q));
  /* {(1,0), (0,1)} onto Z_4 by x + y: both images are 1, of order 4 */
  LatDirs S2 = dirs("1,0;0,1");
  memset(&Q, 0, sizeof Q);
  Q.d = 2, Q.r = 1, Q.e[0] = 4, Q.A[0][0] = 1, Q.A[0][1] = 1;
  g_assert_true(lat_quot_ok(&S2, &Q, 4));
  Q.A[0][1] = 2; /* (0,1) -> 2, of order 2 */
  g_assert_false(lat_quot_ok(&S2, &Q, 4));
  Q.e[0] = 3; /* 3 does not divide T = 4 */
  g_assert_false(lat_quot_ok(&S2, &Q, 4));
  int e2[1] = {4};
  g_assert_true(lat_quot_pick(&S2, 4, 1, e2, r, 500, &Q));
  g_assert_true(lat_quot_ok(&S2, &Q, 4));
  g_rand_free(r);
}

static void test_exact(void) {
  /* the standard directions on Z_8^2: 256 pair variables; 64 points and 4 x 8
   * cosets, each one clause and a counter */
  LatDirs S = dirs("1,0;0,1;1,1;1,-1");
  LatQuot Q;
  lat_quot_identity(2, 8, &Q);
  CubesatCnf *cnf = lat_exact_encode(&S, &Q, 8, LAT_EXACT_COSET_AMO);
  g_assert_nonnull(cnf);
  g_assert_cmpint(cnf->npairvars, ==, 256);
  /* a point lies in 2n = 8 possible pairs and a coset holds 8: one clause
   * and Sinz's 3 * 8 - 4 each */
  g_assert_cmpuint(cnf->nclauses, ==, 64 * (1 + 20) + 32 * (1 + 20));
  cubesat_cnf_free(cnf);
  cnf = lat_exact_encode(&S, &Q, 8, LAT_EXACT_BREAK);
  g_assert_cmpuint(cnf->nclauses, ==, 64 * (1 + 20) + 32 + 1);
  cubesat_cnf_free(cnf);
  /* symmetric under g -> (1,0) - g: two clauses for each pair of variables
   * swapped; a pair {g, g + w} maps to itself when 2g = (1,0) - w, which
   * only w = (1,0) allows, for g in {0,4}^2: (256 - 4) / 2 pairs */
  cnf = lat_exact_encode(&S, &Q, 8, LAT_EXACT_CENTRAL);
  g_assert_cmpuint(cnf->nclauses, ==, 64 * (1 + 20) + 32 + 252);
  cubesat_cnf_free(cnf);
  LatPairing P;
  LatCheck c;
  g_assert_cmpint(lat_exact_solve(&S, &Q, 8, LAT_EXACT_COSET_AMO | LAT_EXACT_CENTRAL, -1, &P, NULL),
                  ==, SATPROOF_SAT);
  g_assert_true(lat_check(&S, &P, &c, NULL));
  g_assert_cmpint(c.least_m, ==, 9);
  for (uint32_t x = 0; x < 64; x++) { /* the symmetry: x -> (1,0) - x negates the displacement */
    uint32_t y = (uint32_t)((1 - (int)(x % 8) + 8) % 8 + 8 * ((8 - (int)(x / 8)) % 8));
    g_assert_cmpint(P.disp[2 * y], ==, -P.disp[2 * x]);
    g_assert_cmpint(P.disp[2 * y + 1], ==, -P.disp[2 * x + 1]);
  }
  lat_pairing_clear(&P);
  g_assert_cmpint(lat_exact_solve(&S, &Q, 8, LAT_EXACT_COSET_AMO | LAT_EXACT_BREAK, -1, &P, NULL),
                  ==, SATPROOF_SAT);
  g_assert_true(lat_check(&S, &P, &c, NULL));
  g_assert_cmpint(c.least_m, ==, 9);
  g_assert_cmpuint(c.paired, ==, 64);
  g_assert_true(all_blocked(&S, &P, 9));
  g_assert_false(all_blocked(&S, &P, 8));
  lat_pairing_clear(&P);
  /* three directions of [-1,1]^3 on the quotient Z_6 x Z_6 of Z_6^3 */
  LatDirs S3 = dirs("1,0,0;0,1,0;0,0,1");
  GRand *r = g_rand_new_with_seed(7);
  int e[2] = {6, 6};
  g_assert_true(lat_quot_pick(&S3, 6, 2, e, r, 2000, &Q));
  g_rand_free(r);
  g_assert_cmpint(lat_exact_solve(&S3, &Q, 6, LAT_EXACT_COSET_AMO, -1, &P, NULL), ==, SATPROOF_SAT);
  g_assert_cmpint(P.T[2], ==, 6);
  g_assert_true(lat_check(&S3, &P, &c, NULL));
  g_assert_cmpint(c.least_m, ==, 7);
  g_assert_true(all_blocked(&S3, &P, 7));
  lat_pairing_clear(&P);
  /* a quotient that does not fit the torus is refused */
  Q.e[0] = 4;
  g_assert_null(lat_exact_encode(&S3, &Q, 6, 0));
  g_assert_cmpint(lat_exact_solve(&S3, &Q, 6, 0, -1, &P, NULL), ==, -1);
}

static void test_search(void) {
  const char *sets[] = {"1,0;0,1", "1,0;0,1;1,1", "1,0;1,2;2,1", "1,0,0;0,1,1;1,-1,0",
                        "1,0;0,1;1,1;1,-1"};
  for (size_t i = 0; i < G_N_ELEMENTS(sets); i++) {
    LatDirs S = dirs(sets[i]);
    Ld4Outcome a, b;
    ld4_search(&S, LD4_NEW, 1000000, S.n <= 3, &a);
    ld4_search(&S, LD4_OLD, 1000000, S.n <= 3, &b);
    g_assert_cmpint(a.reached, ==, 2 * S.n + 1);
    g_assert_cmpint(a.reached, ==, b.reached);
    g_assert_cmpint(a.used_T, ==, b.used_T);
    g_assert_cmpint(a.used_span, ==, b.used_span);
    g_assert_true(a.verified && b.verified && a.drat && b.drat);
    g_assert_cmpint(a.group, >=, 2 * S.n);
    g_assert_cmpint(b.group, ==, 0);
    g_assert_cmpint(a.ref, ==, S.n <= 3 ? 1 : 2);
    g_assert_cmpint(a.ref, ==, b.ref);
    g_assert_cmpint(a.proofs, ==, S.n <= 3 ? 1 : 0);
    g_assert_null(a.why);
    g_assert_true(all_blocked(&S, &a.pairing, 2 * S.n + 1));
    ld4_outcome_clear(&a);
    ld4_outcome_clear(&b);
  }
}

static void test_bytes(void) {
  LatDirs S = dirs("1,0;0,1;1,1");
  Ld4Outcome o, u;
  ld4_search(&S, LD4_NEW, 1000000, true, &o);
  o.why = g_strdup("a note");
  g_autoptr(GByteArray) b = g_byte_array_new();
  ld4_pack(&o, b);
  g_assert_true(ld4_unpack(b->data, b->len, &u));
  g_assert_cmpint(u.reached, ==, o.reached);
  g_assert_cmpint(u.used_T, ==, o.used_T);
  g_assert_cmpint(u.group, ==, o.group);
  g_assert_cmpint(u.ref, ==, o.ref);
  g_assert_cmpint(u.proofs, ==, o.proofs);
  g_assert_cmpstr(u.why, ==, "a note");
  g_assert_cmpuint(u.pairing.npoints, ==, o.pairing.npoints);
  g_assert_cmpmem(u.pairing.disp, sizeof(int32_t) * 2 * u.pairing.npoints, o.pairing.disp,
                  sizeof(int32_t) * 2 * o.pairing.npoints);
  ld4_outcome_clear(&u);
  for (guint len = 0; len < b->len; len++) {
    g_assert_false(ld4_unpack(b->data, len, &u));
    ld4_outcome_clear(&u);
  }
  b->data[0] ^= 0x7f; /* another version */
  g_assert_false(ld4_unpack(b->data, b->len, &u));
  ld4_outcome_clear(&u);
  ld4_outcome_clear(&o);
}

static void test_units(void) {
  Ld4Plan p, q;
  ld4_plan_init(&p, LD4_NEW, 1000000);
  ld4_plan_init(&q, LD4_NEW, 1000000);
  ld4_plan_family(&p, 0, 2, 2, 2, 3, 3);
  ld4_plan_family(&q, 0, 2, 2, 2, 3, 3);
  g_assert_cmpuint(p.items->len, ==, 10 + 17); /* orbits of 2 and 3 of the 8 directions */
  for (guint i = 0; i < p.items->len; i += 5) {
    double secs = -1;
    GByteArray *x = ld4_unit(&p, i, &secs), *y = ld4_unit(&p, i, NULL), *z = ld4_unit(&q, i, NULL);
    g_assert_cmpfloat(secs, >=, 0);
    g_assert_cmpmem(x->data, x->len, y->data, y->len);
    g_assert_cmpmem(x->data, x->len, z->data, z->len);
    g_byte_array_free(x, TRUE);
    g_byte_array_free(y, TRUE);
    g_byte_array_free(z, TRUE);
  }
  ld4_plan_clear(&p);
  ld4_plan_clear(&q);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/latsearch/quot", test_quot);
  g_test_add_func("/latsearch/exact", test_exact);
  g_test_add_func("/latsearch/search", test_search);
  g_test_add_func("/latsearch/bytes", test_bytes);
  g_test_add_func("/latsearch/units", test_units);
  return g_test_run();
}
