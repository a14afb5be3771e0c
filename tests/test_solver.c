/* test_solver.c — the Maker–Breaker solver (src/game/solver.h): outcomes
 * against plain minimax on small boards, every certificate accepted by the
 * independent checker (certcheck.h), tampered ones rejected, results
 * independent of the thread count, the node budget, resuming from a
 * checkpoint, bad input. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "game/certcheck.h"
#include "game/solver.h"

static MbSolveResult solve(const char *spec, const char *moves, bool bfirst, int threads, uint64_t limit) {
  MbBoard *b = bs_board_new(spec, NULL);
  g_assert_nonnull(b);
  MbPosition pos;
  g_assert_true(mb_position_parse(b, moves, &pos, NULL));
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  o.breaker_first = bfirst, o.threads = threads, o.node_limit = limit;
  MbSolveResult r;
  g_assert_true(mb_solve(b, &pos, &o, &r, NULL));
  if (limit == 0) {
    uint64_t n;
    MbOutcome plain = mb_solve_plain(b, &pos, bfirst, 2000000, &n);
    if (plain != MB_UNKNOWN) g_assert_cmpint(plain, ==, r.outcome);
  }
  mb_position_clear(&pos);
  bs_board_free(b);
  return r;
}

static void accepted(const char *spec, const char *cert) {
  char *why = NULL;
  CcReport rep;
  CcResult c = cc_check(spec, cert, &rep, &why);
  if (c != CC_VALID) g_test_message("%s: %s", spec, why);
  g_assert_cmpint(c, ==, CC_VALID);
  g_assert_cmpstr(rep.kind, ==, "strategy");
}

static void test_small_boards(void) {
  static const struct {
    const char *spec, *moves;
    bool bfirst;
  } cases[] = {{"mnk:3,3,3", NULL, false}, {"mnk:3,3,3", NULL, true},  {"mnk:4,3,3", NULL, false},
               {"mnk:4,3,3", NULL, true},  {"3^3", NULL, false},        {"4^2", NULL, false},
               {"mnk:4,4,3", NULL, true},  {"mnk:4,4,4", "M:1,1 B:2,2", false},
               {"mnk:3,3,3", "M:2,1 B:2,2", false}, {"qcube:3,1", NULL, false}};
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    MbSolveResult r = solve(cases[i].spec, cases[i].moves, cases[i].bfirst, 1, 0);
    g_assert_cmpint(r.outcome, !=, MB_UNKNOWN);
    g_assert_nonnull(r.cert);
    accepted(cases[i].spec, r.cert);
    mb_solve_result_clear(&r);
  }
}

static void test_known(void) {
  MbSolveResult r = solve("3^3", NULL, false, 1, 0);
  g_assert_cmpint(r.outcome, ==, MB_MAKER_WINS);
  g_assert_cmpuint(r.group_order, ==, 48);
  mb_solve_result_clear(&r);
  r = solve("4^2", NULL, false, 1, 0);
  g_assert_cmpint(r.outcome, ==, MB_BREAKER_WINS);
  mb_solve_result_clear(&r);
}

static void test_threads(void) {
  MbSolveResult a = solve("mnk:4,4,3", NULL, true, 1, 0), b = solve("mnk:4,4,3", NULL, true, 2, 0);
  g_assert_cmpstr(a.cert, ==, b.cert);
  g_assert_cmpuint(a.nodes, ==, b.nodes);
  mb_solve_result_clear(&a), mb_solve_result_clear(&b);
}

static void test_budget(void) {
  MbSolveResult r = solve("4^3", NULL, false, 1, 50);
  g_assert_cmpint(r.outcome, ==, MB_UNKNOWN);
  g_assert_null(r.cert);
  g_assert_true(r.budget_hit);
  mb_solve_result_clear(&r);
}

/* drop line k (0-based, counted from the first node line) or replace it */
static char *edit(const char *cert, int k, const char *with) {
  g_auto(GStrv) l = g_strsplit(cert, "\n", -1);
  int first = 0;
  while (l[first] && !g_str_has_prefix(l[first], "nodes ")) first++;
  first++;
  GString *s = g_string_new(NULL);
  for (int i = 0; l[i]; i++) {
    if (i == first + k) {
      if (with) g_string_append_printf(s, "%s\n", with);
      continue;
    }
    g_string_append(s, l[i]);
    if (l[i + 1]) g_string_append_c(s, '\n');
  }
  return g_string_free(s, FALSE);
}

static CcResult judge(const char *spec, const char *text) {
  char *why = NULL;
  CcResult r = cc_check(spec, text, NULL, &why);
  if (r != CC_VALID) g_assert_nonnull(why);
  g_free(why);
  return r;
}

