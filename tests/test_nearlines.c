/* test_nearlines.c — game/nearlines.h: the near-lines of a hypergraph (sets
 * T whose every |T| - 1 cells form an edge), counted against what the
 * boards' geometry says, and the line potential's use in the solver (on,
 * off: the same answers, certificates the checker accepts). */
#include <glib.h>
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

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/nearlines/triangle", test_triangle);
  g_test_add_func("/nearlines/boards", test_boards);
  g_test_add_func("/nearlines/solver", test_solver);
  return g_test_run();
}
