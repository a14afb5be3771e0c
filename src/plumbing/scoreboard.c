#include "plumbing/scoreboard.h"
#include "plumbing/errors.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *status_names[ST_COUNT] = {"reproduced", "differs", "missing",    "documented",
                                             "beyond",     "skipped", "reconstructed", "open"};

const char *sb_status_name(Status s) { return status_names[s]; }

bool sb_status_parse(const char *name, Status *out) {
  for (int s = 0; s < ST_COUNT; s++)
    if (strcmp(name, status_names[s]) == 0) {
      *out = (Status)s;
      return true;
    }
  return false;
}

/* ---- values ---- */
bool sb_value_open(const char *v) {
  if (!g_str_has_prefix(v, "open@")) return false;
  v += 5;
  if (*v < '1' || *v > '9') return false;
  while (*v >= '0' && *v <= '9') v++;
  return *v == '\0';
}

static bool parse_int(const char *s, const char *end, __int128 *out) {
  if (s == end) return false;
  bool neg = false;
  if (*s == '-') {
    neg = true;
    s++;
  }
  if (s == end) return false;
  __int128 v = 0;
  for (; s < end; s++) {
    if (*s < '0' || *s > '9') return false;
    v = v * 10 + (*s - '0');
    if (v > ((__int128)1 << 100)) return false;
  }
  *out = neg ? -v : v;
  return true;
}

static bool parse_rational(const char *s, __int128 *num, __int128 *den) {
  const char *slash = strchr(s, '/');
  const char *end = s + strlen(s);
  if (!slash) {
    *den = 1;
    return parse_int(s, end, num);
  }
  if (!parse_int(s, slash, num) || !parse_int(slash + 1, end, den)) return false;
  return *den > 0;
}

bool sb_values_equal(const char *a, const char *b) {
  __int128 an, ad, bn, bd;
  if (parse_rational(a, &an, &ad) && parse_rational(b, &bn, &bd)) return an * bd == bn * ad;
  return strcmp(a, b) == 0;
}

/* ---- files ---- */
GPtrArray *sb_read_tsv(const char *path, const char *header, GError **err) {
  g_autofree char *text = NULL;
  if (!g_file_get_contents(path, &text, NULL, err)) return NULL;
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  g_auto(GStrv) want = g_strsplit(header, "\t", -1);
  guint ncols = g_strv_length(want);
  if (lines[0] == NULL || strcmp(lines[0], header) != 0) {
    g_autofree char *shown = g_strescape(header, NULL);
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, "%s: header must be \"%s\"", path, shown);
    return NULL;
  }
  GPtrArray *rows = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
  for (guint i = 1; lines[i] != NULL; i++) {
    if (lines[i][0] == '\0') {
      if (lines[i + 1] == NULL) break; /* final newline */
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, "%s:%u: empty line", path, i + 1);
      g_ptr_array_free(rows, TRUE);
      return NULL;
    }
    char **cols = g_strsplit(lines[i], "\t", -1);
    if (g_strv_length(cols) != ncols) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, "%s:%u: %u columns, expected %u", path,
                  i + 1, g_strv_length(cols), ncols);
      g_strfreev(cols);
      g_ptr_array_free(rows, TRUE);
      return NULL;
    }
    g_ptr_array_add(rows, cols);
  }
  return rows;
}

static bool looks_like_claim(const char *s) {
  size_t i = 0;
  while (s[i] >= 'A' && s[i] <= 'Z') i++;
  if (i == 0 || s[i] < '0' || s[i] > '9') return false;
  while (s[i] >= '0' && s[i] <= '9') i++;
  return s[i] == '\0';
}

GHashTable *sb_read_notes(const char *path, GError **err) {
  GHashTable *ids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) local = NULL;
  if (!g_file_get_contents(path, &text, NULL, &local)) {
    if (g_error_matches(local, G_FILE_ERROR, G_FILE_ERROR_NOENT)) return ids;
    g_propagate_error(err, g_steal_pointer(&local));
    g_hash_table_destroy(ids);
    return NULL;
  }
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  for (guint i = 0; lines[i]; i++) {
    if (strncmp(lines[i], "## ", 3) != 0) continue;
    g_auto(GStrv) words = g_strsplit_set(lines[i] + 3, " ,;:", -1);
    for (guint j = 0; words[j]; j++)
      if (looks_like_claim(words[j])) g_hash_table_add(ids, g_strdup(words[j]));
  }
  return ids;
}

