/* pairsearch.h — exact backtracking search for a pairing strategy of Q(n,k),
 * the second, independent method beside the SAT encoding (cubesat.h).  It
 * shares no code with cubesat; only the types of cube.h.
 *
 * Contract.
 *   pairsearch(n, k, opt, pairs_out, nodes) decides whether Q(n,k) has a
 *   pairing strategy: pairwise disjoint vertex pairs (any Hamming distance;
 *   with opt->edges_only, distance 1) such that every k-subcube contains both
 *   vertices of some pair.  Limits: 1 <= k <= n <= PAIRSEARCH_MAX_N.
 *   Returns
 *     PAIRSEARCH_FOUND   a strategy was found; *pairs_out (if pairs_out is
 *                        non-NULL) receives a new GArray of VPair (a < b), in
 *                        the order they were chosen;
 *     PAIRSEARCH_NONE    the search was exhaustive and found nothing: no
 *                        strategy exists;
 *     PAIRSEARCH_GAVE_UP the node limit was hit before either answer;
 *     PAIRSEARCH_BAD_ARGS (n,k) out of range.
 *   *pairs_out is NULL unless FOUND.  *nodes (if non-NULL) receives the number
 *   of search nodes visited (the root counts as one).
 *   Options (opt may be NULL = all defaults: any pairs, bound on, no limit):
 *     edges_only  — only pairs at distance 1;
 *     no_bound    — switch the counting bound off (it changes no answer; the
 *                   tests check that on small instances);
 *     node_limit  — 0 = unlimited, else give up after that many nodes;
 *     start, nstart — a matching every strategy must contain: the search
 *                   decides whether it extends to a strategy (FOUND includes
 *                   these pairs first).  BAD_ARGS if a start pair has a
 *                   vertex outside Q_n, a distance not allowed (0, > k, or
 *                   > 1 with edges_only), or shares a vertex with another.
 *   Method.  A node is a partial matching P together with a set X of
 *   excluded pairs; it stands for the strategies that contain P and avoid X
 *   (the root: P = the start pairs, X empty).  If every k-subcube is blocked
 *   by P, P is a strategy.  Otherwise, for each k-subcube S not blocked by P
 *   count its candidates: pairs inside S, at an allowed distance, both
 *   vertices free (unmatched), not in X.  A subcube with none can never be
 *   blocked: backtrack.  Else branch on the subcube with the fewest
 *   candidates (ties: the first in cube_first_unblocked()'s order — star
 *   masks of popcount k increasing, then fixings increasing), trying its
 *   candidates c_1, c_2, ... by distance, then smaller vertex, then larger;
 *   child i gets P + c_i and X + {c_1..c_{i-1}}.  Complete: a strategy
 *   described by the node contains a pair inside S; it is not in P (S is
 *   unblocked), so it is a candidate; if c_i is the first candidate it
 *   contains, it is described by child i and by no other child.  Further
 *   pruning, sound because it only discards nodes describing no strategy:
 *   (1) an unblocked k-subcube with fewer than 2 free vertices (kept
 *   incrementally); (2) unless no_bound, the counting bound: a pair at
 *   distance d lies in C(n-d, k-d) k-subcubes, at most C(n-1, k-1) (d = 1),
 *   and at most floor(free/2) more pairs fit, so if more than
 *   floor(free/2) C(n-1,k-1) k-subcubes are unblocked, none extends.
 *   'none' is therefore returned only when the whole tree was explored.
 *   Deterministic; no global state.
 */
#ifndef PAIRSEARCH_H
#define PAIRSEARCH_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "hypercube/cube.h"

enum { PAIRSEARCH_MAX_N = 12 };

typedef enum {
  PAIRSEARCH_FOUND,
  PAIRSEARCH_NONE,
  PAIRSEARCH_GAVE_UP,
  PAIRSEARCH_BAD_ARGS
} PairsearchResult;

typedef struct {
  bool edges_only;
  bool no_bound;
  uint64_t node_limit;
  const VPair *start;
  size_t nstart;
} PairsearchOptions;

PairsearchResult pairsearch(int n, int k, const PairsearchOptions *opt, GArray **pairs_out,
                            uint64_t *nodes);
/* "found", "none", "gave_up", "bad_args" */
const char *pairsearch_result_name(PairsearchResult r);

#endif
