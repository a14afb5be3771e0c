/* experiments/hypercube/q6cost.c — HC16: p(9) = 4 by a weighted 6-subcube bound.
 *
 * The lemma (arithmetic, rows q6cost_*).  Let P be a pairing of Q(9,3),
 * pairs at distance > 3 dropped (they lie in no 3-subcube).  For each of the
 * C(9,6) 2^3 = 672 six-subcubes U, P_U = {p in P : p inside U} is a pairing
 * of U = Q(6,3).  A pair at distance w lies in C(9-w, 6-w) = 56, 35, 20
 * six-subcubes (w = 1, 2, 3); give it cost c(w) = 280 / C(9-w, 6-w) = 5, 8,
 * 14.  Then sum_U cost(P_U) = 280 |P| <= 280 * 256, so some U has
 * cost(P_U) <= floor(280 * 256 / 672) = 106.  Hence if every pairing of
 * Q(6,3) costs >= 107, Q(9,3) has none and p(9) >= 4 (and p(9) <= 4 is known).
 *
 * The refutation of "a pairing of Q(6,3) of cost <= 106".
 *   (1) Q(5,3): (a) pairs at distance <= 3, at most 7 pairs: UNSAT;
 *       (b) pairs at distance <= 2, at most 8 pairs, and none of the images
 *       under Aut(Q_5) of the 8 edges R below (each forbidden by one clause):
 *       UNSAT; both DRAT proofs checked by drat_check.  So every pairing of
 *       Q(5,3) has >= 8 pairs, and the ones with exactly 8, all at distance
 *       <= 2, are the images of R (rows q5_3_*; the images are listed by
 *       costsat_images and each is checked to be a pairing by sv_verify and
 *       the brute-force check).
 *   (2) arithmetic.  Let P be a pairing of Q(6,3) of cost <= 106 with n_w
 *       pairs at distance w.  Each of the 12 facets (5-subcubes x_t = b)
 *       holds a pairing of it (its 3-subcubes are 3-subcubes of Q_6), so >= 8
 *       pairs by (1a); a pair at distance w lies in 6 - w facets, so
 *       5 n1 + 4 n2 + 3 n3 >= 96.  With 5 n1 + 8 n2 + 14 n3 <= 106 this gives
 *       4 n2 + 11 n3 <= 10: n3 = 0, n2 <= 2; N = n1 + n2 satisfies
 *       5N >= 96 + n2 (N >= 20) and 5N + 3 n2 <= 106, so N = 21 and n2 = 0,
 *       or N = 20 and n2 <= 2.
 *   (3) symmetry.  Let c_t be the number of pairs of P whose two vertices
 *       differ in coordinate t.  sum_t c_t = n1 + 2 n2 >= N >= 20, so some
 *       c_t >= 4; the two facets x_t = 0, 1 hold N - c_t <= 17 pairs, each
 *       >= 8, so one of them holds exactly 8.  An automorphism of Q_6
 *       (translate by e_t if needed, swap coordinates t and 6, then an
 *       automorphism of the first five coordinates given by (1b), as the
 *       facet's 8 pairs are at distance <= 2) maps P to a
 *       pairing of the same cost and the same (n1, n2) whose pairs inside
 *       x_6 = 0 are exactly R.
 *   (4) two CNFs, both UNSAT with checked DRAT proofs: base CNF of
 *       costsat.h for Q(6,3), pairs inside x_6 = 0 exactly R, and
 *       (a) edges only, at most 21 pairs (the case n2 = 0);
 *       (b) distance <= 2, at most 20 pairs, at most 2 at distance 2.
 *   Hence every pairing of Q(6,3) costs >= 107, and p(9) = 4
 *   (rows q6_3_cost_min_ge, p9_weighted).  The arithmetic of (2)-(3) is
 *   also checked by the program, profile by profile (row
 *   q6_3_cost_le106_cases_cover; refute() below).
 * --minimum: the least cost is 110.  The same argument for cost <= 109: the
 *   profiles (n1, n2, n3) allowed by the facet count are those above and
 *   (20,1,0), (17,3,0), (19,0,1) (costs 108, 109, 109); each has a
 *   coordinate whose facets hold <= 17 pairs; (1b) is redone with pairs at
 *   distance <= 3 (q5_3_le8_not_image_d3), since a facet may now hold the
 *   distance-3 pair; three R-fixed CNFs (at most 21 pairs with at most one
 *   at distance 2; at most 20 with at most 3 at distance 2; at most 20 with
 *   none at distance 2 and at most one at distance 3) are UNSAT with checked
 *   proofs; and CaDiCaL finds a pairing of 22 edges (cost 110, verified),
 *   R not fixed.  Row q6_3_cost_min.
 * Validation rows: Q(4,3) needs 3 pairs (2: UNSAT with checked proof, 3:
 * SAT, model verified); Q(5,3) with at most 8 pairs and nothing forbidden is
 * SAT with a model that is one of the images of R; Q(6,3) with R fixed, edges
 * only, at most 23 pairs is SAT, the model passes sv_verify and the
 * brute-force check, and its cost (115) is an upper bound on the least cost.
 * The quick profile skips the two Q(6,3) refutations (4).  CPU (one core
 * of the development machine): about 100 s for the full profile, 30 s quick,
 * and --minimum adds about 8.5 minutes (its "at most 21" case alone takes
 * 81 s in CaDiCaL and 258 s in drat_check, for a 222 MB proof).
 * CPU seconds of each step go to stderr (never to the rows); --certs DIR
 * writes each CNF (DIMACS) and its DRAT proof.
 * Exit 0 iff every proof passed drat_check and every model was verified.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hypercube/costsat.h"
#include "hypercube/subcube.h"
#include "plumbing/expt.h"
#include "plumbing/progress.h"
#include "solvers/drat.h"
#include "solvers/satproof.h"

/* the unique (up to Aut(Q_5)) pairing of Q(5,3) with 8 pairs: 8 edges,
 * vertices as integers (bit i = coordinate i+1) */