GHashTable *sb_read_readings(const char *path, GError **err) {
  GHashTable *map = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  if (!g_file_test(path, G_FILE_TEST_EXISTS)) return map;
  g_autoptr(GPtrArray) rows = sb_read_tsv(path, "claim\tkey\treading", err);
  if (!rows) {
    g_hash_table_destroy(map);
    return NULL;
  }
  for (guint i = 0; i < rows->len; i++) {
    char **c = rows->pdata[i];
    g_autofree char *k = g_strdup_printf("%s\t%s", c[0], c[1]);
    if (!looks_like_claim(c[0]) || c[1][0] == '\0' || c[2][0] == '\0' ||
        g_hash_table_contains(map, k)) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT,
                  "%s:%u: a reading needs a claim id, a key and a text, once per key", path, i + 2);
      g_hash_table_destroy(map);
      return NULL;
    }
    g_hash_table_insert(map, g_steal_pointer(&k), g_strdup(c[2]));
  }
  return map;
}

const char *sb_reading(GHashTable *readings, const char *claim, const char *key) {
  if (!readings) return NULL;
  g_autofree char *k = g_strdup_printf("%s\t%s", claim, key);
  const char *r = g_hash_table_lookup(readings, k);
  if (r) return r;
  g_autofree char *all = g_strdup_printf("%s\t*", claim);
  return g_hash_table_lookup(readings, all);
}

/* ---- building ---- */
static void row_free(ScoreRow *r) {
  g_free(r->claim);
  g_free(r->key);
  g_free(r->expected);
  g_free(r->got);
  g_free(r->source);
  g_free(r->experiment);
  g_free(r);
}

static void add_row(Scoreboard *sb, const char *claim, const char *key, const char *expected,
                    const char *got, const char *source, const char *experiment, Status st) {
  ScoreRow *r = g_new0(ScoreRow, 1);
  r->claim = g_strdup(claim);
  r->key = g_strdup(key);
  r->expected = g_strdup(expected);
  r->got = g_strdup(got);
  r->source = g_strdup(source);
  r->experiment = g_strdup(experiment);
  r->status = st;
  g_ptr_array_add(sb->rows, r);
}

void sb_free(Scoreboard *sb) {
  if (!sb) return;
  g_ptr_array_free(sb->rows, TRUE);
  g_free(sb);
}

static Scoreboard *sb_new(void) {
  Scoreboard *sb = g_new0(Scoreboard, 1);
  sb->rows = g_ptr_array_new_with_free_func((GDestroyNotify)row_free);
  return sb;
}

static gint cmp_names(gconstpointer a, gconstpointer b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* sorted list of "<name>" for every <dir>/<name>.tsv */
static GPtrArray *list_tsv(const char *dir, GError **err) {
  g_autoptr(GDir) d = g_dir_open(dir, 0, err);
  if (!d) return NULL;
  GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
  const char *f;
  while ((f = g_dir_read_name(d)) != NULL)
    if (g_str_has_suffix(f, ".tsv")) g_ptr_array_add(names, g_strndup(f, strlen(f) - 4));
  g_ptr_array_sort(names, cmp_names);
  return names;
}

static char *experiment_file(const char *name) {
  const char *dash = strchr(name, '-');
  if (!dash) return g_strdup_printf("experiments/%s.c", name);
  g_autofree char *paper = g_strndup(name, (gsize)(dash - name));
  return g_strdup_printf("experiments/%s/%s.c", paper, dash + 1);
}

/* results of one experiment as "claim\tkey" -> value; NULL result = file absent */
static GHashTable *load_results(const char *path, GPtrArray **rows_out, GError **err) {
  *rows_out = NULL;
  if (!g_file_test(path, G_FILE_TEST_EXISTS)) return g_hash_table_new(g_str_hash, g_str_equal);
  GPtrArray *rows = sb_read_tsv(path, "claim\tkey\tvalue", err);
  if (!rows) return NULL;
  GHashTable *map = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < rows->len; i++) {
    char **c = rows->pdata[i];
    char *k = g_strdup_printf("%s\t%s", c[0], c[1]);
    if (g_hash_table_contains(map, k)) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, "%s: duplicate row %s %s", path, c[0],
                  c[1]);
      g_free(k);
      g_hash_table_destroy(map);
      g_ptr_array_free(rows, TRUE);
      return NULL;
    }
    g_hash_table_insert(map, k, c[2]);
  }
  *rows_out = rows;
  return map;
}

