#include "game/pairgrid.h"

#include <stdlib.h>
#include <string.h>

#include "plumbing/input.h"
#include "plumbing/errors.h"

static uint32_t cells_of(int n, int d) {
  uint32_t c = 1;
  for (int i = 0; i < d; i++) c *= (uint32_t)n;
  return c;
}

PairGrid *pg_new(int n, int d) {
  g_assert(n >= 2 && d >= 1 && d <= 4);
  PairGrid *g = g_new0(PairGrid, 1);
  g->n = n;
  g->d = d;
  g->ncells = cells_of(n, d);
  g->label = g_new0(int32_t, g->ncells);
  return g;
}

void pg_free(PairGrid *g) {
  if (!g) return;
  g_free(g->label);
  g_free(g);
}

int32_t pg_add_pair(PairGrid *g, uint32_t a, uint32_t b) {
  g_assert(a != b && a < g->ncells && b < g->ncells);
  g_assert(g->label[a] == PG_FREE && g->label[b] == PG_FREE);
  g->label[a] = g->label[b] = ++g->npairs;
  return g->npairs;
}

/* ---- text ---- */
static void put_grid(GString *s, const PairGrid *g) {
  g_assert(g->d == 2 || g->d == 3);
  int width = 1;
  for (int32_t p = g->npairs; p >= 10; p /= 10) width++;
  g_string_append_printf(s, "pairgrid n=%d d=%d pairs=%d\n", g->n, g->d, g->npairs);
  int layers = g->d == 3 ? g->n : 1, n = g->n;
  for (int z = 0; z < layers; z++) {
    if (g->d == 3) g_string_append_printf(s, "z=%d\n", z + 1);
    for (int y = 0; y < n; y++) {
      for (int x = 0; x < n; x++) {
        int32_t l = g->label[(uint32_t)(x + n * y + n * n * z)];
        char tok[16];
        if (l > 0)
          snprintf(tok, sizeof tok, "%d", l);
        else
          snprintf(tok, sizeof tok, "%s", l == PG_MAKER ? "X" : l == PG_BREAKER ? "O" : ".");
        g_string_append_printf(s, "%s%*s", x ? " " : "", width, tok);
      }
      g_string_append_c(s, '\n');
    }
  }
}

char *pg_to_string(const PairGrid *g) {
  GString *s = g_string_new(NULL);
  put_grid(s, g);
  return g_string_free(s, FALSE);
}

void pg_write(FILE *f, const PairGrid *g) {
  g_autofree char *t = pg_to_string(g);
  fputs(t, f);
}

static bool parse_label(const char *tok, int32_t *out) {
  if (!strcmp(tok, "X")) *out = PG_MAKER;
  else if (!strcmp(tok, "O")) *out = PG_BREAKER;
  else if (!strcmp(tok, ".")) *out = PG_FREE;
  else {
    int v;
    if (!in_int(tok, 1, 1000000, &v)) return false;
    *out = v;
  }
  return true;
}

/* "pairgrid n=<2..64> d=<2|3> pairs=<0..n^d/2>", numbers checked in 64 bits */
static bool parse_header(const char *line, int *n, int *d, int *pairs) {
  g_auto(GStrv) tok = g_strsplit_set(line, " \t", -1);
  int k = 0;
  const char *w[4] = {NULL, NULL, NULL, NULL};
  for (char **t = tok; *t; t++)
    if (**t) {
      if (k == 4) return false;
      w[k++] = *t;
    }
  if (k != 4 || strcmp(w[0], "pairgrid") != 0) return false;
  if (strncmp(w[1], "n=", 2) || !in_int(w[1] + 2, 2, 64, n)) return false;
  if (strncmp(w[2], "d=", 2) || !in_int(w[2] + 2, 2, 3, d)) return false;
  int cells = *d == 2 ? *n * *n : *n * *n * *n;
  return strncmp(w[3], "pairs=", 6) == 0 && in_int(w[3] + 6, 0, cells / 2, pairs);
}

