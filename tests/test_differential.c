/* test_differential.c — the solver (src/solve/solver.h, through its public
 * API mb_solve) against a brute force (tests/brute.h) written independently of
 * solver.c: plain memoised AND/OR search over bitmask positions (at most 24
 * cells).  Issue 26, "what to build" 3.
 *
 * Compared, with Maker first and with Breaker first: every mnk board of at
 * most 20 cells (every M x N <= 20, every K from 1 to max(M, N); of
 * mnk:M,N,K and its transpose mnk:N,M,K, the same game, the one with
 * M <= N), every torus
 * with N <= 4, qcube:4,2; then positions reached by random legal moves on
 * those boards and random hypergraph files, from a fixed seed.  Every
 * certificate mb_solve writes is judged by the independent checker
 * (certcheck.h) and must be valid and name the same winner.
 *
 * The brute force is tests/brute.h (what it does is said there). */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "solve/certcheck.h"
#include "game/pairing.h"
#include "solve/solver.h"

#include "brute.h"

/* ---- one comparison ---------------------------------------------------------- */

typedef struct {
  int cases, maker_wins, certs;
  uint64_t brute_visits;
  GString *disagree; /* every case where the two differ, one a line */
} Tally;

/* solve (spec, moves, first) both ways, check the certificate; the side to
 * move follows from the counts (solver.h), which the brute force mirrors */
static void compare(Tally *t, const char *spec, const char *moves, bool bfirst) {
  MbBoard *b = bs_board_new(spec, NULL);
  g_assert_nonnull(b);
  MbPosition pos;
  g_assert_true(mb_position_parse(b, moves, &pos, NULL));
  uint32_t M = 0, B = 0;
  for (uint32_t c = 0; c < b->ncells; c++) {
    if (pos.owner[c] == MB_MAKER) M |= 1u << c;
    if (pos.owner[c] == MB_BREAKER) B |= 1u << c;
  }
  bool maker_to_move = pos.nmaker == pos.nbreaker ? !bfirst : pos.nmaker < pos.nbreaker;
  Brute br;
  brute_load(&br, b);
  gint64 t0 = g_get_monotonic_time();
  bool brute_maker = brute_win(&br, M, B, maker_to_move);
  gint64 t1 = g_get_monotonic_time();
  t->brute_visits += br.visits;
  brute_free(&br);
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  o.breaker_first = bfirst, o.threads = 1, o.want_cert = true;
  MbSolveResult r;
  GError *e = NULL;
  bool ok = mb_solve(b, &pos, &o, &r, &e);
  g_autofree char *what = g_strdup_printf("%s --after '%s'%s", spec, moves ? moves : "", bfirst ? " --breaker-first" : "");
  if (g_str_has_prefix(spec, "file:")) { /* the file is temporary: its sets go into the report */
    g_autofree char *text = NULL;
    g_file_get_contents(spec + 5, &text, NULL, NULL);
    g_auto(GStrv) l = g_strsplit(text ? text : "", "\n", -1);
    GString *sets = g_string_new(NULL);
    for (int i = 0; l[i]; i++)
      if (*l[i] && l[i][0] != '#' && l[i][0] != '@') g_string_append_printf(sets, "%s{%s}", sets->len ? " " : "", l[i]);
    char *w = g_strdup_printf("%s [sets %s]", what, sets->str);
    g_string_free(sets, TRUE);
    g_free(what);
    what = w;
  }
  if (g_getenv("DIFF_VERBOSE"))
    fprintf(stderr, "%s: brute %.2f s, solver %.2f s\n", what, (t1 - t0) / 1e6, (g_get_monotonic_time() - t1) / 1e6);
  if (!ok) {
    g_string_append_printf(t->disagree, "%s: mb_solve refused: %s\n", what, e ? e->message : "?");
    g_clear_error(&e);
  } else {
    t->cases++;
    t->maker_wins += brute_maker;
    MbOutcome want = brute_maker ? MB_MAKER_WINS : MB_BREAKER_WINS;
    if (r.outcome != want)
      g_string_append_printf(t->disagree, "%s: brute force says %s, mb_solve says %s\n", what,
                             mb_outcome_word(want), mb_outcome_word(r.outcome));
    else if (!r.cert)
      g_string_append_printf(t->disagree, "%s: mb_solve wrote no certificate\n", what);
    else {
      CcReport rep;
      char *why = NULL;
      CcResult cr = cc_check(spec, r.cert, &rep, &why);
      t->certs++;
      if (cr != CC_VALID)
        g_string_append_printf(t->disagree, "%s: certificate %s: %s\n", what,
                               cr == CC_INVALID ? "rejected" : "malformed", why ? why : "");
      else if (strcmp(rep.result, mb_outcome_word(want)) != 0)
        g_string_append_printf(t->disagree, "%s: certificate proves a win for %s\n", what, rep.result);
      g_free(why);
    }
    mb_solve_result_clear(&r);
  }
  mb_position_clear(&pos);
  bs_board_free(b);
}

