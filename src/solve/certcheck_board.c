/* certcheck_board.c — the checker's own board (certcheck_int.h): cells and
 * winning sets enumerated by windows along direction vectors (files by a
 * tokenizer of its own), and the header every certificate opens with.  It
 * uses boardspec.h only for the spec's parameters. */
#include <stdlib.h>
#include <string.h>

#include "game/boardspec.h"
#include "plumbing/input.h"
#include "solve/certcheck_int.h"
#include "solve/certtok.h"

guint cc_key_hash(gconstpointer p) {
  const uint32_t *k = p;
  guint h = 5381;
  for (uint32_t i = 0; i <= k[0]; i++) h = h * 33u + k[i];
  return h;
}
gboolean cc_key_equal(gconstpointer a, gconstpointer b) {
  const uint32_t *x = a, *y = b;
  return x[0] == y[0] && memcmp(x + 1, y + 1, x[0] * sizeof(uint32_t)) == 0;
}
static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}
uint32_t *cc_make_key(const uint32_t *c, uint32_t n) {
  uint32_t *k = g_new(uint32_t, n + 1);
  k[0] = n;
  memcpy(k + 1, c, n * sizeof(uint32_t));
  qsort(k + 1, n, sizeof(uint32_t), cmp_u32);
  return k;
}

void cb_init(CcBoard *b) {
  b->names = g_ptr_array_new_with_free_func(g_free);
  b->index = g_hash_table_new(g_str_hash, g_str_equal);
  b->start = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  b->cells = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  b->bykey = g_hash_table_new_full(cc_key_hash, cc_key_equal, g_free, NULL);
  uint32_t z = 0;
  g_array_append_val(b->start, z);
}
void cb_clear(CcBoard *b) {
  g_hash_table_destroy(b->index);
  g_ptr_array_free(b->names, TRUE);
  g_array_free(b->start, TRUE);
  g_array_free(b->cells, TRUE);
  g_hash_table_destroy(b->bykey);
}
uint32_t cb_nsets(const CcBoard *b) { return b->start->len - 1; }
const uint32_t *cb_set(const CcBoard *b, uint32_t s, uint32_t *n) {
  uint32_t a = g_array_index(b->start, uint32_t, s), z = g_array_index(b->start, uint32_t, s + 1);
  *n = z - a;
  return &g_array_index(b->cells, uint32_t, a);
}
static void cb_add_cell(CcBoard *b, char *name) {
  g_ptr_array_add(b->names, name);
  g_hash_table_insert(b->index, name, GUINT_TO_POINTER(b->names->len));
}
long cb_cell(const CcBoard *b, const char *name) {
  return (long)GPOINTER_TO_UINT(g_hash_table_lookup(b->index, name)) - 1;
}
uint32_t cb_lookup_set(const CcBoard *b, char **tok, guint n, bool *named) {
  GArray *cs = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  *named = true;
  for (guint i = 0; i < n; i++) {
    long v = cb_cell(b, tok[i]);
    *named &= v >= 0;
    uint32_t u = (uint32_t)v;
    g_array_append_val(cs, u);
  }
  uint32_t *k = cc_make_key((uint32_t *)cs->data, cs->len);
  g_array_free(cs, TRUE);
  uint32_t s = GPOINTER_TO_UINT(*named ? g_hash_table_lookup(b->bykey, k) : NULL);
  g_free(k);
  return s;
}

/* adds the set unless an equal one is there; returns false if it was */
static bool cb_add_set(CcBoard *b, const uint32_t *c, uint32_t n) {
  uint32_t *k = cc_make_key(c, n);
  if (g_hash_table_contains(b->bykey, k)) {
    g_free(k);
    return false;
  }
  g_array_append_vals(b->cells, c, n);
  uint32_t z = b->cells->len;
  g_array_append_val(b->start, z);
  g_hash_table_insert(b->bykey, k, GUINT_TO_POINTER(cb_nsets(b)));
  return true;
}

/* ---- the boards, enumerated by windows ------------------------------------ */

