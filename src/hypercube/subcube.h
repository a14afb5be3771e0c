/* subcube.h — the fast verifier of pairing strategies for Q(n,k), and the
 * strategy file format.
 *
 * Contract.
 *   Vertices, subcubes and pairs are those of cube.h (bit i-1 = coordinate i).
 *   sv_verify(n, k, pairs) answers: does every k-dimensional subcube of Q_n
 *   contain both vertices of some pair?  It does not assume the pairs are a
 *   matching (sv_is_matching says that).  It returns true iff every
 *   k-subcube is blocked; otherwise *hole receives the FIRST unblocked one in
 *   cube_first_unblocked()'s order (star masks of popcount k in increasing
 *   order, then the fixings in increasing order), so the two can be compared
 *   answer for answer.  *checked (if non-NULL) receives the number of
 *   k-subcubes the answer covers: C(n,k) 2^(n-k) when all are blocked, else
 *   those up to and including the hole.
 *   Pairs of equal vertices {a,a} count as the brute force counts them: they
 *   block every subcube containing a.
 *   Method.  A pair {a,b} lies in the subcube (A, v) iff D = a^b ⊆ A and
 *   a & ~A = v; pairs with |D| > k lie in no k-subcube and are dropped.  With
 *   L_D = { a & ~D : a^b = D }, the fixings of A that are blocked are the
 *   union over D ⊆ A of pi_A(L_D), pi_A deleting A's coordinates: a bitset of
 *   2^(n-k) bits indexed by the free coordinates in increasing order.  The
 *   star sets are enumerated by a depth-first search that adds coordinates in
 *   decreasing order (largest first), so the leaves come in increasing order
 *   of the star mask; each step ORs one coordinate away from the bitsets of
 *   the masks still relevant (word-wise, or with shift-and-mask unshuffles
 *   inside 64-bit words), masks that can no longer fit are dropped and masks
 *   that will enter the same leaves share one bitset.  A leaf is the OR of the
 *   bitsets of the masks inside A; its first zero bit is the first hole.
 *   Cost about sum over search nodes of (live masks) 2^(n-depth)/64 word
 *   operations, memory about 2 m 2^n / 8 bytes for m distinct masks of <= k
 *   elements.  When that memory would exceed 256 MB or m > 4096, the older
 *   bucket method is used instead: the pairs are bucketed by difference mask
 *   and, for each star set A, the buckets of the submasks of A are scanned
 *   and the distinct values a & ~A counted with a stamp array over Q_n (cost
 *   about C(n,k) (2^k + pairs with a^b ⊆ A)).  Both give the same answers.
 *   Limits: 1 <= k <= n <= 24.
 *   Strategy files: one pair per line, two vertices written as 0/1 strings of
 *   length n (coordinate 1 first), separated by blanks; '#' starts a comment;
 *   blank lines are ignored.  sv_read_pairs() rejects a line that does not
 *   hold exactly two vertices, a vertex that is not a 0/1 string of length n,
 *   a pair of equal vertices, and a vertex already used on an earlier line
 *   (the strategy must be a matching), with a one-line GError message naming
 *   the line.  sv_write_pairs() writes the same format.
 */
#ifndef SUBCUBE_H
#define SUBCUBE_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "hypercube/cube.h"

bool sv_is_matching(int n, const VPair *pairs, size_t npairs);
bool sv_verify(int n, int k, const VPair *pairs, size_t npairs, Subcube *hole, uint64_t *checked);

/* Test hooks, for tests/test_subcube.c only (not part of the contract):
 * sv_verify_method() is sv_verify() with the method forced (SV_METHOD_DP,
 * SV_METHOD_BUCKETS) or chosen as sv_verify() does (SV_METHOD_AUTO);
 * sv_project_bits() is the DP's projection primitive: src holds 2^s bits
 * (1 <= s <= 30; max(1, 2^(s-6)) words, unused high bits zero), p < s, and
 * dst receives the 2^(s-1) bits dst[hi,lo] = src[hi,0,lo] | src[hi,1,lo],
 * lo being the p low bits of the index. */
enum { SV_METHOD_AUTO, SV_METHOD_DP, SV_METHOD_BUCKETS };
bool sv_verify_method(int n, int k, const VPair *pairs, size_t npairs, Subcube *hole,
                      uint64_t *checked, int method);
void sv_project_bits(uint64_t *dst, const uint64_t *src, int s, int p);

/* sv_verify() on a GArray of VPair for experiments: on an unblocked subcube
 * it prints one line "who: what leaves the k-subcube (..) unblocked" on
 * stderr (nothing when what is NULL) */
bool sv_blocks_report(int n, int k, const GArray *pairs, const char *who, const char *what);

/* number of k-subcubes of Q_n: C(n,k) 2^(n-k) */
uint64_t sv_subcubes(int n, int k);

GArray *sv_read_pairs(const char *text, int n, GError **err); /* of VPair */
void sv_write_pairs(FILE *f, int n, const VPair *pairs, size_t npairs);

#endif
