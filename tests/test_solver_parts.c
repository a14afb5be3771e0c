/* test_solver_parts.c — the solver's parts (src/solve/solver_int.h) one by
 * one: the evaluation (solver_eval.c), canonical forms and the bounded table
 * (solver_table.c), zones and supports in the search (solver_search.c).
 * The whole solver and its certificates are tested in test_solver.c. */
#include <glib.h>
#include <string.h>

#include "game/boardspec.h"
#include "solve/solver_int.h"

/* the Game of board spec, built by the solver's own sv_game_init() with the
 * default options (symmetry only if group) */
typedef struct {
  MbBoard *b;
  Game g;
  Scratch sc;
} Fix;

static void fix_init(Fix *f, const char *spec, bool group) {
  f->b = bs_board_new(spec, NULL);
  g_assert_nonnull(f->b);
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  g_assert_true(sv_game_init(&f->g, f->b, &o, group, NULL));
  sv_game_tables(&f->g, NULL); /* (the solver makes them for a run with units) */
  g_assert_true(sv_scratch_init(&f->sc, &f->g, NULL, 0));
}

static void fix_clear(Fix *f) {
  sv_scratch_clear(&f->sc);
  sv_game_clear(&f->g, NULL);
  bs_board_free(f->b);
}

static void pos_of(const Fix *f, const char *moves, Pos *p) {
  MbPosition mp;
  g_assert_true(mb_position_parse(f->b, moves, &mp, NULL));
  memset(p, 0, sizeof *p);
  for (uint32_t c = 0; c < f->g.nc; c++)
    if (mp.owner[c] == MB_MAKER) put(p->m, c);
    else if (mp.owner[c] == MB_BREAKER) put(p->b, c);
  mb_position_clear(&mp);
}

static uint32_t cell(const Fix *f, const char *name) {
  for (uint32_t c = 0; c < f->g.nc; c++) {
    g_autofree char *n = bs_cell_name(f->b, c);
    if (strcmp(n, name) == 0) return c;
  }
  g_assert_not_reached();
}

/* solver_eval.c: each kind of position is classified as the rules say */
static void test_evaluate(void) {
  Fix f;
  fix_init(&f, "mnk:3,3,3", false);
  Eval e;
  Pos p;
  /* Maker to move with a set one short: completes it */
  pos_of(&f, "M:1,1 B:3,1 M:2,2 B:3,2", &p);
  sv_evaluate(&f.g, &p, true, &f.sc, &e, true);
  g_assert_cmpint(e.cls, ==, C_MAKER_NOW);
  g_assert_cmpuint(e.t1, ==, cell(&f, "3,3"));
  /* Breaker to move facing two one-short sets with different free cells */
  pos_of(&f, "M:1,1 B:2,1 M:2,2 B:3,3 M:1,2", &p);
  sv_evaluate(&f.g, &p, false, &f.sc, &e, true);
  g_assert_cmpint(e.cls, ==, C_DOUBLE);
  /* one threat: Breaker's reply is forced */
  pos_of(&f, "M:1,1 B:3,3 M:2,2 B:2,1", &p);
  sv_evaluate(&f.g, &p, true, &f.sc, &e, true);
  g_assert_true(e.cls == C_MAKER_NOW || e.cls == C_VCF);
  /* a set all Maker's */
  pos_of(&f, "M:1,1 B:3,1 M:2,2 B:3,2 M:3,3", &p);
  sv_evaluate(&f.g, &p, false, &f.sc, &e, true);
  g_assert_cmpint(e.cls, ==, C_MAKER_WON);
  /* no surviving set (Breaker holds the centre and the four edges): Breaker
   * has won, with an empty zone */
  pos_of(&f, "B:1,2 B:2,1 B:2,2 B:2,3 B:3,2", &p);
  sv_evaluate(&f.g, &p, true, &f.sc, &e, true);
  g_assert_cmpint(e.cls, ==, C_DEAD);
  for (uint32_t c = 0; c < f.g.nc; c++) g_assert_false(tst(e.zone, c));
  fix_clear(&f);
  /* 4x4, four in a row, empty: the Erdős–Selfridge sum with the largest
   * cell term stays below 1 with Maker to move (4^2 is a Breaker win at once) */
  fix_init(&f, "4^2", false);
  memset(&p, 0, sizeof p);
  sv_evaluate(&f.g, &p, true, &f.sc, &e, true);
  g_assert_true(e.cls == C_ES || e.cls == C_PAIR);
  for (uint32_t c = 0; c < f.g.nc; c++) g_assert_true(tst(e.zone, c) || e.cls == C_PAIR);
  fix_clear(&f);
}

