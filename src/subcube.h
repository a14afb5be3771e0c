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
 *   Method.  A pair {a,b} lies in the subcube (A, v) iff a^b ⊆ A and
 *   a & ~A = v.  The pairs are bucketed by their difference mask a^b; for a
 *   star set A the buckets of the submasks of A are scanned and the distinct
 *   values a & ~A counted with a stamp array over Q_n; A's 2^(n-k) subcubes
 *   are all blocked iff the count reaches 2^(n-k).  Cost about
 *   C(n,k) (2^k + pairs with a^b ⊆ A) instead of brute force's
 *   C(n,k) 2^(n-k) npairs.  Limits: 1 <= k <= n <= 24.
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

#include "cube.h"

bool sv_is_matching(int n, const VPair *pairs, size_t npairs);
bool sv_verify(int n, int k, const VPair *pairs, size_t npairs, Subcube *hole, uint64_t *checked);

/* number of k-subcubes of Q_n: C(n,k) 2^(n-k) */
uint64_t sv_subcubes(int n, int k);

GArray *sv_read_pairs(const char *text, int n, GError **err); /* of VPair */
void sv_write_pairs(FILE *f, int n, const VPair *pairs, size_t npairs);

#endif
