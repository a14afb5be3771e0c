/* Unit tests for src/plumbing/scoreboard.c: every status, value equality, malformed
 * input, and the TSV round trip. */
#include <glib.h>
#include <glib/gstdio.h>

#include "plumbing/scoreboard.h"

typedef struct {
  char *root, *exp, *res, *notes;
} Tree;

static void put(const char *dir, const char *name, const char *text) {
  g_autofree char *p = g_build_filename(dir, name, NULL);
  g_assert_true(g_file_set_contents(p, text, -1, NULL));
}

static Tree tree_new(void) {
  Tree t;
  t.root = g_dir_make_tmp("sb-XXXXXX", NULL);
  t.exp = g_build_filename(t.root, "expected", NULL);
  t.res = g_build_filename(t.root, "results", NULL);
  t.notes = g_build_filename(t.root, "NOTES.md", NULL);
  g_mkdir(t.exp, 0755);
  g_mkdir(t.res, 0755);
  return t;
}

static void tree_free(Tree *t) {
  g_autofree char *cmd = g_strdup_printf("rm -rf '%s'", t->root);
  g_assert_cmpint(system(cmd), ==, 0);
  g_free(t->root);
  g_free(t->exp);
  g_free(t->res);
  g_free(t->notes);
}

static const ScoreRow *row(const Scoreboard *sb, const char *claim, const char *key) {
  for (guint i = 0; i < sb->rows->len; i++) {
    const ScoreRow *r = sb->rows->pdata[i];
    if (g_str_equal(r->claim, claim) && g_str_equal(r->key, key)) return r;
  }
  return NULL;
}

static void test_values(void) {
  g_assert_true(sb_values_equal("193/128", "386/256"));
  g_assert_true(sb_values_equal("8", "8/1"));
  g_assert_true(sb_values_equal("-3/2", "-6/4"));
  g_assert_false(sb_values_equal("193/128", "193/127"));
  g_assert_false(sb_values_equal("22163142", "22163143"));
  g_assert_true(sb_values_equal("true", "true"));
  g_assert_false(sb_values_equal("true", "false"));
  g_assert_false(sb_values_equal("1/0", "2/0")); /* not rationals: compared as words */
  g_assert_true(sb_values_equal("n2-9", "n2-9"));
}

