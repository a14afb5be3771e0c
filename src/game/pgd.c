/* pgd.c — Positional Game Description 1.0 files (see pgd.h). */
#include "game/pgd.h"

#include <stdlib.h>
#include <string.h>

#include "game/boardspec.h"
#include "plumbing/input.h"

#define PG_ERR g_quark_from_static_string("pgd")

static bool fail(GError **err, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static bool fail(GError **err, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  g_autofree char *m = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  g_set_error_literal(err, PG_ERR, 1, m);
  return false;
}

bool pgd_token_ok(const char *tok) {
  size_t n = strlen(tok);
  if (n == 0 || n > BS_MAX_NAME) return false;
  for (size_t i = 0; i < n; i++)
    if (!g_ascii_isalnum(tok[i])) return false;
  return true;
}

enum { S_POS, S_BW, S_WW, S_BI, S_WI, S_TIMES, S_BT, S_FIRST, S_VER, S_N };
static const char *const WORDS[S_N] = {"#positions",     "#blackwins",     "#whitewins",
                                       "#blackinitials", "#whiteinitials", "#times",
                                       "#blackturns",    "#firstmoves",    "#version"};

typedef struct {
  uint64_t line;
  GPtrArray *tok; /* owned strings */
} Line;

static void line_free(gpointer p) {
  Line *l = p;
  g_ptr_array_free(l->tok, TRUE);
  g_free(l);
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}
static guint key_hash(gconstpointer p) {
  const uint32_t *k = p;
  guint h = 2166136261u;
  for (uint32_t i = 0; i <= k[0]; i++) h = (h ^ k[i]) * 16777619u;
  return h;
}
static gboolean key_equal(gconstpointer a, gconstpointer b) {
  const uint32_t *x = a, *y = b;
  return x[0] == y[0] && memcmp(x + 1, y + 1, x[0] * sizeof(uint32_t)) == 0;
}

void pgd_clear(PgGame *g) {
  if (g->names) g_ptr_array_free(g->names, TRUE);
  if (g->byname) g_hash_table_destroy(g->byname);
  if (g->start) g_array_free(g->start, TRUE);
  if (g->cells) g_array_free(g->cells, TRUE);
  if (g->black) g_array_free(g->black, TRUE);
  if (g->white) g_array_free(g->white, TRUE);
  memset(g, 0, sizeof *g);
}

static long vertex(const PgGame *g, const char *name) {
  return (long)GPOINTER_TO_UINT(g_hash_table_lookup(g->byname, name)) - 1;
}

/* the initials of one colour into out; owner marks them */
static bool initials(PgGame *g, GPtrArray *lines, GArray *out, uint8_t *owner, uint8_t who, const char *label,
                     const char *word, GError **err) {
  for (guint i = 0; i < lines->len; i++) {
    Line *l = g_ptr_array_index(lines, i);
    for (guint j = 0; j < l->tok->len; j++) {
      const char *t = g_ptr_array_index(l->tok, j);
      long v = vertex(g, t);
      if (v < 0) return fail(err, "%s: line %" G_GUINT64_FORMAT ": %s names '%s', not a vertex of #positions", label, l->line, word, t);
      if (owner[v]) return fail(err, "%s: line %" G_GUINT64_FORMAT ": vertex '%s' is an initial twice", label, l->line, t);
      owner[v] = who;
      uint32_t u = (uint32_t)v;
      g_array_append_val(out, u);
    }
  }
  return true;
}

bool pgd_parse(const char *text, const char *label, PgGame *g, GError **err) {
  memset(g, 0, sizeof *g);
  GError *e = NULL;
  if (!in_check_text(text, strlen(text), IN_MAX_LINE, &e)) {
    fail(err, "%s: %s", label, e->message);
    g_error_free(e);
    return false;
  }
  GPtrArray *sec[S_N];
  for (int s = 0; s < S_N; s++) sec[s] = g_ptr_array_new_with_free_func(line_free);
  bool ok = true;
  int cur = -1;
  uint64_t lineno = 0;
  uint64_t ntok = 0;
  for (const char *p = text; ok && *p;) {
    lineno++;
    const char *eol = strchr(p, '\n');
    size_t n = eol ? (size_t)(eol - p) : strlen(p);
    g_autofree char *line = g_strndup(p, n);
    p = eol ? eol + 1 : p + n;
    char *pc = strchr(line, '%');
    if (pc) *pc = '\0';
    g_auto(GStrv) tok = g_strsplit_set(g_strstrip(line), " \t\r", -1);
    GPtrArray *ts = g_ptr_array_new_with_free_func(g_free);
    for (int i = 0; tok[i]; i++)
      if (*tok[i]) g_ptr_array_add(ts, g_strdup(tok[i]));
    if (ts->len == 0) {
      g_ptr_array_free(ts, TRUE);
      continue;
    }
    const char *first = g_ptr_array_index(ts, 0);
    if (first[0] == '#') {
      g_autofree char *shown = in_escape(first, 40);
      cur = -1;
      for (int s = 0; s < S_N; s++)
        if (strcmp(first, WORDS[s]) == 0) cur = s;
      if (cur < 0)
        ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": unknown code word '%s' (a Maker–Breaker game has #positions, "
                       "#blackwins, #blackinitials, #whiteinitials, #times, #blackturns, #version)", label, lineno, shown);
      else if (ts->len > 1)
        ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": code word %s must be alone on its line", label, lineno, shown);
      g_ptr_array_free(ts, TRUE);
      continue;
    }
    if (cur < 0) {
      ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": tokens before the first code word", label, lineno);
      g_ptr_array_free(ts, TRUE);
      break;
    }
    for (guint i = 0; ok && cur != S_VER && i < ts->len; i++)
      if (!pgd_token_ok(g_ptr_array_index(ts, i))) {
        g_autofree char *shown = in_escape(g_ptr_array_index(ts, i), 40);
        ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": '%s' is not an alphanumeric token of 1..%d bytes", label,
                  lineno, shown, BS_MAX_NAME);
      }
    ntok += ts->len;
    if (ok && ntok > (uint64_t)BS_MAX_INCID + BS_MAX_CELLS)
      ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": too many tokens", label, lineno);
    Line *l = g_new(Line, 1);
    l->line = lineno, l->tok = ts;
    g_ptr_array_add(sec[cur], l);
  }
  uint8_t *owner = NULL;
  GHashTable *seen = NULL;
  g->names = g_ptr_array_new_with_free_func(g_free);
  g->byname = g_hash_table_new(g_str_hash, g_str_equal);
  g->start = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  g->cells = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  g->black = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  g->white = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  uint32_t zero = 0;
  g_array_append_val(g->start, zero);
  if (!ok) goto done;
  /* #version */
  for (guint i = 0; ok && i < sec[S_VER]->len; i++) {
    Line *l = g_ptr_array_index(sec[S_VER], i);
    for (guint j = 0; ok && j < l->tok->len; j++)
      if (strcmp(g_ptr_array_index(l->tok, j), "1.0") != 0 && strcmp(g_ptr_array_index(l->tok, j), "1") != 0)
        ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": version must be 1.0", label, l->line);
  }
  if (!ok) goto done;
  /* #whitewins, #firstmoves */
  if (sec[S_WW]->len) {
    Line *l = g_ptr_array_index(sec[S_WW], 0);
    ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": #whitewins is not empty: a strong game, not a Maker–Breaker game "
                   "(black = Maker, white = Breaker, who has no winning sets)", label, l->line);
    goto done;
  }
  if (sec[S_FIRST]->len) {
    Line *l = g_ptr_array_index(sec[S_FIRST], 0);
    ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": #firstmoves restricts the first move, which no position of the "
                   "game does: not supported (leave it empty)", label, l->line);
    goto done;
  }
  /* #positions */
  for (guint i = 0; ok && i < sec[S_POS]->len; i++) {
    Line *l = g_ptr_array_index(sec[S_POS], i);
    for (guint j = 0; ok && j < l->tok->len; j++) {
      const char *t = g_ptr_array_index(l->tok, j);
      if (g_hash_table_contains(g->byname, t))
        ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": vertex '%s' listed twice in #positions", label, l->line, t);
      else if (g->names->len >= (guint)BS_MAX_CELLS)
        ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": more than %d vertices", label, l->line, BS_MAX_CELLS);
      else {
        char *c = g_strdup(t);
        g_ptr_array_add(g->names, c);
        g_hash_table_insert(g->byname, c, GUINT_TO_POINTER(g->names->len));
      }
    }
  }
  if (ok && g->names->len == 0) ok = fail(err, "%s: no #positions (the vertices of the board)", label);
  if (!ok) goto done;
  /* #blackwins */
  seen = g_hash_table_new_full(key_hash, key_equal, g_free, NULL);
  owner = g_new0(uint8_t, g->names->len);
  {
    g_autofree uint32_t *mark = g_new0(uint32_t, g->names->len); /* per vertex: the last set (+1) it was in */
    for (guint i = 0; ok && i < sec[S_BW]->len; i++) {
      Line *l = g_ptr_array_index(sec[S_BW], i);
      if (g->start->len > (guint)BS_MAX_SETS || g->cells->len + l->tok->len > (guint)BS_MAX_INCID) {
        ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": more than %d sets or %d incidences", label, l->line,
                  BS_MAX_SETS, BS_MAX_INCID);
        break;
      }
      uint32_t *key = g_new(uint32_t, l->tok->len + 1);
      key[0] = l->tok->len;
      for (guint j = 0; ok && j < l->tok->len; j++) {
        const char *t = g_ptr_array_index(l->tok, j);
        long v = vertex(g, t);
        if (v < 0)
          ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": '%s' is not a vertex of #positions", label, l->line, t);
        else if (mark[v] == i + 1)
          ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": vertex '%s' twice in one set", label, l->line, t);
        else {
          mark[v] = i + 1;
          uint32_t u = (uint32_t)v;
          g_array_append_val(g->cells, u);
          key[j + 1] = u;
        }
      }
      if (!ok) {
        g_free(key);
        break;
      }
      qsort(key + 1, key[0], sizeof(uint32_t), cmp_u32);
      gpointer prev = g_hash_table_lookup(seen, key);
      if (prev) {
        g_free(key);
        ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": the same set as line %" G_GUINT64_FORMAT, label, l->line,
                  (uint64_t)GPOINTER_TO_SIZE(prev));
        break;
      }
      g_hash_table_insert(seen, key, GSIZE_TO_POINTER((gsize)l->line));
      uint32_t end = g->cells->len;
      g_array_append_val(g->start, end);
    }
  }
  if (!ok) goto done;
  /* initials */
  if (!initials(g, sec[S_BI], g->black, owner, 1, label, "#blackinitials", err) ||
      !initials(g, sec[S_WI], g->white, owner, 2, label, "#whiteinitials", err)) {
    ok = false;
    goto done;
  }
  /* #times and #blackturns */
  {
    g_autoptr(GHashTable) tindex = g_hash_table_new(g_str_hash, g_str_equal);
    g_autoptr(GPtrArray) times = g_ptr_array_new();
    for (guint i = 0; ok && i < sec[S_TIMES]->len; i++) {
      Line *l = g_ptr_array_index(sec[S_TIMES], i);
      for (guint j = 0; ok && j < l->tok->len; j++) {
        char *t = g_ptr_array_index(l->tok, j);
        if (g_hash_table_contains(tindex, t))
          ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": time point '%s' listed twice", label, l->line, t);
        else {
          g_ptr_array_add(times, t);
          g_hash_table_insert(tindex, t, GUINT_TO_POINTER(times->len));
        }
      }
    }
    if (!ok) goto done;
    uint8_t *black = g_new0(uint8_t, times->len + 1);
    for (guint i = 0; ok && i < sec[S_BT]->len; i++) {
      Line *l = g_ptr_array_index(sec[S_BT], i);
      for (guint j = 0; ok && j < l->tok->len; j++) {
        const char *t = g_ptr_array_index(l->tok, j);
        guint k = GPOINTER_TO_UINT(g_hash_table_lookup(tindex, t));
        if (!k) ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": black turn '%s' is not a time point of #times", label, l->line, t);
        else if (black[k - 1]) ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": black turn '%s' listed twice", label, l->line, t);
        else black[k - 1] = 1, g->maker_moves++;
      }
    }
    for (guint k = 1; ok && k < times->len; k++)
      if (black[k] == black[k - 1])
        ok = fail(err, "%s: the turns do not alternate at time points '%s' and '%s' (both %s): biased games are not "
                       "supported", label, (char *)g_ptr_array_index(times, k - 1), (char *)g_ptr_array_index(times, k),
                  black[k] ? "black" : "white");
    g->black_to_move = times->len == 0 || black[0];
    g->ntimes = times->len;
    g_free(black);
  }
