/* test_solver.c — the Maker–Breaker solver (src/solve/solver.h): outcomes
 * against plain minimax on small boards, every certificate accepted by the
 * independent checker (certcheck.h), tampered ones rejected, results
 * independent of the thread count, the node budget, resuming from a
 * checkpoint, bad input. */
#include <glib.h>
#include <stddef.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve/certcheck.h"
#include "solve/solver.h"

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
  /* the pruning counts too: they add up the needed units only (a unit
   * running on the second thread when it was found not needed is not
   * counted), on a board with zones, shared pairs and skipped units */
  for (int k = 0; k < 2; k++) {
    const char *spec = k ? "mnk:5,5,4" : "mnk:6,6,5";
    a = solve(spec, NULL, false, 1, 0), b = solve(spec, NULL, false, 2, 0);
    g_assert_cmpstr(a.cert, ==, b.cert);
    g_assert_cmpuint(a.nodes, ==, b.nodes);
    g_assert_cmpuint(a.zone_cuts, ==, b.zone_cuts);
    g_assert_cmpuint(a.must_cuts, ==, b.must_cuts);
    g_assert_cmpuint(a.pair_found, ==, b.pair_found);
    g_assert_cmpuint(a.pair_tried, ==, b.pair_tried);
    mb_solve_result_clear(&a), mb_solve_result_clear(&b);
  }
}

static void test_budget(void) {
  MbSolveResult r = solve("4^3", NULL, false, 1, 50);
  g_assert_cmpint(r.outcome, ==, MB_UNKNOWN);
  g_assert_null(r.cert);
  g_assert_true(r.budget_hit);
  mb_solve_result_clear(&r);
}

/* the whole run's budget (total_limit): mnk:7,7,5 needs about 17,000
 * expansions over dozens of units; a total of 3000 stops it, unknown, soon
 * after the bound, and the same run on one thread twice gives the same
 * count; a total above its need changes nothing.  The bound counts every
 * unit's expansions, the result's nodes only the needed units' (and since
 * issue 37, D6, no unit starts after the bound: the count may stay just
 * under 3000) */
