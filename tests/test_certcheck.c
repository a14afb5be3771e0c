/* test_certcheck.c — the independent checker (src/game/certcheck.h): it
 * enumerates the same sets as the builder for every kind, accepts the
 * search's certificates and rejects tampered ones. */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "game/certcheck.h"
#include "game/pairing.h"

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

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/certcheck/same_board_every_kind", test_same_board);
  g_test_add_func("/certcheck/tampered", test_tampered);
  g_test_add_func("/certcheck/hall_and_refutation", test_hall_and_refutation);
  return g_test_run();
}
