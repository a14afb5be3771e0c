/* experiments/cubic/pregame.c — pre-game pairings and the superdiagonal
 * opening on the smaller boards: CT4, CT6, CT12.
 *
 * Paper: Cain, Raymond & Källersjö (shared/papers/cubic-tictactoe-matching.txt),
 * §2.5 (Figure 1: 5^2, 6^2, 7^2; 8^3 and 9^3 "routine", §3.2) and §6.2.
 *
 * CT4, CT6.  A pre-game pairing strategy is a set of disjoint cell pairs, one
 *   inside every line.  It exists iff the bipartite graph "every line taken
 *   twice vs the cells" (§3.1) has a matching saturating the lines.  For 5^2,
 *   6^2, 7^2, 8^3 and 9^3 we run Hopcroft–Karp (src/matching.c); the two
 *   cells matched to a line's copies become that line's pair.  The pairing is
 *   then validated by the independent grid checker (src/pairgrid.c: it
 *   enumerates the lines itself and looks for a pair in each).  Printed:
 *   `pairing_<board>` (true iff found AND valid), the pairs and the free
 *   cells left unpaired (§2.5: one for 5^2).  --figdata PREFIX writes the
 *   grids as PREFIX-planar.dat (5^2, 6^2, 7^2) and PREFIX-cube8.dat (the
 *   eight layers of 8^3) for figures/pregame-*.gp: one block per panel, rows
 *   "x y label px py pz" ((px, py, pz): the cell's partner, 0 0 0 if none).
 * CT12.  6^3 has 148 lines and 216 cells; its four superdiagonals are
 *   disjoint.  Over every choice of one cell per superdiagonal (6^4 = 1296) we
 *   count the lines the four cells eliminate, two ways: the union of their
 *   incidence lists, and a scan of every line for a chosen cell.  Printed:
 *   the most eliminated (§6.2 says 27), how many choices attain it, the
 *   survivors and the free cells after four moves each.  Beyond the paper
 *   (an extra, unscored row): `breaker_forces_max`, whether Breaker, moving
 *   second and taking one superdiagonal cell per move, can reach the maximum
 *   whatever Maker's four moves are (an AND-OR search in which Maker's only
 *   relevant moves are superdiagonal cells).  And 5^3's lines and cells.
 */
#include <stdio.h>
#include <stdlib.h>

#include "board.h"
#include "expt.h"
#include "matching.h"
#include "pairgrid.h"

static gchar *opt_figdata = NULL;

/* Hopcroft–Karp on lines x 2 vs cells; the pairing as a grid, or NULL */
static PairGrid *pregame_pairing(const Board *b) {
  uint32_t nl = 2 * (uint32_t)hg_ne(b->lines);
  g_autofree uint32_t *start = g_new(uint32_t, nl + 1), *adj = g_new(uint32_t, (size_t)nl * b->n);
  uint32_t e = 0;
  for (uint32_t u = 0; u < nl; u++) {
    start[u] = e;
    for (int t = 0; t < b->n; t++) adj[e++] = hg_edge(b->lines, u / 2)[t];
  }
  start[nl] = e;
  BipGraph g = {nl, b->ncells, start, adj};
  g_autofree uint32_t *ml = g_new(uint32_t, nl), *mr = g_new(uint32_t, b->ncells);
  if (bm_hopcroft_karp(&g, ml, mr, false, NULL) < nl) return NULL;
  PairGrid *pg = pg_new(b->n, b->d);
  for (uint32_t u = 0; u < nl; u += 2) pg_add_pair(pg, ml[u], ml[u + 1]);
  return pg;
}

/* One panel (a layer of n*n cells from cell `first`): "x y label px py pz",
 * where (px, py, pz) is the cell's partner, 1-based (0 0 0 if unpaired);
 * partner[c] is the other cell of c's pair, or UINT32_MAX. */
static void write_panel(FILE *f, const PairGrid *g, const uint32_t *partner, uint32_t first,
                        const char *title) {
  uint32_t n = (uint32_t)g->n;
  fprintf(f, "# %s\n", title);
  for (uint32_t v = 0; v < n * n; v++) {
    int32_t l = g->label[first + v];
    char label[16] = "\"\""; /* unpaired: an empty label */
    if (l > 0) snprintf(label, sizeof label, "%d", l);
    uint32_t p = partner[first + v], px = 0, py = 0, pz = 0;
    if (p != UINT32_MAX) {
      px = p % n + 1;
      py = p / n % n + 1;
      pz = p / (n * n) + 1;
    }
    fprintf(f, "%u %u %s %u %u %u\n", v % n + 1, v / n + 1, label, px, py, pz);
  }
  fprintf(f, "\n\n");
}

