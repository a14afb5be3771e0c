/* bounded.h — the bounded Maker–Breaker game: can Maker complete a winning
 * set within N of her own moves?  An exact search with a table, and a
 * certificate for either answer (read back by boundcheck.h).
 *
 * The game.  A board (boardspec.h, at most BD_MAX_CELLS cells), a position
 * (pairing.h's moves), the side to move and N.  The players alternate,
 * claiming free cells; Maker WINS iff she owns every cell of some winning
 * set after at most N moves of her own (a set already hers at the start:
 * won with N = 0).  Otherwise (her N moves are made, or the board fills
 * up first) Breaker HOLDS.  With N at least the number of moves Maker can
 * still make (bd_max_moves), this is the whole Maker–Breaker game.
 *
 * Rules of the search (each exact; proofs in the report's chapter on the
 * bounded game and in bounded.c).  n = Maker's moves left (counting her
 * next one).  A set is RELEVANT when it holds no Breaker cell and misses at
 * most n cells (it can still be completed in time); the relevant cells are
 * the free cells of the relevant sets.
 *   R1  Maker to move, a set missing one cell, n >= 1: Maker wins (takes it).
 *   R2  no relevant set (n = 0 included): Breaker holds.
 *   R3  moves of both sides are relevant cells only: a move elsewhere is
 *       never better than a relevant one (lemma "irrelevant cells").
 *   R4  Breaker to move, a set (no Breaker cell) missing one cell c, n >= 1:
 *       Breaker's only move that does not lose at once is c (forced).
 * Method: depth-first AND/OR search over these nodes, moves ordered by a
 * weight (threats first), with a table of decided positions keyed by the
 * exact stones (Maker's and Breaker's bitsets; the side to move and n
 * follow from the stone counts); no symmetry, no zones, no supports.  The
 * table is bounded (opts.memory): when full it keeps what it has and
 * stores no more (correct, slower).  opts.node_limit bounds expansions,
 * opts.seconds the wall clock, *opts.stop (if set) interrupts: then the
 * outcome is MB_UNKNOWN.  Deterministic: the same input gives the same
 * answer, counts and certificate (the clock aside).
 *
 * The certificate ("makerbreaker bounded 1"), written for a decided root
 * when opts.want_cert:
 *   makerbreaker bounded 1 / board SPEC / size CELLS SETS / moves ... (or
 *   '-') / tomove maker|breaker / makermoves N / winner maker|breaker /
 *   nodes K / K node lines in preorder / end
 * node lines (n as above at each node):
 *   Maker-win trees: "m C" (Maker takes C; one subtree), "W C" (C is the
 *     only free cell of a set without Breaker cells, Maker to move, n >= 1:
 *     a leaf), "W" (a set is already all Maker's), "F C" (Breaker to move,
 *     n >= 1, C the only free cell of such a set; one subtree: after C),
 *     "B C1 .. Ck" (Breaker to move: exactly the relevant cells, k >= 1;
 *     k subtrees, one per reply in the order listed);
 *   Breaker-win trees: "b C" (Breaker takes C; one subtree), "M C1 .. Ck"
 *     (Maker to move: exactly the relevant cells, k >= 1; k subtrees),
 *     "H" (no relevant set: a leaf);
 *   both: "L" (this position, the same stones, is the root of a subtree
 *     completed earlier: a transposition).
 * No node of a Breaker-win tree may have a set all Maker's.
 */
#ifndef SOLVE_BOUNDED_H
#define SOLVE_BOUNDED_H

#include <glib.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "game/boardspec.h"
#include "game/pairing.h"
#include "solve/solver.h"

enum { BD_MAX_CELLS = 256 };

typedef struct {
  uint32_t maker_moves;   /* N */
  bool maker_to_move;
  uint64_t node_limit;    /* 0: none */
  double seconds;         /* 0: none */
  uint64_t memory;        /* table bound in bytes (0: 256 MiB) */
  bool want_cert;
  volatile sig_atomic_t *stop; /* nonzero: stop as at a budget */
} BdOpts;

typedef struct {
  MbOutcome outcome;      /* MB_MAKER_WINS (within N), MB_BREAKER_WINS (holds), MB_UNKNOWN */
  uint64_t nodes;         /* expansions */
  uint64_t cert_nodes;    /* certificate node lines */
  uint64_t table;         /* positions stored */
  char *cert;             /* want_cert and decided */
  double seconds;
  bool budget_hit, table_full;
} BdResult;

void bd_opts_default(BdOpts *o);
/* false (err: PAIRING_ERROR_RANGE) if the board has more than BD_MAX_CELLS cells */
bool bd_solve(const MbBoard *b, const MbPosition *pos, const BdOpts *o, BdResult *r, GError **err);
void bd_result_clear(BdResult *r);
/* the most moves Maker can still make: ceil(F/2) with Maker to move, floor(F/2) otherwise (F free cells) */
uint32_t bd_max_moves(const MbBoard *b, const MbPosition *pos, bool maker_to_move);

#endif