typedef struct {
  int dims, lo, side[8];
  bool wrap;
} Box;

static char *tuple_name(const int *x, int dims) {
  GString *s = g_string_new(NULL);
  for (int i = 0; i < dims; i++) g_string_append_printf(s, i ? ",%d" : "%d", x[i]);
  return g_string_free(s, FALSE);
}

/* every cell of the box (first coordinate fastest), then every window of
 * `len` cells along every vector of dirs (ndirs x dims) */
static void enum_windows(CcBoard *b, const Box *box, const int (*dirs)[8], int ndirs, int len) {
  int x[8];
  for (int i = 0; i < box->dims; i++) x[i] = box->lo;
  for (;;) {
    cb_add_cell(b, tuple_name(x, box->dims));
    int i = 0;
    while (i < box->dims && ++x[i] == box->lo + box->side[i]) x[i] = box->lo, i++;
    if (i == box->dims) break;
  }
  uint32_t ncells = b->names->len;
  g_autofree uint32_t *set = g_new(uint32_t, (size_t)len);
  /* cell c's coordinates are its index in the mixed radix of the sides
   * (first coordinate fastest), as the names were made above */
  int64_t stride[8];
  for (int i = 0; i < box->dims; i++) stride[i] = i ? stride[i - 1] * box->side[i - 1] : 1;
  for (uint32_t c = 0; c < ncells; c++) {
    int p[8];
    for (int i = 0, r = (int)c; i < box->dims; i++) p[i] = r % box->side[i], r /= box->side[i];
    /* wrapping with windows as long as the side (the torus with K = N): a
     * window is a whole coset, and every coset along a compass vector meets
     * row 0 or column 0, so only windows starting there are needed */
    if (box->wrap && box->dims == 2 && len == box->side[0] && len == box->side[1] && p[0] != 0 && p[1] != 0) continue;
    for (int v = 0; v < ndirs; v++) {
      bool ok = true;
      if (!box->wrap) /* the box is convex: the window is inside iff its last cell is */
        for (int i = 0; i < box->dims && ok; i++) {
          int64_t e = p[i] + (int64_t)(len - 1) * dirs[v][i];
          ok = e >= 0 && e < box->side[i];
        }
      if (!ok) continue;
      for (int s = 0; s < len; s++) {
        int64_t idx = 0;
        for (int i = 0; i < box->dims; i++) {
          int64_t y = p[i] + (int64_t)s * dirs[v][i];
          if (box->wrap) y = (y % box->side[i] + box->side[i]) % box->side[i];
          idx += y * stride[i];
        }
        set[s] = (uint32_t)idx;
      }
      cb_add_set(b, set, (uint32_t)len);
    }
  }
}

static void enum_qcube(CcBoard *b, int n, int k) {
  uint32_t nv = 1u << n;
  for (uint32_t v = 0; v < nv; v++) {
    char *s = g_malloc((size_t)n + 1);
    for (int i = 0; i < n; i++) s[i] = (char)('0' + (v >> i & 1));
    s[n] = '\0';
    cb_add_cell(b, s);
  }
  /* every pattern over {0,1,*} with k stars: choose the stars, then the rest */
  g_autofree uint32_t *set = g_new(uint32_t, (size_t)1 << k);
  g_autofree char *pat = g_malloc((size_t)n + 1), *buf = g_malloc((size_t)n + 1);
  pat[n] = buf[n] = '\0';
  for (uint32_t stars = 0; stars < nv; stars++) {
    if (__builtin_popcount(stars) != k) continue;
    for (uint32_t rest = 0; rest < (1u << (n - k)); rest++) {
      for (int i = 0, r = 0; i < n; i++) pat[i] = (stars >> i & 1) ? '*' : (char)('0' + (rest >> r++ & 1));
      for (uint32_t fill = 0; fill < (1u << k); fill++) {
        for (int i = 0, r = 0; i < n; i++) buf[i] = pat[i] == '*' ? (char)('0' + (fill >> r++ & 1)) : pat[i];
        set[fill] = (uint32_t)cb_cell(b, buf);
      }
      cb_add_set(b, set, 1u << k);
    }
  }
}

