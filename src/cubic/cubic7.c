#include "cubic/cubic7.h"

#include <glib.h>
#include <string.h>

#include "plumbing/debug.h"
#include "plumbing/input.h"
#include "solvers/matching.h"

enum { FREE = 0, MAKER = 1, BREAKER = 2, LEFT_MAX = 2 * C7_LINES };

struct C7 {
  Board *board;
  uint32_t line_cells[C7_LINES][7];
  uint8_t nlines[C7_CELLS];
  uint16_t lines_of[C7_CELLS][13];
  uint32_t diag_c[7], diag_d[7], b3_order[4];
  uint32_t c444, c555, c626, c717;
  uint32_t *items[C7_CASES];          /* top-level options of each case */
  int nitems[C7_CASES];
};

static int top_options(const C7 *c, C7Case k, uint32_t *opt);

uint32_t c7_cell(int x, int y, int z) { return (uint32_t)((x - 1) + 7 * (y - 1) + 49 * (z - 1)); }

int c7_parse_move(const char *text, uint32_t *cell) {
  int64_t xyz[3];
  g_auto(GStrv) part = g_strsplit(text, ",", -1);
  bool form = g_strv_length(part) == 3;
  for (int j = 0; j < 3 && form; j++) form = in_int64(part[j], INT64_MIN, INT64_MAX, &xyz[j]);
  if (!form) return C7_MOVE_FORM;
  for (int j = 0; j < 3; j++) /* in 64 bits: 4294967300 is not 4 */
    if (xyz[j] < 1 || xyz[j] > 7) return C7_MOVE_OFF;
  *cell = c7_cell((int)xyz[0], (int)xyz[1], (int)xyz[2]);
  return C7_MOVE_OK;
}
static int cx(uint32_t cell) { return (int)(cell % 7) + 1; }
static int cy(uint32_t cell) { return (int)(cell / 7 % 7) + 1; }

C7 *c7_new(void) {
  C7 *c = g_new0(C7, 1);
  c->board = board_new(7, 3);
  g_assert(hg_ne(c->board->lines) == C7_LINES && c->board->ncells == C7_CELLS);
  for (uint32_t l = 0; l < C7_LINES; l++)
    for (int t = 0; t < 7; t++) {
      uint32_t cell = hg_edge(c->board->lines, l)[t];
      c->line_cells[l][t] = cell;
      c->lines_of[cell][c->nlines[cell]++] = (uint16_t)l;
    }
  for (int t = 0; t < 7; t++) {
    c->diag_c[t] = c7_cell(7 - t, 1 + t, 1 + t); /* (C): (7,1,1) ... (1,7,7) */
    c->diag_d[t] = c7_cell(7 - t, 7 - t, 1 + t); /* (D): (7,7,1) ... (1,1,7) */
  }
  c->b3_order[0] = c7_cell(7, 1, 1);
  c->b3_order[1] = c7_cell(1, 7, 7);
  c->b3_order[2] = c7_cell(7, 7, 1);
  c->b3_order[3] = c7_cell(1, 1, 7);
  c->c444 = c7_cell(4, 4, 4);
  c->c555 = c7_cell(5, 5, 5);
  c->c626 = c7_cell(6, 2, 6);
  c->c717 = c7_cell(7, 1, 7);
  for (int k = 0; k < C7_CASES; k++) {
    c->items[k] = g_new(uint32_t, C7_CELLS * C7_CELLS);
    c->nitems[k] = top_options(c, (C7Case)k, c->items[k]);
  }
  return c;
}

void c7_free(C7 *c) {
  if (!c) return;
  board_free(c->board);
  for (int k = 0; k < C7_CASES; k++) g_free(c->items[k]);
  g_free(c);
}

const Board *c7_board(const C7 *c) { return c->board; }
int c7_maker_moves(C7Case k) { return k == C7_CENTRE ? 4 : 3; }

