/* Unit tests for src/game/latdirs.c: direction sets of lattice tic-tac-toe
 * (parsing, the validity rules, printing, lat_first, lat_gcd). */
#include <glib.h>

#include "game/latdirs.h"
#include "plumbing/errors.h"

#include <string.h>

static void parse_valid(void) {
  LatDirs S;
  g_autoptr(GError) err = NULL;
  g_assert_true(lat_dirs_parse("1,0;0,1;1,1;1,-1", &S, &err));
  g_assert_no_error(err);
  g_assert_cmpint(S.d, ==, 2);
  g_assert_cmpint(S.n, ==, 4);
  g_assert_cmpint(S.v[3][1], ==, -1);
  g_autofree char *str = lat_dirs_to_string(&S);
  g_assert_cmpstr(str, ==, "(1,0) (0,1) (1,1) (1,-1)");
  g_assert_true(lat_dirs_parse("1,0,0 0,1,0", &S, NULL));
  g_assert_cmpint(S.d, ==, 3);
}

/* each rule refuses with one line in the pairing-error domain */
static void parse_invalid(void) {
  static const char *bad[] = {"0,0", "2,0", "1,0;-1,0", "1,0;1,0", "1,0;1,0,0", "", "x", "1,0;1",
                              /* issue 26, defect 15: strtoll skipped these blanks */
                              "1,0;\n0,1", "1,0;0,\v1", "\f1,0", "1,\r0", "1,+ 0"};
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
    LatDirs S;
    g_autoptr(GError) err = NULL;
    g_assert_false(lat_dirs_parse(bad[i], &S, &err));
    g_assert_nonnull(err);
    g_assert_true(err->domain == PAIRING_ERROR);
    g_assert_null(strchr(err->message, '\n'));
  }
}

static void first_and_gcd(void) {
  int v[3] = {0, -2, 4};
  g_assert_cmpint(lat_first(v, 3), ==, 1);
  int z[2] = {0, 0};
  g_assert_cmpint(lat_first(z, 2), ==, -1);
  g_assert_cmpint(lat_gcd(12, -18), ==, 6);
  g_assert_cmpint(lat_gcd(0, 7), ==, 7);
  g_assert_cmpint(lat_gcd(0, 0), ==, 0);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/latdirs/parse", parse_valid);
  g_test_add_func("/latdirs/invalid", parse_invalid);
  g_test_add_func("/latdirs/first-gcd", first_and_gcd);
  return g_test_run();
}
