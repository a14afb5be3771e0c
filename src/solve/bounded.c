/* bounded.c — the bounded Maker–Breaker game (see bounded.h).
 *
 * Why the rules are exact (n = Maker's moves left, counting her next one;
 * "relevant" as in bounded.h):
 *   R1, R2, R4 are immediate: a set missing one cell is completed by Maker's
 *   next move; a set missing more than n cells, or holding a Breaker cell,
 *   can never be completed in time (a Maker move lowers both "missing" and
 *   n by at most one and by exactly one, so missing - n never decreases);
 *   and if Breaker leaves a one-short set alone Maker completes it next.
 * Lemma (irrelevant cells).  Let x be a free cell on no relevant set, y any
 *   other free cell.  For the player to move, taking y is at least as good
 *   as taking x.  Proof: sets through x stay irrelevant for the rest of the
 *   game (missing - n never decreases), so whoever owns x never matters.
 *   The mover who took y plays the strategy for "took x" on an imagined
 *   board where x and y are exchanged: when that strategy names y (free in
 *   the imagination) the mover takes x instead, and an opponent's move on x
 *   is answered as if it were on y.  Both boards then differ only by the
 *   owners of x and y; Maker's cells on relevant sets are the same or (the
 *   mover being Maker, with y) more, Breaker's likewise; the number of
 *   moves played and of free cells agree at every turn.  So the outcome for
 *   the mover with y is at least as good.  Hence both sides may be limited
 *   to relevant cells (R3); with no relevant cell R2 applies.
 * The search is plain AND/OR depth-first search with these rules, a table
 * of decided positions, and moves ordered by the weight
 *   sum over relevant sets S through c of 4^(8 - min(missing(S), 8)).
 */
#include "solve/bounded.h"

#include <string.h>

#include "plumbing/errors.h"

enum { W = 4 }; /* words per bitset: 256 cells */
typedef struct {
  uint64_t w[W];
} Bits;

static inline void bput(Bits *b, uint32_t c) { b->w[c >> 6] |= UINT64_C(1) << (c & 63); }
static inline void bdel(Bits *b, uint32_t c) { b->w[c >> 6] &= ~(UINT64_C(1) << (c & 63)); }
static inline bool bhas(const Bits *b, uint32_t c) { return (b->w[c >> 6] >> (c & 63)) & 1; }
static inline uint32_t bcount(const Bits *b) {
  uint32_t n = 0;
  for (int i = 0; i < W; i++) n += (uint32_t)__builtin_popcountll(b->w[i]);
  return n;
}
static inline bool bempty(const Bits *b) { return !(b->w[0] | b->w[1] | b->w[2] | b->w[3]); }
static inline uint32_t bfirst(const Bits *b) {
  for (int i = 0; i < W; i++)
    if (b->w[i]) return (uint32_t)(i * 64 + __builtin_ctzll(b->w[i]));
  return UINT32_MAX;
}

/* ---- the table: positions (Maker's, Breaker's stones) -> value ---------- */
typedef struct {
  Bits m, b;
  uint8_t v; /* 0 empty, 1 Maker wins, 2 Breaker holds (or 3: written, for the certificate) */
} Entry;
typedef struct {
  Entry *e;
  uint64_t cap, used, max;
  bool full;
} Tab;

static uint64_t hash2(const Bits *m, const Bits *b) {
  uint64_t h = 0x9E3779B97F4A7C15u;
  for (int i = 0; i < W; i++) {
    h = (h ^ m->w[i]) * 0xBF58476D1CE4E5B9u;
    h ^= h >> 29;
    h = (h ^ b->w[i]) * 0x94D049BB133111EBu;
    h ^= h >> 31;
  }
  return h;
}
static void tab_init(Tab *t, uint64_t bytes) {
  t->max = bytes / sizeof(Entry);
  if (t->max < 1024) t->max = 1024;
  t->cap = 1u << 12;
  t->e = g_new0(Entry, t->cap);
  t->used = 0;
  t->full = false;
}
static Entry *tab_slot(const Tab *t, const Bits *m, const Bits *b) {
  uint64_t i = hash2(m, b) & (t->cap - 1);
  for (;; i = (i + 1) & (t->cap - 1)) {
    Entry *x = &t->e[i];
    if (!x->v || (memcmp(&x->m, m, sizeof *m) == 0 && memcmp(&x->b, b, sizeof *b) == 0)) return x;
  }
}
static uint8_t tab_get(const Tab *t, const Bits *m, const Bits *b) { return tab_slot(t, m, b)->v; }
static void tab_put(Tab *t, const Bits *m, const Bits *b, uint8_t v) {
  if ((t->used + 1) * 10 > t->cap * 7) { /* grow, while the bound allows */
    if (t->cap * 2 > t->max) {
      t->full = true;
      Entry *x = tab_slot(t, m, b);
      if (x->v) x->v = v;
      return;
    }
    Entry *old = t->e;
    uint64_t oc = t->cap;
    t->cap *= 2;
    t->e = g_new0(Entry, t->cap);
    for (uint64_t i = 0; i < oc; i++)
      if (old[i].v) *tab_slot(t, &old[i].m, &old[i].b) = old[i];
    g_free(old);
  }
  Entry *x = tab_slot(t, m, b);
  if (!x->v) t->used++;
  x->m = *m, x->b = *b, x->v = v;
}

