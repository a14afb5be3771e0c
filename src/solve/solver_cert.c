/* solver_cert.c — the certificate of a decided unit (solver.h's format),
 * written in preorder from the unit's table; node kinds and the zone and
 * support rules follow certcheck.c, which checks the result independently. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "solve/solver_int.h"

/* ---- certificates --------------------------------------------------------------- */

guint sv_written_hash(gconstpointer p) { return (guint)sv_pos_hash(p); }
gboolean sv_written_equal(gconstpointer a, gconstpointer b) { return pos_cmp(a, b) == 0; }

static void cell_out(Cert *c, uint32_t cell) {
  g_autofree char *n = bs_cell_name(c->u->g->board, cell);
  g_string_append_c(c->out, ' ');
  g_string_append(c->out, n);
}

/* sigma = g_cur^-1 . g_old maps the old node's position onto the current one */
uint32_t sv_link_perm(const Game *g, uint32_t el_old, uint32_t el_cur) {
  if (el_old == el_cur) return 0;
  const uint32_t *inv = g->G->perm[g->G->inverse[el_cur]], *old = g->G->perm[el_old];
  uint32_t *s = g_new(uint32_t, g->nc);
  for (uint32_t x = 0; x < g->nc; x++) s[x] = inv[old[x]];
  int64_t r = mb_group_find(g->G, s);
  g_free(s);
  g_assert(r >= 0);
  return (uint32_t)r;
}

void sv_emit(Cert *c, Pos *p, bool maker, uint32_t depth, uint64_t *zone);

static void es_out(Cert *c, unsigned __int128 v, uint32_t K) {
  while (K > 0 && (v & 1) == 0) v >>= 1, K--;
  char buf[64];
  int n = 0;
  unsigned __int128 x = v;
  do buf[n++] = (char)('0' + (int)(x % 10)), x /= 10;
  while (x);
  g_string_append(c->out, " ");
  while (n) g_string_append_c(c->out, buf[--n]);
  if (K) g_string_append_printf(c->out, "/%llu", 1ULL << K); /* K <= 63 where ES is written */
}

/* the child after `cell`; *zone (if not NULL) gets its zone (Breaker-win
 * tree) or support (Maker-win tree), plus the cell if with_cell (every move
 * in a Breaker-win tree; in a Maker-win tree Maker's moves and Breaker's
 * forced replies, not Breaker's free choices: certcheck.c's rules) */
static void emit_child(Cert *c, Pos *p, bool maker, uint32_t cell, uint32_t depth, uint64_t *zone, bool with_cell) {
  uint64_t z[SW] = {0};
  apply(p, cell, maker);
  sv_emit(c, p, !maker, depth + 1, z);
  undo(p, cell, maker);
  if (with_cell) put(z, cell);
  if (zone)
    for (int w = 0; w < SW; w++) zone[w] |= z[w];
}

/* Maker to move wins by threats from p: one leaf "T C1 .. Ck", Maker's
 * moves in order; after each but the last Breaker's reply is forced (the
 * only free cell of the one surviving set that is one short), and the last
 * completes a set or leaves two one-short sets with different free cells.
 * False (nothing written) if the sequence cannot be followed. */
