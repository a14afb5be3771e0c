/* certcheck.h — the independent checker of the workbench's certificates.
 *
 * Contract.
 *   cc_check(spec, cert, &rep, &why) judges a certificate in the format of
 *   pairing.h (mb_write_cert) against the board `spec`.  It shares no code
 *   with the search: the spec's PARAMETERS are read by bs_spec_parse() (the
 *   one grammar), but the cells, their names and the winning sets are
 *   enumerated here by a different method — every window of the right
 *   length along every direction vector (both signs), kept once by its
 *   sorted cell set (n^d: the 3^d - 1 vectors of {-1,0,1}^d and windows of n
 *   cells; mnk and torus: the eight compass vectors, windows of K cells,
 *   wrapping on the torus (K = N: windows starting on row or column 0 only,
 *   since every coset meets one); lattice: +-S, windows of M cells inside the
 *   window); qcube: every pattern over {0, 1, star} with K stars, expanded; files are
 *   read by a tokenizer of its own.  Cells are handled by NAME.  The
 *   certificate's lines are split into tokens by certtok.h (exactly one
 *   blank between tokens; else malformed), as the strategy reader splits
 *   them, so the two read one certificate alike.
 *   Checks, by result:
 *     all    the header (magic, board = the spec's canonical form — for files
 *            only that it is a file —, size = the checker's own counts of
 *            cells and sets, moves on distinct cells of the board); no
 *            surviving set (no Breaker cell) may be wholly Maker's;
 *     pairing, private: each line "pair A B for SET": A != B free, not in
 *            an earlier pair, SET a surviving winning set (by its cells, any
 *            order) not served before, containing A and B; every surviving
 *            set served exactly once;
 *     pairing, shared: pairs of distinct free cells, pairwise disjoint; every
 *            surviving set contains both cells of some pair;
 *     hall (private only): the listed sets are distinct surviving sets and
 *            the free cells in their union are fewer than twice their number
 *            (so no private pairing exists, by Hall's theorem);
 *     refutation (shared only): "var V A B" maps each variable 1..V to a
 *            distinct pair of distinct free cells; every clause of the CNF is
 *            either (-x -y) with the pairs of x != y sharing a cell, or
 *            positive and containing the variable of EVERY pair of free
 *            cells inside some surviving set (or that set has < 2 free
 *            cells) — so every disjoint pairing blocking the survivors
 *            satisfies the CNF; and drat_check() (drat.h) verifies the proof.
 *   Strategy certificates ("makerbreaker strategy 1", solver.h's format):
 *            the header as above plus "tomove" (either side, whatever
 *            the move counts) and "winner"; every "perm" a bijection of the cells
 *            mapping each winning set onto a winning set; then the tree in
 *            preorder, replayed from the rules: m/b/F moves on free cells by
 *            the side to move (F: a surviving set has that cell as its only
 *            free cell); B/M lists exactly the free cells on surviving sets
 *            (moves elsewhere are passes, never better for the mover); T C..
 *            Maker's threat sequence, replayed move by move (after each move
 *            but the last exactly one free cell completes a surviving set
 *            and Breaker is given it; the last move completes a set or leaves
 *            two such cells); W a set all Maker's; D no surviving set; P disjoint free pairs, one
 *            inside every surviving set; E the exact Erdős–Selfridge value,
 *            recomputed (plus the largest cell term when Maker moves), < 1;
 *            S d p: node (this - d) has this position's image under p^-1,
 *            same side to move.  rep->tomove and rep->first name the
 *            side to move and the side that moved first (equal counts: the
 *            side to move; else the side with more cells).  In a Breaker-win tree no node may have a
 *            set all Maker's.  rep->maker_moves = the most Maker moves on any
 *            line of the tree (through S links).
 *   Returns CC_VALID; CC_INVALID (well-formed but a check fails; *why says
 *   which); CC_MALFORMED (not a certificate, a name off the board, a cell
 *   twice in the moves, an unreadable board file: *why one line).  *why is
 *   g_malloc'ed (NULL on CC_VALID), rep (may be NULL) gets counts.
 *   Limits: those of bs_spec_parse; certificate text as in_check_text
 *   (IN_MAX_LINE per line).  No global state.
 */
#ifndef SOLVE_CERTCHECK_H
#define SOLVE_CERTCHECK_H

#include <stdbool.h>
#include <stdint.h>

typedef enum { CC_VALID = 0, CC_INVALID = 1, CC_MALFORMED = 2 } CcResult;

typedef struct {
  char kind[16], result[16];
  uint64_t cells, sets, surviving, pairs, family, union_free, vars, clauses, lemmas;
  /* strategy certificates: kind "strategy", result "maker" or "breaker" (the winner) */
  uint64_t nodes, perms, leaves, links;
  uint32_t maker_moves; /* the most Maker moves along any line of the tree */
  uint64_t zone_omitted, support_omitted; /* live cells not listed at 'R' ('A') nodes: Maker moves
                                             refuted by a zone (Breaker replies lost by a support) */
  char tomove[8], first[8]; /* strategy: "maker"/"breaker" to move in the certificate's
                               position, and who moved first (from the move counts) */
} CcReport;

CcResult cc_check(const char *spec, const char *cert, CcReport *rep, char **why);

/* The checker's own enumeration of a board (the method above: windows
 * along direction vectors, its own file readers), for other checkers
 * (src/solve/boundcheck.h): cell names (canonical, as certificates name
 * them), sets as start[nsets + 1] offsets into cells, and name -> cell + 1.
 * false with *why (g_malloc'ed, one line) on a bad spec or unreadable file. */
typedef struct {
  uint32_t ncells, nsets;
  char **names;
  uint32_t *start, *cells;
  void *index; /* GHashTable: name -> cell + 1 */
} CcSets;
bool cc_enumerate(const char *spec, CcSets *out, char **why);
long cc_sets_cell(const CcSets *s, const char *name); /* the cell, or -1 */
void cc_sets_clear(CcSets *s);

#endif
