/* sgnim.h — hypergraph NIM: exact Sprague–Grundy values on a box, the Tetris
 * value, the Jenkyns–Mayberry (JM) formula, and symmetric hypergraphs given by
 * their spectrum.  Paper: Boros, Gurvich, Ho, Makino & Mursic, "Sprague-Grundy
 * function of symmetric hypergraphs" (shared/papers/hypergraph-nim-symmetric.txt).
 *
 * Contract.
 *   The game NIM_H.  n piles (1 <= n <= SG_MAXN), vertex i = pile i, 0-based
 *   here (the paper's pile i+1).  A hypergraph H is an array of ne nonempty,
 *   distinct edges, each a bitmask over the n vertices (bit i = pile i).  A
 *   move picks E in H and strictly decreases every pile of E, leaving the
 *   others unchanged.
 *
 *   The box.  Positions x in [0,B]^n; SgBox numbers them by the mixed-radix
 *   index  idx(x) = sum_i x_i (B+1)^i  (pile 0 varies fastest, pile n-1 is
 *   the most significant).  A move strictly lowers the index, so a table in
 *   index order can be filled front to back, and the value at x depends only
 *   on positions of the box below x: every table below is exact, not an
 *   approximation of an infinite game.  sg_box_init() refuses (returns
 *   false) boxes of more than SG_MAXPOS positions or B > SG_MAXB.
 *
 *   Solvers (all return a new table of box->npos values, g_free() it):
 *     sg_solve        the engine.  For every edge E and position z it keeps
 *                     P_E(z), the set of SG values (a bitset of W 64-bit
 *                     words) of the positions y with y_E <= z_E and y = z off
 *                     E: P_E(z) = {G(z)} ∪ the union of P_E(z - e_i) over
 *                     i in E with z_i > 0.  The options of x by E are then
 *                     exactly P_E(x - χ(E)), so a position costs
 *                     |H| + sum_E |E| bitset ORs and a mex.  P is kept for
 *                     two slabs of the top pile only (a ring of
 *                     2 (B+1)^(n-1) positions), so memory is
 *                     2 (B+1)^(n-1) · ne · W words.
 *     sg_solve_naive  the definition: the mex over every option, each move
 *                     enumerated (prod_{i in E} x_i per edge).  The oracle of
 *                     the tests and the baseline of the bench; *work (may be
 *                     NULL) receives the number of options visited.
 *     sg_tetris       T(x), the longest play from x: 0 without a move, else
 *                     1 + max T(x - χ(E)) over the inclusion-minimal edges
 *                     E ⊆ supp(x) (slow moves suffice, paper §2).
 *   Values are SgValue (uint16_t); SG(x) <= T(x) <= sum x_i / min|E|, which
 *   also fixes W.
 *
 *   The JM formula (paper (1a)-(3)).  m = min_i x_i, y = T(x - m e) + 1,
 *   U = T(x) if m <= C(y,2), else C(y,2) + ((m - C(y,2) - 1) mod y).
 *   sg_jm_value() evaluates it from m, T(x) and T(x - m e); sg_jm_table()
 *   tabulates it over a box from a Tetris table of the same box.
 *
 *   Symmetric hypergraphs.  H(λ) = all subsets of V whose size is in the
 *   spectrum λ = (λ_1 < ... < λ_k), 1 <= λ_1, λ_k <= n.  Here a spectrum is
 *   also a size mask: bit s-1 set iff s is in λ.
 *   sg_spectrum_parse() reads "l1,l2,...,lk" (decimal, comma-separated, no
 *   blanks) for n piles; on a bad entry (not a number, 0, > n, unsorted,
 *   repeated, empty) it returns false and sets *err to one line naming the
 *   entry and the rule (g_free it).  sg_spectrum_format() writes the mask
 *   back with the given separator.  sg_symmetric_edges() lists the edges of
 *   H(λ) in increasing mask order.
 *   sg_tetris_closed() is the closed form for symmetric H(λ):
 *   T(x) = max{t : sum_i min(x_i, t) >= λ_1 t}.
 *
 *   Transversals (paper §1).  sg_transversal_free(S) decides whether the
 *   induced subhypergraph H_S = {E in H : E ⊆ S} has no edge meeting every
 *   edge.  sg_minimal_transversal_free() applies the definition to every
 *   S ⊆ V: H = H_V transversal-free and no proper S with H_S nonempty
 *   transversal-free (the empty hypergraph does not count: see NOTES.md,
 *   SG1); it costs O(3^n) and reports the first offending S in *witness.
 *
 *   Order of positions.  sg_order_cmp() is the fixed order used to name "the
 *   first position where two tables differ": by max_i x_i, then by sum, then
 *   lexicographically with pile 0 most significant.  Sorting by the maximum
 *   first makes the answer independent of the box: the first difference
 *   found in [0,B]^n is the first in every larger box.
 *
 *   Symmetric H on sorted positions.  For H = H(λ) the game is invariant
 *   under permutations of the piles, so SG, T, m and U are too.  SgSorted
 *   numbers the non-decreasing z in [0,B]^n (one per orbit) by their colex
 *   rank  sum_i C(z_i + i, i + 1); every z' obtained from z by a move sorts
 *   to a smaller rank, so tables over ranks fill front to back.
 *   sg_solve_symmetric() runs the engine's recurrence on these C(B+n, n)
 *   representatives: P_E(z - e_i) = P_{τE}(z - e_j) where j is the first
 *   pile of z with z_j = z_i and τ swaps i and j, and the options by E at z
 *   are those by E' at z - χ(E'), E' being E moved to the front of each
 *   block of equal values (only such canonical E are visited).
 *   sg_tetris_symmetric() is the Tetris DP over canonical minimal edges,
 *   sg_jm_table_sorted() the JM formula, sg_expand() writes a sorted table
 *   out over the whole box (x -> the rank of sort(x)).
 *
 *   The survey.  sg_jm_survey() solves H(λ) on the sorted box for a list of
 *   spectra (rows[i].sizes set by the caller) with `threads` worker
 *   threads and compares SG with the JM formula; row i depends only on
 *   spectrum i, so the output is the same for every thread count.  The first
 *   difference in sg_order_cmp order over the whole box is non-decreasing
 *   (the smallest permutation of any position is its ascending sort), so it
 *   is found among the sorted representatives.
 *
 *   sg_jm_survey() splits the spectra over `threads` workers with
 *   plumbing/parfor.h (each row written by its own unit).
 *
 *   A hypergraph with no edge, an edge that is empty or outside V, or a
 *   spectrum mask outside 1..n is a programming error and aborts (g_error);
 *   sg_sorted_init() refuses boxes with more than SG_MAXPOS sorted positions.
 *   Nothing is global; every function is reentrant.
 */