static bool run_board(ResultWriter *w, const char *claim, int n, int d, FILE *fig) {
  Board *b = board_new(n, d);
  PairGrid *g = pregame_pairing(b);
  PgChecker *chk = pg_checker_new(n, d);
  PgStats st = {0, 0, 0, 0};
  char *why = NULL;
  bool ok = g && pg_check(chk, g, &st, &why);
  if (why) fprintf(stderr, "%s %d^%d: pairing rejected: %s\n", claim, n, d, why);
  char key[64];
  snprintf(key, sizeof key, d == 2 ? "pairing_%dx%d" : "pairing_%dx%dx%d", n, n, n);
  rw_bool(w, claim, key, ok);
  snprintf(key, sizeof key, "pairs_n%d_d%d", n, d);
  rw_int(w, claim, key, ok ? st.pairs : 0);
  snprintf(key, sizeof key, "unpaired_n%d_d%d", n, d);
  rw_int(w, claim, key, ok ? st.free_unpaired : 0);
  if (fig && g) {
    /* each pair's two cells, by label, then every cell's partner */
    g_autofree uint32_t *first = g_new(uint32_t, (size_t)g->npairs + 1);
    g_autofree uint32_t *partner = g_new(uint32_t, g->ncells);
    for (int32_t k = 0; k <= g->npairs; k++) first[k] = UINT32_MAX;
    for (uint32_t c = 0; c < g->ncells; c++) {
      int32_t l = g->label[c];
      partner[c] = UINT32_MAX;
      if (l <= 0) continue;
      if (first[l] == UINT32_MAX) {
        first[l] = c;
      } else {
        partner[c] = first[l];
        partner[first[l]] = c;
      }
    }
    for (int z = 0; z < (d == 3 ? n : 1); z++) {
      char title[64];
      snprintf(title, sizeof title, d == 2 ? "%d^2" : "%d^3 layer z=%d", n, z + 1);
      write_panel(fig, g, partner, (uint32_t)(z * n * n), title);
    }
  }
  g_free(why);
  pg_checker_free(chk);
  pg_free(g);
  board_free(b);
  return ok;
}

/* ---- CT12: one Breaker cell per superdiagonal of 6^3 ---- */
typedef struct {
  const Board *b;
  uint32_t diag[4][6]; /* the superdiagonals' cells; bit 6i+t of a mask = diag[i][t] */
  uint32_t *best;      /* masks of the optimal choices */
  int nbest;
} Sd;

static int eliminated_by(const Board *b, const uint32_t *cells, int k) {
  /* union of incidence lists, with a per-call mark array */
  uint8_t *seen = g_new0(uint8_t, hg_ne(b->lines));
  int count = 0;
  for (int i = 0; i < k; i++)
    for (size_t j = 0; j < hg_degree(b->lines, cells[i]); j++) {
      size_t l = hg_incident(b->lines, cells[i])[j];
      count += !seen[l];
      seen[l] = 1;
    }
  g_free(seen);
  return count;
}

static int eliminated_by_scan(const Board *b, const uint32_t *cells, int k) {
  int count = 0;
  for (size_t l = 0; l < hg_ne(b->lines); l++) {
    bool hit = false;
    for (int t = 0; t < b->n && !hit; t++)
      for (int i = 0; i < k; i++) hit |= hg_edge(b->lines, l)[t] == cells[i];
    count += hit;
  }
  return count;
}

/* can Breaker (to move after Maker) still complete an optimal choice? */
static bool feasible(const Sd *sd, uint32_t maker, uint32_t breaker) {
  for (int i = 0; i < sd->nbest; i++)
    if ((sd->best[i] & breaker) == breaker && !(sd->best[i] & maker)) return true;
  return false;
}

/* Maker to move, `round` Breaker moves made.  Maker's moves off the
 * superdiagonals change nothing Breaker needs, so one of them ("pass")
 * stands for all. */
