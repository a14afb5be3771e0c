/* qbf.h — the bounded Maker–Breaker game as a quantified Boolean formula
 * (QDIMACS), in the manner of the corrective encoding of Mayer-Eichberger
 * and Saffidine (SAT 2020), written from its description: the formula is
 * true iff Maker (black, existential) completes a winning set within N of
 * her moves (bounded.h's game), so any QBF solver can check an answer of
 * `solve --maker-moves N`.
 *
 * Contract.  qbf_write(f, b, pos, maker_to_move, N, &st) writes:
 *   PLIES.  The plies t = 0, 1, .. alternate from the side to move; they
 *     end with Maker's N-th move, or earlier when the free cells run out
 *     (at most F plies, F the free cells), and a last ply of Breaker's is
 *     dropped (it cannot matter).
 *   VARIABLES.  For a Maker ply t and free cell v: x(t,v), Maker takes v
 *     (existential, in ply t's block).  For a Breaker ply t: K universal
 *     bits u(t,0..K-1) (K = ceil(log2 F)), naming the free cell of index
 *     sum u(t,i) 2^i, then y(t,v), the cell Breaker takes (existential,
 *     after the bits).  Auxiliary, in the innermost existential block:
 *     o(t,v) "v is taken before ply t" (t >= 1, defined by equivalences),
 *     own(v) "Maker took v", w(S) "Maker completed set S".
 *   CLAUSES.  Each ply takes exactly one free cell (at-least-one and
 *     pairwise at-most-one), never a taken one (x(t,v) -> -o(t,v), and
 *     likewise y); o(t+1,v) <-> o(t,v) | move(t,v); own(v) -> OR_t x(t,v);
 *     w(S) -> own(v) for every free v of S; OR_S w(S) over the sets that
 *     hold no Breaker cell and at most (Maker's plies) free cells (the
 *     others cannot be completed).  The CORRECTION: for each Breaker ply
 *     and free cell v, (bits = code(v)) & -o(t,v) -> y(t,v): when the bits
 *     name a free cell, that is Breaker's move; when they name a taken
 *     cell or no cell, y is left to the existential side, which may take
 *     any free cell for Breaker — one he could have named himself — so an
 *     illegal choice of the universal player gains nothing and costs no
 *     constraint on the universal variables.
 *   Trivial cases: a set already all Maker's: the formula "1" (true); no
 *     Maker ply or no completable set: "1 & -1" (false).
 *   Quantifier blocks alternate (consecutive existential blocks merged);
 *   every variable is quantified.  Deterministic.  st (may be NULL) gets
 *   the variable, clause, universal and ply counts and the trivial value.
 *   Returns false on a write error.  At most QBF_MAX_CELLS cells.
 */
#ifndef SOLVE_QBF_H
#define SOLVE_QBF_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "game/boardspec.h"
#include "game/pairing.h"

enum { QBF_MAX_CELLS = 4096 };

typedef struct {
  uint64_t vars, clauses, universals;
  uint32_t plies, maker_plies;
  int trivial; /* 0 no, 1 true, -1 false */
} QbfStats;

bool qbf_write(FILE *f, const MbBoard *b, const MbPosition *pos, bool maker_to_move, uint32_t maker_moves,
               QbfStats *st);

#endif
