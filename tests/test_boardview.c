/* test_boardview.c — pictures of positions (src/game/boardview.h): the text
 * drawing of a 2-D, a 3-D and a non-grid board against hand-written
 * pictures, and the gnuplot script's data blocks. */
#include <glib.h>
#include <string.h>

#include "game/boardview.h"
#include "game/pairing.h"

static char *text_of(const char *spec, const char *moves) {
  MbBoard *b = bs_board_new(spec, NULL);
  g_assert_nonnull(b);
  MbPosition pos;
  g_assert_true(mb_position_parse(b, moves, &pos, NULL));
  char *m = g_malloc0(b->ncells + 1);
  for (uint32_t c = 0; c < b->ncells; c++) m[c] = pos.owner[c] == MB_MAKER ? 'X' : pos.owner[c] == MB_BREAKER ? 'O' : '.';
  GString *s = g_string_new(NULL);
  bv_text(b, m, s);
  g_free(m);
  mb_position_clear(&pos);
  bs_board_free(b);
  return g_string_free(s, FALSE);
}

static void test_text(void) {
  g_autofree char *a = text_of("mnk:4,3,3", "M:1,1 B:4,3 M:2,2");
  g_assert_cmpstr(a, ==,
                  "3  . . . O\n"
                  "2  . X . .\n"
                  "1  X . . .\n"
                  "   1 2 3 4\n");
  g_autofree char *b = text_of("2^3", "M:1,1,1 B:2,2,2 M:1,2,2");
  g_assert_cmpstr(b, ==,
                  "   z=1      z=2\n"
                  "2  . .   2  X O\n"
                  "1  X .   1  . .\n"
                  "   1 2      1 2\n");
  g_autofree char *t = text_of("torus:3,3", "B:0,2");
  g_assert_cmpstr(t, ==,
                  "2  O . .\n"
                  "1  . . .\n"
                  "0  . . .\n"
                  "   0 1 2\n");
  g_autofree char *q = text_of("qcube:2,1", "M:01 B:11 M:00");
  g_assert_cmpstr(q, ==, "O: 11\nX: 00 01\n");
}

static void test_gnuplot(void) {
  MbBoard *b = bs_board_new("3^2", NULL);
  uint8_t own[9] = {MB_MAKER, 0, 0, 0, MB_BREAKER, 0, 0, 0, 0};
  GString *s = g_string_new(NULL);
  g_assert_true(bv_gnuplot(b, own, 8, "t", s));
  g_assert_nonnull(strstr(s->str, "$maker << EOD\n0 0\nEOD\n"));
  g_assert_nonnull(strstr(s->str, "$breaker << EOD\n1 1\nEOD\n"));
  g_assert_nonnull(strstr(s->str, "$marked << EOD\n2 2\nEOD\n"));
  g_assert_null(strstr(s->str, "set output"));
  bs_board_free(b);
  b = bs_board_new("qcube:3,1", NULL);
  g_string_truncate(s, 0);
  g_assert_false(bv_gnuplot(b, own, 0, "t", s));
  g_assert_cmpuint(s->len, ==, 0);
  bs_board_free(b);
  g_string_free(s, TRUE);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/boardview/text", test_text);
  g_test_add_func("/boardview/gnuplot", test_gnuplot);
  return g_test_run();
}
