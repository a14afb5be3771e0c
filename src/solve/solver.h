/* solver.h — who wins a Maker–Breaker game: depth-first proof-number search
 * with symmetry, Maker's threats and Breaker's closures, and a certificate
 * for the answer.
 *
 * The game.  Maker and Breaker alternately claim free cells of a board
 * (boardspec.h; at most MB_SOLVE_MAX_CELLS cells); Maker wins by owning
 * every cell of some winning set, Breaker by preventing it until the board
 * is full.  Maker moves first unless breaker_first; after `pos` (pairing.h's
 * moves) the side to move follows from the counts (first player to move iff
 * both have claimed equally many cells; any other count difference than 0
 * or 1 in the first player's favour is refused), unless options.to_move
 * names the side to move: then any counts are allowed (handicap and
 * biased positions).
 *
 * Method: df-pn (Nagai's depth-first proof-number search, with the 1+eps
 * threshold trick).  Why df-pn and not PN²: the proof-number search spends
 * its effort where the proof is cheapest — for Maker–Breaker games that is
 * along Maker's threat sequences (a Breaker node under a threat has a
 * single child, so proof numbers do not grow along a chain of forced
 * replies) and around positions that Breaker's closures end at once; df-pn
 * does this with memory bounded by a transposition table rather than an
 * explicit tree, and its table is keyed by the CANONICAL form of a position,
 * which merges transpositions and symmetric positions (PN² keeps a tree of
 * first-level nodes and cannot share the second-level work between them).
 * Memory is bounded (options.memory): every large allocation of the run
 * is counted against it (solver_int.h, Budget), and each running unit's
 * table may take half of the unit's share; a table at its bound drops the
 * entries that are neither proved nor disproved, and keeps the decided
 * ones, which the certificate is read back from (a decided node missing
 * from it is proved again when the certificate is written); a bound too
 * small for that, or an allocation the bound refuses, ends the unit as
 * unknown (result.memory_hit, memory_why), never a crash.
 *
 * A position is (Maker's cells, Breaker's cells) as bitsets.  Its node:
 *   Maker to move: a surviving set (no Breaker cell) with one free cell:
 *     Maker wins by taking it.  Breaker to move: a set wholly Maker's: Maker
 *     has won; two such one-short sets with different free cells: Maker wins
 *     (Breaker blocks one); one: Breaker's reply is FORCED (one child; chains
 *     of these are Maker's threat sequences).
 *   Breaker's closures (options.closures): no surviving set: Breaker wins;
 *     the Erdős–Selfridge bound in exact integer arithmetic (sizes scaled by
 *     2^K, K the largest set size, K <= 100): Breaker to move wins if
 *     sum_A 2^-|A free| < 1, Maker to move if that sum plus the largest
 *     cell term max_v sum_{A ∋ v} 2^-|A free| is < 1; a private pairing of
 *     the surviving sets (each taken twice, saturated by a Hopcroft–Karp
 *     matching into the free cells, matching.h): Breaker wins; a SHARED
 *     pairing (closure.h: one pair may block several sets; the clusters'
 *     configurations, then a bounded search over them, options.pair_budget
 *     placements; with Maker to move only, since a
 *     Maker move never creates a pairing; and only where the surviving sets
 *     are at most options.pair_ratio percent of the live cells, a heuristic
 *     that never changes an answer: solver_eval.c says why) on boards where two sets share two
 *     cells; the LINE POTENTIAL where the board has near-lines (sets T whose
 *     every |T|-1 cells form a winning set, game/nearlines.h; options.lines):
 *     a near-line with u free cells weighs (u+2) 2^-u with no Breaker cell,
 *     2^-u with one, 0 with more, any other surviving set 2^-|A free|, and
 *     Breaker to move wins if the sum is < 1, Maker to move if the sum plus
 *     the largest gain of a free cell is < 1 (a move changes the sum by the
 *     cell's gain, and Breaker's move never raises a later gain: the proof
 *     is in the report, the lemma of the line potential; exact integers,
 *     scaled by 2^(K+1), K <= 59).  The closures' zone (below) is recorded.
 *   Relevance zones (options.zones; the lemma and the rules are stated in
 *     solver_search.c, "relevance zones"): a position proved for Breaker carries
 *     a zone Z, a set of free cells such that Breaker still wins when Maker
 *     is given every free cell outside Z (monotonicity: more Maker cells
 *     never help Breaker, fewer never hurt); at a Maker node, once a child
 *     after move c is refuted with zone Z_c, every Maker move outside
 *     Z_c + {c} is refuted too and leaves the search; the table keeps the
 *     zone of each disproved position.  Certificates carry it as "R" nodes.
 *   Maker's supports (options.mustplay; the swap lemma is stated and
 *     proved in solver_search.c, "Maker's supports"): a position proved for Maker
 *     carries a SUPPORT, the free cells Maker may take under the proof's
 *     strategy; at a Breaker node, once a child after reply b is proved with
 *     support S_b, every reply outside S_b is proved by the same strategy
 *     with the two cells swapped, and leaves the search; the table keeps the
 *     support of each proved position.  Certificates carry it as "A" nodes.
 *   Evaluations of open nodes are cached (df-pn re-enters nodes).
 *   Moves: the free cells on some surviving set only (a move on a dead cell
 *     is a pass, and in a Maker–Breaker game a pass is never better than a
 *     move), ordered by the Erdős–Selfridge weight of the cell.
 *   Symmetry (options.symmetry): the board's automorphism group (symmetry.h,
 *     computed by bliss) when it has at most group_limit elements; the
 *     canonical form of a position is its lexicographically least image
 *     (Maker bitset, then Breaker's) over all elements.  A larger group is
 *     not enumerated: the search hashes without symmetry, but the root's
 *     moves and split 2's replies to an opening are still grouped into
 *     classes, the orbits of the pointwise stabiliser of the position's
 *     stones computed from the generators (symmetry.h's
 *     mb_group_stab_classes; result.group_orbits), and the certificate's
 *     links between a class's moves carry the group element that maps one
 *     onto the other (a product of generators, as a perm line).
 *
 * Proof numbers to begin with: a Maker move's child starts with Breaker's
 * option count (0 after a double threat, 1 for a forced reply, else the
 * live cells); the 1+eps trick uses eps = 1/4.  At a unit's root with
 * Maker to move, Maker's moves are tried one after another in move order
 * (widening: round r gives the first 2^r undecided moves 2^19 4^r more
 * expansions each) instead of one df-pn over all of them; the first move
 * proved for Maker decides (solver_search.c, widen(), says why).
 *
 * Units, threads, budgets, checkpoints.  The work is split into UNITS,
 * each solved by its own df-pn with its own table.  Split 1: a unit is a
 * root move (one per symmetry class).  Split 2 (Maker to move): the root's
 * moves are OPENINGS taken in class order, and a unit is one class of
 * Breaker's replies to one opening (an opening decided at once has none).
 * options.split = 0 (the default) takes 2 when Maker is to move, else 1
 * (on mnk:7,7,5 split 2 needs 110,525 expansions, split 1 427,291: a
 * unit whose root has Maker to move is widened and zone-pruned).  Units run on
 * `threads` workers (parfor.h) and the answer is assembled in unit order.
 * The workers take units by reply rank (every opening's first reply
 * before any second one) while the unit finished last was Breaker's, and
 * in unit order otherwise (solver.c, claim(): it changes when the answer
 * is known, never what).  Split 2 widens Breaker's replies to an opening
 * (options.reply_cap = c: round r gives the first 2^r replies c 4^r
 * expansions each, a reply stopped at its cap runs again from the start in
 * a later round; the cheapest Breaker win of the first round that has one
 * refutes the opening; solver.c, split2_state()).  What decides is a
 * function of each reply's cost alone (a unit's search does not depend on
 * its cap but where it stops), so this too is independent of the threads;
 * a reply's runs stopped at a cap in the rounds before the deciding one
 * count in its nodes (also when it is not needed).  Off by default: on
 * mnk:8,8,5 after 1,1 / 4,4 c = 2^18 took 49 s on two threads against 57 s
 * in order, but after 2,1 / 5,4 239 s against 193 s (a reply run in the
 * deciding round that does not win is work the count leaves out, and
 * there it was a quarter of it).
 * Once the units before it decide the answer — the side to move wins
 * after a root move (split 2: an opening all of whose replies are Maker
 * wins) with every earlier one decided, or a reply refutes an opening as
 * above — the later units of the root, and the other replies to that
 * opening (but those finished in an earlier round), are NOT NEEDED: they
 * stop, and are reported as skipped with no outcome (and no nodes but
 * those of runs stopped at a cap).  Which units are needed depends only on
 * the units' costs, so results and certificates do not depend on the
 * thread count (nodes counts needed units only).
 * node_limit bounds each unit's expansions (deterministic: an exhausted
 * unit is UNKNOWN); seconds bounds the whole run's wall clock, from the
 * call on (then the result depends on the machine): once it has run out,
 * or options.stop is set, no unit starts and no opening is expanded into
 * units any more (they are unknown).  A checkpoint (checkpoint.h) records
 * each finished needed unit's outcome, count and certificate part; a
 * resumed run skips them.  status(), if set, is called from a worker at
 * most every 2 s with the counts and the running unit's root proof and
 * disproof numbers.
 *
 * The certificate (mb_solve writes it for a decided root; format in
 * `makerbreaker help certificate` and man/makerbreaker.1):
 *   makerbreaker strategy 1
 *   board SPEC / size CELLS SETS / moves ... / tomove maker|breaker /
 *   winner maker|breaker / cells NAME.. (the order of the perm lines) /
 *   perm ID IMAGE.. (each symmetry used: the image of every cell) /
 *   nodes N / N node lines in preorder / end
 * node lines: "R C.." some Maker moves, one subtree each, every other
 * live cell outside the zone of a listed one (Breaker-win trees);
 * "A C.." some Breaker replies, one subtree each, every other live cell
 * outside the support of a listed one's subtree (Maker-win trees);
 * "m C" Maker's move; "b C" Breaker's move; "F C" Breaker's
 * forced reply (a surviving set has C as its only free cell); "B C.." every
 * Breaker reply on a live cell, then one subtree each; "M C.." every Maker
 * move on a live cell, then one subtree each; leaves "T C1 .. Ck" (Maker
 * to move wins by threats: after each Ci but the last one surviving set is
 * one short and Breaker takes its free cell, forced; Ck completes a set or
 * leaves two one-short sets with different free cells), "W" (a set is all
 * Maker's), "P A B A B .." (disjoint pairs, every surviving set holds one),
 * "E a/b" (the exact Erdős–Selfridge value, < 1), "L a/b" (the exact line
 * potential, < 1), "D" (no surviving set),
 * "S d p" (this position is the image under perm p of the node d lines
 * earlier, whose subtree proves it; p = 0 is the identity).
 * The independent checker is certcheck.h.  No global state.
 */
