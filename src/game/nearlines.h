/* nearlines.h — the near-lines of a hypergraph: the sets T of cells such
 * that every |T| - 1 cells of T form an edge.
 *
 * Why.  On torus:n,n-1 the winning sets are the windows of n - 1 cells of
 * the 4n lines of n cells, i.e. every line minus one cell.  Maker wins such
 * a game exactly when some line ends with at most one Breaker cell, and the
 * line potential (solver.h) weighs a line as one thing, (u + 2) 2^-u with u
 * its free cells, where the Erdős–Selfridge sum weighs its n windows
 * (n + u) 2^-u.  The solver and the strategy player find the lines here;
 * the independent checker finds them its own way (certcheck_lines.c).
 *
 * Contract.
 *   mb_near_lines(h, &nl): fills nl with every near-line of h (each once,
 *   cells in increasing order, in the order of the first edge that spans
 *   it with another), and covered[e] = 1 for each edge e that is a
 *   near-line minus one cell.  Edges of fewer than two cells span none.
 *   A hypergraph of more than MB_NEAR_MAX_EDGES edges gets none (the search
 *   compares each edge with the edges through its first cell).  Returns
 *   the number of near-lines.  mb_near_lines_clear frees the arrays.
 *   No global state; thread-safe on distinct outputs.
 */
#ifndef GAME_NEARLINES_H
#define GAME_NEARLINES_H

#include <stdint.h>

#include "solvers/hypergraph.h"

enum { MB_NEAR_MAX_EDGES = 1 << 14 };

typedef struct {
  uint32_t n;        /* near-lines */
  uint32_t *start;   /* n + 1 offsets into cells */
  uint32_t *cells;   /* each near-line's cells, increasing */
  uint8_t *covered;  /* per edge */
} MbNearLines;

uint32_t mb_near_lines(const Hypergraph *h, MbNearLines *nl);
void mb_near_lines_clear(MbNearLines *nl);

#endif
