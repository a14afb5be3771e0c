/* solver.c — who wins a Maker–Breaker game (solver.h): the run.  Units
 * (root moves or Breaker's replies to an opening), their symmetry classes,
 * threads, budgets, checkpoints, the assembled certificate and its self
 * check.  The search itself is in solver_search.c, the evaluation in
 * solver_eval.c, the table in solver_table.c, the certificate writer and
 * its assembly in solver_cert.c, the plain minimax baseline in
 * solver_plain.c (solver_int.h). */
#include "solve/solver_int.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "solve/certcheck.h"
#include "solve/closure.h"
#include "plumbing/errors.h"
#include "plumbing/parfor.h"
#include "solvers/matching.h"

/* ---- the run ---------------------------------------------------------------------- */

/* A GROUP is one root move's class.  Split 1: a group is one unit (the
 * position after that root move).  Split 2 (Maker to move): the group is
 * an opening, its units the classes of Breaker's replies to it (or none,
 * when the opening is decided at once: `leaf`). */
typedef struct {
  uint32_t u0, u1;             /* its units */
  MbOutcome leaf;              /* split 2, u0 == u1: the opening's outcome */
  char *leafcert;               /* NULL if the memory bound refused it */
  size_t leafbytes;
  uint64_t leafproof;
  GHashTable *leafperms;
  uint32_t nm;                 /* split 2: Breaker's replies (every live cell) */
  uint32_t *moves, *unit_of, *el_of;
  bool forced;                 /* the reply is forced */
  bool unopened;               /* split 2: the clock ran out before the opening was evaluated
                                  (u0 == u1, leaf MB_UNKNOWN) */
} Group;

enum { ROUNDS = 32 }; /* of the widened replies (split2_state()) */

typedef struct {
  Solver *S;
  bool maker;        /* side to move at the root */
  bool umaker;       /* side to move in every unit's position */
  bool split2;
  uint32_t n;        /* units */
  Pos *pos;          /* each unit's position */
  uint32_t *move;    /* each unit's last move */
  MbUnitResult *res;
  char **cert;       /* certificate subtree per unit */
  size_t *cert_bytes; /* what each counts in the Budget */
  GHashTable **perms; /* perms used per unit */
  uint32_t ng;
  Group *g;
  GMutex lock;
  bool *done;        /* finished, resumed or skipped (under lock) */
  _Atomic int *cut;  /* the unit cannot change the answer: stop it */
  uint64_t (*stats)[4]; /* per unit: zone cuts, support cuts, pairings found, pairing searches */
  bool *claimed;     /* started by a worker (under lock) */
  uint32_t *rank;    /* split 2: each unit's place among its group's replies */
  bool by_rank;      /* the next units by reply rank first (under lock; see claim()) */
  /* split 2, the replies widened (options.reply_cap; see split2_state()) */
  uint64_t *lb;      /* a run stopped at its cap: the unit needs more than lb expansions (0: none) */
  uint64_t (*capped)[ROUNDS]; /* the expansions of each unit's run stopped at round t's cap */
  uint64_t *run_cap; /* the running unit's cap (UINT64_MAX: none) and its round */
  uint32_t *run_round;
  uint32_t running;  /* units running (under lock) */
  GCond cond;        /* a unit ended (with lock) */
} Run;

/* Breaker's replies to an opening, widened (split 2, options.reply_cap =
 * c0 > 0): round r gives the first 2^r replies (in order) c0 4^r
 * expansions each.  A unit's search is deterministic and does not depend
 * on its cap except where it stops, so a unit has one cost n (expansions
 * to decide it); a run stopped at a cap c shows n > c, and the unit runs
 * again, from the start, with the next round's cap.  The opening goes to
 * Breaker at the first round r in which one of its first 2^r replies is a
 * Breaker win with n <= c0 4^r, by the cheapest of them (ties: the first
 * in order); it goes to Maker when every reply is a Maker win.  What
 * decides is a function of the replies' costs alone, so the answer, the
 * reply in the certificate and the counted expansions do not depend on
 * the thread count or on which run ends first.  Measured on mnk:8,8,5
 * after 1,1 / 4,4: the opening 4,1's first reply 5,1 takes 1,280,931
 * expansions, its second, 6,5, takes 66,523; replies in order took
 * 3,545,484 expansions for the line (see doc/makerbreaker.md for the
 * widened count).  c0 = 0: replies strictly in order (round r: the first
 * 2^r replies without a cap, which is the first reply in order that
 * Breaker wins). */
static uint64_t round_cap(const Run *R, uint32_t r) {
  uint64_t c0 = R->S->o->reply_cap;
  if (!c0 || r >= ROUNDS - 1) return UINT64_MAX;
  return 2 * r >= 64 || c0 > (UINT64_MAX >> (2 * r)) ? UINT64_MAX : c0 << (2 * r);
}
static uint32_t round_width(uint32_t r, uint32_t m) { return r >= 31 ? m : MIN(m, 1u << r); }

/* split 2, group k (with replies): its first round not settled, and
 * whether it is decided (then *out and *decider, the reply that decides a
 * Breaker win, else UINT32_MAX).  A round is settled without a winner
 * when each of its replies is finished (not a Breaker win within the
 * round's cap) or was stopped at that cap or above; with a candidate
 * (a finished Breaker win within the cap, the cheapest) it is decided
 * once every other reply of the round is finished or was stopped at the
 * candidate's cost or above.  *best: the candidate's cost (UINT64_MAX:
 * none). */