/* solver_eval.c: Breaker's options, with Maker's support when Breaker is lost */
static void test_breaker_options(void) {
  Fix f;
  fix_init(&f, "mnk:3,3,3", false);
  Pos p;
  uint64_t s[SW];
  pos_of(&f, "M:1,1 B:2,1 M:2,2 B:3,3 M:1,2", &p); /* threats at 1,3 and 3,2... two free cells */
  g_assert_cmpuint(sv_breaker_options(&f.g, &p, s), ==, 0);
  uint32_t n = 0;
  for (uint32_t c = 0; c < f.g.nc; c++) n += tst(s, c);
  g_assert_cmpuint(n, ==, 2); /* the two cells Maker may take */
  pos_of(&f, "M:1,1 B:3,3 M:2,2", &p); /* no threat yet: every live cell */
  g_assert_cmpuint(sv_breaker_options(&f.g, &p, s), >, 1);
  fix_clear(&f);
}

/* sv_bo_child() (the count kept from the parent) against
 * sv_breaker_options() (every set counted again) on random positions:
 * the same number and the same support for every Maker move, including
 * positions with threats, double threats and a completed set */
static void test_breaker_options_child(void) {
  const char *boards[] = {"mnk:7,7,5", "4^3", "mnk:5,5,4", "torus:6,4"};
  GRand *r = g_rand_new_with_seed(20261126);
  uint32_t zeros = 0, ones = 0, many = 0;
  for (uint32_t bi = 0; bi < G_N_ELEMENTS(boards); bi++) {
    Fix f;
    fix_init(&f, boards[bi], false);
    for (uint32_t trial = 0; trial < 300; trial++) {
      Pos p;
      memset(&p, 0, sizeof p);
      uint32_t stones = (uint32_t)g_rand_int_range(r, 0, (gint32)(f.g.nc * 3 / 4));
      for (uint32_t k = 0; k < stones; k++) {
        uint32_t c = (uint32_t)g_rand_int_range(r, 0, (gint32)f.g.nc);
        if (!tst(p.m, c) && !tst(p.b, c)) put(k % 2 ? p.b : p.m, c);
      }
      sv_bo_prepare(&f.g, &p, &f.sc);
      for (uint32_t c = 0; c < f.g.nc; c++) {
        if (tst(p.m, c) || tst(p.b, c)) continue;
        uint64_t s1[SW], s2[SW];
        uint32_t got = sv_bo_child(&f.g, &p, &f.sc, c, s1);
        put(p.m, c);
        uint32_t want = sv_breaker_options(&f.g, &p, s2);
        del(p.m, c);
        g_assert_cmpuint(got, ==, want);
        g_assert_cmpmem(s1, sizeof s1, s2, sizeof s2);
        zeros += want == 0, ones += want == 1, many += want > 1;
      }
    }
    fix_clear(&f);
  }
  g_rand_free(r);
  g_assert_cmpuint(zeros, >, 100); /* every case was met */
  g_assert_cmpuint(ones, >, 100);
  g_assert_cmpuint(many, >, 100);
}

/* sv_canon_kids() (the node's images once, one cell per child) against
 * sv_canon() on each child, both sides moving, with the group */
