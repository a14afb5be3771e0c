/* cubesat.h — pairing strategies for Q(n,k) as a SAT problem, solved by
 * CaDiCaL through its C API (ccadical.h).
 *
 * Contract.
 *   Vertices, subcubes and pairs are those of cube.h (bit i-1 = coordinate i).
 *   A pairing strategy for Q(n,k) is a set of pairwise disjoint vertex pairs
 *   such that every k-dimensional subcube contains both vertices of some pair.
 *
 *   The CNF (cubesat_encode), for 1 <= k <= n <= CUBESAT_MAX_N:
 *   - Pair variables.  One variable per unordered pair {a,b} with
 *     1 <= |a^b| <= k (with edges_only: |a^b| = 1); pairs farther apart lie in
 *     no k-subcube and are left out, which changes no answer.  Numbering: the
 *     difference masks d of allowed weight in increasing numeric order, rank
 *     r(d) = 0, 1, ...; for each d the 2^(n-1) pairs {a, a^d} whose
 *     representative a has bit h(d) = 0 (h = highest set bit of d), in
 *     increasing order of a with bit h removed.  Variable = 1 + r(d) 2^(n-1) +
 *     that compressed index, so the pair variables are exactly 1..npairvars
 *     (cubesat_pair_of_var / cubesat_var_of_pair convert).
 *   - At most one pair per vertex: for each vertex v (in increasing order) the
 *     m pair variables containing v (in increasing variable order) get the
 *     SEQUENTIAL COUNTER encoding of Sinz (CP 2005), cubesat_amo(): m-1 fresh
 *     variables s_1..s_{m-1} ("some x_j with j <= i is true") and the 3m-4
 *     clauses (-x_1 s_1), (-x_i s_i), (-s_{i-1} s_i), (-x_i -s_{i-1}) for
 *     1 < i < m, (-x_m -s_{m-1}); nothing when m <= 1.  Fresh variables are
 *     numbered after all pair variables, in the order they are created.
 *   - Blocking: for each k-subcube, in cube_first_unblocked()'s order (star
 *     masks of popcount k increasing, then fixings increasing), one clause:
 *     the OR of the variables of the pairs lying inside it (C(2^k,2) literals,
 *     2^(k-1) k with edges_only).
 *   No symmetry breaking: the CNF is satisfiable iff a pairing strategy (with
 *   edges_only: a matching of edges of Q_n) exists for Q(n,k).
 *
 *   CubesatCnf is a plain clause list (kept after solving so that it can be
 *   written out, or checked against a proof later): lits holds the clauses in
 *   order, each terminated by 0.  cubesat_cnf_new() gives an empty CNF for
 *   other uses (tests build bare AMO constraints with it).
 *   cubesat_write_dimacs() writes "p cnf <nvars> <nclauses>" and one clause per
 *   line, preceded by "c" comment lines describing the instance.
 *
 *   cubesat_solve_cnf() hands the CNF to a fresh CaDiCaL instance and returns
 *   its IPASIR code: 10 satisfiable, 20 unsatisfiable (0 would be "unknown",
 *   which cannot happen without limits; treat anything else as an error).
 *   On 10, if pairs_out != NULL, *pairs_out receives a new GArray of VPair
 *   (a < b) holding the pairs whose variables are true in the model, in
 *   variable order; on 20 it receives NULL, and NULL also for a CNF made by
 *   cubesat_cnf_new() (no pair variables).  The decoding trusts nothing: it
 *   reports what the solver set, and the CALLER must check the pairs with
 *   sv_is_matching() and sv_verify() (subcube.h).
 *   cubesat_solve(n, k, edges_only, ...) = encode + solve_cnf + free; it
 *   returns -1 (and *pairs_out is untouched) when (n,k) is out of range.
 *   Stats (st may be NULL): pair variables, all variables, clauses (AMO and
 *   blocking separately), and the wall-clock seconds of ccadical_solve() and
 *   of the encoding.
 *   No global state; each call owns its solver, so calls may run in parallel.
 */
#ifndef CUBESAT_H
#define CUBESAT_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hypercube/cube.h"

enum { CUBESAT_MAX_N = 14, CUBESAT_SAT = 10, CUBESAT_UNSAT = 20 };

typedef struct {
  int n, k;          /* 0 for a CNF made by cubesat_cnf_new() */
  bool edges_only;
  int npairvars;     /* pair variables are 1..npairvars */
  int nvars;         /* all variables: pairs, then AMO auxiliaries */
  size_t nclauses;
  size_t amo_clauses, block_clauses;
  GArray *lits;      /* int: clauses in order, each terminated by 0 */
  /* internal to the pair numbering (NULL for cubesat_cnf_new()): */
  uint32_t *masks;   /* the allowed difference masks, increasing */
  int *mask_rank;    /* 2^n entries: rank of a mask, -1 if not allowed */
  int nmasks;
} CubesatCnf;

typedef struct {
  int npairvars, nvars;
  size_t nclauses, amo_clauses, block_clauses;
  double encode_seconds, solve_seconds;
} CubesatStats;

CubesatCnf *cubesat_cnf_new(void);
void cubesat_cnf_free(CubesatCnf *cnf);
/* a fresh variable (nvars + 1) */
int cubesat_new_var(CubesatCnf *cnf);
/* appends the clause lits[0..len-1] (no 0 inside; variables must exist) */
void cubesat_add_clause(CubesatCnf *cnf, const int *lits, size_t len);
/* at most one of the literals x[0..m-1]: Sinz's sequential counter, above */
void cubesat_amo(CubesatCnf *cnf, const int *x, size_t m);

/* the CNF of Q(n,k) described above; NULL unless 1 <= k <= n <= CUBESAT_MAX_N */
CubesatCnf *cubesat_encode(int n, int k, bool edges_only);
/* pair variable <-> pair, for an encoded CNF: var in 1..npairvars; the pair
 * has a < b.  cubesat_var_of_pair() returns 0 when {a,b} has no variable. */
VPair cubesat_pair_of_var(const CubesatCnf *cnf, int var);
int cubesat_var_of_pair(const CubesatCnf *cnf, uint32_t a, uint32_t b);

void cubesat_write_dimacs(const CubesatCnf *cnf, FILE *f);

int cubesat_solve_cnf(const CubesatCnf *cnf, GArray **pairs_out, CubesatStats *st);
int cubesat_solve(int n, int k, bool edges_only, GArray **pairs_out, CubesatStats *st);

#endif