/* ---- the 48 symmetries of the cube ---- */
static uint32_t symmetry_of(int g, uint32_t cell) {
  static const int perm[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
  int x[3] = {(int)(cell % 7), (int)(cell / 7 % 7), (int)(cell / 49)}, y[3];
  for (int i = 0; i < 3; i++) {
    int v = x[perm[g / 8][i]];
    y[i] = (g >> i) & 1 ? 6 - v : v;
  }
  return (uint32_t)(y[0] + 7 * y[1] + 49 * y[2]);
}

/* a table of symmetry_of, filled once (the certificates of every board call
 * it often) */
uint32_t c7_symmetry(int g, uint32_t cell) {
  static uint16_t tab[C7_SYMMETRIES][C7_CELLS];
  static gsize ready = 0;
  if (g_once_init_enter(&ready)) {
    for (int h = 0; h < C7_SYMMETRIES; h++)
      for (uint32_t v = 0; v < C7_CELLS; v++) tab[h][v] = (uint16_t)symmetry_of(h, v);
    g_once_init_leave(&ready, 1);
  }
  return tab[g][cell];
}

bool c7_pair_uncovered(uint32_t a, uint32_t b) {
  for (int g = 0; g < C7_SYMMETRIES; g++)
    if (c7_symmetry(g, a) % 7 < 4 && c7_symmetry(g, b) % 7 < 4) return false;
  return true;
}

/* ---- Breaker's rules ---- */
static uint32_t first_free(const uint8_t *occ, const uint32_t *list, int n) {
  for (int i = 0; i < n; i++)
    if (occ[list[i]] == FREE) return list[i];
  return BM_NONE;
}

static uint32_t centre_b3(const C7 *c, const uint8_t *occ) { return first_free(occ, c->b3_order, 4); }

static uint32_t centre_b4(const C7 *c, const uint8_t *occ, uint32_t b3) {
  bool on_c = b3 == c->diag_c[0] || b3 == c->diag_c[6];
  return first_free(occ, on_c ? c->diag_d : c->diag_c, 7);
}

static uint32_t other_b3(const C7 *c, const uint8_t *occ) {
  return occ[c->c626] == FREE ? c->c626 : c->c717;
}

static void place(const C7 *c, uint8_t *occ, uint8_t *bcount, uint32_t cell, int who) {
  occ[cell] = (uint8_t)who;
  if (who == BREAKER)
    for (int i = 0; i < c->nlines[cell]; i++) bcount[c->lines_of[cell][i]]++;
}

static void unplace(const C7 *c, uint8_t *occ, uint8_t *bcount, uint32_t cell) {
  PAIRING_CHECK(occ[cell] != FREE, "unplace: cell %u is free", cell);
  if (occ[cell] == BREAKER)
    for (int i = 0; i < c->nlines[cell]; i++) bcount[c->lines_of[cell][i]]--;
  occ[cell] = FREE;
}

/* Maker's options: the half-cube restrictions of the enumeration */
static bool centre_m2_ok(uint32_t cell) { return cx(cell) <= cy(cell); }
static bool other_half_ok(uint32_t cell) { return cx(cell) <= 4; }

/* CT13's replies.  The frame of an uncovered opening pair is the first
 * symmetry g that keeps both Maker cells off (5,5,5), (6,2,6) and (7,1,7);
 * Breaker then plays §4.3's rule in that frame: B2 = g^-1(5,5,5), B3 =
 * g^-1(6,2,6) if free, else g^-1(7,1,7). */
int c7_audit_frame(uint32_t m0, uint32_t m1) {
  const uint32_t avoid[3] = {c7_cell(5, 5, 5), c7_cell(6, 2, 6), c7_cell(7, 1, 7)};
  for (int g = 0; g < C7_SYMMETRIES; g++) {
    uint32_t a = c7_symmetry(g, m0), b = c7_symmetry(g, m1);
    bool ok = true;
    for (int i = 0; i < 3; i++) ok &= a != avoid[i] && b != avoid[i];
    if (ok) return g;
  }
  return -1;
}

/* out[0] = B2, out[1], out[2] = B3's two choices, in the original frame */
static bool audit_cells(const C7 *c, uint32_t m0, uint32_t m1, uint32_t out[3]) {
  int g = c7_audit_frame(m0, m1);
  if (g < 0) return false;
  const uint32_t want[3] = {c->c555, c->c626, c->c717};
  for (uint32_t v = 0; v < C7_CELLS; v++)
    for (int i = 0; i < 3; i++)
      if (c7_symmetry(g, v) == want[i]) out[i] = v;
  return true;
}

int c7_first_illegal(const C7 *c, C7Case k, const uint32_t *m, uint32_t *b) {
  uint8_t occ[C7_CELLS] = {0}, bcount[C7_LINES] = {0};
  uint32_t audit[3] = {BM_NONE, BM_NONE, BM_NONE};
  int nm = c7_maker_moves(k);
  for (int i = 0; i < nm; i++) {
    if (m[i] >= C7_CELLS || occ[m[i]] != FREE) return i;
    if (k == C7_CENTRE) {
      if (i == 0 && m[i] != c->c444) return i;
      if (i == 1 && !centre_m2_ok(m[i])) return i;
    } else if (k == C7_OTHER) {
      if (i <= 1 && (!other_half_ok(m[i]) || m[i] == c->c444)) return i;
    } else if (i == 0 ? m[i] == c->c444
                      : i == 1 && (!c7_pair_uncovered(m[0], m[1]) || !audit_cells(c, m[0], m[1], audit))) {
      return i;
    }
    occ[m[i]] = MAKER;
    uint32_t reply;
    if (k == C7_CENTRE)
      reply = i == 0 ? c->c555 : i == 1 ? c->c626 : i == 2 ? centre_b3(c, occ) : centre_b4(c, occ, b[2]);
    else if (k == C7_OTHER)
      reply = i == 0 ? c->c444 : i == 1 ? c->c555 : other_b3(c, occ);
    else
      reply = i == 0 ? c->c444 : i == 1 ? audit[0] : first_free(occ, audit + 1, 2);
    if (reply == BM_NONE || occ[reply] != FREE) return i;
    place(c, occ, bcount, reply, BREAKER);
    b[i] = reply;
  }
  return -1;
}

bool c7_breaker_moves(const C7 *c, C7Case k, const uint32_t *m, uint32_t *b) {
  return c7_first_illegal(c, k, m, b) < 0;
}

/* ---- one board from scratch ---- */
typedef struct {
  uint32_t start[LEFT_MAX + 1], adj[LEFT_MAX * 7];
  uint32_t nleft;
  uint16_t line_of_left[LEFT_MAX];
} Graph;

/* survivors (no Breaker cell) taken twice, joined to their free cells */
static void build_graph(const C7 *c, const uint8_t *occ, const uint8_t *bcount, Graph *g) {
  uint32_t e = 0, u = 0;
  for (uint32_t l = 0; l < C7_LINES; l++) {
    if (bcount[l]) continue;
    for (int copy = 0; copy < 2; copy++, u++) {
      g->start[u] = e;
      g->line_of_left[u] = (uint16_t)l;
      for (int t = 0; t < 7; t++)
        if (occ[c->line_cells[l][t]] == FREE) g->adj[e++] = c->line_cells[l][t];
    }
  }
  g->start[u] = e;
  g->nleft = u;
}

static void leaf_counts(const uint8_t *occ, const uint8_t *bcount, C7Leaf *out) {
  int elim = 0, fr = 0;
  for (int l = 0; l < C7_LINES; l++) elim += bcount[l] != 0;
  for (int i = 0; i < C7_CELLS; i++) fr += occ[i] == FREE;
  out->eliminated = (uint8_t)elim;
  out->survivors = (uint8_t)(C7_LINES - elim);
  out->free_cells = (uint16_t)fr;
}

static bool leaf_scratch(const C7 *c, C7Case k, const uint32_t *m, C7Leaf *out,
                         uint32_t (*pairs)[2], int *npairs, bool greedy);

bool c7_leaf_baseline(const C7 *c, C7Case k, const uint32_t *m, C7Leaf *out, uint32_t (*pairs)[2],
                      int *npairs) {
  return leaf_scratch(c, k, m, out, pairs, npairs, false);
}

/* From scratch, as c7_leaf_baseline; with `greedy` Hopcroft–Karp starts from
 * a greedy matching (each left vertex in turn takes its first free
 * neighbour) built here, not from anything the engine kept: the same maximum,
 * found faster (the certificates of every board use it). */
static bool leaf_scratch(const C7 *c, C7Case k, const uint32_t *m, C7Leaf *out,
                         uint32_t (*pairs)[2], int *npairs, bool greedy) {
  uint32_t b[4];
  if (!c7_breaker_moves(c, k, m, b)) return false;
  uint8_t occ[C7_CELLS] = {0}, bcount[C7_LINES] = {0};
  for (int i = 0; i < c7_maker_moves(k); i++) {
    place(c, occ, bcount, m[i], MAKER);
    place(c, occ, bcount, b[i], BREAKER);
  }
  leaf_counts(occ, bcount, out);
  Graph *g = g_new(Graph, 1);
  build_graph(c, occ, bcount, g);
  BipGraph bg = {g->nleft, C7_CELLS, g->start, g->adj};
  uint32_t ml[LEFT_MAX], mr[C7_CELLS];
  if (greedy) {
    for (uint32_t v = 0; v < C7_CELLS; v++) mr[v] = BM_NONE;
    for (uint32_t u = 0; u < g->nleft; u++) {
      ml[u] = BM_NONE;
      for (uint32_t e = g->start[u]; e < g->start[u + 1]; e++)
        if (mr[g->adj[e]] == BM_NONE) {
          ml[u] = g->adj[e];
          mr[g->adj[e]] = u;
          break;
        }
    }
  }
  out->matching = (uint16_t)bm_hopcroft_karp(&bg, ml, mr, greedy, NULL);
  if (pairs) {
    for (uint32_t u = 0; u < g->nleft; u += 2) { /* copies 2j and 2j+1 of survivor j */
      pairs[u / 2][0] = ml[u];
      pairs[u / 2][1] = ml[u + 1];
    }
    *npairs = (int)(g->nleft / 2);
  }
  g_free(g);
  return true;
}

PairGrid *c7_pairing_grid(const C7 *c, C7Case k, const uint32_t *m, uint32_t *b, C7Leaf *leaf) {
  uint32_t bb[4], pairs[C7_LINES][2];
  int np;
  if (!c7_breaker_moves(c, k, m, bb) || !leaf_scratch(c, k, m, leaf, pairs, &np, true)) return NULL;
  PairGrid *g = pg_new(7, 3);
  for (int i = 0; i < c7_maker_moves(k); i++) {
    g->label[m[i]] = PG_MAKER;
    g->label[bb[i]] = PG_BREAKER;
    if (b) b[i] = bb[i];
  }
  for (int j = 0; j < np; j++)
    if (pairs[j][0] != BM_NONE && pairs[j][1] != BM_NONE) pg_add_pair(g, pairs[j][0], pairs[j][1]);
  return g;
}

bool c7_sampled(const uint32_t *m, int nm, uint32_t modulus) {
  uint64_t h = 0x9e3779b97f4a7c15u;
  for (int i = 0; i < nm; i++) { /* splitmix64 steps */
    h += m[i] + 1;
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9u;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebu;
    h ^= h >> 31;
  }
  return h % modulus == 0;
}

static void note_failure(C7Certs *cs, C7Case k, const uint32_t *m, const char *why) {
  if (cs->first_failure) return;
  GString *t = g_string_new(NULL);
  for (int i = 0; i < c7_maker_moves(k); i++)
    g_string_append_printf(t, "%s%u,%u,%u", i ? " " : "", m[i] % 7 + 1, m[i] / 7 % 7 + 1, m[i] / 49 + 1);
  g_string_append_printf(t, ": %s", why);
  cs->first_failure = g_string_free(t, FALSE);
}

static void certify(const C7 *c, C7Case k, const PgChecker *chk, const uint32_t *m,
                    const C7Leaf *engine, C7Certs *cs, bool as_text);

void c7_certify(const C7 *c, C7Case k, const PgChecker *chk, const uint32_t *m,
                const C7Leaf *engine, C7Certs *cs) {
  certify(c, k, chk, m, engine, cs, true);
}

void c7_certify_direct(const C7 *c, C7Case k, const PgChecker *chk, const uint32_t *m,
                       const C7Leaf *engine, C7Certs *cs) {
  certify(c, k, chk, m, engine, cs, false);
}

static void certify(const C7 *c, C7Case k, const PgChecker *chk, const uint32_t *m,
                    const C7Leaf *engine, C7Certs *cs, bool as_text) {
  cs->sampled++;
  C7Leaf want;
  PairGrid *g = c7_pairing_grid(c, k, m, NULL, &want);
  if (!g) {
    note_failure(cs, k, m, "not a board of this case");
    return;
  }
  if (memcmp(&want, engine, sizeof want) == 0) cs->agree++;
  else note_failure(cs, k, m, "engine and from-scratch matching disagree");
  if (!as_text) {
    char *why = NULL;
    if (pg_check(chk, g, NULL, &why)) cs->valid++;
    else note_failure(cs, k, m, why);
    g_free(why);
    pg_free(g);
    return;
  }
  char *text = pg_to_string(g);
  GError *err = NULL;
  PairGrid *back = pg_parse(text, &err);
  char *why = NULL;
  if (!back) note_failure(cs, k, m, err->message);
  else if (pg_check(chk, back, NULL, &why)) cs->valid++;
  else note_failure(cs, k, m, why);
  g_clear_error(&err);
  g_free(why);
  g_free(text);
  pg_free(back);
  pg_free(g);
}

void c7_certs_add(C7Certs *into, C7Certs *from) {
  into->sampled += from->sampled;
  into->agree += from->agree;
  into->valid += from->valid;
  if (!into->first_failure) into->first_failure = from->first_failure;
  else g_free(from->first_failure);
  from->first_failure = NULL;
}

/* ---- enumeration ----
 *
 * A matching is carried between nodes in "pair" form: pair[l][t] is the cell
 * matched to copy t of line l (BM_NONE if none, or if l is not a survivor).
 * Deeper nodes only occupy cells and eliminate lines, so the parent's pairs
 * whose cell is still free and whose line still survives form a matching of
 * the child's graph, and Hopcroft–Karp only has to extend it (warm start). */
typedef uint32_t Pairs[C7_LINES][2];

struct C7Scratch {
  Graph g;
  BmWork *work;
  uint32_t ml[LEFT_MAX], mr[C7_CELLS];
  uint8_t avoid[C7_CELLS];
  Pairs base, leaf;
};

C7Scratch *c7_scratch_new(const C7 *c) {
  (void)c;
  C7Scratch *s = g_new0(C7Scratch, 1);
  s->work = bm_work_new(LEFT_MAX, C7_CELLS);
  return s;
}

void c7_scratch_free(C7Scratch *s) {
  if (!s) return;
  bm_work_free(s->work);
  g_free(s);
}

static void count_leaf(C7Stats *st, const C7Leaf *lf) {
  st->boards++;
  st->eliminated[lf->eliminated]++;
  st->survivors[lf->survivors]++;
  st->free_cells[lf->free_cells]++;
  st->deficit[2 * lf->survivors - lf->matching]++;
}

void c7_stats_add(C7Stats *into, const C7Stats *from) {
  into->boards += from->boards;
  for (int i = 0; i <= C7_LINES; i++) {
    into->eliminated[i] += from->eliminated[i];
    into->survivors[i] += from->survivors[i];
  }
  for (int i = 0; i <= C7_CELLS; i++) into->free_cells[i] += from->free_cells[i];
  for (int i = 0; i <= 2 * C7_LINES; i++) into->deficit[i] += from->deficit[i];
}

int64_t c7_only_value(const uint64_t *h, int n) {
  int64_t v = -1;
  for (int i = 0; i < n; i++)
    if (h[i]) {
      if (v >= 0) return -1;
      v = i;
    }
  return v;
}

/* Maximum matching of the position (occ, bcount) into s->g, s->ml, s->mr,
 * started from `warm` (NULL: from scratch); its pair form into `out`. */
static uint32_t solve(const C7 *c, const uint8_t *occ, const uint8_t *bcount, const Pairs *warm,
                      Pairs *out, C7Scratch *s) {
  Graph *g = &s->g;
  build_graph(c, occ, bcount, g);
  BipGraph bg = {g->nleft, C7_CELLS, g->start, g->adj};
  for (uint32_t v = 0; v < C7_CELLS; v++) s->mr[v] = BM_NONE;
  for (uint32_t u = 0; u < g->nleft; u++) {
    uint32_t v = warm ? (*warm)[g->line_of_left[u]][u & 1] : BM_NONE;
    if (v != BM_NONE && occ[v] == FREE && s->mr[v] == BM_NONE) {
      s->ml[u] = v;
      s->mr[v] = u;
    } else {
      s->ml[u] = BM_NONE;
    }
  }
  uint32_t size = (uint32_t)bm_hopcroft_karp(&bg, s->ml, s->mr, true, s->work);
  if (out) {
    for (uint32_t l = 0; l < C7_LINES; l++) (*out)[l][0] = (*out)[l][1] = BM_NONE;
    for (uint32_t u = 0; u < g->nleft; u++) (*out)[g->line_of_left[u]][u & 1] = s->ml[u];
  }
  return size;
}

/* Breaker's reply to Maker's last move (the position already holds it) */
/* aux: the centre case's B3; the uncovered case's two B3 choices */
static uint32_t last_reply(const C7 *c, C7Case k, const uint8_t *occ, const uint32_t *aux) {
  return k == C7_CENTRE  ? centre_b4(c, occ, aux[0])
         : k == C7_OTHER ? other_b3(c, occ)
                         : first_free(occ, aux, 2);
}

/* The last round from a node.  Breaker's default reply d to Maker's last move
 * is placed first and the maximum matching M of that position computed (warm
 * from the parent's pairs).  Maker's last move x then only deletes the free
 * cell x, so the leaf's maximum is |M| if some maximum matching avoids x and
 * |M| - 1 otherwise; bm_avoidable() answers that for every x in one pass.
 * When Maker takes d itself, Breaker's rule picks another cell: that leaf is
 * solved on its own, warm from M. */
static void last_round(const C7 *c, C7Case k, uint8_t *occ, uint8_t *bcount, uint32_t *m,
                       int last, const uint32_t *aux, const Pairs *parent, C7Stats *st, C7Scratch *s,
                       C7LeafFn fn, void *user) {
  uint8_t occ0[PAIRING_DEBUG_ON ? C7_CELLS : 1], bcount0[PAIRING_DEBUG_ON ? C7_LINES : 1];
  if (PAIRING_DEBUG_ON) { /* the board must come back unchanged after every move tried */
    memcpy(occ0, occ, sizeof occ0);
    memcpy(bcount0, bcount, sizeof bcount0);
  }
  uint32_t d = last_reply(c, k, occ, aux);
  place(c, occ, bcount, d, BREAKER);
  uint32_t size = solve(c, occ, bcount, parent, &s->base, s);
  BipGraph bg = {s->g.nleft, C7_CELLS, s->g.start, s->g.adj};
  bm_avoidable(&bg, s->ml, s->mr, s->avoid, s->work);
  C7Leaf base;
  leaf_counts(occ, bcount, &base);
  base.free_cells--; /* Maker's last move takes one more cell */
  unplace(c, occ, bcount, d);
  for (uint32_t cell = 0; cell < C7_CELLS; cell++) {
    if (occ[cell] != FREE) continue;
    m[last] = cell;
    C7Leaf lf = base;
    if (cell == d) {
      place(c, occ, bcount, d, MAKER);
      uint32_t d2 = last_reply(c, k, occ, aux);
      place(c, occ, bcount, d2, BREAKER);
      leaf_counts(occ, bcount, &lf);
      lf.matching = (uint16_t)solve(c, occ, bcount, &s->base, NULL, s);
      unplace(c, occ, bcount, d2);
      unplace(c, occ, bcount, d);
      PAIRING_CHECK(memcmp(occ, occ0, sizeof occ0) == 0 && memcmp(bcount, bcount0, sizeof bcount0) == 0,
                    "last round: the board is not restored after Maker's move %u", cell);
    } else {
      lf.matching = (uint16_t)(s->avoid[cell] ? size : size - 1);
    }
    count_leaf(st, &lf);
    if (fn) fn(user, m, &lf);
  }
}

/* options of Maker's first varying move, in increasing cell order */
static int top_options(const C7 *c, C7Case k, uint32_t *opt) {
  int n = 0;
  for (uint32_t cell = 0; cell < C7_CELLS; cell++) {
    if (k == C7_CENTRE) {
      if (cell != c->c444 && cell != c->c555 && centre_m2_ok(cell)) opt[n++] = cell;
    } else if (k == C7_OTHER) {
      if (cell != c->c444 && other_half_ok(cell)) opt[n++] = cell;
    } else if (cell != c->c444) { /* C7_UNCOVERED: items are pairs m0 * C7_CELLS + m1 */
      for (uint32_t b = 0; b < C7_CELLS; b++)
        if (b != c->c444 && b != cell && c7_pair_uncovered(cell, b)) opt[n++] = cell * C7_CELLS + b;
    }
  }
  return n;
}

int c7_items(const C7 *c, C7Case k) { return c->nitems[k]; }

void c7_run_item(const C7 *c, C7Case k, int item, C7Stats *st, C7Scratch *s, C7LeafFn fn,
                 void *user) {
  uint32_t m[4] = {0, 0, 0, 0};
  const uint32_t *opt = c->items[k];
  g_assert(item >= 0 && item < c->nitems[k]);
  uint8_t occ[C7_CELLS] = {0}, bcount[C7_LINES] = {0};
  Pairs *top = g_new(Pairs, 1);
  if (k == C7_CENTRE) {
    m[0] = c->c444;
    m[1] = opt[item];
    place(c, occ, bcount, m[0], MAKER);
    place(c, occ, bcount, c->c555, BREAKER);
    place(c, occ, bcount, m[1], MAKER);
    place(c, occ, bcount, c->c626, BREAKER);
    solve(c, occ, bcount, NULL, top, s);
    for (uint32_t m3 = 0; m3 < C7_CELLS; m3++) {
      if (occ[m3] != FREE) continue;
      m[2] = m3;
      place(c, occ, bcount, m3, MAKER);
      uint32_t b3 = centre_b3(c, occ);
      place(c, occ, bcount, b3, BREAKER);
      last_round(c, k, occ, bcount, m, 3, &b3, top, st, s, fn, user);
      unplace(c, occ, bcount, b3);
      unplace(c, occ, bcount, m3);
    }
  } else if (k == C7_UNCOVERED) {
    m[0] = opt[item] / C7_CELLS;
    m[1] = opt[item] % C7_CELLS;
    place(c, occ, bcount, m[0], MAKER);
    place(c, occ, bcount, c->c444, BREAKER);
    place(c, occ, bcount, m[1], MAKER);
    uint32_t audit[3];
    /* not g_assert: audit_cells fills audit[], which must happen in every build */
    if (!audit_cells(c, m[0], m[1], audit)) g_error("c7: item %d of the audit case has no frame", item);
    place(c, occ, bcount, audit[0], BREAKER);
    solve(c, occ, bcount, NULL, top, s);
    last_round(c, k, occ, bcount, m, 2, audit + 1, top, st, s, fn, user);
  } else {
    m[0] = opt[item];
    place(c, occ, bcount, m[0], MAKER);
    place(c, occ, bcount, c->c444, BREAKER);
    solve(c, occ, bcount, NULL, top, s);
    for (uint32_t m2 = 0; m2 < C7_CELLS; m2++) {
      if (occ[m2] != FREE || !other_half_ok(m2)) continue;
      m[1] = m2;
      place(c, occ, bcount, m2, MAKER);
      place(c, occ, bcount, c->c555, BREAKER);
      last_round(c, k, occ, bcount, m, 2, NULL, top, st, s, fn, user);
      unplace(c, occ, bcount, c->c555);
      unplace(c, occ, bcount, m2);
    }
  }
  g_free(top);
}

typedef struct {
  const C7 *c;
  C7Case k;
  C7Stats *st;
  uint64_t limit, done;
  C7LeafFn fn;
  void *user;
} BaseCtx;

static void baseline_leaf(void *user, const uint32_t *m, const C7Leaf *unused) {
  (void)unused;
  BaseCtx *b = user;
  if (b->limit && b->done >= b->limit) return;
  C7Leaf lf;
  c7_leaf_baseline(b->c, b->k, m, &lf, NULL, NULL);
  count_leaf(b->st, &lf);
  b->done++;
  if (b->fn) b->fn(b->user, m, &lf);
}

uint64_t c7_run_item_baseline(const C7 *c, C7Case k, int item, C7Stats *st, uint64_t limit,
                              C7LeafFn fn, void *user) {
  /* walk the same enumeration (its own statistics discarded), recomputing
   * every board from scratch */
  C7Stats *sink = g_new0(C7Stats, 1);
  C7Scratch *s = c7_scratch_new(c);
  BaseCtx b = {c, k, st, limit, 0, fn, user};
  c7_run_item(c, k, item, sink, s, baseline_leaf, &b);
  c7_scratch_free(s);
  g_free(sink);
  return b.done;
}

uint64_t c7_total_boards(const C7 *c, C7Case k) {
  /* options per Maker move do not depend on earlier choices beyond their
   * number of occupied cells, but count honestly by walking the first two
   * levels and multiplying by the free cells left for the last moves */
  const uint32_t *opt = c->items[k];
  int n = c->nitems[k];
  if (k == C7_UNCOVERED) return (uint64_t)n * (C7_CELLS - 4); /* M3: all but 4 taken cells */
  uint64_t total = 0;
  for (int i = 0; i < n; i++) {
    uint8_t occ[C7_CELLS] = {0};
    if (k == C7_CENTRE) {
      occ[c->c444] = occ[c->c555] = occ[opt[i]] = occ[c->c626] = 1;
      uint64_t f = 0;
      for (int x = 0; x < C7_CELLS; x++) f += occ[x] == 0;
      total += f * (f - 2); /* M3: f choices; B3 takes one; M4: f - 2 */
    } else {
      occ[c->c444] = occ[opt[i]] = 1;
      uint64_t f2 = 0;
      for (uint32_t x = 0; x < C7_CELLS; x++) f2 += occ[x] == 0 && other_half_ok(x);
      total += f2 * (uint64_t)(C7_CELLS - 4); /* M3: every cell but the four taken */
    }
  }
  return total;
}
