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
 *
 *   The local bound (new here), for 2 <= k <= 4 and j = k+2 <= n.  The pairs
 *   of a pairing that lie inside a j-subcube U form a pairing of Q(j,k), so
 *   U's profile c(U) = (pairs at distance 1..k inside U) is an integer
 *   vector with sum c_w <= 2^(j-1) that satisfies the two bounds above
 *   written for Q_j: sum_w C(j-w,k-w) c_w >= C(j,k) 2^(j-k) and
 *   sum_w (k+1-w+delta[w>=2]) C(j-w,k+1-w) c_w >= E C(j,k+1) 2^(j-k-1)
 *   ("feasible profiles", all enumerated).  A pair at distance w lies in
 *   a_w = C(n-w, j-w) j-subcubes; with L = lcm(a_w) and W_w = L / a_w,
 *   summing f(U) = sum_w W_w c_w(U) over all N = C(n,j) 2^(n-j) j-subcubes
 *   gives exactly L sum_w m_w <= L 2^(n-1).  With M = the least f over
 *   feasible profiles:
 *     - M N > L 2^(n-1) refutes Q(n,k);
 *     - M N = L 2^(n-1) ("tight") forces f(U) = M for every U and every
 *       vertex paired.  If the only minimising profile is (e, 0, ..., 0),
 *       every pair is an edge (a longer pair would lie in some U) and every
 *       j-subcube holds exactly e of them; a (j+1)-subcube V then holds e_V
 *       edges with j e_V = 2(j+1) e (each edge of V lies in j of its 2(j+1)
 *       j-subcubes), so Q(n,k) is refuted when j does not divide 2(j+1) e.
 *   pb_local_refutes(n, k) says that one of the two refutes Q(n,k); false
 *   for k outside 2..4 or n < j + 1.  (Q(10,3) is refuted by the tight case:
 *   M is reached only by 8 edges, and 5 does not divide 96.)
 *
 *   pb_counting_lower(n) and pb_refined_lower(n) are the least k that the
 *   respective test (for the refined one: none of the three tests) does not
 *   refute; they are lower bounds for p(n), since a pairing for Q(n,k) is
 *   one for Q(n,k+1) (each (k+1)-subcube contains k-subcubes).
 *   3 <= n <= 64.
 */
#ifndef PBOUNDS_H
#define PBOUNDS_H

#include <stdbool.h>
#include <stdint.h>

enum { PB_KMAX = 4 }; /* the largest k the local bound handles */

bool pb_counting_refutes(int n, int k);
bool pb_refined_refutes(int n, int k);
bool pb_local_refutes(int n, int k);
/* the same, telling how: *tight (the tight case decided it) and *edges (the
 * e of the tight case, else 0); either pointer may be NULL */
bool pb_local_refutes_how(int n, int k, bool *tight, int *edges);
int pb_counting_lower(int n);
int pb_refined_lower(int n);

/* The integers of each bound, for printing a proof (1 <= k <= n <= 24, so
 * that every number fits in 64 bits, and k <= PB_KMAX for the refined one;
 * the _detail functions return what the corresponding _refutes function
 * returns). */

/* counting: at most `pairs` pairs, each inside at most `per_pair`
 * k-subcubes, cover at most `covered` = pairs * per_pair of the `subcubes`
 * k-subcubes; refutes iff covered < subcubes */
typedef struct {
  int64_t pairs, per_pair, covered, subcubes;
} PbCounting;
bool pb_counting_detail(int n, int k, PbCounting *d);

/* refined: E and delta; the charge c[w] of a pair at distance w (w = 1..k);
 * wmax, the least w with the largest charge; at most `pairs` pairs carry at
 * most `charge` = pairs * c[wmax], while the `cubes` (k+1)-subcubes need
 * `need` = E * cubes; refutes iff charge < need (false if k + 1 > n) */
typedef struct {
  int E, delta, wmax;
  int64_t c[PB_KMAX + 1];
  int64_t pairs, charge, cubes, need;
} PbRefined;
bool pb_refined_detail(int n, int k, PbRefined *d);

/* local (2 <= k <= 4, j = k + 2, n >= j + 1; otherwise false and *d zeroed
 * but for n, k, j): a[w] j-subcubes through a pair at distance w, lcm their
 * lcm, W[w] = lcm / a[w]; the refined bound inside a j-subcube U reads
 * sum_w R[w] c_w(U) >= Rrhs (R[w] = the refined charge written for Q_j),
 * the counting bound sum_w B[w] c_w(U) >= Brhs; M the least f = sum W[w] c_w
 * over feasible profiles, nbest how many reach it, best[] the last one;
 * cubes = C(n,j) 2^(n-j); lhs = M * cubes, rhs = lcm * 2^(n-1); strict:
 * lhs > rhs; tight: lhs == rhs and the tight case refutes, with e edges per
 * j-subcube and `twice` = 2(j+1) e, not a multiple of j.
 * A hand check of M from the refined inequality alone: t = R[1] / W[1] if
 * that is an integer with t W[w] >= R[w] for all w (else 0), excess[w] =
 * t W[w] - R[w], so t f >= Rrhs + sum_{w>=2} excess[w] c_w; e1 =
 * ceil(Rrhs / R[1]) the least edges-only profile, hand_M = W[1] e1 its f,
 * other = ceil((Rrhs + min_{w>=2} excess[w]) / t) the least f of any profile
 * with a longer pair.  If hand_M == M and other > M, M is reached only by
 * (e1, 0, ..., 0), whatever the counting inequality says. */
typedef struct {
  int n, k, j;
  int64_t a[PB_KMAX + 1], lcm, W[PB_KMAX + 1];
  int64_t R[PB_KMAX + 1], Rrhs, B[PB_KMAX + 1], Brhs;
  int64_t M;
  int nbest, best[PB_KMAX + 1];
  int64_t cubes, lhs, rhs;
  bool strict, tight;
  int e;
  int64_t twice;
  int64_t t, excess[PB_KMAX + 1], e1, hand_M, other;
} PbLocal;
bool pb_local_detail(int n, int k, PbLocal *d);

#endif
