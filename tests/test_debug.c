/* Unit tests for src/plumbing/debug.h: in the ordinary build a check's
 * condition is never evaluated; in the DEBUG=1 build (-DPAIRING_DEBUG) it is,
 * a true one passes and a false one aborts with the documented line. */
#include <glib.h>
#include <stdbool.h>

#include "plumbing/debug.h"

static int evaluated;

static bool count_true(void) {
  evaluated++;
  return true;
}

static void test_evaluation(void) {
  evaluated = 0;
  PAIRING_CHECK(count_true(), "never false");
  g_assert_cmpint(evaluated, ==, PAIRING_DEBUG_ON ? 1 : 0);
}

static void test_failure(void) {
  if (g_test_subprocess()) {
    int x = 3;
    PAIRING_CHECK(x == 4, "x is %d", x);
    return;
  }
  g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  if (PAIRING_DEBUG_ON) {
    g_test_trap_assert_failed();
    g_test_trap_assert_stderr("*invariant violated at *test_debug.c:*: x is 3*");
  } else {
    g_test_trap_assert_passed();
  }
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/debug/evaluation", test_evaluation);
  g_test_add_func("/debug/failure", test_failure);
  return g_test_run();
}