static MbSolveResult solve_total(uint64_t total) {
  MbBoard *b = bs_board_new("mnk:7,7,5", NULL);
  MbPosition pos;
  mb_position_init(&pos, b->ncells);
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  o.threads = 1, o.total_limit = total, o.self_check = false;
  MbSolveResult r;
  g_assert_true(mb_solve(b, &pos, &o, &r, NULL));
  mb_position_clear(&pos);
  bs_board_free(b);
  return r;
}
static void test_total_budget(void) {
  MbSolveResult a = solve_total(3000), a2 = solve_total(3000), full = solve_total(0), big = solve_total(10000000);
  g_assert_cmpint(a.outcome, ==, MB_UNKNOWN);
  g_assert_null(a.cert);
  g_assert_cmpuint(a.nodes, >, 2000);
  g_assert_cmpuint(a.nodes, <, 4000); /* a unit's last evaluations after the bound */
  g_assert_cmpuint(a.nodes, ==, a2.nodes);
  g_assert_cmpint(full.outcome, ==, MB_BREAKER_WINS);
  g_assert_cmpint(big.outcome, ==, full.outcome);
  g_assert_cmpuint(big.nodes, ==, full.nodes);
  g_assert_cmpuint(full.nodes, >, 4000);
  mb_solve_result_clear(&a), mb_solve_result_clear(&a2), mb_solve_result_clear(&full), mb_solve_result_clear(&big);
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
  /* D-ckpt: two units' saved parts swapped (the file re-signed, as by the
   * checkpoint's own writer): the tree assembled from them does not replay,
   * and that is bad input (PAIRING_ERROR_INPUT, naming the checkpoint), not
   * an internal error */
  {
    size_t l0, l1;
    const void *d0 = ckpt_get(o.ckpt, 0, 0, &l0), *d1 = ckpt_get(o.ckpt, 0, 1, &l1);
    g_assert_nonnull(d0);
    g_assert_nonnull(d1);
    g_autofree void *c0 = g_memdup2(d0, l0), *c1 = g_memdup2(d1, l1);
    ckpt_put(o.ckpt, 0, 0, c1, l1);
    ckpt_put(o.ckpt, 0, 1, c0, l0);
    ckpt_save(o.ckpt);
    ckpt_close(o.ckpt);
    o.ckpt = ckpt_open(path, "test_solver solve", "test_solver", NULL);
    GError *e = NULL;
    MbSolveResult x;
    g_assert_false(mb_solve(b, &pos, &o, &x, &e));
    g_assert_error(e, g_quark_from_static_string("pairing-error"), 1);
    g_assert_nonnull(strstr(e->message, "checkpoint's finished units do not replay"));
    g_error_free(e);
  }
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

/* ---- zones: 'R' nodes accepted, and rejected when a needed subtree is cut ---- */

/* children of a node line: the cells listed by m/b/F/B/M/R/A, 0 for leaves */
static int kids_of(const char *ln) {
  if (!strchr("mbFBMRA", ln[0]) || ln[1] != ' ') return 0;
  g_auto(GStrv) t = g_strsplit(ln + 2, " ", -1);
  return (int)g_strv_length(t);
}

/* Drop the last listed move of some node of kind op ('R' or 'A') and that
 * move's subtree (S links after it re-aimed); NULL if no such node allows
 * it.  The solver lists a move of an R (A) node only when the zones
 * (supports) of the moves listed before it do not cover it, so the checker
 * must then reject the certificate. */
static char *drop_last_child(const char *cert, char op) {
  g_auto(GStrv) L = g_strsplit(cert, "\n", -1);
  int n = (int)g_strv_length(L), first = 0;
  while (first < n && !g_str_has_prefix(L[first], "nodes ")) first++;
  first++;
  int last = first;
  while (last < n && strcmp(L[last], "end") != 0) last++;
  int N = last - first;
  int *end = g_new(int, N + 1); /* end[i]: one past the subtree of node i */
  for (int i = N - 1; i >= 0; i--) {
    int j = i + 1;
    for (int k = kids_of(L[first + i]); k > 0; k--) j = end[j];
    end[i] = j;
  }
  char *out = NULL;
  for (int i = 0; i < N && !out; i++) {
    const char *ln = L[first + i];
    if (ln[0] != op || kids_of(ln) < 2) continue;
    int k = kids_of(ln), c = i + 1;
    for (int j = 1; j < k; j++) c = end[c];
    int a = c, b = end[c]; /* the last child's subtree: nodes a .. b-1 */
    bool ok = true;
    for (int j = b; j < N && ok; j++)
      if (L[first + j][0] == 'S') {
        int d = atoi(L[first + j] + 2);
        if (j - d >= a && j - d < b) ok = false;
      }
    if (!ok) continue;
    GString *g = g_string_new(NULL);
    for (int x = 0; x < first - 1; x++) g_string_append_printf(g, "%s\n", L[x]);
    g_string_append_printf(g, "nodes %d\n", N - (b - a));
    for (int j = 0; j < N; j++) {
      if (j >= a && j < b) continue;
      const char *x = L[first + j];
      if (j == i) { /* the R (A) line without its last cell */
        const char *sp = strrchr(x, ' ');
        g_string_append_len(g, x, sp - x), g_string_append_c(g, '\n');
      } else if (x[0] == 'S' && j >= b) {
        int d = atoi(x + 2), p = atoi(strchr(x + 2, ' ') + 1);
        if (j - d < a) d -= b - a;
        g_string_append_printf(g, "S %d %d\n", d, p);
      } else
        g_string_append_printf(g, "%s\n", x);
    }
    g_string_append(g, "end\n");
    out = g_string_free(g, FALSE);
  }
  g_free(end);
  return out;
}

/* A pruning and its certificate nodes (op: 'R' zones, 'A' supports): the
 * position solved with the defaults is won by want with op nodes, the
 * certificate accepted; with the last listed move of an op node and its
 * subtree dropped it is rejected (the solver lists a move only when the
 * moves listed before it do not cover it); with the pruning off (the bool
 * option at off) the same outcome, no op node and more expansions (the
 * pruning prunes; at most limit_off).  r: the default run, for the caller. */
static void pruning_case(const char *spec, const char *moves, char op, MbOutcome want, size_t off, uint64_t limit_off,
                         MbSolveResult *r) {
  MbBoard *b = bs_board_new(spec, NULL);
  MbPosition pos;
  g_assert_true(mb_position_parse(b, moves, &pos, NULL));
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  o.threads = 1;
  g_assert_true(mb_solve(b, &pos, &o, r, NULL));
  g_assert_cmpint(r->outcome, ==, want);
  g_assert_true(r->cert_checked);
  char node[4] = {'\n', op, ' ', 0};
  g_assert_nonnull(strstr(r->cert, node));
  accepted(spec, r->cert);
  /* the checker counts the moves the op nodes omit: some here */
  CcReport rp;
  char *w0 = NULL;
  g_assert_cmpint(cc_check(spec, r->cert, &rp, &w0), ==, CC_VALID);
  g_assert_cmpuint(op == 'R' ? rp.zone_omitted : rp.support_omitted, >, 0);
  g_autofree char *bad = drop_last_child(r->cert, op);
  g_assert_nonnull(bad);
  char *why = NULL;
  CcReport rep;
  g_assert_cmpint(cc_check(spec, bad, &rep, &why), ==, CC_INVALID);
  g_assert_nonnull(strstr(why, "neither listed nor outside"));
  g_free(why);
  MbSolveResult r2;
  *(bool *)((char *)&o + off) = false;
  o.node_limit = limit_off;
  g_assert_true(mb_solve(b, &pos, &o, &r2, NULL));
  g_assert_cmpint(r2.outcome, ==, want);
  g_assert_null(strstr(r2.cert, node));
  g_assert_cmpint(cc_check(spec, r2.cert, &rp, &w0), ==, CC_VALID); /* no op node: none omitted */
  g_assert_cmpuint(op == 'R' ? rp.zone_omitted : rp.support_omitted, ==, 0);
  g_assert_cmpuint(r2.nodes, >, r->nodes);
  mb_solve_result_clear(&r2);
  mb_position_clear(&pos);
  bs_board_free(b);
}

static void test_zones(void) {
  /* 7x7, 5 in a row, after Maker's 3,3: Breaker wins by shared pairings
   * and zones (the pruned Maker moves appear in 'R' nodes) */
  MbSolveResult r;
  pruning_case("mnk:7,7,5", "M:3,3", 'R', MB_BREAKER_WINS, offsetof(MbSolveOpts, zones), 200000, &r);
  g_assert_cmpuint(r.zone_cuts, >, 0);
  g_assert_cmpuint(r.pair_found, >, 0);
  mb_solve_result_clear(&r);
}

/* ---- Maker's supports: 'A' nodes accepted, and rejected when a needed subtree is cut ---- */
static void test_mustplay(void) {
  /* mnk:5,5,4 (5x5, four in a row): a Maker win in which Breaker's
   * replies outside a sibling's support are proved by it ('A' nodes) */
  MbSolveResult r;
  pruning_case("mnk:5,5,4", "", 'A', MB_MAKER_WINS, offsetof(MbSolveOpts, mustplay), 0, &r);
  g_assert_cmpuint(r.must_cuts, >, 0);
  /* an 'A' node turned into 'R' (Breaker to move, a Maker-win tree): refused */
  g_autofree char *wrong = g_strdup(r.cert);
  char *a = strstr(wrong, "\nA ");
  a[1] = 'R';
  char *why = NULL;
  CcReport rep;
  g_assert_cmpint(cc_check("mnk:5,5,4", wrong, &rep, &why), ==, CC_INVALID);
  g_assert_nonnull(strstr(why, "'R' needs Maker to move"));
  g_free(why);
  mb_solve_result_clear(&r);
}

static void test_memory_bound(void) {
  /* a table bound far too small for 4^3: unknown and memory_hit, no crash */
  MbBoard *b = bs_board_new("4^3", NULL);
  MbPosition pos;
  g_assert_true(mb_position_parse(b, "", &pos, NULL));
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  o.memory = 1 << 18;
  MbSolveResult r;
  g_assert_true(mb_solve(b, &pos, &o, &r, NULL));
  g_assert_cmpint(r.outcome, ==, MB_UNKNOWN);
  g_assert_true(r.memory_hit);
  g_assert_null(r.cert);
  mb_solve_result_clear(&r);
  mb_position_clear(&pos);
  bs_board_free(b);
}

/* the stop flag (a signal handler's): a run whose flag is set stops at
 * once as unknown, like a run whose clock ran out; set from another thread
 * while 4^3 is being solved, the run ends soon after */
static volatile sig_atomic_t stop_flag;
static gpointer raise_later(gpointer data) {
  (void)data;
  g_usleep(200000);
  stop_flag = 1;
  return NULL;
}
static void test_stop_flag(void) {
  MbBoard *b = bs_board_new("4^3", NULL);
  MbPosition pos;
  g_assert_true(mb_position_parse(b, "", &pos, NULL));
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  o.stop = &stop_flag;
  stop_flag = 1;
  MbSolveResult r;
  g_assert_true(mb_solve(b, &pos, &o, &r, NULL));
  g_assert_cmpint(r.outcome, ==, MB_UNKNOWN);
  g_assert_true(r.budget_hit);
  g_assert_null(r.cert);
  g_assert_cmpuint(r.nodes, <, 200); /* each unit stopped at its first expansions (4^3 needs millions) */
  mb_solve_result_clear(&r);
  /* raised during the run: 4^3 takes seconds, the stop comes within a fraction of one */
  stop_flag = 0;
  o.threads = 2;
  GThread *t = g_thread_new("raise", raise_later, NULL);
  gint64 t0 = g_get_monotonic_time();
  g_assert_true(mb_solve(b, &pos, &o, &r, NULL));
  g_thread_join(t);
  double secs = (double)(g_get_monotonic_time() - t0) / 1e6;
  g_assert_cmpint(r.outcome, ==, MB_UNKNOWN);
  g_assert_cmpfloat(secs, <, 1.5);
  g_assert_cmpuint(r.nodes, >, 0);
  mb_solve_result_clear(&r);
  mb_position_clear(&pos);
  bs_board_free(b);
}

/* groups too large to enumerate (group_limit 1 here, so that small boards
 * take that path): the root's moves and the first replies are grouped by
 * the orbits of the stabiliser of the stones, the outcome agrees with the
 * enumerated group's, the classes are as many as with it at the root (the
 * orbits of the group ARE the classes of the canonical forms there), and the
 * certificate, whose links carry the group elements, passes the checker */
static void test_orbit_classes(void) {
  static const struct {
    const char *spec, *moves;
    bool bfirst;
    int split;
  } cases[] = {{"3^3", NULL, false, 0},       {"3^3", NULL, false, 1},         {"mnk:4,4,3", NULL, true, 0},
               {"mnk:4,4,4", "M:1,1 B:2,2", false, 0}, {"4^2", "M:1,1", false, 0}, {"mnk:5,5,4", NULL, false, 0},
               {"qcube:3,1", NULL, false, 2}, {"mnk:4,4,4", "M:1,1", false, 1}};
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    MbBoard *b = bs_board_new(cases[i].spec, NULL);
    MbPosition pos;
    g_assert_true(mb_position_parse(b, cases[i].moves, &pos, NULL));
    MbSolveOpts o;
    mb_solve_opts_default(&o);
    o.breaker_first = cases[i].bfirst, o.split = cases[i].split;
    MbSolveResult full, orb;
    g_assert_true(mb_solve(b, &pos, &o, &full, NULL));
    o.group_limit = 1;
    g_assert_true(mb_solve(b, &pos, &o, &orb, NULL));
    g_assert_true(full.group_used && !full.group_orbits);
    g_assert_true(!orb.group_used && orb.group_orbits);
    g_assert_cmpint(orb.outcome, ==, full.outcome);
    g_assert_cmpint(orb.outcome, !=, MB_UNKNOWN);
    g_assert_cmpuint(orb.nunits, ==, full.nunits);
    for (uint32_t k = 0; k < orb.nunits; k++) g_assert_cmpuint(orb.units[k].copies, ==, full.units[k].copies);
    g_assert_true(orb.cert_checked);
    accepted(cases[i].spec, orb.cert);
    mb_solve_result_clear(&full), mb_solve_result_clear(&orb);
    mb_position_clear(&pos);
    bs_board_free(b);
  }
}

