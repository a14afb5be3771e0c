/* cubesym.h — the symmetry of Q(n,k): sound symmetry breaking for the CNF of
 * cubesat.h, and pairings invariant under a group of automorphisms.
 *
 * Contract.
 *   Vertices, pairs and subcubes are those of cube.h (bit i-1 = coordinate
 *   i); e_i is the vertex with only coordinate i set.  Aut(Q_n) is the group
 *   of the 2^n n! maps v -> pi(v) XOR t (pi permuting coordinates, t a
 *   translation); each maps k-subcubes onto k-subcubes and keeps Hamming
 *   distances, so it maps pairing strategies of Q(n,k) onto pairing
 *   strategies, and it permutes the pair variables of any cubesat_encode()
 *   CNF (any pairs or edges only).
 *
 *   1. Symmetry breaking (cubesym_break).  Three anchor pairs
 *        P1 = {0, e1},  P2 = {e2, e2+e3} (n >= 3),  P3 = {e4, e4+e5} (n >= 5),
 *   and their orbits under the successive stabilisers
 *        O1 = Aut . P1                 = all edges of Q_n;
 *        O2 = Stab(P1) . P2            = the edges in a direction j >= 2 whose
 *             two endpoints, coordinate 1 ignored, have weights 1 and 2;
 *        O3 = Stab(P1) n Stab(P2) . P3 = the edges {e_i, e_i + e_j},
 *             i != j, i, j >= 4.
 *   (Stab(P1) = {pi fixing coordinate 1} x {t in {0, e1}}, because the image
 *   {t, e_pi(1) + t} of {0, e1} equals {0, e1} iff pi(1) = 1 and t in
 *   {0, e1}; within it, {e_pi(2) + t, e_pi(2) + e_pi(3) + t} = {e2, e2+e3}
 *   forces t = 0 (coordinate 1 would be set otherwise) and pi(2) = 2,
 *   pi(3) = 3, so Stab(P1) n Stab(P2) = {pi fixing 1, 2, 3} with t = 0.  The
 *   orbits follow by applying these groups; the unit test recomputes them by
 *   enumerating Aut(Q_n) for n <= 6.)
 *   cubesym_break(cnf, depth) appends, for d = 1..depth (as far as n
 *   allows), the binary clauses  (x_Pd OR NOT x_q)  for every q in O_d,
 *   q != Pd, that has a variable in cnf.  depth 0 adds nothing.
 *   Soundness (the CNF with these clauses is satisfiable iff a pairing
 *   exists).  Order the pair variables P1, P2, P3 first, then the rest in any
 *   fixed order, and compare assignments lexicographically with 1 > 0.  Given
 *   a pairing X, let X* be the lexicographically largest member of its orbit
 *   Aut . X; X* is a pairing, and X* >=lex s(X*) for every s in Aut, where
 *   s(X)_q = X_{s^-1 q}.  For any s the first position gives
 *   X*_P1 >= X*_{s^-1 P1}, and s^-1 P1 ranges over O1.  For s in Stab(P1)
 *   the first positions agree, so the second gives X*_P2 >= X*_{s^-1 P2},
 *   s^-1 P2 ranging over O2; for s fixing P1 and P2 the third gives
 *   X*_P3 >= X*_{s^-1 P3} over O3.  So X* (with the AMO counters set from
 *   it) satisfies every added clause.  (The clauses are not RUP/RAT
 *   consequences of the CNF; a DRAT proof for CNF + clauses refutes exactly
 *   that formula, and the argument above carries the refutation over to the
 *   CNF.)
 *   cubesym_anchor(i, &p) gives P_i (false if n is too small for it, i.e.
 *   n < 2, 3, 5 for i = 1, 2, 3); cubesym_in_orbit(n, i, q) says whether the
 *   pair q lies in O_i as described.
 *
 *   2. Invariant pairings (CubesymInvariant).  A group G <= Aut(Q_n) is given
 *   by generators v -> pi(v) XOR t (CubesymGen: perm[i] = pi's image of
 *   coordinate i+1, 0-based; t a vertex).  A G-invariant pairing is a union
 *   of G-orbits of pairs; an orbit is admissible when its pairs are pairwise
 *   disjoint.  cubesym_invariant_encode(n, k, maxdist, gens, ngens) builds a
 *   CNF whose variables 1..norbits are the orbits of the pairs at distance
 *   1..min(k, maxdist) (numbered in order of the smallest pair id
 *   a * 2^n + b, a < b, in the orbit); inadmissible orbits get a unit clause
 *   NOT x; for each vertex orbit (one representative, the least vertex) at
 *   most one orbit through the representative is chosen (sequential counter,
 *   cubesat_amo); for each orbit of k-subcubes (one representative) one
 *   clause: the admissible orbits that put a pair inside it.  A model gives
 *   a G-invariant pairing (every vertex of the orbit of v sees what v sees),
 *   and cubesym_invariant_expand() lists its pairs (a < b, sorted); the
 *   caller still checks them with sv_is_matching + sv_verify.  An
 *   unsatisfiable reduced CNF says only that no G-invariant pairing exists.
 *   Limits: 1 <= k <= n <= CUBESYM_MAX_N, 1 <= maxdist, every perm a
 *   permutation of 0..n-1, t < 2^n; and the union-find tables (pairs and
 *   k-subcubes, 4 bytes each) must stay under 2^28 entries.  Otherwise
 *   NULL with a one-line GError.
 *   cubesym_parse_gens() reads generators from text: blank-separated items
 *   "t=<0/1 string of length n>" (coordinate 1 first) or
 *   "p=<i1>,<i2>,...,<in>" (1-based images of coordinates 1..n); NULL with a
 *   GError on anything else.
 *   cubesym_named_group(name, n) gives the generators of the groups used by
 *   HC16 (a new GArray of CubesymGen), NULL with a GError for an unknown
 *   name or an n it does not fit:
 *     "cyclic"       the cyclic shift of the coordinates, i -> i+1 mod n;
 *     "cyclic+compl" the same and the complement v -> v XOR 1..1;
 *     "z11+compl"    coordinates 1..11 as Z_11 with x -> x+1 and x -> 3x
 *                    (a group of order 55), the others fixed, and the
 *                    complement (n >= 11);
 *     "rm1+singer"   n = 2^m (m = 2, 3, 4), coordinate x+1 indexed by
 *                    x in F_2^m: the translations by the affine functions
 *                    F_2^m -> F_2 (the Reed-Muller code RM(1,m), as vectors
 *                    of length n) and the Singer cycle x -> a x of GF(2^m)
 *                    on the coordinates (a a root of x^2+x+1, x^3+x+1,
 *                    x^4+x+1).
 *   No global state.
 */
