/* experiments/cubic/four.c — CT5: the 4^2 game, a pairing after one round.
 *
 * Paper: Cain, Raymond & Källersjö (shared/papers/cubic-tictactoe-matching.txt),
 * §2.5, §3 and Figure 2, §5 (Propositions 5.1, 5.2).  Cells are the paper's
 * (x,y), 1 <= x,y <= 4, x the column and y the row from the bottom (Figure 2's
 * bottom-left X is (1,1)); the lines come from src/game/board.h (n = 4, d = 2).
 *
 * No pre-game pairing: cells < 2 * lines, and the graph "each line twice vs
 * the cells" has a maximum matching (Hopcroft–Karp, certified maximum by the
 * König cover of bm_is_maximum) smaller than 2 * lines.
 * Opening classes: the orbits of the cells under the 8 symmetries of the
 * square (each checked to map lines onto lines); (1,1), (1,2), (2,2) must meet
 * every orbit once, and be board.h's 1-based coordinates.
 * Each class, Breaker at (3,3) (checked to differ from Maker's cell): count
 * the survivors (lines without Breaker) and free cells; match "each survivor
 * twice vs the free cells" (certified as above); a saturating matching gives
 * each survivor a pair.  The pairs go to the INDEPENDENT checker of
 * src/game/pairgrid.c (its own lines, from endpoint pairs): pairs disjoint, on
 * free cells, every line without Breaker holding both cells of a pair; its
 * count of surviving lines must equal ours.
 * Bigamy Hall condition (Prop. 5.1): |union G| >= 2|G| for every nonempty
 * subfamily G of the survivors' free-cell sets (all 2^s - 1).  Second method:
 * on every position (Maker m, Breaker b != m) the condition holds iff the
 * matching saturates (`hall_iff_matching`).  Prop. 5.2 as worded, any Breaker
 * reply on 3 lines: `prop52_all_replies`.  Figure 2's grids, typed as printed
 * (the objects under test): X and O where the paper says, pairs pass the
 * checker (`figure2_valid`); `figure2_pairs_in_all_panels` counts the pairs
 * of the first panel that the other two hold too (of
 * `figure2_pairs_per_panel`): the panels do not share one pairing.  Rows per class, then `survivors`, `free_cells`
 * (if equal in all classes, else "varies"), `pairing_exists`, `bigamy_hall`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/board.h"
#include "plumbing/expt.h"
#include "solvers/matching.h"
#include "game/pairgrid.h"

enum { N = 4, NCELLS = 16, MAXL = 16 /* room for the lines */ };

static int cell_xy(int x, int y) { return (x - 1) + N * (y - 1); }
/* symmetry t of the square: bit 0 transposes, bit 1 reflects x, bit 2 reflects y */
static int sym(int t, int c) {
  int x = c % N + 1, y = c / N + 1, s = x;
  if (t & 1) x = y, y = s;
  if (t & 2) x = N + 1 - x;
  if (t & 4) y = N + 1 - y;
  return cell_xy(x, y);
}
static uint16_t line_mask(const Board *b, size_t e) {
  uint16_t m = 0;
  for (size_t i = 0; i < hg_edge_size(b->lines, e); i++)
    m |= (uint16_t)(1u << hg_edge(b->lines, e)[i]);
  return m;
}

/* The pairs as a PairGrid, judged by the independent checker of src/game/pairgrid.c
 * (its own lines, from endpoint pairs): pairs on distinct free cells, disjoint,
 * every line without Breaker's cell holding both cells of one pair.  It also
 * counts the surviving lines, which must be `survivors`. */
static bool check_pairing(const PgChecker *chk, int maker, int breaker, const int (*pairs)[2],
                          int npairs, int survivors) {
  PairGrid *g = pg_new(N, 2);
  g->label[maker] = PG_MAKER;
  g->label[breaker] = PG_BREAKER;
  bool ok = true;
  for (int p = 0; p < npairs && ok; p++) {
    int a = pairs[p][0], c = pairs[p][1];
    ok = a >= 0 && a < NCELLS && c >= 0 && c < NCELLS && a != c && g->label[a] == PG_FREE &&
         g->label[c] == PG_FREE;
    if (ok) pg_add_pair(g, (uint32_t)a, (uint32_t)c);
  }
  PgStats st;
  ok = ok && pg_check(chk, g, &st, NULL) && (int)st.surviving == survivors;
  pg_free(g);
  return ok;
}

