/* cube.h — the hypercube Q_n, its subcubes as {0,1,*} vectors, and a
 * brute-force pairing verifier.
 *
 * Contract.
 *   A vertex of Q_n (1 <= n <= 30) is a uint32_t whose bit i-1 is coordinate i.
 *   A subcube is a pair of masks (stars, vals): coordinate i is '*' when bit
 *   i-1 of stars is set, otherwise it is fixed to bit i-1 of vals; vals has no
 *   bits under stars.  Its dimension is popcount(stars).  Written as in the
 *   paper, coordinate 1 first: "(*,0,1,*)" or "*01*" both parse.
 *   A pairing is an array of vertex pairs.  A subcube is blocked by a pairing
 *   when both vertices of some pair lie in it.
 *   cube_first_unblocked() enumerates every k-subcube of Q_n (all C(n,k) star
 *   sets in lexicographic order of the star mask, all 2^(n-k) fixings in
 *   increasing order) and returns true iff all are blocked; otherwise it stores
 *   the first unblocked one in *hole.  *checked counts the subcubes examined.
 *   Cost O(C(n,k) 2^(n-k) · npairs): a reference oracle for small n, not the
 *   fast verifier.  cube_first_unblocked_upto() is the same enumeration
 *   stopped after `limit` subcubes (0 = no limit): true iff all of those are
 *   blocked (the baseline that `make bench` times on a prefix).
 */
#ifndef CUBE_H
#define CUBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint32_t stars, vals;
} Subcube;

typedef struct {
  uint32_t a, b;
} VPair;

/* the next bitmask with the same popcount, in increasing order (Gosper's hack);
 * x != 0 */
static inline uint32_t cube_next_combination(uint32_t x) {
  uint32_t c = x & -x, r = x + c;
  return (((r ^ x) >> 2) / c) | r;
}

static inline uint64_t cube_next_combination64(uint64_t x) {
  uint64_t c = x & -x, r = x + c;
  return (((r ^ x) >> 2) / c) | r;
}

/* Parses n coordinates; returns false on a malformed string. */
bool cube_parse(const char *s, int n, Subcube *out);
/* Writes "(*,0,1,*)" form into buf (size >= 2n+3). */
void cube_format(Subcube c, int n, char *buf);
static inline int cube_dim(Subcube c) { return __builtin_popcount(c.stars); }
static inline bool cube_contains(Subcube c, uint32_t v) { return (v & ~c.stars) == c.vals; }
/* the subcube translated by vector t (an automorphism of Q_n) */
static inline Subcube cube_translate(Subcube c, uint32_t t) {
  Subcube r = {c.stars, (c.vals ^ t) & ~c.stars};
  return r;
}
/* endpoints of a 1-dimensional subcube; false if dim != 1 */
bool cube_edge_pair(Subcube e, VPair *p);
/* pairwise disjoint pairs of distinct vertices of Q_n */
bool cube_is_matching(int n, const VPair *pairs, size_t npairs);
bool cube_first_unblocked(int n, int k, const VPair *pairs, size_t npairs, Subcube *hole,
                          uint64_t *checked);
bool cube_first_unblocked_upto(int n, int k, const VPair *pairs, size_t npairs, uint64_t limit,
                               Subcube *hole, uint64_t *checked);

#endif