static void test_canon_kids(void) {
  const char *boards[] = {"4^3", "mnk:7,7,5", "3^3"};
  GRand *r = g_rand_new_with_seed(7);
  uint32_t moved = 0;
  for (uint32_t bi = 0; bi < G_N_ELEMENTS(boards); bi++) {
    Fix f;
    fix_init(&f, boards[bi], true);
    g_assert_nonnull(f.g.tab);
    for (uint32_t trial = 0; trial < 200; trial++) {
      Pos p;
      memset(&p, 0, sizeof p);
      uint32_t stones = (uint32_t)g_rand_int_range(r, 0, 7);
      for (uint32_t k = 0; k < stones; k++) {
        uint32_t c = (uint32_t)g_rand_int_range(r, 0, (gint32)f.g.nc);
        if (!tst(p.m, c) && !tst(p.b, c)) put(k % 2 ? p.b : p.m, c);
      }
      uint32_t moves[MB_SOLVE_MAX_CELLS], n = 0;
      for (uint32_t c = 0; c < f.g.nc; c++)
        if (!tst(p.m, c) && !tst(p.b, c)) moves[n++] = c;
      bool maker = trial % 2 == 0;
      Child kids[MB_SOLVE_MAX_CELLS];
      sv_canon_kids(&f.g, &f.sc, &p, maker, moves, n, kids);
      for (uint32_t i = 0; i < n; i++) {
        Pos q = p, want;
        put(maker ? q.m : q.b, moves[i]);
        uint32_t el = sv_canon(&f.g, &q, &want);
        g_assert_true(pos_eq(&kids[i].key, &want));
        g_assert_cmpuint(kids[i].el, ==, el);
        moved += el != 0;
      }
    }
    fix_clear(&f);
  }
  g_rand_free(r);
  g_assert_cmpuint(moved, >, 1000); /* the images were really used */
}

/* solver_table.c: symmetric positions share a canonical form, and the
 * element returned maps the position onto it */
static void test_canon(void) {
  Fix f;
  fix_init(&f, "3^3", true);
  Pos a, b, ka, kb, im;
  pos_of(&f, "M:1,1,1 B:2,2,2", &a);
  pos_of(&f, "M:3,3,1 B:2,2,2", &b);
  uint32_t ea = sv_canon(&f.g, &a, &ka), eb = sv_canon(&f.g, &b, &kb);
  g_assert_true(pos_eq(&ka, &kb));
  sv_image(&f.g, ea, &a, &im);
  g_assert_true(pos_eq(&im, &ka));
  sv_image(&f.g, eb, &b, &im);
  g_assert_true(pos_eq(&im, &kb));
  pos_of(&f, "M:2,1,1 B:2,2,2", &b); /* an edge, not a corner: another class */
  sv_canon(&f.g, &b, &kb);
  g_assert_false(pos_eq(&ka, &kb));
  fix_clear(&f);
}

/* solver_table.c: store and find; a bound that forces a collection keeps the
 * decided entries (with their zones), drops the open ones, and a new
 * generation marks old entry pointers stale */
static void test_table(void) {
  Table t;
  sv_table_init(&t, 64, 1 << 16, NULL); /* 64 KiB: 2048 slots of 32 bytes */
  Pos k;
  uint64_t z[SW] = {0};
  put(z, 5);
  for (uint32_t i = 0; i < 3000 && !t.full; i++) {
    memset(&k, 0, sizeof k);
    k.m[0] = i + 1;
    if (i % 10 == 0) sv_table_store(&t, &k, INF, 0, z); /* disproved, zone {5} */
    else sv_table_store(&t, &k, 3, 4, NULL);
  }
  g_assert_false(t.full);
  g_assert_cmpuint(t.collections, >, 0);
  g_assert_cmpuint(t.gen, >, 0);
  for (uint32_t i = 0; i < 3000; i += 10) { /* every decided entry is still there, zone intact */
    memset(&k, 0, sizeof k);
    k.m[0] = i + 1;
    Entry *e = sv_table_find(&t, &k);
    g_assert_nonnull(e);
    g_assert_cmpuint(e->dn, ==, 0);
    uint64_t got[SW];
    sv_table_zone(&t, e, got);
    g_assert_true(tst(got, 5) && !tst(got, 4));
  }
  memset(&k, 0, sizeof k);
  k.m[0] = 2; /* an open entry stored before the first collection: dropped */
  g_assert_null(sv_table_find(&t, &k));
  sv_table_clear(&t);
  /* a bound the decided entries alone fill: full, never a crash */
  sv_table_init(&t, 64, 1 << 14, NULL);
  for (uint32_t i = 0; i < 5000 && !t.full; i++) {
    memset(&k, 0, sizeof k);
    k.m[0] = i + 1;
    sv_table_store(&t, &k, 0, INF, NULL);
  }
  g_assert_true(t.full);
  sv_table_clear(&t);
}

