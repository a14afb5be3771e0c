/* test_nearlines.c — game/nearlines.h: the near-lines of a hypergraph (sets
 * T whose every |T| - 1 cells form an edge), counted against what the
 * boards' geometry says, and the line potential's use in the solver (on,
 * off: the same answers, certificates the checker accepts); the stored
 * lines of play of campaigns/atlas/depth recomputed by their stated rule. */
#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "game/boardspec.h"
#include "game/nearlines.h"
#include "solve/certcheck.h"
#include "solve/solver.h"

static void test_triangle(void) {
  /* all pairs of {0,1,2}: one near-line; {3,4} alone spans none; {0,3}
   * meets {0,1} in one cell of two, but {1,3} is no edge */
  Hypergraph *h = hg_new(5);
  const uint32_t e[][2] = {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {0, 3}};
  for (int i = 0; i < 5; i++) hg_add_edge(h, e[i], 2);
  hg_finalize(h);
  MbNearLines nl;
  g_assert_cmpuint(mb_near_lines(h, &nl), ==, 1);
  g_assert_cmpuint(nl.start[1], ==, 3);
  for (uint32_t i = 0; i < 3; i++) g_assert_cmpuint(nl.cells[i], ==, i);
  const uint8_t cov[] = {1, 1, 1, 0, 0};
  for (int i = 0; i < 5; i++) g_assert_cmpuint(nl.covered[i], ==, cov[i]);
  mb_near_lines_clear(&nl);
  hg_free(h);
}

/* torus:n,n-1: the 4n lines of n cells, every window covered; torus:n,k
 * with k < n - 1 and mnk boards with k >= 3 have none (a row of m cells
 * holds m - k + 1 < k + 1 windows); mnk:3,3,2 has the triangles of three
 * mutually adjacent cells (a corner of a 2x2 block: 4 per block, 16) */
static void test_boards(void) {
  struct {
    const char *spec;
    uint32_t want, len;
  } c[] = {{"torus:5,4", 20, 5}, {"torus:6,5", 24, 6}, {"torus:7,6", 28, 7}, {"torus:8,7", 32, 8},
           {"torus:8,6", 0, 0},  {"mnk:5,5,4", 0, 0},  {"mnk:7,7,5", 0, 0},  {"mnk:3,3,2", 16, 3}};
  for (size_t i = 0; i < G_N_ELEMENTS(c); i++) {
    GError *err = NULL;
    MbBoard *b = bs_board_new(c[i].spec, &err);
    g_assert_no_error(err);
    MbNearLines nl;
    g_assert_cmpuint(mb_near_lines(b->h, &nl), ==, c[i].want);
    uint32_t covered = 0;
    for (size_t e = 0; e < hg_ne(b->h); e++) covered += nl.covered[e];
    for (uint32_t l = 0; l < nl.n; l++) g_assert_cmpuint(nl.start[l + 1] - nl.start[l], ==, c[i].len);
    if (g_str_has_prefix(c[i].spec, "torus") && c[i].want) g_assert_cmpuint(covered, ==, hg_ne(b->h));
    if (!c[i].want) g_assert_cmpuint(covered, ==, 0);
    mb_near_lines_clear(&nl);
    bs_board_free(b);
  }
}

/* the solver with and without the line potential on torus:9,8 (decided by
 * it at the root, either side first: the value there is 27/32 with Maker to
 * move, 99/128 with Breaker to move) and on torus:5,4 with Breaker first,
 * Maker's win, with and without it; every certificate passes the checker */
static void test_solver(void) {
  struct {
    const char *spec, *moves;
    bool breaker_first, lines, maker_wins;
    const char *leaf;
  } c[] = {{"torus:9,8", "", false, true, false, "L 27/32"},
           {"torus:9,8", "", true, true, false, "L 99/128"},
           {"torus:5,4", "", true, true, true, NULL},
           {"torus:5,4", "", true, false, true, NULL}};
  for (size_t i = 0; i < G_N_ELEMENTS(c); i++) {
    GError *err = NULL;
    MbBoard *b = bs_board_new(c[i].spec, &err);
    g_assert_no_error(err);
    MbPosition pos;
    g_assert_true(mb_position_parse(b, c[i].moves, &pos, &err));
    MbSolveOpts o;
    mb_solve_opts_default(&o);
    o.breaker_first = c[i].breaker_first, o.lines = c[i].lines, o.threads = 1, o.want_cert = true;
    MbSolveResult r;
    g_assert_true(mb_solve(b, &pos, &o, &r, &err));
    g_assert_no_error(err);
    g_assert_cmpint(r.outcome, ==, c[i].maker_wins ? MB_MAKER_WINS : MB_BREAKER_WINS);
    g_assert_nonnull(r.cert);
    if (c[i].leaf) g_assert_nonnull(strstr(r.cert, c[i].leaf));
    CcReport rep;
    char *why = NULL;
    g_assert_cmpint(cc_check(c[i].spec, r.cert, &rep, &why), ==, CC_VALID);
    g_free(why);
    mb_solve_result_clear(&r);
    mb_position_clear(&pos);
    bs_board_free(b);
  }
}

