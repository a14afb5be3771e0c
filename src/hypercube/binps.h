/* binps.h — every pairing-strategy construction of Naimi & Sundberg,
 * "Pairing strategies for the Maker–Breaker game on the hypercube with
 * subcubes as winning sets" (shared/papers/hypercube-subcubes.txt).
 *
 * Contract.
 *   Vertices, pairs and subcubes are those of cube.h (bit i-1 = coordinate i,
 *   coordinate 1 written first).  A strategy is a GArray of VPair; every
 *   construction returns a new array (free it with g_array_unref) and never
 *   claims anything about it: whether it is a matching and what it blocks is
 *   for an independent checker (subcube.h, polychrome.h) to decide.  Edges are
 *   stored with .a the endpoint whose differing coordinate is 0.
 *
 *   Bins.  A vertex of Q_{cn} is c bins of n coordinates; bin u (0-based)
 *   holds coordinates u n + 1 .. (u+1) n, i.e. bits u n .. (u+1) n - 1.
 *   Bin-sets: 0_n (even parity vertices), 1_n (odd), and a strategy P on Q_n.
 *
 *   bp_product() builds the union of (rotating, shifted) product-sets of §3–§4
 *   and §6: for each outer edge e of Q_c (one star at bin t, bits e_u
 *   elsewhere) all edges (x_0, .., x_{c-1}) with x_u ∈ 0_n or 1_n as e_u says
 *   (u != t) and x_t ∈ P^(i), i = shift + Σ_{u != t} Index(x_u) (mod m).
 *   With m = 1 (index NULL) this is the plain product-set union BinPS(c×n).
 *   Requires c n <= 30, 1 <= m, every outer pair at Hamming distance 1.
 *
 *   Index partitions.  bp_lemma5_index(c, L) returns, for each vertex v of
 *   Q_{c^L}, the part of v in the partition of 0_{c^L} (v even) or 1_{c^L}
 *   (v odd) into (2^(c-1))^L parts built by the induction of Lemma 5 — the
 *   same numbering 0..m-1 for both parities, so that Index(x) = j for
 *   x ∈ 0^(j) ∪ 1^(j).  L = 1: the vertices of each parity in lexicographic
 *   order of their coordinate strings (as listed in §4 for c = 3).  L+1: a
 *   vertex is c bins of the level-L cube; with b the bins' parity vector and
 *   i_j the bins' level-L parts, its part is rank(b) M + (Σ i_j mod M), where
 *   M = (2^(c-1))^L and rank(b) is b's lexicographic rank among the c-vectors
 *   of its parity.  c = 2 is Lemma 2 (parts G_l, then H_l for the even side;
 *   I_l, then J_l for the odd side).  Requires c^L <= 24.
 *
 *   The §5 recipe.  bp_recipe(N) says how Q(N, K(N)) is made in one step
 *   (a base construction, Theorem 1 = Corollary 1(b) from N/4, Lemma 3 from
 *   N-1, or Lemma 4 from a larger N), bp_recipe_k(N) follows the steps to
 *   K(N) for any 3 <= N <= 2^24, and bp_recipe_build(N) builds the strategy
 *   for N <= 24 by applying exactly those steps to built strategies.
 */
#ifndef BINPS_H
#define BINPS_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "hypercube/cube.h"

/* ---- strategies typed from the paper (inputs, not results) ---- */
/* edges written as {0,1,*} vectors with one star; NULL if a vector is not an
 * edge of Q_n */
GArray *bp_from_vectors(int n, const char *const *vec, int count);
GArray *bp_p1(void);               /* Example 1: {(*)} for Q(1,1) */
GArray *bp_p2(void);               /* Example 2: {(*,0)} for Q(2,2) */
GArray *bp_p3(int j);              /* §4: P^(j) = P_3 + (000, 101, 110, 011)[j] */
GArray *bp_ps42(int j);            /* §3: PS_j(4,2) = PS(4,2) + (0000,0011,0101,0110)[j] */
GArray *bp_cyclic63(void);         /* §5 (3): the four cyclic orbits on Q_6, 24 edges */

/* ---- operations ---- */
GArray *bp_translate(const GArray *p, uint32_t t);
GArray *bp_extend(const GArray *p, int n);           /* Lemma 3: Q_n -> Q_{n+1}, P×{0} ∪ P×{1} */
GArray *bp_restrict(const GArray *p, int N, int n);  /* Lemma 4: pairs with coordinates n+1..N at 0, truncated */

typedef struct {
  int c;                       /* bins (4 for PS(4,2), 3 for P_3) */
  const GArray *outer;         /* edges of Q_c: which bin holds P, the parities elsewhere */
  int n;                       /* bin width */
  int m;                       /* number of inner strategies P^(0..m-1) */
  const GArray *const *inner;  /* m strategies on Q_n */
  const int *index;            /* Index(v) in 0..m-1 for v in Q_n; NULL iff m == 1 */
  int shift;                   /* s of R(s) */
} BpProduct;
GArray *bp_product(const BpProduct *p);

GArray *bp_binps4(const GArray *p, int n);  /* BinPS(4×n) of (2) from P on Q_n */
GArray *bp_binps3(const GArray *p, int n);  /* BinPS(3×n) of §4 from P on Q_n */

int *bp_lemma5_index(int c, int level);     /* g_free() it; see above */
int bp_lemma5_parts(int c, int level);      /* (2^(c-1))^level */

/* Theorem 3 (c = 4) and Theorem 5 (c = 3) families for d = 0, 1: 4^(d+1)
 * strategies on Q_{c^(d+1)}; member i = 4 s + j is BinPS_j^{R(s)} (d = 1) or
 * PS_j(4,2) / P^(j) (d = 0).  Returns a GPtrArray of GArray (freeing it frees
 * the members). */
GPtrArray *bp_thm3_family(int d);
GPtrArray *bp_thm5_family(int d);

/* ---- the §5 recipe ---- */
typedef enum {
  BP_THM3,      /* N = 4^(d+1): Theorem 3, K = 4^d + 1 */
  BP_CYCLIC63,  /* N = 6: the cyclic strategy (3), K = 3 */
  BP_THM5,      /* N = 9: BinPS^R(3×3) (Theorem 5, d = 1), K = 4 */
  BP_THM1,      /* N = 6·4^n, 9·4^n (n >= 1): Theorem 1 from N/4 */
  BP_EXTEND,    /* Lemma 3 from N-1 */
  BP_RESTRICT   /* Lemma 4 from `from` > N */
} BpStep;
typedef struct {
  int64_t N, K;
  BpStep how;
  int64_t from;  /* the N it is made from (0 for a base) */
} BpRecipe;
void bp_recipe(int64_t N, BpRecipe *r);  /* N >= 3 */
int64_t bp_recipe_k(int64_t N);
const char *bp_step_name(BpStep s);
GArray *bp_recipe_build(int N, int64_t *K); /* 3 <= N <= 24 */

#endif
