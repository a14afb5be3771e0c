/* solver_cert.c — the certificate of a decided unit (solver.h's format),
 * written in preorder from the unit's table; node kinds and the zone and
 * support rules follow certcheck.c, which checks the result independently. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve/solver_int.h"

/* ---- counted text ---------------------------------------------------------------- */

void sv_buf_init(Buf *b, Budget *m) { memset(b, 0, sizeof *b), b->mem = m; }
static bool buf_room(Buf *b, size_t more) {
  if (b->failed) return false;
  if (b->len + more + 1 <= b->cap) return true;
  size_t cap = MAX(b->cap ? b->cap : 256, b->len + more + 1);
  while (cap < b->len + more + 1) cap *= 2;
  cap = MAX(cap, 2 * b->cap);
  char *s = NULL;
  if (sv_take(b->mem, cap - b->cap) && !(s = g_try_realloc(b->s, cap))) sv_give(b->mem, cap - b->cap);
  if (!s) {
    b->failed = true;
    return false;
  }
  b->s = s, b->cap = cap;
  return true;
}
void sv_buf_add(Buf *b, const char *x, size_t n) {
  if (!buf_room(b, n)) return;
  memcpy(b->s + b->len, x, n);
  b->len += n, b->s[b->len] = 0;
}
void sv_buf_puts(Buf *b, const char *x) { sv_buf_add(b, x, strlen(x)); }
void sv_buf_putc(Buf *b, char c) { sv_buf_add(b, &c, 1); }
void sv_buf_printf(Buf *b, const char *fmt, ...) {
  char small[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0) {
    b->failed = true;
    return;
  }
  if ((size_t)n < sizeof small) {
    sv_buf_add(b, small, (size_t)n);
    return;
  }
  if (!buf_room(b, (size_t)n)) return;
  va_start(ap, fmt);
  vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}
char *sv_buf_take(Buf *b, size_t *bytes) {
  char *s = NULL;
  *bytes = 0;
  if (!b->failed && buf_room(b, 0)) s = b->s, *bytes = b->cap, b->s = NULL;
  sv_buf_clear(b);
  return s;
}
void sv_text_free(Budget *m, char *s, size_t bytes) {
  if (s) g_free(s), sv_give(m, bytes);
}
void sv_buf_clear(Buf *b) {
  sv_text_free(b->mem, b->s, b->cap);
  b->s = NULL, b->len = b->cap = 0;
}

/* ---- certificates --------------------------------------------------------------- */

void sv_cert_init(Cert *c, Unit *u, Buf *out, GHashTable *perms, bool maker_wins) {
  memset(c, 0, sizeof *c);
  c->u = u, c->out = out, c->perms_used = perms, c->maker_wins = maker_wins;
}
static Budget *cert_mem(const Cert *c) { return &c->u->S->mem; }
void sv_cert_clear(Cert *c) {
  sv_free(cert_mem(c), c->wr, sizeof(Written) * c->capwr);
  sv_free(cert_mem(c), c->wix, sizeof(uint32_t) * c->capix);
  c->wr = NULL, c->wix = NULL, c->nwr = c->capwr = c->capix = 0;
}
/* the node written at canonical position k, or NULL */
static Written *written_find(const Cert *c, const Pos *k) {
  if (!c->capix) return NULL;
  for (uint32_t i = (uint32_t)sv_pos_hash(k) & (c->capix - 1);; i = (i + 1) & (c->capix - 1)) {
    uint32_t x = c->wix[i];
    if (!x) return NULL;
    if (pos_eq(&c->wr[x - 1].key, k)) return &c->wr[x - 1];
  }
}
/* a new node at k: its index in c->wr, or UINT32_MAX (c->failed) if the
 * memory bound refused the room */
static uint32_t written_add(Cert *c, const Pos *k) {
  if (c->nwr == c->capwr) {
    uint32_t cap = c->capwr ? 2 * c->capwr : 256;
    Written *w = sv_alloc(cert_mem(c), sizeof(Written) * cap);
    if (!w || cap > UINT32_MAX / 4) {
      sv_free(cert_mem(c), w, sizeof(Written) * cap);
      c->failed = c->refused = true;
      return UINT32_MAX;
    }
    if (c->nwr) memcpy(w, c->wr, sizeof(Written) * c->nwr);
    sv_free(cert_mem(c), c->wr, sizeof(Written) * c->capwr);
    c->wr = w, c->capwr = cap;
  }
  if (2 * (c->nwr + 1) > c->capix) {
    uint32_t cap = c->capix ? 2 * c->capix : 512;
    uint32_t *ix = sv_alloc(cert_mem(c), sizeof(uint32_t) * cap);
    if (!ix) {
      c->failed = c->refused = true;
      return UINT32_MAX;
    }
    for (uint32_t j = 0; j < c->nwr; j++) {
      uint32_t i = (uint32_t)sv_pos_hash(&c->wr[j].key) & (cap - 1);
      while (ix[i]) i = (i + 1) & (cap - 1);
      ix[i] = j + 1;
    }
    sv_free(cert_mem(c), c->wix, sizeof(uint32_t) * c->capix);
    c->wix = ix, c->capix = cap;
  }
  uint32_t i = (uint32_t)sv_pos_hash(k) & (c->capix - 1);
  while (c->wix[i]) i = (i + 1) & (c->capix - 1);
  c->wix[i] = c->nwr + 1;
  memset(&c->wr[c->nwr], 0, sizeof(Written));
  c->wr[c->nwr].key = *k;
  return c->nwr++;
}

