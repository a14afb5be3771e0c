/* Unit tests for src/plumbing/result.c: format, atomic replace, reduction of rationals. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "plumbing/result.h"

static char *slurp(const char *path) {
  char *s = NULL;
  g_assert_true(g_file_get_contents(path, &s, NULL, NULL));
  return s;
}

static void test_rows(void) {
  g_autofree char *dir = g_dir_make_tmp("rw-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "r.tsv", NULL);
  ResultWriter *w = rw_open(path);
  g_assert_nonnull(w);
  rw_int(w, "CT1", "lines", 193);
  rw_bool(w, "HC1", "matching", true);
  rw_bool(w, "HC1", "other", false);
  rw_rational(w, "CT10", "D0", 386, 256);
  rw_rational(w, "X1", "whole", 12, 4);
  rw_rational(w, "X1", "neg", -6, 4);
  rw_word(w, "X1", "w", "n2-9_d1-4");
  /* nothing visible under the final name before close */
  g_assert_false(g_file_test(path, G_FILE_TEST_EXISTS));
  g_assert_cmpint(rw_close(w), ==, 0);
  g_autofree char *s = slurp(path);
  g_assert_cmpstr(s, ==,
                  "claim\tkey\tvalue\nCT1\tlines\t193\nHC1\tmatching\ttrue\nHC1\tother\tfalse\n"
                  "CT10\tD0\t193/128\nX1\twhole\t3\nX1\tneg\t-3/2\nX1\tw\tn2-9_d1-4\n");
  g_autofree char *tmp = g_strdup_printf("%s.tmp", path);
  g_assert_false(g_file_test(tmp, G_FILE_TEST_EXISTS));
  g_remove(path);
  g_rmdir(dir);
}

static void test_tokens(void) {
  g_assert_true(rw_is_token("CT8"));
  g_assert_true(rw_is_token("193/128"));
  g_assert_false(rw_is_token(""));
  g_assert_false(rw_is_token(NULL));
  g_assert_false(rw_is_token("two words"));
  g_assert_false(rw_is_token("tab\there"));
  g_assert_false(rw_is_token("new\nline"));
}

static void test_bad_token_aborts(void) {
  if (g_test_subprocess()) {
    ResultWriter *w = rw_open("-");
    rw_word(w, "CT1", "key", "has space");
    rw_close(w);
    return;
  }
  g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed();
  g_test_trap_assert_stderr("*illegal value token*");
}

static void test_unwritable(void) {
  g_assert_null(rw_open("/nonexistent-dir/x.tsv"));
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/result/rows", test_rows);
  g_test_add_func("/result/tokens", test_tokens);
  g_test_add_func("/result/bad-token-aborts", test_bad_token_aborts);
  g_test_add_func("/result/unwritable", test_unwritable);
  return g_test_run();
}
