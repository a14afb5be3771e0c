/* solver_search.c — df-pn for the solver (solver_int.h): a unit's search
 * with relevance zones, Maker's supports, the evaluation cache and the
 * widening at a root with Maker to move.  The lemmas that make the pruning
 * exact are stated and proved below. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "solve/solver_int.h"

void sv_lookup(Unit *u, const Pos *k, uint32_t *pn, uint32_t *dn) {
  Entry *e = sv_table_find(&u->tt, k);
  if (e) *pn = e->pn, *dn = e->dn;
  else *pn = 1, *dn = 1;
}

bool sv_time_up(Solver *S, uint64_t untold, gint64 *now_out) {
  gint64 now = g_get_monotonic_time();
  if (now_out) *now_out = now;
  if (S->deadline_us && now > S->deadline_us) atomic_store(&S->stop, 1);
  if (S->o->stop && *S->o->stop) atomic_store(&S->stop, 1); /* a signal: as at the clock's budget */
  if (S->o->total_limit && atomic_load(&S->nodes_done) + untold > S->o->total_limit) atomic_store(&S->stop, 1);
  return atomic_load(&S->stop) != 0;
}

void sv_tick(Unit *u) {
  Solver *S = u->S;
  if (u->limit && u->nodes > u->limit) u->abort = u->hard_stop = true;
  if (u->try_stop && u->nodes > u->try_stop) u->abort = true;
  if (u->nodes - u->nodes_told >= 1024) { /* the progress line's total grows with every unit's work */
    atomic_fetch_add(&S->nodes_done, u->nodes - u->nodes_told);
    u->nodes_told = u->nodes;
  }
  if (u->tt.full) {
    u->abort = u->hard_stop = u->mem_hit = true;
    atomic_fetch_or(&S->mem_hit, u->tt.full_why);
  }
  /* the clock at every expansion: it costs tens of nanoseconds, an
   * expansion (threat and pairing searches over every set) far more, and on
   * a board of 10^5 sets one expansion takes milliseconds */
  {
    gint64 now;
    sv_time_up(S, u->nodes - u->nodes_told, &now);
    int64_t last = atomic_load(&S->last_status_us);
    if (S->o->status && now - last >= 2000000 && atomic_compare_exchange_strong(&S->last_status_us, &last, now)) {
      MbSolveStatus st = {(uint32_t)atomic_load(&S->units), (uint32_t)atomic_load(&S->units_done),
                          atomic_load(&S->nodes_done),
                          u->unit, u->root_pn, u->root_dn, (double)(now - S->start_us) / 1e6};
      S->o->status(S->o->status_ctx, &st);
    }
  }
  if (atomic_load(&S->stop) || (u->cut && atomic_load(u->cut))) u->abort = u->hard_stop = true;
}

/* children of an open node, deduplicated by canonical form; ent (if not
 * NULL) gets each one's table entry (valid while the table's generation is
 * the one returned in *gen); dup (if not NULL) gets the *ndup children
 * dropped as images of kept ones */
uint32_t sv_children(Unit *u, Pos *p, bool maker, const Eval *e, Child *kids, Entry **ent, uint64_t *gen, Dup *dup,
                     uint32_t *ndup) {
  uint32_t n = 0;
  if (ndup) *ndup = 0;
  uint64_t g0 = u->tt.gen;
  bool prepared = false; /* sv_bo_prepare() for p */
  /* first every child's canonical form, its table slot fetched ahead (the
   * lookups were a sixth of the time on 4^3, nearly all of it waiting for
   * memory; fetched together the waits overlap), then the lookups, in the
   * same order as one pass would make them */
  bool sym = sv_canon_kids(u->g, &u->sc, p, maker, e->moves, e->nmoves, kids);
  for (uint32_t i = 0; i < e->nmoves; i++) {
    Child *k = &kids[i];
    k->move = e->moves[i];
    k->h = sv_pos_hash(&k->key);
    k->pn0 = 1;
    sv_table_prefetch(&u->tt, k->h);
  }
  for (uint32_t i = 0; i < e->nmoves; i++) {
    Child k = kids[i];
    uint32_t c = k.move;
    Entry *te = sv_table_find_h(&u->tt, &k.key, k.h);
    if (maker && !te) {
      /* Breaker's moves after this one: its proof number to begin with.
       * Only a child decided here is stored; an open one keeps its number
       * in kids[] (computed again when the node is entered again: storing
       * every generated child filled the table with positions never
       * expanded — 4^3 after 1,1,1 / 2,2,2: 816 MB stored, 54 MB not, the
       * same 399,165 expansions and CPU time within 10%) */
      uint64_t supp[SW], t[SW];
      if (e->pn0 && e->pn0[i] != PN0_NONE && e->pn0[i] != 0) k.pn0 = e->pn0[i]; /* known from an earlier entry */
      else {
        if (!prepared) sv_bo_prepare(u->g, p, &u->sc), prepared = true;
        k.pn0 = sv_bo_child(u->g, p, &u->sc, c, supp); /* = sv_breaker_options(p + c), faster */
      }
      if (e->pn0) e->pn0[i] = (uint16_t)k.pn0;
      if (!k.pn0) sv_zone_map(u->g, k.el, supp, t), sv_table_store(&u->tt, &k.key, 0, INF, t),
                    te = sv_table_find_h(&u->tt, &k.key, k.h);
    }
    uint32_t rep = UINT32_MAX;
    for (uint32_t j = 0; j < n && rep == UINT32_MAX && sym; j++)
      if (kids[j].h == k.h && pos_eq(&kids[j].key, &k.key)) rep = j;
    if (rep == UINT32_MAX) {
      if (ent) ent[n] = te;
      kids[n++] = k; /* n <= i: compacted in place */
    } else if (dup)
      dup[(*ndup)++] = (Dup){k.move, k.el, rep};
  }
  if (gen) *gen = g0 == u->tt.gen ? g0 : u->tt.gen - 1; /* a store may have rebuilt the table: fetch again */
  return n;
}