static const VPair R[8] = {{0, 1}, {2, 6}, {9, 13}, {14, 15}, {19, 27}, {20, 28}, {21, 23}, {24, 26}};

static ResultWriter *W;
static const Expt *E;
static gchar *opt_certs;
static gboolean opt_minimum;
static bool all_ok = true;

static void rint_(const char *key, int64_t v) { rw_int(W, "HC16", key, v); }
static void rbool(const char *key, bool v) { rw_bool(W, "HC16", key, v); }
static void rword(const char *key, const char *w) { rw_word(W, "HC16", key, w); }

static bool verified(int n, const VPair *p, size_t np) {
  return sv_is_matching(n, p, np) && sv_verify(n, 3, p, np, NULL, NULL) &&
         costsat_blocks_all(n, p, np, NULL);
}

static void write_dimacs(FILE *f, const CostCnf *c) {
  fprintf(f, "p cnf %d %zu\n", c->nvars, c->nclauses);
  const int *l = (const int *)c->lits->data;
  for (guint i = 0; i < c->lits->len; i++) fprintf(f, l[i] ? "%d " : "0\n", l[i]);
}

/* solves c; on UNSAT checks the proof (rows KEY unsat, KEY_lemmas, KEY_drat),
 * on SAT decodes the pairs into *pairs (rows are the caller's) */