static bool is_sep(char c) { return c == ' ' || c == '\t' || c == '\r' || c == ','; }

static bool enum_file(CcBoard *b, const char *path, char **why) {
  GError *e = NULL;
  g_autofree char *text = in_read(path, BS_MAX_FILE, IN_MAX_LINE, &e);
  if (!text) {
    *why = g_strdup_printf("cannot read board file: %s", e->message);
    g_error_free(e);
    return false;
  }
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  GArray *cur = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  GArray *mark = g_array_new(FALSE, TRUE, sizeof(uint32_t)); /* per cell: the last line (+1) it was in */
  bool ok = true;
  for (int l = 0; ok && lines[l]; l++) {
    char *h = strchr(lines[l], '#');
    if (h) *h = '\0';
    g_array_set_size(cur, 0);
    bool directive = false, cellsdir = false;
    for (char *q = lines[l]; *q && ok;) {
      while (*q && is_sep(*q)) q++;
      if (!*q) break;
      char *s = q;
      while (*q && !is_sep(*q)) q++;
      if (*q) *q++ = '\0';
      if (s[0] == '@' && cur->len == 0 && !directive) {
        directive = true;
        cellsdir = strcmp(s, "@cells") == 0;
        continue;
      }
      if (directive && !cellsdir) continue;
      if (strlen(s) > BS_MAX_NAME || s[0] == '@') {
        *why = g_strdup_printf("board file line %d: bad cell name", l + 1);
        ok = false;
        break;
      }
      long c = cb_cell(b, s);
      if (c < 0) {
        if (b->names->len >= BS_MAX_CELLS) {
          *why = g_strdup_printf("board file: more than %d cells", BS_MAX_CELLS);
          ok = false;
          break;
        }
        cb_add_cell(b, g_strdup(s));
        c = (long)b->names->len - 1;
      } else if (cellsdir) {
        *why = g_strdup_printf("board file line %d: cell declared twice", l + 1);
        ok = false;
        break;
      }
      if (cellsdir) continue;
      if (mark->len < b->names->len) g_array_set_size(mark, b->names->len);
      if (g_array_index(mark, uint32_t, (guint)c) == (uint32_t)l + 1) { /* met before on this line */
        *why = g_strdup_printf("board file line %d: a cell twice in one set", l + 1);
        ok = false;
        break;
      }
      g_array_index(mark, uint32_t, (guint)c) = (uint32_t)l + 1;
      uint32_t cc = (uint32_t)c;
      g_array_append_val(cur, cc);
    }
    if (ok && !directive && cur->len > 0) {
      if (b->cells->len + cur->len > (guint)BS_MAX_INCID || cb_nsets(b) >= BS_MAX_SETS) {
        *why = g_strdup("board file too large");
        ok = false;
      } else if (!cb_add_set(b, (uint32_t *)cur->data, cur->len)) {
        *why = g_strdup_printf("board file line %d: a repeated set", l + 1);
        ok = false;
      }
    }
  }
  g_array_free(cur, TRUE);
  g_array_free(mark, TRUE);
  return ok;
}

/* a PGD file (pg:PATH), read by a tokenizer of its own: only the vertices
 * (#positions) and Maker's sets (#blackwins) matter here — a certificate
 * names its position in its own moves line; every other section is skipped.
 * '%' comments; '#' lines switch the section. */