/* ---- the search -------------------------------------------------------- */
enum { WIN = 1, HOLD = 2, ABORT = -1 };

typedef struct {
  const MbBoard *board;
  uint32_t nc, ns;
  Bits *set;
  Tab tab;
  uint64_t nodes, limit;
  gint64 deadline; /* monotonic microseconds, 0: none */
  volatile sig_atomic_t *stop;
  bool aborted;
} Bd;

typedef struct {
  Bits rel, one;
  bool done;
} Scan;

static void scan(const Bd *d, const Bits *M, const Bits *B, uint32_t n, Scan *s, uint32_t *score) {
  memset(s, 0, sizeof *s);
  if (score) memset(score, 0, sizeof(uint32_t) * d->nc);
  for (uint32_t e = 0; e < d->ns; e++) {
    const Bits *S = &d->set[e];
    Bits fr;
    uint32_t miss = 0;
    bool dead = false;
    for (int i = 0; i < W; i++) {
      dead |= (S->w[i] & B->w[i]) != 0;
      fr.w[i] = S->w[i] & ~M->w[i];
      miss += (uint32_t)__builtin_popcountll(fr.w[i]);
    }
    if (dead) continue;
    if (miss == 0) {
      s->done = true;
      continue;
    }
    if (miss == 1)
      for (int i = 0; i < W; i++) s->one.w[i] |= fr.w[i];
    if (miss <= n) {
      for (int i = 0; i < W; i++) s->rel.w[i] |= fr.w[i];
      if (score) {
        uint32_t wgt = 1u << (2 * (8 - (miss < 8 ? miss : 8)));
        for (int i = 0; i < W; i++)
          for (uint64_t x = fr.w[i]; x; x &= x - 1) score[i * 64 + __builtin_ctzll(x)] += wgt;
      }
    }
  }
}

/* the relevant cells, heaviest first (ties: lower index first) */
static uint32_t order(const Bd *d, const Bits *rel, const uint32_t *score, uint32_t *out) {
  uint32_t k = 0;
  for (int i = 0; i < W; i++)
    for (uint64_t x = rel->w[i]; x; x &= x - 1) {
      uint32_t c = (uint32_t)(i * 64 + __builtin_ctzll(x)), j = k++;
      while (j > 0 && score[out[j - 1]] < score[c]) out[j] = out[j - 1], j--;
      out[j] = c;
    }
  (void)d;
  return k;
}

static bool over_budget(Bd *d) {
  if (d->aborted) return true;
  if (d->limit && d->nodes >= d->limit) return d->aborted = true;
  if ((d->nodes & 4095) == 0) {
    if (d->stop && *d->stop) return d->aborted = true;
    if (d->deadline && g_get_monotonic_time() > d->deadline) return d->aborted = true;
  }
  return false;
}

static int breaker_node(Bd *d, Bits *M, Bits *B, uint32_t n);

static int maker_node(Bd *d, Bits *M, Bits *B, uint32_t n) {
  if (over_budget(d)) return ABORT;
  d->nodes++;
  uint32_t score[BD_MAX_CELLS], mv[BD_MAX_CELLS];
  Scan s;
  scan(d, M, B, n, &s, score);
  if (s.done) return WIN;
  if (n == 0) return HOLD;
  if (!bempty(&s.one)) return WIN;
  if (bempty(&s.rel)) return HOLD;
  uint8_t v = tab_get(&d->tab, M, B);
  if (v) return v;
  uint32_t k = order(d, &s.rel, score, mv);
  int res = HOLD;
  for (uint32_t i = 0; i < k; i++) {
    bput(M, mv[i]);
    int r = breaker_node(d, M, B, n - 1);
    bdel(M, mv[i]);
    if (r == ABORT) return ABORT;
    if (r == WIN) {
      res = WIN;
      break;
    }
  }
  tab_put(&d->tab, M, B, (uint8_t)res);
  return res;
}

