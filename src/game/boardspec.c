/* boardspec.c — board specs, hypergraph files, cell names (see boardspec.h). */
#include "game/boardspec.h"
#include "game/pgd.h"

#include <stdlib.h>
#include <string.h>

#include "plumbing/input.h"

#define BS_ERR g_quark_from_static_string("boardspec")

static bool fail(GError **err, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static bool fail(GError **err, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  g_autofree char *msg = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  g_set_error_literal(err, BS_ERR, 1, msg);
  return false;
}

/* ---- specs ---------------------------------------------------------------- */

/* exactly `count` integers separated by `sep`, each in lo[i]..hi[i] */
static bool parse_ints(const char *s, const char *sep, int count, const int *lo, const int *hi,
                       int *out, const char *what, GError **err) {
  g_auto(GStrv) t = g_strsplit_set(s, sep, -1);
  if ((int)g_strv_length(t) != count)
    return fail(err, "%s: want %d numbers separated by '%s'", what, count, sep);
  for (int i = 0; i < count; i++)
    if (!in_int(t[i], lo[i], hi[i], &out[i])) {
      g_autofree char *e = in_escape(t[i], 40);
      return fail(err, "%s: '%s' is not an integer in %d..%d", what, e, lo[i], hi[i]);
    }
  return true;
}

static uint64_t binom(int n, int k) {
  uint64_t r = 1;
  for (int i = 1; i <= k; i++) r = r * (uint64_t)(n - k + i) / (uint64_t)i;
  return r;
}

static uint64_t sat_mul(uint64_t a, uint64_t b) {
  return (a != 0 && b > UINT64_MAX / a) ? UINT64_MAX : a * b;
}

bool bs_spec_parse(const char *text, BsSpec *sp, GError **err) {
  memset(sp, 0, sizeof *sp);
  g_autofree char *shown = in_escape(text ? text : "", 80);
  if (!text || !*text) return fail(err, "empty board spec");
  if (!in_check_text(text, strlen(text), 4096, NULL) || strchr(text, '\n'))
    return fail(err, "board spec '%s': control bytes or over 4096 bytes", shown);
  if (g_str_has_prefix(text, "pg:")) {
    sp->kind = BS_PG;
    if (!text[3]) return fail(err, "board spec '%s': no path after 'pg:'", shown);
    sp->path = g_strdup(text + 3);
    return true;
  }
  if (g_str_has_prefix(text, "file:")) {
    sp->kind = BS_FILE;
    if (!text[5]) return fail(err, "board spec '%s': no path after 'file:'", shown);
    sp->path = g_strdup(text + 5);
    return true;
  }
  if (g_str_has_prefix(text, "mnk:")) {
    int lo[3] = {1, 1, 1}, hi[3] = {BS_MAX_CELLS, BS_MAX_CELLS, BS_MAX_CELLS}, v[3];
    if (!parse_ints(text + 4, ",", 3, lo, hi, v, "board spec mnk:M,N,K", err)) return false;
    sp->kind = BS_MNK;
    sp->m = v[0], sp->n = v[1], sp->k = v[2];
    uint64_t M = (uint64_t)v[0], N = (uint64_t)v[1], K = (uint64_t)v[2];
    sp->ncells = M * N;
    if (K == 1) {
      sp->nsets_bound = M * N;
    } else {
      uint64_t a = M >= K ? M - K + 1 : 0, b = N >= K ? N - K + 1 : 0;
      sp->nsets_bound = N * a + M * b + 2 * a * b;
    }
    sp->incid_bound = sat_mul(sp->nsets_bound, K);
  } else if (g_str_has_prefix(text, "torus:")) {
    int lo[2] = {3, 2}, hi[2] = {4096, 4096}, v[2];
    if (!parse_ints(text + 6, ",", 2, lo, hi, v, "board spec torus:N,K", err)) return false;
    if (v[1] > v[0]) return fail(err, "board spec '%s': K must be at most N", shown);
    sp->kind = BS_TORUS;
    sp->n = v[0], sp->k = v[1];
    sp->ncells = (uint64_t)v[0] * (uint64_t)v[0];
    sp->nsets_bound = v[1] < v[0] ? 4 * sp->ncells : 4 * (uint64_t)v[0];
    sp->incid_bound = sp->nsets_bound * (uint64_t)v[1];
  } else if (g_str_has_prefix(text, "qcube:")) {
    int lo[2] = {1, 1}, hi[2] = {20, 20}, v[2];
    if (!parse_ints(text + 6, ",", 2, lo, hi, v, "board spec qcube:N,K", err)) return false;
    if (v[1] > v[0]) return fail(err, "board spec '%s': K must be at most N", shown);
    sp->kind = BS_QCUBE;
    sp->n = v[0], sp->k = v[1];
    sp->ncells = (uint64_t)1 << v[0];
    sp->nsets_bound = binom(v[0], v[1]) << (v[0] - v[1]);
    sp->incid_bound = sp->nsets_bound << v[1];
  } else if (g_str_has_prefix(text, "lattice:")) {
    const char *body = text + 8, *at = strrchr(body, '@');
    if (!at) return fail(err, "board spec '%s': lattice:S/M@W needs '@W' (the window side)", shown);
    g_autofree char *left = g_strndup(body, (size_t)(at - body));
    char *cut = strrchr(left, '/');
    if (!cut) cut = strrchr(left, ',');
    if (!cut) return fail(err, "board spec '%s': lattice:S/M@W needs '/M' (the line length)", shown);
    *cut = '\0';
    if (!in_int(cut + 1, 2, 1 << 20, &sp->m))
      return fail(err, "board spec '%s': line length M must be an integer in 2..%d", shown, 1 << 20);
    if (!in_int(at + 1, 1, BS_MAX_CELLS, &sp->w))
      return fail(err, "board spec '%s': window side W must be an integer in 1..%d", shown,
                  BS_MAX_CELLS);
    if (left[strspn(left, "0123456789,;-")] != '\0' || !*left)
      return fail(err, "board spec '%s': direction set must be like 1,0;0,1;1,1", shown);
    g_autoptr(GError) why = NULL;
    if (!lat_dirs_parse(left, &sp->S, &why))
      return fail(err, "board spec '%s': %s", shown, why ? why->message : "bad direction set");
    sp->kind = BS_LATTICE;
    sp->d = sp->S.d;
    uint64_t cells = 1;
    for (int i = 0; i < sp->d; i++) cells = sat_mul(cells, (uint64_t)sp->w);
    sp->ncells = cells;
    sp->nsets_bound = sat_mul(cells, (uint64_t)sp->S.n);
    sp->incid_bound = sat_mul(sp->nsets_bound, (uint64_t)sp->m);
  } else if (strchr(text, '^')) {
    int lo[2] = {2, 1}, hi[2] = {64, 8}, v[2];
    if (!parse_ints(text, "^", 2, lo, hi, v, "board spec N^D", err)) return false;
    sp->kind = BS_CUBE;
    sp->n = v[0], sp->d = v[1];
    sp->ncells = ipow((uint64_t)v[0], v[1]);
    sp->nsets_bound = sp->ncells <= BS_MAX_CELLS ? board_lines_formula(v[0], v[1]) : UINT64_MAX;
    sp->incid_bound = sat_mul(sp->nsets_bound, (uint64_t)v[0]);
  } else {
    return fail(err, "board spec '%s' is not N^D, mnk:M,N,K, torus:N,K, qcube:N,K, "
                     "lattice:S/M@W, file:PATH or pg:PATH",
                shown);
  }
  if (sp->ncells > BS_MAX_CELLS || sp->nsets_bound > BS_MAX_SETS ||
      sp->incid_bound > BS_MAX_INCID) {
    bs_spec_clear(sp);
    return fail(err, "board '%s' too large (limits: %d cells, %d sets, %d incidences)", shown,
                BS_MAX_CELLS, BS_MAX_SETS, BS_MAX_INCID);
  }
  return true;
}

char *bs_spec_canonical(const BsSpec *sp) {
  switch (sp->kind) {
  case BS_CUBE: return g_strdup_printf("%d^%d", sp->n, sp->d);
  case BS_MNK: return g_strdup_printf("mnk:%d,%d,%d", sp->m, sp->n, sp->k);
  case BS_TORUS: return g_strdup_printf("torus:%d,%d", sp->n, sp->k);
  case BS_QCUBE: return g_strdup_printf("qcube:%d,%d", sp->n, sp->k);
  case BS_LATTICE: {
    GString *s = g_string_new("lattice:");
    for (int i = 0; i < sp->S.n; i++) {
      if (i) g_string_append_c(s, ';');
      for (int j = 0; j < sp->S.d; j++) g_string_append_printf(s, j ? ",%d" : "%d", sp->S.v[i][j]);
    }
    g_string_append_printf(s, "/%d@%d", sp->m, sp->w);
    return g_string_free(s, FALSE);
  }
  case BS_FILE: return g_strdup_printf("file:%s", sp->path);
  case BS_PG: return g_strdup_printf("pg:%s", sp->path);
  }
  return NULL;
}

void bs_spec_clear(BsSpec *sp) {
  g_free(sp->path);
  sp->path = NULL;
}

int bs_spec_coords(const BsSpec *sp) {
  switch (sp->kind) {
  case BS_CUBE:
  case BS_LATTICE: return sp->d;
  case BS_MNK:
  case BS_TORUS: return 2;
  default: return 0;
  }
}

/* ---- building the built-in boards ----------------------------------------- */

static void build_mnk(MbBoard *b) {
  const BsSpec *sp = &b->spec;
  int M = sp->m, N = sp->n, K = sp->k;
  static const int dir[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  g_autofree uint32_t *cells = g_new(uint32_t, (size_t)K);
  for (int t = 0; t < (K == 1 ? 1 : 4); t++)
    for (int y = 0; y < N; y++)
      for (int x = 0; x < M; x++) {
        int ex = x + (K - 1) * dir[t][0], ey = y + (K - 1) * dir[t][1];
        if (ex < 0 || ex >= M || ey < 0 || ey >= N) continue;
        for (int i = 0; i < K; i++)
          cells[i] = (uint32_t)(x + i * dir[t][0]) + (uint32_t)M * (uint32_t)(y + i * dir[t][1]);
        hg_add_edge(b->h, cells, (size_t)K);
      }
}

static void build_torus(MbBoard *b) {
  int N = b->spec.n, K = b->spec.k;
  static const int dir[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  g_autofree uint32_t *cells = g_new(uint32_t, (size_t)K);
  for (int t = 0; t < 4; t++)
    for (int y = 0; y < N; y++)
      for (int x = 0; x < N; x++) {
        /* K = N: the window is a whole coset, kept from its least cell, which
         * is (0, y) along (1,0) and the cell on row 0 along the others; other
         * starts are skipped before their N cells are computed (N^3 work) */
        if (K == N && (t == 0 ? x != 0 : y != 0)) continue;
        bool least = true;
        for (int i = 0; i < K; i++) {
          int cx = ((x + i * dir[t][0]) % N + N) % N, cy = ((y + i * dir[t][1]) % N + N) % N;
          cells[i] = (uint32_t)(cx + N * cy);
          if (cells[i] < cells[0]) least = false;
        }
        /* K = N: the window is the whole coset; keep it from its least cell */
        if (K == N && !least) continue;
        hg_add_edge(b->h, cells, (size_t)K);
      }
}

static void build_qcube(MbBoard *b) {
  int N = b->spec.n, K = b->spec.k;
  uint32_t full = (uint32_t)((1u << N) - 1), size = 1u << K;
  g_autofree uint32_t *cells = g_new(uint32_t, size);
  for (uint32_t A = 0; A <= full; A++) {
    if (__builtin_popcount(A) != K) continue;
    for (uint32_t v = 0; v <= full; v++) {
      if (v & A) continue;
      uint32_t i = 0, s = 0;
      do {
        cells[i++] = v | s;
        s = (s - A) & A;
      } while (s);
      hg_add_edge(b->h, cells, size);
    }
  }
}

static void build_lattice(MbBoard *b) {
  const BsSpec *sp = &b->spec;
  int d = sp->d, W = sp->w, M = sp->m;
  g_autofree uint32_t *cells = g_new(uint32_t, (size_t)M);
  for (int s = 0; s < sp->S.n; s++)
    for (uint32_t p = 0; p < b->ncells; p++) {
      int x[LAT_MAX_D];
      for (int i = 0, r = (int)p; i < d; i++, r /= W) x[i] = r % W;
      bool inside = true;
      for (int i = 0; i < d && inside; i++) {
        int64_t e = x[i] + (int64_t)(M - 1) * sp->S.v[s][i];
        inside = e >= 0 && e < W;
      }
      if (!inside) continue;
      for (int t = 0; t < M; t++) {
        uint32_t c = 0, mul = 1;
        for (int i = 0; i < d; i++, mul *= (uint32_t)W) c += (uint32_t)(x[i] + t * sp->S.v[s][i]) * mul;
        cells[t] = c;
      }
      hg_add_edge(b->h, cells, (size_t)M);
    }
}

/* a pg: board: the PGD reader's game as a board (cells, sets, and the game) */
static MbBoard *board_from_pg(BsSpec *sp, GError **err) {
  GError *e = NULL;
  g_autofree char *text = in_read(sp->path, BS_MAX_FILE, IN_MAX_LINE, &e);
  if (!text) {
    fail(err, "cannot read board file: %s", e->message);
    g_error_free(e);
    bs_spec_clear(sp);
    return NULL;
  }
  g_autofree char *label = in_escape(sp->path, 120);
  PgGame g;
  if (!pgd_parse(text, label, &g, &e)) {
    fail(err, "%s", e->message);
    g_error_free(e);
    bs_spec_clear(sp);
    return NULL;
  }
  MbBoard *b = g_new0(MbBoard, 1);
  b->spec = *sp;
  b->spec.ncells = g.names->len;
  b->name = bs_spec_canonical(&b->spec);
  b->ncells = g.names->len;
  b->names = g.names, b->byname = g.byname;
  g.names = NULL, g.byname = NULL;
  b->h = hg_new(b->ncells);
  for (guint s = 0; s + 1 < g.start->len; s++) {
    uint32_t a = g_array_index(g.start, uint32_t, s), z = g_array_index(g.start, uint32_t, s + 1);
    hg_add_edge(b->h, &g_array_index(g.cells, uint32_t, a), z - a);
  }
  hg_finalize(b->h);
  GString *mv = g_string_new(NULL);
  for (guint i = 0; i < g.black->len; i++)
    g_string_append_printf(mv, "%sM:%s", mv->len ? " " : "", (char *)g_ptr_array_index(b->names, g_array_index(g.black, uint32_t, i)));
  for (guint i = 0; i < g.white->len; i++)
    g_string_append_printf(mv, "%sB:%s", mv->len ? " " : "", (char *)g_ptr_array_index(b->names, g_array_index(g.white, uint32_t, i)));
  b->game.present = true;
  b->game.moves = g_string_free(mv, FALSE);
  b->game.maker_to_move = g.black_to_move;
  b->game.maker_moves = g.maker_moves;
  b->game.nmaker = g.black->len, b->game.nbreaker = g.white->len;
  pgd_clear(&g);
  return b;
}

MbBoard *bs_board_new(const char *spec, GError **err) {
  BsSpec sp;
  if (!bs_spec_parse(spec, &sp, err)) return NULL;
  if (sp.kind == BS_PG) return board_from_pg(&sp, err);
  if (sp.kind == BS_FILE) {
    GError *e = NULL;
    g_autofree char *text = in_read(sp.path, BS_MAX_FILE, IN_MAX_LINE, &e);
    if (!text) {
      fail(err, "cannot read board file: %s", e->message);
      g_error_free(e);
      bs_spec_clear(&sp);
      return NULL;
    }
    g_autofree char *label = in_escape(sp.path, 120);
    MbBoard *b = bs_board_from_text(text, label, err);
    if (b) {
      g_free(b->spec.path);
      b->spec.path = g_strdup(sp.path);
      g_free(b->name);
      b->name = bs_spec_canonical(&b->spec);
    }
    bs_spec_clear(&sp);
    return b;
  }
  MbBoard *b = g_new0(MbBoard, 1);
  b->spec = sp;
  b->name = bs_spec_canonical(&sp);
  b->ncells = (uint32_t)sp.ncells;
  if (sp.kind == BS_CUBE) {
    b->cube = board_new(sp.n, sp.d);
    b->h = b->cube->lines;
    return b;
  }
  b->h = hg_new(b->ncells);
  switch (sp.kind) {
  case BS_MNK: build_mnk(b); break;
  case BS_TORUS: build_torus(b); break;
  case BS_QCUBE: build_qcube(b); break;
  case BS_LATTICE: build_lattice(b); break;
  default: break;
  }
  hg_finalize(b->h);
  return b;
}

void bs_board_free(MbBoard *b) {
  if (!b) return;
  if (b->cube)
    board_free(b->cube);
  else if (b->h)
    hg_free(b->h);
  if (b->names) g_ptr_array_free(b->names, TRUE);
  if (b->byname) g_hash_table_destroy(b->byname);
  bs_spec_clear(&b->spec);
  g_free(b->game.moves);
  g_free(b->name);
  g_free(b);
}

/* ---- hypergraph files ----------------------------------------------------- */

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
static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

static bool is_sep(char c) { return c == ' ' || c == '\t' || c == '\r' || c == ','; }

MbBoard *bs_board_from_text(const char *text, const char *label, GError **err) {
  size_t len = strlen(text);
  GError *e = NULL;
  if (!in_check_text(text, len, IN_MAX_LINE, &e)) {
    fail(err, "%s: %s", label, e->message);
    g_error_free(e);
    return NULL;
  }
  GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
  GHashTable *byname = g_hash_table_new(g_str_hash, g_str_equal);
  GArray *flat = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  GArray *starts = g_array_new(FALSE, FALSE, sizeof(uint64_t));
  GHashTable *seen = g_hash_table_new_full(key_hash, key_equal, g_free, NULL);
  GArray *cur = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  GArray *mark = g_array_new(FALSE, TRUE, sizeof(uint32_t)); /* per cell: the last set (+1) it was met in */
  int64_t decl_cells = -1, decl_sets = -1;
  bool ok = true;
  uint64_t lineno = 0;
  const char *p = text;
  while (ok && *p) {
    lineno++;
    const char *eol = strchr(p, '\n');
    size_t n = eol ? (size_t)(eol - p) : strlen(p);
    g_autofree char *line = g_strndup(p, n);
    p = eol ? eol + 1 : p + n;
    char *hash = strchr(line, '#');
    if (hash) *hash = '\0';
    /* tokens */
    g_autoptr(GPtrArray) tok = g_ptr_array_new();
    for (char *q = line; *q;) {
      while (*q && is_sep(*q)) q++;
      if (!*q) break;
      char *s = q;
      while (*q && !is_sep(*q)) q++;
      if (*q) *q++ = '\0';
      g_ptr_array_add(tok, s);
    }
    if (tok->len == 0) continue;
    const char *first = g_ptr_array_index(tok, 0);
    if (first[0] == '@') {
      if (starts->len > 0) {
        ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": directive %s after the first set", label,
                  lineno, first);
      } else if (strcmp(first, "@size") == 0) {
        int64_t c, s;
        if (decl_cells >= 0 || tok->len != 3 ||
            !in_int64(g_ptr_array_index(tok, 1), 0, BS_MAX_CELLS, &c) ||
            !in_int64(g_ptr_array_index(tok, 2), 0, BS_MAX_SETS, &s))
          ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": want one '@size CELLS SETS' (at most %d cells, %d sets)",
                    label, lineno, BS_MAX_CELLS, BS_MAX_SETS);
        else
          decl_cells = c, decl_sets = s;
      } else if (strcmp(first, "@cells") == 0) {
        for (guint i = 1; ok && i < tok->len; i++) {
          const char *nm = g_ptr_array_index(tok, i);
          g_autofree char *shown = in_escape(nm, 40);
          if (strlen(nm) > BS_MAX_NAME || nm[0] == '@')
            ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": bad cell name '%s'", label, lineno, shown);
          else if (g_hash_table_contains(byname, nm))
            ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": cell '%s' declared twice", label, lineno, shown);
          else if (names->len >= (decl_cells >= 0 ? (guint)decl_cells : (guint)BS_MAX_CELLS))
            ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": more cells than declared or allowed", label, lineno);
          else {
            char *c = g_strdup(nm);
            g_ptr_array_add(names, c);
            g_hash_table_insert(byname, c, GUINT_TO_POINTER(names->len));
          }
        }
      } else if (strcmp(first, "@board") != 0) {
        g_autofree char *shown = in_escape(first, 40);
        ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": unknown directive '%s' (@size, @cells, @board)",
                  label, lineno, shown);
      }
      continue;
    }
    /* a winning set */
    if (starts->len >= (decl_sets >= 0 ? (guint)decl_sets : (guint)BS_MAX_SETS)) {
      ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": more sets than declared or allowed", label, lineno);
      break;
    }
    if (flat->len + tok->len > (guint)BS_MAX_INCID) {
      ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": more than %d incidences", label, lineno, BS_MAX_INCID);
      break;
    }
    g_array_set_size(cur, 0);
    for (guint i = 0; ok && i < tok->len; i++) {
      const char *nm = g_ptr_array_index(tok, i);
      g_autofree char *shown = in_escape(nm, 40);
      if (strlen(nm) > BS_MAX_NAME || nm[0] == '@') {
        ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": bad cell name '%s'", label, lineno, shown);
        break;
      }
      guint idx = GPOINTER_TO_UINT(g_hash_table_lookup(byname, nm));
      if (!idx) {
        if (names->len >= (decl_cells >= 0 ? (guint)decl_cells : (guint)BS_MAX_CELLS)) {
          ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": more cells than declared or allowed", label,
                    lineno);
          break;
        }
        char *c = g_strdup(nm);
        g_ptr_array_add(names, c);
        idx = names->len;
        g_hash_table_insert(byname, c, GUINT_TO_POINTER(idx));
      }
      uint32_t cell = idx - 1;
      /* a cell twice in this set: its mark is this set's number (linear, not
       * a scan of the set so far: a set of 209k cells took 46 s) */
      if (mark->len < names->len) g_array_set_size(mark, names->len);
      uint32_t *mk = &g_array_index(mark, uint32_t, cell);
      if (*mk == starts->len + 1) {
        ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": cell '%s' twice in one set", label, lineno, shown);
        break;
      }
      *mk = starts->len + 1;
      g_array_append_val(cur, cell);
    }
    if (!ok) break;
    uint32_t *key = g_new(uint32_t, cur->len + 1);
    key[0] = cur->len;
    memcpy(key + 1, cur->data, cur->len * sizeof(uint32_t));
    qsort(key + 1, cur->len, sizeof(uint32_t), cmp_u32);
    gpointer prev = g_hash_table_lookup(seen, key);
    if (prev) {
      g_free(key);
      ok = fail(err, "%s: line %" G_GUINT64_FORMAT ": the same set as line %" G_GUINT64_FORMAT, label,
                lineno, (uint64_t)GPOINTER_TO_SIZE(prev));
      break;
    }
    g_hash_table_insert(seen, key, GSIZE_TO_POINTER((gsize)lineno));
    uint64_t st = flat->len;
    g_array_append_val(starts, st);
    g_array_append_vals(flat, cur->data, cur->len);
  }
  if (ok && decl_sets >= 0 && (starts->len != (guint)decl_sets || names->len != (guint)decl_cells))
    ok = fail(err, "%s: @size declares %" G_GINT64_FORMAT " cells and %" G_GINT64_FORMAT
                   " sets, the file holds %u and %u",
              label, decl_cells, decl_sets, names->len, starts->len);
  MbBoard *b = NULL;
  if (ok) {
    b = g_new0(MbBoard, 1);
    b->spec.kind = BS_FILE;
    b->spec.path = g_strdup(label);
    b->spec.ncells = names->len;
    b->name = bs_spec_canonical(&b->spec);
    b->ncells = names->len;
    b->names = names;
    b->byname = byname;
    names = NULL, byname = NULL;
    b->h = hg_new(b->ncells);
    for (guint s = 0; s < starts->len; s++) {
      uint64_t a = g_array_index(starts, uint64_t, s);
      uint64_t z = s + 1 < starts->len ? g_array_index(starts, uint64_t, s + 1) : flat->len;
      hg_add_edge(b->h, &g_array_index(flat, uint32_t, a), (size_t)(z - a));
    }
    hg_finalize(b->h);
  }
  if (names) g_ptr_array_free(names, TRUE);
  if (byname) g_hash_table_destroy(byname);
  g_array_free(flat, TRUE);
  g_array_free(starts, TRUE);
  g_array_free(cur, TRUE);
  g_array_free(mark, TRUE);
  g_hash_table_destroy(seen);
  return b;
}

