/* costsat.h — small SAT encodings for pairings of Q(n,3) with few pairs, for
 * the weighted 6-subcube bound on p(9) (experiments/hypercube/q6cost.c).
 *
 * Contract.
 *   Vertices are those of cube.h (bit i = coordinate i+1), 3 <= n <= 6.
 *   costsat_new(n, maxd) makes the base CNF over one variable per vertex
 *   pair {a,b}, a < b, at Hamming distance 1..maxd (1 <= maxd <= 3), in the
 *   order (a, then b) increasing; variable v (1-based) is pair v-1:
 *     - at most one chosen pair per vertex (pairwise clauses);
 *     - for every 3-subcube of Q_n (star sets in increasing order, then the
 *       fixings), one clause listing the chosen-pair variables of the pairs
 *       inside it.
 *   Its models restricted to the pair variables are exactly the pairings of
 *   Q(n,3) made of pairs at distance <= maxd (vertex-disjoint pairs, every
 *   3-subcube containing both vertices of one of them).
 *   The additions, each sound for the meaning given:
 *     costsat_at_most(c, w, K): at most K chosen pairs at distance w
 *       (w = 0: at any distance), by a sequential counter whose auxiliary
 *       variables are new (any assignment of the pair variables with at
 *       most K such pairs extends to them);
 *     costsat_fix_half(c, R, nr): the chosen pairs inside the facet
 *       x_n = 0 (bit n-1 clear) are exactly R (units);
 *     costsat_forbid(c, P, np): not every pair of P is chosen (one clause);
 *     costsat_force(c, P, np, exact): every pair of P is chosen (units), and
 *       if exact, no other pair is.
 *   costsat_var() is the variable of a pair (0 if it has none);
 *   costsat_pair() the pair of a pair variable.
 *   costsat_blocks_all() is an independent check, sharing nothing with the
 *   encoder: it enumerates every 3-subcube of Q_n as (star set, fixing) and
 *   every pair, and says whether each 3-subcube contains both vertices of
 *   some pair; *uncovered gets the number that do not.
 *   costsat_images(n, P, np, &out) lists the distinct images of the pair
 *   set P under Aut(Q_n) (coordinate permutations followed by translations,
 *   2^n n! maps), each as np pairs with a < b sorted increasingly, the sets
 *   in increasing lexicographic order; returns their number (a g_new array
 *   of count * np pairs in *out).  n <= 6.
 *   costsat_cost(P, np) is the cost of a pair set: 5, 8, 14 for the pairs
 *   at distance 1, 2, 3, 0 for farther pairs.
 */
#ifndef COSTSAT_H
#define COSTSAT_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>

#include "hypercube/cube.h"

typedef struct {
  int n, maxd;
  int npairs;      /* pair variables are 1..npairs */
  VPair *pairs;    /* pairs[v-1] */
  int nvars;       /* pair variables plus counter variables */
  size_t nclauses;
  GArray *lits;    /* int: DIMACS literals, each clause ended by 0 */
} CostCnf;

CostCnf *costsat_new(int n, int maxd);
void costsat_free(CostCnf *c);
int costsat_var(const CostCnf *c, uint32_t a, uint32_t b);
VPair costsat_pair(const CostCnf *c, int var);
void costsat_at_most(CostCnf *c, int w, int K);
void costsat_fix_half(CostCnf *c, const VPair *R, size_t nr);
void costsat_forbid(CostCnf *c, const VPair *P, size_t np);
void costsat_force(CostCnf *c, const VPair *P, size_t np, bool exact);

bool costsat_blocks_all(int n, const VPair *P, size_t np, int *uncovered);
size_t costsat_images(int n, const VPair *P, size_t np, VPair **out);
int costsat_cost(const VPair *P, size_t np);

#endif
