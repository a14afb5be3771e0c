/* certcheck.c — the independent certificate checker (see certcheck.h).  It
 * uses boardspec.h only for the spec's parameters; cells, names and winning
 * sets are enumerated here, by windows along direction vectors. */
#include "game/certcheck.h"

#include <stdlib.h>
#include <string.h>

#include "solvers/drat.h"
#include "game/boardspec.h"
#include "plumbing/input.h"

typedef struct {
  GPtrArray *names;   /* cell names */
  GHashTable *index;  /* name -> cell + 1 */
  GArray *start;      /* uint32 offsets, nsets + 1 */
  GArray *cells;      /* uint32 */
  GHashTable *bykey;  /* sorted cells (len-prefixed) -> set + 1 */
} CcBoard;

static guint key_hash(gconstpointer p) {
  const uint32_t *k = p;
  guint h = 5381;
  for (uint32_t i = 0; i <= k[0]; i++) h = h * 33u + k[i];
  return h;
}
static gboolean key_equal(gconstpointer a, gconstpointer b) {
  const uint32_t *x = a, *y = b;
  return x[0] == y[0] && memcmp(x + 1, y + 1, x[0] * sizeof(uint32_t)) == 0;
}
static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}
static uint32_t *make_key(const uint32_t *c, uint32_t n) {
  uint32_t *k = g_new(uint32_t, n + 1);
  k[0] = n;
  memcpy(k + 1, c, n * sizeof(uint32_t));
  qsort(k + 1, n, sizeof(uint32_t), cmp_u32);
  return k;
}

static void cb_init(CcBoard *b) {
  b->names = g_ptr_array_new_with_free_func(g_free);
  b->index = g_hash_table_new(g_str_hash, g_str_equal);
  b->start = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  b->cells = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  b->bykey = g_hash_table_new_full(key_hash, key_equal, g_free, NULL);
  uint32_t z = 0;
  g_array_append_val(b->start, z);
}
static void cb_clear(CcBoard *b) {
  g_hash_table_destroy(b->index);
  g_ptr_array_free(b->names, TRUE);
  g_array_free(b->start, TRUE);
  g_array_free(b->cells, TRUE);
  g_hash_table_destroy(b->bykey);
}
static uint32_t cb_nsets(const CcBoard *b) { return b->start->len - 1; }
static const uint32_t *cb_set(const CcBoard *b, uint32_t s, uint32_t *n) {
  uint32_t a = g_array_index(b->start, uint32_t, s), z = g_array_index(b->start, uint32_t, s + 1);
  *n = z - a;
  return &g_array_index(b->cells, uint32_t, a);
}
static void cb_add_cell(CcBoard *b, char *name) {
  g_ptr_array_add(b->names, name);
  g_hash_table_insert(b->index, name, GUINT_TO_POINTER(b->names->len));
}
static long cb_cell(const CcBoard *b, const char *name) {
  return (long)GPOINTER_TO_UINT(g_hash_table_lookup(b->index, name)) - 1;
}
/* adds the set unless an equal one is there; returns false if it was */
/* The winning set named by the cells tok[0..n-1], in any order: its index + 1,
 * or 0 if it is not a set of the board; *named is false if a cell is not on
 * the board. */
static uint32_t cb_lookup_set(const CcBoard *b, char **tok, guint n, bool *named) {
  GArray *cs = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  *named = true;
  for (guint i = 0; i < n; i++) {
    long v = cb_cell(b, tok[i]);
    *named &= v >= 0;
    uint32_t u = (uint32_t)v;
    g_array_append_val(cs, u);
  }
  uint32_t *k = make_key((uint32_t *)cs->data, cs->len);
  g_array_free(cs, TRUE);
  uint32_t s = GPOINTER_TO_UINT(*named ? g_hash_table_lookup(b->bykey, k) : NULL);
  g_free(k);
  return s;
}