#ifndef SOLVE_SOLVER_H
#define SOLVE_SOLVER_H

#include <glib.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "game/boardspec.h"
#include "game/pairing.h"
#include "game/symmetry.h"
#include "plumbing/checkpoint.h"

enum { MB_SOLVE_MAX_CELLS = 256 };
enum { MB_MEM_TABLE = 1, MB_MEM_TOTAL = 2 }; /* MbSolveResult.memory_why */

typedef enum { MB_UNKNOWN = 0, MB_MAKER_WINS = 1, MB_BREAKER_WINS = 2 } MbOutcome;

typedef struct {
  uint32_t units, units_done;
  uint64_t nodes;          /* all units so far */
  uint32_t unit;           /* the unit this report comes from */
  uint32_t root_pn, root_dn; /* its root's numbers (MB_PN_INF = infinite) */
  double seconds;
} MbSolveStatus;
#define MB_PN_INF 0x3fffffffu
enum { MB_TO_MOVE_COUNTS = 0, MB_TO_MOVE_MAKER = 1, MB_TO_MOVE_BREAKER = 2 };

typedef struct {
  bool breaker_first;
  int to_move;                      /* MB_TO_MOVE_COUNTS (0, the default): the side to move follows
                                       from the move counts and breaker_first as above;
                                       MB_TO_MOVE_MAKER / _BREAKER: that side moves, whatever the
                                       counts (handicap and biased positions) */
  bool symmetry, threats, closures; /* the engine's parts (all on by default) */
  bool zones;                       /* relevance-zone pruning of Maker's moves (on) */
  bool mustplay;                    /* Maker's-support pruning of Breaker's moves (on) */
  bool shared;                      /* shared-pair closures (closure.h; on) */
  bool lines;                       /* the line potential where the board has near-lines (on) */
  uint32_t pair_budget;             /* placements per shared-pairing search (default 1024) */
  uint32_t pair_ratio;              /* a shared pairing is searched for only where 100 x the
                                       surviving sets <= pair_ratio x the live cells (percent;
                                       default 100; 0 = wherever Maker is to move) */
  uint64_t escalate;                /* a unit with Maker to move not decided within this many
                                       expansions starts again searching Breaker's first reply
                                       first (solver_search.c, sv_unit_solve(); default 2^19;
                                       0 = never) */
  uint64_t reply_cap;               /* split 2: Breaker's replies to an opening widened, round r
                                       giving the first 2^r replies reply_cap 4^r expansions
                                       each; the cheapest Breaker win of the first round that
                                       has one decides (solver.c, split2_state();
                                       default 0 = replies strictly in order) */
  bool plain_clusters;              /* the plain cluster search (closure.h's cl_cache_set_plain;
                                       the same answers, slower; for comparison; off) */
  uint64_t memory;                  /* bytes for all of the run's large allocations together
                                       (solver_int.h, Budget: tables, caches, scratch,
                                       certificates); 0 = mb_default_memory() */
  bool all_moves;                   /* decide EVERY root move (one unit each, split 1,
                                       none cut as not needed); the answer and the
                                       certificate are those of the first winning move.
                                       Every live move (a free cell of a surviving set) is
                                       a unit also when an evaluation rule decides the root
                                       (root_leaf set: the answer and certificate are then
                                       the rule's) or Breaker's reply is forced (the
                                       certificate keeps its 'F' node) */
  bool unit_certs;                  /* with all_moves: each decided root move class's own
                                       certificate (the position after its first move, the
                                       other side to move) in units[i].cert, self-checked
                                       like the main one */
  bool self_check;                  /* check the certificate with certcheck.h before
                                       returning it (default on; a rejection is an error) */
  uint32_t group_limit;             /* largest group enumerated (default 5000) */
  int split;                        /* units: 1 the root's moves, 2 Breaker's replies to each
                                       opening (Maker to move), 0 auto (the default) */
  uint64_t node_limit;              /* per unit; 0 = none */
  uint64_t total_limit;             /* all units together: the run stops as at the clock's
                                       budget soon after they pass this many expansions
                                       (deterministic with one thread); 0 = none */
  double seconds;                   /* whole run; 0 = none */
  const volatile sig_atomic_t *stop; /* if set and nonzero (a signal handler's flag): stop as
                                       at the clock's budget (read where the clock is read, at
                                       every expansion); NULL = none */
  int threads;
  bool want_cert;
  Checkpoint *ckpt;
  void (*status)(void *ctx, const MbSolveStatus *s);
  void *status_ctx;
} MbSolveOpts;