/* Scores the rows of one expected file; adds each claim to `claims`. */
static bool score_expected(Scoreboard *sb, const char *expected_dir, const char *results_dir,
                           const char *name, GHashTable *notes, GHashTable *readings,
                           bool quick, GHashTable *claims, GError **err) {
  g_autofree char *epath = g_strdup_printf("%s/%s.tsv", expected_dir, name);
  g_autofree char *rpath = g_strdup_printf("%s/%s.tsv", results_dir, name);
  g_autofree char *src = experiment_file(name);
  g_autoptr(GPtrArray) erows = sb_read_tsv(epath, "claim\tkey\tvalue\tsource\tprofile", err);
  if (!erows) return false;
  g_autoptr(GPtrArray) rrows = NULL;
  g_autoptr(GHashTable) res = load_results(rpath, &rrows, err);
  if (!res) return false;
  for (guint j = 0; j < erows->len; j++) {
    char **c = erows->pdata[j];
    const char *claim = c[0], *key = c[1], *value = c[2], *source = c[3], *profile = c[4];
    if (strcmp(profile, "any") != 0 && strcmp(profile, "full") != 0) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT,
                  "%s: %s %s: profile must be 'any' or 'full', not '%s'", epath, claim, key,
                  profile);
      return false;
    }
    g_hash_table_add(claims, g_strdup(claim));
    g_autofree char *k = g_strdup_printf("%s\t%s", claim, key);
    const char *got = g_hash_table_lookup(res, k);
    Status st;
    if (quick && strcmp(profile, "full") == 0)
      st = ST_SKIPPED;
    else if (got == NULL)
      st = ST_MISSING;
    else if (sb_value_open(got) && !sb_value_open(value))
      st = ST_OPEN;
    else if (sb_values_equal(value, got))
      st = sb_reading(readings, claim, key) ? ST_RECONSTRUCTED : ST_REPRODUCED;
    else if (notes && g_hash_table_contains(notes, claim))
      st = ST_DOCUMENTED;
    else
      st = ST_DIFFERS;
    add_row(sb, claim, key, value, got ? got : "-", source, src, st);
  }
  return true;
}

/* New results of one result file: rows whose claim has no published value. */
static bool score_beyond(Scoreboard *sb, const char *results_dir, const char *name,
                         GHashTable *claims, GError **err) {
  g_autofree char *rpath = g_strdup_printf("%s/%s.tsv", results_dir, name);
  g_autofree char *src = experiment_file(name);
  g_autoptr(GPtrArray) rrows = NULL;
  g_autoptr(GHashTable) res = load_results(rpath, &rrows, err);
  if (!res) return false;
  g_autoptr(GPtrArray) order = g_ptr_array_new(); /* claims in first-seen order */
  g_autoptr(GHashTable) seen = g_hash_table_new(g_str_hash, g_str_equal);
  for (guint j = 0; rrows && j < rrows->len; j++) {
    char **c = rrows->pdata[j];
    if (g_hash_table_contains(claims, c[0])) continue;
    add_row(sb, c[0], c[1], "-", c[2], "new", src, sb_value_open(c[2]) ? ST_OPEN : ST_BEYOND);
    if (g_hash_table_add(seen, c[0])) g_ptr_array_add(order, c[0]);
  }
  for (guint j = 0; j < order->len; j++) {
    g_autofree char *k = g_strdup_printf("%s\tcheck", (char *)order->pdata[j]);
    if (!g_hash_table_contains(res, k))
      add_row(sb, order->pdata[j], "check", "-", "-", "new", src, ST_MISSING);
  }
  return true;
}

