/* test_output.c — plumbing/output.h: atomic replacement of regular targets,
 * and no temporary file left behind when the writer is killed (issue 26,
 * defect 12: SIGKILL left an empty PATH.XXXXXX.tmp that no later run removed). */
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "plumbing/errors.h"
#include "plumbing/output.h"

static guint entries(const char *dir) {
  GDir *d = g_dir_open(dir, 0, NULL);
  g_assert_nonnull(d);
  guint n = 0;
  while (g_dir_read_name(d)) n++;
  g_dir_close(d);
  return n;
}

static void rm_dir(const char *dir) {
  GDir *d = g_dir_open(dir, 0, NULL);
  for (const char *n; d && (n = g_dir_read_name(d));) {
    g_autofree char *p = g_build_filename(dir, n, NULL);
    g_unlink(p);
  }
  if (d) g_dir_close(d);
  g_rmdir(dir);
}

static void test_commit_replaces(void) {
  g_autofree char *dir = g_dir_make_tmp("output-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "out.txt", NULL);
  g_assert_true(g_file_set_contents(path, "old\n", -1, NULL));
  OutFile *o = out_open(path, NULL);
  g_assert_nonnull(o);
  fputs("new\n", out_stream(o));
  g_autofree char *mid = NULL;
  g_assert_true(g_file_get_contents(path, &mid, NULL, NULL));
  g_assert_cmpstr(mid, ==, "old\n"); /* readers see the old file until the commit */
  g_assert_true(out_commit(o, NULL));
  g_autofree char *now = NULL;
  g_assert_true(g_file_get_contents(path, &now, NULL, NULL));
  g_assert_cmpstr(now, ==, "new\n");
  g_assert_cmpuint(entries(dir), ==, 1);
  /* aborted: the target untouched, nothing else left */
  o = out_open(path, NULL);
  fputs("aborted\n", out_stream(o));
  out_abort(o);
  g_autofree char *after = NULL;
  g_assert_true(g_file_get_contents(path, &after, NULL, NULL));
  g_assert_cmpstr(after, ==, "new\n");
  g_assert_cmpuint(entries(dir), ==, 1);
  rm_dir(dir);
}

static void test_sigkill_leaves_nothing(void) {
  g_autofree char *dir = g_dir_make_tmp("output-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "out.txt", NULL);
  pid_t pid = fork();
  g_assert_cmpint(pid, >=, 0);
  if (pid == 0) {
    OutFile *o = out_open(path, NULL);
    if (!o) _exit(2);
    fputs("partial\n", out_stream(o));
    fflush(out_stream(o));
    raise(SIGKILL);
    _exit(3);
  }
  int st;
  g_assert_cmpint(waitpid(pid, &st, 0), ==, pid);
  g_assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
  g_assert_cmpuint(entries(dir), ==, 0); /* no OUT.XXXXXX.tmp, no partial OUT */
  rm_dir(dir);
}

/* out_open_new (solve --cert-dir, issue 37 E2): a new file only; its
 * commit links it under its name and never replaces a file that appeared
 * meanwhile (PAIRING_ERROR_RANGE, that file untouched, no temporary left) */
static void test_new_never_replaces(void) {
  g_autofree char *dir = g_dir_make_tmp("output-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "move1.cert", NULL);
  GError *e = NULL;
  OutFile *o = out_open_new(path, &e);
  g_assert_no_error(e);
  fputs("mine\n", out_stream(o));
  g_assert_true(out_flush(o, NULL));
  g_assert_cmpuint(entries(dir), ==, 0); /* nothing named before the commit */
  g_assert_true(out_commit(o, NULL));
  g_autofree char *now = NULL;
  g_assert_true(g_file_get_contents(path, &now, NULL, NULL));
  g_assert_cmpstr(now, ==, "mine\n");
  /* the target exists: refused at once */
  g_assert_null(out_open_new(path, &e));
  g_assert_error(e, PAIRING_ERROR, PAIRING_ERROR_RANGE);
  g_clear_error(&e);
  /* the target appears between the open and the commit: not replaced */
  g_autofree char *p2 = g_build_filename(dir, "move2.cert", NULL);
  o = out_open_new(p2, NULL);
  g_assert_nonnull(o);
  fputs("solver's\n", out_stream(o));
  g_assert_true(g_file_set_contents(p2, "user's\n", -1, NULL));
  g_assert_false(out_commit(o, &e));
  g_assert_error(e, PAIRING_ERROR, PAIRING_ERROR_RANGE);
  g_clear_error(&e);
  g_autofree char *user = NULL;
  g_assert_true(g_file_get_contents(p2, &user, NULL, NULL));
  g_assert_cmpstr(user, ==, "user's\n");
  g_assert_cmpuint(entries(dir), ==, 2);
  rm_dir(dir);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/output/commit_replaces", test_commit_replaces);
  g_test_add_func("/output/sigkill_leaves_nothing", test_sigkill_leaves_nothing);
  g_test_add_func("/output/new_never_replaces", test_new_never_replaces);
  return g_test_run();
}