/* --all-moves with unit_certs: every decided root move class has its own
 * certificate, of the position after that move with the other side to
 * move, naming the unit's winner, accepted by the checker; tampered, it is
 * rejected */
static void test_unit_certs(void) {
  static const struct {
    const char *spec, *moves;
  } cases[] = {{"mnk:5,5,4", NULL}, {"mnk:4,4,4", "M:2,2 B:3,3"}, {"3^3", NULL}};
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    MbBoard *b = bs_board_new(cases[i].spec, NULL);
    MbPosition pos;
    g_assert_true(mb_position_parse(b, cases[i].moves, &pos, NULL));
    MbSolveOpts o;
    mb_solve_opts_default(&o);
    o.all_moves = o.unit_certs = true;
    MbSolveResult r;
    g_assert_true(mb_solve(b, &pos, &o, &r, NULL));
    uint32_t maker_wins = 0, breaker_wins = 0;
    for (uint32_t k = 0; k < r.nunits; k++) {
      const MbUnitResult *u = &r.units[k];
      g_assert_cmpint(u->outcome, !=, MB_UNKNOWN);
      g_assert_nonnull(u->cert);
      accepted(cases[i].spec, u->cert);
      g_autofree char *winner = g_strdup_printf("\nwinner %s\n", mb_outcome_word(u->outcome));
      g_assert_nonnull(strstr(u->cert, winner));
      g_autofree char *mv = g_strdup_printf("M:%s\ntomove breaker\n", u->move);
      g_assert_nonnull(strstr(u->cert, mv));
      if (u->outcome == MB_MAKER_WINS) maker_wins++;
      else breaker_wins++;
      if (k == 0) { /* the first node line dropped: rejected */
        g_autofree char *bad = edit(u->cert, 0, NULL);
        g_assert_cmpint(judge(cases[i].spec, bad), !=, CC_VALID);
      }
    }
    if (i == 0) g_assert_cmpuint(maker_wins, ==, 3); /* 5,5,4: 9 winning openings in 3 classes */
    if (i == 0) g_assert_cmpuint(breaker_wins, >, 0);
    mb_solve_result_clear(&r);
    o.unit_certs = false; /* off: none */
    g_assert_true(mb_solve(b, &pos, &o, &r, NULL));
    for (uint32_t k = 0; k < r.nunits; k++) g_assert_null(r.units[k].cert);
    mb_solve_result_clear(&r);
    mb_position_clear(&pos);
    bs_board_free(b);
  }
}