done:
  g_free(owner);
  if (seen) g_hash_table_destroy(seen);
  for (int s = 0; s < S_N; s++) g_ptr_array_free(sec[s], TRUE);
  if (!ok) pgd_clear(g);
  return ok;
}

bool pgd_write(FILE *f, uint32_t ncells, char *const *names, uint32_t nsets, const uint32_t *start,
              const uint32_t *cells, const uint8_t *owner, bool black_to_move, uint32_t maker_moves) {
  fprintf(f, "%% Positional Game Description (Maker-Breaker: black = Maker, white = Breaker), written by makerbreaker\n");
  fprintf(f, "#version\n1.0\n#positions\n");
  for (uint32_t c = 0; c < ncells; c++) fprintf(f, "%s%s", names[c], c % 16 == 15 || c + 1 == ncells ? "\n" : " ");
  fprintf(f, "#blackwins\n");
  for (uint32_t s = 0; s < nsets; s++) {
    for (uint32_t i = start[s]; i < start[s + 1]; i++) fprintf(f, i > start[s] ? " %s" : "%s", names[cells[i]]);
    fputc('\n', f);
  }
  for (int who = 1; who <= 2; who++) {
    fprintf(f, who == 1 ? "#blackinitials\n" : "#whiteinitials\n");
    uint32_t k = 0;
    for (uint32_t c = 0; c < ncells; c++)
      if (owner[c] == who) fprintf(f, "%s%s", k++ ? " " : "", names[c]);
    if (k) fputc('\n', f);
  }
  /* plies: black's N turns, white's between them, and one before the first if white moves first */
  uint32_t T = maker_moves == 0 ? 0 : 2 * maker_moves - 1 + (black_to_move ? 0 : 1);
  fprintf(f, "#times\n");
  for (uint32_t t = 1; t <= T; t++) fprintf(f, "%st%u", t > 1 ? " " : "", t);
  if (T) fputc('\n', f);
  fprintf(f, "#blackturns\n");
  uint32_t k = 0;
  for (uint32_t t = 1; t <= T; t++)
    if (((t - 1) % 2 == 0) == black_to_move) fprintf(f, "%st%u", k++ ? " " : "", t);
  if (k) fputc('\n', f);
  return !ferror(f);
}