static int solve(const char *key, const CostCnf *c, GArray **pairs) {
  char *proof = NULL;
  size_t plen = 0;
  FILE *pf = open_memstream(&proof, &plen);
  uint8_t *model = g_new0(uint8_t, (size_t)c->nvars + 1);
  double t0 = progress_process_cpu();
  int r = satproof_solve((const int *)c->lits->data, c->lits->len, c->nvars, pf, model);
  double t1 = progress_process_cpu();
  fclose(pf);
  fprintf(stderr, "%s: %d variables, %zu clauses: %s, CaDiCaL %.2f CPU s\n", key, c->nvars,
          c->nclauses, r == SATPROOF_SAT ? "SAT" : r == SATPROOF_UNSAT ? "UNSAT" : "error", t1 - t0);
  char k2[96];
  if (r == SATPROOF_UNSAT) {
    DratStats ds;
    g_autoptr(GError) err = NULL;
    double t2 = progress_process_cpu();
    DratResult d = drat_check((const int *)c->lits->data, c->lits->len, c->nvars, proof, &ds, &err);
    double t3 = progress_process_cpu();
    fprintf(stderr, "%s: DRAT proof %zu bytes, %llu lemmas: %s, drat_check %.2f CPU s%s%s\n", key,
            plen, (unsigned long long)ds.lemmas, d == DRAT_VERIFIED ? "verified" : "NOT verified",
            t3 - t2, err ? ": " : "", err ? err->message : "");
    all_ok &= d == DRAT_VERIFIED;
    rword(key, "unsat");
    snprintf(k2, sizeof k2, "%s_drat", key);
    rbool(k2, d == DRAT_VERIFIED);
  } else if (r == SATPROOF_SAT) {
    all_ok &= satproof_satisfies((const int *)c->lits->data, c->lits->len, model);
    *pairs = g_array_new(FALSE, FALSE, sizeof(VPair));
    for (int v = 1; v <= c->npairs; v++)
      if (model[v]) {
        VPair p = costsat_pair(c, v);
        g_array_append_val(*pairs, p);
      }
    rword(key, "sat");
  } else {
    all_ok = false;
    rword(key, "error");
  }
  if (opt_certs) {
    g_autofree char *cn = g_strdup_printf("%s.cnf", key);
    g_autofree char *cp = g_build_filename(opt_certs, cn, NULL);
    FILE *f = expt_open_file(E, cp);
    write_dimacs(f, c);
    expt_close_file(E, f);
    if (r == SATPROOF_UNSAT) {
      g_autofree char *dn = g_strdup_printf("%s.drat", key);
      g_autofree char *dp = g_build_filename(opt_certs, dn, NULL);
      f = expt_open_file(E, dp);
      fwrite(proof, 1, plen, f);
      expt_close_file(E, f);
    }
  }
  free(proof);
  g_free(model);
  return r;
}

/* one R-fixed Q(6,3) instance: pairs at distance <= maxd, at most N pairs,
 * at most n2 at distance 2 and n3 at distance 3 */
typedef struct {
  const char *key;
  int maxd, N, n2, n3;
} Case;

/* every pairing of Q(6,3) of cost <= C is refuted by the cases: the
 * arithmetic of steps (2)-(3) is checked for every profile (n1, n2, n3)
 * of cost <= C that the facet count allows (5 n1 + 4 n2 + 3 n3 >= 96): some
 * coordinate's two facets hold <= 17 pairs (so one holds exactly 8 and R may
 * be fixed; a profile with n3 > 0 needs (1b) at distance 3, d3), and a case
 * admits the profile; then each case must be UNSAT with a checked proof */
static bool refute(int C, const Case *cs, size_t ncs, bool d3) {
  bool cover = true;
  for (int n3 = 0; 14 * n3 <= C; n3++)
    for (int n2 = 0; 14 * n3 + 8 * n2 <= C; n2++)
      for (int n1 = 0; 14 * n3 + 8 * n2 + 5 * n1 <= C; n1++) {
        if (5 * n1 + 4 * n2 + 3 * n3 < 96) continue;
        int N = n1 + n2 + n3, S = n1 + 2 * n2 + 3 * n3;
        bool admitted = false;
        for (size_t i = 0; i < ncs; i++)
          admitted |= N <= cs[i].N && n2 <= cs[i].n2 && n3 <= cs[i].n3 && (n2 == 0 || cs[i].maxd >= 2) &&
                      (n3 == 0 || cs[i].maxd >= 3);
        cover &= admitted && N - (S + 5) / 6 <= 17 && (n3 == 0 || d3);
      }
  char key[64];
  snprintf(key, sizeof key, "q6_3_cost_le%d_cases_cover", C);
  rbool(key, cover);
  bool ok = cover;
  for (size_t i = 0; i < ncs; i++) {
    CostCnf *c = costsat_new(6, cs[i].maxd);
    costsat_fix_half(c, R, 8);
    costsat_at_most(c, 0, cs[i].N);
    if (cs[i].maxd >= 2) costsat_at_most(c, 2, cs[i].n2);
    if (cs[i].maxd >= 3) costsat_at_most(c, 3, cs[i].n3);
    GArray *p = NULL;
    ok &= solve(cs[i].key, c, &p) == SATPROOF_UNSAT;
    if (p) g_array_free(p, TRUE);
    costsat_free(c);
  }
  ok &= all_ok;
  all_ok &= ok;
  return ok;
}