/* ---- cell names ----------------------------------------------------------- */

static char *coord_name(const MbBoard *b, uint32_t c, char sep) {
  const BsSpec *sp = &b->spec;
  GString *s = g_string_new(NULL);
  switch (sp->kind) {
  case BS_CUBE:
    for (int i = 0; i < sp->d; i++, c /= (uint32_t)sp->n)
      g_string_append_printf(s, "%s%u", i ? (sep == ',' ? "," : ".") : "", c % (uint32_t)sp->n + 1);
    break;
  case BS_MNK:
    g_string_append_printf(s, "%u%c%u", c % (uint32_t)sp->m + 1, sep, c / (uint32_t)sp->m + 1);
    break;
  case BS_TORUS:
    g_string_append_printf(s, "%u%c%u", c % (uint32_t)sp->n, sep, c / (uint32_t)sp->n);
    break;
  case BS_LATTICE:
    for (int i = 0; i < sp->d; i++, c /= (uint32_t)sp->w)
      g_string_append_printf(s, "%s%u", i ? (sep == ',' ? "," : ".") : "", c % (uint32_t)sp->w);
    break;
  case BS_QCUBE:
    for (int i = 0; i < sp->n; i++) g_string_append_c(s, (c >> i & 1) ? '1' : '0');
    break;
  case BS_FILE:
  case BS_PG: g_string_append(s, g_ptr_array_index(b->names, c)); break;
  }
  return g_string_free(s, FALSE);
}

