/* satproof.h — one CaDiCaL call that can also write a DRAT refutation.
 *
 * Contract.
 *   Debian's CaDiCaL (1.5.x) offers proof tracing only in its C++ API, so
 *   this is the one C++ file of the library (satproof.cc); everything else
 *   stays C and calls it through this header.
 *   satproof_solve() gives the CNF lits[0..nlits-1] (DIMACS literals over
 *   variables 1..nvars, each clause terminated by 0) to a fresh, quiet
 *   CaDiCaL solver and returns its IPASIR code: SATPROOF_SAT (10) or
 *   SATPROOF_UNSAT (20); -1 if the input is not a well-formed clause list
 *   (a literal beyond nvars, or a missing final 0).
 *   If proof != NULL, the solver writes its DRAT proof there as TEXT (one
 *   lemma or "d" deletion per line, no comments), and the stream is flushed
 *   but not closed; on UNSAT the proof ends in the empty clause and is meant
 *   for drat_check() (drat.h), which shares nothing with the solver.
 *   If model != NULL (nvars + 1 entries) and the answer is SAT, model[v] = 1
 *   when variable v is true and 0 otherwise (model[0] is unused).  The model
 *   is the solver's word only: callers evaluate the clauses themselves
 *   (satproof_satisfies() is a plain evaluator for that).
 *   No global state: each call owns its solver.
 */
#ifndef SATPROOF_H
#define SATPROOF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { SATPROOF_SAT = 10, SATPROOF_UNSAT = 20 };

int satproof_solve(const int *lits, size_t nlits, int nvars, FILE *proof, uint8_t *model);
/* the same with CaDiCaL's conflict limit (conflicts < 0: none); returns 0
 * (unknown) when the limit is reached first */
int satproof_solve_limited(const int *lits, size_t nlits, int nvars, long conflicts, FILE *proof,
                           uint8_t *model);
/* the same with a wall-clock budget too (seconds <= 0: none): CaDiCaL's
 * terminator stops the search once `seconds` have passed; 0 (unknown) then */
int satproof_solve_budget(const int *lits, size_t nlits, int nvars, long conflicts, double seconds, FILE *proof,
                          uint8_t *model);
/* every clause of lits has a true literal under model (nvars + 1 entries) */
bool satproof_satisfies(const int *lits, size_t nlits, const uint8_t *model);

#ifdef __cplusplus
}
#endif

#endif