/* Escalation (options.escalate): a unit still open after that many
 * expansions starts again with Breaker's first reply searched first.  With
 * a small bound it does change the search (other expansion counts) on
 * Breaker-win and Maker-win boards, never the answer; every certificate
 * replays, and one and two threads give the same certificate and count; a
 * bound no unit reaches is the same run as none. */
static MbSolveResult solve_with(const char *spec, bool bfirst, int threads, uint64_t esc, uint64_t cap, uint32_t ratio) {
  MbBoard *b = bs_board_new(spec, NULL);
  g_assert_nonnull(b);
  MbPosition pos;
  mb_position_init(&pos, b->ncells);
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  o.breaker_first = bfirst, o.threads = threads, o.escalate = esc, o.reply_cap = cap, o.pair_ratio = ratio;
  MbSolveResult r;
  g_assert_true(mb_solve(b, &pos, &o, &r, NULL));
  g_assert_true(r.cert_checked);
  accepted(spec, r.cert);
  mb_position_clear(&pos);
  bs_board_free(b);
  return r;
}
static MbSolveResult solve_esc(const char *spec, bool bfirst, int threads, uint64_t esc) {
  return solve_with(spec, bfirst, threads, esc, 0, 100);
}
static void test_escalate(void) {
  static const struct {
    const char *spec;
    bool bfirst;
    MbOutcome want;
  } cases[] = {{"mnk:7,7,5", false, MB_BREAKER_WINS},
               {"mnk:5,5,4", true, MB_BREAKER_WINS},
               {"mnk:6,5,4", true, MB_MAKER_WINS},
               {"torus:5,4", true, MB_MAKER_WINS}};
  MbSolveOpts d;
  mb_solve_opts_default(&d);
  g_assert_cmpuint(d.escalate, ==, (uint64_t)1 << 19);
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    MbSolveResult off = solve_esc(cases[i].spec, cases[i].bfirst, 1, 0),
                  far = solve_esc(cases[i].spec, cases[i].bfirst, 1, (uint64_t)1 << 40),
                  e1 = solve_esc(cases[i].spec, cases[i].bfirst, 1, 16),
                  e2 = solve_esc(cases[i].spec, cases[i].bfirst, 2, 16);
    g_assert_cmpint(off.outcome, ==, cases[i].want);
    g_assert_cmpint(e1.outcome, ==, cases[i].want);
    g_assert_cmpstr(far.cert, ==, off.cert);
    g_assert_cmpuint(far.nodes, ==, off.nodes);
    g_assert_cmpuint(e1.nodes, !=, off.nodes); /* the bound was reached: another search */
    g_assert_cmpstr(e1.cert, ==, e2.cert);
    g_assert_cmpuint(e1.nodes, ==, e2.nodes);
    mb_solve_result_clear(&off), mb_solve_result_clear(&far), mb_solve_result_clear(&e1), mb_solve_result_clear(&e2);
  }
}

