/* Harness: the Positional Game Description reader (src/game/pgd.h) on any
 * text, as `pg:PATH` boards read it.
 * Input: the file's text.
 * Properties: pgd_parse returns true, or false with a one-line message;
 * a game it accepts has distinct vertices, sets of known distinct
 * vertices, disjoint initials, and written back by pgd_write and read
 * again gives the same vertices, sets (in order), initials, side to move
 * and Maker's bound N. */
#include <string.h>

#include "fuzz.h"
#include "game/pgd.h"

static void same(const PgGame *a, const PgGame *b) {
  FUZZ_ASSERT(a->names->len == b->names->len);
  for (guint i = 0; i < a->names->len; i++)
    FUZZ_ASSERT(strcmp(g_ptr_array_index(a->names, i), g_ptr_array_index(b->names, i)) == 0);
  FUZZ_ASSERT(a->start->len == b->start->len && a->cells->len == b->cells->len);
  FUZZ_ASSERT(memcmp(a->start->data, b->start->data, a->start->len * 4) == 0);
  FUZZ_ASSERT(a->cells->len == 0 || memcmp(a->cells->data, b->cells->data, a->cells->len * 4) == 0);
  FUZZ_ASSERT(a->black->len == b->black->len && a->white->len == b->white->len);
  FUZZ_ASSERT(a->maker_moves == b->maker_moves);
  FUZZ_ASSERT(a->maker_moves == 0 || a->black_to_move == b->black_to_move);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 1 << 16) return 0;
  char *text = g_strndup((const char *)data, size);
  PgGame g;
  GError *e = NULL;
  bool ok = pgd_parse(text, "fuzz", &g, &e);
  FUZZ_ASSERT(ok == (e == NULL));
  if (!ok) {
    FUZZ_ASSERT(strchr(e->message, '\n') == NULL);
    g_error_free(e);
    g_free(text);
    return 0;
  }
  uint32_t nc = g.names->len, ns = g.start->len - 1;
  uint8_t *owner = g_new0(uint8_t, nc + 1);
  for (guint i = 0; i < g.black->len; i++) owner[g_array_index(g.black, uint32_t, i)] = 1;
  for (guint i = 0; i < g.white->len; i++) {
    uint32_t c = g_array_index(g.white, uint32_t, i);
    FUZZ_ASSERT(owner[c] == 0);
    owner[c] = 2;
  }
  for (guint i = 0; i < g.cells->len; i++) FUZZ_ASSERT(g_array_index(g.cells, uint32_t, i) < nc);
  char *out = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&out, &len);
  FUZZ_ASSERT(pgd_write(f, nc, (char *const *)g.names->pdata, ns, (const uint32_t *)g.start->data,
                        (const uint32_t *)g.cells->data, owner, g.black_to_move, g.maker_moves));
  fclose(f);
  PgGame h;
  FUZZ_ASSERT(pgd_parse(out, "again", &h, NULL));
  same(&g, &h);
  pgd_clear(&h);
  pgd_clear(&g);
  free(out);
  g_free(owner);
  g_free(text);
  return 0;
}
