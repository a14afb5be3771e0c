/* test_certcheck.c — the independent checker (src/solve/certcheck.h): it
 * enumerates the same sets as the builder for every kind, accepts the
 * search's certificates and rejects tampered ones. */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "solve/certcheck.h"
#include "game/pairing.h"
#include "solve/solver.h"

static char *make_cert(const char *spec, const char *moves, const char *kind) {
  MbBoard *b = bs_board_new(spec, NULL);
  g_assert_nonnull(b);
  MbPosition pos;
  g_assert_true(mb_position_parse(b, moves, &pos, NULL));
  MbSurvivors s;
  mb_survivors(b, &pos, &s);
  MbResult r;
  if (strcmp(kind, "private") == 0)
    mb_private(b, &s, &r);
  else
    g_assert_cmpint(mb_shared(b, &s, &r, NULL), >, 0);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  mb_write_cert(f, b, &pos, kind, &r);
  fclose(f);
  mb_result_clear(&r);
  mb_survivors_clear(&s);
  mb_position_clear(&pos);
  bs_board_free(b);
  return buf;
}

static CcResult judge(const char *spec, const char *text) {
  char *why = NULL;
  CcResult r = cc_check(spec, text, NULL, &why);
  if (r != CC_VALID) {
    g_assert_nonnull(why);
    g_assert_null(strchr(why, '\n'));
  }
  g_free(why);
  return r;
}

/* the checker counts the same cells and sets as the builder, every kind */
static void test_same_board(void) {
  const char *specs[] = {"5^2", "3^3", "4^4", "mnk:6,4,3", "mnk:4,4,1", "torus:6,3", "torus:5,5",
                         "qcube:5,3", "lattice:1,0;0,1;1,1;1,-1/4@7", "lattice:1,2;2,1/3@6"};
  for (size_t i = 0; i < G_N_ELEMENTS(specs); i++) {
    g_autofree char *c = make_cert(specs[i], NULL, "private");
    CcReport rep;
    char *why = NULL;
    g_assert_cmpint(cc_check(specs[i], c, &rep, &why), ==, CC_VALID);
    MbBoard *b = bs_board_new(specs[i], NULL);
    g_assert_cmpuint(rep.cells, ==, b->ncells);
    g_assert_cmpuint(rep.sets, ==, hg_ne(b->h));
    bs_board_free(b);
  }
}