static void test_statuses(void) {
  Tree t = tree_new();
  put(t.exp, "cubic-board.tsv",
      "claim\tkey\tvalue\tsource\tprofile\n"
      "CT1\tlines\t193\tLemma 2.1\tany\n"
      "CT1\tok\ttrue\tLemma 2.1\tany\n"
      "CT8\tboards\t22163142\t§4.2\tfull\n"
      "CT9\tsurvive\t168\t§4.3\tany\n"
      "CT10\tD0\t193/128\t§6.1\tany\n"
      "CT12\tgone\t27\t§6.2\tany\n"
      "CT14\ta\t1\t§7\tany\n"
      "CT14\tb\t2\t§7\tany\n");
  put(t.res, "cubic-board.tsv",
      "claim\tkey\tvalue\n"
      "CT1\tlines\t193\n"
      "CT1\tok\tfalse\n"
      "CT9\tsurvive\t167\n"
      "CT10\tD0\t386/256\n"
      "CT14\ta\t1\n"
      "CT14\tb\t3\n"
      "CT1\textra\t5\n"
      "CT13\tuncovered\t12\n"
      "CT13\tcheck\tsymmetry-orbits\n"
      "LD4\tm\t7\n");
  put(t.root, "NOTES.md", "# Notes\n\n## CT9 — a tie-break\nThe paper ...\n");
  g_autoptr(GHashTable) notes = sb_read_notes(t.notes, NULL);
  g_assert_nonnull(notes);
  /* a reading for one key (CT10 D0, equal: reconstructed), for every key of a
     claim (CT14: a equal, reconstructed; b differs with no note: still
     differs) and for a documented difference (CT9: stays documented) */
  g_autofree char *rpath = g_build_filename(t.root, "readings.tab", NULL);
  put(t.root, "readings.tab",
      "claim\tkey\treading\nCT10\tD0\tthe danger read as a sum\nCT14\t*\tread so\n"
      "CT9\tsurvive\tread so\n");
  g_autoptr(GHashTable) readings = sb_read_readings(rpath, NULL);
  g_assert_nonnull(readings);
  g_assert_cmpstr(sb_reading(readings, "CT10", "D0"), ==, "the danger read as a sum");
  g_assert_cmpstr(sb_reading(readings, "CT14", "b"), ==, "read so");
  g_assert_null(sb_reading(readings, "CT1", "lines"));
  for (int quick = 0; quick < 2; quick++) {
    g_autoptr(GError) err = NULL;
    Scoreboard *sb = sb_build(t.exp, t.res, notes, readings, quick, &err);
    g_assert_no_error(err);
    g_assert_cmpint(row(sb, "CT1", "lines")->status, ==, ST_REPRODUCED);
    g_assert_cmpint(row(sb, "CT1", "ok")->status, ==, ST_DIFFERS);
    g_assert_cmpint(row(sb, "CT8", "boards")->status, ==, quick ? ST_SKIPPED : ST_MISSING);
    g_assert_cmpint(row(sb, "CT9", "survive")->status, ==, ST_DOCUMENTED);
    g_assert_cmpint(row(sb, "CT10", "D0")->status, ==, ST_RECONSTRUCTED);
    g_assert_cmpint(row(sb, "CT14", "a")->status, ==, ST_RECONSTRUCTED);
    g_assert_cmpint(row(sb, "CT14", "b")->status, ==, ST_DIFFERS);
    g_assert_cmpint(row(sb, "CT12", "gone")->status, ==, ST_MISSING);
    g_assert_null(row(sb, "CT1", "extra")); /* informational rows are not scored */
    g_assert_cmpint(row(sb, "CT13", "uncovered")->status, ==, ST_BEYOND);
    g_assert_cmpint(row(sb, "CT13", "check")->status, ==, ST_BEYOND);
    g_assert_cmpint(row(sb, "LD4", "m")->status, ==, ST_BEYOND);
    g_assert_cmpint(row(sb, "LD4", "check")->status, ==, ST_MISSING); /* names no check */
    g_assert_cmpstr(row(sb, "CT1", "lines")->experiment, ==, "experiments/cubic/board.c");
    g_assert_cmpuint(sb_failures(sb), ==, quick ? 4 : 5); /* reconstructed is no failure */
    g_assert_cmpuint(sb_count(sb, ST_RECONSTRUCTED), ==, 2);
    /* round trip through the TSV */
    g_autofree char *p = g_build_filename(t.root, "scoreboard.tsv", NULL);
    g_assert_true(sb_write_tsv(sb, p, NULL));
    Scoreboard *back = sb_load(p, &err);
    g_assert_no_error(err);
    g_assert_cmpuint(back->rows->len, ==, sb->rows->len);
    for (int s = 0; s < ST_COUNT; s++) g_assert_cmpuint(sb_count(back, s), ==, sb_count(sb, s));
    g_autofree char *tex = g_build_filename(t.root, "sb.tex", NULL);
    g_assert_true(sb_write_tex(sb, tex, NULL));
    g_autofree char *text = NULL;
    g_assert_true(g_file_get_contents(tex, &text, NULL, NULL));
    /* one row per scoreboard row, each naming the file that computed it */
    const char *board_row = "\\computedby{experiments/cubic/board.c} \\\\\n";
    g_assert_nonnull(strstr(text, board_row));
    guint rows = 0;
    for (const char *q = text; (q = strstr(q, "\\computedby{")) != NULL; q++) rows++;
    g_assert_cmpuint(rows, ==, sb->rows->len);
    sb_free(back);
    sb_free(sb);
  }
  tree_free(&t);
}

/* "open@B": a search that ran out of its budget B is scored open, a status
 * of its own (not equal, not a difference, no failure); anything not of
 * that exact form is a value like any other */
