/* matching.h — maximum matchings in bipartite graphs (Hopcroft–Karp).
 *
 * Contract.
 *   A BipGraph has left vertices 0..nl-1 and right vertices 0..nr-1; the
 *   neighbours of left vertex u are adj[start[u] .. start[u+1]-1] (right
 *   indices < nr; repeated entries are allowed and harmless).  The graph is
 *   read-only for every function here.
 *   A matching is given by two arrays mate_l[nl], mate_r[nr] holding the
 *   partner's index or BM_NONE.
 *   bm_hopcroft_karp() computes a MAXIMUM matching, writes it into mate_l/mate_r
 *   and returns its size.  If `warm` is true the arrays must already hold a
 *   valid matching, which is extended (augmenting paths only), so callers can
 *   keep a matching incrementally; otherwise they are overwritten.  Runs in
 *   O(E sqrt(V)); the work space BmWork may be reused across calls on graphs of
 *   at most the sizes it was made for (NULL: allocated per call).
 *   bm_kuhn() is the plain augmenting-path method (O(VE)), kept as a second
 *   method for tests and as a baseline for `make bench`.
 *   Checkers, independent of both algorithms:
 *     bm_is_matching(): mate arrays are mutually consistent and every matched
 *       pair is an edge of g; stores the size.
 *     bm_is_maximum(): a valid matching AND a König vertex cover of the same
 *       size exists (built from alternating reachability, then every edge is
 *       checked to be covered) — a certificate of maximality.
 */
#ifndef MATCHING_H
#define MATCHING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BM_NONE UINT32_MAX

typedef struct {
  uint32_t nl, nr;
  const uint32_t *start; /* nl + 1 entries */
  const uint32_t *adj;
} BipGraph;

typedef struct BmWork BmWork;
BmWork *bm_work_new(uint32_t nl, uint32_t nr);
void bm_work_free(BmWork *w);

size_t bm_hopcroft_karp(const BipGraph *g, uint32_t *mate_l, uint32_t *mate_r, bool warm,
                        BmWork *w);
size_t bm_kuhn(const BipGraph *g, uint32_t *mate_l, uint32_t *mate_r);

bool bm_is_matching(const BipGraph *g, const uint32_t *mate_l, const uint32_t *mate_r,
                    size_t *size);
bool bm_is_maximum(const BipGraph *g, const uint32_t *mate_l, const uint32_t *mate_r);


/* Single augmenting-path search from the free left vertex u, ignoring the right
 * vertices v with blocked[v] != 0 (blocked may be NULL).  On success the
 * matching is augmented along the path found and true is returned; otherwise
 * nothing changes.  If the matching is maximum in the graph without the
 * blocked vertices except for u being free after its partner was blocked,
 * one call restores maximality (every augmenting path then starts at u).
 * `w` must be a BmWork made for at least these sizes. */
bool bm_augment_from(const BipGraph *g, uint32_t u, uint32_t *mate_l, uint32_t *mate_r,
                     const uint8_t *blocked, BmWork *w);

/* Which right vertices some maximum matching leaves free.  Given a MAXIMUM
 * matching, sets avoid[v] = 1 iff v is unmatched or reachable from an
 * unmatched right vertex by an even alternating path (edge not in M, then
 * the M-edge back to the right side); then deleting v leaves the maximum
 * matching size unchanged, and otherwise it drops by exactly one.  One pass
 * answers the question for every v at once: O(E).  Returns the number of v
 * with avoid[v] = 1.  `w` must be a BmWork made for at least these sizes. */
size_t bm_avoidable(const BipGraph *g, const uint32_t *mate_l, const uint32_t *mate_r,
                    uint8_t *avoid, BmWork *w);

#endif
