/* pbounds.h — counting lower bounds for p(n), the least k such that Q(n,k)
 * (board {0,1}^n, winning sets the k-subcubes) has a pairing strategy.
 *
 * Contract.
 *   A pairing strategy for Q(n,k) has m_w pairs at Hamming distance w
 *   (1 <= w <= k; farther pairs lie in no k-subcube), sum m_w <= 2^(n-1).
 *
 *   The counting bound (the paper's reference [14], Prop. 9).  A pair at
 *   distance w lies in C(n-w, k-w) k-subcubes, at most C(n-1, k-1) (an
 *   edge), and all C(n,k) 2^(n-k) k-subcubes need one, so a pairing needs
 *   2^(n-1) C(n-1,k-1) >= C(n,k) 2^(n-k), i.e. k 2^(k-1) >= n.
 *   pb_counting_refutes(n, k) says that this fails.
 *
 *   The refined bound (new here): count inside the (k+1)-subcubes T.  T has
 *   2(k+1) k-subcubes, each holding a pair that lies inside T; a pair at
 *   distance w inside T lies in (k+1-w) of them, so the incidences
 *   val(T) = sum over pairs inside T of (k+1-w) are >= 2k+2.  If every pair
 *   inside T at distance <= k is an edge, val(T) = k e(T), a multiple of k,
 *   so val(T) >= E = k ceil((2k+2)/k) (E = 3k for k >= 3, i.e. 2k+2 + delta
 *   with delta = k-2).  At most sum_{w>=2} C(n-w, k+1-w) m_w of the
 *   C(n,k+1) 2^(n-k-1) subcubes T hold a pair at distance 2..k, and a
 *   distance-w pair lies in C(n-w, k+1-w) of them; summing val over all T:
 *     sum_w [(k+1-w) + delta [w >= 2]] C(n-w, k+1-w) m_w >= E C(n,k+1) 2^(n-k-1).
 *   With sum m_w <= 2^(n-1), a pairing needs
 *     2^k max_w c_w >= E C(n,k+1),  c_w = (k+1-w + delta [w>=2]) C(n-w, k+1-w).
 *   pb_refined_refutes(n, k) says that this fails (for k <= 2, delta = 0
 *   and it refutes nothing that the counting bound does not).  Both use exact
 *   128-bit integer arithmetic; 1 <= k <= n <= 64.
 *   pb_counting_lower(n) and pb_refined_lower(n) are the least k that the
 *   respective test (for the refined one: neither test) does not refute; they
 *   are lower bounds for p(n), since a pairing for Q(n,k) is one for
 *   Q(n,k+1) (each (k+1)-subcube contains k-subcubes).  3 <= n <= 64.
 */
#ifndef PBOUNDS_H
#define PBOUNDS_H

#include <stdbool.h>

bool pb_counting_refutes(int n, int k);
bool pb_refined_refutes(int n, int k);
int pb_counting_lower(int n);
int pb_refined_lower(int n);

#endif
