/* boundcheck.h — the independent checker of bounded-game certificates
 * ("makerbreaker bounded 1", format in bounded.h and `makerbreaker help
 * certificate`).
 *
 * Contract.
 *   bc_check(spec, cert, &rep, &why) replays the certificate from the rules
 *   of the bounded game.  It shares no code with the search (bounded.c):
 *   the board's cells, names and winning sets come from certcheck.h's own
 *   enumeration (cc_enumerate), the position is kept as an owner per cell
 *   with per-set counts of Maker's and Breaker's cells, and every node is
 *   judged from those counts.  Checks: the header (magic; board = the
 *   spec's canonical form, for file: and pg: boards that it is such a
 *   board; size = the enumeration's counts; moves on distinct cells; tomove;
 *   makermoves N <= 1000; winner; nodes K = the node lines that follow, then
 *   'end'); then the tree, n = Maker's moves left (N at the root, one less
 *   after each Maker move):
 *     W      a set is all Maker's;
 *     W C    Maker to move, n >= 1, C free and the only free cell of a set
 *            with no Breaker cell;
 *     m C    Maker to move, n >= 1, C free; the subtree follows;
 *     F C    Breaker to move, n >= 1, C the only free cell of a set with no
 *            Breaker cell; the subtree after Breaker takes C follows;
 *     B C..  Breaker to move, n >= 1, the cells listed are exactly the
 *            relevant cells (the free cells of the sets with no Breaker
 *            cell and at most n free cells), at least one, each once; one
 *            subtree per cell in the order listed;
 *     b C    Breaker to move, C free; the subtree follows;
 *     M C..  Maker to move, n >= 1, exactly the relevant cells (at least
 *            one); one subtree each;
 *     H      no relevant set (n = 0 included);
 *     L      the same stones as a node whose subtree was completed earlier.
 *   W, m, F, B only in Maker-win trees, b, M, H only in Breaker-win trees;
 *   in a Breaker-win tree no node may have a set all Maker's.
 *   Returns CC_VALID, CC_INVALID (a check fails: *why says which line and
 *   why) or CC_MALFORMED (not such a certificate, a cell off the board, a
 *   board that cannot be enumerated: *why one line).  *why is g_malloc'ed
 *   (NULL on CC_VALID); rep (may be NULL) gets what was proved.
 *   Recursion depth at most 2N + 2.  No global state.
 */
#ifndef SOLVE_BOUNDCHECK_H
#define SOLVE_BOUNDCHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "solve/certcheck.h"

typedef struct {
  bool maker_wins;        /* the winner: Maker within N, or Breaker holds */
  bool maker_to_move;
  uint32_t maker_moves;   /* N */
  uint32_t deepest;       /* the most Maker moves on any line of the tree */
  uint64_t nodes, leaves, links;
  uint64_t cells, sets;
  char *moves;            /* the position's moves line (g_free) */
} BcReport;

CcResult bc_check(const char *spec, const char *cert, BcReport *rep, char **why);
void bc_report_clear(BcReport *rep);

#endif