/* ---- relevance zones ---------------------------------------------------------------
 *
 * Lemma (monotonicity).  If Breaker wins a position (M, B) with a given
 * side to move and M' is a subset of M, then Breaker wins (M', B) with the
 * same side to move.  (Breaker imagines Maker owns M; a Maker move on a cell
 * of M that Maker does not really own is, in the imagined game, a pass
 * answered by imagining a Maker move on any free cell; Maker's real cells
 * stay a subset of the imagined ones, so Maker never completes a set.)
 *
 * The ZONE of a proof that Breaker wins (M, B) is a set Z of free cells such
 * that Breaker also wins (M + (F \ Z), B), F the free cells: Maker may be
 * given every free cell outside Z.  Zones of the proofs the search makes:
 *   no surviving set: Z = {};  Erdős–Selfridge: Z = the free cells of the
 *   surviving sets (cells of no surviving set are irrelevant to the sum);
 *   a pairing: Z = the cells of its pairs (a set holding a pair still holds
 *   it however many other cells Maker owns);  Breaker moves b with a child
 *   proof of zone Z': Z = Z' + {b};  Maker to move, children c_1..c_k with
 *   zones Z_i: Z = union (Z_i + {c_i}).
 * Zone pruning.  If Breaker wins after Maker's move c with zone Z_c, then
 * Breaker wins after every Maker move c' outside Z_c + {c}: the position
 * (M + c', B) is below (M + c + (F \ Z_c), B) and the lemma applies.  So at
 * a Maker node, a move outside the zone of a refuted sibling is refuted too
 * and leaves the search; the node's zone is the union over the refuted
 * children it used.  Each claim is checked by induction on the proof: the
 * checker (certcheck.c) recomputes the zones from the certificate by the
 * rules above and checks that every Maker move an 'R' node omits lies outside
 * the zone of one that it lists. */

/* out = the image of z under element el */
void sv_zone_map(const Game *g, uint32_t el, const uint64_t *z, uint64_t *out) {
  if (el == 0) {
    memcpy(out, z, sizeof(uint64_t[SW]));
    return;
  }
  uint64_t r[SW] = {0};
  const uint32_t *pm = g->G->perm[el];
  for (uint32_t w = 0; w < g->W; w++) {
    uint64_t x = z[w];
    while (x) {
      uint32_t c = w * 64 + (uint32_t)__builtin_ctzll(x);
      x &= x - 1;
      if (c < g->nc) put(r, pm[c]);
    }
  }
  memcpy(out, r, sizeof r);
}
/* the zone of a disproved child (in the parent's coordinates): te is the
 * entry of its canonical form, el the element that gave that form */
static void child_zone_el(const Unit *u, uint32_t el, const Entry *te, uint64_t *z) {
  uint64_t t[SW];
  sv_table_zone(&u->tt, te, t);
  sv_zone_map(u->g, u->g->G->inverse[el], t, z);
}
static void child_zone(const Unit *u, const Child *k, const Entry *te, uint64_t *z) { child_zone_el(u, k->el, te, z); }
/* the array for the children dropped as images at this depth (none deeper) */
static Dup *dups_at(Unit *u, uint32_t depth) { return depth < SV_SYM_STONES ? u->dup[depth] : NULL; }
/* store a disproved node: its zone z (position coordinates) mapped by el */
/* z = the zone (proved: the support) of the first child in order that is
 * disproved (proved), plus its move; {} if there is none */