static int breaker_node(Bd *d, Bits *M, Bits *B, uint32_t n) {
  if (over_budget(d)) return ABORT;
  d->nodes++;
  uint32_t score[BD_MAX_CELLS], mv[BD_MAX_CELLS];
  Scan s;
  scan(d, M, B, n, &s, score);
  if (s.done) return WIN;
  if (n == 0) return HOLD;
  uint32_t ones = bcount(&s.one);
  if (ones >= 2) return WIN;
  if (ones == 1) {
    uint32_t c = bfirst(&s.one);
    bput(B, c);
    int r = maker_node(d, M, B, n);
    bdel(B, c);
    return r;
  }
  if (bempty(&s.rel)) return HOLD;
  uint8_t v = tab_get(&d->tab, M, B);
  if (v) return v;
  uint32_t k = order(d, &s.rel, score, mv);
  int res = WIN;
  for (uint32_t i = 0; i < k; i++) {
    bput(B, mv[i]);
    int r = maker_node(d, M, B, n);
    bdel(B, mv[i]);
    if (r == ABORT) return ABORT;
    if (r == HOLD) {
      res = HOLD;
      break;
    }
  }
  tab_put(&d->tab, M, B, (uint8_t)res);
  return res;
}

/* ---- the certificate ---------------------------------------------------- */
typedef struct {
  Bd *d;
  Tab written;
  char **names;
  GString *out;
  uint64_t lines;
  bool ok, aborted;
} Cw;

static void put_cells(Cw *w, const char *kind, const Bits *cells) {
  g_string_append(w->out, kind);
  for (uint32_t c = 0; c < w->d->nc; c++)
    if (bhas(cells, c)) g_string_append_printf(w->out, " %s", w->names[c]);
  g_string_append_c(w->out, '\n');
  w->lines++;
}
static void put_cell(Cw *w, const char *kind, uint32_t c) {
  g_string_append_printf(w->out, "%s %s\n", kind, w->names[c]);
  w->lines++;
}

/* the subtree of the position (M, B), `maker` to move, n Maker moves left,
 * proving `winner` (WIN or HOLD) */
static void emit(Cw *w, Bits *M, Bits *B, uint32_t n, bool maker, int winner) {
  if (!w->ok) return;
  Bd *d = w->d;
  if ((w->lines & 1023) == 0 && ((d->stop && *d->stop) || (d->deadline && g_get_monotonic_time() > d->deadline))) {
    w->ok = false, w->aborted = true; /* the clock or a signal: no certificate, so no answer */
    return;
  }
  if (tab_get(&w->written, M, B)) {
    g_string_append(w->out, "L\n");
    w->lines++;
    return;
  }
  uint32_t score[BD_MAX_CELLS], mv[BD_MAX_CELLS];
  Scan s;
  scan(d, M, B, n, &s, score);
  if (winner == WIN) {
    if (s.done) {
      g_string_append(w->out, "W\n");
      w->lines++;
    } else if (maker && n >= 1 && !bempty(&s.one)) {
      put_cell(w, "W", bfirst(&s.one));
    } else if (maker) {
      uint32_t k = order(d, &s.rel, score, mv), i;
      for (i = 0; i < k; i++) {
        bput(M, mv[i]);
        int r = breaker_node(d, M, B, n - 1);
        bdel(M, mv[i]);
        if (r == WIN) break;
      }
      if (i == k || n == 0) {
        w->ok = false;
        return;
      }
      put_cell(w, "m", mv[i]);
      bput(M, mv[i]);
      emit(w, M, B, n - 1, false, WIN);
      bdel(M, mv[i]);
    } else if (n >= 1 && !bempty(&s.one)) {
      uint32_t c = bfirst(&s.one);
      put_cell(w, "F", c);
      bput(B, c);
      emit(w, M, B, n, true, WIN);
      bdel(B, c);
    } else {
      if (bempty(&s.rel) || n == 0) {
        w->ok = false;
        return;
      }
      put_cells(w, "B", &s.rel);
      for (uint32_t c = 0; c < d->nc; c++)
        if (bhas(&s.rel, c)) {
          bput(B, c);
          emit(w, M, B, n, true, WIN);
          bdel(B, c);
        }
    }
  } else {
    if (s.done) {
      w->ok = false;
      return;
    }
    if (n == 0 || bempty(&s.rel)) {
      g_string_append(w->out, "H\n");
      w->lines++;
    } else if (maker) {
      put_cells(w, "M", &s.rel);
      for (uint32_t c = 0; c < d->nc; c++)
        if (bhas(&s.rel, c)) {
          bput(M, c);
          emit(w, M, B, n - 1, false, HOLD);
          bdel(M, c);
        }
    } else {
      uint32_t k, i;
      if (bcount(&s.one) == 1) mv[0] = bfirst(&s.one), k = 1;
      else k = order(d, &s.rel, score, mv);
      for (i = 0; i < k; i++) {
        bput(B, mv[i]);
        int r = maker_node(d, M, B, n);
        bdel(B, mv[i]);
        if (r == HOLD) break;
      }
      if (i == k) {
        w->ok = false;
        return;
      }
      put_cell(w, "b", mv[i]);
      bput(B, mv[i]);
      emit(w, M, B, n, true, HOLD);
      bdel(B, mv[i]);
    }
  }
  tab_put(&w->written, M, B, 3);
}