static char *replace(const char *text, const char *from, const char *to) {
  const char *at = strstr(text, from);
  g_assert_nonnull(at);
  return g_strdup_printf("%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
}

static void test_tampered(void) {
  /* a private pairing of 5^2: drop a pair line -> some set unserved */
  g_autofree char *c = make_cert("5^2", NULL, "private");
  g_assert_cmpint(judge("5^2", c), ==, CC_VALID);
  char *nl = strstr(c, "\npair ");
  char *end = strchr(nl + 1, '\n');
  g_autofree char *dropped = g_strdup_printf("%.*s%s", (int)(nl - c), c, end);
  g_assert_cmpint(judge("5^2", dropped), ==, CC_INVALID);
  /* a shared pairing with one pair broken */
  g_autofree char *s = make_cert("qcube:4,2", NULL, "shared");
  g_assert_cmpint(judge("qcube:4,2", s), ==, CC_VALID);
  char *p = strstr(s, "\npair ") + 6;
  g_autofree char *first = g_strndup(p, 4);
  g_autofree char *other = g_strdup(strcmp(first, "1111") ? "1111" : "0000");
  g_autofree char *t1 = replace(s, first, other);
  g_assert_cmpint(judge("qcube:4,2", t1), !=, CC_VALID);
  /* wrong board, wrong kind, garbage, no end */
  g_assert_cmpint(judge("6^2", c), ==, CC_INVALID);
  g_autofree char *k = replace(c, "kind private", "kind bogus");
  g_assert_cmpint(judge("5^2", k), ==, CC_MALFORMED);
  g_autofree char *e = replace(c, "\nend\n", "\n");
  g_assert_cmpint(judge("5^2", e), ==, CC_MALFORMED);
  g_assert_cmpint(judge("5^2", "hello\n"), ==, CC_MALFORMED);
  g_autofree char *off = replace(c, "moves -", "moves M:9,9");
  g_assert_cmpint(judge("5^2", off), ==, CC_MALFORMED);
  /* a move on a paired cell: the pair is no longer on free cells */
  char *q = strstr(c, "\npair ") + 6;
  g_autofree char *cell = g_strndup(q, strcspn(q, " "));
  g_autofree char *mv = g_strdup_printf("moves B:%s", cell);
  g_autofree char *played = replace(c, "moves -", mv);
  g_assert_cmpint(judge("5^2", played), ==, CC_INVALID);
}

static void test_hall_and_refutation(void) {
  g_autofree char *h = make_cert("4^2", NULL, "private");
  g_assert_nonnull(strstr(h, "result hall"));
  g_assert_cmpint(judge("4^2", h), ==, CC_VALID);
  /* keep only the first set of the family: one set has 4 >= 2 free cells */
  char *first = strstr(h, "\nset ");
  char *second = strchr(first + 1, '\n');
  g_autofree char *one = g_strdup_printf("%.*s\nend\n", (int)(second - h), h);
  g_assert_cmpint(judge("4^2", one), ==, CC_INVALID);
  g_autofree char *r = make_cert("qcube:5,2", NULL, "shared");
  g_assert_nonnull(strstr(r, "result refutation"));
  g_assert_cmpint(judge("qcube:5,2", r), ==, CC_VALID);
  /* a clause that is not sound: replace an at-most-one clause by a unit */
  char *cnf = strstr(r, "\ncnf\n");
  char *line = strchr(strchr(cnf + 5, '\n') + 1, '\n'); /* after "p cnf" and the first clause */
  (void)line;
  char *c1 = strchr(cnf + 5, '\n') + 1; /* first clause */
  char *c1end = strchr(c1, '\n');
  g_autofree char *unsound = g_strdup_printf("%.*s-1 0%s", (int)(c1 - r), r, c1end);
  g_assert_cmpint(judge("qcube:5,2", unsound), ==, CC_INVALID);
  /* a truncated proof */
  char *drat = strstr(r, "\ndrat\n");
  g_autofree char *noproof = g_strdup_printf("%.*s\ndrat\nend\n", (int)(drat - r), r);
  g_assert_cmpint(judge("qcube:5,2", noproof), ==, CC_INVALID);
}

/* a strategy certificate from the solver (solver.h's public API) */
static char *solve_cert(const char *spec, const char *moves, bool bfirst) {
  MbBoard *b = bs_board_new(spec, NULL);
  g_assert_nonnull(b);
  MbPosition pos;
  g_assert_true(mb_position_parse(b, moves, &pos, NULL));
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  o.breaker_first = bfirst, o.want_cert = true;
  MbSolveResult r;
  g_assert_true(mb_solve(b, &pos, &o, &r, NULL));
  g_assert_nonnull(r.cert);
  char *c = g_strdup(r.cert);
  mb_solve_result_clear(&r);
  mb_position_clear(&pos);
  bs_board_free(b);
  return c;
}

/* issue 26, defect 1: a certificate cut at a line boundary (with or without
 * its newline) or inside a line crashed the checker (SIGSEGV on an empty
 * node line); every proper prefix must be refused with a one-line reason */
static void test_truncated(void) {
  struct { const char *spec, *moves; bool bf; } cases[] = {
      {"4^2", NULL, false}, {"3^3", NULL, false}, {"mnk:4,4,3", NULL, false}, {"mnk:4,4,3", NULL, true},
      {"mnk:5,4,4", NULL, false}, {"4^2", "M:4,1 M:2,1 M:1,1 B:4,2 B:4,3 B:3,3", false}};
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    g_autofree char *c = solve_cert(cases[i].spec, cases[i].moves, cases[i].bf);
    g_assert_cmpint(judge(cases[i].spec, c), ==, CC_VALID);
    size_t len = strlen(c), tried = 0;
    for (size_t cut = 0; cut < len; cut++) {
      /* every line boundary; every byte on small certificates */
      if (len > 4000 && c[cut] != '\n' && (cut == 0 || c[cut - 1] != '\n')) continue;
      g_autofree char *pre = g_strndup(c, cut);
      /* "end" lost with its newline kept is the only prefix that could still be whole */
      CcResult r = judge(cases[i].spec, pre);
      if (r == CC_VALID) g_assert_true(cut >= len - 1 && g_str_has_suffix(pre, "end"));
      tried++;
    }
    g_assert_cmpuint(tried, >, 5);
  }
}