/* Breaker's replies widened (options.reply_cap, solver.c split2_state()):
 * a cap no reply reaches is the same run as replies in order; a small
 * cap changes the search (other counts: the runs stopped at a cap count)
 * but never the answer, every certificate replays, one and two threads
 * give the same certificate and count, and on mnk:7,7,5 some opening is
 * refuted by a reply other than its first (the cheaper one), which in
 * order never happens there. */
static MbSolveResult solve_cap(const char *spec, int threads, uint64_t cap) {
  return solve_with(spec, false, threads, (uint64_t)1 << 19, cap, 100);
}
/* openings of r refuted by a reply other than their first */
static uint32_t later_refutations(const MbSolveResult *r) {
  uint32_t n = 0;
  for (uint32_t k = 0; k < r->nunits; k++) {
    const MbUnitResult *x = &r->units[k];
    if (x->outcome != MB_BREAKER_WINS || x->nsub == 0) continue;
    if (x->sub[0].skipped) n++;
  }
  return n;
}
static void test_reply_cap(void) {
  static const struct {
    const char *spec;
    MbOutcome want;
    uint64_t small;
  } cases[] = {{"mnk:7,7,5", MB_BREAKER_WINS, 50}, {"mnk:5,4,4", MB_BREAKER_WINS, 8}, {"mnk:6,5,4", MB_MAKER_WINS, 8},
               {"torus:5,4", MB_MAKER_WINS, 8}};
  MbSolveOpts d;
  mb_solve_opts_default(&d);
  g_assert_cmpuint(d.reply_cap, ==, 0);
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    MbSolveResult off = solve_cap(cases[i].spec, 1, 0), far = solve_cap(cases[i].spec, 1, (uint64_t)1 << 40),
                  c1 = solve_cap(cases[i].spec, 1, cases[i].small), c2 = solve_cap(cases[i].spec, 2, cases[i].small);
    g_assert_cmpint(off.outcome, ==, cases[i].want);
    g_assert_cmpint(c1.outcome, ==, cases[i].want);
    g_assert_cmpstr(far.cert, ==, off.cert);
    g_assert_cmpuint(far.nodes, ==, off.nodes);
    g_assert_cmpuint(c1.nodes, !=, off.nodes); /* a cap was reached: another count */
    g_assert_cmpstr(c1.cert, ==, c2.cert);
    g_assert_cmpuint(c1.nodes, ==, c2.nodes);
    g_assert_cmpuint(later_refutations(&off), ==, 0);
    if (i == 0) g_assert_cmpuint(later_refutations(&c1), >, 0);
    mb_solve_result_clear(&off), mb_solve_result_clear(&far), mb_solve_result_clear(&c1), mb_solve_result_clear(&c2);
  }
}