/* ---- the interface ------------------------------------------------------ */
void bd_opts_default(BdOpts *o) {
  memset(o, 0, sizeof *o);
  o->maker_to_move = true;
}

void bd_result_clear(BdResult *r) {
  g_free(r->cert);
  memset(r, 0, sizeof *r);
}

uint32_t bd_max_moves(const MbBoard *b, const MbPosition *pos, bool maker_to_move) {
  uint32_t f = b->ncells - pos->nmaker - pos->nbreaker;
  return maker_to_move ? (f + 1) / 2 : f / 2;
}

bool bd_solve(const MbBoard *b, const MbPosition *pos, const BdOpts *o, BdResult *r, GError **err) {
  memset(r, 0, sizeof *r);
  if (b->ncells > BD_MAX_CELLS) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_RANGE, "the bounded game handles boards of at most %d cells; %s has %u",
                BD_MAX_CELLS, b->name, b->ncells);
    return false;
  }
  gint64 t0 = g_get_monotonic_time();
  Bd d;
  memset(&d, 0, sizeof d);
  d.board = b;
  d.nc = b->ncells;
  d.ns = (uint32_t)hg_ne(b->h);
  d.set = g_new0(Bits, d.ns ? d.ns : 1);
  for (uint32_t e = 0; e < d.ns; e++)
    for (size_t i = 0; i < hg_edge_size(b->h, e); i++) bput(&d.set[e], hg_edge(b->h, e)[i]);
  tab_init(&d.tab, o->memory ? o->memory : (uint64_t)256 << 20);
  d.limit = o->node_limit;
  d.deadline = o->seconds > 0 ? t0 + (gint64)(o->seconds * 1e6) : 0;
  d.stop = o->stop;
  Bits M, B;
  memset(&M, 0, sizeof M), memset(&B, 0, sizeof B);
  for (uint32_t c = 0; c < d.nc; c++) {
    if (pos->owner[c] == MB_MAKER) bput(&M, c);
    if (pos->owner[c] == MB_BREAKER) bput(&B, c);
  }
  uint32_t n = o->maker_moves;
  int v = o->maker_to_move ? maker_node(&d, &M, &B, n) : breaker_node(&d, &M, &B, n);
  r->outcome = v == WIN ? MB_MAKER_WINS : v == HOLD ? MB_BREAKER_WINS : MB_UNKNOWN;
  r->budget_hit = v == ABORT;
  r->nodes = d.nodes;
  r->table = d.tab.used;
  r->table_full = d.tab.full;
  if (v != ABORT && o->want_cert) {
    Cw w;
    memset(&w, 0, sizeof w);
    w.d = &d;
    d.limit = 0, d.aborted = false; /* the writer's searches find what the table knows; the clock still runs */
    tab_init(&w.written, o->memory ? o->memory : (uint64_t)256 << 20);
    w.names = g_new0(char *, d.nc + 1);
    for (uint32_t c = 0; c < d.nc; c++) w.names[c] = bs_cell_name(b, c);
    w.out = g_string_new(NULL);
    w.ok = true;
    emit(&w, &M, &B, n, o->maker_to_move, v);
    g_autofree char *mv = mb_position_string(b, pos);
    GString *c = g_string_new(NULL);
    g_string_append_printf(c, "makerbreaker bounded 1\nboard %s\nsize %u %u\nmoves %s\ntomove %s\nmakermoves %u\n"
                              "winner %s\nnodes %" G_GUINT64_FORMAT "\n",
                           b->name, d.nc, d.ns, mv, o->maker_to_move ? "maker" : "breaker", n,
                           v == WIN ? "maker" : "breaker", w.lines);
    g_string_append_len(c, w.out->str, (gssize)w.out->len);
    g_string_append(c, "end\n");
    g_string_free(w.out, TRUE);
    g_strfreev(w.names);
    g_free(w.written.e);
    if (!w.ok && (w.aborted || d.aborted)) {
      g_string_free(c, TRUE);
      r->outcome = MB_UNKNOWN, r->budget_hit = true;
    } else if (!w.ok) {
      g_string_free(c, TRUE);
      g_free(d.tab.e), g_free(d.set);
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INVALID, "internal error: the bounded certificate could not be written");
      return false;
    }
    else {
      r->cert = g_string_free(c, FALSE);
      r->cert_nodes = w.lines;
    }
  }
  g_free(d.tab.e);
  g_free(d.set);
  r->seconds = (double)(g_get_monotonic_time() - t0) / 1e6;
  return true;
}
