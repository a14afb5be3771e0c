/* torus.h — good domino pairings of the n x n torus games of Győrffy, London
 * & Makay (9-in-a-row: the 8 x 8 torus with 4 directions; hexagonal
 * 7-in-a-row: the 6 x 6 torus with 3 directions).
 *
 * Contract.
 *   Cells.  Cell c = n*y + x, 0 <= x, y < n, coordinates mod n; y grows
 *   downwards (row 0 is the top row of a printed table).
 *   Neighbour codes (the paper's §4 table): the partner of a cell is given by
 *   a code k = 0..7 for the vector  0 E (1,0), 1 SE (1,1), 2 S (0,1),
 *   3 SW (-1,1), 4 W (-1,0), 5 NW (-1,-1), 6 N (0,-1), 7 NE (1,-1);
 *   the opposite code is k ^ 4.  A pairing is a table code[ncells].
 *   Directions.  TG_SQUARE8: n = 8, directions d = 0..3 with vectors of codes
 *   0..3 (E, SE, S, SW): rows, both diagonals, columns.  TG_HEX6: n = 6,
 *   d = 0..2 (E, SE, S): rows, one diagonal, columns — the square-grid
 *   picture of the hexagonal board.  A line is a coset c + Z v_d (n cells);
 *   nlines = ndirs * n.  A domino is {c, c + v_d}; id = d * ncells + c.
 *   A GOOD PAIRING is a partition of the cells into dominoes such that every
 *   line contains exactly one domino pointing along it (ndirs*n dominoes,
 *   one per line: each domino lies in exactly one line of its direction).
 *   Symmetry group G = translations x point group (|G| = npoint * ncells).
 *   Point element p is a 2x2 integer matrix preserving the neighbour set:
 *   square: D4 (8), p = R^(p%4) M^(p/4), R(x,y) = (-y,x), M(x,y) = (-x,y);
 *   hex: D6 (12), p = R^(p%6) S^(p/6), R(x,y) = (x-y,x), S(x,y) = (y,x).
 *   Group element e = p * ncells + t acts by c -> p(c) + t; e = 0 is the
 *   identity.  On a pairing: (e P)[e c] = pcode[p][P[c]].  tg_set_group()
 *   restricts G to a subgroup (translations x some point elements); the
 *   canonical forms, stabilisers and ngroup follow it.
 *   Canonical form: the lexicographically least table (cells in index order)
 *   in the orbit.  Its first entry is 0 (E): for every point element p, the
 *   dominoes of the direction p turns into E-W can be moved onto {0, 1}.  So
 *   only the elements e with (e P)[0] = 0 are compared, n per point element
 *   (one per such domino); tg_canon() compares them entry by entry and stops
 *   at the first difference; stab = how many give the least table (the
 *   order of the stabiliser).  tg_canon_all() is the paper's method: every
 *   element, the whole table built, the least kept (same answer).
 *   The independent checker tg_check() walks every line cell by cell from
 *   its cell in column 0 (rows) or row 0 (the other directions), wrapping by
 *   hand: it uses neither the domino nor the line tables.
 *   tg_enumerate() is a plain exact-cover search (first free cell, all its
 *   dominoes) over the pairings that contain the given dominoes and are
 *   invariant under the group element e (e = 0: all); it returns the count
 *   and calls visit() on each (visit may be NULL).  Kept simple on purpose:
 *   it is the oracle for the fast engine (torus8.h) and the Burnside terms.
 *   Moves (the graph of §5-6), each producing good pairings Q != P:
 *     tg_slide_move()  the "moving transition" read as a chain: free cell c,
 *       slide its domino one step along its line away from c; the domino on
 *       the cell it lands on slides away from that cell, and so on, until a
 *       domino lands on c (success) or on a cell of a domino that already
 *       moved (failure).  Every domino stays in its line, so Q is good.
 *     tg_cycle_moves()  every good Q with P xor Q a single alternating cycle
 *       of at most maxlen cells (maxlen <= ncells; 6 = the 3-domino
 *       "triangles"), each cycle once: a depth-first search along
 *       alternating paths from the cycle's least cell, old domino first,
 *       tracking the lines the old dominoes free and the new ones take (a new
 *       domino may take only a line not yet taken whose old domino lies on
 *       cells >= the start; the cycle closes when both sets are equal).
 */