PairGrid *pg_parse(const char *text, GError **err) {
  g_auto(GStrv) raw = g_strsplit(text, "\n", -1);
  GPtrArray *lines = g_ptr_array_new();
  for (char **p = raw; *p; p++) {
    char *t = g_strstrip(*p);
    if (*t && *t != '#') g_ptr_array_add(lines, t);
  }
  PairGrid *g = NULL;
  int n = 0, d = 0, pairs = -1;
  guint at = 0;
  if (lines->len == 0 || !parse_header(lines->pdata[0], &n, &d, &pairs)) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT,
                "first line must be \"pairgrid n=<2..64> d=<2|3> pairs=<0..n^d/2>\"");
    goto out;
  }
  g = pg_new(n, d);
  g->npairs = pairs;
  at = 1;
  for (int z = 0; z < (d == 3 ? n : 1); z++) {
    if (d == 3) {
      int zz;
      const char *zl = at < lines->len ? lines->pdata[at] : "";
      if (at >= lines->len || strncmp(zl, "z=", 2) != 0 || !in_int(zl + 2, 1, n, &zz) || zz != z + 1) {
        g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, "expected the layer line \"z=%d\"",
                    z + 1);
        goto fail;
      }
      at++;
    }
    for (int y = 0; y < n; y++, at++) {
      if (at >= lines->len) {
        g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, "grid ends early (layer %d, row %d)",
                    z + 1, y + 1);
        goto fail;
      }
      g_auto(GStrv) tok = g_strsplit_set(lines->pdata[at], " \t", -1);
      int x = 0;
      for (char **t = tok; *t; t++) {
        if (!**t) continue;
        int32_t l;
        if (x >= n || !parse_label(*t, &l)) {
          g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT,
                      "layer %d, row %d: bad token \"%s\" or more than %d tokens", z + 1, y + 1, *t, n);
          goto fail;
        }
        g->label[(uint32_t)(x + n * y + n * n * z)] = l;
        x++;
      }
      if (x != n) {
        g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, "layer %d, row %d: %d tokens, not %d",
                    z + 1, y + 1, x, n);
        goto fail;
      }
    }
  }
  if (at != lines->len) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, "text after the last row");
    goto fail;
  }
  goto out;
fail:
  pg_free(g);
  g = NULL;
out:
  g_ptr_array_free(lines, TRUE);
  return g;
}

/* ---- the checker ---- */
struct PgChecker {
  int n, d;
  uint32_t ncells, nlines;
  uint32_t *cells; /* nlines * n, each line's cells in order */
};

PgChecker *pg_checker_new(int n, int d) {
  g_assert(n >= 2 && d >= 1 && d <= 4);
  uint32_t nc = cells_of(n, d);
  g_assert(nc <= PG_MAX_CELLS);
  PgChecker *c = g_new0(PgChecker, 1);
  c->n = n;
  c->d = d;
  c->ncells = nc;
  GArray *cells = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  int ca[4], cb[4], step[4];
  uint32_t place[4] = {1, (uint32_t)n, (uint32_t)(n * n), (uint32_t)(n * n * n)};
  /* a line is determined by its two endpoints a < b: in every coordinate
   * they agree, or one is 1 and the other n; not all coordinates agree.
   * From each a, the partners b are found by choosing per coordinate "agree"
   * or "go to the other end" (3^d choices, not a scan of all cells), and
   * taken in increasing b, so lines come in (a, b) order. */
  int ndir = 1;
  for (int i = 0; i < d; i++) ndir *= 3;
  for (uint32_t a = 0; a < nc; a++) {
    for (int i = 0; i < d; i++) ca[i] = (int)(a / place[i] % (uint32_t)n);
    uint32_t partner[81];
    int np = 0;
    for (int code = 0; code < ndir; code++) {
      bool ok = true, moves = false;
      uint32_t b = 0;
      for (int i = 0, r = code; i < d && ok; i++, r /= 3) {
        int v = ca[i];
        if (r % 3 == 1) { /* to the other end */
          if (ca[i] == 0) v = n - 1;
          else if (ca[i] == n - 1) v = 0;
          else ok = false;
          moves = true;
        } else if (r % 3 == 2) {
          ok = false; /* each choice once: codes with a 2 are unused */
        }
        b += (uint32_t)v * place[i];
      }
      if (ok && moves && b > a) partner[np++] = b;
    }
    for (int x = 1; x < np; x++) /* insertion sort: at most 3^4 - 1 partners */
      for (int y = x; y > 0 && partner[y - 1] > partner[y]; y--) {
        uint32_t t = partner[y];
        partner[y] = partner[y - 1];
        partner[y - 1] = t;
      }
    for (int q = 0; q < np; q++) {
      uint32_t b = partner[q];
      for (int i = 0; i < d; i++) {
        cb[i] = (int)(b / place[i] % (uint32_t)n);
        step[i] = cb[i] == ca[i] ? 0 : cb[i] > ca[i] ? 1 : -1;
      }
      for (int t = 0; t < n; t++) {
        uint32_t cell = 0;
        for (int i = 0; i < d; i++) cell += (uint32_t)(ca[i] + t * step[i]) * place[i];
        g_array_append_val(cells, cell);
      }
      c->nlines++;
    }
  }
  c->cells = (uint32_t *)g_array_free(cells, FALSE);
  return c;
}