#ifndef CUBESYM_H
#define CUBESYM_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hypercube/cube.h"
#include "hypercube/cubesat.h"

enum { CUBESYM_MAX_N = 24 };

bool cubesym_anchor(int n, int i, VPair *p);
bool cubesym_in_orbit(int n, int i, VPair q);
/* returns the number of clauses added; depth in 0..3 */
size_t cubesym_break(CubesatCnf *cnf, int depth);

typedef struct {
  uint8_t perm[CUBESYM_MAX_N];
  uint32_t t;
} CubesymGen;

static inline uint32_t cubesym_apply(const CubesymGen *g, int n, uint32_t v) {
  uint32_t r = 0;
  for (int i = 0; i < n; i++)
    if (v >> i & 1) r |= UINT32_C(1) << g->perm[i];
  return r ^ g->t;
}

GArray *cubesym_parse_gens(const char *text, int n, GError **err); /* of CubesymGen */
GArray *cubesym_named_group(const char *name, int n, GError **err);

typedef struct {
  int n, k, maxdist;
  CubesatCnf *cnf;        /* orbit variables 1..norbits, then AMO counters */
  int norbits, inadmissible, vertex_orbits;
  size_t subcube_orbits;
  /* internal: orbit variable of each pair id (0 = none) */
  int *orbit_of;          /* 2^n * nmasks entries, indexed a * nmasks + rank(a^b), a < b */
  int *mask_rank, nmasks;
  uint32_t *masks;        /* the allowed difference masks, increasing */
} CubesymInvariant;

CubesymInvariant *cubesym_invariant_encode(int n, int k, int maxdist, const CubesymGen *gens,
                                           int ngens, GError **err);
/* the pairs of the orbits set true in model (cnf->nvars + 1 entries) */
GArray *cubesym_invariant_expand(const CubesymInvariant *inv, const uint8_t *model);

/* one representative of each orbit set true in model: the least pair
 * (a < b, compared as (a, b)) of the orbit, and the orbit's size; in
 * increasing order of the representatives.  The orbits' pairs are exactly
 * those of cubesym_invariant_expand(), so the sizes add up to its length. */
typedef struct {
  VPair rep;
  uint32_t size;
} CubesymRep;
GArray *cubesym_invariant_reps(const CubesymInvariant *inv, const uint8_t *model);

/* the order of the group generated by gens (v -> pi(v) XOR t), found by
 * closing the set of generated maps under composition; 0 if it exceeds limit
 * (an empty generator list gives the trivial group, order 1) */
uint64_t cubesym_group_order(int n, const CubesymGen *gens, int ngens, uint64_t limit);
void cubesym_invariant_free(CubesymInvariant *inv);

#endif
