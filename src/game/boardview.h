/* boardview.h — pictures of a position: text for the terminal and gnuplot
 * scripts, on boards whose cells are points of a 2-D or 3-D grid.
 *
 * Contract.
 *   bv_grid(b, &g): true iff b's cells are the points of a box of 2 or 3
 *     dimensions (N^2, N^3, mnk, torus, lattice with d = 2 or 3); g gets
 *     the sides (x across, y up, z the layer), the first coordinate value
 *     (1 for N^D and mnk, 0 for torus and lattice, as in the cell names) and
 *     each cell's coordinates follow from its index (first coordinate
 *     fastest, as boardspec.h numbers them).
 *   bv_text(b, mark, out): appends a drawing of the position.  mark[c] is
 *     one printable ASCII character per cell ('.' for nothing).  Grid
 *     boards: one row per y, highest y first, x across, labelled with the
 *     coordinate values as in the cell names; 3-D boards: the layers z side
 *     by side, each headed "z=VALUE".  Other boards (qcube, files, more
 *     dimensions): one line "CHAR: cell cell .." per character other than
 *     '.', characters in increasing order, cells in index order.
 *   bv_gnuplot(b, own, marked, title, out): appends a gnuplot script that
 *     draws the position on the pngcairo terminal WITHOUT setting an output,
 *     so `gnuplot FILE > picture.png` writes the picture: free cells small
 *     grey dots, Maker's cells filled blue discs, Breaker's red squares, the
 *     cell `marked` (UINT32_MAX: none) a large green ring, labelled with its
 *     name; 3-D boards draw the layers side by side, each titled.  The data
 *     are inline (a here-document), so the script is self-contained.  False
 *     (nothing appended) when b is not a grid board.
 *   Deterministic; no global state.
 */
#ifndef GAME_BOARDVIEW_H
#define GAME_BOARDVIEW_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "game/boardspec.h"

typedef struct {
  int dims;     /* 2 or 3 */
  int side[3];  /* x, y, z (z = 1 for 2-D) */
  int lo;       /* the first coordinate value in cell names */
} BvGrid;

bool bv_grid(const MbBoard *b, BvGrid *g);
void bv_coords(const BvGrid *g, uint32_t cell, int *x, int *y, int *z);
void bv_text(const MbBoard *b, const char *mark, GString *out);
bool bv_gnuplot(const MbBoard *b, const uint8_t *own, uint32_t marked, const char *title, GString *out);

#endif