#ifndef TORUS_H
#define TORUS_H

#include <stdbool.h>
#include <stdint.h>

#include "plumbing/checkpoint.h"
#include "plumbing/progress.h"

enum { TG_MAXCELLS = 64, TG_MAXLINES = 32, TG_MAXDOM = 256, TG_MAXPOINT = 12 };

typedef enum { TG_SQUARE8, TG_HEX6 } TorusKind;

typedef struct {
  TorusKind kind;
  int n, ndirs, ncells, nlines, ndom, npoint, ngroup;
  int vec[8][2];                         /* neighbour code -> vector */
  uint8_t nb[TG_MAXCELLS][8];            /* neighbour of c in code k */
  uint8_t add[TG_MAXCELLS][TG_MAXCELLS]; /* cell a + cell b */
  uint8_t line_of[4][TG_MAXCELLS];       /* line of direction d through c */
  uint8_t dom_a[TG_MAXDOM], dom_b[TG_MAXDOM], dom_line[TG_MAXDOM];
  uint64_t line_cells[TG_MAXLINES];
  int pmat[TG_MAXPOINT][4];                   /* (x,y) -> (m0 x + m1 y, m2 x + m3 y) */
  uint8_t pcode[TG_MAXPOINT][8];              /* code k -> code of p(v_k) */
  uint8_t pcell[TG_MAXPOINT][TG_MAXCELLS];    /* p applied to cell c */
  uint8_t pinvcell[TG_MAXPOINT][TG_MAXCELLS]; /* p^-1 applied to cell c */
  bool prot[TG_MAXPOINT];                     /* det p = +1 */
  int porder[TG_MAXPOINT];                    /* order of p */
  int pmul[TG_MAXPOINT][TG_MAXPOINT];         /* index of p q */
  uint32_t group;                             /* point elements of G in use (bit p) */
} TorusGame;

void tg_init(TorusGame *g, TorusKind kind);
/* restricts G to translations x {p : bit p of mask}; false (G unchanged)
 * unless the set contains the identity and is closed under products */
bool tg_set_group(TorusGame *g, uint32_t mask);
static inline bool tg_in_group(const TorusGame *g, int p) { return g->group >> p & 1; }

/* dominoes and lines */
static inline int tg_dom_dir(const TorusGame *g, int dom) { return dom / g->ncells; }
int tg_domino_of(const TorusGame *g, int cell, int code); /* domino {cell, nb(cell,code)} */
/* the ndirs * n dominoes of a pairing, ordered by id; returns their number */
int tg_dominoes(const TorusGame *g, const uint8_t *code, int *doms);

/* the independent checker; *why (if non-NULL) gets a g_malloc'ed reason */
bool tg_check(const TorusGame *g, const uint8_t *code, char **why);

/* symmetry */
/* out = elem applied to in; elem indexes the whole group (npoint * ncells
 * elements), whatever tg_set_group chose */
void tg_transform(const TorusGame *g, int elem, const uint8_t *in, uint8_t *out);
/* canonical form and the stabiliser order |{e : e P = P}| (stab may be NULL) */
void tg_canon(const TorusGame *g, const uint8_t *code, uint8_t *canon, int *stab);
/* code[0] must be 0: true iff code is its own canonical form; *stab as above
 * (only when true).  Stops at the first smaller image. */
bool tg_is_canonical(const TorusGame *g, const uint8_t *code, int *stab);
/* the paper's method: every element of G applied, the whole table built,
 * the least kept (|G| * ncells work) */
void tg_canon_all(const TorusGame *g, const uint8_t *code, uint8_t *canon, int *stab);

