/* Unit tests for src/plumbing/expt.c: the shared command line (in subprocesses, since
 * a bad argument ends the process with status 2) (the progress meter is tests/test_progress.c's). */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "plumbing/expt.h"

static int parse(const char *const *args) {
  char *argv[16];
  int argc = 0;
  argv[argc++] = (char *)"prog";
  for (; *args; args++) argv[argc++] = (char *)*args;
  argv[argc] = NULL;
  char **av = argv;
  Expt e;
  static gint size = 5;
  GOptionEntry own[] = {{"size", 0, 0, G_OPTION_ARG_INT, &size, "a size", "N"}, G_OPTION_ENTRY_NULL};
  expt_parse(&e, &argc, &av, "prog", "test program", own);
  expt_check_range(&e, "--size", size, 1, 10);
  return e.profile == PROFILE_QUICK ? 100 + e.threads : e.threads;
}

static void test_good(void) {
  const char *a1[] = {NULL};
  g_assert_cmpint(parse(a1), ==, 1);
  const char *a2[] = {"--profile", "quick", "--threads", "2", "--size", "10", NULL};
  g_assert_cmpint(parse(a2), ==, 102);
  /* issue 26, defect 15: decimal, never GOption's base 0 (010 was 8) */
  const char *a3[] = {"--threads", "010", "--size=+7", NULL}; /* the profile stays quick (static) */
  g_assert_cmpint(parse(a3), ==, 110);
}

static void test_default(void) {
  Expt full = {.profile = PROFILE_FULL}, quick = {.profile = PROFILE_QUICK};
  g_assert_cmpint(expt_default(&full, G_MININT, 9, 8), ==, 9);
  g_assert_cmpint(expt_default(&quick, G_MININT, 9, 8), ==, 8);
  g_assert_cmpint(expt_default(&quick, 0, 9, 8), ==, 0);
  g_assert_cmpint(expt_default64(&full, G_MININT64, INT64_C(1) << 40, 2), ==, INT64_C(1) << 40);
  g_assert_cmpint(expt_default64(&quick, G_MININT64, 1, 2), ==, 2);
  g_assert_cmpint(expt_default64(&full, -5, 1, 2), ==, -5);
}