char *bs_cell_name(const MbBoard *b, uint32_t cell) { return coord_name(b, cell, ','); }
char *bs_cell_token(const MbBoard *b, uint32_t cell) { return coord_name(b, cell, '.'); }

bool bs_cell_parse(const MbBoard *b, const char *text, uint32_t *cell, GError **err) {
  const BsSpec *sp = &b->spec;
  g_autofree char *shown = in_escape(text, 60);
  if (sp->kind == BS_FILE || sp->kind == BS_PG) {
    guint idx = GPOINTER_TO_UINT(g_hash_table_lookup(b->byname, text));
    if (!idx) return fail(err, "cell '%s' is not a cell of the board", shown);
    *cell = idx - 1;
    return true;
  }
  if (sp->kind == BS_QCUBE) {
    if (strlen(text) != (size_t)sp->n || text[strspn(text, "01")] != '\0')
      return fail(err, "cell '%s' is not a 0/1 string of length %d", shown, sp->n);
    uint32_t v = 0;
    for (int i = 0; i < sp->n; i++) v |= (uint32_t)(text[i] - '0') << i;
    *cell = v;
    return true;
  }
  int dims = bs_spec_coords(sp), lo = 1, side[LAT_MAX_D > 8 ? LAT_MAX_D : 8];
  for (int i = 0; i < dims; i++) side[i] = sp->n;
  if (sp->kind == BS_MNK) side[0] = sp->m;
  if (sp->kind == BS_TORUS || sp->kind == BS_LATTICE) lo = 0;
  if (sp->kind == BS_LATTICE)
    for (int i = 0; i < dims; i++) side[i] = sp->w;
  g_auto(GStrv) t = g_strsplit_set(text, ",.", -1);
  if ((int)g_strv_length(t) != dims)
    return fail(err, "cell '%s' is not %d coordinates separated by ','", shown, dims);
  uint64_t c = 0, mul = 1;
  for (int i = 0; i < dims; i++) {
    int x;
    if (!in_int(t[i], lo, lo + side[i] - 1, &x))
      return fail(err, "cell '%s' is off the board (coordinate %d must be in %d..%d)", shown, i + 1,
                  lo, lo + side[i] - 1);
    c += (uint64_t)(x - lo) * mul;
    mul *= (uint64_t)side[i];
  }
  *cell = (uint32_t)c;
  return true;
}