static void first_decided_zone(Unit *u, const Child *kids, uint32_t n, bool proved, uint64_t *z) {
  memset(z, 0, sizeof(uint64_t[SW]));
  for (uint32_t i = 0; i < n; i++) {
    Entry *te = sv_table_find_h(&u->tt, &kids[i].key, kids[i].h);
    if (te && (proved ? te->pn : te->dn) == 0) {
      child_zone(u, &kids[i], te, z);
      put(z, kids[i].move);
      return;
    }
  }
}
static void store_disproved(Unit *u, const Pos *key, uint32_t el, const uint64_t *z) {
  uint64_t t[SW];
  sv_zone_map(u->g, el, z, t);
  sv_table_store(&u->tt, key, INF, 0, t);
}
/* store a proved node: Maker's support s (position coordinates) mapped by el */
static void store_proved(Unit *u, const Pos *key, uint32_t el, const uint64_t *s) {
  uint64_t t[SW];
  sv_zone_map(u->g, el, s, t);
  sv_table_store(&u->tt, key, 0, INF, t);
}

/* the table entries of the children (NULL: not in the table) */
static void fetch(Unit *u, const Child *kids, uint32_t n, Entry **ent) {
  for (uint32_t i = 0; i < n; i++) ent[i] = sv_table_find_h(&u->tt, &kids[i].key, kids[i].h);
}

/* Which children are still to be decided, and the zone or support the
 * decided ones give.  Maker to move (Breaker-win zones): children refuted
 * in the table, taken in index order; each one not yet excluded is USED: its
 * zone plus its move joins *z and (options.zones) every other child whose
 * move lies outside that is excluded, refuted by the same proof.  Breaker to
 * move (Maker's supports, the mirror image): proved children; a used one's
 * support joins *z (without Breaker's move) and (options.mustplay) every
 * child whose move lies outside it is excluded, proved by the same strategy
 * ("Maker's supports" below).  alive[i] = 0 for used and excluded children;
 * returns the children still alive.  ent: fetch().
 *
 * Symmetry.  The nd moves in dup were dropped by sv_children() as images
 * of kids[rep]: decided with it, but each by the image of its proof, whose
 * zone (support) is the image of rep's.  *z must cover them too: a node's
 * zone is a union over ALL its moves, each used or excluded, and one that
 * left out an image let an ancestor exclude a move that the image's proof
 * needs (qcube:4,2 without shared pairs: a claimed Maker win, which
 * certcheck.c rejected).  So after kids[i], each of its images still
 * neither used nor excluded is used in the same way, with its own element;
 * and an image left alive whose rep was excluded keeps rep alive: that
 * position is searched (then its images are used). */
typedef struct {
  Unit *u;
  bool maker, prune;
  const Child *kids;
  uint32_t n;
  uint8_t *alive, *dalive;
  const Dup *dup;
  uint32_t nd, left;
  uint64_t *z;
} Alive;
static void use_child(Alive *a, uint32_t move, uint32_t el, const Entry *te) {
  uint64_t c[SW];
  child_zone_el(a->u, el, te, c);
  if (a->maker) put(c, move);
  for (uint32_t w = 0; w < a->u->g->W; w++) a->z[w] |= c[w];
  if (!a->prune) return;
  for (uint32_t j = 0; j < a->n; j++)
    if (a->alive[j] && !tst(c, a->kids[j].move)) a->alive[j] = 0, a->left--;
  for (uint32_t d = 0; d < a->nd; d++)
    if (a->dalive[d] && !tst(c, a->dup[d].move)) a->dalive[d] = 0;
}
static uint32_t alive_children(Unit *u, bool maker, const Child *kids, Entry *const *ent, uint32_t n, uint8_t *alive,
                               uint64_t *z, const Dup *dup, uint32_t nd) {
  uint8_t dalive[MB_SOLVE_MAX_CELLS + 1];
  memset(z, 0, sizeof(uint64_t[SW]));
  memset(alive, 1, n);
  memset(dalive, 1, nd);
  Alive a = {u, maker, maker ? u->g->zones : u->g->mustplay, kids, n, alive, dalive, dup, nd, n, z};
  for (uint32_t i = 0; i < n; i++) {
    if (!ent[i] || (maker ? ent[i]->dn : ent[i]->pn) != 0) continue;
    if (alive[i]) alive[i] = 0, a.left--, use_child(&a, kids[i].move, kids[i].el, ent[i]);
    for (uint32_t d = 0; d < nd; d++)
      if (dup[d].rep == i && dalive[d]) dalive[d] = 0, use_child(&a, dup[d].move, dup[d].el, ent[i]);
  }
  for (uint32_t d = 0; d < nd; d++)
    if (dalive[d] && !alive[dup[d].rep]) alive[dup[d].rep] = 1, a.left++;
  return a.left;
}

