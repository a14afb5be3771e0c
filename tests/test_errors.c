/* Unit tests for src/plumbing/errors.c: one domain, named "pairing-error",
 * and the modules' errors carry it (input, output, a file that is not text). */
#include <glib.h>
#include <glib/gstdio.h>

#include "plumbing/errors.h"
#include "plumbing/input.h"
#include "plumbing/output.h"

static void test_domain(void) {
  g_assert_cmpstr(g_quark_to_string(PAIRING_ERROR), ==, "pairing-error");
  g_assert_true(PAIRING_ERROR == g_quark_from_string("pairing-error"));
  GError *e = g_error_new(PAIRING_ERROR, PAIRING_ERROR_RANGE, "x");
  g_assert_error(e, PAIRING_ERROR, PAIRING_ERROR_RANGE);
  g_error_free(e);
  g_assert_cmpint(PAIRING_ERROR_INPUT, !=, 0); /* 0 would read as "no code" */
}

/* each module's errors are in the one domain, with the code for their kind */
static void test_modules(void) {
  GError *e = NULL;
  g_assert_false(in_check_text("a\0b", 3, 100, &e));
  g_assert_error(e, PAIRING_ERROR, PAIRING_ERROR_INPUT);
  g_clear_error(&e);
  g_assert_null(in_read("/nonexistent/file", 100, 100, &e));
  g_assert_error(e, PAIRING_ERROR, PAIRING_ERROR_IO);
  g_clear_error(&e);
  g_assert_false(out_check("/nonexistent/dir/file", &e));
  g_assert_error(e, PAIRING_ERROR, PAIRING_ERROR_IO);
  g_clear_error(&e);
  g_assert_false(out_check("", &e));
  g_assert_error(e, PAIRING_ERROR, PAIRING_ERROR_INPUT);
  g_clear_error(&e);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/errors/domain", test_domain);
  g_test_add_func("/errors/modules", test_modules);
  return g_test_run();
}
