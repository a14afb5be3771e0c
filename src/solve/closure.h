/* closure.h — Breaker's shared-pair closure: disjoint pairs of free cells
 * such that every surviving winning set contains both cells of some pair.
 *
 * Why.  A pairing strategy wins for Breaker at once (whenever Maker takes
 * a cell of a pair, Breaker takes its partner, so no set containing a pair
 * can be completed).  The solver's private pairing (every set its own two
 * cells, a bipartite matching) misses the pairings that prove most Breaker
 * wins on k-in-a-row boards: there lines of one direction overlap in up to
 * k-1 cells, and one pair inside the overlap blocks them all (in a row of 7
 * cells, the pair of the 3rd and 4th cells blocks all three 5-in-a-rows).
 * Deciding whether a shared pairing exists is NP-complete in general, so
 * this is a bounded search that may miss one (it never claims a wrong one).
 * (An exact answer by CaDiCaL when the budget runs out — one variable per
 * pair inside a set, at most one pair per cell, a clause per set — was
 * measured in issue 36 and does not pay: on 3,517 families of the line
 * M:1,1 B:4,4 of mnk:8,8,5 where this search ran out, CaDiCaL with 10^3
 * conflicts found 123 pairings at 7.1 ms a family, this search with a
 * budget of 65536 found 230 at 0.59 ms; used in the solver on that line's
 * position after M:4,2 B:5,2 (one thread), 10^3 conflicts cut the
 * expansions from 296,154 to 226,835 but took 59 s instead of 10.5 s.
 * A larger budget decides nearly all of those families but does not pay
 * either: with 8192 or 65536 the line took 22 % fewer expansions on the 21
 * openings decided in both runs, yet in 300 s on two threads, on a loaded
 * machine, it decided 1,319 or 1,197 of its 1,906 units against 1,751 with
 * the default 1024.)
 *
 * Contract.
 *   cl_shared_pairing(sets, n, W, budget, pairs, &npairs, &steps):
 *     sets[i] (i < n) are the FREE cells of the surviving sets, bitsets of
 *     W <= CL_MAX_WORDS 64-bit words (cell c is bit c%64 of word c/64).
 *     Returns true and fills pairs[0..2*npairs-1] (pair k is pairs[2k],
 *     pairs[2k+1], cells in increasing order, pairs pairwise disjoint, every
 *     set containing a pair) when it finds a shared pairing within `budget`
 *     placements; false otherwise (none exists, or the budget ran out:
 *     *exhausted says which, may be NULL).  n == 0 gives true with no pair.
 *     A set with fewer than two free cells makes the answer false at once.
 *     pairs must hold 2 * (the number of cells) entries; *steps (may be
 *     NULL) gets the work done (enumeration steps and placements).
 *   Method (closure.c says why it is exact): the sets fall into CLUSTERS
 *     (sets meeting in two free cells or more, closed transitively; a pair
 *     serves sets of one cluster only).  Each cluster's minimal
 *     configurations (disjoint pairs serving all its sets, minimal by their
 *     cells) are enumerated, at most 4096 steps and 1024 configurations per
 *     cluster; a cluster with none means no pairing.  Then a depth-first
 *     search gives each cluster a configuration disjoint from those chosen,
 *     always for the cluster with the fewest left (fewer cells first); a
 *     placement is one configuration chosen, and `budget` bounds them.  At
 *     every node of that search (mask search, below) the clusters' cores
 *     are propagated to a fixpoint: a cell that every configuration still
 *     fitting cluster v holds will be v's, so the other clusters'
 *     configurations holding it are struck; a cluster left with none ends
 *     the branch.  (On the position M:1,1 B:4,4 M:4,2 B:5,2 of mnk:8,8,5
 *     this cut the placements from 52 M to 8.9 M, the searches that ran
 *     out of budget from 20,567 to 1,450, and the solver's expansions from
 *     296,154 to 233,972.)  (The
 *     fitting configurations of a cluster are kept as a list, or as a mask
 *     when every cluster has at most 64; cl_cache_set_lists.)  If a
 *     cluster has too many configurations, the search is the older one
 *     instead: the unserved set with the fewest cells not yet in a pair is
 *     served next, by each pair inside it in the order of how many unserved
 *     sets the pair would serve (most first, ties by cell index), a
 *     placement one pair.  Deterministic; no global state; thread-safe.
 *   cl_shared_pairing_cached(cache, ...): the same answers and pairs, the
 *     clusters' configurations kept in `cache` (per thread; NULL: none) and
 *     reused when the same cluster recurs (at most 2^15 clusters, then it
 *     starts afresh).
 */
#ifndef SOLVE_CLOSURE_H
#define SOLVE_CLOSURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { CL_MAX_WORDS = 4, CL_MAX_SETS = 1 << 20 };

bool cl_shared_pairing(const uint64_t (*sets)[CL_MAX_WORDS], uint32_t n, uint32_t W, uint64_t budget, uint32_t *pairs,
                       uint32_t *npairs, uint64_t *steps, bool *exhausted);

/* The same, with a cache of the clusters' configurations (one per thread;
 * NULL: none).  The answers do not depend on the cache. */
typedef struct ClCache ClCache;
ClCache *cl_cache_new(void);
/* plain: the cluster search recounts every cluster's fitting
 * configurations at every node instead of keeping filtered lists, and does
 * not propagate the cores (the search as it was at the start of issue 36:
 * slower, fewer answers within a budget; for comparison, makerbreaker
 * solve --plain-clusters) */
void cl_cache_set_plain(ClCache *c, bool plain);
/* lists: the filtered-list search even where every cluster has at most 64
 * configurations (there the default keeps each cluster's fitting
 * configurations as a 64-bit mask, filtered by AND-NOT with per-cell masks,
 * and propagates the cores; the list search does not: it is the plain
 * search's choices, steps and answers); for comparison and tests */
void cl_cache_set_lists(ClCache *c, bool lists);
/* at most max bytes of entries (keys, configurations and their cells, and
 * a fixed overhead each; 0: no bound besides the count): the cache is
 * emptied when the next entry would pass it, as when it holds its most
 * entries (the answers stay the same) */
void cl_cache_set_max_bytes(ClCache *c, size_t max);
void cl_cache_free(ClCache *c);
void cl_cache_stats(const ClCache *c, uint64_t *hits, uint64_t *misses);
bool cl_shared_pairing_cached(ClCache *cache, const uint64_t (*sets)[CL_MAX_WORDS], uint32_t n, uint32_t W,
                              uint64_t budget, uint32_t *pairs, uint32_t *npairs, uint64_t *steps, bool *exhausted);

#endif
