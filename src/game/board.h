/* board.h — the n^d tic-tac-toe board: cells, winning lines, degrees.
 *
 * Contract.
 *   Cells are d-tuples (a_1..a_d) with 1 <= a_i <= n (the papers' coordinates);
 *   the cell index is sum_i (a_i - 1) n^(i-1), so 0 <= index < n^d.
 *   A winning line is the paper's §2.2 definition: n cells, each coordinate
 *   constant, increasing 1..n or decreasing n..1, not all constant.  A line
 *   and its reversal are the same line.  board_new() enumerates every line
 *   exactly once (direction vectors in {-1,0,1}^d whose first non-zero entry
 *   is +1, then every choice of the constant coordinates), in a fixed order,
 *   as the edges of a hypergraph on the cells; each edge lists its cells in
 *   order along the line.  Degrees come from that hypergraph.
 *   Limits: 1 <= d <= 8, 2 <= n <= 64, n^d <= 2^24 (aborts otherwise).
 *   board_lines_formula() is Lemma 2.1's ((n+2)^d - n^d)/2, in exact integers;
 *   it is a separate computation for experiments to compare against.
 */
#ifndef BOARD_H
#define BOARD_H

#include <stdint.h>

#include "solvers/hypergraph.h"

typedef struct {
  int n, d;
  uint32_t ncells;
  Hypergraph *lines; /* vertices = cells, edges = winning lines */
} Board;

Board *board_new(int n, int d);
void board_free(Board *b);
uint32_t board_cell(const Board *b, const int *coords);
void board_coords(const Board *b, uint32_t cell, int *coords);
uint64_t board_lines_formula(int n, int d);
uint64_t ipow(uint64_t base, int exp);

/* An independent second enumeration of the lines, for checking board_new():
 * every unordered pair of distinct cells {a, b} is tested for being the two
 * endpoints of a line (each coordinate equal, or one is 1 and the other n),
 * and the n cells between them are stepped through.  Returns the number of
 * lines; if deg is non-NULL (n^d entries) it receives each cell's degree.
 * O(n^(2d) d): meant for n^d up to a few thousand cells. */
uint64_t board_lines_by_endpoints(int n, int d, uint32_t *deg);

#endif