static bool enum_pg(CcBoard *b, const char *path, char **why) {
  GError *e = NULL;
  g_autofree char *text = in_read(path, BS_MAX_FILE, IN_MAX_LINE, &e);
  if (!text) {
    *why = g_strdup_printf("cannot read board file: %s", e->message);
    g_error_free(e);
    return false;
  }
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  GArray *cur = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  GPtrArray *wins = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
  int section = 0; /* 1 positions, 2 black wins, 0 anything else */
  bool ok = true;
  for (int l = 0; ok && lines[l]; l++) {
    char *pc = strchr(lines[l], '%');
    if (pc) *pc = '\0';
    g_strstrip(lines[l]);
    if (lines[l][0] == '#') {
      section = strcmp(lines[l], "#positions") == 0 ? 1 : strcmp(lines[l], "#blackwins") == 0 ? 2 : 0;
      continue;
    }
    gchar **tok = g_strsplit_set(lines[l], " \t\r", -1);
    if (section == 1) {
      for (int i = 0; ok && tok[i]; i++) {
        if (!*tok[i]) continue;
        if (cb_cell(b, tok[i]) >= 0 || b->names->len >= BS_MAX_CELLS) {
          *why = g_strdup_printf("board file line %d: a vertex twice, or too many", l + 1);
          ok = false;
        } else
          cb_add_cell(b, g_strdup(tok[i]));
      }
      g_strfreev(tok);
    } else if (section == 2)
      g_ptr_array_add(wins, tok);
    else
      g_strfreev(tok);
  }
  for (guint w = 0; ok && w < wins->len; w++) { /* the sets, once every vertex is known */
    gchar **tok = g_ptr_array_index(wins, w);
    g_array_set_size(cur, 0);
    for (int i = 0; ok && tok[i]; i++) {
      if (!*tok[i]) continue;
      long c = cb_cell(b, tok[i]);
      bool dup = false;
      for (guint j = 0; c >= 0 && j < cur->len; j++) dup |= g_array_index(cur, uint32_t, j) == (uint32_t)c;
      if (c < 0 || dup) {
        *why = g_strdup_printf("board file: black set %u names an unknown vertex or one twice", w + 1);
        ok = false;
      } else {
        uint32_t u = (uint32_t)c;
        g_array_append_val(cur, u);
      }
    }
    if (ok && cur->len == 0) continue;
    if (ok && (b->cells->len + cur->len > (guint)BS_MAX_INCID || cb_nsets(b) >= BS_MAX_SETS)) {
      *why = g_strdup("board file too large");
      ok = false;
    } else if (ok && !cb_add_set(b, (uint32_t *)cur->data, cur->len)) {
      *why = g_strdup_printf("board file: black set %u repeated", w + 1);
      ok = false;
    }
  }
  g_array_free(cur, TRUE);
  g_ptr_array_free(wins, TRUE);
  return ok;
}

