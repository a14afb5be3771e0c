/* test_certtok.c — the certificates' one tokenizer (src/solve/certtok.h):
 * tokens separated by exactly one blank; an empty line, a leading or
 * trailing blank, two blanks in a row, a tab or a carriage return anywhere
 * is malformed (with a reason), whatever else the line holds. */
#include <glib.h>
#include <string.h>

#include "solve/certtok.h"

static void test_good(void) {
  guint n = 99;
  const char *why = "unset";
  char **t = ct_split("cells 1,1 2,1 3,1", &n, &why);
  g_assert_nonnull(t);
  g_assert_cmpuint(n, ==, 4);
  g_assert_cmpuint(g_strv_length(t), ==, 4);
  g_assert_cmpstr(t[0], ==, "cells");
  g_assert_cmpstr(t[3], ==, "3,1");
  g_strfreev(t);
  t = ct_split("end", NULL, &why); /* one token; n may be NULL */
  g_assert_nonnull(t);
  g_assert_cmpstr(t[0], ==, "end");
  g_assert_null(t[1]);
  g_strfreev(t);
}

static void test_bad(void) {
  const char *bad[] = {"", " cells a", "cells a ", "cells  a", "cells\ta", "cells a\r", "cells a\r\n", "\r", " ", "a  b c",
                       "perm 1 a\tb"};
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
    const char *why = NULL;
    guint n = 7;
    char **t = ct_split(bad[i], &n, &why);
    if (t) g_test_message("accepted: '%s'", bad[i]);
    g_assert_null(t);
    g_assert_nonnull(why);
    g_assert_cmpuint(strlen(why), >, 0);
    g_assert_null(strchr(why, '\n')); /* one line */
  }
}

/* every way of joining tokens but by single blanks is refused, and the
 * single-blank join is read back as the tokens */
static void test_roundtrip(void) {
  const char *tok[] = {"M", "1,2,3", "S", "12", "7", "E", "13/16"};
  for (guint k = 1; k <= G_N_ELEMENTS(tok); k++) {
    GString *s = g_string_new(NULL);
    for (guint i = 0; i < k; i++) g_string_append_printf(s, "%s%s", i ? " " : "", tok[i]);
    guint n = 0;
    const char *why = NULL;
    char **t = ct_split(s->str, &n, &why);
    g_assert_nonnull(t);
    g_assert_cmpuint(n, ==, k);
    for (guint i = 0; i < k; i++) g_assert_cmpstr(t[i], ==, tok[i]);
    g_strfreev(t);
    g_string_free(s, TRUE);
  }
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/certtok/good", test_good);
  g_test_add_func("/certtok/bad", test_bad);
  g_test_add_func("/certtok/roundtrip", test_roundtrip);
  return g_test_run();
}