void mb_solve_opts_default(MbSolveOpts *o);
/* the default memory bound: half of the physical memory, or half of what
 * the address-space limit (ulimit -v) leaves beside the address space in
 * use (the program and its libraries) when that is lower */
uint64_t mb_default_memory(void);

typedef struct MbUnitResult {
  char *move;        /* the root move's cell name */
  MbOutcome outcome;
  uint64_t nodes;
  uint64_t proof;    /* certificate lines of its subtree (0 if undecided) */
  uint32_t copies;   /* root moves in its symmetry class */
  bool resumed;      /* taken from the checkpoint */
  bool skipped;      /* not needed: the answer was decided before it */
  bool leaf;         /* split 2: the opening decided at once (no replies) */
  uint32_t nsub;     /* split 2: Breaker's reply classes to this opening */
  struct MbUnitResult *sub;
  char *cert;        /* options.unit_certs: the certificate of the position after
                        this move (decided units only; NULL otherwise) */
} MbUnitResult;

typedef struct {
  MbOutcome outcome;
  bool maker_to_move;
  const char *root_leaf;  /* the root was decided at once: "maker-threat",
                             "pairing", ... (NULL otherwise) */
  uint64_t nodes;         /* expansions, all units */
  uint64_t proof;         /* certificate node lines */
  uint32_t nunits;
  MbUnitResult *units;
  char *group_size;       /* the automorphism group's order */
  bool group_used;        /* symmetry on and the group enumerated */
  uint32_t group_order;   /* elements used (1 without symmetry) */
  bool group_orbits;      /* symmetry on and the group too large to enumerate: the root's
                             moves (and split 2's replies to each opening) are grouped by the
                             orbits of the stabiliser of the stones, from the generators
                             (symmetry.h), the search itself has none */
  char *cert;             /* the certificate text (decided and want_cert) */
  double seconds;
  bool budget_hit;
  bool memory_hit;        /* the memory bound left a unit unknown (memory_why says how) */
  int memory_why;         /* MB_MEM_* bits: MB_MEM_TABLE a unit's table filled its bound
                             (memory_table) with decided positions or thrashed at it;
                             MB_MEM_TOTAL the bound of all allocations together
                             (memory_bound) refused one */
  uint64_t memory_bound;  /* options.memory or its default, bytes */
  uint64_t memory_share;  /* each running unit's share of it */
  uint64_t memory_table;  /* each running unit's table bound (half its share after its
                             fixed parts; twice that while the table is rebuilt) */
  uint64_t memory_peak;   /* the most counted at once */
  bool cert_checked;      /* the certificate was accepted by certcheck.h */
  uint64_t zone_cuts;     /* Maker moves refuted by a sibling's zone, never searched */
  uint64_t must_cuts;     /* Breaker moves proved by a sibling's support, never searched */
  uint64_t pair_tried, pair_found; /* shared-pairing searches and successes */
} MbSolveResult;

/* false (err set: RANGE for too many cells or a bad count difference) on
 * bad input, or INVALID if the certificate it wrote was rejected by the
 * independent checker (self_check; an internal error, nothing claimed);
 * otherwise true and r filled (outcome may be MB_UNKNOWN). */
bool mb_solve(const MbBoard *b, const MbPosition *pos, const MbSolveOpts *o, MbSolveResult *r,
              GError **err);
void mb_solve_result_clear(MbSolveResult *r);
const char *mb_outcome_word(MbOutcome o); /* "maker", "breaker", "unknown" */

/* The baseline of `make bench`: plain minimax with boolean cut-offs (the
 * first winning move ends a node), every free cell a move, no table, no
 * symmetry, no threats, no closures; a node ends only when a set is all
 * Maker's or the board is full.  *nodes counts the positions visited;
 * MB_UNKNOWN when more than limit (0: none) would be needed. */
MbOutcome mb_solve_plain(const MbBoard *b, const MbPosition *pos, bool breaker_first, uint64_t limit,
                         uint64_t *nodes);

#endif
