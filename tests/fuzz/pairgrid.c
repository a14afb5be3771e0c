/* Harness: pairgrid-check's reader (src/pairgrid.c pg_parse) and checker.
 * Input: the grid file.
 * Properties: a grid pg_parse accepts is within its limits, the checker
 * runs on it, and writing it back (pg_to_string) and parsing again gives
 * the same grid and the same verdict. */
#include <string.h>

#include "fuzz.h"
#include "plumbing/input.h"
#include "game/pairgrid.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  GError *err = NULL;
  if (!in_check_text((const char *)data, size, IN_MAX_LINE, &err)) { /* in_read refuses it */
    g_error_free(err);
    return 0;
  }
  char *text = g_strndup((const char *)data, size);
  PairGrid *g = pg_parse(text, &err);
  g_free(text);
  if (!g) {
    FUZZ_ASSERT(err && strchr(err->message, '\n') == NULL);
    g_error_free(err);
    return 0;
  }
  FUZZ_ASSERT(g->n >= 2 && g->n <= 64 && (g->d == 2 || g->d == 3));
  uint32_t cells = 1;
  for (int i = 0; i < g->d; i++) cells *= (uint32_t)g->n;
  FUZZ_ASSERT(g->ncells == cells && cells <= PG_MAX_CELLS && g->npairs >= 0 &&
              (uint32_t)g->npairs <= cells / 2);
  PgChecker *c = pg_checker_new(g->n, g->d);
  PgStats st;
  char *why = NULL;
  bool ok = pg_check(c, g, &st, &why);
  FUZZ_ASSERT(ok == (why == NULL));
  if (why) FUZZ_ASSERT(strchr(why, '\n') == NULL);
  g_free(why);
  char *again = pg_to_string(g);
  PairGrid *h = pg_parse(again, &err);
  FUZZ_ASSERT(h != NULL);
  FUZZ_ASSERT(h->n == g->n && h->d == g->d && h->npairs == g->npairs &&
              memcmp(h->label, g->label, sizeof *g->label * g->ncells) == 0);
  PgStats st2;
  FUZZ_ASSERT(pg_check(c, h, &st2, NULL) == ok);
  g_free(again);
  pg_free(h);
  pg_checker_free(c);
  pg_free(g);
  return 0;
}
