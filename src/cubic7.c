#include "cubic7.h"

#include <glib.h>
#include <string.h>

#include "matching.h"

enum { FREE = 0, MAKER = 1, BREAKER = 2, LEFT_MAX = 2 * C7_LINES };

struct C7 {
  Board *board;
  uint32_t line_cells[C7_LINES][7];
  uint8_t nlines[C7_CELLS];
  uint16_t lines_of[C7_CELLS][13];
  uint32_t diag_c[7], diag_d[7], b3_order[4];
  uint32_t c444, c555, c626, c717;
};

uint32_t c7_cell(int x, int y, int z) { return (uint32_t)((x - 1) + 7 * (y - 1) + 49 * (z - 1)); }
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
  return c;
}

void c7_free(C7 *c) {
  if (!c) return;
  board_free(c->board);
  g_free(c);
}

const Board *c7_board(const C7 *c) { return c->board; }
int c7_maker_moves(C7Case k) { return k == C7_CENTRE ? 4 : 3; }

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

/* Maker's options: the half-cube restrictions of the enumeration */
static bool centre_m2_ok(uint32_t cell) { return cx(cell) <= cy(cell); }
static bool other_half_ok(uint32_t cell) { return cx(cell) <= 4; }

bool c7_breaker_moves(const C7 *c, C7Case k, const uint32_t *m, uint32_t *b) {
  uint8_t occ[C7_CELLS] = {0};
  int nm = c7_maker_moves(k);
  for (int i = 0; i < nm; i++) {
    if (m[i] >= C7_CELLS || occ[m[i]] != FREE) return false;
    if (k == C7_CENTRE) {
      if (i == 0 && m[i] != c->c444) return false;
      if (i == 1 && !centre_m2_ok(m[i])) return false;
    } else if (i <= 1 && (!other_half_ok(m[i]) || m[i] == c->c444)) {
      return false;
    }
    occ[m[i]] = MAKER;
    uint32_t reply;
    if (k == C7_CENTRE)
      reply = i == 0 ? c->c555 : i == 1 ? c->c626 : i == 2 ? centre_b3(c, occ) : centre_b4(c, occ, b[2]);
    else
      reply = i == 0 ? c->c444 : i == 1 ? c->c555 : other_b3(c, occ);
    if (reply == BM_NONE || occ[reply] != FREE) return false;
    occ[reply] = BREAKER;
    b[i] = reply;
  }
  return true;
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

static void place(const C7 *c, uint8_t *occ, uint8_t *bcount, uint32_t cell, int who) {
  occ[cell] = (uint8_t)who;
  if (who == BREAKER)
    for (int i = 0; i < c->nlines[cell]; i++) bcount[c->lines_of[cell][i]]++;
}

static void unplace(const C7 *c, uint8_t *occ, uint8_t *bcount, uint32_t cell) {
  if (occ[cell] == BREAKER)
    for (int i = 0; i < c->nlines[cell]; i++) bcount[c->lines_of[cell][i]]--;
  occ[cell] = FREE;
}

bool c7_leaf_baseline(const C7 *c, C7Case k, const uint32_t *m, C7Leaf *out, uint32_t (*pairs)[2],
                      int *npairs) {
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
  out->matching = (uint16_t)bm_hopcroft_karp(&bg, ml, mr, false, NULL);
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
static uint32_t last_reply(const C7 *c, C7Case k, const uint8_t *occ, uint32_t b3) {
  return k == C7_CENTRE ? centre_b4(c, occ, b3) : other_b3(c, occ);
}

/* The last round from a node.  Breaker's default reply d to Maker's last move
 * is placed first and the maximum matching M of that position computed (warm
 * from the parent's pairs).  Maker's last move x then only deletes the free
 * cell x, so the leaf's maximum is |M| if some maximum matching avoids x and
 * |M| - 1 otherwise; bm_avoidable() answers that for every x in one pass.
 * When Maker takes d itself, Breaker's rule picks another cell: that leaf is
 * solved on its own, warm from M. */
static void last_round(const C7 *c, C7Case k, uint8_t *occ, uint8_t *bcount, uint32_t *m,
                       int last, uint32_t b3, const Pairs *parent, C7Stats *st, C7Scratch *s,
                       C7LeafFn fn, void *user) {
  uint32_t d = last_reply(c, k, occ, b3);
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
      uint32_t d2 = last_reply(c, k, occ, b3);
      place(c, occ, bcount, d2, BREAKER);
      leaf_counts(occ, bcount, &lf);
      lf.matching = (uint16_t)solve(c, occ, bcount, &s->base, NULL, s);
      unplace(c, occ, bcount, d2);
      unplace(c, occ, bcount, d);
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
    } else if (cell != c->c444 && other_half_ok(cell)) {
      opt[n++] = cell;
    }
  }
  return n;
}

int c7_items(const C7 *c, C7Case k) {
  uint32_t opt[C7_CELLS];
  return top_options(c, k, opt);
}

void c7_run_item(const C7 *c, C7Case k, int item, C7Stats *st, C7Scratch *s, C7LeafFn fn,
                 void *user) {
  uint32_t opt[C7_CELLS], m[4] = {0, 0, 0, 0};
  int nopt = top_options(c, k, opt);
  g_assert(item >= 0 && item < nopt);
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
      last_round(c, k, occ, bcount, m, 3, b3, top, st, s, fn, user);
      unplace(c, occ, bcount, b3);
      unplace(c, occ, bcount, m3);
    }
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
      last_round(c, k, occ, bcount, m, 2, BM_NONE, top, st, s, fn, user);
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
  uint32_t opt[C7_CELLS];
  int n = top_options(c, k, opt);
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
