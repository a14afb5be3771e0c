/* latsearch.h — LD4's search for periodic pairings that block lines of length
 * 2|S| + 1 (Conjecture 1 of Kruczek & Sundberg): an exact-cover encoding on
 * quotient tori, the per-set search (the old sequence of lattice.h's SAT
 * calls, and the faster one), and the work units of the LD4 experiment.
 *
 * Contract.
 *   Quotients.  LatQuot is the homomorphism psi: Z^d -> G = Z_e0 x ... x
 *   Z_e(r-1), psi(x)_i = sum_j A[i][j] x_j mod e_i; G's elements are indexed
 *   g = c_0 + e_0 (c_1 + e_1 (...)).  lat_quot_ok(S, Q, T) holds when every
 *   e_i divides T (so psi is defined on the torus Z_T^d), |G| <=
 *   LAT_MAX_POINTS and every w_s = psi(v_s) has order exactly T in G.
 *   lat_quot_identity() is G = Z_T^d itself.  lat_quot_pick() draws up to
 *   `draws` matrices A (entries uniform mod e_i, from rng) for the shape e[0..r-1]
 *   and returns true with the first one lat_quot_ok accepts.
 *
 *   The exact-cover CNF (lat_exact_encode(S, Q, T, flags)), NULL unless
 *   lat_quot_ok: one variable p(g, s) = lat_exact_var(n, g, s) = 1 + g n + s
 *   per g in G and direction s, "the pair {g, g + w_s}"; every g lies in
 *   exactly one pair (as p(g, s) or p(g - w_s, s)): one clause and Sinz's
 *   counter (cubesat_amo); every coset of <w_s> (T elements) holds at least
 *   one pair of direction s (one clause), and with LAT_EXACT_COSET_AMO at
 *   most one (Sinz).  LAT_EXACT_BREAK adds the unit clause p(0, 0).
 *   LAT_EXACT_CENTRAL asks for a pairing symmetric under g -> c - g, c = (1,
 *   0, ..., 0) (no fixed point, as 2 g_0 = 1 is unsolvable mod even e_0):
 *   p(g, s) <-> p(c - g - w_s, s), two binary clauses per pair of variables.
 *   lat_exact_lift() turns a model (nvars + 1 entries) into a pairing of
 *   period T x ... x T: the lift x of a point of Z_T^d is paired with x + v_s
 *   when p(psi(x), s) is true.  It trusts nothing; callers run lat_check().
 *   Why this is the right problem: on Z_T^d with T = 2n a line of length
 *   2n + 1 of direction v covers the whole cycle of v through it, so the
 *   lines of length 2n + 1 are blocked by adjacent pairs exactly when every
 *   coset of <v_s> holds a pair of direction s, and counting points (n
 *   directions, (2n)^(d-1) cosets each, 2 points a pair) forces "exactly one"
 *   and a perfect matching.  So the constraints beyond lattice.h's encoding
 *   (coset AMO, every point covered) hold in every solution of that encoding
 *   on this torus; LAT_EXACT_BREAK and a quotient psi only restrict the search
 *   (a pairing found on G lifts to Z_T^d; G = Z_T^d with neither BREAK nor
 *   CENTRAL loses none).
 *   No answer of the exact cover is used as a refutation.
 *   lat_exact_solve(): encode, solve with satproof_solve_limited (no proof),
 *   lift on SAT into *out (initialised by the call; clear it); returns
 *   10/20, 0 (conflict limit), -1 (not lat_quot_ok).
 *
 *   Per-set search (ld4_search).  Ld4Outcome: `reached` is the least m the
 *   pairing found blocks by lat_check (0: none found), used_T/used_span its
 *   period and the span bound of its search (1: adjacent pairs), `group` the
 *   order of the group it was found on (0 for the old method), `pairing` the
 *   pairing itself (npoints 0 if none), `ref` the lower side (1 refuted with
 *   a DRAT proof our checker accepted, 0 satisfiable, -1 limit, 2 not tried),
 *   `proofs` the proofs checked, `drat` false if one was rejected, `verified`
 *   (every pairing the solver returned passed lat_check, and some m <= 3n was
 *   reached), `why` a message or NULL, `seconds` the solver's wall clock (the
 *   only field that is not a function of the input).  With n = |S|, m = 2n+1:
 *   LD4_OLD is the sequence of lattice.h calls the experiment always made:
 *     for m = 2n+1 .. 3n, tries (span 1, T = 2n), (span 1, T = 4n), (any
 *     span, T = 2n) under `conflicts`, the first SAT answer whose pairing
 *     passes lat_check with least m <= m ends the search;
 *   LD4_NEW, same answers, found faster: (1) quotients smaller than the torus
 *     Z_2n^d, shapes (T^a, f) for a = 1..d-1 and divisors f of T (f < T), in
 *     increasing order, up to 2 accepted matrices each (drawn from a GRand
 *     seeded by the vectors of S), each solved under LD4_QUOT_CONFLICTS; (2)
 *     the exact cover on Z_2n^d with LAT_EXACT_CENTRAL, then without, each
 *     under `conflicts`; (3) LD4_OLD's tries except (span 1, T = 2n,
 *     m = 2n+1).  Every pairing passes lat_check before it
 *     counts.  Lower side (refute): lattice.h's CNF for m = 2n on T = 2n (any
 *     span for n <= 3, adjacent pairs for n = 4, not tried for n >= 5), a
 *     DRAT proof checked by drat_check(); both methods do the same.
 *   ld4_pack()/ld4_unpack(): the outcome (all fields but seconds) as bytes
 *   (checkpoint.h's varints, the pairing's displacements zigzag-coded);
 *   unpack returns false on malformed bytes (then clear the outcome).
 *
 *   Work units.  Ld4Plan lists the direction sets (one item per orbit:
 *   ld4_plan_family appends every canonical set of lo..hi of the primitive
 *   directions of [-c, c]^d, lat_subset_canonical, in increasing |S| and mask
 *   order, tagged with `family`; sets with |S| <= refute_upto get the lower
 *   side).  ld4_unit(plan, i, &seconds) runs item i and returns its packed
 *   outcome: a PURE function of (plan, i) — the same bytes on any machine,
 *   thread or process, whatever ran before — so the units may run in any
 *   order or place (threads, checkpointed runs, MPI ranks) and be merged in
 *   unit order.  seconds (may be NULL) is the solver time, outside the bytes.
 *   ld4_plan_standard() is the plan of the experiment lattice-conjecture, in
 *   its unit order (a runner elsewhere, e.g. under MPI, builds the same plan
 *   from the same options and gets the same units): LD4_FAM_CORE, every
 *   set of 2..max_size of [-2,2]^2 and of 2..d3_core of [-1,1]^3 (lower side
 *   for |S| <= 4); LD4_FAM_BOX3, 2..box_size of [-3,3]^2 (none if 0);
 *   LD4_FAM_D3WIDE, d3_core+1..d3_size of [-1,1]^3.
 */