/* solver_table.c / solver_search.c: a zone mapped by an element and back */
static void test_zone_map(void) {
  Fix f;
  fix_init(&f, "3^3", true);
  g_assert_cmpuint(f.g.G->order, >, 1);
  uint64_t z[SW] = {0}, w[SW], back[SW];
  put(z, 0), put(z, 13), put(z, 26);
  for (uint32_t el = 0; el < f.g.G->order; el += 7) {
    sv_zone_map(&f.g, el, z, w);
    sv_zone_map(&f.g, f.g.G->inverse[el], w, back);
    g_assert_true(memcmp(z, back, sizeof z) == 0);
    for (uint32_t c = 0; c < f.g.nc; c++)
      if (tst(z, c)) g_assert_true(tst(w, f.g.G->perm[el][c]));
  }
  fix_clear(&f);
}

/* texts taken from a Buf are allocator memory: sv_text_free() gives them
 * back (the Budget returns to 0), and sv_free(), which unmaps blocks of
 * MAP_BYTES or more, is kept for sv_alloc()'s blocks.  A multi-megabyte
 * text handed to sv_free() was leaked (munmap: EINVAL) on every 4^3 solve
 * (a 3.7 MB certificate part) and crashed the line M:3,1 B:4,4 of
 * mnk:8,8,5; sv_free() now stops on such a misuse instead. */
static void test_text_free(void) {
  Budget m;
  memset(&m, 0, sizeof m);
  m.limit = (uint64_t)64 << 20;
  Buf b;
  sv_buf_init(&b, &m);
  char line[100];
  memset(line, 'x', sizeof line - 1), line[sizeof line - 1] = 0;
  for (int i = 0; i < 3 * MAP_BYTES / 100; i++) sv_buf_puts(&b, line);
  size_t bytes;
  char *t = sv_buf_take(&b, &bytes);
  g_assert_nonnull(t);
  g_assert_cmpuint(bytes, >=, (size_t)2 * MAP_BYTES);
  g_assert_cmpuint(atomic_load(&m.used), ==, bytes);
  sv_text_free(&m, t, bytes);
  g_assert_cmpuint(atomic_load(&m.used), ==, 0);
  void *p = sv_alloc(&m, 2 * MAP_BYTES);
  g_assert_nonnull(p);
  sv_free(&m, p, 2 * MAP_BYTES);
  g_assert_cmpuint(atomic_load(&m.used), ==, 0);
}

/* sv_alloc_mapped() (a table's blocks, and each unit's evaluation cache
 * when more than one worker runs): zeroed like sv_alloc()'s, counted in
 * the Budget, refused beyond its bound (nothing counted then), and given
 * back by sv_free(), large or small */
static void test_alloc_mapped(void) {
  Budget m;
  memset(&m, 0, sizeof m);
  m.limit = (uint64_t)8 << 20;
  size_t sizes[2] = {3 * (size_t)MAP_BYTES + 123, 4096};
  for (int i = 0; i < 2; i++) {
    uint8_t *p = sv_alloc_mapped(&m, sizes[i]);
    g_assert_nonnull(p);
    g_assert_cmpuint(atomic_load(&m.used), ==, sizes[i]);
    size_t nonzero = 0;
    for (size_t j = 0; j < sizes[i]; j++) nonzero += p[j] != 0;
    g_assert_cmpuint(nonzero, ==, 0);
    p[0] = p[sizes[i] - 1] = 1;
    sv_free(&m, p, sizes[i]);
    g_assert_cmpuint(atomic_load(&m.used), ==, 0);
  }
  g_assert_null(sv_alloc_mapped(&m, (size_t)9 << 20));
  g_assert_cmpuint(atomic_load(&m.used), ==, 0);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/solver-parts/alloc-mapped", test_alloc_mapped);
  g_test_add_func("/solver-parts/evaluate", test_evaluate);
  g_test_add_func("/solver-parts/text-free", test_text_free);
  g_test_add_func("/solver-parts/breaker-options", test_breaker_options);
  g_test_add_func("/solver-parts/breaker-options-child", test_breaker_options_child);
  g_test_add_func("/solver-parts/canon", test_canon);
  g_test_add_func("/solver-parts/canon-kids", test_canon_kids);
  g_test_add_func("/solver-parts/table", test_table);
  g_test_add_func("/solver-parts/zone-map", test_zone_map);
  return g_test_run();
}
