/* test_symmetry.c — automorphism groups by bliss (src/game/symmetry.h):
 * known orders, every element an automorphism, the identity first, inverses,
 * and the limit; the orbits of pointwise stabilisers computed from the
 * generators (mb_group_stab_classes) against the enumerated group, and
 * mb_group_add. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "game/boardspec.h"
#include "game/symmetry.h"

static void expect_group(const char *spec, uint32_t order) {
  MbBoard *b = bs_board_new(spec, NULL);
  g_assert_nonnull(b);
  MbGroup *g = mb_group_new(b->h, 5000, NULL);
  g_assert_nonnull(g);
  g_assert_true(g->enumerated);
  g_assert_cmpuint(g->order, ==, order);
  char want[16];
  g_snprintf(want, sizeof want, "%u", order);
  g_assert_cmpstr(g->size, ==, want);
  size_t W = hg_words(b->h);
  uint64_t *bits = g_new0(uint64_t, W);
  for (uint32_t c = 0; c < g->nv; c++) g_assert_cmpuint(g->perm[0][c], ==, c); /* identity first */
  for (uint32_t i = 0; i < g->order; i++) {
    for (size_t e = 0; e < hg_ne(b->h); e++) { /* sets onto sets */
      memset(bits, 0, W * sizeof(uint64_t));
      for (size_t k = 0; k < hg_edge_size(b->h, e); k++) bs_set(bits, g->perm[i][hg_edge(b->h, e)[k]]);
      g_assert_true(hg_has_edge_bits(b->h, bits));
    }
    const uint32_t *inv = g->perm[g->inverse[i]];
    for (uint32_t c = 0; c < g->nv; c++) g_assert_cmpuint(inv[g->perm[i][c]], ==, c);
    g_assert_cmpint(mb_group_find(g, g->perm[i]), ==, (int64_t)i);
    if (i) g_assert_true(memcmp(g->perm[i - 1], g->perm[i], g->nv * sizeof(uint32_t)) != 0);
  }
  g_free(bits);
  mb_group_free(g);
  bs_board_free(b);
}

static void test_orders(void) {
  expect_group("mnk:3,3,3", 8);   /* the square's symmetries */
  expect_group("3^3", 48);        /* the cube's */
  expect_group("qcube:3,1", 48);  /* the edges of Q_3: the hyperoctahedral group */
  expect_group("mnk:4,3,3", 4);   /* a rectangle */
}

static void test_limit(void) {
  MbBoard *b = bs_board_new("3^3", NULL);
  MbGroup *g = mb_group_new(b->h, 10, NULL);
  g_assert_false(g->enumerated);
  g_assert_cmpuint(g->order, ==, 1);
  g_assert_cmpstr(g->size, ==, "48");
  mb_group_free(g);
  g = mb_group_identity(27);
  g_assert_cmpuint(g->order, ==, 1);
  mb_group_free(g);
  bs_board_free(b);
}

/* the K7 triangle game: cells the 21 edges of K7, sets its 35 triangles;
 * its group is S7 (order 5040) */
