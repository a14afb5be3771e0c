/* pairgrid-check — the independent checker of a pairing grid.
 *
 *   pairgrid-check [FILE]        (default: standard input)
 *
 * Reads a grid in pairgrid.h's text format (as cubic7-pairing and the
 * pre-game experiments print it), enumerates the board's lines itself, and
 * checks that every pair sits on exactly two free cells and every line
 * without a Breaker cell (O) holds both cells of one pair.  Exit 0 and one
 * line "valid: ..." if so; 1 and one line saying what fails if not; 2 if the
 * input cannot be read or is not a grid. */
#include <glib.h>
#include <stdio.h>

#include "pairgrid.h"

int main(int argc, char **argv) {
  if (argc > 2 || (argc == 2 && argv[1][0] == '-' && argv[1][1])) {
    fprintf(stderr, "pairgrid-check: usage: pairgrid-check [FILE]  (one grid; '-' or none: stdin)\n");
    return 2;
  }
  const char *path = argc == 2 ? argv[1] : "-";
  GError *err = NULL;
  gchar *text = NULL;
  if (g_strcmp0(path, "-") == 0) {
    GString *s = g_string_new(NULL);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, stdin)) > 0) g_string_append_len(s, buf, (gssize)n);
    text = g_string_free(s, FALSE);
  } else if (!g_file_get_contents(path, &text, NULL, &err)) {
    fprintf(stderr, "pairgrid-check: %s\n", err->message);
    g_error_free(err);
    return 2;
  }
  PairGrid *g = pg_parse(text, &err);
  g_free(text);
  if (!g) {
    fprintf(stderr, "pairgrid-check: %s: %s\n", path, err->message);
    g_error_free(err);
    return 2;
  }
  PgChecker *c = pg_checker_new(g->n, g->d);
  PgStats st;
  char *why = NULL;
  bool ok = pg_check(c, g, &st, &why);
  if (ok)
    printf("valid: %u pairs; every one of the %u surviving lines (of %u) holds a pair; unpaired "
           "free cells: %u\n",
           st.pairs, st.surviving, st.lines, st.free_unpaired);
  else
    printf("invalid: %s\n", why);
  g_free(why);
  pg_checker_free(c);
  pg_free(g);
  return ok ? 0 : 1;
}