/* ---- Maker's supports (must-play) -----------------------------------------------
 *
 * Lemma (swap).  Breaker to move at (M, B), F the free cells.  Suppose
 * Maker wins (M, B + b) by a strategy under which Maker only ever takes
 * cells of a set S, its SUPPORT (b is not in S: it is Breaker's).  Then
 * Maker wins (M, B + b') for every free b' outside S + {b}.  Proof: let t
 * swap b and b'.  In the real game Breaker owns b'; Maker plays the
 * strategy in an imagined game that starts at (M, B + b), answering each
 * real Breaker move x as if it were t(x).  Breaker's imagined cells are
 * always the images under t of its real ones (so each imagined move is
 * legal), and Maker's moves lie in S, which holds neither b nor b', so they
 * are free in both games and Maker's cells are the same in both.  The
 * strategy completes a set in the imagined game, hence in the real one.
 *
 * Supports of the search's proofs (a superset is always safe): a set all
 * Maker's: {}; Maker to move completes a set at t: {t}; a double threat
 * t1, t2: {t1, t2}; a threat sequence: Maker's moves and the free cells of
 * the sets each makes one short (sv_vcf()'s zone); a Maker node: the support
 * of its first proved child in order, plus the move; a Breaker node: the
 * union over the children it used (below), plus the forced cell if the
 * reply was forced, plus the pass zone if sv_evaluate() cut Breaker's moves to
 * it (a Breaker move outside it loses to that threat sequence, whose cells
 * are in the zone).  Pruning: at a Breaker node, once a child after reply b
 * is proved with support S_b, every reply outside S_b is proved too and
 * leaves the search.  The certificate writes such a node as "A": the
 * replies that need a subtree; certcheck.c recomputes the supports from the
 * tree and checks that every other reply lies outside a listed one's.
 *
 * The proof number of such a node counts each excluded reply as 1 (not 0)
 * while some reply is still open: the replies left inside every support
 * are Breaker's best defences, and counting the excluded ones as proved
 * made df-pn dive into nodes that only looked nearly proved (4^3 after
 * 1,1,1 / 4,4,4 / 4,1,1: 455,859 expansions without the pruning, over
 * 3,000,000 with excluded replies at 0, 89,107 with them at 1, 116,795 at 2).
 */

/* A direct-mapped cache of the evaluations of OPEN nodes: df-pn enters a
 * node again each time its thresholds grow, and the closures (the
 * Erdős–Selfridge sum, the pairings, the threat searches) found nothing the
 * first time; sv_evaluate() depends on the position alone, so its result is
 * reused.  The key is the whole position (no false hit). */
enum { EVC_BITS = 14, EVC_MIN_BITS = 6 };
typedef struct EvCache {
  Pos key;
  uint8_t used, cls, nmoves, maker; /* maker: the side to move */
  bool passz;
  uint32_t t1;
  uint64_t zone[SW];
  /* then uint16_t pn0[nc] (the children's first proof numbers, sv_children())
   * and uint8_t moves[nc]: a slot is u->evc_stride bytes (U3: slots sized
   * for 256 cells made the cache 14 MiB on every board) */
} EvSlot;
static inline uint16_t *slot_pn0(EvSlot *sl) { return (uint16_t *)(void *)(sl + 1); }
static inline uint8_t *slot_moves(EvSlot *sl, uint32_t nc) { return (uint8_t *)(slot_pn0(sl) + nc); }
static void eval_cached(Unit *u, Pos *p, bool maker, Eval *e) {
  uint64_t h = sv_pos_hash(p) ^ (maker ? 0x5bd1e995u : 0);
  EvSlot *sl = (EvSlot *)(void *)((char *)u->evc + (h & u->evc_mask) * u->evc_stride);
  uint16_t *pn0 = slot_pn0(sl);
  uint8_t *moves = slot_moves(sl, u->g->nc);
  if (sl->used && pos_eq(&sl->key, p) && sl->maker == maker) {
    e->cls = (Cls)sl->cls, e->t1 = sl->t1, e->nmoves = sl->nmoves, e->passz = sl->passz;
    if (e->passz) memcpy(e->zone, sl->zone, sizeof e->zone);
    for (uint32_t i = 0; i < e->nmoves; i++) e->moves[i] = moves[i];
    e->pn0 = pn0;
    u->evc_hits++;
    return;
  }
  sv_evaluate(u->g, p, maker, &u->sc, e, true);
  if ((e->cls == C_OPEN || e->cls == C_FORCED) && e->nmoves < 256) {
    for (uint32_t i = 0; i < e->nmoves; i++) pn0[i] = PN0_NONE;
    e->pn0 = pn0;
    sl->used = 1, sl->key = *p, sl->cls = (uint8_t)e->cls, sl->nmoves = (uint8_t)e->nmoves, sl->maker = maker;
    sl->t1 = e->t1, sl->passz = e->passz;
    if (e->passz) memcpy(sl->zone, e->zone, sizeof sl->zone);
    for (uint32_t i = 0; i < e->nmoves; i++) moves[i] = (uint8_t)e->moves[i];
  }
}