static void cell_out(Cert *c, uint32_t cell) {
  sv_buf_putc(c->out, ' ');
  sv_buf_puts(c->out, c->u->g->names[cell]);
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
  sv_buf_putc(c->out, ' ');
  while (n) sv_buf_putc(c->out, buf[--n]);
  if (K) sv_buf_printf(c->out, "/%llu", 1ULL << K); /* K <= 63 where ES is written */
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
    sv_buf_putc(c->out, 'T');
    for (uint32_t i = 0; i < k; i++) cell_out(c, seq[i]);
    sv_buf_putc(c->out, '\n');
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
  if (!(c->maker_wins ? pn == 0 : dn == 0) && !written_find(c, &k)) {
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
  if (c->failed || c->out->failed) {
    c->refused |= c->out->failed;
    c->failed = true;
    return;
  }
  Unit *u = c->u;
  const Game *g = u->g;
  Pos key;
  uint32_t el = sv_canon(g, p, &key);
  Written *w = written_find(c, &key);
  if (w) {
    uint32_t s = sv_link_perm(g, w->el, el);
    if (s) g_hash_table_add(c->perms_used, GUINT_TO_POINTER(s));
    sv_buf_printf(c->out, "S %" G_GUINT64_FORMAT " %u\n", c->next - w->id, s);
    c->next++;
    sv_zone_map(g, g->G->inverse[el], w->zone, zone);
    return;
  }
  /* its entry, by index: the array moves as it grows */
  uint32_t wi = written_add(c, &key);
  if (wi == UINT32_MAX) return;
  c->wr[wi].id = c->next++, c->wr[wi].el = el;
#define WZONE (c->wr[wi].zone)
  Eval *e = &u->ev[depth];
  sv_evaluate(g, p, maker, &u->sc, e, false);
  switch (e->cls) {
  case C_MAKER_WON: sv_buf_puts(c->out, "W\n"); return;
  case C_MAKER_NOW:
  case C_VCF:
    if (!emit_threats(c, p, depth, zone)) {
      uint32_t t1 = e->t1;
      sv_buf_putc(c->out, 'm'), cell_out(c, t1), sv_buf_putc(c->out, '\n');
      emit_child(c, p, maker, t1, depth, zone, true);
    }
    if (!c->failed) sv_zone_map(g, el, zone, WZONE);
    return;
  case C_DOUBLE: {
    uint32_t t1 = e->t1;
    sv_buf_putc(c->out, 'F'), cell_out(c, t1), sv_buf_putc(c->out, '\n');
    emit_child(c, p, maker, t1, depth, zone, true);
    if (!c->failed) sv_zone_map(g, el, zone, WZONE);
    return;
  }
  case C_DEAD: sv_buf_puts(c->out, "D\n"); return;
  case C_ES:
    sv_buf_putc(c->out, 'E');
    es_out(c, e->es, g->K);
    sv_buf_putc(c->out, '\n');
    sv_zone_map(g, el, e->zone, WZONE);
    memcpy(zone, e->zone, sizeof e->zone);
    return;
  case C_LINE:
    sv_buf_putc(c->out, 'L');
    es_out(c, e->es, g->K + 1);
    sv_buf_putc(c->out, '\n');
    sv_zone_map(g, el, e->zone, WZONE);
    memcpy(zone, e->zone, sizeof e->zone);
    return;
  case C_PAIR:
    sv_buf_putc(c->out, 'P');
    for (uint32_t i = 0; i < 2 * e->npair; i++) cell_out(c, e->pairs[i]);
    sv_buf_putc(c->out, '\n');
    sv_zone_map(g, el, e->zone, WZONE);
    memcpy(zone, e->zone, sizeof e->zone);
    return;
  default: break;
  }
  if (e->nmoves == 0) { /* no live cell, yet a surviving set: cannot happen */
    sv_buf_puts(c->out, "D\n");
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
    sv_buf_putc(c->out, maker ? 'm' : 'b');
    cell_out(c, pick);
    sv_buf_putc(c->out, '\n');
    emit_child(c, p, maker, pick, depth, zone, true);
  } else if (nm == 1 || forced || (c->maker_wins ? !g->mustplay : !g->zones)) {
    sv_buf_putc(c->out, forced ? 'F' : maker ? 'M' : 'B');
    for (uint32_t i = 0; i < nm; i++) cell_out(c, moves[i]);
    sv_buf_putc(c->out, '\n');
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
    Buf *save = c->out, kids;
    sv_buf_init(&kids, save->mem);
    c->out = &kids;
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
    c->out = save;
    sv_buf_putc(c->out, nl == nm ? (maker ? 'M' : 'B') : (maker ? 'R' : 'A'));
    for (uint32_t i = 0; i < nl; i++) cell_out(c, list[i]);
    sv_buf_putc(c->out, '\n');
    if (kids.failed) c->failed = c->refused = true;
    else if (kids.len) sv_buf_add(c->out, kids.s, kids.len);
    sv_buf_clear(&kids);
    g_free(list);
  }
  if (!c->failed) sv_zone_map(g, el, zone, WZONE);
#undef WZONE
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
uint64_t sv_append_all(const Game *g, const MbBoard *b, Buf *cert, GHashTable *perms, const char *kind,
                       const uint32_t *moves, uint32_t nm, const uint32_t *unit_of, const uint32_t *el_of,
                       uint32_t ncls, char *const *ccert, const uint64_t *cproof, GHashTable *const *cperms) {
  (void)b;
  sv_buf_puts(cert, kind);
  for (uint32_t i = 0; i < nm; i++) sv_buf_putc(cert, ' '), sv_buf_puts(cert, g->names[moves[i]]);
  sv_buf_putc(cert, '\n');
  uint64_t next = 1;
  uint64_t *first_id = g_new(uint64_t, ncls);
  uint32_t *first_move = g_new(uint32_t, ncls);
  for (uint32_t j = 0; j < ncls; j++) first_id[j] = UINT64_MAX;
  for (uint32_t i = 0; i < nm; i++) {
    uint32_t j = unit_of[i];
    if (first_id[j] == UINT64_MAX) {
      first_id[j] = next, first_move[j] = i;
      if (ccert[j]) sv_buf_puts(cert, ccert[j]);
      else cert->failed = true;
      next += cproof[j];
      sv_merge_perms(perms, cperms[j]);
    } else {
      uint32_t s = sv_link_perm(g, el_of[first_move[j]], el_of[i]);
      if (s) g_hash_table_add(perms, GUINT_TO_POINTER(s));
      sv_buf_printf(cert, "S %" G_GUINT64_FORMAT " %u\n", next - first_id[j], s);
      next++;
    }
  }
  g_free(first_id), g_free(first_move);
  return next;
}

/* the certificate: its header (board, position `moves` with `maker` to
 * move, the winner, the cells, the perm lines of the elements in perms)
 * around the `proof` node lines of `tree` */
char *sv_cert_text(Budget *m, size_t *bytes, const Game *g, const MbBoard *b, const char *moves, bool maker,
                   MbOutcome winner, GHashTable *perms, uint64_t proof, const char *tree) {
  Buf t;
  sv_buf_init(&t, m);
  sv_buf_puts(&t, "makerbreaker strategy 1\n");
  sv_buf_printf(&t, "board %s\nsize %u %u\nmoves ", b->name, g->nc, g->ns);
  sv_buf_puts(&t, moves);
  sv_buf_printf(&t, "\ntomove %s\nwinner %s\ncells", maker ? "maker" : "breaker",
                winner == MB_MAKER_WINS ? "maker" : "breaker");
  for (uint32_t c = 0; c < g->nc; c++) sv_buf_putc(&t, ' '), sv_buf_puts(&t, g->names[c]);
  sv_buf_putc(&t, '\n');
  for (uint32_t el = 1; el < g->G->nelem; el++) { /* nelem: also the root's orbit links */
    if (!g_hash_table_contains(perms, GUINT_TO_POINTER(el))) continue;
    sv_buf_printf(&t, "perm %u", el);
    for (uint32_t c = 0; c < g->nc; c++) sv_buf_putc(&t, ' '), sv_buf_puts(&t, g->names[g->G->perm[el][c]]);
    sv_buf_putc(&t, '\n');
  }
  sv_buf_printf(&t, "nodes %" G_GUINT64_FORMAT "\n", proof);
  sv_buf_puts(&t, tree);
  sv_buf_puts(&t, "end\n");
  return sv_buf_take(&t, bytes);
}
