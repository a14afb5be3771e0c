/* satbudget.h — one CaDiCaL call with a deterministic work budget, an
 * optional DRAT proof and an optional model.
 *
 * Contract.
 *   satbudget_solve() is satproof_solve() (satproof.h) with a budget: it gives
 *   the CNF lits[0..nlits-1] (DIMACS literals over variables 1..nvars, each
 *   clause terminated by 0) to a fresh, quiet CaDiCaL solver, limited to
 *   `conflicts` conflicts (a negative value means no limit), and returns
 *   SATBUDGET_SAT (10), SATBUDGET_UNSAT (20), SATBUDGET_UNKNOWN (0) when the
 *   limit was reached first, or -1 for input that is not a well-formed clause
 *   list (a literal beyond nvars, or a missing final 0).  A conflict limit,
 *   unlike a time limit, gives the same answer on every machine and every
 *   run, so results stay byte-identical.
 *   proof != NULL: the solver writes its DRAT proof there as TEXT (one lemma
 *   or "d" deletion per line); the stream is flushed, not closed.  On UNSAT
 *   the proof is meant for drat_check() (drat.h), which shares nothing with
 *   the solver; on any other answer it is just the solver's trace.
 *   model != NULL (nvars + 1 entries) and SAT: model[v] = 1 when v is true,
 *   else 0 (model[0] unused).  The model is the solver's word only; callers
 *   check what they decode from it.
 *   st != NULL receives the wall-clock seconds of the solve() call (for
 *   stderr and the report's timing table, never for result rows).
 *   No global state: each call owns its solver.
 */
#ifndef SATBUDGET_H
#define SATBUDGET_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { SATBUDGET_UNKNOWN = 0, SATBUDGET_SAT = 10, SATBUDGET_UNSAT = 20 };

typedef struct {
  double seconds;
} SatbudgetStats;

int satbudget_solve(const int *lits, size_t nlits, int nvars, int64_t conflicts, FILE *proof,
                    uint8_t *model, SatbudgetStats *st);

#ifdef __cplusplus
}
#endif

#endif