void sv_mid(Unit *u, Pos *p, bool maker, const Pos *key, uint32_t el, uint32_t thpn, uint32_t thdn,
                uint32_t depth) {
  u->nodes++;
  sv_tick(u);
  if (u->abort) return;
  Eval *e = &u->ev[depth];
  eval_cached(u, p, maker, e);
  switch (e->cls) {
  case C_MAKER_WON:
  case C_MAKER_NOW:
  case C_VCF:
  case C_DOUBLE: {
    uint64_t s[SW] = {0};
    if (e->cls == C_VCF) memcpy(s, e->zone, sizeof s);
    if (e->cls == C_MAKER_NOW || e->cls == C_DOUBLE) put(s, e->t1);
    if (e->cls == C_DOUBLE) put(s, e->t2);
    store_proved(u, key, el, s);
    return;
  }
  case C_DEAD:
  case C_ES:
  case C_LINE:
  case C_PAIR: store_disproved(u, key, el, e->zone); return;
  default: break;
  }
  if (e->nmoves == 0) { /* no live cell: nothing can be completed */
    uint64_t z[SW] = {0};
    store_disproved(u, key, el, z);
    return;
  }
  Child *kids = u->kids[depth];
  uint8_t *alive = u->alive[depth];
  Entry **ent = u->ent[depth];
  uint64_t gen;
  Dup *dup = dups_at(u, depth);
  uint32_t nd = 0;
  uint32_t n = sv_children(u, p, maker, e, kids, ent, &gen, dup, &nd);
  uint32_t pn = 1, dn = 1;
  uint64_t zone[SW] = {0};
  /* The children's entries are fetched once, then only the child just
   * searched again (a pointer stays valid until the table is rebuilt, and
   * reads the entry's current numbers); a child with no entry yet is looked
   * up again before it is searched, in case a transposition made one (a
   * lookup per child per iteration cost a quarter of the time on 4^3). */
  uint32_t last = UINT32_MAX;
  for (;;) {
    if (gen != u->tt.gen) fetch(u, kids, n, ent), gen = u->tt.gen;
    else if (last != UINT32_MAX) ent[last] = sv_table_find_h(&u->tt, &kids[last].key, kids[last].h);
    last = UINT32_MAX;
    alive_children(u, maker, kids, ent, n, alive, zone, dup, nd);
    uint32_t best = UINT32_MAX, b1 = INF + 1, b2 = INF + 1, sum = 0, bestother = 0;
    for (uint32_t i = 0; i < n; i++) {
      if (!alive[i]) continue;
      uint32_t cp, cd;
      Entry *te = ent[i];
      if (te) cp = te->pn, cd = te->dn;
      else cp = kids[i].pn0, cd = 1;
      /* OR (Maker to move): minimize pn, sum dn; AND: minimize dn, sum pn */
      uint32_t mine = maker ? cp : cd, other = maker ? cd : cp;
      sum = sat_add(sum, other);
      if (mine < b1) b2 = b1, b1 = mine, best = i, bestother = other;
      else if (mine < b2) b2 = mine;
    }
    if (b1 > INF) b1 = INF; /* every child decided or excluded: the mover has lost */
    if (b2 > INF) b2 = INF;
    if (!maker && b1 < INF) { /* each reply excluded by a support counts 1 (see "Maker's supports") */
      uint32_t ex = 0;
      for (uint32_t i = 0; i < n; i++) ex += !alive[i] && !(ent[i] && ent[i]->pn == 0);
      sum = sat_add(sum, ex);
    }
    if (maker) pn = b1, dn = sum;
    else dn = b1, pn = sum;
    if (depth == 0) u->root_pn = pn, u->root_dn = dn;
    if (pn >= thpn || dn >= thdn || pn == 0 || dn == 0) break;
    if (!ent[best] && (ent[best] = sv_table_find_h(&u->tt, &kids[best].key, kids[best].h))) continue;
    last = best;
    /* thresholds for the best child (1 + eps trick on the second best,
     * eps = 1/4; on 4^3 after 1,1,1 and 4,1,1 eps = 1 took 5.1 million
     * expansions where eps = 1/4 took 1.2 million; with Maker's supports,
     * all of 4^3: eps = 1/2 2.53 M, 1/4 2.30 M, 1/8 1.63 M expansions at
     * the same CPU time within 10%, and 7,7,5 108,448 at 1/4, 114,692 at
     * 1/8: kept at 1/4) */
    uint64_t second = (uint64_t)b2 + (b2 >> 2) + 1;
    uint32_t th_mine = (uint32_t)MIN((uint64_t)(maker ? thpn : thdn), second);
    uint32_t th_sum = maker ? thdn : thpn;
    uint64_t th_other64 = th_sum >= INF ? INF : (uint64_t)th_sum - sum + bestother;
    uint32_t th_other = (uint32_t)MIN(th_other64, (uint64_t)INF);
    uint32_t c = kids[best].move;
    Pos key2 = kids[best].key;
    uint32_t el2 = kids[best].el;
    apply(p, c, maker);
    if (maker) sv_mid(u, p, false, &key2, el2, th_mine, th_other, depth + 1);
    else sv_mid(u, p, true, &key2, el2, th_other, th_mine, depth + 1);
    undo(p, c, maker);
    if (u->abort) break;
  }
  if (dn == 0) {
    if (maker)
      for (uint32_t i = 0; i < n; i++) u->zone_cuts += !(ent[i] && ent[i]->dn == 0);
    if (!maker) first_decided_zone(u, kids, n, false, zone); /* the first refuting child gives the zone */
    store_disproved(u, key, el, zone);
  } else if (pn == 0) {
    if (maker) first_decided_zone(u, kids, n, true, zone); /* the first proving child gives the support */
    else { /* the union of the used children's (alive_children), the forced cell, the pass's threats */
      for (uint32_t i = 0; i < n; i++) u->must_cuts += !(ent[i] && ent[i]->pn == 0);
      if (e->cls == C_FORCED) put(zone, e->t1);
      if (e->passz)
        for (uint32_t w = 0; w < u->g->W; w++) zone[w] |= e->zone[w];
    }
    store_proved(u, key, el, zone);
  } else
    sv_table_store(&u->tt, key, pn, dn, NULL);
}

