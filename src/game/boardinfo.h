/* boardinfo.h — what `makerbreaker info` reports about a board (or the
 * position after some moves): sizes, degrees, the Erdős–Selfridge sums as
 * exact fractions, and the counting bounds a pairing strategy must meet.
 *
 * Contract.
 *   All numbers are of the SURVIVING sets reduced to their free cells
 *   (pairing.h's survivors; on the empty board: the board itself).
 *   Sizes: min/max of the reduced sets (0 when there are none); degrees:
 *   min/max over free cells of the number of surviving sets holding the cell.
 *   Erdős–Selfridge.  es_sum = sum over surviving A of 2^-|A|; es_max_cell =
 *   max over free cells v of sum over surviving A containing v of 2^-|A|.
 *   Both are exact dyadic rationals, printed reduced as "a/b" (b a power of
 *   two; "a/2^e" when b would exceed 2^256; "0" and integers as such).
 *   Breaker moving FIRST wins if es_sum < 1; Breaker moving SECOND wins if
 *   es_sum + es_max_cell < 1 (Erdős–Selfridge; Beck's form for the second
 *   player).  Sufficient conditions only.
 *   Counting bounds (necessary conditions):
 *     private pairs: each surviving set needs two free cells of its own, so
 *       2 * surviving <= free cells;
 *     shared pairs: the pairs are disjoint, so at most floor(free / 2) of
 *       them, and a pair {a,b} serves at most codeg(a,b) sets (the number of
 *       surviving sets containing both), so floor(free/2) * max codeg >=
 *       surviving; and every surviving set needs two free cells.  max codeg
 *       is computed when the sets' sum of C(|A|,2) is at most 2^22, else
 *       codeg_known is false and that bound is not stated.
 *   Deterministic, no global state.
 */
#ifndef GAME_BOARDINFO_H
#define GAME_BOARDINFO_H

#include <stdbool.h>
#include <stdint.h>

#include "game/pairing.h"

typedef struct {
  uint32_t cells, sets, free_cells, surviving, dead;
  uint32_t min_size, max_size, min_deg, max_deg;
  char *es_sum, *es_max_cell, *es_total; /* exact fractions; total = sum + max_cell */
  bool breaker_first_es, breaker_second_es;
  bool private_count_ok;
  bool codeg_known;
  uint64_t max_codeg;
  bool shared_count_ok; /* only meaningful if codeg_known */
  uint32_t small_sets;  /* surviving sets with fewer than 2 free cells */
} MbInfo;

void mb_info(const MbBoard *b, const MbSurvivors *s, MbInfo *info);
void mb_info_clear(MbInfo *info);

/* exposed for tests: sum over i of counts[i] * 2^-sizes[i] as a reduced
 * fraction string; *below_one (may be NULL) = whether the value is < 1 */
char *mb_dyadic_string(const uint32_t *sizes, const uint64_t *counts, size_t n, bool *below_one);

#endif