/* The shared-pairing search only where the surviving sets are at most
 * pair_ratio percent of the live cells (solver_eval.c): the default is
 * 100; a ratio every family passes (10^6) is the same run as no bound
 * (0); the default skips searches on mnk:7,7,5 and on mnk:6,5,4 with
 * Breaker first (a Maker win: the pairings close Breaker's side branches
 * there too), and a ratio that skips every search (1, on mnk:5,4,4 only:
 * elsewhere that search is very long) never changes the answer; every
 * certificate replays (solve_with()); one and two threads give the same
 * certificate and count. */
static MbSolveResult solve_ratio(const char *spec, bool bfirst, int threads, uint32_t ratio) {
  return solve_with(spec, bfirst, threads, (uint64_t)1 << 19, 0, ratio);
}
static void test_pair_ratio(void) {
  static const struct {
    const char *spec;
    bool bfirst;
    MbOutcome want;
    bool skips; /* the default ratio skips a search */
  } cases[] = {{"mnk:7,7,5", false, MB_BREAKER_WINS, true},
               {"mnk:5,4,4", false, MB_BREAKER_WINS, false},
               {"mnk:6,5,4", true, MB_MAKER_WINS, true}};
  MbSolveOpts d;
  mb_solve_opts_default(&d);
  g_assert_cmpuint(d.pair_ratio, ==, 100);
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    MbSolveResult all = solve_ratio(cases[i].spec, cases[i].bfirst, 1, 0),
                  far = solve_ratio(cases[i].spec, cases[i].bfirst, 1, 1000000),
                  d1 = solve_ratio(cases[i].spec, cases[i].bfirst, 1, 100),
                  d2 = solve_ratio(cases[i].spec, cases[i].bfirst, 2, 100);
    g_assert_cmpint(all.outcome, ==, cases[i].want);
    g_assert_cmpint(d1.outcome, ==, cases[i].want);
    g_assert_cmpstr(far.cert, ==, all.cert);
    g_assert_cmpuint(far.pair_tried, ==, all.pair_tried);
    g_assert_cmpuint(all.pair_tried, >, 0);
    if (cases[i].skips) g_assert_cmpuint(d1.pair_tried, <, all.pair_tried); /* a family with more sets than live cells */
    else g_assert_cmpuint(d1.pair_tried, ==, all.pair_tried);
    g_assert_cmpstr(d1.cert, ==, d2.cert);
    g_assert_cmpuint(d1.nodes, ==, d2.nodes);
    if (!cases[i].skips) {
      MbSolveResult none = solve_ratio(cases[i].spec, cases[i].bfirst, 1, 1);
      g_assert_cmpint(none.outcome, ==, cases[i].want);
      g_assert_cmpuint(none.pair_tried, ==, 0);
      g_assert_cmpuint(none.nodes, >, all.nodes); /* the pairings closed leaves */
      mb_solve_result_clear(&none);
    }
    mb_solve_result_clear(&all), mb_solve_result_clear(&far), mb_solve_result_clear(&d1), mb_solve_result_clear(&d2);
  }
}