static bool emit_threats(Cert *c, const Pos *p, uint32_t depth, uint64_t *supp) {
  const Game *g = c->u->g;
  Scratch *sc = &c->u->sc;
  Eval *e = &c->u->ev[depth + 1]; /* free: the caller's node is a leaf or reads only its own slot */
  Pos q = *p;
  uint32_t seq[MB_SOLVE_MAX_CELLS], k = 0;
  sv_evaluate(g, &q, true, sc, e, false);
  if (e->cls == C_MAKER_NOW) seq[k++] = e->t1;
  else if (e->cls == C_VCF)
    while (k < sc->pathlen) seq[k] = sc->path[sc->pathlen - 1 - k], k++;
  /* replay it: each reply forced, the last move a win */
  bool ok = k > 0 && seq[0] == e->t1;
  uint64_t z[SW] = {0};
  for (uint32_t i = 0; i < k && ok; i++) {
    if (tst(q.m, seq[i]) || tst(q.b, seq[i])) ok = false;
    put(q.m, seq[i]);
    /* the support: Maker's moves and the free cell of every set one short after each */
    put(z, seq[i]);
    for (uint32_t s = 0; s < g->ns; s++) {
      bool dead = false;
      uint32_t cnt = 0;
      for (uint32_t w = 0; w < g->W; w++)
        dead |= (g->set[s][w] & q.b[w]) != 0, cnt += (uint32_t)__builtin_popcountll(g->set[s][w] & ~q.m[w]);
      if (!dead && cnt == 1)
        for (uint32_t w = 0; w < g->W; w++) z[w] |= g->set[s][w] & ~q.m[w];
    }
    sv_evaluate(g, &q, false, sc, e, false);
    if (i + 1 == k) ok &= e->cls == C_DOUBLE || e->cls == C_MAKER_WON;
    else if (e->cls != C_FORCED) ok = false;
    else put(q.b, e->t1);
  }
  if (ok) {
    g_string_append(c->out, "T");
    for (uint32_t i = 0; i < k; i++) cell_out(c, seq[i]);
    g_string_append_c(c->out, '\n');
    memcpy(supp, z, sizeof z);
  }
  return ok;
}

/* make sure the position after `cell` is decided in the table (it is,
 * unless the search skipped it: then it is proved again, with no budget) */
static void ensure_proved(Cert *c, Pos *p, bool maker, uint32_t cell, uint32_t depth) {
  Unit *u = c->u;
  apply(p, cell, maker);
  Pos k;
  uint32_t el = sv_canon(u->g, p, &k);
  uint32_t pn, dn;
  sv_lookup(u, &k, &pn, &dn);
  if (!(c->maker_wins ? pn == 0 : dn == 0) && !g_hash_table_contains(c->written, &k)) {
    uint64_t save = u->limit;
    u->limit = 0, u->abort = false;
    sv_mid(u, p, !maker, &k, el, INF, INF, depth + 1);
    u->limit = save;
  }
  undo(p, cell, maker);
}

/* whether the position after `cell` is proved for the tree's winner in the table */
static bool child_won(Cert *c, Pos *p, bool maker, uint32_t cell) {
  apply(p, cell, maker);
  Pos k;
  sv_canon(c->u->g, p, &k);
  undo(p, cell, maker);
  uint32_t pn, dn;
  sv_lookup(c->u, &k, &pn, &dn);
  return c->maker_wins ? pn == 0 : dn == 0;
}

/* Write the subtree of p (preorder) and put its zone (position
 * coordinates; the rules of the zone comment above, as certcheck.c
 * recomputes them) into *zone. */
