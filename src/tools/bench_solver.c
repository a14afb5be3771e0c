/* bench-solver — `make bench` rows for the Maker–Breaker solver
 * (src/solve/solver.h) against plain minimax with boolean cut-offs and no
 * table, symmetry, threats or closures (mb_solve_plain), on boards both
 * finish (rows in bench.tsv's format, no header; work = boards decided,
 * 1 or 0, so rate = boards per second and the rate ratio is the ratio of
 * times; the positions visited go to stderr).  Both must agree on the outcome (exit 1 otherwise); the
 * baseline is stopped after 2*10^7 positions (work 0 then).  Times are
 * never asserted. */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "solve/solver.h"

static double now(void) { return (double)g_get_monotonic_time() / 1e6; }

/* one game solved by both methods on the same board: times and outcomes */
typedef struct {
  double te, tb;
  MbOutcome engine, plain;
  bool checked;
  uint64_t expansions, positions;
} Both;
static Both both(const char *spec, bool bf, bool want_cert) {
  Both x = {0};
  MbBoard *b = bs_board_new(spec, NULL);
  MbPosition pos;
  mb_position_parse(b, NULL, &pos, NULL);
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  o.breaker_first = bf, o.want_cert = want_cert;
  double t0 = now();
  MbSolveResult r;
  mb_solve(b, &pos, &o, &r, NULL);
  double t1 = now();
  x.plain = mb_solve_plain(b, &pos, bf, 20000000, &x.positions);
  x.tb = now() - t1, x.te = t1 - t0;
  x.engine = r.outcome, x.checked = r.cert_checked, x.expansions = r.nodes;
  mb_solve_result_clear(&r);
  mb_position_clear(&pos);
  bs_board_free(b);
  return x;
}

/* --cross: every mnk board of at most 20 cells (3 <= M <= N, 3 <= K <= N),
 * both sides first, solved by the engine and by plain minimax: one row
 * each, work = boards decided; any disagreement is exit 1. */
static int cross(void) {
  double te = 0, tb = 0;
  int de = 0, db = 0, bad = 0, n = 0;
  for (int M = 3; M <= 20; M++)
    for (int N = M; M * N <= 20; N++)
      for (int K = 3; K <= N; K++)
        for (int bf = 0; bf < 2; bf++) {
          g_autofree char *spec = g_strdup_printf("mnk:%d,%d,%d", M, N, K);
          Both x = both(spec, bf, true);
          te += x.te, tb += x.tb, n++;
          de += x.engine != MB_UNKNOWN && x.checked, db += x.plain != MB_UNKNOWN;
          if (x.plain != MB_UNKNOWN && x.plain != x.engine) {
            fprintf(stderr, "bench-solver: %s %s first: engine says %s, plain minimax %s\n", spec, bf ? "Breaker" : "Maker",
                    mb_outcome_word(x.engine), mb_outcome_word(x.plain));
            bad = 1;
          }
        }
  printf("solver-mnk-small\tengine\t%.6f\t%d\t%.3f\n", te, de, de / MAX(te, 1e-6));
  printf("solver-mnk-small\tbaseline\t%.6f\t%d\t%.3f\n", tb, db, db / MAX(tb, 1e-6));
  fprintf(stderr, "bench-solver: %d games on mnk boards of at most 20 cells: the engine decided %d (certificates checked), plain minimax %d, %s\n",
          n, de, db, bad ? "DISAGREEING" : "no disagreement");
  return bad;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--cross") == 0) return cross();
  if (argc > 1) return fprintf(stderr, "bench-solver: usage: bench-solver [--cross]\n"), 2;
  static const char *boards[] = {"3^3", "mnk:6,3,3", "mnk:4,5,3", "mnk:5,4,4"};
  int bad = 0;
  for (size_t i = 0; i < G_N_ELEMENTS(boards); i++) {
    Both x = both(boards[i], false, false);
    if (x.plain != MB_UNKNOWN && x.plain != x.engine) bad = 1;
    g_autofree char *name = g_strdup_printf("solver-%s", boards[i]);
    for (char *c = name; *c; c++)
      if (*c == '^' || *c == ':' || *c == ',') *c = '-'; /* no '_': the names go into TeX */
    int ew = x.engine != MB_UNKNOWN, bw = x.plain != MB_UNKNOWN;
    printf("%s\tengine\t%.6f\t%d\t%.3f\n", name, x.te, ew, ew / MAX(x.te, 1e-6));
    printf("%s\tbaseline\t%.6f\t%d\t%.3f\n", name, x.tb, bw, bw / MAX(x.tb, 1e-6));
    fprintf(stderr, "bench-solver: %s: engine %llu expansions, baseline %llu positions%s\n", boards[i],
            (unsigned long long)x.expansions, (unsigned long long)x.positions, bw ? "" : " (stopped)");
    fflush(stdout);
  }
  return bad;
}
