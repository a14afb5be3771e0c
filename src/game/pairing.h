/* pairing.h — positions, survivors and the search for Breaker's pairing
 * strategies on any board of boardspec.h, with the certificates it writes.
 *
 * Contract.
 *   Positions.  mb_position_parse() reads the moves already played: tokens
 *   separated by blanks or ';', each "M:CELL" (Maker) or "B:CELL" (Breaker)
 *   (lower case m:, b: too), CELL a name bs_cell_parse() accepts; a token
 *   between blanks that names a cell as a whole is that one move even if it
 *   holds ';' (file cells may).  Order is
 *   free and no turn order is enforced.  A cell off the board, a malformed
 *   token or a cell played twice: false, *err one line, nothing kept.
 *   mb_position_string() writes the canonical form ("M:4,4,4 B:5,5,5", in
 *   the order given; "-" for no moves).
 *   Survivors.  mb_survivors(): a set holding a Breaker cell is dead; the
 *   others SURVIVE, each reduced to its free cells (Maker's removed), in
 *   board order.  maker_won is the first set wholly Maker's (-1 if none):
 *   then Maker has already won and no strategy question is asked.  nfree
 *   counts the free cells of the whole board.
 *   Private pairs (mb_private).  Each survivor gets its own pair of free
 *   cells, all pairs disjoint: a matching of "each survivor taken twice" vs
 *   the free cells saturating the left side (Hopcroft–Karp, matching.h).
 *   found: r->pairs holds one pair per survivor (set = board set index), in
 *   survivor order, cells a < b.  Not found: r->hall is a Hall-violating
 *   family — the survivors whose copies are reachable by alternating paths
 *   from the unmatched copies of a maximum matching; their free cells number
 *   r->hall_nbhd < 2 |family| (checked here before returning).
 *   Shared pairs (mb_shared).  Disjoint pairs of free cells, every survivor
 *   containing one.  CNF: one variable per unordered pair {a < b} of free
 *   cells lying together in some survivor (numbered 1.. in order of first
 *   appearance: survivors in order, their free-cell pairs in order); a
 *   clause (-x -y) for every two variables sharing a cell (pairwise
 *   at-most-one; refused beyond MB_MAX_CLAUSES clauses); one positive clause
 *   per survivor: the variables of the pairs inside it.  CaDiCaL via
 *   satproof.h.  SAT: the model is evaluated on every clause
 *   (satproof_satisfies) and the true pair variables become r->pairs.
 *   UNSAT: the CNF is solved again with a DRAT proof (r->proof, text), and
 *   src/drat.c must verify it before the answer is given.  Returns 10, 20,
 *   or -1 with *err (too large; solver or proof failure).
 *   Certificates (mb_write_cert), one text format for all kinds:
 *     makerbreaker certificate 1
 *     board SPEC                 (canonical spec)
 *     size CELLS SETS            (of the whole board)
 *     moves M:.. B:..            ("-" for none)
 *     kind private|shared
 *     result pairing|hall|refutation
 *   then, for a private pairing, one line per survivor
 *     pair A B for C1 C2 .. Ck   (the pair and the whole winning set it serves)
 *   for a shared pairing, one line per pair:   pair A B
 *   for a Hall family (no private pairing), one line per set:  set C1 .. Ck
 *   for a refutation (no shared pairing): "var V A B" for every variable,
 *   then "cnf", the DIMACS CNF ("p cnf V C" and C clauses), "drat", the
 *   proof; and finally "end".  Cells are canonical names (bs_cell_name).
 *   Deterministic: the same board and moves give the same bytes.
 */
#ifndef GAME_PAIRING_H
#define GAME_PAIRING_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "game/boardspec.h"

enum { MB_FREE = 0, MB_MAKER = 1, MB_BREAKER = 2 };
#define MB_MAX_CLAUSES ((size_t)1 << 25)

typedef struct {
  uint32_t cell;
  uint8_t who; /* MB_MAKER or MB_BREAKER */
} MbMove;

typedef struct {
  uint32_t ncells;
  uint8_t *owner; /* ncells entries */
  GArray *moves;  /* of MbMove, as given */
  uint32_t nmaker, nbreaker;
} MbPosition;

void mb_position_init(MbPosition *pos, uint32_t ncells);
void mb_position_clear(MbPosition *pos);
bool mb_position_parse(const MbBoard *b, const char *moves, MbPosition *pos, GError **err);
/* adds one move; false if the cell is taken */
bool mb_position_play(MbPosition *pos, uint32_t cell, uint8_t who);
char *mb_position_string(const MbBoard *b, const MbPosition *pos);

typedef struct {
  uint32_t nsurv;
  uint32_t *set;   /* board set index of each survivor */
  uint32_t *start; /* nsurv + 1 offsets into cells */
  uint32_t *cells; /* each survivor's free cells, in the set's order */
  uint32_t nfree, dead;
  int64_t maker_won;
} MbSurvivors;

void mb_survivors(const MbBoard *b, const MbPosition *pos, MbSurvivors *s);
void mb_survivors_clear(MbSurvivors *s);

typedef struct {
  uint32_t a, b, set;
} MbPair;

typedef struct {
  bool found;
  GArray *pairs;     /* MbPair */
  GArray *hall;      /* uint32_t board set indices */
  uint32_t hall_nbhd;
  /* shared */
  GArray *var_pair;  /* MbPair per variable (index var - 1) */
  GArray *cnf;       /* int literals, clauses ended by 0 */
  int nvars;
  size_t nclauses;
  char *proof;
  double seconds;    /* solver time */
} MbResult;

void mb_result_clear(MbResult *r);
bool mb_private(const MbBoard *b, const MbSurvivors *s, MbResult *r);
int mb_shared(const MbBoard *b, const MbSurvivors *s, MbResult *r, GError **err);
/* the same under CaDiCaL's conflict limit (< 0: none): 0 when it stops the
 * search first (nothing found, nothing refuted) */
int mb_shared_limited(const MbBoard *b, const MbSurvivors *s, MbResult *r, long conflicts,
                      GError **err);

/* ... and a wall-clock budget (seconds <= 0: none) over the whole call: 0
 * when a budget stops a CaDiCaL run before it decides (the conflict limit
 * the deciding run, the clock it and the run that writes the refutation) */
int mb_shared_budget(const MbBoard *b, const MbSurvivors *s, MbResult *r, long conflicts, double seconds,
                     GError **err);

/* kind "private" or "shared"; false on a write error */
bool mb_write_cert(FILE *f, const MbBoard *b, const MbPosition *pos, const char *kind,
                   const MbResult *r);

#endif
