/* lattice.h — Maker–Breaker tic-tac-toe on Z^d with a finite set S of
 * direction vectors (Kruczek & Sundberg): the winning sets are the lines
 * {p, p+v, ..., p+(m-1)v}, p in Z^d, v in S.  Theorem 1's pairing, an
 * independent checker of periodic pairings, and a SAT search for periodic
 * pairings (Conjecture 1: m = 2|S|+1 should suffice).
 *
 * Contract.
 *   Direction sets (LatDirs, lat_dirs_parse, lat_dirs_valid, lat_first) are
 *   in game/latdirs.h, shared with the board specs of game/boardspec.h.
 *
 *   Theorem 1 (§2).  Z_n^d (n = |S|) has n^d points, index sum t_j n^j; each
 *   v in S splits it into n^(d-1) lines (cosets of <v>, each of n points, as
 *   v is primitive).  Points vs lines is an n-regular bipartite graph.
 *   lat_assign_matching() finds a perfect matching with Hopcroft–Karp
 *   (matching.h) and assigns to each point the direction of its line:
 *   A->dir[t] = index in S.  seed 0 keeps the natural adjacency order; another
 *   seed shuffles every adjacency list (GRand, reproducible), which gives
 *   other matchings.  Returns false only if the matching is not perfect
 *   (impossible by Hall's theorem; reported, never hidden).
 *   lat_assign_ok() is the checker: walking each line of Z_n^d point by
 *   point, it must contain exactly one point of its own direction.
 *   lat_assign_enumerate() visits every valid assignment (plain backtracking:
 *   point by point, a direction whose line through the point is still
 *   untaken), returns their number; visit may be NULL.
 *
 *   Periodic pairings.  LatPairing is a pairing of Z^d invariant under the
 *   translations T_j e_j: points of the torus Z_T0 x ... x Z_T(d-1), index
 *   x_0 + T_0 (x_1 + T_1 (...)); disp[d*i ..] is the displacement of the
 *   partner: the lift x of point i is paired with x + disp (all zero: x is
 *   unpaired).  lat_pairing_lowhigh() builds the proof's pairing on its
 *   period torus T_j = n * lcm_v(2 v_first): q = n p + t, v = the direction
 *   of t with its first nonzero coordinate v_i made positive, q is LOW when
 *   p_i mod 2 v_i < v_i; low q is paired with q + n v, high q with q - n v.
 *
 *   The checker (shares nothing with the constructions: it reads only S and
 *   the displacement field).  lat_check():
 *   - involution: for every paired x, the partner's displacement is -disp
 *     (so the lift is a genuine pairing of Z^d); otherwise false with *why;
 *   - least_m: the least m such that every line of length m of every
 *     direction in S contains both points of some pair.  A pair lies in a
 *     line of direction v iff its displacement is a multiple t v; for a line
 *     starting at q the first pair inside ends at reach(q) = min over a >= 0
 *     of a + t(q + a v), t > 0 (the lower end's multiple), found by walking
 *     the line through one period of the torus; least_m = 1 + max reach.  0
 *     means some line of S contains no pair at all (never blocked); worst_dir,
 *     worst_start name a line of length least_m - 1 that is not blocked.
 *   lat_line_blocked() is the brute-force oracle (tests): the line from the
 *   lift of point q of length m, every pair of its points compared.
 *
 *   SAT search (Conjecture 1).  lat_sat_encode(S, m, maxspan, T) is the CNF
 *   of "a pairing of period T whose pairs span at most maxspan steps blocks
 *   every line of length m" (maxspan = m-1: any pairing of period T; 1:
 *   adjacent points only, the Hales–Jewett kind): one variable per
 *   (lower end x, direction s, span t), 1 <= t <= min(maxspan, m-1), for the pair
 *   {x, x + t v_s} (pairs along no direction of S block nothing and are left
 *   out; t v_s = 0 on the torus is excluded, it would pair a point with its
 *   own translate); at most one pair per point (Sinz's counter, cubesat_amo);
 *   one clause per line (start x, direction s): the pairs inside it.
 *   Variables are numbered 1..npairvars in (x, s, t) order, auxiliaries
 *   after.  lat_sat_solve() solves it with satproof_solve_limited() (proof
 *   may be NULL; conflicts < 0: no limit), returns 10/20, 0 when the conflict
 *   limit stopped it, -1 on bad input; on 10 it decodes the model into
 *   *out (period T): trusted for nothing — callers run lat_check().
 */