#ifndef LATSEARCH_H
#define LATSEARCH_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "lattice/lattice.h"

typedef struct {
  int d, r;
  int e[LAT_MAX_D];
  int A[LAT_MAX_D][LAT_MAX_D];
} LatQuot;

enum { LAT_EXACT_COSET_AMO = 1, LAT_EXACT_BREAK = 2, LAT_EXACT_CENTRAL = 4 };
enum { LD4_QUOT_CONFLICTS = 20000, LD4_QUOT_DRAWS = 2000 };

static inline int lat_exact_var(int n, uint32_t g, int s) { return 1 + (int)g * n + s; }
uint32_t lat_quot_size(const LatQuot *Q);
bool lat_quot_ok(const LatDirs *S, const LatQuot *Q, int T);
void lat_quot_identity(int d, int T, LatQuot *Q);
bool lat_quot_pick(const LatDirs *S, int T, int r, const int *e, GRand *rng, int draws,
                   LatQuot *Q);
CubesatCnf *lat_exact_encode(const LatDirs *S, const LatQuot *Q, int T, unsigned flags);
bool lat_exact_lift(const LatDirs *S, const LatQuot *Q, int T, const uint8_t *model,
                    LatPairing *out);
int lat_exact_solve(const LatDirs *S, const LatQuot *Q, int T, unsigned flags, long conflicts,
                    LatPairing *out, LatSatStats *st);

typedef enum { LD4_OLD, LD4_NEW } Ld4Method;

typedef struct {
  int reached, used_T, used_span, group, ref, proofs;
  bool drat, verified;
  char *why;
  LatPairing pairing;
  double seconds;
} Ld4Outcome;

void ld4_search(const LatDirs *S, Ld4Method method, long conflicts, bool refute, Ld4Outcome *o);
void ld4_outcome_clear(Ld4Outcome *o);
void ld4_pack(const Ld4Outcome *o, GByteArray *b);
bool ld4_unpack(const void *data, size_t len, Ld4Outcome *o);

typedef struct {
  LatDirs S;
  int family;
  bool refute;
} Ld4Item;

typedef struct {
  GArray *items; /* Ld4Item */
  Ld4Method method;
  long conflicts;
} Ld4Plan;

enum { LD4_FAM_CORE, LD4_FAM_BOX3, LD4_FAM_D3WIDE, LD4_NFAM };

void ld4_plan_init(Ld4Plan *p, Ld4Method method, long conflicts);
void ld4_plan_standard(Ld4Plan *p, Ld4Method method, long conflicts, int max_size, int d3_core,
                       int box_size, int d3_size);
void ld4_plan_family(Ld4Plan *p, int family, int d, int c, int lo, int hi, int refute_upto);
void ld4_plan_clear(Ld4Plan *p);
GByteArray *ld4_unit(const Ld4Plan *p, size_t i, double *seconds);

#endif
