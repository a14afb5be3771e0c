/* test_boardspec.c — board specs, cell names, the hypergraph file format and
 * its round trip for every kind of board (src/game/boardspec.h). */
#include <glib.h>
#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "game/boardspec.h"

static const char *const KINDS[] = {"5^2", "4^3", "2^1", "mnk:5,4,3", "mnk:3,3,1", "torus:5,3",
                                    "torus:4,4", "qcube:4,2", "qcube:3,3",
                                    "lattice:1,0;0,1;1,1;1,-1/3@5", "lattice:1,2;1,0/2@4",
                                    "lattice:1,0,0;0,1,0;0,0,1/2@3"};

static char *to_text(const MbBoard *b) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  g_assert_true(bs_write(f, b));
  fclose(f);
  return buf;
}

static void same_hypergraph(const MbBoard *a, const MbBoard *b) {
  g_assert_cmpuint(a->ncells, ==, b->ncells);
  g_assert_cmpuint(hg_ne(a->h), ==, hg_ne(b->h));
  for (uint32_t c = 0; c < a->ncells; c++) {
    g_autofree char *x = bs_cell_token(a, c), *y = bs_cell_token(b, c);
    g_assert_cmpstr(x, ==, y);
  }
  for (size_t e = 0; e < hg_ne(a->h); e++) {
    g_assert_cmpuint(hg_edge_size(a->h, e), ==, hg_edge_size(b->h, e));
    g_assert_cmpmem(hg_edge(a->h, e), hg_edge_size(a->h, e) * 4, hg_edge(b->h, e), hg_edge_size(b->h, e) * 4);
  }
}

static void test_round_trip(void) {
  for (size_t i = 0; i < G_N_ELEMENTS(KINDS); i++) {
    GError *err = NULL;
    MbBoard *b = bs_board_new(KINDS[i], &err);
    g_assert_no_error(err);
    g_autofree char *text = to_text(b);
    MbBoard *r = bs_board_from_text(text, "round-trip", &err);
    g_assert_no_error(err);
    same_hypergraph(b, r);
    /* and through a real file, by the spec file:PATH */
    g_autofree char *path = g_build_filename(g_get_tmp_dir(), "mb-roundtrip.txt", NULL);
    g_assert_true(g_file_set_contents(path, text, -1, NULL));
    g_autofree char *spec = g_strdup_printf("file:%s", path);
    MbBoard *f = bs_board_new(spec, &err);
    g_assert_no_error(err);
    same_hypergraph(b, f);
    g_assert_cmpint(f->spec.kind, ==, BS_FILE);
    g_unlink(path);
    bs_board_free(f);
    bs_board_free(r);
    bs_board_free(b);
  }
}

/* the cube boards are board.h's; the others' set counts by formula */
static void test_counts(void) {
  GError *err = NULL;
  MbBoard *b = bs_board_new("6^3", &err);
  g_assert_cmpuint(hg_ne(b->h), ==, board_lines_formula(6, 3));
  bs_board_free(b);
  /* mnk: rows + columns + 2 diagonal directions */
  int M = 7, N = 5, K = 4;
  b = bs_board_new("mnk:7,5,4", &err);
  g_assert_cmpuint(hg_ne(b->h), ==, (size_t)(N * (M - K + 1) + M * (N - K + 1) + 2 * (M - K + 1) * (N - K + 1)));
  bs_board_free(b);
  b = bs_board_new("torus:6,4", &err);
  g_assert_cmpuint(hg_ne(b->h), ==, 4 * 36);
  bs_board_free(b);
  b = bs_board_new("torus:6,6", &err); /* whole lines: 4 directions x 6 cosets */
  g_assert_cmpuint(hg_ne(b->h), ==, 4 * 6);
  bs_board_free(b);
  b = bs_board_new("qcube:5,2", &err); /* C(5,2) 2^3 */
  g_assert_cmpuint(hg_ne(b->h), ==, 10 * 8);
  g_assert_cmpuint(hg_edge_size(b->h, 0), ==, 4);
  bs_board_free(b);
  /* 1-D lattice with S = {1}: W - M + 1 windows */
  b = bs_board_new("lattice:1/3@10", &err);
  g_assert_no_error(err);
  g_assert_cmpuint(hg_ne(b->h), ==, 8);
  bs_board_free(b);
  /* the form, M after the last comma */
  MbBoard *x = bs_board_new("lattice:1,0;0,1;1,1;1,-1,5@12", &err), *y = bs_board_new("lattice:1,0;0,1;1,1;1,-1/5@12", &err);
  g_assert_no_error(err);
  same_hypergraph(x, y);
  g_assert_cmpstr(x->name, ==, "lattice:1,0;0,1;1,1;1,-1/5@12");
  bs_board_free(x);
  bs_board_free(y);
}