static bool split2_state(const Run *R, uint32_t k, uint32_t *round, uint64_t *best, MbOutcome *out, uint32_t *decider) {
  const Group *G = &R->g[k];
  uint32_t m = G->u1 - G->u0;
  *decider = UINT32_MAX;
  for (uint32_t r = 0;; r++) {
    uint32_t w = round_width(r, m);
    uint64_t c = round_cap(R, r);
    uint32_t cand = UINT32_MAX;
    bool open = false, unknown = false, breaker = false, all = true;
    for (uint32_t j = G->u0; j < G->u0 + w; j++)
      if (R->done[j]) {
        MbOutcome o = R->res[j].outcome;
        unknown |= o == MB_UNKNOWN, breaker |= o == MB_BREAKER_WINS;
        if (o == MB_BREAKER_WINS && R->res[j].nodes <= c && (cand == UINT32_MAX || R->res[j].nodes < R->res[cand].nodes))
          cand = j;
      } else {
        all = false;
        if (R->lb[j] < c) open = true;
      }
    *round = r, *best = cand == UINT32_MAX ? UINT64_MAX : R->res[cand].nodes;
    if (cand != UINT32_MAX) {
      for (uint32_t j = G->u0; j < G->u0 + w; j++)
        if (!R->done[j] && R->lb[j] < *best) return false;
      return *out = MB_BREAKER_WINS, *decider = cand, true;
    }
    if (open) return false;
    if (w == m && all && !breaker) { /* every reply finished, none Breaker's */
      *out = unknown ? MB_UNKNOWN : MB_MAKER_WINS;
      return true;
    }
    if (c == UINT64_MAX && w == m) return false; /* (not reached: a finished Breaker win is a candidate here) */
  }
}

/* group k's outcome, if what decides it is known; *decider: the unit that
 * decided it alone (split 2: the reply split2_state() names) or UINT32_MAX */
static bool group_outcome(const Run *R, uint32_t k, MbOutcome *out, uint32_t *decider) {
  const Group *G = &R->g[k];
  *decider = UINT32_MAX;
  if (G->u0 == G->u1) return *out = G->leaf, true;
  if (!R->split2) {
    if (!R->done[G->u0]) return false;
    *out = R->res[G->u0].outcome, *decider = G->u0;
    return true;
  }
  uint32_t r;
  uint64_t best;
  return split2_state(R, k, &r, &best, out, decider);
}

/* the units that cannot change the answer any more: after the first group
 * (in order, every earlier one decided) that the side to move wins, and
 * in a split-2 group every reply but the one that decided it for Breaker.  They
 * depend only on the units before them, so the answer does not depend on
 * the order in which the units finish.  Returns that first winning group
 * or UINT32_MAX. */
static uint32_t mark_cut(Run *R) {
  MbOutcome mine = R->maker ? MB_MAKER_WINS : MB_BREAKER_WINS;
  bool all = R->S->o->all_moves; /* every root move is wanted: nothing is cut */
  bool chain = true;
  for (uint32_t k = 0; k < R->ng; k++) {
    MbOutcome o;
    uint32_t d;
    bool known = group_outcome(R, k, &o, &d);
    if (known && R->split2 && o == MB_BREAKER_WINS && d != UINT32_MAX) {
      /* a reply finished in a round before the deciding one stays (every
         run would have run it so far); the others are cut */
      uint32_t rd = 0;
      uint64_t cb;
      split2_state(R, k, &rd, &cb, &o, &d);
      for (uint32_t j = R->g[k].u0; j < R->g[k].u1; j++)
        if (j != d && !(R->done[j] && !atomic_load(&R->cut[j]) && R->run_round[j] < rd)) atomic_store(&R->cut[j], 1);
    }
    chain &= known;
    if (chain && o == mine) {
      for (uint32_t j = R->g[k].u1; j < R->n && !all; j++) atomic_store(&R->cut[j], 1);
      return k;
    }
  }
  return UINT32_MAX;
}