/* A unit's memory, all counted in the run's Budget (S->mem): its per-depth
 * arrays in one block, its evaluation cache (2^14 slots, fewer where that
 * would take more than a sixteenth of the unit's share; the root's: 2^6),
 * its scratch space with the cluster cache's cap (a sixteenth of the share,
 * only where shared pairs are searched), and its table, which may take
 * half of what the share leaves (S->table_bytes).  The blocks are mapped
 * zero pages: a unit that touches little costs little (U3). */
static size_t align16(size_t n) { return (n + 15) & ~(size_t)15; }
typedef struct {
  size_t o_kids, o_ent, o_alive, o_dup, block; /* the per-depth arrays' offsets and size */
  uint32_t stride, bits;                /* the evaluation cache */
  size_t clc;                           /* the cluster cache's cap */
} Sizes;
static Sizes unit_sizes(const Solver *S, bool root) {
  Sizes z;
  uint32_t depth = S->g.nc + 2, nc = S->g.nc;
  size_t per = (size_t)nc + 1;
  z.o_kids = align16(sizeof(Eval) * depth), z.o_ent = z.o_kids + align16(sizeof(Child) * per * depth);
  z.o_alive = z.o_ent + align16(sizeof(Entry *) * per * depth);
  z.o_dup = z.o_alive + align16(per * depth);
  z.block = z.o_dup + align16(sizeof(Dup) * per * SV_SYM_STONES);
  z.stride = (uint32_t)((sizeof(EvSlot) + 3 * nc + 7) & ~(size_t)7);
  z.bits = root ? EVC_MIN_BITS : EVC_BITS;
  while (z.bits > EVC_MIN_BITS && S->unit_share && ((size_t)z.stride << z.bits) > S->unit_share / 16) z.bits--;
  z.clc = S->g.shared && S->unit_share ? S->unit_share / 16 : 0;
  return z;
}
size_t sv_unit_bytes(const Solver *S, bool root) {
  Sizes z = unit_sizes(S, root);
  return z.block + ((size_t)z.stride << z.bits) + sv_scratch_bytes(&S->g) + z.clc;
}
bool sv_unit_init(Unit *u, Solver *S, uint32_t idx, bool root) {
  memset(u, 0, sizeof *u);
  u->S = S, u->g = &S->g, u->unit = idx;
  uint32_t depth = u->g->nc + 2, nc = u->g->nc;
  size_t per = (size_t)nc + 1;
  Sizes z = unit_sizes(S, root);
  u->block_bytes = z.block, u->evc_stride = z.stride;
  u->evc_mask = (1u << z.bits) - 1, u->evc_bytes = (size_t)z.stride << z.bits;
  u->block = sv_alloc_raw(&S->mem, u->block_bytes); /* (written before it is read) */
  if (u->block) u->evc = S->many_workers ? sv_alloc_mapped(&S->mem, u->evc_bytes) : sv_alloc(&S->mem, u->evc_bytes);
  if (!u->evc || !sv_scratch_init(&u->sc, u->g, &S->mem, z.clc)) {
    sv_free(&S->mem, u->evc, u->evc_bytes), sv_free(&S->mem, u->block, u->block_bytes);
    memset(u, 0, sizeof *u);
    atomic_fetch_or(&S->mem_hit, MB_MEM_TOTAL);
    return false;
  }
  char *blk = u->block;
  u->ev = (Eval *)(void *)blk;
  u->kids = g_new(Child *, depth);
  u->ent = g_new(Entry **, depth);
  u->alive = g_new(uint8_t *, depth);
  for (uint32_t d = 0; d < depth; d++) {
    u->kids[d] = (Child *)(void *)(blk + z.o_kids) + (size_t)d * per;
    u->ent[d] = (Entry **)(void *)(blk + z.o_ent) + (size_t)d * per;
    u->alive[d] = (uint8_t *)(blk + z.o_alive) + (size_t)d * per;
  }
  for (uint32_t d = 0; d < SV_SYM_STONES; d++) u->dup[d] = (Dup *)(void *)(blk + z.o_dup) + (size_t)d * per;
  sv_table_init(&u->tt, nc, S->table_bytes, &S->mem);
  u->limit = S->o->node_limit;
  return true;
}
void sv_unit_clear(Unit *u) {
  if (!u->block) return;
  g_free(u->kids), g_free(u->alive), g_free(u->ent);
  sv_free(&u->S->mem, u->evc, u->evc_bytes), sv_free(&u->S->mem, u->block, u->block_bytes);
  sv_scratch_clear(&u->sc);
  sv_table_clear(&u->tt);
  u->block = NULL;
}

