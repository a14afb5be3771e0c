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

#include "plumbing/input.h"
#include "game/pairgrid.h"
#include "plumbing/output.h"

static int run(int argc, char **argv) {
  if (argc > 2 || (argc == 2 && argv[1][0] == '-' && argv[1][1])) {
    fprintf(stderr, "pairgrid-check: usage: pairgrid-check [FILE]  (one grid; '-' or none: stdin)\n");
    return 2;
  }
  const char *path = argc == 2 ? argv[1] : "-";
  GError *err = NULL;
  /* text only: a NUL or control byte, an over-long line or file is an error */
  gchar *text = in_read(path, 64u << 20, IN_MAX_LINE, &err);
  if (!text) {
    in_error_line("pairgrid-check", err->message);
    g_error_free(err);
    return 2;
  }
  PairGrid *g = pg_parse(text, &err);
  g_free(text);
  if (!g) {
    g_autofree char *msg = g_strdup_printf("%s: %s", path, err->message);
    in_error_line("pairgrid-check", msg);
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

/* the verdict must reach standard output: a write error there is exit 3 */
int main(int argc, char **argv) { return out_stdout_status("pairgrid-check", run(argc, argv)); }