/* campaigns/atlas/depth (make campaign-atlas-depth) solves open tori
 * backwards along stored lines of play, and the report says how they were
 * chosen: both sides take a cell of largest gain in the line potential (a
 * free cell's gain: u 2^-u from each line through it with no Breaker cell
 * and u free cells, 2^-u from each with one), ties to the first cell in
 * the order x, then y.  Each stored line is recomputed here by that rule. */
static int cmp_xy(const void *a, const void *b, void *names) {
  int xa, ya, xb, yb;
  GPtrArray *nm = names;
  g_assert_cmpint(sscanf(g_ptr_array_index(nm, *(const uint32_t *)a), "%d,%d", &xa, &ya), ==, 2);
  g_assert_cmpint(sscanf(g_ptr_array_index(nm, *(const uint32_t *)b), "%d,%d", &xb, &yb), ==, 2);
  return xa != xb ? (xa > xb) - (xa < xb) : (ya > yb) - (ya < yb);
}
static char *greedy_line(const char *spec, bool breaker_first, uint32_t nmoves) {
  GError *err = NULL;
  MbBoard *b = bs_board_new(spec, &err);
  g_assert_no_error(err);
  MbNearLines nl;
  g_assert_cmpuint(mb_near_lines(b->h, &nl), >, 0);
  uint32_t nc = b->ncells, *order = g_new(uint32_t, nc);
  uint8_t *own = g_new0(uint8_t, nc); /* 0 free, 1 Maker's, 2 Breaker's */
  double *gain = g_new(double, nc);
  GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
  for (uint32_t c = 0; c < nc; c++) order[c] = c, g_ptr_array_add(names, bs_cell_name(b, c));
  g_qsort_with_data(order, (gint)nc, sizeof *order, cmp_xy, names);
  GString *line = g_string_new(NULL);
  for (uint32_t t = 0; t < nmoves; t++) {
    bool breaker = (t % 2 == 0) == breaker_first;
    for (uint32_t c = 0; c < nc; c++) gain[c] = 0;
    for (uint32_t l = 0; l < nl.n; l++) { /* each line adds its gain to its free cells */
      uint32_t nb = 0, u = 0;
      for (uint32_t j = nl.start[l]; j < nl.start[l + 1]; j++) nb += own[nl.cells[j]] == 2, u += own[nl.cells[j]] == 0;
      double g = nb == 0 ? u * ldexp(1.0, -(int)u) : nb == 1 ? ldexp(1.0, -(int)u) : 0;
      for (uint32_t j = nl.start[l]; j < nl.start[l + 1]; j++) gain[nl.cells[j]] += g;
    }
    double best = -1;
    uint32_t pick = UINT32_MAX;
    for (uint32_t i = 0; i < nc; i++)
      if (!own[order[i]] && gain[order[i]] > best) best = gain[order[i]], pick = order[i];
    g_assert_cmpuint(pick, !=, UINT32_MAX);
    own[pick] = breaker ? 2 : 1;
    g_string_append_printf(line, "%s%c:%s", t ? "+" : "", breaker ? 'B' : 'M', (char *)g_ptr_array_index(names, pick));
  }
  g_ptr_array_free(names, TRUE);
  g_free(order), g_free(own), g_free(gain);
  mb_near_lines_clear(&nl);
  bs_board_free(b);
  return g_string_free(line, FALSE);
}
static void test_depth_lines(void) {
  char *text = NULL;
  GError *err = NULL;
  g_assert_true(g_file_get_contents("campaigns/atlas/depth/depth.tsv", &text, NULL, &err));
  char **rows = g_strsplit(text, "\n", -1);
  uint32_t checked = 0;
  for (char **r = rows; *r; r++) {
    char **f = g_strsplit(*r, "\t", -1);
    if (g_strv_length(f) == 3 && g_str_has_suffix(f[1], "/depth/line")) {
      char **k = g_strsplit(f[1], "/", -1); /* BOARD, SIDE, depth, line */
      char **mv = g_strsplit(f[2], "+", -1);
      char *want = greedy_line(k[0], strcmp(k[1], "breaker") == 0, g_strv_length(mv));
      g_assert_cmpstr(f[2], ==, want);
      checked++;
      g_free(want), g_strfreev(mv), g_strfreev(k);
    }
    g_strfreev(f);
  }
  g_assert_cmpuint(checked, >=, 1);
  g_strfreev(rows), g_free(text);
  /* the rule itself, on a line it must not reproduce: the first move is the
   * first cell in the order (every cell's gain is equal on the empty torus) */
  char *l = greedy_line("torus:7,6", false, 1);
  g_assert_cmpstr(l, ==, "M:0,0");
  g_free(l);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/nearlines/triangle", test_triangle);
  g_test_add_func("/nearlines/boards", test_boards);
  g_test_add_func("/nearlines/solver", test_solver);
  g_test_add_func("/nearlines/depth-lines", test_depth_lines);
  return g_test_run();
}