#ifndef SGNIM_H
#define SGNIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SG_MAXN 16
#define SG_MAXB 4095
#define SG_MAXPOS ((size_t)1 << 28)

typedef uint16_t SgValue;

typedef struct {
  int n, B;
  size_t npos;                  /* (B+1)^n */
  size_t stride[SG_MAXN + 1];   /* (B+1)^i; stride[n] = npos */
} SgBox;

bool sg_box_init(SgBox *box, int n, int B);
size_t sg_index(const SgBox *box, const int *x);
void sg_position(const SgBox *box, size_t idx, int *x);
/* "(x_1,...,x_n)" with the paper's pile order, into buf of len bytes */
void sg_position_format(const SgBox *box, size_t idx, char *buf, size_t len);

SgValue *sg_solve(const SgBox *box, const uint32_t *edges, size_t ne);
SgValue *sg_solve_naive(const SgBox *box, const uint32_t *edges, size_t ne, uint64_t *work);
SgValue *sg_tetris(const SgBox *box, const uint32_t *edges, size_t ne);

int sg_jm_value(int m, int t_x, int t_base);
SgValue *sg_jm_table(const SgBox *box, const SgValue *tetris);

/* ---- spectra and symmetric hypergraphs ---- */
bool sg_spectrum_parse(const char *text, int n, uint32_t *sizes, char **err);
void sg_spectrum_format(uint32_t sizes, const char *sep, char *buf, size_t len);
size_t sg_symmetric_edges(int n, uint32_t sizes, uint32_t *edges); /* edges: room for 2^n - 1 */
int sg_tetris_closed(const int *x, int n, int lambda1);

/* ---- transversals ---- */
bool sg_transversal_free(uint32_t S, const uint32_t *edges, size_t ne);
bool sg_minimal_transversal_free(int n, const uint32_t *edges, size_t ne, uint32_t *witness);

/* ---- comparisons ---- */
int sg_order_cmp(const SgBox *box, size_t a, size_t b);
/* true iff a and b agree on the whole box; else *first = the first differing
 * index in sg_order_cmp order */
bool sg_tables_agree(const SgBox *box, const SgValue *a, const SgValue *b, size_t *first);

/* ---- symmetric hypergraphs on sorted positions ---- */
typedef struct {
  int n, B;
  size_t count;  /* C(B+n, n): the non-decreasing z in [0,B]^n */
  size_t *binom; /* binom[a (n+1) + k] = C(a, k), a <= B+n, k <= n */
} SgSorted;

bool sg_sorted_init(SgSorted *sb, int n, int B);
void sg_sorted_clear(SgSorted *sb);
size_t sg_sorted_rank(const SgSorted *sb, const int *z);   /* z non-decreasing */
void sg_sorted_first(const SgSorted *sb, int *z);          /* rank 0 */
bool sg_sorted_next(const SgSorted *sb, int *z);           /* rank + 1; false after the last */
uint64_t sg_sorted_orbit(const SgSorted *sb, const int *z); /* n! / prod (multiplicities)! */

SgValue *sg_solve_symmetric(const SgSorted *sb, uint32_t sizes);
SgValue *sg_tetris_symmetric(const SgSorted *sb, uint32_t sizes);
SgValue *sg_jm_table_sorted(const SgSorted *sb, const SgValue *tetris);
SgValue *sg_expand(const SgBox *box, const SgSorted *sb, const SgValue *sorted);

/* positions as arrays: -1, 0, 1 in the order of sg_order_cmp */
int sg_order_cmp_pos(int n, const int *a, const int *b);

/* ---- the survey ---- */
typedef struct {
  uint32_t sizes;         /* the spectrum */
  bool agree;             /* SG = U on the whole box */
  int first[SG_MAXN];     /* if not: the first position where they differ (non-decreasing) */
  SgValue sg_first, u_first;
  SgValue max_sg;         /* largest SG value on the box */
  uint64_t p_positions;   /* positions of the box (all of them, not only sorted) with SG = 0 */
  uint64_t differ;        /* positions of the box with SG != U */
} SgSurveyRow;

void sg_jm_survey(const SgSorted *sb, SgSurveyRow *rows, size_t count, int threads);

#endif