void sv_emit(Cert *c, Pos *p, bool maker, uint32_t depth, uint64_t *zone) {
  memset(zone, 0, sizeof(uint64_t[SW]));
  if (c->failed) return;
  Unit *u = c->u;
  const Game *g = u->g;
  Pos key;
  uint32_t el = sv_canon(g, p, &key);
  Written *w = g_hash_table_lookup(c->written, &key);
  if (w) {
    uint32_t s = sv_link_perm(g, w->el, el);
    if (s) g_hash_table_add(c->perms_used, GUINT_TO_POINTER(s));
    g_string_append_printf(c->out, "S %" G_GUINT64_FORMAT " %u\n", c->next - w->id, s);
    c->next++;
    sv_zone_map(g, g->G->inverse[el], w->zone, zone);
    return;
  }
  w = g_new0(Written, 1);
  w->key = key, w->id = c->next++, w->el = el;
  g_hash_table_insert(c->written, &w->key, w);
  Eval *e = &u->ev[depth];
  sv_evaluate(g, p, maker, &u->sc, e, false);
  switch (e->cls) {
  case C_MAKER_WON: g_string_append(c->out, "W\n"); return;
  case C_MAKER_NOW:
  case C_VCF:
    if (!emit_threats(c, p, depth, zone)) {
      uint32_t t1 = e->t1;
      g_string_append(c->out, "m"), cell_out(c, t1), g_string_append_c(c->out, '\n');
      emit_child(c, p, maker, t1, depth, zone, true);
    }
    sv_zone_map(g, el, zone, w->zone);
    return;
  case C_DOUBLE: {
    uint32_t t1 = e->t1;
    g_string_append(c->out, "F"), cell_out(c, t1), g_string_append_c(c->out, '\n');
    emit_child(c, p, maker, t1, depth, zone, true);
    sv_zone_map(g, el, zone, w->zone);
    return;
  }
  case C_DEAD: g_string_append(c->out, "D\n"); return;
  case C_ES:
    g_string_append(c->out, "E");
    es_out(c, e->es, g->K);
    g_string_append_c(c->out, '\n');
    sv_zone_map(g, el, e->zone, w->zone);
    memcpy(zone, e->zone, sizeof e->zone);
    return;
  case C_PAIR:
    g_string_append(c->out, "P");
    for (uint32_t i = 0; i < 2 * e->npair; i++) cell_out(c, e->pairs[i]);
    g_string_append_c(c->out, '\n');
    sv_zone_map(g, el, e->zone, w->zone);
    memcpy(zone, e->zone, sizeof e->zone);
    return;
  default: break;
  }
  if (e->nmoves == 0) { /* no live cell, yet a surviving set: cannot happen */
    g_string_append(c->out, "D\n");
    return;
  }
  /* copy the moves: the Eval slot is reused below */
  uint32_t nm = e->nmoves;
  uint32_t *moves = g_memdup2(e->moves, nm * sizeof(uint32_t));
  bool forced = e->cls == C_FORCED;
  bool mine = maker == c->maker_wins; /* the winner chooses here */
  if (mine) {
    /* the first child (in move order) proved for the winner */
    uint32_t pick = UINT32_MAX;
    for (int pass = 0; pass < 2 && pick == UINT32_MAX; pass++)
      for (uint32_t i = 0; i < nm && pick == UINT32_MAX; i++) {
        if (pass == 1) ensure_proved(c, p, maker, moves[i], depth); /* not in the table: prove them again */
        if (child_won(c, p, maker, moves[i])) pick = moves[i];
      }
    if (pick == UINT32_MAX) {
      c->failed = true;
      g_free(moves);
      return;
    }
    g_string_append(c->out, maker ? "m" : "b");
    cell_out(c, pick);
    g_string_append_c(c->out, '\n');
    emit_child(c, p, maker, pick, depth, zone, true);
  } else if (nm == 1 || forced || (c->maker_wins ? !g->mustplay : !g->zones)) {
    g_string_append(c->out, forced ? "F" : maker ? "M" : "B");
    for (uint32_t i = 0; i < nm; i++) cell_out(c, moves[i]);
    g_string_append_c(c->out, '\n');
    for (uint32_t i = 0; i < nm; i++) {
      ensure_proved(c, p, maker, moves[i], depth);
      emit_child(c, p, maker, moves[i], depth, zone, !c->maker_wins || forced);
    }
  } else {
    /* Maker to move, Breaker wins: "R C1 .. Ck", the refuted moves that
     * need a subtree; every other move lies outside the zone of one of
     * them.  Children refuted in the table come first (in move order), as
     * the search used them; a move still uncovered is then proved.
     * Breaker to move, Maker wins: "A C1 .. Ck" the same way, with
     * Maker's supports for zones (a Breaker move is not in its child's
     * support). */
    uint64_t covered[SW] = {0};
    uint32_t *list = g_new(uint32_t, nm), nl = 0;
    GString *save = c->out;
    c->out = g_string_new(NULL);
    /* this node's id is already taken, so the children's ids are right */
    for (int pass = 0; pass < 2 && !c->failed; pass++)
      for (uint32_t i = 0; i < nm && !c->failed; i++) {
        if (tst(covered, moves[i])) continue;
        if (pass == 0) {
          if (!child_won(c, p, maker, moves[i])) continue; /* decided for the tree's winner in the table */
        } else
          ensure_proved(c, p, maker, moves[i], depth);
        uint64_t z[SW] = {0};
        emit_child(c, p, maker, moves[i], depth, z, !c->maker_wins);
        list[nl++] = moves[i];
        put(covered, moves[i]);
        for (uint32_t j = 0; j < nm; j++)
          if (!tst(z, moves[j])) put(covered, moves[j]);
        for (int x = 0; x < SW; x++) zone[x] |= z[x];
      }
    GString *kids = c->out;
    c->out = save;
    g_string_append(c->out, nl == nm ? (maker ? "M" : "B") : (maker ? "R" : "A"));
    for (uint32_t i = 0; i < nl; i++) cell_out(c, list[i]);
    g_string_append_c(c->out, '\n');
    g_string_append_len(c->out, kids->str, (gssize)kids->len);
    g_string_free(kids, TRUE);
    g_free(list);
  }
  sv_zone_map(g, el, zone, w->zone);
  g_free(moves);
}