#ifndef LATTICE_H
#define LATTICE_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "game/latdirs.h"
#include "hypercube/cubesat.h"

enum { LAT_MAX_POINTS = 1 << 22 };

/* Families of direction sets.  lat_directions() lists the primitive vectors
 * of [-c, c]^d with the first nonzero coordinate positive (one of each
 * +-pair), in lexicographic order of coordinates; returns how many (at most
 * max).  lat_subset_canonical() says whether the subset `mask` of those
 * vectors (bit i = vector i; needs every signed permutation of coordinates
 * to map the list onto itself, as it does for a full box) is the least mask
 * in its orbit under the 2^d d! signed permutations of coordinates — the
 * symmetries of Z^d that preserve the box; lines map to lines, so pairings
 * and least m transfer along an orbit. */
int lat_directions(int d, int c, int (*out)[LAT_MAX_D], int max);
/* the index of v or -v in such a list, -1 if neither is there */
int lat_dir_index(const int (*dirs)[LAT_MAX_D], int ndirs, const int *v, int d);
bool lat_subset_canonical(int d, const int (*dirs)[LAT_MAX_D], int ndirs, uint64_t mask);
/* the next permutation of perm[0..d) in lexicographic order (the walk over
 * the d! coordinate orders both orbit computations take); false, and perm
 * unchanged, after the last one */
bool lat_next_perm(int *perm, int d);

typedef struct {
  int d, n;
  uint32_t npoints; /* n^d */
  uint8_t *dir;     /* npoints entries: index into S */
} LatAssign;

bool lat_assign_matching(const LatDirs *S, uint64_t seed, LatAssign *A);
bool lat_assign_ok(const LatDirs *S, const LatAssign *A, char **why);
void lat_assign_clear(LatAssign *A);
typedef void (*LatAssignVisit)(const LatAssign *A, void *ud);
uint64_t lat_assign_enumerate(const LatDirs *S, LatAssignVisit visit, void *ud);

typedef struct {
  int d;
  int T[LAT_MAX_D];
  uint32_t npoints;
  int32_t *disp; /* d * npoints */
} LatPairing;

/* false if the torus has more than LAT_MAX_POINTS points (nothing allocated) */
bool lat_pairing_init(LatPairing *P, int d, const int *T);
void lat_pairing_clear(LatPairing *P);
bool lat_pairing_lowhigh(const LatDirs *S, const LatAssign *A, LatPairing *P);

typedef struct {
  uint32_t paired;   /* points of the torus with a partner */
  int least_m;       /* 0: some line is never blocked */
  int worst_dir;     /* a line of length least_m - 1 (or any length) missed */
  uint32_t worst_start;
} LatCheck;

bool lat_check(const LatDirs *S, const LatPairing *P, LatCheck *out, char **why);
bool lat_line_blocked(const LatDirs *S, const LatPairing *P, uint32_t q, int s, int m);

typedef struct {
  int npairvars, nvars;
  size_t nclauses;
  double seconds; /* solver wall clock */
} LatSatStats;

CubesatCnf *lat_sat_encode(const LatDirs *S, int m, int maxspan, const int *T);
int lat_sat_solve(const LatDirs *S, int m, int maxspan, const int *T, long conflicts,
                  FILE *proof, LatPairing *out, CubesatCnf **cnf_out, LatSatStats *st);

#endif