static bool breaker_wins(const Sd *sd, uint32_t maker, uint32_t breaker, int round) {
  if (round == 4) return feasible(sd, maker, breaker);
  for (int mv = -1; mv < 24; mv++) {
    uint32_t mk = maker;
    if (mv >= 0) {
      if ((maker | breaker) >> mv & 1) continue;
      mk |= 1u << mv;
    }
    bool answered = false;
    for (int bv = 0; bv < 24 && !answered; bv++) {
      uint32_t bit = 1u << bv, row = 0x3fu << (bv / 6 * 6);
      if ((mk | breaker) & bit || breaker & row) continue; /* one cell per superdiagonal */
      if (feasible(sd, mk, breaker | bit)) answered = breaker_wins(sd, mk, breaker | bit, round + 1);
    }
    if (!answered) return false;
  }
  return true;
}

static bool run_ct12(ResultWriter *w) {
  Board *b = board_new(6, 3);
  Sd sd = {b, {{0}}, g_new(uint32_t, 1296), 0};
  for (int t = 0; t < 6; t++) {
    int a[4][3] = {{t + 1, t + 1, t + 1}, {t + 1, 6 - t, t + 1}, {6 - t, t + 1, t + 1}, {6 - t, 6 - t, t + 1}};
    for (int i = 0; i < 4; i++) sd.diag[i][t] = board_cell(b, a[i]);
  }
  int most = -1;
  bool two_ways = true;
  int elim[1296];
  for (int ch = 0; ch < 1296; ch++) {
    uint32_t cells[4];
    for (int i = 0, r = ch; i < 4; i++, r /= 6) cells[i] = sd.diag[i][r % 6];
    elim[ch] = eliminated_by(b, cells, 4);
    two_ways &= elim[ch] == eliminated_by_scan(b, cells, 4);
    if (elim[ch] > most) most = elim[ch];
  }
  for (int ch = 0; ch < 1296; ch++)
    if (elim[ch] == most) {
      uint32_t mask = 0;
      for (int i = 0, r = ch; i < 4; i++, r /= 6) mask |= 1u << (6 * i + r % 6);
      sd.best[sd.nbest++] = mask;
    }
  bool forced = breaker_wins(&sd, 0, 0, 0);
  int lines = (int)hg_ne(b->lines), cells = (int)b->ncells;
  rw_int(w, "CT12", "lines_6x6x6", lines);
  rw_int(w, "CT12", "cells_6x6x6", cells);
  rw_int(w, "CT12", "eliminated", most);
  rw_int(w, "CT12", "survivors", lines - most);
  rw_int(w, "CT12", "free_cells", cells - 8);
  rw_int(w, "CT12", "max_choices", sd.nbest);
  rw_bool(w, "CT12", "counted_two_ways", two_ways);
  rw_bool(w, "CT12", "breaker_forces_max", forced);
  Board *b5 = board_new(5, 3);
  rw_int(w, "CT12", "lines_5x5x5", (int64_t)hg_ne(b5->lines));
  rw_int(w, "CT12", "cells_5x5x5", b5->ncells);
  board_free(b5);
  g_free(sd.best);
  board_free(b);
  return two_ways;
}

static FILE *open_fig(const Expt *e, const char *suffix) {
  if (!opt_figdata) return NULL;
  g_autofree char *path = g_strdup_printf("%s-%s.dat", opt_figdata, suffix);
  FILE *f = expt_open_figdata(e, path);
  fprintf(f, "# pre-game pairings (experiments/cubic/pregame.c): x y label px py pz (partner, 0 0 0 if none), one block per panel\n");
  return f;
}

int main(int argc, char **argv) {
  GOptionEntry own[] = {{"figdata", 0, 0, G_OPTION_ARG_FILENAME, &opt_figdata,
                         "write the grids to PREFIX-planar.dat and PREFIX-cube8.dat", "PREFIX"},
                        {NULL, 0, 0, 0, NULL, NULL, NULL}};
  Expt e;
  expt_parse(&e, &argc, &argv, "cubic-pregame",
             "CT4, CT6, CT12: pre-game pairings of 5^2, 6^2, 7^2, 8^3, 9^3; the 6^3 superdiagonal opening.",
             own);
  FILE *planar = open_fig(&e, "planar"), *cube8 = open_fig(&e, "cube8");
  ResultWriter *w = expt_open_results(&e);
  bool ok = true;
  for (int n = 5; n <= 7; n++) ok &= run_board(w, "CT4", n, 2, planar);
  ok &= run_board(w, "CT6", 8, 3, cube8);
  ok &= run_board(w, "CT6", 9, 3, NULL);
  ok &= run_ct12(w);
  expt_close_file(&e, planar);
  expt_close_file(&e, cube8);
  g_free(opt_figdata);
  if (rw_close(w) != 0) return 3;
  return ok ? 0 : 1;
}