static void test_tampering(void) {
  MbSolveResult r = solve("3^3", NULL, false, 1, 0);
  g_assert_cmpint(judge("3^3", r.cert), ==, CC_VALID);
  /* a Maker move changed to another cell */
  g_autofree char *t1 = edit(r.cert, 0, "m 1,1,1");
  g_assert_cmpint(judge("3^3", t1), !=, CC_VALID);
  /* a reply dropped from Breaker's list */
  g_auto(GStrv) l = g_strsplit(r.cert, "\n", -1);
  int i = 0;
  while (!g_str_has_prefix(l[i], "B ")) i++;
  char *sp = strrchr(l[i], ' ');
  *sp = 0;
  g_autofree char *joined = g_strjoinv("\n", l);
  g_assert_cmpint(judge("3^3", joined), !=, CC_VALID);
  /* a threat sequence cut short (its last move dropped) */
  {
    g_auto(GStrv) l2 = g_strsplit(r.cert, "\n", -1);
    int k = 0;
    while (l2[k] && !(g_str_has_prefix(l2[k], "T ") && strchr(l2[k] + 2, ' '))) k++;
    g_assert_nonnull(l2[k]);
    *strrchr(l2[k], ' ') = 0;
    g_autofree char *cut = g_strjoinv("\n", l2);
    g_assert_cmpint(judge("3^3", cut), !=, CC_VALID);
  }
  /* a whole subtree line removed */
  g_autofree char *t3 = edit(r.cert, 1, NULL);
  g_assert_cmpint(judge("3^3", t3), !=, CC_VALID);
  /* a symmetry that is not an automorphism */
  char *p = strstr(r.cert, "\nperm ");
  g_assert_nonnull(p);
  g_autofree char *t4 = g_strdup(r.cert);
  char *q = t4 + (p - r.cert) + 1;
  char *a = strstr(q, " 1,1,1"), *b = strstr(q, " 2,2,2");
  g_assert_true(a && b && strchr(q, '\n') > b);
  memcpy(a + 1, "2,2,2", 5), memcpy(b + 1, "1,1,1", 5);
  g_assert_cmpint(judge("3^3", t4), !=, CC_VALID);
  mb_solve_result_clear(&r);
  /* a pairing cell changed (4^2 after two moves ends in pairings or bounds) */
  MbSolveResult s = solve("mnk:4,4,4", "M:1,1 B:2,2", false, 1, 0);
  g_assert_cmpint(judge("mnk:4,4,4", s.cert), ==, CC_VALID);
  char *pl = strstr(s.cert, "\nP ");
  if (pl) {
    g_autofree char *t5 = g_strdup(s.cert);
    char *c = t5 + (pl - s.cert) + 3; /* first cell of the first pair */
    c[0] = c[0] == '1' ? '3' : '1';
    g_assert_cmpint(judge("mnk:4,4,4", t5), !=, CC_VALID);
  }
  /* the wrong board */
  g_assert_cmpint(judge("mnk:4,4,3", s.cert), !=, CC_VALID);
  mb_solve_result_clear(&s);
}

static void test_checkpoint(void) {
  g_autofree char *dir = g_dir_make_tmp("solverXXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "ck", NULL);
  MbBoard *b = bs_board_new("mnk:4,4,3", NULL);
  MbPosition pos;
  mb_position_parse(b, NULL, &pos, NULL);
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  o.ckpt = ckpt_open(path, "test_solver solve", "test_solver", NULL);
  MbSolveResult a, c;
  g_assert_true(mb_solve(b, &pos, &o, &a, NULL));
  ckpt_save(o.ckpt);
  ckpt_close(o.ckpt);
  o.ckpt = ckpt_open(path, "test_solver solve", "test_solver", NULL);
  g_assert_true(mb_solve(b, &pos, &o, &c, NULL));
  g_assert_true(c.units[0].resumed);
  g_assert_cmpstr(a.cert, ==, c.cert);
  ckpt_finish(o.ckpt);
  mb_solve_result_clear(&a), mb_solve_result_clear(&c);
  /* bad input: counts that no game reaches */
  MbPosition bad;
  mb_position_parse(b, "B:1,1 B:2,2", &bad, NULL);
  GError *e = NULL;
  g_assert_false(mb_solve(b, &bad, &o, &a, &e));
  g_assert_error(e, g_quark_from_static_string("pairing-error"), 2);
  g_error_free(e);
  mb_position_clear(&bad);
  mb_position_clear(&pos);
  bs_board_free(b);
  g_rmdir(dir);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/solver/small-boards", test_small_boards);
  g_test_add_func("/solver/known", test_known);
  g_test_add_func("/solver/threads", test_threads);
  g_test_add_func("/solver/budget", test_budget);
  g_test_add_func("/solver/tampering", test_tampering);
  g_test_add_func("/solver/checkpoint", test_checkpoint);
  return g_test_run();
}