/* issue 26, defect 5: the messages say what is wrong */
static char *reason(const char *spec, const char *text, CcResult want) {
  char *why = NULL;
  g_assert_cmpint(cc_check(spec, text, NULL, &why), ==, want);
  g_assert_nonnull(why);
  return why;
}

static void test_messages(void) {
  g_autofree char *head = g_strdup("makerbreaker strategy 1\nboard 3^2\nsize 9 8\nmoves -\ntomove maker\nwinner breaker\n"
                                   "cells 1,1 2,1 3,1 1,2 2,2 3,2 1,3 2,3 3,3\nnodes 1\n");
  /* a P leaf with more cells than the board: not "a cell not on the board" */
  g_autofree char *p = g_strdup_printf("%sP 1,1 2,1 3,1 1,2 2,2 3,2 1,3 2,3 3,3 1,1 2,1\nend\n", head);
  g_autofree char *w1 = reason("3^2", p, CC_INVALID);
  g_assert_nonnull(strstr(w1, "more cells than the board"));
  /* an empty B list where nothing is left to play */
  g_autofree char *b = g_strdup("makerbreaker strategy 1\nboard 3^2\nsize 9 8\n"
                                "moves M:1,1 B:2,1 M:3,1 M:1,2 B:2,2 B:3,2 B:1,3 M:2,3 M:3,3\n"
                                "tomove breaker\nwinner maker\ncells 1,1 2,1 3,1 1,2 2,2 3,2 1,3 2,3 3,3\nnodes 1\nB\nend\n");
  g_autofree char *w2 = reason("3^2", b, CC_INVALID);
  g_assert_null(strstr(w2, "0 replies listed, but 0"));
  g_assert_nonnull(strstr(w2, "no free cell"));
  /* the clause -1 -1: it repeats a literal, it does not forbid two disjoint pairs */
  g_autofree char *r = make_cert("qcube:5,2", NULL, "shared");
  char *cnf = strstr(r, "\ncnf\n");
  char *c1 = strchr(cnf + 5, '\n') + 1, *c1end = strchr(c1, '\n');
  g_autofree char *rep = g_strdup_printf("%.*s-1 -1 0%s", (int)(c1 - r), r, c1end);
  g_autofree char *w3 = reason("qcube:5,2", rep, CC_INVALID);
  g_assert_null(strstr(w3, "disjoint"));
  g_assert_nonnull(strstr(w3, "repeats a literal"));
}

/* issue 26, defect 5: a correct E leaf on sets of 63 or more free cells was
 * rejected ("bad 'E' leaf", K > 62); the value is now exact for any size */