static bool cb_add_set(CcBoard *b, const uint32_t *c, uint32_t n) {
  uint32_t *k = make_key(c, n);
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

static bool cc_board(CcBoard *b, const BsSpec *sp, char **why) {
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

/* ---- the certificate ------------------------------------------------------- */

typedef struct {
  CcBoard B;
  uint8_t *owner; /* 0 free, 1 Maker, 2 Breaker */
  uint8_t *alive; /* per set: surviving */
  uint32_t nsurv;
} Ctx;

static uint32_t free_in(const Ctx *x, uint32_t s, uint32_t *out) {
  uint32_t n, k = 0;
  const uint32_t *c = cb_set(&x->B, s, &n);
  for (uint32_t i = 0; i < n; i++)
    if (x->owner[c[i]] == 0) out[k++] = c[i];
  return k;
}

#define BAD(code, ...) \
  do {                 \
    *why = g_strdup_printf(__VA_ARGS__); \
    res = code;        \
    goto done;         \
  } while (0)

/* ---- strategy certificates (solver.h's format, checked from the rules) ------ *
 * The position is an owner array; every node's position is kept (two bitsets
 * and the side to move) so that an "S d p" line can be compared with the node
 * it names.  Soundness: a node is won for the winner by its own line and
 * subtree; an S line by the named earlier node (the same position up to an
 * automorphism, so the same outcome), which has as many free cells and a
 * smaller index, so the induction on (free cells, index) is well founded. */

typedef struct {
  uint32_t *cells, k, next;
  uint8_t mover;
  char op;
  int64_t id;
  uint32_t best; /* the most Maker moves below, over the children done */
  uint64_t *zacc;   /* the union of the children's zones, each with its move */
  uint64_t *czone;  /* 'R', 'A': each child's zone (support) as passed up (k * W words) */
  uint64_t *livez;  /* 'R', 'A': the free cells of surviving sets at the node */
} SFrame;

/* Zones (solver.h, "relevance zones"): the zone of a node of a Breaker-win
 * tree is a set Z of free cells such that Breaker still wins when Maker is
 * also given every free cell outside Z.  Recomputed here by the rules, from
 * the tree alone: D: {}; P: the pairs' cells; E: the free cells of the
 * surviving sets; a move node (m/b/F/B/M/R): the union over its children
 * of (child's zone + the child's move); S d p: the image under p of the
 * named node's zone.  An 'R C1..Ck' node (Maker to move, Breaker the
 * winner) omits Maker moves: each free cell of a surviving set not listed
 * must lie outside (Z_i + C_i) for some listed C_i — then the position after
 * it is below the one after C_i with Maker given all free cells outside Z_i,
 * which Breaker wins (monotonicity: extra Maker cells never hurt Breaker's
 * opponent less).
 *
 * Supports (solver.h, "Maker's supports"): in a Maker-win tree the same
 * slot holds the SUPPORT of a node, a set of free cells containing every
 * cell Maker may take under the node's strategy.  Rules: W: {}; T C1..Ck:
 * the Ci and, after each Ci, the free cell of every surviving set that is
 * one short; m C and F C: the child's support + C; B and A: the union of
 * the children's supports (Breaker's moves are not added); S d p: the image
 * of the named node's.  An 'A C1..Ck' node (Breaker to move, Maker the
 * winner) omits Breaker replies: each free cell b of a surviving set not
 * listed must lie outside the support of some listed C_i's child.  Then
 * Maker wins after b by the strategy after C_i with the roles of b and C_i
 * swapped: Maker never takes b nor C_i there, so a Breaker move on C_i is
 * answered as the strategy answers one on b, Maker's cells are the same in
 * both games, and Breaker's cells correspond under the swap. */
static inline void zput(uint64_t *z, uint32_t c) { z[c / 64] |= UINT64_C(1) << (c % 64); }
static inline bool zhas(const uint64_t *z, uint32_t c) { return (z[c / 64] >> (c % 64)) & 1; }

static bool parse_cells(const CcBoard *B, char **t, uint32_t *out, uint32_t *n, uint32_t max) {
  *n = 0;
  for (int i = 0; t[i]; i++) {
    if (!*t[i]) continue;
    long c = cb_cell(B, t[i]);
    if (c < 0 || *n >= max) return false;
    out[(*n)++] = (uint32_t)c;
  }
  return true;
}

/* sets with no Breaker cell: free cells counted; live[c] = c free on one */
static uint32_t st_scan(const CcBoard *B, const uint8_t *own, uint8_t *live, bool *maker_done, uint32_t *one_short,
                        uint32_t want_single) {
  uint32_t ns = cb_nsets(B), nsurv = 0;
  *maker_done = false;
  *one_short = 0;
  memset(live, 0, B->names->len);
  for (uint32_t s = 0; s < ns; s++) {
    uint32_t n, fr = 0, last = 0;
    const uint32_t *c = cb_set(B, s, &n);
    bool dead = false;
    for (uint32_t i = 0; i < n; i++) dead |= own[c[i]] == 2;
    if (dead) continue;
    nsurv++;
    for (uint32_t i = 0; i < n; i++)
      if (own[c[i]] == 0) fr++, last = c[i], live[c[i]] = 1;
    if (fr == 0) *maker_done = true;
    if (fr == 1 && last == want_single) (*one_short)++;
  }
  return nsurv;
}

/* The lines every certificate opens with: want[0] exactly, then lines that
 * start with want[1..n-1]; line 2 names the board (canon, or any file: board
 * for a board read from a file) and line 3 its size.  On a mismatch *why is
 * set and the result is returned; CC_VALID otherwise. */
static CcResult cert_header(char **lines, const char *const *want, int n, bool file_board,
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
  t = g_strsplit(lines[2] + 5, " ", -1);
  int64_t c, s;
  if (g_strv_length(t) != 2 || !in_int64(t[0], 0, INT64_MAX, &c) || !in_int64(t[1], 0, INT64_MAX, &s))
    BAD(CC_MALFORMED, "certificate line 3: want 'size CELLS SETS'");
  if ((uint64_t)c != nc || (uint64_t)s != ns)
    BAD(CC_INVALID, "the certificate's board has %" G_GINT64_FORMAT " cells and %" G_GINT64_FORMAT
                    " sets; the board has %u and %u", c, s, nc, ns);
done:
  return res;
}

/* ---- exact dyadic values, for the E leaves -------------------------------- *
 * A value is a sorted array of distinct exponents e (int64): the sum of 2^e.
 * dy_normalize turns any multiset of exponents into that form (binary
 * carries), so no set size limits the arithmetic. */
static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}
static void dy_normalize(GArray *v) {
  if (v->len == 0) return;
  int64_t *e = (int64_t *)v->data;
  qsort(e, v->len, sizeof(int64_t), cmp_i64);
  guint n = v->len, i = 0, out = 0;
  /* e is sorted; a run of c equal exponents x gives bit (c & 1) at x and c/2 carried to x+1 */
  uint64_t carry = 0;
  int64_t x = e[0];
  while (i < n || carry) {
    if (!carry && i < n && e[i] > x) x = e[i];
    uint64_t c = carry;
    while (i < n && e[i] == x) c++, i++;
    /* the bits written so far are those of the sum of e[0..i) below x + 1, so
     * there are at most i of them: writing never overtakes reading */
    if (c & 1) e[out++] = x;
    carry = c >> 1;
    x++;
  }
  g_array_set_size(v, out);
}
/* -1, 0, 1 as x <, =, > y (both normalized) */
static int dy_cmp(const GArray *x, const GArray *y) {
  guint i = x->len, j = y->len;
  while (i && j) {
    int64_t a = g_array_index(x, int64_t, i - 1), b = g_array_index(y, int64_t, j - 1);
    if (a != b) return a > b ? 1 : -1;
    i--, j--;
  }
  return i ? 1 : j ? -1 : 0;
}
/* a/b (b >= 1) equals the normalized value v */
static bool dy_equals(const GArray *v, unsigned __int128 a, unsigned __int128 b) {
  unsigned __int128 x = a, y = b;
  while (y) { unsigned __int128 r = x % y; x = y, y = r; }
  if (x) a /= x, b /= x; /* lowest terms (a = 0: b becomes 1) */
  if (v->len == 0) return a == 0;
  int64_t low = g_array_index(v, int64_t, 0), high = g_array_index(v, int64_t, v->len - 1);
  int64_t shift = low < 0 ? -low : 0; /* the value is N / 2^shift, N odd or shift 0 */
  if (shift > 126 || high + shift > 126) return false; /* N or 2^shift beyond a, b's range */
  unsigned __int128 N = 0;
  for (guint i = 0; i < v->len; i++) N += (unsigned __int128)1 << (g_array_index(v, int64_t, i) + shift);
  return a == N && b == (unsigned __int128)1 << shift;
}
/* 1..38 decimal digits, nothing else */
static bool parse_u128(const char *s, unsigned __int128 *out) {
  if (!s || !*s || strlen(s) > 38 || s[strspn(s, "0123456789")]) return false;
  unsigned __int128 v = 0;
  for (; *s; s++) v = v * 10 + (unsigned)(*s - '0');
  *out = v;
  return true;
}
/* cell -> sets, CSR */
static void build_incidence(const CcBoard *B, uint32_t **start, uint32_t **inc) {
  uint32_t nc = B->names->len, ns = cb_nsets(B);
  uint32_t *st = g_new0(uint32_t, (size_t)nc + 1), *in = g_new(uint32_t, B->cells->len + 1);
  for (guint i = 0; i < B->cells->len; i++) st[g_array_index(B->cells, uint32_t, i) + 1]++;
  for (uint32_t c = 0; c < nc; c++) st[c + 1] += st[c];
  uint32_t *fill = g_memdup2(st, ((size_t)nc + 1) * sizeof(uint32_t));
  for (uint32_t s = 0; s < ns; s++) {
    uint32_t k;
    const uint32_t *c = cb_set(B, s, &k);
    for (uint32_t i = 0; i < k; i++) in[fill[c[i]]++] = s;
  }
  g_free(fill);
  *start = st, *inc = in;
}

static CcResult check_strategy(const CcBoard *B, const BsSpec *sp, char **lines, CcReport *rep, char **why) {
  CcResult res = CC_VALID;
  uint32_t nc = B->names->len, ns = cb_nsets(B);
  uint32_t W = (nc + 63) / 64;
  uint8_t *own = g_new0(uint8_t, nc + 1), *live = g_new0(uint8_t, nc + 1), *seen = g_new0(uint8_t, nc + 1);
  uint32_t *tmp = g_new(uint32_t, nc + 1), *order = g_new(uint32_t, nc + 1), *partner = g_new(uint32_t, nc + 1);
  GHashTable *perm = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
  GArray *snap = g_array_new(FALSE, FALSE, sizeof(uint64_t));
  GArray *stack = g_array_new(FALSE, FALSE, sizeof(SFrame));
  GArray *height = g_array_new(FALSE, TRUE, sizeof(uint32_t)); /* Maker moves needed below each node */
  GArray *zones = g_array_new(FALSE, TRUE, sizeof(uint64_t));  /* W words per node: its zone */
  uint64_t *zc = NULL;                                          /* the zone passed up */
  char *canon = bs_spec_canonical(sp);
  uint32_t *sfr = g_new(uint32_t, (size_t)ns + 1), *inc_start = NULL, *inc = NULL; /* E leaves */
  int L = 0;
  const char *want[7] = {"makerbreaker strategy 1", "board ", "size ", "moves ", "tomove ", "winner ", "cells "};
  if ((res = cert_header(lines, want, 7, (sp->kind == BS_FILE || sp->kind == BS_PG), canon, nc, ns, why)) != CC_VALID) goto done;
  L = 7;
  g_strlcpy(rep->kind, "strategy", sizeof rep->kind);
  if (strcmp(lines[3] + 6, "-") != 0) {
    g_auto(GStrv) t = g_strsplit(lines[3] + 6, " ", -1);
    for (int i = 0; t[i]; i++) {
      long c = (t[i][0] == 'M' || t[i][0] == 'B') && t[i][1] == ':' ? cb_cell(B, t[i] + 2) : -1;
      g_autofree char *s = in_escape(t[i], 60);
      if (c < 0) BAD(CC_MALFORMED, "certificate moves: '%s' is not M:CELL or B:CELL on the board", s);
      if (own[c]) BAD(CC_MALFORMED, "certificate moves: '%s' plays a cell twice", s);
      own[c] = t[i][0] == 'M' ? 1 : 2;
    }
  }
  bool maker_side;
  if (strcmp(lines[4] + 7, "maker") == 0) maker_side = true;
  else if (strcmp(lines[4] + 7, "breaker") == 0) maker_side = false;
  else BAD(CC_MALFORMED, "certificate line 5: want 'tomove maker|breaker'");
  /* any side may be to move, whatever the counts (handicap and biased positions): the tree
     is replayed from the position and the side named */
  {
    uint32_t nm = 0, nb = 0;
    for (uint32_t c = 0; c < nc; c++) nm += own[c] == 1, nb += own[c] == 2;
    int64_t d = (int64_t)nm - nb;
    g_strlcpy(rep->tomove, maker_side ? "maker" : "breaker", sizeof rep->tomove);
    g_strlcpy(rep->first, d == 0 ? rep->tomove : d > 0 ? "maker" : "breaker", sizeof rep->first);
  }
  bool maker_wins;
  if (strcmp(lines[5] + 7, "maker") == 0) maker_wins = true;
  else if (strcmp(lines[5] + 7, "breaker") == 0) maker_wins = false;
  else BAD(CC_MALFORMED, "certificate line 6: want 'winner maker|breaker'");
  g_strlcpy(rep->result, maker_wins ? "maker" : "breaker", sizeof rep->result);
  /* the cell order of the perm lines */
  {
    g_auto(GStrv) t = g_strsplit(lines[6] + 6, " ", -1);
    uint32_t n;
    if (!parse_cells(B, t, order, &n, nc) || n != nc) BAD(CC_MALFORMED, "certificate line 7: 'cells' must list every cell once");
    for (uint32_t i = 0; i < nc; i++) {
      if (seen[order[i]]) BAD(CC_MALFORMED, "certificate line 7: a cell is listed twice");
      seen[order[i]] = 1;
    }
  }
  /* the symmetries: each checked to be an automorphism */
  for (L = 7; lines[L] && g_str_has_prefix(lines[L], "perm "); L++) {
    g_auto(GStrv) t = g_strsplit(lines[L] + 5, " ", -1);
    int64_t id;
    uint32_t n;
    if (!t[0] || !in_int64(t[0], 1, 1 << 30, &id) || !parse_cells(B, t + 1, tmp, &n, nc) || n != nc)
      BAD(CC_MALFORMED, "certificate line %d: want 'perm ID' and the image of every cell", L + 1);
    if (g_hash_table_contains(perm, GINT_TO_POINTER((int)id))) BAD(CC_MALFORMED, "certificate line %d: perm %d twice", L + 1, (int)id);
    uint32_t *p = g_new(uint32_t, nc);
    memset(seen, 0, nc);
    for (uint32_t i = 0; i < nc; i++) p[order[i]] = tmp[i], seen[tmp[i]]++;
    g_hash_table_insert(perm, GINT_TO_POINTER((int)id), p);
    for (uint32_t c = 0; c < nc; c++)
      if (seen[c] != 1) BAD(CC_INVALID, "perm %d is not a permutation of the cells", (int)id);
    for (uint32_t s = 0; s < ns; s++) {
      uint32_t k;
      const uint32_t *c = cb_set(B, s, &k);
      for (uint32_t i = 0; i < k; i++) tmp[i] = p[c[i]];
      g_autofree uint32_t *key = make_key(tmp, k);
      if (!g_hash_table_contains(B->bykey, key))
        BAD(CC_INVALID, "perm %d is not an automorphism: it maps winning set %u onto a non-set", (int)id, s + 1);
    }
    rep->perms++;
  }
  int64_t N;
  if (!lines[L] || !g_str_has_prefix(lines[L], "nodes ") || !in_int64(lines[L] + 6, 1, (int64_t)1 << 28, &N))
    BAD(CC_MALFORMED, "certificate line %d: want 'nodes N'", L + 1);
  L++;
  /* the tree */
  uint32_t K = 0;
  for (uint32_t s = 0; s < ns; s++) {
    uint32_t k;
    cb_set(B, s, &k);
    K = MAX(K, k);
  }
  bool done = false;
  for (int64_t id = 0; id < N; id++, L++) {
    const char *ln = lines[L];
    if (!ln || !*ln || strcmp(ln, "end") == 0)
      BAD(CC_MALFORMED, "certificate: %" G_GINT64_FORMAT " node lines declared, only %" G_GINT64_FORMAT " given", N, id);
    if (done) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": the tree ended before it", id + 1);
    /* remember this node's position */
    for (uint32_t w = 0; w < 2 * W + 1; w++) {
      uint64_t z = 0;
      g_array_append_val(snap, z);
    }
    uint64_t *me = &g_array_index(snap, uint64_t, (size_t)id * (2 * W + 1));
    for (uint32_t c = 0; c < nc; c++)
      if (own[c]) me[(own[c] - 1) * W + c / 64] |= UINT64_C(1) << (c % 64);
    me[2 * W] = maker_side;
    g_array_set_size(height, (guint)id + 1);
    g_array_set_size(zones, (guint)(id + 1) * W);
    if (!zc) zc = g_new0(uint64_t, W);
    memset(zc, 0, W * sizeof(uint64_t));
    uint32_t h = 0;
    g_auto(GStrv) t = g_strsplit(ln, " ", -1);
    const char *op = t[0];
    uint32_t n = 0;
    bool maker_done, leaf = true;
    uint32_t one = 0;
    g_autofree char *shown = in_escape(ln, 60);
    if (!op || strlen(op) != 1) BAD(CC_MALFORMED, "certificate line %d: unknown node '%s'", L + 1, shown);
    if (!parse_cells(B, t + 1, tmp, &n, nc) && strchr("mbFBMRAPT", op[0])) {
      if (n >= nc) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": '%s' lists more cells than the board's %u", id + 1, op, nc);
      BAD(CC_MALFORMED, "certificate line %d: '%s' names a cell not on the board", L + 1, shown);
    }
    uint32_t nsurv = st_scan(B, own, live, &maker_done, &one, n ? tmp[0] : UINT32_MAX);
    if (!maker_wins && maker_done) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": Maker has completed a set", id + 1);
    switch (op[0]) {
    case 'm':
    case 'b':
    case 'F':
      if (n != 1) BAD(CC_MALFORMED, "certificate line %d: '%s' needs one cell", L + 1, shown);
      if (op[0] == 'm' ? !(maker_side && maker_wins) : op[0] == 'b' ? !(!maker_side && !maker_wins) : !(!maker_side && maker_wins))
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT " ('%s'): not this side's move in this tree", id + 1, shown);
      if (own[tmp[0]]) BAD(CC_INVALID, "node %" G_GINT64_FORMAT " ('%s'): the cell is taken", id + 1, shown);
      if (op[0] == 'F' && one == 0)
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT " ('%s'): no surviving set has that cell as its only free cell", id + 1, shown);
      leaf = false;
      break;
    case 'B':
    case 'M': {
      if (op[0] == 'B' ? !(!maker_side && maker_wins) : !(maker_side && !maker_wins))
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT " ('%s'): not the loser's turn in this tree", id + 1, shown);
      uint32_t nlive = 0;
      for (uint32_t c = 0; c < nc; c++) nlive += live[c], seen[c] = 0;
      for (uint32_t i = 0; i < n; i++) {
        if (!live[tmp[i]] || seen[tmp[i]])
          BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": %s is not a free cell of a surviving set, or is repeated",
              id + 1, (char *)g_ptr_array_index(B->names, tmp[i]));
        seen[tmp[i]] = 1;
      }
      if (nlive == 0)
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": '%s' but no free cell lies on a surviving set, so there is no move to list "
                        "(the node must be a leaf)", id + 1, op);
      if (n != nlive)
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": %u replies listed, but %u free cells lie on surviving sets", id + 1, n, nlive);
      leaf = false;
      break;
    }
    case 'R':
    case 'A': {
      if (op[0] == 'R' && !(maker_side && !maker_wins))
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT " ('%s'): 'R' needs Maker to move in a Breaker-win tree", id + 1, shown);
      if (op[0] == 'A' && !(!maker_side && maker_wins))
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT " ('%s'): 'A' needs Breaker to move in a Maker-win tree", id + 1, shown);
      for (uint32_t c = 0; c < nc; c++) seen[c] = 0;
      for (uint32_t i = 0; i < n; i++) {
        if (!live[tmp[i]] || seen[tmp[i]])
          BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": %s is not a free cell of a surviving set, or is repeated",
              id + 1, (char *)g_ptr_array_index(B->names, tmp[i]));
        seen[tmp[i]] = 1;
      }
      if (n == 0) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": '%s' lists no move", id + 1, op);
      leaf = false;
      break;
    }
    case 'W':
      if (!maker_wins || !maker_done) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": 'W' but no set is all Maker's", id + 1);
      rep->leaves++;
      break;
    case 'T': { /* Maker's threats, replayed: each reply forced, the last a double threat or a set */
      if (!(maker_side && maker_wins) || n == 0)
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT " ('%s'): a threat sequence needs Maker to move in a Maker-win tree",
            id + 1, shown);
      uint8_t *o2 = g_memdup2(own, nc);
      bool won = false;
      for (uint32_t i = 0; i < n && !won; i++) {
        if (o2[tmp[i]]) {
          g_free(o2);
          BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": threat move %u (%s) is on a taken cell", id + 1, i + 1,
              (char *)g_ptr_array_index(B->names, tmp[i]));
        }
        o2[tmp[i]] = 1;
        zput(zc, tmp[i]); /* the support: the Ci and the free cells of the sets one short after each */
        h++;
        uint32_t nthreat = 0, first = UINT32_MAX;
        bool complete = false;
        for (uint32_t s2 = 0; s2 < ns; s2++) {
          uint32_t k, fr = 0, last = 0;
          const uint32_t *c = cb_set(B, s2, &k);
          bool dead = false;
          for (uint32_t j = 0; j < k; j++) dead |= o2[c[j]] == 2, fr += o2[c[j]] == 0, last = o2[c[j]] == 0 ? c[j] : last;
          if (dead) continue;
          if (fr == 1) zput(zc, last);
          if (fr == 0) complete = true;
          if (fr == 1 && last != first) nthreat++, first = nthreat == 1 ? last : first;
        }
        if (complete) won = true;
        else if (nthreat >= 2) won = true, h++; /* Breaker blocks one, Maker takes the other */
        else if (nthreat == 1 && i + 1 < n) o2[first] = 2; /* the forced reply */
        else {
          g_free(o2);
          BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": after threat move %u (%s) Maker %s", id + 1, i + 1,
              (char *)g_ptr_array_index(B->names, tmp[i]), nthreat ? "has not won" : "threatens nothing");
        }
        if (won && i + 1 < n) {
          g_free(o2);
          BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": the threat sequence goes on after Maker has won", id + 1);
        }
      }
      g_free(o2);
      rep->leaves++;
      break;
    }
    case 'D':
      if (maker_wins || nsurv) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": 'D' but %u sets have no Breaker cell", id + 1, nsurv);
      rep->leaves++;
      break;
    case 'P': {
      if (maker_wins || n % 2) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": a pairing leaf needs Breaker the winner and whole pairs", id + 1);
      for (uint32_t c = 0; c < nc; c++) partner[c] = UINT32_MAX;
      for (uint32_t i = 0; i < n; i += 2) {
        uint32_t a = tmp[i], b = tmp[i + 1];
        if (a == b || own[a] || own[b] || partner[a] != UINT32_MAX || partner[b] != UINT32_MAX)
          BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": pair %s %s is not two unused free cells", id + 1,
              (char *)g_ptr_array_index(B->names, a), (char *)g_ptr_array_index(B->names, b));
        partner[a] = b, partner[b] = a;
        zput(zc, a), zput(zc, b);
      }
      for (uint32_t s = 0; s < ns; s++) {
        uint32_t k;
        const uint32_t *c = cb_set(B, s, &k);
        bool dead = false, held = false;
        for (uint32_t i = 0; i < k; i++) dead |= own[c[i]] == 2;
        if (dead) continue;
        for (uint32_t i = 0; i < k && !held; i++)
          for (uint32_t j = 0; j < k && !held; j++) held = partner[c[i]] == c[j];
        if (!held) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": surviving set %u holds no pair", id + 1, s + 1);
      }
      rep->leaves++;
      break;
    }
    case 'E': {
      if (maker_wins || !t[1] || t[2])
        BAD(CC_MALFORMED, "certificate line %d: want 'E a/b' (one value) in a Breaker-win tree", L + 1);
      unsigned __int128 a, b = 1;
      g_auto(GStrv) f = g_strsplit(t[1], "/", 3);
      if (!parse_u128(f[0], &a) || (f[1] && (!parse_u128(f[1], &b) || b == 0 || f[2])))
        BAD(CC_MALFORMED, "certificate line %d: want 'E a/b' (a, b decimal below 10^38, b >= 1)", L + 1);
      /* the value as exact powers of two: 2^-fr per surviving set, plus the
       * largest cell term (sum over the surviving sets through a free cell)
       * when Maker moves; no limit on the set sizes */
      GArray *ex = g_array_new(FALSE, FALSE, sizeof(int64_t));
      for (uint32_t s = 0; s < ns; s++) {
        uint32_t k;
        const uint32_t *c = cb_set(B, s, &k);
        sfr[s] = 0;
        for (uint32_t i = 0; i < k && sfr[s] != UINT32_MAX; i++)
          sfr[s] = own[c[i]] == 2 ? UINT32_MAX : sfr[s] + (own[c[i]] == 0);
        if (sfr[s] != UINT32_MAX) {
          int64_t e = -(int64_t)sfr[s];
          g_array_append_val(ex, e);
        }
      }
      if (maker_side) {
        if (!inc_start) build_incidence(B, &inc_start, &inc);
        GArray *best = g_array_new(FALSE, FALSE, sizeof(int64_t)), *tv = g_array_new(FALSE, FALSE, sizeof(int64_t));
        for (uint32_t v = 0; v < nc; v++) {
          if (own[v]) continue;
          g_array_set_size(tv, 0);
          for (uint32_t j = inc_start[v]; j < inc_start[v + 1]; j++)
            if (sfr[inc[j]] != UINT32_MAX) {
              int64_t e = -(int64_t)sfr[inc[j]];
              g_array_append_val(tv, e);
            }
          dy_normalize(tv);
          if (dy_cmp(tv, best) > 0) {
            GArray *sw = best;
            best = tv, tv = sw;
          }
        }
        g_array_append_vals(ex, best->data, best->len);
        g_array_free(best, TRUE);
        g_array_free(tv, TRUE);
      }
      dy_normalize(ex);
      bool equal = dy_equals(ex, a, b), below = ex->len == 0 || g_array_index(ex, int64_t, ex->len - 1) < 0;
      g_array_free(ex, TRUE);
      if (!equal) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": the Erdős–Selfridge value is not %s", id + 1, t[1]);
      if (!below) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": the Erdős–Selfridge value %s is not below 1", id + 1, t[1]);
      for (uint32_t c = 0; c < nc; c++)
        if (live[c]) zput(zc, c);
      rep->leaves++;
      break;
    }
    case 'S': {
      int64_t d, p;
      if (!t[1] || !t[2] || t[3] || !in_int64(t[1], 1, id, &d) || !in_int64(t[2], 0, 1 << 30, &p))
        BAD(CC_MALFORMED, "certificate line %d: want 'S d p' with 1 <= d <= the node's index", L + 1);
      const uint32_t *pm = p ? g_hash_table_lookup(perm, GINT_TO_POINTER((int)p)) : NULL;
      if (p && !pm) BAD(CC_MALFORMED, "certificate line %d: perm %d is not declared", L + 1, (int)p);
      me = &g_array_index(snap, uint64_t, (size_t)id * (2 * W + 1));
      const uint64_t *old = &g_array_index(snap, uint64_t, (size_t)(id - d) * (2 * W + 1));
      bool same = old[2 * W] == me[2 * W];
      uint32_t cnt_old = 0, cnt_me = 0;
      for (uint32_t c = 0; c < nc && same; c++)
        for (int who = 0; who < 2; who++) {
          bool o = (old[who * W + c / 64] >> (c % 64)) & 1;
          cnt_old += o, cnt_me += (me[who * W + c / 64] >> (c % 64)) & 1;
          uint32_t im = pm ? pm[c] : c;
          if (o && !((me[who * W + im / 64] >> (im % 64)) & 1)) same = false;
        }
      if (!same || cnt_old != cnt_me)
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": perm %d does not map node %" G_GINT64_FORMAT "'s position onto this one",
            id + 1, (int)p, id - d + 1);
      rep->links++;
      h = g_array_index(height, uint32_t, (guint)(id - d));
      {
        const uint64_t *zo = &g_array_index(zones, uint64_t, (size_t)(id - d) * W);
        for (uint32_t c = 0; c < nc; c++)
          if (zhas(zo, c)) zput(zc, pm ? pm[c] : c);
      }
      break;
    }
    default: BAD(CC_MALFORMED, "certificate line %d: unknown node '%s'", L + 1, shown);
    }
    if (!leaf) {
      SFrame fr = {g_memdup2(tmp, n * sizeof(uint32_t)), n, 1, maker_side ? 1 : 2, op[0], id, 0, g_new0(uint64_t, W), NULL, NULL};
      if (op[0] == 'R' || op[0] == 'A') {
        fr.czone = g_new0(uint64_t, (size_t)n * W);
        fr.livez = g_new0(uint64_t, W);
        for (uint32_t c = 0; c < nc; c++)
          if (live[c]) zput(fr.livez, c);
      }
      g_array_append_val(stack, fr);
      own[fr.cells[0]] = fr.mover;
      maker_side = !maker_side;
      continue;
    }
    /* a leaf: back up to the next sibling, passing the heights and zones up */
    g_array_index(height, uint32_t, (guint)id) = h;
    memcpy(&g_array_index(zones, uint64_t, (size_t)id * W), zc, W * sizeof(uint64_t));
    for (;;) {
      if (stack->len == 0) {
        done = true;
        rep->maker_moves = h;
        break;
      }
      SFrame *top = &g_array_index(stack, SFrame, stack->len - 1);
      top->best = MAX(top->best, h);
      if (!(maker_wins && top->mover == 2 && top->op != 'F')) /* Breaker's free choices are not in a support */
        zput(zc, top->cells[top->next - 1]);
      for (uint32_t w = 0; w < W; w++) top->zacc[w] |= zc[w];
      if (top->czone) memcpy(top->czone + (size_t)(top->next - 1) * W, zc, W * sizeof(uint64_t));
      own[top->cells[top->next - 1]] = 0;
      maker_side = !maker_side;
      if (top->next < top->k) {
        own[top->cells[top->next++]] = top->mover;
        maker_side = !maker_side;
        break;
      }
      h = top->best + (top->mover == 1);
      g_array_index(height, uint32_t, (guint)top->id) = h;
      if (top->czone) /* 'R' ('A'): every omitted Maker (Breaker) move lies outside a listed move's zone (support) */
        for (uint32_t c = 0; c < nc; c++) {
          if (!zhas(top->livez, c)) continue;
          bool listed = false, outside = false;
          for (uint32_t i = 0; i < top->k && !listed; i++) listed = top->cells[i] == c;
          for (uint32_t i = 0; i < top->k && !listed && !outside; i++) outside = !zhas(top->czone + (size_t)i * W, c);
          if (!listed && !outside)
            BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": %s move %s is neither listed nor outside a listed move's %s",
                top->id + 1, top->op == 'R' ? "Maker's" : "Breaker's", (char *)g_ptr_array_index(B->names, c),
                top->op == 'R' ? "zone" : "support");
          if (!listed && top->op == 'R') rep->zone_omitted++;
          else if (!listed) rep->support_omitted++;
        }
      memcpy(zc, top->zacc, W * sizeof(uint64_t));
      memcpy(&g_array_index(zones, uint64_t, (size_t)top->id * W), zc, W * sizeof(uint64_t));
      g_free(top->cells), g_free(top->zacc), g_free(top->czone), g_free(top->livez);
      g_array_set_size(stack, stack->len - 1);
    }
  }
  if (!done) BAD(CC_INVALID, "the tree is incomplete: a subtree is missing after %" G_GINT64_FORMAT " nodes", N);
  if (!lines[L] || strcmp(lines[L], "end") != 0) BAD(CC_MALFORMED, "certificate line %d: want 'end'", L + 1);
  for (L++; lines[L]; L++)
    if (*lines[L]) BAD(CC_MALFORMED, "certificate line %d: text after 'end'", L + 1);
  rep->nodes = (uint64_t)N;
