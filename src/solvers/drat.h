/* drat.h — an independent checker of DRAT refutation proofs.
 *
 * Contract.
 *   A formula is a flat array of DIMACS literals, each clause terminated by 0,
 *   over variables 1..nvars.  A proof is DRAT text: one line per step, either
 *   a lemma "l1 l2 ... 0" (an added clause) or "d l1 ... 0" (a deletion);
 *   blank lines and lines starting with 'c' are ignored.
 *   drat_check() replays the proof forwards.  A lemma is accepted if it is
 *   RUP (asserting the negation of its literals and unit-propagating over the
 *   formula, the accepted lemmas and the top-level units yields a conflict) or,
 *   failing that, RAT on its first literal p: for every clause D of the current
 *   database that contains -p, the resolvent (lemma ∪ D \ {-p}) is a tautology
 *   or RUP.  Accepted lemmas join the database.  A deletion removes one copy
 *   of an equal clause (same literal set); deleting a clause that is not in
 *   the database is an error of the proof; deletions of clauses that are
 *   currently unit or reasons at top level are ignored (as drat-trim does by
 *   default — keeping a clause is always sound).  Lemmas may use variables
 *   above nvars (extension variables).
 *   The proof is VERIFIED iff the formula is refuted: the database becomes
 *   conflicting under top-level propagation (in particular when the empty
 *   clause is added, or is already implied by propagation of the formula),
 *   every lemma before that point having been accepted.  Otherwise the result
 *   is REJECTED with *err saying which step failed (1-based line) and why, or
 *   MALFORMED for text that is not DRAT.  Lemmas after the refutation are not
 *   read.
 *   Literals in the proof are at most 2^29 - 1 in absolute value (else
 *   MALFORMED).  Variables are renumbered densely in the order they are met,
 *   so memory is proportional to the formula and proof read (never to the
 *   largest variable number or to nvars, which is only the formula's
 *   declaration).
 *   Cost: watched-literal propagation per lemma; RAT checks scan the clause
 *   database.  No global state.
 */
#ifndef DRAT_H
#define DRAT_H

#include <glib.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { DRAT_VERIFIED, DRAT_REJECTED, DRAT_MALFORMED } DratResult;

typedef struct {
  uint64_t lemmas, deletions, rat_lemmas, ignored_deletions, propagations;
} DratStats;

DratResult drat_check(const int *cnf, size_t cnf_len, int nvars, const char *proof,
                      DratStats *stats, GError **err);

/* drat_read_dimacs(text, &nvars, &why): a DIMACS CNF formula ("c" comment
 * lines, one "p cnf V C" line before any clause, then exactly C clauses,
 * each ended by 0; blanks are spaces, tabs, CR) as the flat literal array
 * drat_check() takes (g_array_free it), *nvars = V.  Numbers are read in 64
 * bits against explicit limits (input.h): V <= 2^29 - 1, every literal
 * within -V..V.  NULL, with *why a static one-line reason, on anything
 * else (a repeated or malformed p line, a clause before it, a literal that
 * is not a number or beyond V, a last clause without 0, a clause count
 * other than C). */
GArray *drat_read_dimacs(const char *text, int *nvars, const char **why);

#endif
