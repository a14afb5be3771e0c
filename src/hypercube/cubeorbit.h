/* cubeorbit.h — cube-and-conquer for Q(n,k) up to symmetry: a decision tree
 * whose isomorphic nodes are dropped (bliss canonical forms through igraph),
 * with a check of the reduction that does not trust bliss.
 *
 * Contract.
 *   Aut = Aut(Q_n), the 2^n n! maps v -> pi(v) XOR t (cubesym.h), acts on the
 *   pair variables of F0 = cubesat_encode(n, k, false) (the plain CNF, no
 *   symmetry-breaking clauses) and on literals (signs kept), hence on cubes
 *   (sets of literals) and on assignments: (gY)_{g(q)} = Y_q.  It maps
 *   pairing strategies onto pairing strategies.
 *
 *   The tree (cubeorbit_new), level by level.  Level 0 is the empty cube.  A
 *   vertex v is DECIDED by a cube when a positive literal of the cube passes
 *   through v, or every pair variable through v is either negated in the cube
 *   or has its other end on a positive literal; a pair q is EXCLUDED when
 *   NOT x_q is in the cube or an end of q is on a positive literal.  A node
 *   at level l < depth with an undecided vertex branches on the first one, v
 *   (order: weight, then value), with the open (not excluded) pairs q_1 <
 *   ... < q_m through v (m >= 1 as v is undecided): children N + {NOT q_1,
 *   ..., NOT q_m} ("v unpaired") and N + {q_j} for each j, in this order; a
 *   node that does not branch is a leaf.  The children of all kept nodes of a
 *   level, in order, are kept or dropped: a child whose canonical form (the
 *   coloured graph: Q_n's vertices and edges, a vertex of colour 1 or 2 per
 *   positive or negative literal joined to the two ends of its pair; bliss
 *   canonical labelling) equals that of a child kept before is dropped, with
 *   the witness g = (canonical labelling of the kept one)^-1 o (that of the
 *   dropped one) on Q_n's vertices, written as (pi, t) and VERIFIED here: a
 *   map of the form v -> pi(v) XOR t, mapping the dropped cube's literal set
 *   exactly onto the kept one's.  A child whose witness fails is kept (never
 *   happens with a correct bliss; counted in `unverified`).  The cubes are the
 *   kept leaves, in level order (the split's cubesplit_cube(), below).
 *
 *   The check (cubeorbit_check), from the recorded tree alone:
 *     (a) each kept internal node's children extend it by their own literals
 *         (delta) and are exhaustive: the clauses NOT delta_c, one per child,
 *         are refuted by CaDiCaL and the DRAT proof passes drat_check();
 *     (b) each dropped node d has its witness g_d (a permutation pi and t <
 *         2^n) with g_d(d) = c_d as literal sets, c_d a kept node of the same
 *         level;
 *     (c) the split's cubes are exactly the kept nodes without children.
 *   Theorem (the reason the cubes suffice).  If (a)-(c) hold, then for every
 *   assignment Y of the pair variables there is g in Aut such that gY
 *   satisfies some cube.  Proof: Y satisfies the root.  If Y satisfies a kept
 *   node N of level l, either N is a cube, or by (a) Y satisfies a child c of
 *   N; if c is kept, repeat at level l+1; if dropped, by (b) g_c Y satisfies
 *   g_c(c) = c', kept at level l+1: repeat with g_c Y.  Levels are bounded by
 *   the depth, so this ends at a cube, and the composition g of the
 *   witnesses used maps Y to an assignment satisfying it.  Hence: F0 is
 *   satisfiable iff F0 AND cube is for some cube (a model of F0 is a pairing
 *   X; gX is a pairing satisfying the cube, so it is a model of F0 AND cube;
 *   the converse is trivial).  So every cube refuted, with (a)-(c) checked,
 *   proves that Q(n,k) has no pairing strategy; a model of F0 AND cube is one.
 *   Cubes are solved by cubesplit_solve() on the returned split, whose cnf
 *   is F0 (sb_clauses 0), so they carry the same checks as cubesplit.h's.
 *
 *   Limits: 3 <= n <= CUBESAT_MAX_N, 1 <= k <= n, 0 <= depth <=
 *   CUBEORBIT_MAX_DEPTH; otherwise NULL with a one-line GError.  Output is a
 *   function of (n, k, depth) (bliss's labelling is deterministic).  igraph
 *   has global state: call cubeorbit_new() from one thread at a time.
 */
#ifndef CUBEORBIT_H
#define CUBEORBIT_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hypercube/cubesplit.h"
#include "hypercube/cubesym.h"

enum { CUBEORBIT_MAX_DEPTH = 8 };

typedef struct {
  int level, parent;      /* parent: node index, -1 for the root */
  bool kept;
  int image;              /* dropped: the kept node g(this); else -1 */
  CubesymGen g;           /* dropped: the witness */
  int first_child, nchildren; /* children are consecutive nodes; 0 children: none */
  guint64 from, to;       /* its own literals (delta): lits[from .. to) */
} CubeorbitNode;

typedef struct {
  Cubesplit *split;       /* cnf = F0, the cubes = the kept leaves */
  GArray *nodes;          /* CubeorbitNode, root first, level by level */
  GArray *lits;           /* int: the nodes' deltas */
  size_t kept[CUBEORBIT_MAX_DEPTH + 1], dropped[CUBEORBIT_MAX_DEPTH + 1];
  size_t unverified;      /* children kept because their witness failed */
  double seconds;         /* building, CPU seconds of the calling thread */
} Cubeorbit;

Cubeorbit *cubeorbit_new(int n, int k, int depth, GError **err);
void cubeorbit_free(Cubeorbit *o);
/* node i's full literal set (its ancestors' deltas and its own), sorted */
GArray *cubeorbit_node_cube(const Cubeorbit *o, int i);

typedef struct {
  size_t internal, dropped;  /* nodes checked by (a), by (b) */
  uint64_t lemmas;           /* of the proofs of (a), summed */
  double seconds;            /* CPU seconds of the calling thread */
  int failed_node;           /* the first node that failed, -1 if none */
} CubeorbitCheck;
/* true iff (a), (b) and (c) hold */
bool cubeorbit_check(const Cubeorbit *o, CubeorbitCheck *st);

#endif