static void expect_exit2(const char *name, const char *pattern) {
  g_autofree char *path = g_strdup_printf("/expt/bad/%s/subprocess", name);
  g_test_trap_subprocess(path, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed();
  g_test_trap_assert_stdout("");
  g_test_trap_assert_stderr(pattern);
}

static void bad_profile(void) { const char *a[] = {"--profile", "nonsense", NULL}; parse(a); }
static void bad_threads(void) { const char *a[] = {"--threads", "-1", NULL}; parse(a); }
static void bad_size(void) { const char *a[] = {"--size", "-3", NULL}; parse(a); }
static void bad_hex(void) { const char *a[] = {"--threads", "0x10", NULL}; parse(a); }
static void bad_blank(void) { const char *a[] = {"--threads", " 2", NULL}; parse(a); }
static void bad_size_hex(void) { const char *a[] = {"--size=0x3", NULL}; parse(a); }
static void bad_option(void) { const char *a[] = {"--bogus", NULL}; parse(a); }
static void bad_newline(void) { const char *a[] = {"--profile", "q\nX", NULL}; parse(a); }
static void bad_out_empty(void) { const char *a[] = {"--out", "", NULL}; parse(a); }
static void bad_out_dir(void) { const char *a[] = {"--out", "/tmp", NULL}; parse(a); }
static void bad_out_missing(void) { const char *a[] = {"--out", "/nonexistent-dir/x.tsv", NULL}; parse(a); }
/* a figure file on a full device: one line naming the program, exit 3 */
static void full_figdata(void) {
  Expt e = {"prog", PROFILE_QUICK, 1, "-"};
  FILE *f = expt_open_figdata(&e, "/dev/full");
  fputs("data\n", f);
  expt_close_file(&e, f);
}

/* a certificate that cannot be opened mid-run: a write error, exit 3 */
static void open_missing(void) {
  Expt e = {"prog", PROFILE_QUICK, 1, "-"};
  expt_open_file(&e, "/nonexistent-dir/q3_2.pairs");
}
static void open_full(void) {
  Expt e = {"prog", PROFILE_QUICK, 1, "-"};
  FILE *f = expt_open_file(&e, "/dev/full");
  fputs("data\n", f);
  expt_close_file(&e, f);
}

static void test_open_file(void) {
  Expt e = {"test", PROFILE_QUICK, 1, "-"};
  g_autofree char *dir = g_dir_make_tmp("openfile-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "c.pairs", NULL);
  g_assert_true(g_file_set_contents(path, "old\n", -1, NULL));
  FILE *f = expt_open_file(&e, path);
  fputs("new\n", f);
  gchar *text = NULL;
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
  g_assert_cmpstr(text, ==, "old\n"); /* the old file until the commit */
  g_free(text);
  expt_close_file(&e, f);
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
  g_assert_cmpstr(text, ==, "new\n");
  g_free(text);
  g_remove(path);
  g_rmdir(dir);
  g_test_trap_subprocess("/expt/open-file/missing/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed();
  g_test_trap_assert_stderr("prog: cannot write '/nonexistent-dir/q3_2.pairs': *\n");
  g_test_trap_subprocess("/expt/open-file/full/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed();
  g_test_trap_assert_stderr("prog: cannot write '/dev/full': No space left on device\n");
}

static void test_bad(void) {
  expect_exit2("profile", "prog: --profile 'nonsense' is not allowed (allowed: quick, full)\n");
  expect_exit2("threads", "prog: --threads -1 is out of range (allowed: 1..64)\n");
  expect_exit2("size", "prog: --size -3 is out of range (allowed: 1..10)\n");
  expect_exit2("option", "prog: Unknown option --bogus\n");
  expect_exit2("hex", "prog: --threads '0x10' is not a decimal integer*\n");
  expect_exit2("blank", "prog: --threads ' 2' is not a decimal integer*\n");
  expect_exit2("size-hex", "prog: --size '0x3' is not a decimal integer*\n");
  expect_exit2("newline", "prog: --profile 'q\\nX' is not allowed (allowed: quick, full)\n");
  expect_exit2("out-empty", "prog: --out: empty file name\n");
  expect_exit2("out-dir", "prog: --out: cannot write '/tmp': it is a directory\n");
  expect_exit2("out-missing", "prog: --out: cannot write '/nonexistent-dir/x.tsv': directory "
                              "'/nonexistent-dir' does not exist\n");
  g_test_trap_subprocess("/expt/full/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed();
  g_test_trap_assert_stderr("prog: cannot write '/dev/full': No space left on device\n");
}

/* expt_open_figdata: no path, no file; a writable path opens for writing */
static void test_figdata(void) {
  Expt e = {"test", PROFILE_QUICK, 1, "-"};
  g_assert_null(expt_open_figdata(&e, NULL));
  g_autofree char *dir = g_dir_make_tmp("figdata-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "f.dat", NULL);
  FILE *f = expt_open_figdata(&e, path);
  g_assert_nonnull(f);
  g_assert_false(g_file_test(path, G_FILE_TEST_EXISTS)); /* a temporary file until committed */
  fputs("x\n", f);
  expt_close_file(&e, f);
  g_assert_true(g_file_test(path, G_FILE_TEST_EXISTS));
  g_remove(path);
  g_rmdir(dir);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/expt/good", test_good);
  g_test_add_func("/expt/bad", test_bad);
  g_test_add_func("/expt/default", test_default);
  g_test_add_func("/expt/bad/profile/subprocess", bad_profile);
  g_test_add_func("/expt/bad/threads/subprocess", bad_threads);
  g_test_add_func("/expt/bad/size/subprocess", bad_size);
  g_test_add_func("/expt/bad/hex/subprocess", bad_hex);
  g_test_add_func("/expt/bad/blank/subprocess", bad_blank);
  g_test_add_func("/expt/bad/size-hex/subprocess", bad_size_hex);
  g_test_add_func("/expt/bad/option/subprocess", bad_option);
  g_test_add_func("/expt/bad/newline/subprocess", bad_newline);
  g_test_add_func("/expt/bad/out-empty/subprocess", bad_out_empty);
  g_test_add_func("/expt/bad/out-dir/subprocess", bad_out_dir);
  g_test_add_func("/expt/bad/out-missing/subprocess", bad_out_missing);
  g_test_add_func("/expt/full/subprocess", full_figdata);
  g_test_add_func("/expt/open-file", test_open_file);
  g_test_add_func("/expt/open-file/missing/subprocess", open_missing);
  g_test_add_func("/expt/open-file/full/subprocess", open_full);
  g_test_add_func("/expt/figdata", test_figdata);
  return g_test_run();
}