/* A new claim computed by several experiments has a "check" row from each
 * (each result file names the checks its values rest on): the scoreboard
 * keeps one row per key, the first, whose value becomes the union of the
 * checks ('+'-separated, each once, in the order met); a missing check
 * anywhere keeps the row missing. */
static void merge_checks(Scoreboard *sb) {
  g_autoptr(GHashTable) first = g_hash_table_new(g_str_hash, g_str_equal); /* claim -> ScoreRow* */
  for (guint i = 0; i < sb->rows->len;) {
    ScoreRow *r = sb->rows->pdata[i];
    if (strcmp(r->key, "check") != 0 || strcmp(r->expected, "-") != 0) {
      i++;
      continue;
    }
    ScoreRow *f = g_hash_table_lookup(first, r->claim);
    if (!f) {
      g_hash_table_insert(first, r->claim, r);
      i++;
      continue;
    }
    if (r->status == ST_MISSING) f->status = ST_MISSING;
    g_auto(GStrv) have = g_strsplit(f->got, "+", -1), add = g_strsplit(r->got, "+", -1);
    GString *u = g_string_new(strcmp(f->got, "-") ? f->got : "");
    for (gchar **a = add; *a; a++)
      if (strcmp(*a, "-") != 0 && !g_strv_contains((const gchar *const *)have, *a))
        g_string_append_printf(u, "%s%s", u->len ? "+" : "", *a);
    if (!u->len) g_string_assign(u, "-");
    g_free(f->got);
    f->got = g_string_free(u, FALSE);
    g_ptr_array_remove_index(sb->rows, i); /* keeps the order */
  }
}

Scoreboard *sb_build(const char *expected_dir, const char *results_dir, GHashTable *notes,
                     GHashTable *readings, bool quick, GError **err) {
  g_autoptr(GPtrArray) enames = list_tsv(expected_dir, err);
  if (!enames) return NULL;
  Scoreboard *sb = sb_new();
  g_autoptr(GHashTable) claims = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  bool ok = true;
  for (guint i = 0; ok && i < enames->len; i++)
    ok = score_expected(sb, expected_dir, results_dir, enames->pdata[i], notes, readings, quick,
                        claims, err);
  /* a reading must name a published value (a typo would silently score it
     as reproduced) */
  GHashTableIter it;
  gpointer rk;
  if (ok && readings) {
    g_autoptr(GHashTable) keys = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (guint i = 0; i < sb->rows->len; i++) {
      const ScoreRow *r = sb->rows->pdata[i];
      g_hash_table_add(keys, g_strdup_printf("%s\t%s", r->claim, r->key));
      g_hash_table_add(keys, g_strdup_printf("%s\t*", r->claim));
    }
    g_hash_table_iter_init(&it, readings);
    while (ok && g_hash_table_iter_next(&it, &rk, NULL))
      if (!g_hash_table_contains(keys, rk)) {
        g_autofree char *shown = g_strdelimit(g_strdup(rk), "\t", ' ');
        g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT,
                    "readings: '%s' names no published value", shown);
        ok = false;
      }
  }
  g_autoptr(GPtrArray) rnames = ok ? list_tsv(results_dir, NULL) : NULL;
  for (guint i = 0; ok && rnames && i < rnames->len; i++)
    ok = score_beyond(sb, results_dir, rnames->pdata[i], claims, err);
  if (ok) merge_checks(sb);
  if (!ok) {
    sb_free(sb);
    return NULL;
  }
  return sb;
}