/* ---- the assembled certificate of a run ------------------------------------------- */

void sv_merge_perms(GHashTable *into, GHashTable *from) {
  if (!from) return;
  GHashTableIter it;
  gpointer k;
  g_hash_table_iter_init(&it, from);
  while (g_hash_table_iter_next(&it, &k, NULL)) g_hash_table_add(into, k);
}

/* "KIND C..": every move, then each class's subtree at its first move and
 * a symmetry link at the others; returns the node lines written */
uint64_t sv_append_all(const Game *g, const MbBoard *b, GString *cert, GHashTable *perms, const char *kind,
                           const uint32_t *moves, uint32_t nm, const uint32_t *unit_of, const uint32_t *el_of,
                           uint32_t ncls, char *const *ccert, const uint64_t *cproof, GHashTable *const *cperms) {
  g_string_append(cert, kind);
  for (uint32_t i = 0; i < nm; i++) {
    g_autofree char *c = bs_cell_name(b, moves[i]);
    g_string_append_printf(cert, " %s", c);
  }
  g_string_append_c(cert, '\n');
  uint64_t next = 1;
  uint64_t *first_id = g_new(uint64_t, ncls);
  uint32_t *first_move = g_new(uint32_t, ncls);
  for (uint32_t j = 0; j < ncls; j++) first_id[j] = UINT64_MAX;
  for (uint32_t i = 0; i < nm; i++) {
    uint32_t j = unit_of[i];
    if (first_id[j] == UINT64_MAX) {
      first_id[j] = next, first_move[j] = i;
      g_string_append(cert, ccert[j]);
      next += cproof[j];
      sv_merge_perms(perms, cperms[j]);
    } else {
      uint32_t s = sv_link_perm(g, el_of[first_move[j]], el_of[i]);
      if (s) g_hash_table_add(perms, GUINT_TO_POINTER(s));
      g_string_append_printf(cert, "S %" G_GUINT64_FORMAT " %u\n", next - first_id[j], s);
      next++;
    }
  }
  g_free(first_id), g_free(first_move);
  return next;
}

/* the certificate: its header (board, position `moves` with `maker` to
 * move, the winner, the cells, the perm lines of the elements in perms)
 * around the `proof` node lines of `tree` */
char *sv_cert_text(const Game *g, const MbBoard *b, const char *moves, bool maker, MbOutcome winner,
                       GHashTable *perms, uint64_t proof, const char *tree) {
  GString *t = g_string_new("makerbreaker strategy 1\n");
  g_string_append_printf(t, "board %s\nsize %u %u\nmoves %s\ntomove %s\nwinner %s\ncells", b->name, g->nc, g->ns, moves,
                         maker ? "maker" : "breaker", winner == MB_MAKER_WINS ? "maker" : "breaker");
  for (uint32_t c = 0; c < g->nc; c++) {
    g_autofree char *nm = bs_cell_name(b, c);
    g_string_append_printf(t, " %s", nm);
  }
  g_string_append_c(t, '\n');
  for (uint32_t el = 1; el < g->G->nelem; el++) { /* nelem: also the root's orbit links */
    if (!g_hash_table_contains(perms, GUINT_TO_POINTER(el))) continue;
    g_string_append_printf(t, "perm %u", el);
    for (uint32_t c = 0; c < g->nc; c++) {
      g_autofree char *nm = bs_cell_name(b, g->G->perm[el][c]);
      g_string_append_printf(t, " %s", nm);
    }
    g_string_append_c(t, '\n');
  }
  g_string_append_printf(t, "nodes %" G_GUINT64_FORMAT "\n%send\n", proof, tree);
  return g_string_free(t, FALSE);
}
