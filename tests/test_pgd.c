/* Unit tests for src/game/pgd.c and pg: boards (boardspec.h): the format's
 * example read as the description defines it, every refusal as one line,
 * and written games read back the same. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "game/boardspec.h"
#include "game/pgd.h"

static const char EXAMPLE[] =
    "#version\n1.0\n#times\nt4 t5 t6 t7 t8 t9\n#blackturns\nt5 t7 t9\n#positions\na1 a2 a3 \nb1 b2 b3\nc1 c2 c3\n"
    "#blackwins\na1 b1 c1\na2 b2 c2\na3 b3 c3\na1 a2 a3\nb1 b2 b3\nc1 c2 c3\na1 b2 c3\na3 b2 c1\n"
    "#blackinitials\nb2 c3\n#whiteinitials\na1\n";

static void test_example(void) {
  PgGame g;
  GError *e = NULL;
  g_assert_true(pgd_parse(EXAMPLE, "ex", &g, &e));
  g_assert_no_error(e);
  g_assert_cmpuint(g.names->len, ==, 9);
  g_assert_cmpuint(g.start->len, ==, 9);
  g_assert_cmpuint(g.black->len, ==, 2);
  g_assert_cmpuint(g.white->len, ==, 1);
  g_assert_false(g.black_to_move); /* t4 is white's */
  g_assert_cmpuint(g.maker_moves, ==, 3);
  g_assert_cmpstr(g_ptr_array_index(g.names, 4), ==, "b2");
  pgd_clear(&g);
}

static void refused(const char *text, const char *want) {
  PgGame g;
  GError *e = NULL;
  g_assert_false(pgd_parse(text, "t", &g, &e));
  g_assert_nonnull(e);
  g_assert_null(strchr(e->message, '\n'));
  if (!strstr(e->message, want)) g_error("'%s' lacks '%s'", e->message, want);
  g_error_free(e);
}

static void test_refusals(void) {
  refused("#positions\na b\n#whitewins\na b\n", "strong game");
  refused("#positions\na b\n#firstmoves\na\n", "#firstmoves");
  refused("#positions\na b\n#neighbours\na b\n", "unknown code word");
  refused("a b\n#positions\na b\n", "before the first code word");
  refused("#positions\na b-c\n", "alphanumeric");
  refused("#positions\na a\n", "twice in #positions");
  refused("#positions\na b\n#blackwins\na c\n", "not a vertex");
  refused("#positions\na b\n#blackwins\na a\n", "twice in one set");
  refused("#positions\na b\n#blackwins\na b\nb a\n", "the same set");
  refused("#positions\na b\n#blackinitials\na\n#whiteinitials\na\n", "initial twice");
  refused("#positions\na b\n#times\nt1 t1\n", "listed twice");
  refused("#positions\na b\n#times\nt1 t2\n#blackturns\nt3\n", "not a time point");
  refused("#positions\na b c\n#times\nt1 t2 t3\n#blackturns\nt1 t2\n", "do not alternate");
  refused("#version\n2.0\n#positions\na\n", "version");
  refused("#blackwins\n", "no #positions");
  refused("#positions\na\x01\n", "t");
}

static void test_roundtrip(void) {
  PgGame g, h;
  g_assert_true(pgd_parse(EXAMPLE, "ex", &g, NULL));
  uint8_t owner[9] = {0};
  for (guint i = 0; i < g.black->len; i++) owner[g_array_index(g.black, uint32_t, i)] = 1;
  for (guint i = 0; i < g.white->len; i++) owner[g_array_index(g.white, uint32_t, i)] = 2;
  for (int first = 0; first < 2; first++)
    for (uint32_t n = 0; n <= 4; n++) {
      char *out = NULL;
      size_t len = 0;
      FILE *f = open_memstream(&out, &len);
      g_assert_true(pgd_write(f, 9, (char *const *)g.names->pdata, g.start->len - 1, (uint32_t *)g.start->data,
                              (uint32_t *)g.cells->data, owner, first, n));
      fclose(f);
      g_assert_true(pgd_parse(out, "w", &h, NULL));
      g_assert_cmpuint(h.maker_moves, ==, n);
      if (n) g_assert_cmpint(h.black_to_move, ==, first);
      g_assert_cmpmem(h.cells->data, h.cells->len * 4, g.cells->data, g.cells->len * 4);
      g_assert_cmpmem(h.start->data, h.start->len * 4, g.start->data, g.start->len * 4);
      g_assert_cmpuint(h.black->len, ==, 2);
      pgd_clear(&h);
      free(out);
    }
  pgd_clear(&g);
}

/* a built-in board exported with --pg's writer and read as pg:PATH: same sets in the same order */
static void test_board_roundtrip(void) {
  const char *specs[] = {"mnk:4,4,3", "3^3", "qcube:3,2", "torus:4,3"};
  for (int i = 0; i < 4; i++) {
    MbBoard *b = bs_board_new(specs[i], NULL);
    g_assert_nonnull(b);
    uint8_t *owner = g_new0(uint8_t, b->ncells);
    owner[0] = 1, owner[b->ncells - 1] = 2;
    g_autofree char *path = NULL;
    int fd = g_file_open_tmp("test_pgd-XXXXXX.pg", &path, NULL);
    g_assert_cmpint(fd, >=, 0);
    FILE *f = fdopen(fd, "w");
    g_assert_true(bs_write_pg(f, b, owner, false, 5));
    fclose(f);
    g_autofree char *spec = g_strdup_printf("pg:%s", path);
    GError *e = NULL;
    MbBoard *c = bs_board_new(spec, &e);
    g_assert_no_error(e);
    g_assert_cmpuint(c->ncells, ==, b->ncells);
    g_assert_cmpuint(hg_ne(c->h), ==, hg_ne(b->h));
    for (size_t s = 0; s < hg_ne(b->h); s++)
      g_assert_cmpmem(hg_edge(c->h, s), hg_edge_size(c->h, s) * 4, hg_edge(b->h, s), hg_edge_size(b->h, s) * 4);
    g_assert_true(c->game.present);
    g_assert_false(c->game.maker_to_move);
    g_assert_cmpuint(c->game.maker_moves, ==, 5);
    g_assert_cmpuint(c->game.nmaker, ==, 1);
    g_assert_cmpuint(c->game.nbreaker, ==, 1);
    g_remove(path);
    bs_board_free(c);
    bs_board_free(b);
    g_free(owner);
  }
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/pgd/example", test_example);
  g_test_add_func("/pgd/refusals", test_refusals);
  g_test_add_func("/pgd/roundtrip", test_roundtrip);
  g_test_add_func("/pgd/board-roundtrip", test_board_roundtrip);
  return g_test_run();
}