/* Prop. 5.1's condition: |union G| >= 2|G| for every nonempty subfamily G. */
static bool bigamy_hall(const uint16_t *sets, int s) {
  for (uint32_t g = 1; g < (1u << s); g++) {
    uint16_t u = 0;
    for (int i = 0; i < s; i++)
      if (g >> i & 1) u |= sets[i];
    if (__builtin_popcount(u) < 2 * __builtin_popcount(g)) return false;
  }
  return true;
}

typedef struct {
  int survivors, free_cells, npairs;
  size_t matching;
  bool certified, saturated, hall;
  int pairs[MAXL][2];
} Position;

/* Survivors, free cells, certified maximum matching, pairs, Hall condition;
 * maker or breaker -1: no such move yet. */
static void analyse(const Board *b, int maker, int breaker, Position *p) {
  uint16_t sets[MAXL], occupied = 0;
  if (maker >= 0) occupied |= (uint16_t)(1u << maker);
  if (breaker >= 0) occupied |= (uint16_t)(1u << breaker);
  int compact[NCELLS], cellof[NCELLS], s = 0, f = 0;
  for (int c = 0; c < NCELLS; c++)
    if (!(occupied >> c & 1)) cellof[f] = c, compact[c] = f++;
  uint32_t start[2 * MAXL + 1], adj[2 * MAXL * N], na = 0;
  for (size_t e = 0; e < hg_ne(b->lines) && s < MAXL; e++) {
    uint16_t m = line_mask(b, e);
    if (breaker >= 0 && (m >> breaker & 1)) continue;
    sets[s] = m & (uint16_t)~occupied;
    for (int copy = 0; copy < 2; copy++) {
      start[2 * s + copy] = na;
      for (int c = 0; c < NCELLS; c++)
        if (sets[s] >> c & 1) adj[na++] = (uint32_t)compact[c];
    }
    s++;
  }
  start[2 * s] = na;
  BipGraph g = {(uint32_t)(2 * s), (uint32_t)f, start, adj};
  uint32_t mate_l[2 * MAXL], mate_r[NCELLS];
  p->survivors = s;
  p->free_cells = f;
  p->matching = bm_hopcroft_karp(&g, mate_l, mate_r, false, NULL);
  size_t size = 0;
  p->certified = bm_is_matching(&g, mate_l, mate_r, &size) && size == p->matching &&
                 bm_is_maximum(&g, mate_l, mate_r);
  p->saturated = p->matching == (size_t)(2 * s);
  p->npairs = p->saturated ? s : 0;
  for (int j = 0; j < p->npairs; j++)
    for (int i = 0; i < 2; i++) p->pairs[j][i] = cellof[mate_l[2 * j + i]];
  p->hall = bigamy_hall(sets, s);
}

/* Figure 2 as printed: rows from the top (y = 4) down; X Maker, O Breaker. */
static const char *const figure2[3][N] = {
    {"7 5 1 1", "4 5 O 6", "4 2 2 6", "X 3 3 7"},
    {"7 5 1 1", "4 5 O 6", "X 2 2 6", "4 3 3 7"},
    {"7 5 1 1", "4 5 O 6", "2 X 2 6", "4 3 3 7"}};