/* ---- writing -------------------------------------------------------------- */

bool bs_write(FILE *f, const MbBoard *b) {
  fprintf(f, "# makerbreaker hypergraph: one winning set per line, cells separated by blanks\n");
  fprintf(f, "@board %s\n@size %u %zu\n", b->name, b->ncells, hg_ne(b->h));
  for (uint32_t c = 0; c < b->ncells; c++) {
    g_autofree char *t = bs_cell_token(b, c);
    fprintf(f, "%s%s", c % 16 == 0 ? "@cells " : " ", t);
    if (c % 16 == 15 || c + 1 == b->ncells) fputc('\n', f);
  }
  for (size_t e = 0; e < hg_ne(b->h); e++) {
    for (size_t i = 0; i < hg_edge_size(b->h, e); i++) {
      g_autofree char *t = bs_cell_token(b, hg_edge(b->h, e)[i]);
      fprintf(f, i ? " %s" : "%s", t);
    }
    fputc('\n', f);
  }
  return !ferror(f);
}

char *bs_cell_pg_token(const MbBoard *b, uint32_t cell) {
  if (b->names) { /* files and pg boards: the tokens if all are alphanumeric */
    bool all = true;
    for (guint i = 0; all && i < b->names->len; i++) all = pgd_token_ok(g_ptr_array_index(b->names, i));
    return all ? g_strdup(g_ptr_array_index(b->names, cell)) : g_strdup_printf("v%u", cell + 1);
  }
  char *t = coord_name(b, cell, '.');
  for (char *p = t; *p; p++)
    if (*p == '.') *p = 'x';
  return t;
}

bool bs_write_pg(FILE *f, const MbBoard *b, const uint8_t *owner, bool maker_to_move, uint32_t maker_moves) {
  uint32_t ns = (uint32_t)hg_ne(b->h);
  char **names = g_new0(char *, b->ncells + 1);
  for (uint32_t c = 0; c < b->ncells; c++) names[c] = bs_cell_pg_token(b, c);
  uint32_t *start = g_new(uint32_t, ns + 1);
  GArray *cells = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  for (uint32_t e = 0; e < ns; e++) {
    start[e] = cells->len;
    g_array_append_vals(cells, hg_edge(b->h, e), (guint)hg_edge_size(b->h, e));
  }
  start[ns] = cells->len;
  bool ok = pgd_write(f, b->ncells, names, ns, start, (const uint32_t *)cells->data, owner, maker_to_move, maker_moves);
  g_strfreev(names);
  g_free(start);
  g_array_free(cells, TRUE);
  return ok;
}