static void report(const char *what, Tally *t) {
  g_test_message("%s: %d cases (%d Maker wins), %d certificates checked, %" G_GUINT64_FORMAT " brute-force nodes",
                 what, t->cases, t->maker_wins, t->certs, t->brute_visits);
  if (t->disagree->len) {
    fprintf(stderr, "%s: the solver and the brute force disagree:\n%s", what, t->disagree->str);
    unsigned n = 0;
    for (const char *p = t->disagree->str; *p; p++) n += *p == '\n';
    g_test_fail_printf("%s: %u disagreements (first: %.*s)", what, n, (int)strcspn(t->disagree->str, "\n"),
                       t->disagree->str);
  }
}

static GPtrArray *small_boards(void) {
  GPtrArray *v = g_ptr_array_new_with_free_func(g_free);
  /* mnk:N,M,K is mnk:M,N,K transposed (rows <-> columns, the two diagonal
   * directions swapped): the same hypergraph up to renaming the cells, so
   * one of the two is solved (the one with M <= N) */
  for (int m = 1; m <= 20; m++)
    for (int n = m; m * n <= 20; n++)
      for (int k = 1; k <= MAX(m, n); k++) g_ptr_array_add(v, g_strdup_printf("mnk:%d,%d,%d", m, n, k));
  for (int n = 3; n <= 4; n++)
    for (int k = 2; k <= n; k++) g_ptr_array_add(v, g_strdup_printf("torus:%d,%d", n, k));
  g_ptr_array_add(v, g_strdup("qcube:4,2"));
  return v;
}

static void test_boards(void) {
  Tally t = {0, 0, 0, 0, g_string_new(NULL)};
  g_autoptr(GPtrArray) v = small_boards();
  for (guint i = 0; i < v->len; i++)
    for (int bf = 0; bf < 2; bf++) compare(&t, v->pdata[i], NULL, bf);
  g_assert_cmpint(t.cases, ==, 2 * (int)v->len);
  report("boards", &t);
  g_string_free(t.disagree, TRUE);
}

/* random legal positions: moves alternate from the first player, stopping
 * before a set is all Maker's (a finished game is not a position to solve) */
static char *random_moves(GRand *rng, const MbBoard *b, bool bfirst, int nmoves) {
  Brute br;
  brute_load(&br, b);
  uint32_t M = 0, B = 0, freec = b->ncells >= 32 ? 0xffffffffu : (1u << b->ncells) - 1;
  GString *s = g_string_new(NULL);
  bool maker = !bfirst;
  for (int i = 0; i < nmoves && freec; i++) {
    uint32_t opts[32], no = 0;
    for (uint32_t m = freec; m; m &= m - 1) opts[no++] = (uint32_t)__builtin_ctz(m);
    uint32_t c = opts[g_rand_int_range(rng, 0, (gint32)no)];
    if (maker) {
      bool done = false;
      for (int e = 0; e < br.nsets; e++) done |= !(br.set[e] & B) && (br.set[e] & ~(M | 1u << c)) == 0;
      if (done) break;
      M |= 1u << c;
    } else {
      B |= 1u << c;
    }
    freec &= ~(1u << c);
    g_autofree char *nm = bs_cell_name(b, c);
    g_string_append_printf(s, "%s%c:%s", s->len ? " " : "", maker ? 'M' : 'B', nm);
    maker = !maker;
  }
  brute_free(&br);
  return g_string_free(s, FALSE);
}

static void test_positions(void) {
  Tally t = {0, 0, 0, 0, g_string_new(NULL)};
  g_autoptr(GPtrArray) v = small_boards();
  GRand *rng = g_rand_new_with_seed(26);
  for (int i = 0; i < 300; i++) {
    const char *spec = v->pdata[g_rand_int_range(rng, 0, (gint32)v->len)];
    bool bf = g_rand_boolean(rng);
    MbBoard *b = bs_board_new(spec, NULL);
    g_autofree char *moves = random_moves(rng, b, bf, g_rand_int_range(rng, 1, (gint32)b->ncells / 2 + 2));
    bs_board_free(b);
    compare(&t, spec, *moves ? moves : NULL, bf);
  }
  g_rand_free(rng);
  report("positions", &t);
  g_string_free(t.disagree, TRUE);
}