static void test_open(void) {
  g_assert_true(sb_value_open("open@1"));
  g_assert_true(sb_value_open("open@1000000"));
  g_assert_false(sb_value_open("open@"));
  g_assert_false(sb_value_open("open@0"));
  g_assert_false(sb_value_open("open@01"));
  g_assert_false(sb_value_open("open@12x"));
  g_assert_false(sb_value_open("open"));
  g_assert_false(sb_value_open("maker"));
  Tree t = tree_new();
  put(t.exp, "games-atlas.tsv",
      "claim\tkey\tvalue\tsource\tprofile\n"
      "MB9\ta/outcome\tmaker\tsomewhere\tany\n"
      "MB9\tb/outcome\tbreaker\tsomewhere\tany\n"
      "MB9\tc/outcome\tbreaker\tsomewhere\tany\n");
  put(t.res, "games-atlas.tsv",
      "claim\tkey\tvalue\n"
      "MB9\ta/outcome\topen@500\n"
      "MB9\tb/outcome\tbreaker\n"
      "MB9\tc/outcome\topen@0\n"
      "MB11\tx/outcome\topen@20000\n"
      "MB11\ty/outcome\tmaker\n"
      "MB11\tcheck\tcertcheck-replay\n");
  g_autoptr(GError) err = NULL;
  Scoreboard *sb = sb_build(t.exp, t.res, NULL, NULL, false, &err);
  g_assert_no_error(err);
  g_assert_cmpint(row(sb, "MB9", "a/outcome")->status, ==, ST_OPEN);
  g_assert_cmpint(row(sb, "MB9", "b/outcome")->status, ==, ST_REPRODUCED);
  g_assert_cmpint(row(sb, "MB9", "c/outcome")->status, ==, ST_DIFFERS); /* not a budget */
  g_assert_cmpint(row(sb, "MB11", "x/outcome")->status, ==, ST_OPEN);
  g_assert_cmpint(row(sb, "MB11", "y/outcome")->status, ==, ST_BEYOND);
  g_assert_cmpuint(sb_count(sb, ST_OPEN), ==, 2);
  g_assert_cmpuint(sb_failures(sb), ==, 1);
  g_assert_cmpstr(sb_status_name(ST_OPEN), ==, "open");
  Status st;
  g_assert_true(sb_status_parse("open", &st));
  g_assert_cmpint(st, ==, ST_OPEN);
  sb_free(sb);
  tree_free(&t);
}

static void test_malformed(void) {
  Tree t = tree_new();
  g_autoptr(GHashTable) notes = sb_read_notes(t.notes, NULL); /* absent: no notes */
  g_assert_nonnull(notes);
  g_assert_cmpuint(g_hash_table_size(notes), ==, 0);
  put(t.exp, "a-b.tsv", "claim\tkey\tvalue\tsource\n");
  g_autoptr(GError) e1 = NULL;
  g_assert_null(sb_build(t.exp, t.res, notes, NULL, false, &e1));
  g_assert_nonnull(e1);
  put(t.exp, "a-b.tsv", "claim\tkey\tvalue\tsource\tprofile\nX1\tk\t1\t§1\tsometimes\n");
  g_autoptr(GError) e2 = NULL;
  g_assert_null(sb_build(t.exp, t.res, notes, NULL, false, &e2));
  g_assert_nonnull(e2);
  put(t.exp, "a-b.tsv", "claim\tkey\tvalue\tsource\tprofile\nX1\tk\t1\t§1\tany\n");
  put(t.res, "a-b.tsv", "claim\tkey\tvalue\nX1\tk\t1\nX1\tk\t2\n");
  g_autoptr(GError) e3 = NULL;
  g_assert_null(sb_build(t.exp, t.res, notes, NULL, false, &e3));
  g_assert_nonnull(e3);
  put(t.res, "a-b.tsv", "claim\tkey\tvalue\nX1\tk\n");
  g_autoptr(GError) e4 = NULL;
  g_assert_null(sb_build(t.exp, t.res, notes, NULL, false, &e4));
  g_assert_nonnull(e4);
  /* readings: absent file = none; bad header, no claim id, a key twice,
     and a reading that names no published value are errors */
  g_autofree char *rp = g_build_filename(t.root, "readings.tab", NULL);
  g_autoptr(GHashTable) none = sb_read_readings(rp, NULL);
  g_assert_nonnull(none);
  g_assert_cmpuint(g_hash_table_size(none), ==, 0);
  const char *bad[] = {"claim\tkey\n", "claim\tkey\treading\nx1\tk\tr\n",
                       "claim\tkey\treading\nX1\tk\tr\nX1\tk\ts\n",
                       "claim\tkey\treading\nX1\tk\t\n"};
  for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
    put(t.root, "readings.tab", bad[i]);
    g_autoptr(GError) e = NULL;
    g_assert_null(sb_read_readings(rp, &e));
    g_assert_nonnull(e);
  }
  put(t.res, "a-b.tsv", "claim\tkey\tvalue\nX1\tk\t1\n");
  put(t.root, "readings.tab", "claim\tkey\treading\nX1\tj\tr\n");
  g_autoptr(GHashTable) typo = sb_read_readings(rp, NULL);
  g_autoptr(GError) e5 = NULL;
  g_assert_null(sb_build(t.exp, t.res, notes, typo, false, &e5));
  g_assert_nonnull(e5);
  put(t.root, "readings.tab", "claim\tkey\treading\nX1\t*\tr\n");
  g_autoptr(GHashTable) all = sb_read_readings(rp, NULL);
  Scoreboard *ok = sb_build(t.exp, t.res, notes, all, false, NULL);
  g_assert_nonnull(ok);
  g_assert_cmpint(row(ok, "X1", "k")->status, ==, ST_RECONSTRUCTED);
  sb_free(ok);
  tree_free(&t);
}

