/* cubesplit.h — cube-and-conquer for Q(n,k), any pairs: the formula, a
 * decision tree whose leaves are the cubes, a checked proof that the cubes
 * cover every case, and one cube solved and checked.
 *
 * Contract.
 *   The formula F (cubesplit_new) is cubesat_encode(n, k, false) (cubesat.h:
 *   pair variables 1..npairvars, at-most-one counters, one blocking clause
 *   per k-subcube) followed by the symmetry-breaking clauses of
 *   cubesym_break(F, 3) (cubesym.h):  x_{P_d} OR NOT x_q  for q in the orbit
 *   O_d of the anchor P_d (P1 = {0,e1}, P2 = {e2,e2+e3}, P3 = {e4,e4+e5}).
 *   Why F is sound: F is satisfiable iff Q(n,k) has a pairing strategy.  A
 *   model of F is one of the plain CNF, hence a pairing.  Conversely, the
 *   automorphisms v -> pi(v) XOR t of Q_n (the cube's automorphism group)
 *   map pairings onto pairings, so the orbit of a pairing contains its
 *   lexicographically largest member X* (anchor variables first, 1 > 0), and
 *   X* satisfies every added clause: an s with s^-1 P1 = q in O1 gives
 *   X*_{P1} >= X*_q, and likewise P2 (P3) against the stabiliser of P1 (of
 *   P1 and P2); the full argument is cubesym.h's.  In words: if the pairing
 *   has an edge, one may assume vertex 0 is paired with e1, and so on.
 *
 *   The cubes are the leaves of a decision tree, in depth-first order
 *   (cube 0 first); depth (0..CUBESPLIT_MAX_DEPTH) counts its partner levels.
 *     - The root branches on x_{P1}: NOT x_{P1} is leaf 0 (by the clauses
 *       above: the pairing has no edge at all).  Under x_{P1}, first NOT and
 *       then x_{P2}, and under each, NOT and then x_{P3}, except that under
 *       NOT x_{P2} only NOT x_{P3} (P3 lies in O2, so the clauses exclude it).
 *     - Then `depth` partner levels.  At each, v is the first vertex (in
 *       order of weight, then of value) that the cube neither pairs (a
 *       positive pair literal through v) nor declares unpaired.  A pair q
 *       through v is EXCLUDED by the cube when NOT x_q is in it, when its
 *       other end is paired by the cube, or when NOT x_{P_d} is in it and q
 *       lies in O_d (d = 1..3).  The children are, in this order: "v
 *       unpaired" (the cube plus NOT x_q for every q through v not
 *       excluded), then, for each q through v not excluded in increasing
 *       variable order, the cube plus x_q.  A node whose vertices are all
 *       paired or decided is a leaf.
 *   The exclusions are consequences of F's at-most-one and symmetry clauses
 *   (never of the blocking clauses), so the tree covers every assignment
 *   satisfying those; cubesplit_check_cover() does not rely on this argument
 *   but checks it: the at-most-one and symmetry-breaking clauses of F
 *   together with, for every cube, the clause of its negated literals, must
 *   be refuted by CaDiCaL with a DRAT proof that drat_check() (drat.h)
 *   accepts.  Then every model of F satisfies some cube: F is unsatisfiable
 *   iff every F AND cube is, and a model of any F AND cube is a model of F.
 *   No leaf is wasted: each is consistent with those clauses (leaving one
 *   out breaks the cover, which the unit test checks).
 *
 *   cubesplit_solve(s, i, conflicts, &o) solves F plus the unit clauses of
 *   cube i with CaDiCaL (satproof.h, conflict budget `conflicts`, < 0 none)
 *   and checks the answer independently:
 *     SAT:   the model must satisfy every clause of F and of the cube
 *            (satproof_satisfies), and its true pair variables, decoded,
 *            must pass sv_is_matching + sv_verify (subcube.h): a pairing
 *            strategy for Q(n,k); o.pairs holds them (VPair, a < b, in
 *            variable order);
 *     UNSAT: the solver's DRAT proof must be VERIFIED by drat_check against
 *            F plus the cube's unit clauses;
 *     0:     the budget was spent (open).
 *   o.checked says the check passed; o.lemmas is the number of lemma lines
 *   of the solver's proof (CaDiCaL is deterministic, so this is a measure of
 *   work that does not depend on the machine; it is about the number of
 *   conflicts); o.solve_seconds and o.check_seconds are CPU seconds of the
 *   calling thread (solver and checker run in it), for progress and cost
 *   estimates only (never packed).
 *   The result of a cube is a pure function of (n, k, depth, i, conflicts):
 *   cubesplit_pack() writes exactly answer, checked, lemmas, the number of
 *   pairs and the pairs (ckpt_pack_u64 each, checkpoint.h); cubesplit_unpack()
 *   reads it back, false for bytes that are not such a record (answer not
 *   0/10/20, checked not 0/1, pairs without SAT or outside Q_n, trailing
 *   bytes); it re-runs sv_is_matching + sv_verify on unpacked pairs and
 *   clears checked if they fail.
 *   Limits: 5 <= n <= CUBESAT_MAX_N (the three anchors), 1 <= k <= n,
 *   0 <= depth <= CUBESPLIT_MAX_DEPTH; otherwise NULL with a one-line GError.
 *   Memory: the proof of a cube is kept in memory (roughly 400 bytes per
 *   conflict for Q(9,3)), so budgets of a few million conflicts are the
 *   practical limit.  No global state; cubes may be solved in parallel.
 */
#ifndef CUBESPLIT_H
#define CUBESPLIT_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hypercube/cubesat.h"
#include "solvers/drat.h"

enum { CUBESPLIT_MAX_DEPTH = 2, CUBESPLIT_OPEN = 0 };

typedef struct {
  int n, k, depth;
  CubesatCnf *cnf;     /* F: the CNF of cubesat.h and the symmetry-breaking clauses */
  size_t sb_clauses;   /* how many of the latter */
  size_t ncubes;
  GArray *lits;        /* int: the cubes' literals, cube after cube */
  GArray *start;       /* guint64, ncubes + 1 entries: cube i is lits[start[i] .. start[i+1]) */
} Cubesplit;

Cubesplit *cubesplit_new(int n, int k, int depth, GError **err);
void cubesplit_free(Cubesplit *s);
/* the literals of cube i (< ncubes) and their number */
const int *cubesplit_cube(const Cubesplit *s, size_t i, size_t *len);

typedef struct {
  size_t clauses;      /* of the cover formula */
  int answer;          /* CaDiCaL's answer on it (20 expected) */
  DratResult drat;     /* drat_check of its proof (meaningful when answer is 20) */
  uint64_t lemmas;
  double seconds;      /* solve and check, CPU seconds of the calling thread */
} CubesplitCover;
/* true iff the cover formula is refuted and the proof VERIFIED */
bool cubesplit_check_cover(const Cubesplit *s, CubesplitCover *st);

typedef struct {
  int answer;          /* SATPROOF_SAT, SATPROOF_UNSAT, CUBESPLIT_OPEN */
  bool checked;
  uint64_t lemmas;
  GArray *pairs;       /* VPair, on SAT; else NULL */
  double solve_seconds, check_seconds;
} CubesplitOutcome;

void cubesplit_solve(const Cubesplit *s, size_t i, long conflicts, CubesplitOutcome *o);
void cubesplit_outcome_clear(CubesplitOutcome *o);
void cubesplit_pack(const CubesplitOutcome *o, GByteArray *b);
bool cubesplit_unpack(const void *data, size_t len, int n, int k, CubesplitOutcome *o);

#endif