static void run_unit(size_t i, int worker, void *ctx) {
  (void)worker;
  Run *R = ctx;
  Solver *S = R->S;
  MbUnitResult *ur = &R->res[i];
  if (ur->resumed) return;
  if (atomic_load(&R->cut[i])) {
    g_mutex_lock(&R->lock);
    R->done[i] = true;
    g_mutex_unlock(&R->lock);
    atomic_fetch_add(&S->units_done, 1);
    return;
  }
  Unit u;
  R->perms[i] = g_hash_table_new(g_direct_hash, g_direct_equal);
  if (!sv_unit_init(&u, S, (uint32_t)i, false)) { /* the memory bound left no room for it: unknown */
    ur->outcome = MB_UNKNOWN;
    g_mutex_lock(&R->lock);
    R->done[i] = true;
    mark_cut(R);
    g_mutex_unlock(&R->lock);
    atomic_fetch_add(&S->units_done, 1);
    return;
  }
  u.cut = &R->cut[i];
  /* split 2: this run's cap (claim()); where the node limit is lower, a stop there is final */
  uint64_t cap = R->run_cap ? R->run_cap[i] : UINT64_MAX;
  if (cap != UINT64_MAX && (!u.limit || cap < u.limit)) u.limit = cap;
  else cap = UINT64_MAX;
  Pos p = R->pos[i];
  MbOutcome oc = sv_unit_solve(&u, &p, R->umaker);
  if (oc == MB_UNKNOWN && cap != UINT64_MAX && u.nodes > cap && !u.mem_hit && !atomic_load(&R->cut[i]) &&
      !atomic_load(&S->stop)) {
    /* stopped at its cap: it needs more than cap expansions, and runs
       again, from the start, when a later round gives it more */
    g_hash_table_destroy(R->perms[i]), R->perms[i] = NULL;
    atomic_fetch_add(&S->nodes_done, u.nodes - u.nodes_told);
    sv_unit_clear(&u);
    g_mutex_lock(&R->lock);
    R->lb[i] = cap, R->capped[i][R->run_round[i]] = u.nodes, R->claimed[i] = false;
    mark_cut(R);
    g_mutex_unlock(&R->lock);
    return;
  }
  ur->nodes = u.nodes;
  if (oc != MB_UNKNOWN && S->o->want_cert) {
    Buf out;
    sv_buf_init(&out, &S->mem);
    Cert c;
    sv_cert_init(&c, &u, &out, R->perms[i], oc == MB_MAKER_WINS);
    uint64_t z[SW];
    sv_emit(&c, &p, R->umaker, 0, z);
    sv_cert_clear(&c);
    ur->proof = c.next;
    bool refused = out.failed || c.refused;
    R->cert[i] = sv_buf_take(&out, &R->cert_bytes[i]);
    if (refused || (!c.failed && !R->cert[i])) atomic_fetch_or(&S->mem_hit, MB_MEM_TOTAL);
    if (c.failed || !R->cert[i])
      oc = MB_UNKNOWN, sv_text_free(&S->mem, R->cert[i], R->cert_bytes[i]), R->cert[i] = NULL, R->cert_bytes[i] = 0,
      ur->proof = 0;
  }
  ur->outcome = oc;
  bool cut = atomic_load(&R->cut[i]);
  if (S->o->ckpt && !cut) {
    GByteArray *b = g_byte_array_new();
    ckpt_pack_u64(b, ur->outcome);
    ckpt_pack_u64(b, ur->nodes);
    ckpt_pack_u64(b, ur->proof);
    const char *t = R->cert[i] ? R->cert[i] : "";
    ckpt_pack_bytes(b, t, strlen(t));
    GHashTableIter it;
    gpointer k;
    g_hash_table_iter_init(&it, R->perms[i]);
    ckpt_pack_u64(b, g_hash_table_size(R->perms[i]));
    while (g_hash_table_iter_next(&it, &k, NULL)) ckpt_pack_u64(b, GPOINTER_TO_UINT(k));
    /* an unknown unit is not saved when the clock stopped it (a resume retries it) */
    if (ur->outcome != MB_UNKNOWN || !atomic_load(&S->stop)) ckpt_put(S->o->ckpt, 0, (uint32_t)i, b->data, b->len);
    g_byte_array_free(b, TRUE);
  }
  g_mutex_lock(&R->lock);
  R->done[i] = true;
  if (R->split2 && !cut) R->by_rank = oc == MB_BREAKER_WINS;
  mark_cut(R);
  g_mutex_unlock(&R->lock);
  atomic_fetch_add(&S->nodes_done, u.nodes - u.nodes_told);
  atomic_fetch_add(&S->units_done, 1);
  /* the pruning counts are added up at the end over the units needed only,
     so that they do not depend on how far a unit cut later had got */
  R->stats[i][0] = u.zone_cuts, R->stats[i][1] = u.must_cuts;
  R->stats[i][2] = u.sc.pair_found, R->stats[i][3] = u.sc.pair_tried;
  sv_unit_clear(&u);
}

/* The order in which the workers take units.  It changes how soon the
 * answer is known, never the answer (mark_cut() depends on the units
 * before a decider only, whichever finishes first).  With Maker to move
 * at the root in split 2 the units of one opening are its replies:
 *   Maker wins the opening only if Maker beats EVERY reply, so the
 *     second worker helps by taking the opening's next reply (opening by
 *     opening: unit order);
 *   Breaker refutes it with ONE reply, and then the other replies are cut:
 *     a second worker on the next reply of the same opening is wasted, and
 *     helps on the first reply of the next opening (reply rank first).
 * Which case holds is not known in advance; the last unit finished is the
 * guide (its outcome Breaker's: by reply rank), unit order until one has
 * finished.  On mnk:7,7,5 (every opening refuted by its first reply) this
 * made two workers twice as fast as one instead of no faster.  With the
 * replies widened (split2_state()) a reply is taken at its next round:
 * replies of an opening's current round before those of a later round
 * (by reply rank), a reply not yet tried before one run again; unit order
 * means opening by opening, each by round.  A worker with nothing to take
 * waits while a unit runs: one stopped at its cap may open a round. */
static bool key_less(const uint64_t *a, const uint64_t *b) {
  for (int i = 0; i < 4; i++)
    if (a[i] != b[i]) return a[i] < b[i];
  return false;
}