static void test_bad_specs(void) {
  const char *bad[] = {"", "7", "7^", "^3", "1^3", "65^2", "7^9", "7^3x", "mnk:5,5", "mnk:0,5,3",
                       "mnk:5,5,3,1", "torus:2,2", "torus:5,6", "qcube:21,3", "qcube:4,5",
                       "qcube:4,0", "lattice:1,0;0,1/5", "lattice:1,0;2,0/5@10", "lattice:2,2/3@4",
                       "lattice:1,0/1@5", "lattice:1,0/3@0", "file:", "nonsense:3", "mnk:99999999999999999999,2,2",
                       "64^8", "7^3\n"};
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
    GError *err = NULL;
    BsSpec sp;
    g_assert_false(bs_spec_parse(bad[i], &sp, &err));
    g_assert_nonnull(err);
    g_assert_null(strchr(err->message, '\n'));
    g_error_free(err);
  }
  GError *err = NULL;
  g_assert_null(bs_board_new("file:/nonexistent/board.txt", &err));
  g_assert_nonnull(err);
  g_error_free(err);
}

static void test_file_format(void) {
  GError *err = NULL;
  MbBoard *b = bs_board_from_text("# a board\n a b c # first\n\nc,d, e\n@x\n", "t", &err);
  g_assert_null(b); /* directive after a set */
  g_clear_error(&err);
  b = bs_board_from_text("@size 6 2\n@cells z\na b c\nc,d, e\n", "t", &err);
  g_assert_no_error(err);
  g_assert_cmpuint(b->ncells, ==, 6);
  g_assert_cmpuint(hg_ne(b->h), ==, 2);
  uint32_t c;
  g_assert_true(bs_cell_parse(b, "z", &c, NULL));
  g_assert_cmpuint(c, ==, 0);
  g_assert_true(bs_cell_parse(b, "e", &c, NULL));
  g_assert_cmpuint(c, ==, 5);
  g_assert_false(bs_cell_parse(b, "q", &c, NULL));
  bs_board_free(b);
  const char *bad[] = {"a b a\n", "a b\nb a\n", "@size 3 1\na b\n", "@size 2 2\na b\n",
                       "a\x01 b\n", "@cells a a\n", "@nope\n", "@size x 1\n",
                       "@size 99999999999 1\n"};
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
    g_assert_null(bs_board_from_text(bad[i], "t", &err));
    g_assert_nonnull(err);
    g_assert_null(strchr(err->message, '\n'));
    g_clear_error(&err);
  }
}

static void test_cell_names(void) {
  for (size_t i = 0; i < G_N_ELEMENTS(KINDS); i++) {
    MbBoard *b = bs_board_new(KINDS[i], NULL);
    for (uint32_t c = 0; c < b->ncells; c++) {
      g_autofree char *n = bs_cell_name(b, c), *t = bs_cell_token(b, c);
      uint32_t x = UINT32_MAX, y = UINT32_MAX;
      g_assert_true(bs_cell_parse(b, n, &x, NULL));
      g_assert_true(bs_cell_parse(b, t, &y, NULL));
      g_assert_cmpuint(x, ==, c);
      g_assert_cmpuint(y, ==, c);
    }
    bs_board_free(b);
  }
  MbBoard *b = bs_board_new("7^3", NULL);
  uint32_t c;
  int xyz[3] = {4, 2, 7};
  g_assert_true(bs_cell_parse(b, "4,2,7", &c, NULL));
  g_assert_cmpuint(c, ==, board_cell(b->cube, xyz));
  const char *off[] = {"0,1,1", "8,1,1", "1,1", "1,1,1,1", "a,b,c", "", "1,,1"};
  for (size_t i = 0; i < G_N_ELEMENTS(off); i++) g_assert_false(bs_cell_parse(b, off[i], &c, NULL));
  bs_board_free(b);
  b = bs_board_new("qcube:4,2", NULL);
  g_assert_true(bs_cell_parse(b, "1000", &c, NULL));
  g_assert_cmpuint(c, ==, 1);
  g_assert_false(bs_cell_parse(b, "102", &c, NULL));
  g_assert_false(bs_cell_parse(b, "10000", &c, NULL));
  bs_board_free(b);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/boardspec/round_trip_every_kind", test_round_trip);
  g_test_add_func("/boardspec/counts", test_counts);
  g_test_add_func("/boardspec/bad_specs", test_bad_specs);
  g_test_add_func("/boardspec/file_format", test_file_format);
  g_test_add_func("/boardspec/cell_names", test_cell_names);
  return g_test_run();
}
