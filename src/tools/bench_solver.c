/* bench-solver — `make bench` rows for the Maker–Breaker solver
 * (src/game/solver.h) against plain minimax with boolean cut-offs and no
 * table, symmetry, threats or closures (mb_solve_plain), on boards both
 * finish (rows in bench.tsv's format, no header; work = boards decided,
 * 1 or 0, so rate = boards per second and the rate ratio is the ratio of
 * times; the positions visited go to stderr).  Both must agree on the outcome (exit 1 otherwise); the
 * baseline is stopped after 2*10^7 positions (work 0 then).  Times are
 * never asserted. */
#include <glib.h>
#include <stdio.h>

#include "game/solver.h"

static double now(void) { return (double)g_get_monotonic_time() / 1e6; }

int main(void) {
  static const char *boards[] = {"3^3", "mnk:6,3,3", "mnk:4,5,3", "mnk:5,4,4"};
  int bad = 0;
  for (size_t i = 0; i < G_N_ELEMENTS(boards); i++) {
    MbBoard *b = bs_board_new(boards[i], NULL);
    MbPosition pos;
    mb_position_parse(b, NULL, &pos, NULL);
    MbSolveOpts o;
    mb_solve_opts_default(&o);
    o.want_cert = false;
    double t0 = now();
    MbSolveResult r;
    mb_solve(b, &pos, &o, &r, NULL);
    double t1 = now();
    uint64_t n = 0;
    MbOutcome p = mb_solve_plain(b, &pos, false, 20000000, &n);
    double t2 = now();
    if (p != MB_UNKNOWN && p != r.outcome) bad = 1;
    g_autofree char *name = g_strdup_printf("solver-%s", boards[i]);
    for (char *c = name; *c; c++)
      if (*c == '^' || *c == ':' || *c == ',') *c = '-'; /* no '_': the names go into TeX */
    int ew = r.outcome != MB_UNKNOWN, bw = p != MB_UNKNOWN;
    printf("%s\tengine\t%.6f\t%d\t%.3f\n", name, t1 - t0, ew, ew / MAX(t1 - t0, 1e-6));
    printf("%s\tbaseline\t%.6f\t%d\t%.3f\n", name, t2 - t1, bw, bw / MAX(t2 - t1, 1e-6));
    fprintf(stderr, "bench-solver: %s: engine %llu expansions, baseline %llu positions%s\n", boards[i],
            (unsigned long long)r.nodes, (unsigned long long)n, bw ? "" : " (stopped)");
    fflush(stdout);
    mb_solve_result_clear(&r);
    mb_position_clear(&pos);
    bs_board_free(b);
  }
  return bad;
}
