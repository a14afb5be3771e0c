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

/* How mb_solve runs: the default options, or BARE: no shared pairings,
 * split 1, no escalation.  A shared
 * pairing closes many small boards at the root or near it (qcube:4,2 at
 * once), so the zones and supports deep in the tree are tested only where
 * they are not; BARE is how a node's support that missed the images of its
 * symmetric replies was found (a claimed Maker win on qcube:4,2, which the
 * checker rejected: mb_solve said unknown). */
enum { DEFAULT, BARE };

/* solve (spec, moves, first) both ways, check the certificate; the side to
 * move follows from the counts (solver.h), which the brute force mirrors */
static void compare(Tally *t, const char *spec, const char *moves, bool bfirst, int how) {
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
  if (how == BARE) o.shared = false, o.split = 1, o.escalate = 0;
  MbSolveResult r;
  GError *e = NULL;
  bool ok = mb_solve(b, &pos, &o, &r, &e);
  g_autofree char *what = g_strdup_printf("%s --after '%s'%s%s", spec, moves ? moves : "", bfirst ? " --breaker-first" : "",
                                         how == BARE ? " --no-shared --split 1 --escalate 0" : "");
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

static void boards(int how) {
  Tally t = {0, 0, 0, 0, g_string_new(NULL)};
  g_autoptr(GPtrArray) v = small_boards();
  for (guint i = 0; i < v->len; i++)
    for (int bf = 0; bf < 2; bf++) compare(&t, v->pdata[i], NULL, bf, how);
  g_assert_cmpint(t.cases, ==, 2 * (int)v->len);
  report(how == BARE ? "boards, bare" : "boards", &t);
  g_string_free(t.disagree, TRUE);
}
static void test_boards(void) { boards(DEFAULT); }
static void test_boards_bare(void) { boards(BARE); }

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

static void positions(int how) {
  Tally t = {0, 0, 0, 0, g_string_new(NULL)};
  g_autoptr(GPtrArray) v = small_boards();
  GRand *rng = g_rand_new_with_seed(26);
  for (int i = 0; i < 300; i++) {
    const char *spec = v->pdata[g_rand_int_range(rng, 0, (gint32)v->len)];
    bool bf = g_rand_boolean(rng);
    MbBoard *b = bs_board_new(spec, NULL);
    g_autofree char *moves = random_moves(rng, b, bf, g_rand_int_range(rng, 1, (gint32)b->ncells / 2 + 2));
    bs_board_free(b);
    compare(&t, spec, *moves ? moves : NULL, bf, how);
  }
  g_rand_free(rng);
  report(how == BARE ? "positions, bare" : "positions", &t);
  g_string_free(t.disagree, TRUE);
}
static void test_positions(void) { positions(DEFAULT); }
static void test_positions_bare(void) { positions(BARE); }

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
    compare(&t, spec, *moves ? moves : NULL, bf, DEFAULT);
    g_unlink(path);
  }
  g_rand_free(rng);
  g_rmdir(dir);
  report("files", &t);
  g_string_free(t.disagree, TRUE);
}

/* --all-moves (issue 37, U1): every live move of the side to move (a free
 * cell of a set without a Breaker cell) is listed with its outcome, also
 * where an evaluation rule — a threat, a forced reply, a pairing,
 * Erdős–Selfridge — decides the root (the list used to be empty there, or
 * the forced reply alone).  Without symmetry each live move is its own
 * unit, once, with the brute force's outcome and a certificate the checker
 * accepts for that winner; with symmetry the classes cover the live moves
 * and each representative's outcome is the brute force's. */
typedef struct {
  int positions, ruled, forced, listed;
  GString *bad;
} AmTally;