/* Panel k's pairs go to pairs[0..*np-1] (as printed, numbered from 1). */
static bool check_figure2(const PgChecker *chk, int k, int maker, int breaker, int survivors,
                          int pairs[MAXL][2], int *np_out) {
  int seen[MAXL + 1] = {0}, x_at = -1, o_at = -1;
  *np_out = 0;
  for (int r = 0; r < N; r++) {
    g_auto(GStrv) tok = g_strsplit(figure2[k][r], " ", -1);
    if (g_strv_length(tok) != N) return false;
    for (int x = 1; x <= N; x++) {
      int c = cell_xy(x, N - r), v = atoi(tok[x - 1]);
      if (tok[x - 1][0] == 'X' || tok[x - 1][0] == 'O') {
        *(tok[x - 1][0] == 'X' ? &x_at : &o_at) = c;
        continue;
      }
      if (v < 1 || v > MAXL || seen[v] >= 2) return false;
      pairs[v - 1][seen[v]++] = c;
    }
  }
  int np = 0;
  bool stray = false; /* pairs are numbered 1..np, each number used twice */
  while (np < MAXL && seen[np + 1] == 2) np++;
  for (int v = np + 1; v <= MAXL; v++) stray |= seen[v] != 0;
  *np_out = np;
  return !stray && x_at == maker && o_at == breaker &&
         check_pairing(chk, maker, breaker, (const int(*)[2])pairs, np, survivors);
}

static void row(ResultWriter *w, const char *what, const char *cls, int64_t v, bool boolean) {
  char key[48];
  snprintf(key, sizeof key, "%s_%s", what, cls);
  if (boolean)
    rw_bool(w, "CT5", key, v != 0);
  else
    rw_int(w, "CT5", key, v);
}

/* the value shared by all classes, or "varies" (v < 0) */
static void summary(ResultWriter *w, const char *key, int v) {
  if (v >= 0)
    rw_int(w, "CT5", key, v);
  else
    rw_word(w, "CT5", key, "varies");
}

