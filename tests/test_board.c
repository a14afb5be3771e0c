/* Unit tests for src/game/board.c: the lines of small boards by hand, the
 * definition checked line by line, and the endpoint enumeration. */
#include <glib.h>
#include <stdlib.h>

#include "game/board.h"

static void test_coords(void) {
  Board *b = board_new(5, 3);
  g_assert_cmpuint(b->ncells, ==, 125);
  int x[3];
  for (uint32_t c = 0; c < b->ncells; c++) {
    board_coords(b, c, x);
    for (int i = 0; i < 3; i++) g_assert_true(x[i] >= 1 && x[i] <= 5);
    g_assert_cmpuint(board_cell(b, x), ==, c);
  }
  board_free(b);
}

/* 3x3 by hand: 3 rows, 3 columns, 2 diagonals, as sets of (row, col). */
static void test_3x3_by_hand(void) {
  static const int want[8][3][2] = {
      {{1, 1}, {1, 2}, {1, 3}}, {{2, 1}, {2, 2}, {2, 3}}, {{3, 1}, {3, 2}, {3, 3}},
      {{1, 1}, {2, 1}, {3, 1}}, {{1, 2}, {2, 2}, {3, 2}}, {{1, 3}, {2, 3}, {3, 3}},
      {{1, 1}, {2, 2}, {3, 3}}, {{1, 3}, {2, 2}, {3, 1}}};
  Board *b = board_new(3, 2);
  g_assert_cmpuint(hg_ne(b->lines), ==, G_N_ELEMENTS(want));
  for (size_t l = 0; l < G_N_ELEMENTS(want); l++) {
    uint64_t bits[1] = {0};
    for (int t = 0; t < 3; t++) bs_set(bits, board_cell(b, want[l][t]));
    g_assert_true(hg_has_edge_bits(b->lines, bits));
  }
  int centre[2] = {2, 2}, corner[2] = {1, 1}, edge[2] = {1, 2};
  g_assert_cmpuint(hg_degree(b->lines, board_cell(b, centre)), ==, 4);
  g_assert_cmpuint(hg_degree(b->lines, board_cell(b, corner)), ==, 3);
  g_assert_cmpuint(hg_degree(b->lines, board_cell(b, edge)), ==, 2);
  board_free(b);
}

/* Every enumerated line satisfies §2.2's definition, lines are distinct, and
 * the count agrees with the endpoint enumeration and with Lemma 2.1. */
static void test_definition(void) {
  for (int d = 1; d <= 3; d++)
    for (int n = 2; n <= 6; n++) {
      Board *b = board_new(n, d);
      size_t ne = hg_ne(b->lines);
      for (size_t l = 0; l < ne; l++) {
        g_assert_cmpuint(hg_edge_size(b->lines, l), ==, (size_t)n);
        int first[8], last[8], x[8];
        board_coords(b, hg_edge(b->lines, l)[0], first);
        board_coords(b, hg_edge(b->lines, l)[n - 1], last);
        bool moves = false;
        for (int i = 0; i < d; i++) {
          bool constant = first[i] == last[i];
          bool up = first[i] == 1 && last[i] == n, down = first[i] == n && last[i] == 1;
          g_assert_true(constant || up || down);
          moves |= !constant;
          for (int t = 0; t < n; t++) {
            board_coords(b, hg_edge(b->lines, l)[t], x);
            g_assert_cmpint(x[i], ==, constant ? first[i] : up ? 1 + t : n - t);
          }
        }
        g_assert_true(moves);
        for (size_t m = 0; m < l; m++)
          g_assert_false(bs_and_count(hg_edge_bits(b->lines, l), hg_edge_bits(b->lines, m),
                                      hg_words(b->lines)) == (size_t)n);
      }
      uint32_t *deg = g_new(uint32_t, b->ncells);
      g_assert_cmpuint(board_lines_by_endpoints(n, d, deg), ==, ne);
      g_assert_cmpuint(board_lines_formula(n, d), ==, ne);
      for (uint32_t c = 0; c < b->ncells; c++) g_assert_cmpuint(deg[c], ==, hg_degree(b->lines, c));
      g_free(deg);
      board_free(b);
    }
}

static void test_centre_of_cube(void) {
  Board *b = board_new(3, 3);
  int centre[3] = {2, 2, 2};
  /* 26 neighbours of the centre, paired through it: 13 lines */
  g_assert_cmpuint(hg_degree(b->lines, board_cell(b, centre)), ==, 13);
  board_free(b);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/board/coords", test_coords);
  g_test_add_func("/board/3x3-by-hand", test_3x3_by_hand);
  g_test_add_func("/board/definition", test_definition);
  g_test_add_func("/board/centre-of-cube", test_centre_of_cube);
  return g_test_run();
}
