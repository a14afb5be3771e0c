/* experiments/hypercube/workbench.c — HC15 asked again through the generic
 * workbench (src/game/, `makerbreaker pairing qcube:N,K --kind shared`),
 * which must give the same answers as the hypercube engine.
 *
 * Paper: Naimi & Sundberg (shared/papers/hypercube-subcubes.txt), p(n) for
 * n <= 6: Q(n,k) has a pairing strategy (disjoint vertex pairs, every
 * k-subcube containing one) for the (n, k) below, or has none.
 *   engine     cubesat_solve() of src/cubesat.h: the paper-specific CNF
 *              (pairs by difference mask, Sinz at-most-one), CaDiCaL;
 *   workbench  the board "qcube:N,K" of src/game/boardspec.h and
 *              mb_shared() of src/game/pairing.h: its own CNF over the pairs
 *              inside the subcubes, the model checked, or a DRAT refutation
 *              verified by src/drat.c; the certificate (the pairs, or the
 *              CNF with its variable map and the proof) judged by the
 *              independent checker src/solve/certcheck.c, which enumerates
 *              the subcubes itself as {0,1,*} patterns.
 * Cases: Q(3,1), Q(3,2), Q(4,1), Q(4,2), Q(5,2), Q(5,3), Q(6,3), Q(6,2),
 * in both profiles (each takes milliseconds).
 * Printed (extra rows, unscored): `workbench_q<n>_<k>` (pairing exists, as
 * the workbench says), `workbench_certified_q<n>_<k>`, and
 * `workbench_agrees` (the same answer as the engine in every case, every
 * certificate accepted).  Exit 1 if not.
 */
#include <stdio.h>
#include <stdlib.h>

#include "hypercube/cubesat.h"
#include "plumbing/expt.h"
#include "solve/certcheck.h"
#include "game/pairing.h"

static bool workbench(int n, int k, bool *certified) {
  g_autofree char *spec = g_strdup_printf("qcube:%d,%d", n, k);
  GError *err = NULL;
  MbBoard *b = bs_board_new(spec, &err);
  g_assert_no_error(err);
  MbPosition pos;
  mb_position_init(&pos, b->ncells);
  MbSurvivors s;
  mb_survivors(b, &pos, &s);
  MbResult r;
  int sat = mb_shared(b, &s, &r, &err);
  if (sat < 0) g_error("%s", err->message);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  mb_write_cert(f, b, &pos, "shared", &r);
  fclose(f);
  char *why = NULL;
  *certified = cc_check(spec, buf, NULL, &why) == CC_VALID;
  if (why) fprintf(stderr, "hypercube-workbench: %s: certificate rejected: %s\n", spec, why);
  g_free(why);
  g_free(buf);
  mb_result_clear(&r);
  mb_survivors_clear(&s);
  mb_position_clear(&pos);
  bs_board_free(b);
  return sat == 10;
}

int main(int argc, char **argv) {
  Expt e;
  expt_parse(&e, &argc, &argv, "hypercube-workbench",
             "HC15 through the makerbreaker workbench: Q(n,k) shared pairings, same answers as the engine, certificates checked.",
             NULL);
  ResultWriter *w = expt_open_results(&e);
  static const int cases[][2] = {{3, 1}, {3, 2}, {4, 1}, {4, 2}, {5, 2}, {5, 3}, {6, 3}, {6, 2}};
  int ncases = (int)G_N_ELEMENTS(cases);
  bool agree = true;
  for (int i = 0; i < ncases; i++) {
    int n = cases[i][0], k = cases[i][1];
    bool cert, wb = workbench(n, k, &cert);
    GArray *pairs = NULL;
    int eng = cubesat_solve(n, k, false, &pairs, NULL);
    if (pairs) g_array_free(pairs, TRUE);
    g_autofree char *k1 = g_strdup_printf("workbench_q%d_%d", n, k), *k2 = g_strdup_printf("workbench_certified_q%d_%d", n, k);
    rw_bool(w, "HC15", k1, wb);
    rw_bool(w, "HC15", k2, cert);
    agree &= cert && wb == (eng == 10);
  }
  rw_bool(w, "HC15", "workbench_agrees", agree);
  if (rw_close(w) != 0) return 3;
  return agree ? 0 : 1;
}