static MbBoard *k7(void) {
  g_autofree char *dir = g_dir_make_tmp("symXXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "k7.txt", NULL);
  GString *t = g_string_new(NULL);
  for (int a = 1; a <= 7; a++)
    for (int b = a + 1; b <= 7; b++)
      for (int c = b + 1; c <= 7; c++) g_string_append_printf(t, "%d%d %d%d %d%d\n", a, b, a, c, b, c);
  g_assert_true(g_file_set_contents(path, t->str, -1, NULL));
  g_string_free(t, TRUE);
  g_autofree char *spec = g_strconcat("file:", path, NULL);
  MbBoard *b = bs_board_new(spec, NULL);
  g_assert_nonnull(b);
  g_unlink(path);
  g_rmdir(dir);
  return b;
}

/* mb_group_stab_classes on (board, fixed cells) against the enumerated
 * group: same orbit iff an element fixing the cells maps one onto the
 * other; every elem an element of the group fixing them, mapping the
 * class's first cell onto the cell.  Returns the number of classes. */
static uint32_t check_stab(const MbBoard *b, const uint32_t *fix, uint32_t nfix) {
  MbGroup *full = mb_group_new(b->h, 10000, NULL), *gen = mb_group_new(b->h, 1, NULL);
  g_assert_true(full->enumerated);
  g_assert_false(gen->enumerated); /* the generators alone */
  g_assert_cmpuint(gen->ngens, >, 0);
  uint32_t nv = full->nv, n = 0;
  uint32_t *cells = g_new(uint32_t, nv), *cls = g_new(uint32_t, nv);
  uint32_t **elem = g_new(uint32_t *, nv);
  for (uint32_t c = nv; c-- > 0;) { /* the cells not fixed, in reverse order */
    bool fixed = false;
    for (uint32_t k = 0; k < nfix; k++) fixed |= fix[k] == c;
    if (!fixed) cells[n++] = c;
  }
  g_assert_false(mb_group_stab_classes(gen, fix, nfix, cells, n, cls, elem));
  uint32_t ncls = 0;
  for (uint32_t i = 0; i < n; i++) {
    ncls += cls[i] == i;
    g_assert_cmpuint(cls[i], <=, i);
    g_assert_cmpint(mb_group_find(full, elem[i]), >=, 0);
    for (uint32_t k = 0; k < nfix; k++) g_assert_cmpuint(elem[i][fix[k]], ==, fix[k]);
    g_assert_cmpuint(elem[i][cells[cls[i]]], ==, cells[i]);
    for (uint32_t j = 0; j < n; j++) { /* brute force: is there an element? */
      bool maps = false;
      for (uint32_t e = 0; e < full->order && !maps; e++) {
        bool fixes = true;
        for (uint32_t k = 0; k < nfix; k++) fixes &= full->perm[e][fix[k]] == fix[k];
        maps = fixes && full->perm[e][cells[j]] == cells[i];
      }
      g_assert_cmpint(maps, ==, cls[i] == cls[j]);
    }
  }
  /* mb_group_add: the elements become findable with their inverses, the
   * canonical forms' elements (order) untouched */
  uint32_t order = gen->order;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t id = mb_group_add(gen, elem[i]);
    g_assert_cmpmem(gen->perm[id], nv * sizeof(uint32_t), elem[i], nv * sizeof(uint32_t));
    const uint32_t *inv = gen->perm[gen->inverse[id]];
    for (uint32_t c = 0; c < nv; c++) g_assert_cmpuint(inv[elem[i][c]], ==, c);
    g_assert_cmpuint(mb_group_add(gen, elem[i]), ==, id);
    g_assert_cmpint(mb_group_find(gen, elem[i]), ==, (int64_t)id);
  }
  g_assert_cmpuint(gen->order, ==, order);
  g_assert_cmpuint(gen->nelem, <=, 2 * n + 1);
  for (uint32_t i = 0; i < n; i++) g_free(elem[i]);
  g_free(elem), g_free(cells), g_free(cls);
  mb_group_free(full), mb_group_free(gen);
  return ncls;
}

static void test_stabiliser_orbits(void) {
  MbBoard *b = k7();
  g_assert_cmpuint(check_stab(b, NULL, 0), ==, 1); /* S7 is transitive on the edges */
  uint32_t e12 = 0; /* the first cell: edge 12 */
  g_assert_cmpuint(check_stab(b, &e12, 1), ==, 2); /* edges meeting 12, edges disjoint from it */
  uint32_t two[2] = {0, 1};                        /* 12 and 13 */
  uint32_t k = check_stab(b, two, 2);
  g_assert_cmpuint(k, >, 2);
  bs_board_free(b);
  b = bs_board_new("3^3", NULL);
  g_assert_cmpuint(check_stab(b, NULL, 0), ==, 4); /* centre, corners, edge middles, face centres */
  uint32_t corner = 0;
  check_stab(b, &corner, 1);
  uint32_t cc[2] = {0, 13};
  check_stab(b, cc, 2);
  bs_board_free(b);
  b = bs_board_new("mnk:4,3,3", NULL);
  check_stab(b, NULL, 0);
  bs_board_free(b);
}

/* groups computed on several threads at once (the atlas does this): each
 * has the right order (igraph's global state is guarded; without the lock
 * this aborted with a corrupt "finally stack") */
static gpointer groups_loop(gpointer data) {
  const MbBoard *b = data;
  for (int k = 0; k < 40; k++) {
    MbGroup *g = mb_group_new(b->h, 5000, NULL);
    g_assert_nonnull(g);
    g_assert_cmpuint(g->order, ==, 48);
    mb_group_free(g);
  }
  return NULL;
}
static void test_threads(void) {
  MbBoard *b = bs_board_new("3^3", NULL);
  GThread *t[4];
  for (int i = 0; i < 4; i++) t[i] = g_thread_new("groups", groups_loop, b);
  for (int i = 0; i < 4; i++) g_thread_join(t[i]);
  bs_board_free(b);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/symmetry/threads", test_threads);
  g_test_add_func("/symmetry/orders", test_orders);
  g_test_add_func("/symmetry/limit", test_limit);
  g_test_add_func("/symmetry/stabiliser-orbits", test_stabiliser_orbits);
  return g_test_run();
}