/* random hypergraph files: 4..16 cells, 1..14 distinct sets of 1..6 cells */
static void test_files(void) {
  Tally t = {0, 0, 0, 0, g_string_new(NULL)};
  g_autofree char *dir = g_dir_make_tmp("differential-XXXXXX", NULL);
  g_assert_nonnull(dir);
  GRand *rng = g_rand_new_with_seed(2026);
  for (int i = 0; i < 200; i++) {
    int n = g_rand_int_range(rng, 4, 17), ns = g_rand_int_range(rng, 1, 15);
    GString *f = g_string_new("# random, issue 26 differential test\n@cells");
    for (int c = 0; c < n; c++) g_string_append_printf(f, " c%d", c);
    g_string_append_c(f, '\n');
    GHashTable *seen = g_hash_table_new(NULL, NULL);
    for (int s = 0; s < ns; s++) {
      int k = g_rand_int_range(rng, 1, MIN(n, 6) + 1);
      uint32_t mask = 0;
      while (__builtin_popcount(mask) < k) mask |= 1u << g_rand_int_range(rng, 0, n);
      if (!g_hash_table_add(seen, GUINT_TO_POINTER(mask))) continue;
      const char *sep = "";
      for (int c = 0; c < n; c++)
        if (mask >> c & 1) g_string_append_printf(f, "%sc%d", sep, c), sep = g_rand_boolean(rng) ? " " : ",";
      g_string_append_c(f, '\n');
    }
    g_hash_table_destroy(seen);
    g_autofree char *path = g_strdup_printf("%s/h%03d.txt", dir, i);
    g_assert_true(g_file_set_contents(path, f->str, -1, NULL));
    g_string_free(f, TRUE);
    g_autofree char *spec = g_strdup_printf("file:%s", path);
    bool bf = g_rand_boolean(rng);
    MbBoard *b = bs_board_new(spec, NULL);
    g_assert_nonnull(b);
    g_autofree char *moves = i % 2 ? random_moves(rng, b, bf, g_rand_int_range(rng, 1, n / 2 + 1)) : g_strdup("");
    bs_board_free(b);
    compare(&t, spec, *moves ? moves : NULL, bf);
    g_unlink(path);
  }
  g_rand_free(rng);
  g_rmdir(dir);
  report("files", &t);
  g_string_free(t.disagree, TRUE);
}

/* the brute force itself, on games whose outcome is known by hand */
static void test_brute_known(void) {
  struct { const char *spec; bool bf, maker; } known[] = {
      {"3^2", false, true},       /* tic-tac-toe as a Maker–Breaker game: Maker first wins */
      {"3^2", true, false},       /* Breaker first: Breaker takes the centre and pairs */
      {"mnk:2,1,2", false, false}, /* one set of two cells: Breaker takes the other */
      {"mnk:3,1,1", true, true},  /* every cell a set: Maker gets one */
      {"4^2", false, false},      /* 4x4 lines: a pairing */
      {"mnk:1,1,2", false, false}, /* no set at all */
  };
  for (size_t i = 0; i < G_N_ELEMENTS(known); i++) {
    MbBoard *b = bs_board_new(known[i].spec, NULL);
    Brute br;
    brute_load(&br, b);
    g_assert_cmpint(brute_win(&br, 0, 0, !known[i].bf), ==, known[i].maker);
    brute_free(&br);
    bs_board_free(b);
  }
}

int main(int argc, char **argv) {
  /* --keep-going: a disagreement in one part must not hide those of the others */
  char **av = g_new0(char *, (size_t)argc + 2);
  int ac = 0;
  for (int i = 0; i < argc; i++) {
    av[ac++] = argv[i];
    if (i == 0) av[ac++] = (char *)"--keep-going";
  }
  g_test_init(&ac, &av, NULL);
  g_test_add_func("/differential/brute_known", test_brute_known);
  g_test_add_func("/differential/boards", test_boards);
  g_test_add_func("/differential/positions", test_positions);
  g_test_add_func("/differential/files", test_files);
  return g_test_run();
}