static int64_t binom(int a, int b) {
  int64_t r = 1;
  for (int i = 1; i <= b; i++) r = r * (a - b + i) / i;
  return r;
}

int main(int argc, char **argv) {
  Expt e;
  GOptionEntry own[] = {
      {"certs", 0, 0, G_OPTION_ARG_FILENAME, &opt_certs, "write each CNF and DRAT proof to DIR", "DIR"},
      {"minimum", 0, 0, G_OPTION_ARG_NONE, &opt_minimum, "also prove that the least cost is 110 (about 9 more CPU minutes)", NULL},
      {NULL, 0, 0, 0, NULL, NULL, NULL}};
  expt_parse(&e, &argc, &argv, "hypercube-q6cost",
             "HC16: every pairing of Q(6,3) costs >= 107 (pairs at distance 1/2/3 cost 5/8/14), so p(9) = 4.",
             own);
  E = &e;
  if (opt_certs) expt_certs_dir(&e, "--certs", opt_certs); /* bad: exit 2 before any work */
  W = expt_open_results(&e);
  double start = progress_process_cpu();

  /* ---- the lemma's arithmetic ---- */
  int64_t six = binom(9, 6) << 3;
  bool weights = true;
  static const int cw[4] = {0, 5, 8, 14};
  for (int w = 1; w <= 3; w++) weights &= cw[w] * binom(9 - w, 6 - w) == 280;
  int64_t bound = 280 * 256 / six; /* floor of the average */
  rint_("q6cost_six_subcubes", six);
  rbool("q6cost_weights_280", weights);
  rint_("q6cost_average_floor", bound);
  all_ok &= weights && six == 672 && bound == 106;

  /* ---- validation on Q(4,3): 3 pairs needed ---- */
  for (int K = 2; K <= 3; K++) {
    CostCnf *c = costsat_new(4, 3);
    costsat_at_most(c, 0, K);
    char key[32];
    snprintf(key, sizeof key, "q4_3_le%d", K);
    GArray *p = NULL;
    int r = solve(key, c, &p);
    all_ok &= r == (K == 2 ? SATPROOF_UNSAT : SATPROOF_SAT);
    if (p) {
      char k2[64];
      snprintf(k2, sizeof k2, "%s_verified", key);
      bool ok = verified(4, (VPair *)p->data, p->len) && p->len <= (guint)K;
      rbool(k2, ok);
      all_ok &= ok;
      g_array_free(p, TRUE);
    }
    costsat_free(c);
  }

  /* ---- Q(5,3): the images of R, and nothing else with <= 8 pairs ---- */
  VPair *img = NULL;
  size_t nimg = costsat_images(5, R, 8, &img);
  bool imgs_ok = true;
  for (size_t i = 0; i < nimg; i++) imgs_ok &= verified(5, img + 8 * i, 8);
  rint_("q5_3_images", (int64_t)nimg);
  rbool("q5_3_images_pairings", imgs_ok);
  all_ok &= imgs_ok;
  {
    CostCnf *c = costsat_new(5, 3);
    costsat_at_most(c, 0, 8);
    GArray *p = NULL;
    int r = solve("q5_3_le8", c, &p);
    bool ok = r == SATPROOF_SAT && p && p->len == 8 && verified(5, (VPair *)p->data, 8);
    if (ok) { /* the model is one of the images */
      VPair s[8];
      memcpy(s, p->data, sizeof s);
      bool found = false;
      for (size_t i = 0; i < nimg && !found; i++) {
        bool same = true;
        for (int j = 0; j < 8; j++) same &= s[j].a == img[8 * i + j].a && s[j].b == img[8 * i + j].b;
        found = same;
      }
      ok = found;
    }
    rbool("q5_3_le8_model_is_image", ok);
    all_ok &= ok;
    if (p) g_array_free(p, TRUE);
    costsat_free(c);
  }
  {
    CostCnf *c = costsat_new(5, 3);
    costsat_at_most(c, 0, 7);
    GArray *p = NULL;
    int r = solve("q5_3_le7", c, &p);
    all_ok &= r == SATPROOF_UNSAT;
    if (p) g_array_free(p, TRUE);
    costsat_free(c);
  }
  {
    CostCnf *c = costsat_new(5, 2);
    costsat_at_most(c, 0, 8);
    for (size_t i = 0; i < nimg; i++) costsat_forbid(c, img + 8 * i, 8);
    GArray *p = NULL;
    int r = solve("q5_3_le8_not_image", c, &p);
    all_ok &= r == SATPROOF_UNSAT;
    if (p) g_array_free(p, TRUE);
    costsat_free(c);
  }
  g_free(img);

  /* ---- Q(6,3) with R fixed on x_6 = 0: an upper bound ---- */
  {
    CostCnf *c = costsat_new(6, 1);
    costsat_fix_half(c, R, 8);
    costsat_at_most(c, 0, 23);
    GArray *p = NULL;
    int r = solve("q6_3_R_edges_le23", c, &p);
    bool ok = r == SATPROOF_SAT && p && verified(6, (VPair *)p->data, p->len);
    rbool("q6_3_R_edges_le23_verified", ok);
    all_ok &= ok;
    if (ok) {
      rint_("q6_3_R_edges_le23_pairs", p->len);
      rint_("q6_3_cost_upper", costsat_cost((VPair *)p->data, p->len));
    }
    if (p) g_array_free(p, TRUE);
    costsat_free(c);
  }

  /* ---- the refutation (full profile) ---- */
  if (e.profile == PROFILE_FULL) {
    static const Case le106[] = {{"q6_3_cost_le106_edges", 1, 21, 0, 0}, {"q6_3_cost_le106_n20", 2, 20, 2, 0}};
    bool refuted = refute(106, le106, G_N_ELEMENTS(le106), false);
    rint_("q6_3_cost_min_ge", refuted ? 107 : 0);
    if (refuted) rint_("p9_weighted", 4);
    else rword("p9_weighted", "open");
  }

  /* ---- --minimum: the least cost is 110 ---- */
  if (opt_minimum) {
    /* (1b) at distance <= 3: the facet with 8 pairs may hold the distance-3 pair */
    VPair *im = NULL;
    size_t ni = costsat_images(5, R, 8, &im);
    CostCnf *c = costsat_new(5, 3);
    costsat_at_most(c, 0, 8);
    for (size_t i = 0; i < ni; i++) costsat_forbid(c, im + 8 * i, 8);
    GArray *p = NULL;
    bool d3 = solve("q5_3_le8_not_image_d3", c, &p) == SATPROOF_UNSAT;
    all_ok &= d3;
    if (p) g_array_free(p, TRUE);
    costsat_free(c);
    g_free(im);
    static const Case le109[] = {{"q6_3_cost_le109_n21", 2, 21, 1, 0},
                                 {"q6_3_cost_le109_n20", 2, 20, 3, 0},
                                 {"q6_3_cost_le109_d3", 3, 20, 0, 1}};
    bool refuted = d3 && refute(109, le109, G_N_ELEMENTS(le109), true);
    /* a pairing of 22 edges (cost 110), R not fixed */
    c = costsat_new(6, 1);
    costsat_at_most(c, 0, 22);
    p = NULL;
    int r = solve("q6_3_edges_le22", c, &p);
    bool ok = r == SATPROOF_SAT && p && verified(6, (VPair *)p->data, p->len) &&
              costsat_cost((VPair *)p->data, p->len) == 110;
    rbool("q6_3_edges_le22_verified", ok);
    all_ok &= ok;
    if (p) g_array_free(p, TRUE);
    costsat_free(c);
    rint_("q6_3_cost_min", refuted && ok ? 110 : 0);
  }
  rbool("q6cost_all_checked", all_ok);
  /* the kinds of evidence the rows rest on (the scoreboard's check row of a
   * new claim): verified models, DRAT-checked refutations, and the averaging
   * and case arithmetic, evaluated above in integers */
  rword("check", "verifier+drat+counting");
  fprintf(stderr, "hypercube-q6cost: %.2f CPU s in all\n", progress_process_cpu() - start);
  if (rw_close(W) != 0) return 3;
  return all_ok ? 0 : 1;
}
