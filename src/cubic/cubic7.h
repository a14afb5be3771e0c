/* cubic7.h — the 7^3 casework of Cain, Raymond & Källersjö, Theorem 4.1.
 *
 * Contract.
 *   Cells are those of board.h for n = 7, d = 3 (index from (x,y,z), 1-based).
 *   Breaker's prescribed moves (§4.2, §4.3), with the paper's choices made
 *   deterministic as follows:
 *     centre case  M1 = (4,4,4); B1 = (5,5,5); M2 any free (x,y,z) with x <= y;
 *                  B2 = (6,2,6); M3 any free cell; B3 = the first free cell of
 *                  (7,1,1), (1,7,7), (7,7,1), (1,1,7) (the paper's Remark (i));
 *                  M4 any free cell; B4 = the first free cell, in the order the
 *                  paper lists them, of the superdiagonal (C: from (7,1,1); D:
 *                  from (7,7,1)) that B3 is not on.
 *     other case   M1 any cell with x <= 4 except (4,4,4); B1 = (4,4,4); M2 any
 *                  free cell with x <= 4; B2 = (5,5,5); M3 any free cell;
 *                  B3 = (6,2,6) if free, else (7,1,7).
 *     uncovered    (CT13, not in the paper) Maker's first two moves an ordered
 *                  pair that no symmetry puts in x <= 4 (c7_pair_uncovered),
 *                  neither (4,4,4); B1 = (4,4,4); then §4.3's rule in the
 *                  frame of the first symmetry g (c7_symmetry order) that
 *                  keeps both Maker cells off (5,5,5), (6,2,6), (7,1,7)
 *                  (c7_audit_frame): B2 = g^-1(5,5,5); M3 any free cell;
 *                  B3 = g^-1(6,2,6) if free, else g^-1(7,1,7).
 *                  Items are the ordered pairs (M1, M2).
 *   Maker's options at each step are enumerated in increasing cell index, so
 *   every board has a fixed position in the enumeration.
 *   For each final board the engine reports: lines eliminated (holding a
 *   Breaker cell), survivors, free cells, and the maximum matching between the
 *   survivors, each taken twice, and the free cells (Step 2 of §4.2).
 *   c7_leaf_baseline() computes those numbers for one board from scratch
 *   (rules replayed, graph built, Hopcroft–Karp): the paper's method, and the
 *   oracle the engine is tested against.  c7_run_item() enumerates every board
 *   below one top-level choice of Maker (the first move that varies): one
 *   matching per node before Maker's last move (warm-started from the parent
 *   node's), and the last move's effect on the maximum read off in one pass
 *   (bm_avoidable in matching.h).  Items are independent, so they can run on
 *   any thread in any order and the summed statistics are identical.
 */
#ifndef CUBIC7_H
#define CUBIC7_H

#include <stdbool.h>
#include <stdint.h>

#include "game/board.h"
#include "game/pairgrid.h"

typedef enum { C7_CENTRE = 0, C7_OTHER = 1, C7_UNCOVERED = 2, C7_CASES = 3 } C7Case;

#define C7_CELLS 343
#define C7_LINES 193
#define C7_SYMMETRIES 48

typedef struct {
  uint8_t eliminated, survivors;
  uint16_t free_cells, matching;
} C7Leaf;

/* histograms over all boards of a run, indexed by the value */
typedef struct {
  uint64_t boards;
  uint64_t eliminated[C7_LINES + 1];
  uint64_t survivors[C7_LINES + 1];
  uint64_t free_cells[C7_CELLS + 1];
  uint64_t deficit[2 * C7_LINES + 1]; /* 2*survivors - matching */
} C7Stats;

typedef struct C7 C7; /* the board, its lines and the fixed cells; read-only */

C7 *c7_new(void);
void c7_free(C7 *c);
const Board *c7_board(const C7 *c);
uint32_t c7_cell(int x, int y, int z);
/* A move as cubic7-pairing reads it: "X,Y,Z", three integers (input.h's
 * in_int64: optional sign, decimal digits, nothing else, no wrapping) with
 * 1 <= X,Y,Z <= 7.  Returns C7_MOVE_OK and *cell = c7_cell(X,Y,Z);
 * C7_MOVE_FORM if the text is not three such integers separated by commas
 * (4294967300 is a number, just off the board); C7_MOVE_OFF if a coordinate
 * is outside 1..7.  *cell is set only on C7_MOVE_OK. */
enum { C7_MOVE_OK, C7_MOVE_FORM, C7_MOVE_OFF };
int c7_parse_move(const char *text, uint32_t *cell);

/* Symmetry g (0..47) of the cube applied to a cell: an axis permutation
 * (g / 8) followed by reflections x -> 8 - x of the axes in the bits of g % 8.
 * g = 0 is the identity. */