int main(int argc, char **argv) {
  Expt e;
  expt_parse(&e, &argc, &argv, "cubic-four", "CT5: the 4^2 game, pairings after one round.", NULL);
  ResultWriter *w = expt_open_results(&e);
  Board *b = board_new(N, 2);
  size_t nl = hg_ne(b->lines);
  bool all = b->ncells == NCELLS && nl <= MAXL;

  /* No pre-game pairing: counting, and the matching "each line twice vs cells". */
  Position p0;
  analyse(b, -1, -1, &p0);
  all &= p0.certified && p0.survivors == (int)nl && p0.hall == p0.saturated;
  rw_bool(w, "CT5", "no_pregame_pairing", b->ncells < 2 * nl && p0.matching < 2 * nl);
  rw_int(w, "CT5", "pregame_matching", (int64_t)p0.matching);

  /* The symmetries of the square map lines to lines; orbits of the cells. */
  PgChecker *chk = pg_checker_new(N, 2);
  all &= pg_checker_lines(chk) == nl; /* the checker's lines are as many as the board's */
  int orbit[NCELLS], norbits = 0;
  for (int c = 0; c < NCELLS; c++) orbit[c] = -1;
  for (int t = 0; t < 8; t++)
    for (size_t l = 0; l < nl; l++) {
      uint64_t img = 0;
      for (size_t i = 0; i < N; i++) img |= UINT64_C(1) << sym(t, (int)hg_edge(b->lines, l)[i]);
      all &= hg_has_edge_bits(b->lines, &img);
    }
  for (int c = 0; c < NCELLS; c++)
    if (orbit[c] < 0) {
      for (int t = 0; t < 8; t++) orbit[sym(t, c)] = norbits;
      norbits++;
    }
  static const struct {
    const char *name;
    int x, y;
  } cls[3] = {{"corner", 1, 1}, {"edge", 1, 2}, {"interior", 2, 2}};
  int hit = 0, coords[2];
  bool reps_ok = norbits == (int)G_N_ELEMENTS(cls);
  for (int k = 0; k < 3; k++) { /* the paper's (x,y) are board.h's 1-based coordinates */
    hit |= 1 << orbit[cell_xy(cls[k].x, cls[k].y)];
    board_coords(b, (uint32_t)cell_xy(cls[k].x, cls[k].y), coords);
    reps_ok &= coords[0] == cls[k].x && coords[1] == cls[k].y;
  }
  reps_ok &= __builtin_popcount((unsigned)hit) == norbits; /* one representative per orbit */
  rw_int(w, "CT5", "opening_classes", norbits);
  rw_bool(w, "CT5", "class_representatives", reps_ok);
  all &= reps_ok;

  /* Each class with Breaker at (3,3). */
  int breaker = cell_xy(3, 3), surv = -2, freec = -2;
  bool pairing = true, hall = true, legal = true, fig2 = true;
  int fpairs[3][MAXL][2] = {{{0}}}, fnp[3] = {0};
  for (int k = 0; k < 3; k++) {
    int maker = cell_xy(cls[k].x, cls[k].y);
    legal &= maker != breaker;
    Position p;
    analyse(b, maker, breaker, &p);
    bool ok = p.saturated && check_pairing(chk, maker, breaker, (const int(*)[2])p.pairs,
                                           p.npairs, p.survivors);
    surv = surv == -2 || surv == p.survivors ? p.survivors : -1;
    freec = freec == -2 || freec == p.free_cells ? p.free_cells : -1;
    pairing &= ok;
    hall &= p.hall;
    all &= p.certified && p.hall == p.saturated && ok;
    fig2 &= check_figure2(chk, k, maker, breaker, p.survivors, fpairs[k], &fnp[k]);
    row(w, "survivors", cls[k].name, p.survivors, false);
    row(w, "free_cells", cls[k].name, p.free_cells, false);
    row(w, "matching", cls[k].name, (int64_t)p.matching, false);
    row(w, "pairing", cls[k].name, ok, true);
    row(w, "bigamy_hall", cls[k].name, p.hall, true);
  }
  summary(w, "survivors", surv);
  summary(w, "free_cells", freec);
  rw_bool(w, "CT5", "breaker_reply_legal", legal);
  rw_bool(w, "CT5", "pairing_exists", pairing);
  rw_bool(w, "CT5", "bigamy_hall", hall);
  rw_bool(w, "CT5", "figure2_valid", fig2);
  /* do the three panels use one pairing?  the pairs of the first panel that
     the other two contain too (as unordered pairs of cells) */
  int common = 0;
  for (int i = 0; i < fnp[0]; i++) {
    bool in_all = true;
    for (int k = 1; k < 3; k++) {
      bool found = false;
      for (int j = 0; j < fnp[k]; j++)
        found |= (fpairs[k][j][0] == fpairs[0][i][0] && fpairs[k][j][1] == fpairs[0][i][1]) ||
                 (fpairs[k][j][0] == fpairs[0][i][1] && fpairs[k][j][1] == fpairs[0][i][0]);
      in_all &= found;
    }
    common += in_all;
  }
  rw_int(w, "CT5", "figure2_pairs_per_panel", fnp[0]);
  rw_int(w, "CT5", "figure2_pairs_in_all_panels", common);
  all &= legal && pairing && hall;

  /* Hall's condition against the matching on every position; Prop. 5.2 as stated. */
  bool iff = true, prop52 = true;
  int npos = 0, n52 = 0, nfail = 0;
  for (int m = 0; m < NCELLS; m++)
    for (int r = 0; r < NCELLS; r++) {
      if (r == m) continue;
      Position p;
      analyse(b, m, r, &p);
      iff &= p.certified && p.hall == p.saturated;
      npos++;
      nfail += !p.saturated;
      if (hg_degree(b->lines, (size_t)r) == 3) {
        prop52 &= p.saturated &&
                  check_pairing(chk, m, r, (const int(*)[2])p.pairs, p.npairs, p.survivors);
        n52++;
      }
    }
  rw_bool(w, "CT5", "hall_iff_matching", iff);
  rw_int(w, "CT5", "hall_iff_matching_positions", npos);
  rw_int(w, "CT5", "positions_without_pairing", nfail);
  rw_bool(w, "CT5", "prop52_all_replies", prop52);
  rw_int(w, "CT5", "prop52_positions", n52);
  all &= iff && prop52;

  pg_checker_free(chk);
  board_free(b);
  if (rw_close(w) != 0) return 3;
  return all ? 0 : 1;
}