static void all_moves_case(AmTally *t, const char *spec, const char *moves, bool bf) {
  MbBoard *b = bs_board_new(spec, NULL);
  g_assert_nonnull(b);
  MbPosition pos;
  g_assert_true(mb_position_parse(b, moves && *moves ? moves : NULL, &pos, NULL));
  uint32_t M = 0, B = 0, U = 0, one = 0; /* one: the free cells that complete a surviving set */
  for (uint32_t c = 0; c < b->ncells; c++) {
    if (pos.owner[c] == MB_MAKER) M |= 1u << c;
    if (pos.owner[c] == MB_BREAKER) B |= 1u << c;
  }
  bool maker = pos.nmaker == pos.nbreaker ? !bf : pos.nmaker < pos.nbreaker;
  Brute br;
  brute_load(&br, b);
  for (int s = 0; s < br.nsets; s++)
    if (!(br.set[s] & B)) {
      U |= br.set[s];
      if (__builtin_popcount(br.set[s] & ~M) == 1) one |= br.set[s] & ~M;
    }
  uint32_t live = U & ~M;
  int nlive = __builtin_popcount(live);
  bool want_root = brute_win(&br, M, B, maker);
  g_autofree char *what = g_strdup_printf("%s --after '%s'%s", spec, moves ? moves : "", bf ? " --breaker-first" : "");
  t->positions++;
  t->forced += !maker && __builtin_popcount(one) == 1 && nlive > 1;
  for (int sym = 0; sym < 2; sym++) {
    MbSolveOpts o;
    mb_solve_opts_default(&o);
    o.breaker_first = bf, o.all_moves = true, o.unit_certs = !sym, o.symmetry = sym;
    MbSolveResult r;
    GError *e = NULL;
    if (!mb_solve(b, &pos, &o, &r, &e)) {
      g_string_append_printf(t->bad, "%s: mb_solve refused: %s\n", what, e->message);
      g_error_free(e);
      continue;
    }
    t->ruled += !sym && r.root_leaf;
    if (r.outcome != (want_root ? MB_MAKER_WINS : MB_BREAKER_WINS))
      g_string_append_printf(t->bad, "%s: root %s, brute force %s\n", what, mb_outcome_word(r.outcome),
                             want_root ? "maker" : "breaker");
    uint32_t seen = 0, copies = 0;
    for (uint32_t k = 0; k < r.nunits; k++) {
      const MbUnitResult *u = &r.units[k];
      long c = -1;
      for (uint32_t x = 0; x < b->ncells && c < 0; x++) {
        g_autofree char *nm = bs_cell_name(b, x);
        if (strcmp(nm, u->move) == 0) c = x;
      }
      g_assert_cmpint(c, >=, 0);
      uint32_t bit = 1u << c;
      if (!(live & bit) || (seen & bit))
        g_string_append_printf(t->bad, "%s: move %s listed but not live, or twice\n", what, u->move);
      seen |= bit, copies += u->copies;
      bool w = maker ? brute_win(&br, M | bit, B, false) : brute_win(&br, M, B | bit, true);
      if (u->outcome != (w ? MB_MAKER_WINS : MB_BREAKER_WINS))
        g_string_append_printf(t->bad, "%s: move %s: %s, brute force %s\n", what, u->move, mb_outcome_word(u->outcome),
                               w ? "maker" : "breaker");
      if (!sym) {
        char *why = NULL;
        CcReport rep;
        if (!u->cert || cc_check(spec, u->cert, &rep, &why) != CC_VALID || strcmp(rep.result, w ? "maker" : "breaker"))
          g_string_append_printf(t->bad, "%s: move %s: certificate missing or not valid for the winner (%s)\n", what,
                                 u->move, why ? why : "");
        g_free(why);
      }
    }
    if (!sym) t->listed += (int)r.nunits;
    if (!sym ? seen != live || r.nunits != (uint32_t)nlive : copies != (uint32_t)nlive)
      g_string_append_printf(t->bad, "%s (symmetry %s): %u move classes covering %u of the %d live moves\n", what,
                             sym ? "on" : "off", r.nunits, sym ? copies : (uint32_t)__builtin_popcount(seen), nlive);
    mb_solve_result_clear(&r);
  }
  brute_free(&br);
  mb_position_clear(&pos);
  bs_board_free(b);
}

static void test_all_moves(void) {
  AmTally t = {0, 0, 0, 0, g_string_new(NULL)};
  /* the audit's position (a threat sequence decides the root; 10 of Maker's
   * 16 live moves win) and forced replies, Maker winning and Breaker */
  all_moves_case(&t, "mnk:2,10,3", "M:1,5 B:1,7 M:1,10 B:2,1", false);
  all_moves_case(&t, "mnk:3,3,3", "M:1,1 B:3,3 M:1,2", false);
  all_moves_case(&t, "4^2", "M:4,1 M:2,1 M:1,1 B:4,2 B:4,3", false);
  all_moves_case(&t, "mnk:4,4,3", "M:2,2 B:1,1 M:2,3", false);
  /* 100 random positions on the small mnk boards and a few of 20 and 21 cells */
  g_autoptr(GPtrArray) all = small_boards();
  GPtrArray *v = g_ptr_array_new();
  for (guint i = 0; i < all->len; i++)
    if (g_str_has_prefix(all->pdata[i], "mnk:")) g_ptr_array_add(v, all->pdata[i]);
  static const char *larger[] = {"mnk:3,7,3", "mnk:4,5,3", "mnk:4,5,4", "mnk:3,7,4"};
  GRand *rng = g_rand_new_with_seed(37);
  for (int i = 0; i < 100; i++) {
    const char *spec = i % 2 ? v->pdata[g_rand_int_range(rng, 0, (gint32)v->len)]
                             : larger[g_rand_int_range(rng, 0, G_N_ELEMENTS(larger))];
    bool bf = g_rand_boolean(rng);
    MbBoard *b = bs_board_new(spec, NULL);
    g_autofree char *moves = random_moves(rng, b, bf, g_rand_int_range(rng, 0, (gint32)b->ncells / 2 + 2));
    bs_board_free(b);
    all_moves_case(&t, spec, moves, bf);
  }
  g_test_message("all-moves: %d positions (%d decided at the root by a rule, %d with Breaker's reply forced), %d live "
                 "moves listed", t.positions, t.ruled, t.forced, t.listed);
  if (t.bad->len) {
    fprintf(stderr, "all-moves:\n%s", t.bad->str);
    g_test_fail_printf("all-moves: %.*s", (int)strcspn(t.bad->str, "\n"), t.bad->str);
  }
  g_assert_cmpint(t.ruled, >, 10); /* the cases of the defect are met */
  g_assert_cmpint(t.forced, >=, 3);
  g_string_free(t.bad, TRUE);
  g_rand_free(rng);
  g_ptr_array_free(v, TRUE);
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
  g_test_add_func("/differential/boards-bare", test_boards_bare);
  g_test_add_func("/differential/positions", test_positions);
  g_test_add_func("/differential/positions-bare", test_positions_bare);
  g_test_add_func("/differential/files", test_files);
  g_test_add_func("/differential/all-moves", test_all_moves);
  return g_test_run();
}