uint32_t c7_symmetry(int g, uint32_t cell);
/* True iff no symmetry puts both cells in the half x <= 4 (found by trying
 * all 48): the ordered openings §4.3's reduction misses. */
bool c7_pair_uncovered(uint32_t a, uint32_t b);
/* The uncovered case's frame: the first g keeping both cells off (5,5,5),
 * (6,2,6), (7,1,7), or -1 if there is none. */
int c7_audit_frame(uint32_t m0, uint32_t m1);

/* Maker moves per board: 4 in the centre case, 3 in the other case. */
int c7_maker_moves(C7Case k);
/* Number of top-level items (choices of the first varying Maker move). */
int c7_items(const C7 *c, C7Case k);
/* Total number of boards of a case (computed by enumerating the options). */
uint64_t c7_total_boards(const C7 *c, C7Case k);

/* Breaker's moves for Maker's moves m[0..nm-1] (nm = c7_maker_moves), as
 * the rules above prescribe; returns false if Maker's sequence is not one the
 * case enumerates (occupied cell, wrong half, ...). */
bool c7_breaker_moves(const C7 *c, C7Case k, const uint32_t *m, uint32_t *b);
/* The same, saying where a sequence goes wrong: the index of the first Maker
 * move that is not one the case enumerates (off the board, on an occupied
 * cell, outside the case's half), or -1 if all are; b gets the replies to
 * the moves before it. */
int c7_first_illegal(const C7 *c, C7Case k, const uint32_t *m, uint32_t *b);

/* From scratch: replay, build, Hopcroft–Karp.  If pairs is non-NULL it
 * receives, for each survivor j (in line order), the two cells matched to its
 * two copies (BM_NONE where unmatched), and *npairs the number of survivors. */
bool c7_leaf_baseline(const C7 *c, C7Case k, const uint32_t *m, C7Leaf *out, uint32_t (*pairs)[2],
                      int *npairs);

/* The pairing certificate of one board as a grid (pairgrid.h): Maker's and
 * Breaker's cells, and one pair per survivor from c7_leaf_baseline()'s
 * matching (a survivor whose two copies are not both matched gets no pair, so
 * the checker rejects the grid).  NULL if m is not a board of case k.
 * Breaker's moves go to b (c7_maker_moves(k) entries) if b is non-NULL. */
PairGrid *c7_pairing_grid(const C7 *c, C7Case k, const uint32_t *m, uint32_t *b, C7Leaf *leaf);
/* The deterministic certificate sample: true for about one board in
 * `modulus`, decided by a hash of Maker's moves alone (so the sample does not
 * depend on threads or enumeration order). */
bool c7_sampled(const uint32_t *m, int nm, uint32_t modulus);

/* One sampled board's certificate, end to end: the grid from scratch
 * (c7_pairing_grid), written as text and read back (pairgrid.h), validated by
 * the independent checker; and the engine's numbers for the board compared
 * with the from-scratch ones.  Counts go to *cs; the first failure's moves
 * and reason are kept in cs->first_failure (g_free it). */
typedef struct {
  uint64_t sampled, agree, valid;
  char *first_failure;
} C7Certs;
void c7_certify(const C7 *c, C7Case k, const PgChecker *chk, const uint32_t *m,
                const C7Leaf *engine, C7Certs *cs);
/* The same without the text round trip: the grid built from scratch is
 * handed to the checker in memory (for certifying every board; the text
 * form is exercised by c7_certify on a sample). */
void c7_certify_direct(const C7 *c, C7Case k, const PgChecker *chk, const uint32_t *m,
                       const C7Leaf *engine, C7Certs *cs);
void c7_certs_add(C7Certs *into, C7Certs *from); /* moves from's failure text */

typedef void (*C7LeafFn)(void *user, const uint32_t *m, const C7Leaf *leaf);
typedef struct C7Scratch C7Scratch;
C7Scratch *c7_scratch_new(const C7 *c);
void c7_scratch_free(C7Scratch *s);
/* Every board below top-level item `item`; statistics are added to *st;
 * fn (may be NULL) is called for every board, in enumeration order. */
void c7_run_item(const C7 *c, C7Case k, int item, C7Stats *st, C7Scratch *s, C7LeafFn fn,
                 void *user);
/* The same boards, each by c7_leaf_baseline (slow; for bench and tests).
 * Visits at most `limit` boards (0 = all); returns how many it visited. */
uint64_t c7_run_item_baseline(const C7 *c, C7Case k, int item, C7Stats *st, uint64_t limit,
                              C7LeafFn fn, void *user);
void c7_stats_add(C7Stats *into, const C7Stats *from);
/* The single value a histogram h[0..n-1] holds, or -1 if it holds several
 * (or none). */
int64_t c7_only_value(const uint64_t *h, int n);

#endif