void pg_checker_free(PgChecker *c) {
  if (!c) return;
  g_free(c->cells);
  g_free(c);
}

uint32_t pg_checker_lines(const PgChecker *c) { return c->nlines; }

static bool fail(char **why, char *msg) {
  if (why) *why = msg;
  else g_free(msg);
  return false;
}

bool pg_check(const PgChecker *c, const PairGrid *g, PgStats *stats, char **why) {
  if (why) *why = NULL;
  if (g->n != c->n || g->d != c->d)
    return fail(why, g_strdup_printf("grid is %d^%d, checker is %d^%d", g->n, g->d, c->n, c->d));
  PgStats st = {c->nlines, 0, 0, 0};
  /* (a) each pair on exactly two cells */
  uint32_t np = g->npairs > 0 ? (uint32_t)g->npairs : 0;
  g_autofree uint32_t *count = g_new0(uint32_t, np + 1);
  for (uint32_t v = 0; v < g->ncells; v++) {
    int32_t l = g->label[v];
    if (l == PG_FREE) st.free_unpaired++;
    if (l <= 0) continue;
    if ((uint32_t)l > np) return fail(why, g_strdup_printf("label %d exceeds pairs=%u", l, np));
    count[l]++;
  }
  for (uint32_t k = 1; k <= np; k++)
    if (count[k] != 2) return fail(why, g_strdup_printf("pair %u is on %u cells, not 2", k, count[k]));
  st.pairs = np;
  /* (b) every surviving line holds both cells of a pair */
  g_autofree uint32_t *seen = g_new0(uint32_t, np + 1); /* line number + 1 */
  for (uint32_t ln = 0; ln < c->nlines; ln++) {
    const uint32_t *cl = c->cells + (size_t)ln * (size_t)c->n;
    bool dead = false, held = false;
    for (int t = 0; t < c->n; t++) dead |= g->label[cl[t]] == PG_BREAKER;
    if (dead) continue;
    st.surviving++;
    for (int t = 0; t < c->n && !held; t++) {
      int32_t l = g->label[cl[t]];
      if (l <= 0) continue;
      if (seen[l] == ln + 1) held = true;
      seen[l] = ln + 1;
    }
    if (!held) {
      int x[4];
      GString *s = g_string_new("surviving line without a pair, from (");
      for (int i = 0; i < c->d; i++) {
        uint32_t p = 1;
        for (int j = 0; j < i; j++) p *= (uint32_t)c->n;
        x[i] = (int)(cl[0] / p % (uint32_t)c->n) + 1;
        g_string_append_printf(s, "%s%d", i ? "," : "", x[i]);
      }
      g_string_append(s, ")");
      return fail(why, g_string_free(s, FALSE));
    }
  }
  if (stats) *stats = st;
  return true;
}