Scoreboard *sb_load(const char *path, GError **err) {
  g_autoptr(GPtrArray) rows = sb_read_tsv(path, "claim\tkey\texpected\tgot\tstatus", err);
  if (!rows) return NULL;
  Scoreboard *sb = sb_new();
  for (guint i = 0; i < rows->len; i++) {
    char **c = rows->pdata[i];
    Status st;
    if (!sb_status_parse(c[4], &st)) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, "%s: unknown status '%s'", path, c[4]);
      sb_free(sb);
      return NULL;
    }
    add_row(sb, c[0], c[1], c[2], c[3], "", "", st);
  }
  return sb;
}

bool sb_write_tsv(const Scoreboard *sb, const char *path, GError **err) {
  GString *s = g_string_new("claim\tkey\texpected\tgot\tstatus\n");
  for (guint i = 0; i < sb->rows->len; i++) {
    const ScoreRow *r = sb->rows->pdata[i];
    g_string_append_printf(s, "%s\t%s\t%s\t%s\t%s\n", r->claim, r->key, r->expected, r->got,
                           sb_status_name(r->status));
  }
  bool ok = g_file_set_contents(path, s->str, (gssize)s->len, err);
  g_string_free(s, TRUE);
  return ok;
}

static void tex_escape(GString *s, const char *t) {
  for (; *t; t++) switch (*t) {
      case '_': case '&': case '%': case '#': case '$': case '{': case '}':
        g_string_append_c(s, '\\');
        g_string_append_c(s, *t);
        break;
      case '^': g_string_append(s, "\\textasciicircum{}"); break;
      case '~': g_string_append(s, "\\textasciitilde{}"); break;
      case '\\': g_string_append(s, "\\textbackslash{}"); break;
      case '<': g_string_append(s, "\\textless{}"); break;
      case '>': g_string_append(s, "\\textgreater{}"); break;
      default: g_string_append_c(s, *t);
    }
}

/* One longtable row per scoreboard row; the report wraps it in its table
 * preamble.  Columns: claim, key, published, ours, status, source, and
 * \computedby{experiment file}, a macro the report defines. */
bool sb_write_tex(const Scoreboard *sb, const char *path, GError **err) {
  GString *s = g_string_new("% generated by compare from the scoreboard; do not edit\n");
  for (guint i = 0; i < sb->rows->len; i++) {
    const ScoreRow *r = sb->rows->pdata[i];
    const char *fields[] = {r->claim, r->key, r->expected, r->got};
    for (int f = 0; f < 4; f++) {
      g_string_append(s, f == 0 ? "" : " & ");
      if (f >= 1) g_string_append(s, "\\texttt{");
      tex_escape(s, fields[f]);
      if (f >= 1) g_string_append(s, "}");
    }
    g_string_append_printf(s, " & \\status%s{} & ", sb_status_name(r->status));
    tex_escape(s, r->source);
    /* \computedby{path} is the report's: the file and the commit (with a
       stale flag) its provenance records for that file */
    g_string_append(s, " & \\computedby{");
    tex_escape(s, r->experiment);
    g_string_append(s, "} \\\\\n");
  }
  bool ok = g_file_set_contents(path, s->str, (gssize)s->len, err);
  g_string_free(s, TRUE);
  return ok;
}

size_t sb_count(const Scoreboard *sb, Status st) {
  size_t n = 0;
  for (guint i = 0; i < sb->rows->len; i++) n += ((ScoreRow *)sb->rows->pdata[i])->status == st;
  return n;
}

size_t sb_failures(const Scoreboard *sb) {
  return sb_count(sb, ST_DIFFERS) + sb_count(sb, ST_MISSING);
}

void sb_print_summary(const Scoreboard *sb, FILE *f) {
  fprintf(f, "scoreboard: %u rows:", sb->rows->len);
  for (int s = 0; s < ST_COUNT; s++) fprintf(f, " %zu %s%s", sb_count(sb, (Status)s),
                                             status_names[s], s + 1 < ST_COUNT ? "," : "\n");
  for (guint i = 0; i < sb->rows->len; i++) {
    const ScoreRow *r = sb->rows->pdata[i];
    if (r->status == ST_DIFFERS || r->status == ST_MISSING)
      fprintf(f, "  %s %s %s: published %s, computed %s\n", sb_status_name(r->status), r->claim,
              r->key, r->expected, r->got);
  }
}
