/* polychrome.h — independent checkers for the colourings behind the rotating
 * constructions: vertex partitions (Lemmas 2 and 5) and edge partitions into
 * strategies (Theorems 3 and 5, §7's polychromatic colourings).
 *
 * Contract.
 *   Vertices are those of cube.h.  A vertex partition of Q_n is given as
 *   part[v] in 0..m-1 for every vertex, read separately on the even vertices
 *   (the parts of 0_n) and on the odd ones (the parts of 1_n), 1 <= m <= 32.
 *   pc_parts_meet_all() is true iff every part of 0_n and of 1_n is nonempty
 *   and every subcube of dimension dim contains a vertex of each of the 2m
 *   parts; otherwise *bad (if non-NULL) receives the first failing subcube
 *   (star masks in increasing order, then fixings in increasing order), or
 *   stars = vals = 0 with dim reported 0 when some part is empty or a value is
 *   out of range.  Cost C(n,dim) 2^n; n <= 24.
 *   pc_edge_partition() checks a family of pair sets on Q_n: every pair is an
 *   edge (Hamming distance 1), no edge lies in two members (or twice in one),
 *   and *covered (if non-NULL) receives the number of distinct edges of Q_n
 *   covered; the return value is true iff the members are pairwise disjoint
 *   edge sets whose union is all n 2^(n-1) edges of Q_n.
 */
#ifndef POLYCHROME_H
#define POLYCHROME_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "hypercube/cube.h"

bool pc_parts_meet_all(int n, const int *part, int m, int dim, Subcube *bad);
bool pc_edge_partition(int n, GArray *const *members, int count, uint64_t *covered);

#endif