static void test_root_forced_breaker(void) {
  /* Breaker to move must block, and still wins: the root is 'b', not 'F'
   * (the certificate is self-checked by mb_solve) */
  MbSolveResult r = solve("4^2", "M:4,1 M:2,1 M:1,1 B:4,2 B:4,3", false, 1, 0);
  g_assert_cmpint(r.outcome, ==, MB_BREAKER_WINS);
  g_assert_true(r.cert_checked);
  accepted("4^2", r.cert);
  mb_solve_result_clear(&r);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/solver/small-boards", test_small_boards);
  g_test_add_func("/solver/known", test_known);
  g_test_add_func("/solver/threads", test_threads);
  g_test_add_func("/solver/budget", test_budget);
  g_test_add_func("/solver/total-budget", test_total_budget);
  g_test_add_func("/solver/tampering", test_tampering);
  g_test_add_func("/solver/zones", test_zones);
  g_test_add_func("/solver/mustplay", test_mustplay);
  g_test_add_func("/solver/memory-bound", test_memory_bound);
  g_test_add_func("/solver/root-forced-breaker", test_root_forced_breaker);
  g_test_add_func("/solver/checkpoint", test_checkpoint);
  g_test_add_func("/solver/stop-flag", test_stop_flag);
  g_test_add_func("/solver/orbit-classes", test_orbit_classes);
  g_test_add_func("/solver/unit-certs", test_unit_certs);
  g_test_add_func("/solver/escalate", test_escalate);
  g_test_add_func("/solver/reply-cap", test_reply_cap);
  g_test_add_func("/solver/pair-ratio", test_pair_ratio);
  return g_test_run();
}