/* Rows come in expected-file name order, then row order; new results last. */
static void test_order(void) {
  Tree t = tree_new();
  const char *hdr = "claim\tkey\tvalue\tsource\tprofile\n";
  g_autofree char *z = g_strconcat(hdr, "Z1\tk\t1\t§1\tany\nZ1\tj\t2\t§1\tany\n", NULL);
  g_autofree char *a = g_strconcat(hdr, "A1\tk\t1\t§1\tany\n", NULL);
  put(t.exp, "zeta-x.tsv", z);
  put(t.exp, "alpha-x.tsv", a);
  put(t.res, "beta-x.tsv", "claim\tkey\tvalue\nB9\tcheck\tsat-model\n");
  Scoreboard *sb = sb_build(t.exp, t.res, NULL, NULL, false, NULL);
  g_assert_nonnull(sb);
  const char *want[][2] = {{"A1", "k"}, {"Z1", "k"}, {"Z1", "j"}, {"B9", "check"}};
  g_assert_cmpuint(sb->rows->len, ==, G_N_ELEMENTS(want));
  for (guint i = 0; i < sb->rows->len; i++) {
    const ScoreRow *r = sb->rows->pdata[i];
    g_assert_cmpstr(r->claim, ==, want[i][0]);
    g_assert_cmpstr(r->key, ==, want[i][1]);
  }
  sb_free(sb);
  tree_free(&t);
}

/* A new claim that two result files compute: one "check" row, the union of
 * their checks; one file without its check leaves the row missing. */
static void test_check_merged(void) {
  Tree t = tree_new();
  put(t.res, "hc-a.tsv", "claim\tkey\tvalue\nN1\tx\t3\nN1\tcheck\tverifier+drat\n");
  put(t.res, "hc-b.tsv", "claim\tkey\tvalue\nN1\ty\t4\nN1\tcheck\tdrat+counting\n");
  Scoreboard *sb = sb_build(t.exp, t.res, NULL, NULL, false, NULL);
  g_assert_nonnull(sb);
  guint checks = 0;
  for (guint i = 0; i < sb->rows->len; i++) checks += strcmp(((ScoreRow *)sb->rows->pdata[i])->key, "check") == 0;
  g_assert_cmpuint(checks, ==, 1);
  g_assert_cmpstr(row(sb, "N1", "check")->got, ==, "verifier+drat+counting");
  g_assert_cmpint(row(sb, "N1", "check")->status, ==, ST_BEYOND);
  g_assert_cmpuint(sb->rows->len, ==, 3);
  sb_free(sb);
  put(t.res, "hc-b.tsv", "claim\tkey\tvalue\nN1\ty\t4\n");
  sb = sb_build(t.exp, t.res, NULL, NULL, false, NULL);
  g_assert_nonnull(sb);
  g_assert_cmpint(row(sb, "N1", "check")->status, ==, ST_MISSING);
  g_assert_cmpstr(row(sb, "N1", "check")->got, ==, "verifier+drat");
  sb_free(sb);
  tree_free(&t);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/scoreboard/check-merged", test_check_merged);
  g_test_add_func("/scoreboard/values", test_values);
  g_test_add_func("/scoreboard/statuses", test_statuses);
  g_test_add_func("/scoreboard/malformed", test_malformed);
  g_test_add_func("/scoreboard/open", test_open);
  g_test_add_func("/scoreboard/order", test_order);
  return g_test_run();
}