static uint32_t claim(Run *R) {
  g_mutex_lock(&R->lock);
  uint32_t best = UINT32_MAX;
  for (;;) {
    if (sv_time_up(R->S, 0, NULL)) {
      /* the clock ran out or a signal came (D6): no unit starts any more (each
       * would still set up and evaluate its root: on a board of 20,000 sets
       * and 65,280 units that took minutes); the ones not started are unknown */
      for (uint32_t i = 0; i < R->n; i++)
        if (!R->claimed[i] && !R->done[i]) R->claimed[i] = R->done[i] = true;
      g_mutex_unlock(&R->lock);
      return best;
    }
    uint64_t bkey[4] = {0}, bcap = UINT64_MAX;
    uint32_t bround = 0;
    for (uint32_t k = 0; k < R->ng; k++) {
      const Group *G = &R->g[k];
      uint32_t r = 0, m = G->u1 - G->u0, d;
      uint64_t cb = UINT64_MAX;
      MbOutcome o;
      if (R->split2 && m > 0) split2_state(R, k, &r, &cb, &o, &d);
      /* Breaker expected (by rank): a reply run again waits while a reply
         of its opening tried for the first time runs, which may refute the
         opening for less (on two lines of mnk:8,8,5 such runs again, cut
         when the fresh reply won, were a quarter of all expansions) */
      bool fresh = false;
      for (uint32_t j = G->u0; j < G->u1 && R->split2 && R->by_rank; j++)
        fresh |= R->claimed[j] && !R->done[j] && R->lb[j] == 0;
      for (uint32_t j = G->u0; j < G->u1; j++) {
        if (R->claimed[j] || R->done[j]) continue;
        if (R->res[j].resumed || atomic_load(&R->cut[j])) { /* nothing to run */
          R->claimed[j] = true;
          if (!R->res[j].resumed) R->done[j] = true, atomic_fetch_add(&R->S->units_done, 1);
          continue;
        }
        uint32_t t = 0;
        uint64_t cap = UINT64_MAX;
        if (R->split2) { /* its next round (split2_state()): the replies before it come first */
          while (j - G->u0 >= round_width(t, m) || round_cap(R, t) <= R->lb[j]) t++;
          cap = round_cap(R, t);
          if (t == r && cb != UINT64_MAX) {
            if (R->lb[j] >= cb) continue; /* it cannot beat the round's cheapest Breaker win */
            cap = MIN(cap, cb);
          }
        }
        uint64_t ahead = t > r ? t - r : 0, tried = R->lb && R->lb[j] > 0;
        if (tried && fresh) continue;
        uint64_t key[4] = {ahead, tried, R->rank[j], j};
        if (!R->by_rank) key[0] = k, key[1] = ahead, key[2] = tried;
        if (best == UINT32_MAX || key_less(key, bkey)) best = j, memcpy(bkey, key, sizeof key), bcap = cap, bround = t;
      }
    }
    if (best != UINT32_MAX) {
      R->claimed[best] = true, R->running++;
      if (R->run_cap) R->run_cap[best] = bcap, R->run_round[best] = bround;
      break;
    }
    /* nothing to start: a running unit stopped at its cap may give a worker another */
    if (R->running == 0) break;
    g_cond_wait(&R->cond, &R->lock);
  }
  g_mutex_unlock(&R->lock);
  return best;
}

static void run_worker(size_t w, int worker, void *ctx) {
  (void)w;
  Run *R = ctx;
  for (uint32_t i; (i = claim(R)) != UINT32_MAX;) {
    run_unit(i, worker, R);
    g_mutex_lock(&R->lock);
    R->running--;
    g_cond_broadcast(&R->cond);
    g_mutex_unlock(&R->lock);
  }
}