enum { TRY0 = 1 << 19 };
static bool widen(Unit *u, Pos *p, const Pos *key, uint32_t el, uint32_t depth, MbOutcome *out);
/* Breaker to move at depth d inside a try of widen(): with
 * u->order_depth >= d + 1, Breaker's first reply in move order is searched
 * first, to the end (by widen() below it, Maker to move again), and then
 * df-pn goes over all of Breaker's replies (at once decided where that
 * first reply refuted Maker); else df-pn alone.  See sv_unit_solve(). */
static void reply_first(Unit *u, Pos *p, const Pos *key, uint32_t el, uint32_t d) {
  if (d + 1 > u->order_depth) {
    sv_mid(u, p, false, key, el, INF, INF, d);
    return;
  }
  Eval *e = &u->ev[d];
  sv_evaluate(u->g, p, false, &u->sc, e, true);
  if ((e->cls == C_OPEN || e->cls == C_FORCED) && e->nmoves > 0) {
    Child *kids = u->kids[d];
    uint32_t n = sv_children(u, p, false, e, kids, NULL, NULL, NULL, NULL), pn = 0, dn = 0;
    if (n > 0) sv_lookup(u, &kids[0].key, &pn, &dn);
    if (pn != 0 && dn != 0) {
      Child k = kids[0];
      MbOutcome w;
      apply(p, k.move, false);
      if (!widen(u, p, &k.key, k.el, d + 1, &w)) sv_mid(u, p, true, &k.key, k.el, INF, INF, d + 1);
      undo(p, k.move, false);
      if (u->abort) return;
    }
  }
  sv_mid(u, p, false, key, el, INF, INF, d);
}

/* Maker to move at a unit's root (depth 0), or below a reply searched
 * first (depth 2, see reply_first()): Maker's moves (one per class, in move
 * order) are tried one after another rather than by df-pn over all of
 * them, which on 4^3 spread its effort over dozens of moves of equal
 * promise (after 1,1,1 and 2,2,2 it was still open after 10^7 expansions;
 * the first move in order, tried alone, is a Maker win in 2.4 10^5).
 * Round r gives each of the first 2^r moves not yet decided up to
 * TRY0 4^r more expansions (the table keeps what a try found); the first
 * move proved for Maker ends the search, all moves proved for Breaker end
 * it too.  Deterministic (expansion counts, not time).  Returns false
 * where the root is decided at once (sv_mid() handles it). */