/* exact-cover enumeration (see above); elem indexes the whole group */
typedef void (*TgVisit)(const uint8_t *code, void *ctx);
uint64_t tg_enumerate(const TorusGame *g, int elem, const int *fixed, int nfixed, TgVisit visit,
                      void *ctx);

/* fix[e] = number of good pairings fixed by group element e, for every
 * e = p * ncells + t with p in the whole point group (fix has npoint *
 * ncells entries), e != 0 (fix[0] is left 0: the identity fixes all of
 * them), by tg_enumerate; threads split the elements */
void tg_fixed_counts(const TorusGame *g, uint64_t *fix, int threads);
/* The same, resumable: element e is the work unit (stage, e - 1) of checkpoint
 * ck (checkpoint.h; NULL = none); elements an earlier run saved are read
 * back instead of recounted ("resuming: K/N Burnside elements" on stderr),
 * the others saved as they finish.  fix is the same either way. */
void tg_fixed_counts_ckpt(const TorusGame *g, uint64_t *fix, int threads, Checkpoint *ck,
                          uint32_t stage);

/* moves */
/* *least (may be NULL) = the least cell freed along the chain: a chain of k
 * dominoes is found from each of its k freed cells, so a caller may keep the
 * one started from *least */
bool tg_slide_move(const TorusGame *g, const uint8_t *code, int cell, uint8_t *out, int *least);
/* visit(Q, cells of the cycle, ctx); returns the number of cycles found;
 * nodes (may be NULL) += search nodes */
typedef void (*TgMoveVisit)(const uint8_t *q, int cycle_cells, void *ctx);
int tg_cycle_moves(const TorusGame *g, const uint8_t *code, int maxlen, TgMoveVisit visit,
                   void *ctx, uint64_t *nodes);

/* The graph of pairing classes.  reps: n canonical forms (ncells bytes
 * each), sorted ascending (memcmp).  For every rep P, every move Q of the
 * chosen kind (TG_MOVES_SLIDE: each slide chain once, from its least freed
 * cell; TG_MOVES_CYCLE: tg_cycle_moves with maxlen) is canonicalised and
 * looked up; it gives the edge {i, j} if j != i.  Moves into P's own class
 * (loops) and repeated edges are dropped.  Edges come out sorted (u < v,
 * lexicographic) whatever the thread count.  The classes are split over
 * `threads` workers (plumbing/parfor.h) and the classes done reported to
 * progress (plumbing/progress.h; NULL: silent). */
typedef enum { TG_MOVES_SLIDE, TG_MOVES_CYCLE } TgMoves;
typedef struct {
  uint64_t moves;   /* moves generated */
  uint64_t loops;   /* of them, into P's own class */
  uint64_t missing; /* canonical form not among reps: 0 unless reps is incomplete */
  uint64_t bad;     /* moves that fail tg_check: must be 0 */
  uint64_t nodes;   /* cycle-search nodes */
  int longest;      /* most cells changed by one move */
  uint64_t ne;
  uint32_t *edges; /* 2 * ne entries: u0 v0 u1 v1 ... */
} TgGraph;
void tg_class_graph(const TorusGame *g, const uint8_t *reps, uint32_t n, TgMoves kind, int maxlen,
                    bool check, int threads, const ProgressSink *progress, TgGraph *out);
void tg_graph_clear(TgGraph *gr);
/* index of canon among the n sorted reps (binary search), or -1 */
long tg_find(const TorusGame *g, const uint8_t *reps, uint64_t n, const uint8_t *canon);

/* The Hales–Jewett pairing of the paper's Fig. 1 (typed: the object under
 * test of KR2), rows y = 0..7 top to bottom, in tg_parse's format. */
extern const char *const tg_hales_jewett;

/* text: n lines of n two-letter codes (E, SE, S, ...) — for docs and tests */
char *tg_to_string(const TorusGame *g, const uint8_t *code);
bool tg_parse(const TorusGame *g, const char *text, uint8_t *code);

#endif