done:
  for (guint i = 0; i < stack->len; i++) {
    SFrame *f = &g_array_index(stack, SFrame, i);
    g_free(f->cells), g_free(f->zacc), g_free(f->czone), g_free(f->livez);
  }
  g_array_free(stack, TRUE);
  g_array_free(height, TRUE);
  g_array_free(zones, TRUE);
  g_free(zc);
  g_array_free(snap, TRUE);
  g_hash_table_destroy(perm);
  g_free(canon);
  g_free(own), g_free(live), g_free(seen), g_free(tmp), g_free(order), g_free(partner);
  g_free(sfr), g_free(inc_start), g_free(inc);
  return res;
}

CcResult cc_check(const char *spec, const char *cert, CcReport *rep, char **why) {
  CcReport dummy;
  if (!rep) rep = &dummy;
  memset(rep, 0, sizeof *rep);
  *why = NULL;
  CcResult res = CC_VALID;
  BsSpec sp;
  GError *e = NULL;
  if (!bs_spec_parse(spec, &sp, &e)) {
    *why = g_strdup(e->message);
    g_error_free(e);
    return CC_MALFORMED;
  }
  if (!in_check_text(cert, strlen(cert), IN_MAX_LINE, &e)) {
    *why = g_strdup_printf("certificate: %s", e->message);
    g_error_free(e);
    bs_spec_clear(&sp);
    return CC_MALFORMED;
  }
  Ctx x;
  memset(&x, 0, sizeof x);
  cb_init(&x.B);
  g_auto(GStrv) lines = g_strsplit(cert, "\n", -1);
  GHashTable *used = g_hash_table_new(g_direct_hash, g_direct_equal);
  GHashTable *varof = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
  GArray *vpair = g_array_new(FALSE, FALSE, sizeof(uint32_t) * 2);
  GArray *lits = g_array_new(FALSE, FALSE, sizeof(int)), *cl = g_array_new(FALSE, FALSE, sizeof(int));
  uint8_t *served = NULL;
  uint32_t *partner = NULL, *buf = NULL;
  GString *proof = NULL;
  char *canon = NULL;
  uint8_t *mark = NULL;
  int L = 0;
  char *bwhy = NULL;
  /* the header first, against the spec's own counts, so that junk or a
   * certificate of another board is refused before a large board is
   * enumerated (check 64^3 junk took a minute) */
  {
    bool strategy = g_str_has_prefix(cert, "makerbreaker strategy 1\n");
    if (!strategy && !g_str_has_prefix(cert, "makerbreaker certificate 1\n")) {
      g_autofree char *s = in_escape(lines[0] ? lines[0] : "", 60);
      BAD(CC_MALFORMED, "certificate line 1: want 'makerbreaker certificate 1' or 'makerbreaker strategy 1', not '%s'", s);
    }
    canon = bs_spec_canonical(&sp);
    if (!lines[1] || !g_str_has_prefix(lines[1], "board ")) BAD(CC_MALFORMED, "certificate line 2: want 'board ...'");
    if (sp.kind == BS_FILE ? !g_str_has_prefix(lines[1] + 6, "file:")
        : sp.kind == BS_PG ? !g_str_has_prefix(lines[1] + 6, "pg:") : strcmp(lines[1] + 6, canon) != 0) {
      g_autofree char *s = in_escape(lines[1] + 6, 80);
      BAD(CC_INVALID, "the certificate is for board '%s', not %s", s, canon);
    }
    g_auto(GStrv) t = lines[2] && g_str_has_prefix(lines[2], "size ") ? g_strsplit(lines[2] + 5, " ", -1) : NULL;
    int64_t c, ns;
    if (!t || g_strv_length(t) != 2 || !in_int64(t[0], 0, INT64_MAX, &c) || !in_int64(t[1], 0, INT64_MAX, &ns))
      BAD(CC_MALFORMED, "certificate line 3: want 'size CELLS SETS'");
    if (sp.kind != BS_FILE && sp.kind != BS_PG && ((uint64_t)c != sp.ncells || (uint64_t)ns > sp.nsets_bound))
      BAD(CC_INVALID, "the certificate's board has %" G_GINT64_FORMAT " cells and %" G_GINT64_FORMAT
                      " sets; %s has %" G_GUINT64_FORMAT " cells and at most %" G_GUINT64_FORMAT " sets",
          c, ns, canon, sp.ncells, sp.nsets_bound);
    g_clear_pointer(&canon, g_free);
  }
  if (!cc_board(&x.B, &sp, &bwhy)) {
    *why = bwhy;
    res = CC_MALFORMED;
    goto done;
  }
  uint32_t ncells = x.B.names->len, nsets = cb_nsets(&x.B);
  rep->cells = ncells, rep->sets = nsets;
  if (g_str_has_prefix(cert, "makerbreaker strategy 1\n")) {
    res = check_strategy(&x.B, &sp, lines, rep, why);
    goto done;
  }
  x.owner = g_new0(uint8_t, ncells + 1);
  x.alive = g_new0(uint8_t, nsets + 1);
  /* header */
  canon = bs_spec_canonical(&sp);
  const char *want[6] = {"makerbreaker certificate 1", "board ", "size ", "moves ", "kind ", "result "};
  if ((res = cert_header(lines, want, 6, (sp.kind == BS_FILE || sp.kind == BS_PG), canon, ncells, nsets, why)) != CC_VALID) goto done;
  L = 6;
  if (strcmp(lines[3] + 6, "-") != 0) {
    g_auto(GStrv) t = g_strsplit(lines[3] + 6, " ", -1);
    for (int i = 0; t[i]; i++) {
      long c = (t[i][0] == 'M' || t[i][0] == 'B') && t[i][1] == ':' ? cb_cell(&x.B, t[i] + 2) : -1;
      g_autofree char *s = in_escape(t[i], 60);
      if (c < 0) BAD(CC_MALFORMED, "certificate moves: '%s' is not M:CELL or B:CELL on the board", s);
      if (x.owner[c]) BAD(CC_MALFORMED, "certificate moves: '%s' plays a cell twice", s);
      x.owner[c] = t[i][0] == 'M' ? 1 : 2;
    }
  }
  const char *kind = lines[4] + 5, *result = lines[5] + 7;
  bool private = strcmp(kind, "private") == 0;
  if (!private && strcmp(kind, "shared") != 0) BAD(CC_MALFORMED, "certificate: kind must be private or shared");
  if (strcmp(result, "pairing") && strcmp(result, private ? "hall" : "refutation"))
    BAD(CC_MALFORMED, "certificate: result must be pairing or %s for kind %s", private ? "hall" : "refutation", kind);
  g_strlcpy(rep->kind, kind, sizeof rep->kind);
  g_strlcpy(rep->result, result, sizeof rep->result);
  /* survivors */
  uint32_t maxlen = 0;
  for (uint32_t s = 0; s < nsets; s++) {
    uint32_t n, mk = 0;
    const uint32_t *c = cb_set(&x.B, s, &n);
    bool dead = false;
    for (uint32_t i = 0; i < n; i++) dead |= x.owner[c[i]] == 2, mk += x.owner[c[i]] == 1;
    maxlen = MAX(maxlen, n);
    if (dead) continue;
    if (mk == n) BAD(CC_INVALID, "set %u is all Maker's: Maker has already won", s + 1);
    x.alive[s] = 1;
    x.nsurv++;
  }
  rep->surviving = x.nsurv;
  buf = g_new(uint32_t, maxlen + 1);
  partner = g_new(uint32_t, ncells + 1);
  for (uint32_t c = 0; c < ncells; c++) partner[c] = UINT32_MAX;
  served = g_new0(uint8_t, nsets + 1);
  bool is_pairing = strcmp(result, "pairing") == 0, is_hall = strcmp(result, "hall") == 0;
  bool in_cnf = false, in_drat = false, ended = false;
  int64_t declared_vars = -1, declared_clauses = -1, clauses = 0;
  mark = g_new0(uint8_t, ncells + 1);
  uint32_t union_free = 0;
  for (L = 6; lines[L] && !ended; L++) {
    const char *ln = lines[L];
    if (in_drat) {
      if (strcmp(ln, "end") == 0) {
        ended = true;
        break;
      }
      g_string_append(proof, ln);
      g_string_append_c(proof, '\n');
      continue;
    }
    if (in_cnf) {
      if (strcmp(ln, "drat") == 0) {
        in_drat = true;
        proof = g_string_new(NULL);
        continue;
      }
      const char *q = ln;
      if (declared_vars < 0) {
        g_auto(GStrv) t = g_strsplit(ln, " ", -1);
        if (g_strv_length(t) != 4 || strcmp(t[0], "p") || strcmp(t[1], "cnf") ||
            !in_int64(t[2], 0, (int64_t)vpair->len, &declared_vars) ||
            !in_int64(t[3], 0, INT32_MAX, &declared_clauses))
          BAD(CC_MALFORMED, "certificate line %d: want 'p cnf V C' with V at most the variables mapped", L + 1);
        continue;
      }
      /* one clause per line */
      g_array_set_size(cl, 0);
      for (;;) {
        while (*q == ' ') q++;
        int64_t v;
        if (!in_scan_int64(&q, -declared_vars, declared_vars, &v))
          BAD(CC_MALFORMED, "certificate line %d: bad literal (variables 1..%" G_GINT64_FORMAT ")", L + 1, declared_vars);
        if (v == 0) break;
        int lit = (int)v;
        g_array_append_val(cl, lit);
      }
      while (*q == ' ') q++;
      if (*q) BAD(CC_MALFORMED, "certificate line %d: text after the clause's 0", L + 1);
      clauses++;
      const int *l = (const int *)cl->data;
      guint n = cl->len;
      if (n == 2 && l[0] < 0 && l[1] < 0) {
        const uint32_t *p = &g_array_index(vpair, uint32_t, 2 * (-l[0] - 1));
        const uint32_t *r = &g_array_index(vpair, uint32_t, 2 * (-l[1] - 1));
        if (l[0] == l[1])
          BAD(CC_INVALID, "clause %" G_GINT64_FORMAT " (%d %d) repeats a literal: it forbids pair %d alone, which no rule allows",
              clauses, l[0], l[1], -l[0]);
        if (!(p[0] == r[0] || p[0] == r[1] || p[1] == r[0] || p[1] == r[1]))
          BAD(CC_INVALID, "clause %" G_GINT64_FORMAT " (-%d -%d) forbids two disjoint pairs", clauses, -l[0], -l[1]);
      } else {
        for (guint i = 0; i < n; i++)
          if (l[i] < 0) BAD(CC_INVALID, "clause %" G_GINT64_FORMAT " is neither (-x -y) nor positive", clauses);
        /* a surviving set all of whose inside pairs are in the clause */
        GHashTable *in = g_hash_table_new(g_direct_hash, g_direct_equal);
        for (guint i = 0; i < n; i++) g_hash_table_add(in, GINT_TO_POINTER(l[i]));
        bool covered = false;
        for (uint32_t s = 0; s < nsets && !covered; s++) {
          if (!x.alive[s]) continue;
          uint32_t k = free_in(&x, s, buf);
          bool all = true;
          for (uint32_t i = 0; i < k && all; i++)
            for (uint32_t j = i + 1; j < k && all; j++) {
              gint64 key = (gint64)MIN(buf[i], buf[j]) << 32 | MAX(buf[i], buf[j]);
              int v = GPOINTER_TO_INT(g_hash_table_lookup(varof, &key));
              all = v > 0 && g_hash_table_contains(in, GINT_TO_POINTER(v));
            }
          covered = all;
        }
        g_hash_table_destroy(in);
        if (!covered)
          BAD(CC_INVALID, "clause %" G_GINT64_FORMAT " does not contain every pair inside any surviving set", clauses);
      }
      g_array_append_vals(lits, cl->data, cl->len);
      g_array_append_vals(lits, &(int){0}, 1);
      continue;
    }
    if (strcmp(ln, "end") == 0) {
      ended = true;
      break;
    }
    g_auto(GStrv) t = g_strsplit(ln, " ", -1);
    guint nt = g_strv_length(t);
    if (is_pairing && nt >= 3 && strcmp(t[0], "pair") == 0) {
      long a = cb_cell(&x.B, t[1]), c = cb_cell(&x.B, t[2]);
      if (a < 0 || c < 0) BAD(CC_MALFORMED, "certificate line %d: a cell not on the board", L + 1);
      if (a == c || x.owner[a] || x.owner[c]) BAD(CC_INVALID, "certificate line %d: the pair is not two free cells", L + 1);
      if (partner[a] != UINT32_MAX || partner[c] != UINT32_MAX)
        BAD(CC_INVALID, "certificate line %d: a cell already in an earlier pair", L + 1);
      partner[a] = (uint32_t)c, partner[c] = (uint32_t)a;
      rep->pairs++;
      if (private) {
        if (nt < 5 || strcmp(t[3], "for")) BAD(CC_MALFORMED, "certificate line %d: want 'pair A B for SET'", L + 1);
        bool named;
        uint32_t s = cb_lookup_set(&x.B, t + 4, nt - 4, &named);
        if (!named) BAD(CC_MALFORMED, "certificate line %d: a cell not on the board", L + 1);
        if (!s) BAD(CC_INVALID, "certificate line %d: not a winning set of the board", L + 1);
        s--;
        if (!x.alive[s]) BAD(CC_INVALID, "certificate line %d: the set holds a Breaker cell", L + 1);
        if (served[s]) BAD(CC_INVALID, "certificate line %d: the set already has its pair", L + 1);
        served[s] = 1;
        uint32_t n;
        const uint32_t *cells = cb_set(&x.B, s, &n);
        int hit = 0;
        for (uint32_t i = 0; i < n; i++) hit += cells[i] == (uint32_t)a || cells[i] == (uint32_t)c;
        if (hit != 2) BAD(CC_INVALID, "certificate line %d: the pair is not inside its set", L + 1);
      } else if (nt != 3) {
        BAD(CC_MALFORMED, "certificate line %d: want 'pair A B'", L + 1);
      }
    } else if (is_hall && nt >= 2 && strcmp(t[0], "set") == 0) {
      bool named;
      uint32_t s = cb_lookup_set(&x.B, t + 1, nt - 1, &named);
      if (!named) BAD(CC_MALFORMED, "certificate line %d: a cell not on the board", L + 1);
      if (!s) BAD(CC_INVALID, "certificate line %d: not a winning set of the board", L + 1);
      s--;
      if (!x.alive[s]) BAD(CC_INVALID, "certificate line %d: the set holds a Breaker cell", L + 1);
      if (served[s]) BAD(CC_INVALID, "certificate line %d: the set is listed twice", L + 1);
      served[s] = 1;
      rep->family++;
      uint32_t kf = free_in(&x, s, buf);
      for (uint32_t i = 0; i < kf; i++)
        if (!mark[buf[i]]) mark[buf[i]] = 1, union_free++;
    } else if (!is_pairing && !is_hall && nt == 4 && strcmp(t[0], "var") == 0) {
      int64_t v;
      long a = cb_cell(&x.B, t[2]), c = cb_cell(&x.B, t[3]);
      if (!in_int64(t[1], 1, (int64_t)1 << 29, &v) || v != (int64_t)vpair->len + 1)
        BAD(CC_MALFORMED, "certificate line %d: variables must be numbered 1, 2, ...", L + 1);
      if (a < 0 || c < 0) BAD(CC_MALFORMED, "certificate line %d: a cell not on the board", L + 1);
      if (a == c || x.owner[a] || x.owner[c]) BAD(CC_INVALID, "certificate line %d: not two free cells", L + 1);
      gint64 *key = g_new(gint64, 1);
      *key = (gint64)MIN(a, c) << 32 | MAX(a, c);
      if (g_hash_table_contains(varof, key)) {
        g_free(key);
        BAD(CC_INVALID, "certificate line %d: the pair already has a variable", L + 1);
      }
      g_hash_table_insert(varof, key, GINT_TO_POINTER((int)v));
      uint32_t p[2] = {(uint32_t)MIN(a, c), (uint32_t)MAX(a, c)};
      g_array_append_vals(vpair, p, 1);
    } else if (!is_pairing && !is_hall && strcmp(ln, "cnf") == 0) {
      in_cnf = true;
    } else {
      g_autofree char *s = in_escape(ln, 60);
      BAD(CC_MALFORMED, "certificate line %d: unexpected '%s'", L + 1, s);
    }
  }
  if (!ended) BAD(CC_MALFORMED, "certificate: no 'end' line");
  for (L++; lines[L]; L++)
    if (*lines[L]) BAD(CC_MALFORMED, "certificate line %d: text after 'end'", L + 1);
  if (is_pairing) {
    for (uint32_t s = 0; s < nsets; s++) {
      if (!x.alive[s]) continue;
      if (private) {
        if (!served[s]) BAD(CC_INVALID, "surviving set %u has no pair of its own", s + 1);
        continue;
      }
      uint32_t n;
      const uint32_t *c = cb_set(&x.B, s, &n);
      bool blocked = false;
      for (uint32_t i = 0; i < n && !blocked; i++)
        for (uint32_t j = i + 1; j < n && !blocked; j++) blocked = partner[c[i]] == c[j];
      if (!blocked) {
        GString *g = g_string_new(NULL);
        for (uint32_t i = 0; i < n; i++) g_string_append_printf(g, " %s", (char *)g_ptr_array_index(x.B.names, c[i]));
        g_autofree char *s2 = in_escape(g->str, 120);
        g_string_free(g, TRUE);
        BAD(CC_INVALID, "surviving set {%s } holds no pair", s2);
      }
    }
  } else if (is_hall) {
    rep->union_free = union_free;
    if (rep->family == 0 || union_free >= 2 * rep->family)
      BAD(CC_INVALID, "the %" G_GUINT64_FORMAT " sets have %u free cells, not fewer than twice as many", rep->family, union_free);
  } else {
    if (declared_vars < 0 || !proof) BAD(CC_MALFORMED, "certificate: no 'cnf' and 'drat' sections");
    if (clauses != declared_clauses) BAD(CC_MALFORMED, "certificate: 'p cnf' declares %" G_GINT64_FORMAT " clauses, holds %" G_GINT64_FORMAT, declared_clauses, clauses);
    rep->vars = vpair->len, rep->clauses = (uint64_t)clauses;
    DratStats st;
    GError *de = NULL;
    DratResult dr = drat_check((const int *)lits->data, lits->len, (int)declared_vars, proof->str, &st, &de);
    rep->lemmas = st.lemmas;
    if (dr != DRAT_VERIFIED) {
      *why = g_strdup_printf("the DRAT proof %s: %s", dr == DRAT_MALFORMED ? "is malformed" : "is rejected",
                             de ? de->message : "the formula is not refuted");
      res = dr == DRAT_MALFORMED ? CC_MALFORMED : CC_INVALID;
      g_clear_error(&de);
      goto done;
    }
  }
done:
  g_free(canon);
  g_free(mark);
  if (proof) g_string_free(proof, TRUE);
  g_free(served);
  g_free(partner);
  g_free(buf);
  g_array_free(lits, TRUE);
  g_array_free(cl, TRUE);
  g_array_free(vpair, TRUE);
  g_hash_table_destroy(varof);
  g_hash_table_destroy(used);
  g_free(x.owner);
  g_free(x.alive);
  cb_clear(&x.B);
  bs_spec_clear(&sp);
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