static bool widen(Unit *u, Pos *p, const Pos *key, uint32_t el, uint32_t depth, MbOutcome *out) {
  Eval *e = &u->ev[depth];
  sv_evaluate(u->g, p, true, &u->sc, e, true);
  if (e->cls != C_OPEN || e->nmoves == 0) return false;
  Child *kids = u->kids[depth];
  uint8_t *alive = u->alive[depth];
  Dup *dup = dups_at(u, depth);
  uint32_t nd = 0;
  uint32_t n = sv_children(u, p, true, e, kids, NULL, NULL, dup, &nd);
  uint64_t zone[SW];
  uint64_t outer = u->try_stop; /* the enclosing try's end (0: none) */
  for (uint64_t cap = TRY0, width = 1;; cap *= 4, width *= 2) {
    uint32_t tried = 0;
    Entry **ent = u->ent[depth];
    bool dirty = true;
    for (uint32_t i = 0; i < n; i++) {
      if (dirty) {
        fetch(u, kids, n, ent), alive_children(u, true, kids, ent, n, alive, zone, dup, nd), dirty = false;
        if (depth == 0) { /* the root's numbers for the progress line: OR over the children left */
          uint32_t pmin = INF, dsum = 0;
          for (uint32_t j = 0; j < n; j++)
            if (alive[j]) {
              uint32_t cp = ent[j] ? ent[j]->pn : kids[j].pn0, cd = ent[j] ? ent[j]->dn : 1;
              pmin = MIN(pmin, cp), dsum = sat_add(dsum, cd);
            }
          u->root_pn = pmin, u->root_dn = dsum;
        }
      }
      if (!alive[i]) continue;
      uint32_t pn, dn;
      sv_lookup(u, &kids[i].key, &pn, &dn);
      if (pn != 0 && tried < width) {
        tried++;
        u->try_stop = outer ? MIN(outer, u->nodes + cap) : u->nodes + cap;
        apply(p, kids[i].move, true);
        reply_first(u, p, &kids[i].key, kids[i].el, depth + 1);
        undo(p, kids[i].move, true);
        u->try_stop = outer;
        if (u->abort && (u->hard_stop || (outer && u->nodes > outer))) return *out = MB_UNKNOWN, true;
        u->abort = false;
        sv_lookup(u, &kids[i].key, &pn, &dn);
        dirty = true;
      }
      if (pn == 0) {
        if (depth == 0) sv_table_store(&u->tt, key, 0, INF, NULL);
        else {
          uint64_t s[SW];
          first_decided_zone(u, kids, n, true, s);
          store_proved(u, key, el, s);
        }
        return *out = MB_MAKER_WINS, true;
      }
    }
    fetch(u, kids, n, ent);
    if (alive_children(u, true, kids, ent, n, alive, zone, dup, nd) == 0) {
      store_disproved(u, key, el, zone);
      return *out = MB_BREAKER_WINS, true;
    }
  }
}

/* solve position p (its canonical key computed here) */
MbOutcome sv_unit_solve(Unit *u, Pos *p, bool maker) {
  Pos key;
  uint32_t el = sv_canon(u->g, p, &key);
  MbOutcome w;
  if (maker && u->g->threats) {
    /* Escalation.  A unit not decided within options.escalate expansions starts
     * again (its table kept) with Breaker's first reply searched first below
     * each of Maker's tries.  On mnk:8,8,5 after 1,1 / 4,4 the unit of the
     * opening 4,1 took 4,593,282 expansions by df-pn at Breaker's nodes and
     * 870,132 this way (1,515,636 escalated at 2^19); searched this way
     * from the start, the 33 other units of that line (37,261 to 317,956
     * expansions) took 0.26 to 16 times as many, 10,036,543 for the line
     * against 7,458,676, and escalation at 2^18 or 2^17 gave 4,715,123 or
     * 4,494,525 for the line against 4,381,030 at 2^19.  Deterministic: the
     * switch depends on the expansion count alone. */
    u->try_stop = u->g->escalate, u->order_depth = 0;
    bool done = widen(u, p, &key, el, 0, &w);
    u->try_stop = 0;
    if (done && w == MB_UNKNOWN && !u->hard_stop && u->g->escalate) {
      u->abort = false, u->order_depth = 2;
      done = widen(u, p, &key, el, 0, &w);
    }
    if (done) return w;
  }
  sv_mid(u, p, maker, &key, el, INF, INF, 0);
  uint32_t pn, dn;
  sv_lookup(u, &key, &pn, &dn);
  if (u->abort) {
    Entry *e = sv_table_find(&u->tt, &key);
    if (!e || (e->pn && e->dn)) return MB_UNKNOWN;
  }
  return pn == 0 ? MB_MAKER_WINS : dn == 0 ? MB_BREAKER_WINS : MB_UNKNOWN;
}