bool cc_board(CcBoard *b, const BsSpec *sp, char **why) {
  static const int compass[8][8] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
  Box box = {0, 1, {0}, false};
  switch (sp->kind) {
  case BS_CUBE: {
    box.dims = sp->d;
    for (int i = 0; i < sp->d; i++) box.side[i] = sp->n;
    int nd = 0, total = 1;
    for (int i = 0; i < sp->d; i++) total *= 3;
    int(*dirs)[8] = g_malloc0(sizeof(int[8]) * (size_t)total);
    for (int t = 0; t < total; t++) {
      bool zero = true;
      for (int i = 0, r = t; i < sp->d; i++, r /= 3) dirs[nd][i] = r % 3 - 1, zero &= r % 3 == 1;
      if (!zero) nd++;
    }
    enum_windows(b, &box, (const int(*)[8])dirs, nd, sp->n);
    g_free(dirs);
    return true;
  }
  case BS_MNK:
    box.dims = 2, box.side[0] = sp->m, box.side[1] = sp->n;
    enum_windows(b, &box, compass, 8, sp->k);
    return true;
  case BS_TORUS:
    box.dims = 2, box.lo = 0, box.side[0] = box.side[1] = sp->n, box.wrap = true;
    enum_windows(b, &box, compass, 8, sp->k);
    return true;
  case BS_LATTICE: {
    box.dims = sp->d, box.lo = 0;
    for (int i = 0; i < sp->d; i++) box.side[i] = sp->w;
    int dirs[2 * LAT_MAX_S][8];
    memset(dirs, 0, sizeof dirs);
    for (int s = 0; s < sp->S.n; s++)
      for (int i = 0; i < sp->d; i++) dirs[2 * s][i] = sp->S.v[s][i], dirs[2 * s + 1][i] = -sp->S.v[s][i];
    enum_windows(b, &box, (const int(*)[8])dirs, 2 * sp->S.n, sp->m);
    return true;
  }
  case BS_QCUBE: enum_qcube(b, sp->n, sp->k); return true;
  case BS_FILE: return enum_file(b, sp->path, why);
  case BS_PG: return enum_pg(b, sp->path, why);
  }
  return false;
}
CcResult cc_cert_header(char **lines, const char *const *want, int n, bool file_board,
                            const char *canon, uint32_t nc, uint32_t ns, char **why) {
  CcResult res = CC_VALID;
  g_auto(GStrv) t = NULL;
  for (int L = 0; L < n; L++) {
    const char *ln = lines[L];
    if (!ln || (L == 0 ? strcmp(ln, want[0]) != 0 : !g_str_has_prefix(ln, want[L])))
      BAD(CC_MALFORMED, "certificate line %d: want '%s...'", L + 1, want[L]);
  }
  const char *cboard = lines[1] + 6;
  if (file_board ? !g_str_has_prefix(cboard, g_str_has_prefix(canon, "pg:") ? "pg:" : "file:") : strcmp(cboard, canon) != 0) {
    g_autofree char *s = in_escape(cboard, 80);
    BAD(CC_INVALID, "the certificate is for board '%s', not %s", s, canon);
  }
  const char *tw;
  guint nt = 0;
  t = ct_split(lines[2], &nt, &tw);
  int64_t c, s;
  if (!t || nt != 3 || !in_int64(t[1], 0, INT64_MAX, &c) || !in_int64(t[2], 0, INT64_MAX, &s))
    BAD(CC_MALFORMED, "certificate line 3: want 'size CELLS SETS'");
  if ((uint64_t)c != nc || (uint64_t)s != ns)
    BAD(CC_INVALID, "the certificate's board has %" G_GINT64_FORMAT " cells and %" G_GINT64_FORMAT
                    " sets; the board has %u and %u", c, s, nc, ns);
done:
  return res;
}
/* ---- the enumeration, for other checkers ----------------------------------- */
bool cc_enumerate(const char *spec, CcSets *out, char **why) {
  memset(out, 0, sizeof *out);
  *why = NULL;
  BsSpec sp;
  GError *e = NULL;
  if (!bs_spec_parse(spec, &sp, &e)) {
    *why = g_strdup(e->message);
    g_error_free(e);
    return false;
  }
  CcBoard B;
  cb_init(&B);
  bool ok = cc_board(&B, &sp, why);
  bs_spec_clear(&sp);
  if (ok) {
    out->ncells = B.names->len;
    out->nsets = cb_nsets(&B);
    out->names = g_new0(char *, out->ncells + 1);
    GHashTable *ix = g_hash_table_new(g_str_hash, g_str_equal);
    for (uint32_t c = 0; c < out->ncells; c++) {
      out->names[c] = g_strdup(g_ptr_array_index(B.names, c));
      g_hash_table_insert(ix, out->names[c], GUINT_TO_POINTER(c + 1));
    }
    out->index = ix;
    out->start = g_memdup2(B.start->data, sizeof(uint32_t) * B.start->len);
    out->cells = g_memdup2(B.cells->data, sizeof(uint32_t) * (B.cells->len ? B.cells->len : 1));
  }
  cb_clear(&B);
  return ok;
}

long cc_sets_cell(const CcSets *s, const char *name) {
  return (long)GPOINTER_TO_UINT(g_hash_table_lookup(s->index, name)) - 1;
}

void cc_sets_clear(CcSets *s) {
  if (s->index) g_hash_table_destroy(s->index);
  g_strfreev(s->names);
  g_free(s->start);
  g_free(s->cells);
  memset(s, 0, sizeof *s);
}