bool mb_solve(const MbBoard *b, const MbPosition *pos, const MbSolveOpts *o, MbSolveResult *r, GError **err) {
  memset(r, 0, sizeof *r);
  bool maker;
  if (!sv_side_to_move(pos, o->breaker_first, o->to_move, &maker, err)) return false;
  static const Solver zero;
  Solver S = zero;
  S.o = o;
  /* the clock runs from here: the board's group (bliss) counts too */
  S.start_us = g_get_monotonic_time();
  S.deadline_us = o->seconds > 0 ? S.start_us + (gint64)(o->seconds * 1e6) : 0;
  S.mem.limit = o->memory ? o->memory : mb_default_memory();
  r->memory_bound = S.mem.limit;
  if (!sv_game_init(&S.g, b, o, true, err)) {
    if (S.g.set) sv_game_clear(&S.g, &S.mem);
    return false;
  }
  Game *g = &S.g;
  /* the root's unit, until the units are known: a share as for one more thread */
  S.unit_share = (size_t)((S.mem.limit - MIN(atomic_load(&S.mem.used), S.mem.limit)) / ((uint64_t)MAX(o->threads, 1) + 1));
  S.table_bytes = S.unit_share / 2;
  atomic_store(&S.last_status_us, S.start_us);
  r->maker_to_move = maker;
  r->group_size = g_strdup(g->G->size);
  r->group_used = o->symmetry && g->G->enumerated;
  r->group_order = g->G->order;
  r->group_orbits = o->symmetry && !g->G->enumerated && g->G->ngens > 0;
  if (!o->symmetry) g_free(r->group_size), r->group_size = g_strdup("1");
  Pos root;
  memset(&root, 0, sizeof root);
  for (uint32_t c = 0; c < g->nc; c++)
    if (pos->owner[c] == MB_MAKER) put(root.m, c);
    else if (pos->owner[c] == MB_BREAKER) put(root.b, c);
  /* the root: decided at once, or split into units */
  Unit ru;
  if (!sv_unit_init(&ru, &S, 0, true)) { /* the memory bound leaves no room to begin */
    r->outcome = MB_UNKNOWN, r->memory_hit = true, r->memory_why = atomic_load(&S.mem_hit);
    r->memory_peak = atomic_load(&S.mem.peak);
    sv_game_clear(g, &S.mem);
    r->seconds = (double)(g_get_monotonic_time() - S.start_us) / 1e6;
    return true;
  }
  Eval *e = &ru.ev[0];
  sv_evaluate(g, &root, maker, &ru.sc, e, false);
  static const char *leafname[] = {NULL, "maker-won", "maker-threat", "double-threat", NULL, "no-surviving-set",
                                   "erdos-selfridge", "line-potential", "pairing", "threat-sequence"};
  Buf cert;
  sv_buf_init(&cert, &S.mem);
  GHashTable *perms = g_hash_table_new(g_direct_hash, g_direct_equal);
  uint64_t proof = 0;
  bool decided_at_root = e->cls != C_OPEN && e->cls != C_FORCED;
  bool leaf_root = decided_at_root || e->nmoves == 0;

  if (leaf_root) {
    r->root_leaf = leafname[e->cls] ? leafname[e->cls] : "no-live-cell";
    r->outcome = (e->cls == C_MAKER_WON || e->cls == C_MAKER_NOW || e->cls == C_DOUBLE || e->cls == C_VCF)
                     ? MB_MAKER_WINS
                     : MB_BREAKER_WINS;
    Cert c;
    sv_cert_init(&c, &ru, &cert, perms, r->outcome == MB_MAKER_WINS);
    uint64_t z[SW];
    sv_emit(&c, &root, maker, 0, z);
    sv_cert_clear(&c);
    proof = c.next;
    if (c.refused) cert.failed = true;
  }
  /* --all-moves lists EVERY live move (U1), also where an evaluation rule
   * (threats, a pairing, Erdős–Selfridge) decides the root or forces the
   * reply: the root's answer and certificate stay the rule's (or, forced,
   * come from the units as below), and each live move's class is solved as
   * its own unit.  The live moves are those of the evaluation with the
   * rules off: every free cell of a surviving set. */
  bool list_all = o->all_moves && (decided_at_root || e->cls == C_FORCED) && e->cls != C_MAKER_WON;
  uint32_t forced_cell = e->cls == C_FORCED ? e->t1 : UINT32_MAX; /* the certificate keeps its 'F' */
  if (list_all) {
    Game g2 = *g;
    g2.threats = g2.closures = false;
    sv_evaluate(&g2, &root, maker, &ru.sc, e, false);
    list_all = e->cls == C_OPEN && e->nmoves > 0;
  }
  if (!leaf_root || list_all) {
    Child *kids = ru.kids[0];
    uint32_t nm = e->nmoves;
    uint32_t *moves = g_memdup2(e->moves, nm * sizeof(uint32_t));
    bool rforced = e->cls == C_FORCED;
    uint32_t n = sv_children(&ru, &root, maker, e, kids, NULL, NULL, NULL, NULL);
    uint32_t *unit_of = g_new(uint32_t, nm), *el_of = g_new(uint32_t, nm), *gmove = g_new(uint32_t, n);
    n = sv_classify(g, &root, maker, moves, nm, kids, n, unit_of, el_of);
    for (uint32_t j = 0; j < n; j++) gmove[j] = kids[j].move;
    Run R;
    memset(&R, 0, sizeof R);
    R.S = &S, R.maker = maker, R.ng = n, R.g = g_new0(Group, n);
    R.split2 = maker && !rforced && o->split != 1 && !o->all_moves;
    R.umaker = R.split2 ? maker : !maker;
    GArray *upos = g_array_new(FALSE, FALSE, sizeof(Pos)), *umove = g_array_new(FALSE, FALSE, sizeof(uint32_t));
    for (uint32_t j = 0; j < n; j++) {
      Group *G = &R.g[j];
      Pos q = root;
      apply(&q, gmove[j], maker);
      G->u0 = upos->len;
      if (R.split2 && sv_time_up(&S, 0, NULL)) { /* out of time: its replies are not made (D6) */
        G->leaf = MB_UNKNOWN, G->unopened = true;
      } else if (!R.split2) {
        g_array_append_val(upos, q), g_array_append_val(umove, gmove[j]);
      } else { /* the opening: Breaker to move */
        Eval *e2 = &ru.ev[1];
        sv_evaluate(g, &q, false, &ru.sc, e2, false);
        if ((e2->cls != C_OPEN && e2->cls != C_FORCED) || e2->nmoves == 0) {
          G->leaf = e2->cls == C_MAKER_WON || e2->cls == C_DOUBLE ? MB_MAKER_WINS : MB_BREAKER_WINS;
          G->leafperms = g_hash_table_new(g_direct_hash, g_direct_equal);
          Buf out;
          sv_buf_init(&out, &S.mem);
          Cert c;
          sv_cert_init(&c, &ru, &out, G->leafperms, G->leaf == MB_MAKER_WINS);
          uint64_t z[SW];
          sv_emit(&c, &q, false, 1, z);
          sv_cert_clear(&c);
          if (c.refused) out.failed = true;
          G->leafproof = c.next, G->leafcert = sv_buf_take(&out, &G->leafbytes);
        } else {
          G->forced = e2->cls == C_FORCED;
          G->nm = e2->nmoves;
          G->moves = g_memdup2(e2->moves, G->nm * sizeof(uint32_t));
          Child *k2 = ru.kids[1];
          uint32_t n2 = sv_children(&ru, &q, false, e2, k2, NULL, NULL, NULL, NULL);
          G->unit_of = g_new(uint32_t, G->nm), G->el_of = g_new(uint32_t, G->nm);
          n2 = sv_classify(g, &q, false, G->moves, G->nm, k2, n2, G->unit_of, G->el_of);
          for (uint32_t jj = 0; jj < n2; jj++) {
            Pos p2 = q;
            apply(&p2, k2[jj].move, false);
            g_array_append_val(upos, p2), g_array_append_val(umove, k2[jj].move);
          }
        }
      }
      G->u1 = upos->len;
    }
    R.n = upos->len;
    R.pos = (Pos *)(void *)g_array_free(upos, FALSE);
    R.move = (uint32_t *)(void *)g_array_free(umove, FALSE);
    R.res = g_new0(MbUnitResult, R.n + 1);
    R.cert = g_new0(char *, R.n + 1);
    R.cert_bytes = g_new0(size_t, R.n + 1);
    R.perms = g_new0(GHashTable *, R.n + 1);
    R.done = g_new0(bool, R.n + 1);
    R.cut = g_new0(_Atomic int, R.n + 1);
    R.stats = g_malloc0(sizeof(uint64_t[4]) * (R.n + 1));
    g_cond_init(&R.cond);
    if (R.split2) {
      R.lb = g_new0(uint64_t, R.n + 1);
      R.capped = g_malloc0(sizeof(uint64_t[ROUNDS]) * (R.n + 1));
      R.run_cap = g_new0(uint64_t, R.n + 1);
      R.run_round = g_new0(uint32_t, R.n + 1);
    }
    g_mutex_init(&R.lock);
    for (uint32_t i = 0; i < R.n; i++) R.res[i].move = bs_cell_name(b, R.move[i]);
    if (!R.split2)
      for (uint32_t i = 0; i < nm; i++) R.res[unit_of[i]].copies++;
    else
      for (uint32_t j = 0; j < n; j++)
        for (uint32_t i = 0; i < R.g[j].nm; i++) R.res[R.g[j].u0 + R.g[j].unit_of[i]].copies++;
    /* units finished in an earlier run */
    uint32_t resumed = 0;
    for (uint32_t j = 0; j < R.n && o->ckpt; j++) {
      size_t len;
      const void *d = ckpt_get(o->ckpt, 0, j, &len);
      if (!d) continue;
      CkptReader rd;
      ckpt_reader_init(&rd, d, len);
      uint64_t oc = ckpt_unpack_u64(&rd), nodes = ckpt_unpack_u64(&rd), pr = ckpt_unpack_u64(&rd);
      size_t tl;
      const uint8_t *t = ckpt_unpack_bytes(&rd, &tl);
      uint64_t np = ckpt_unpack_u64(&rd);
      GHashTable *ps = g_hash_table_new(g_direct_hash, g_direct_equal);
      for (uint64_t k = 0; k < np && rd.ok; k++) {
        uint64_t el = ckpt_unpack_u64(&rd);
        if (el >= g->G->order) rd.ok = false;
        else g_hash_table_add(ps, GUINT_TO_POINTER((guint)el));
      }
      if (!ckpt_reader_done(&rd) || oc > 2 || (oc != MB_UNKNOWN && o->want_cert && tl == 0)) {
        g_hash_table_destroy(ps);
        continue;
      }
      Buf cb; /* counted like a unit's own */
      sv_buf_init(&cb, &S.mem);
      sv_buf_add(&cb, (const char *)t, tl);
      if (!(R.cert[j] = sv_buf_take(&cb, &R.cert_bytes[j]))) { /* no room: the unit runs again */
        g_hash_table_destroy(ps);
        continue;
      }
      R.res[j].outcome = (MbOutcome)oc, R.res[j].nodes = nodes, R.res[j].proof = pr, R.res[j].resumed = true;
      R.perms[j] = ps;
      R.done[j] = true;
      resumed++;
    }
    ckpt_resume_note(o->ckpt, resumed, R.n, "units");
    mark_cut(&R);
    atomic_store(&S.units, (int)R.n);
    atomic_store(&S.units_done, (int)resumed);
    R.claimed = g_new0(bool, R.n + 1);
    R.rank = g_new0(uint32_t, R.n + 1);
    for (uint32_t k = 0; k < R.ng && R.split2; k++)
      for (uint32_t j = R.g[k].u0; j < R.g[k].u1; j++) R.rank[j] = j - R.g[k].u0;
    /* each running unit's share of what the bound leaves now, and its
     * table's bound: half of the share after the unit's fixed parts */
    {
      sv_game_tables(g, &S.mem);
      int workers = parfor_workers(R.n, o->threads);
      S.many_workers = workers > 1;
      uint64_t used = MIN(atomic_load(&S.mem.used), S.mem.limit);
      S.unit_share = (size_t)((S.mem.limit - used) / (uint64_t)workers);
      size_t fixed = sv_unit_bytes(&S, false);
      S.table_bytes = MAX(S.unit_share > fixed ? (S.unit_share - fixed) / 2 : 0, sv_table_min_bytes(g->nc));
    }
    parfor((size_t)parfor_workers(R.n, o->threads), o->threads, run_worker, &R);
    if (o->ckpt) ckpt_save(o->ckpt);
    /* the answer, from the units that decide it */
    uint32_t win = mark_cut(&R);
    MbOutcome mine = maker ? MB_MAKER_WINS : MB_BREAKER_WINS, other = maker ? MB_BREAKER_WINS : MB_MAKER_WINS;
    MbOutcome *gout = g_new0(MbOutcome, n);
    uint32_t *gdec = g_new(uint32_t, n);
    bool all_other = true;
    for (uint32_t k = 0; k < n; k++) {
      gdec[k] = UINT32_MAX;
      if (win != UINT32_MAX && k > win) continue;
      bool known = group_outcome(&R, k, &gout[k], &gdec[k]);
      g_assert(known);
      all_other &= gout[k] == other;
    }
    /* split 2: the runs stopped at a cap count too, those of the rounds
     * before the one that decided a Breaker win (the later ones may have
     * been cut at any point) or all of them */
    uint64_t *early = g_new0(uint64_t, R.n + 1);
    for (uint32_t k = 0; k < n && R.capped; k++) {
      uint32_t rd = ROUNDS, d;
      uint64_t cb;
      MbOutcome o;
      if (win != UINT32_MAX && k > win) continue; /* not needed */
      bool dec = R.g[k].u1 > R.g[k].u0 && split2_state(&R, k, &rd, &cb, &o, &d);
      if (!dec || o != MB_BREAKER_WINS) rd = ROUNDS;
      for (uint32_t j = R.g[k].u0; j < R.g[k].u1; j++)
        for (uint32_t t = 0; t < rd && t < ROUNDS; t++) early[j] += R.capped[j][t];
    }
    for (uint32_t i = 0; i < R.n; i++)
      if (atomic_load(&R.cut[i])) {
        R.res[i].skipped = true, R.res[i].outcome = MB_UNKNOWN, R.res[i].nodes = early[i], R.res[i].proof = 0;
        R.res[i].resumed = false;
        r->nodes += early[i];
      } else {
        R.res[i].nodes += early[i];
        r->nodes += R.res[i].nodes;
        r->zone_cuts += R.stats[i][0], r->must_cuts += R.stats[i][1];
        r->pair_found += R.stats[i][2], r->pair_tried += R.stats[i][3];
        if (R.res[i].outcome == MB_UNKNOWN) r->budget_hit = true;
      }
    g_free(early);
    for (uint32_t k = 0; k < n; k++) r->budget_hit |= R.g[k].unopened && !(win != UINT32_MAX && k > win);
    if (!leaf_root) r->outcome = win != UINT32_MAX ? mine : all_other ? other : MB_UNKNOWN;
    /* each group's certificate, where it is needed (counted in the Budget:
     * a refusal leaves the answer without its certificate, hence unknown) */
    char **gcert = g_new0(char *, n);
    size_t *gbytes = g_new0(size_t, n);
    uint64_t *gproof = g_new0(uint64_t, n);
    GHashTable **gperms = g_new0(GHashTable *, n);
    if (r->outcome != MB_UNKNOWN && o->want_cert && !leaf_root)
      for (uint32_t k = 0; k < n; k++) {
        if (win != UINT32_MAX && k != win) continue;
        Group *G = &R.g[k];
        gperms[k] = g_hash_table_new(g_direct_hash, g_direct_equal);
        Buf t;
        sv_buf_init(&t, &S.mem);
        if (G->u0 == G->u1) {
          if (G->leafcert) sv_buf_puts(&t, G->leafcert);
          else t.failed = true;
          gproof[k] = G->leafproof;
          sv_merge_perms(gperms[k], G->leafperms);
        } else if (!R.split2 || gout[k] == MB_BREAKER_WINS) {
          uint32_t d = gdec[k];
          if (R.split2) sv_buf_printf(&t, "b %s\n", g->names[R.move[d]]);
          if (R.cert[d]) sv_buf_puts(&t, R.cert[d]);
          else t.failed = true;
          gproof[k] = R.res[d].proof + (R.split2 ? 1 : 0);
          sv_merge_perms(gperms[k], R.perms[d]);
        } else {
          uint32_t nu = G->u1 - G->u0;
          uint64_t *pr = g_new(uint64_t, nu);
          for (uint32_t j = 0; j < nu; j++) pr[j] = R.res[G->u0 + j].proof;
          gproof[k] = sv_append_all(g, b, &t, gperms[k], G->forced ? "F" : "B", G->moves, G->nm, G->unit_of, G->el_of, nu,
                                    R.cert + G->u0, pr, R.perms + G->u0);
          g_free(pr);
        }
        gcert[k] = sv_buf_take(&t, &gbytes[k]);
        if (!gcert[k]) cert.failed = true;
      }
    if (r->outcome != MB_UNKNOWN && o->want_cert && !leaf_root) {
      if (r->outcome == mine) {
        /* the side to move wins: its move is "m" or "b", also when it is
         * Breaker's forced block ("F" is Breaker's forced reply in a
         * Maker-win tree only) */
        sv_buf_printf(&cert, "%s %s\n", maker ? "m" : "b", g->names[gmove[win]]);
        if (gcert[win]) sv_buf_puts(&cert, gcert[win]);
        proof = 1 + gproof[win];
        sv_merge_perms(perms, gperms[win]);
      } else if (list_all && forced_cell != UINT32_MAX) { /* every move listed, the forced one certified */
        uint32_t i = 0;
        while (moves[i] != forced_cell) i++;
        proof = sv_append_all(g, b, &cert, perms, "F", moves + i, 1, unit_of + i, el_of + i, n, gcert, gproof, gperms);
      } else {
        proof = sv_append_all(g, b, &cert, perms, rforced ? "F" : maker ? "M" : "B", moves, nm, unit_of, el_of, n, gcert,
                              gproof, gperms);
      }
    }
    /* each decided root move's own certificate (--all-moves --cert-dir) */
    if (o->unit_certs && o->all_moves && !R.split2) {
      g_autofree char *mv = mb_position_string(b, pos);
      for (uint32_t i = 0; i < R.n; i++) {
        if (R.res[i].outcome == MB_UNKNOWN || !R.cert[i]) continue;
        const char *c = g->names[R.move[i]];
        g_autofree char *after = pos->moves->len ? g_strdup_printf("%s %c:%s", mv, maker ? 'M' : 'B', c)
                                                 : g_strdup_printf("%c:%s", maker ? 'M' : 'B', c);
        size_t by;
        R.res[i].cert = sv_cert_text(&S.mem, &by, g, b, after, R.umaker, R.res[i].outcome, R.perms[i], R.res[i].proof,
                                     R.cert[i]);
        if (!R.res[i].cert) { /* refused: this move's outcome stands, without its own certificate */
          atomic_fetch_or(&S.mem_hit, MB_MEM_TOTAL);
          R.res[i].outcome = MB_UNKNOWN, R.res[i].proof = 0;
        }
      }
    }
    /* the per-move results */
    if (!R.split2) {
      r->nunits = R.n, r->units = R.res, R.res = NULL;
    } else {
      r->nunits = n;
      r->units = g_new0(MbUnitResult, n);
      for (uint32_t k = 0; k < n; k++) {
        MbUnitResult *x = &r->units[k];
        Group *G = &R.g[k];
        x->move = bs_cell_name(b, gmove[k]);
        x->outcome = gout[k];
        x->skipped = win != UINT32_MAX && k > win;
        x->proof = gproof[k];
        if (G->u0 == G->u1 && !G->unopened) x->leaf = true;
        x->nsub = G->u1 - G->u0;
        x->sub = g_new0(MbUnitResult, x->nsub + 1);
        for (uint32_t j = 0; j < x->nsub; j++) {
          x->sub[j] = R.res[G->u0 + j];
          R.res[G->u0 + j].move = NULL;
          x->nodes += x->sub[j].nodes;
          x->resumed |= x->sub[j].resumed;
        }
      }
      for (uint32_t i = 0; i < nm; i++) r->units[unit_of[i]].copies++;
    }
    for (uint32_t k = 0; k < n; k++) {
      sv_text_free(&S.mem, gcert[k], gbytes[k]);
      if (gperms[k]) g_hash_table_destroy(gperms[k]);
      Group *G = &R.g[k];
      sv_text_free(&S.mem, G->leafcert, G->leafbytes), g_free(G->moves), g_free(G->unit_of), g_free(G->el_of);
      if (G->leafperms) g_hash_table_destroy(G->leafperms);
    }
    for (uint32_t i = 0; i < R.n; i++) {
      sv_text_free(&S.mem, R.cert[i], R.cert_bytes[i]);
      if (R.perms[i]) g_hash_table_destroy(R.perms[i]);
      if (R.res) g_free(R.res[i].move);
    }
    g_free(gcert), g_free(gbytes), g_free(gproof), g_free(gperms), g_free(gout), g_free(gdec);
    g_free(R.res), g_free(R.cert), g_free(R.cert_bytes), g_free(R.perms), g_free(R.move), g_free(R.pos);
    g_free(R.done), g_free(R.cut), g_free(R.g), g_free(R.stats), g_free(R.claimed), g_free(R.rank);
    g_mutex_clear(&R.lock), g_cond_clear(&R.cond);
    g_free(R.lb), g_free(R.capped), g_free(R.run_cap), g_free(R.run_round);
    g_free(unit_of), g_free(el_of), g_free(moves), g_free(gmove);
  }
  size_t cert_bytes = 0;
  if (r->outcome != MB_UNKNOWN && o->want_cert) {
    g_autofree char *mv = mb_position_string(b, pos);
    if (!cert.failed)
      r->cert = sv_cert_text(&S.mem, &cert_bytes, g, b, mv, maker, r->outcome, perms, proof, cert.s ? cert.s : "");
    if (!r->cert) { /* the memory bound refused the certificate: no answer without it */
      atomic_fetch_or(&S.mem_hit, MB_MEM_TOTAL);
      r->outcome = MB_UNKNOWN, r->budget_hit = true;
    }
  }
  r->proof = r->outcome != MB_UNKNOWN ? proof : 0;
  sv_buf_clear(&cert);
  g_hash_table_destroy(perms);
  atomic_fetch_add(&S.zone_cuts, ru.zone_cuts), atomic_fetch_add(&S.must_cuts, ru.must_cuts);
  atomic_fetch_add(&S.pair_found, ru.sc.pair_found), atomic_fetch_add(&S.pair_tried, ru.sc.pair_tried);
  sv_unit_clear(&ru);
  size_t board = ((size_t)g->ns * g->K + g->nc) * 2 * sizeof(uint32_t) + 4096; /* the checker's copy of the board */
  sv_game_clear(g, &S.mem);
  r->seconds = (double)(g_get_monotonic_time() - S.start_us) / 1e6;
  /* self-check on write: a certificate the independent checker rejects is
   * a hard error, never a result.  The checker's memory (it keeps the
   * tree's nodes: about three bytes per byte of text, measured on 4^3, and
   * its own copy of the board) is counted first: a refusal leaves the
   * answer unknown. */
  size_t check_bytes = 0;
  if (r->cert && o->self_check) {
    check_bytes = 3 * strlen(r->cert) + board;
    for (uint32_t i = 0; i < r->nunits; i++)
      if (r->units[i].cert) check_bytes = MAX(check_bytes, 3 * strlen(r->units[i].cert) + board);
    if (!sv_take(&S.mem, check_bytes)) {
      check_bytes = 0;
      atomic_fetch_or(&S.mem_hit, MB_MEM_TOTAL);
      g_free(r->cert), r->cert = NULL, r->outcome = MB_UNKNOWN, r->proof = 0, r->budget_hit = true;
      for (uint32_t i = 0; i < r->nunits; i++) g_free(r->units[i].cert), r->units[i].cert = NULL;
    }
  }
  r->memory_why = atomic_load(&S.mem_hit);
  r->memory_hit = r->memory_why != 0;
  r->memory_share = S.unit_share, r->memory_table = S.table_bytes;
  r->memory_peak = atomic_load(&S.mem.peak);
  (void)cert_bytes; /* the texts returned are the caller's (g_free) */
  if (r->cert && o->self_check) {
    CcReport rep;
    char *why = NULL;
    CcResult cr = cc_check(b->name, r->cert, &rep, &why);
    bool resumed = false;
    for (uint32_t i = 0; i < r->nunits; i++) resumed |= r->units[i].resumed;
    if (cr != CC_VALID && resumed) {
      /* units taken from a checkpoint are its word, not the solver's: a
       * tree assembled from them that does not replay is bad input (D-ckpt) */
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INPUT,
                  "the checkpoint's finished units do not replay: the certificate assembled from them is rejected (%s); "
                  "remove the checkpoint to solve afresh",
                  why ? why : "no reason");
      g_free(why);
      mb_solve_result_clear(r);
      return false;
    }
    if (cr != CC_VALID) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INVALID,
                  "internal error: the certificate the solver wrote was rejected by its checker (%s); no result is claimed",
                  why ? why : "no reason");
      g_free(why);
      mb_solve_result_clear(r);
      return false;
    }
    r->cert_checked = true;
  }
  for (uint32_t i = 0; i < r->nunits && o->self_check; i++) { /* the per-move certificates likewise */
    if (!r->units[i].cert) continue;
    char *why = NULL;
    if (cc_check(b->name, r->units[i].cert, NULL, &why) != CC_VALID) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INVALID,
                  "internal error: the certificate the solver wrote for move %s was rejected by its checker (%s); no "
                  "result is claimed",
                  r->units[i].move, why ? why : "no reason");
      g_free(why);
      mb_solve_result_clear(r);
      return false;
    }
  }
  /* plus the root's own work (one thread) */
  r->zone_cuts += atomic_load(&S.zone_cuts);
  r->must_cuts += atomic_load(&S.must_cuts);
  r->pair_tried += atomic_load(&S.pair_tried), r->pair_found += atomic_load(&S.pair_found);
  return true;
}
