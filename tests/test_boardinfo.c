/* test_boardinfo.c — exact Erdős–Selfridge sums and counting bounds
 * (src/game/boardinfo.h), against sums done by hand in 64-bit integers. */
#include <glib.h>
#include <string.h>

#include "game/boardinfo.h"

static void test_dyadic(void) {
  uint32_t s1[] = {3};
  uint64_t c1[] = {6};
  bool lt;
  g_autofree char *a = mb_dyadic_string(s1, c1, 1, &lt); /* 6/8 = 3/4 */
  g_assert_cmpstr(a, ==, "3/4");
  g_assert_true(lt);
  uint32_t s2[] = {1, 2};
  uint64_t c2[] = {1, 2}; /* 1/2 + 2/4 = 1 */
  g_autofree char *b = mb_dyadic_string(s2, c2, 2, &lt);
  g_assert_cmpstr(b, ==, "1");
  g_assert_false(lt);
  uint32_t s3[] = {300};
  uint64_t c3[] = {1};
  g_autofree char *c = mb_dyadic_string(s3, c3, 1, &lt);
  g_assert_cmpstr(c, ==, "1/2^300");
  uint32_t s4[] = {70, 5};
  uint64_t c4[] = {3, 0};
  g_autofree char *d = mb_dyadic_string(s4, c4, 2, &lt); /* 3/2^70 */
  g_assert_cmpstr(d, ==, "3/1180591620717411303424");
  uint32_t s5[] = {0};
  uint64_t c5[] = {0};
  g_autofree char *z = mb_dyadic_string(s5, c5, 1, &lt);
  g_assert_cmpstr(z, ==, "0");
}

static void info_of(const char *spec, const char *moves, MbInfo *in) {
  MbBoard *b = bs_board_new(spec, NULL);
  MbPosition pos;
  g_assert_true(mb_position_parse(b, moves, &pos, NULL));
  MbSurvivors s;
  mb_survivors(b, &pos, &s);
  mb_info(b, &s, in);
  mb_survivors_clear(&s);
  mb_position_clear(&pos);
  bs_board_free(b);
}

static void test_boards(void) {
  MbInfo in;
  /* n^d, uniform: sum = lines / 2^n, max cell = max degree / 2^n */
  for (int n = 3; n <= 9; n++) {
    g_autofree char *spec = g_strdup_printf("%d^3", n);
    info_of(spec, NULL, &in);
    uint64_t lines = board_lines_formula(n, 3), den = (uint64_t)1 << n;
    uint64_t g = lines, h = den;
    while (h) { uint64_t t = g % h; g = h; h = t; }
    g_autofree char *want = den / g == 1 ? g_strdup_printf("%" G_GUINT64_FORMAT, lines / g)
                                         : g_strdup_printf("%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT, lines / g, den / g);
    g_assert_cmpstr(in.es_sum, ==, want);
    g_assert_cmpint(in.breaker_first_es, ==, lines < den);
    Board *bd = board_new(n, 3);
    uint64_t maxdeg = hg_max_degree(bd->lines); /* board.h's own degrees */
    board_free(bd);
    g_assert_cmpuint(in.max_deg, ==, maxdeg);
    g_assert_cmpint(in.breaker_second_es, ==, lines + maxdeg < den);
    g_assert_cmpint(in.private_count_ok, ==, 2 * lines <= (uint64_t)(n * n * n));
    g_assert_true(in.codeg_known);
    g_assert_cmpuint(in.max_codeg, ==, 1); /* two cells span at most one line */
    mb_info_clear(&in);
  }
  /* a position: Breaker kills sets, Maker shrinks them (sizes vary) */
  info_of("4^2", "M:1,1 B:3,3", &in);
  g_assert_cmpuint(in.surviving, ==, board_lines_formula(4, 2) - 3); /* (3,3) is on 3 lines */
  g_assert_cmpuint(in.min_size, ==, 3);
  g_assert_cmpuint(in.max_size, ==, 4);
  g_assert_cmpuint(in.free_cells, ==, 14);
  mb_info_clear(&in);
  /* qcube: co-degree of two vertices at distance 1 in Q(4,2): 3 subcubes */
  info_of("qcube:4,2", NULL, &in);
  g_assert_cmpuint(in.max_codeg, ==, 3);
  g_assert_cmpstr(in.es_sum, ==, "3/2"); /* 24 sets of 4 */
  mb_info_clear(&in);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/boardinfo/dyadic", test_dyadic);
  g_test_add_func("/boardinfo/boards", test_boards);
  return g_test_run();
}