static void test_es_large_sets(void) {
  g_autofree char *dir = g_dir_make_tmp("certcheck-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "big.txt", NULL);
  GString *f = g_string_new(NULL), *cells = g_string_new(NULL);
  for (int i = 0; i < 70; i++) g_string_append_printf(f, "%sc%d", i ? " " : "", i);
  for (int i = 0; i < 70; i++) g_string_append_printf(cells, " c%d", i);
  g_string_append(f, "\n");
  g_assert_true(g_file_set_contents(path, f->str, -1, NULL));
  g_autofree char *spec = g_strdup_printf("file:%s", path);
  /* Maker to move: 2^-70 for the set plus the largest cell term 2^-70 = 2^-69 */
  const char *vals[] = {"1/590295810358705651712", "2/1180591620717411303424", "1/1180591620717411303424"};
  CcResult want[] = {CC_VALID, CC_VALID, CC_INVALID};
  for (int i = 0; i < 3; i++) {
    g_autofree char *c = g_strdup_printf("makerbreaker strategy 1\nboard %s\nsize 70 1\nmoves -\ntomove maker\n"
                                         "winner breaker\ncells%s\nnodes 1\nE %s\nend\n", spec, cells->str, vals[i]);
    g_assert_cmpint(judge(spec, c), ==, want[i]);
  }
  /* Breaker to move after one Maker cell: 2^-69 alone; 1/1 is not below 1 */
  g_autofree char *c2 = g_strdup_printf("makerbreaker strategy 1\nboard %s\nsize 70 1\nmoves M:c0\ntomove breaker\n"
                                        "winner breaker\ncells%s\nnodes 1\nE 1/590295810358705651712\nend\n", spec, cells->str);
  g_assert_cmpint(judge(spec, c2), ==, CC_VALID);
  g_string_free(f, TRUE), g_string_free(cells, TRUE);
  g_unlink(path), g_rmdir(dir);
}

/* the line potential's leaf 'L a/b' (certcheck_lines.c): on a triangle
 * {a,b} {b,c} {a,c} (one near-line, a b c) and a plain set {d,e}, Breaker
 * to move, the value is 5/8 + 1/4 = 7/8 (the Erdős–Selfridge sum is 1, no
 * closure); with Maker to move the largest gain 3/8 (a cell of the line)
 * makes it 5/4, not below 1 (Maker wins there: a, then b or c) */
static void test_line_leaf(void) {
  g_autofree char *dir = g_dir_make_tmp("certcheck-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "tri.txt", NULL), *path2 = g_build_filename(dir, "de.txt", NULL);
  g_assert_true(g_file_set_contents(path, "a b\nb c\na c\nd e\n", -1, NULL));
  g_assert_true(g_file_set_contents(path2, "d e\n", -1, NULL));
  g_autofree char *spec = g_strdup_printf("file:%s", path), *spec2 = g_strdup_printf("file:%s", path2);
  struct {
    const char *tomove, *leaf;
    CcResult want;
  } c[] = {{"breaker", "L 7/8", CC_VALID}, {"breaker", "L 3/4", CC_INVALID}, {"breaker", "L 7", CC_INVALID},
           {"maker", "L 5/4", CC_INVALID}, {"breaker", "L 7/8 1", CC_MALFORMED}, {"breaker", "E 1", CC_INVALID}};
  for (size_t i = 0; i < G_N_ELEMENTS(c); i++) {
    g_autofree char *t = g_strdup_printf("makerbreaker strategy 1\nboard %s\nsize 5 4\nmoves -\ntomove %s\n"
                                         "winner breaker\ncells a b c d e\nnodes 1\n%s\nend\n", spec, c[i].tomove, c[i].leaf);
    g_assert_cmpint(judge(spec, t), ==, c[i].want);
  }
  /* a board with no near-line has no line potential */
  g_autofree char *t2 = g_strdup_printf("makerbreaker strategy 1\nboard %s\nsize 2 1\nmoves -\ntomove breaker\n"
                                        "winner breaker\ncells d e\nnodes 1\nL 1/4\nend\n", spec2);
  g_assert_cmpint(judge(spec2, t2), ==, CC_INVALID);
  g_unlink(path), g_unlink(path2), g_rmdir(dir);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/certcheck/same_board_every_kind", test_same_board);
  g_test_add_func("/certcheck/tampered", test_tampered);
  g_test_add_func("/certcheck/hall_and_refutation", test_hall_and_refutation);
  g_test_add_func("/certcheck/truncated_strategy", test_truncated);
  g_test_add_func("/certcheck/messages", test_messages);
  g_test_add_func("/certcheck/es_large_sets", test_es_large_sets);
  g_test_add_func("/certcheck/line_leaf", test_line_leaf);
  return g_test_run();
}
