/* drat.c — forward DRAT checking with watched literals; see drat.h. */
#include "solvers/drat.h"

#include <stdlib.h>
#include <string.h>

#include "plumbing/input.h"
#include "plumbing/errors.h"

/* A clause lives in the arena as [size, deleted, copies, lit...]; it is named
 * by the offset of its size word.  A lemma equal (as a literal set) to a live
 * clause only counts one more copy: no second set of watches, so a proof that
 * repeats a lemma k times costs k lookups, not k watch-list entries scanned
 * at every propagation (issue 26, defect 13: quadratic).  Literal l has index
 * 2|l| + (l < 0). */
typedef struct {
  GArray *arena;      /* int */
  GArray *clauses;    /* offsets of every clause ever added (int) */
  GArray **watch;     /* per literal index: offsets of clauses watching it */
  signed char *val;   /* per variable: 1 true, -1 false, 0 free */
  int *trail, ntrail, qhead, maxvar, cap;
  GHashTable *byhash; /* hash of the sorted literals -> GArray of offsets */
  GHashTable *dense;  /* variable as read -> dense index 1..maxvar */
  DratStats st;
  gboolean refuted;
} Db;

static inline int lidx(int l) { return 2 * abs(l) + (l < 0); }
static inline int *lits(Db *d, int c) { return &g_array_index(d->arena, int, c + 3); }
static inline int *copies(Db *d, int c) { return &g_array_index(d->arena, int, c + 2); }
static inline int csize(Db *d, int c) { return g_array_index(d->arena, int, c); }
static inline gboolean cdead(Db *d, int c) { return g_array_index(d->arena, int, c + 1); }
static inline int value(const Db *d, int l) { return l > 0 ? d->val[l] : -d->val[-l]; }

static void grow(Db *d, int var) {
  if (var <= d->maxvar) return;
  int cap = d->cap;
  while (cap <= var) cap *= 2;
  if (cap != d->cap) {
    d->val = g_realloc(d->val, (size_t)cap + 1);
    memset(d->val + d->cap + 1, 0, (size_t)(cap - d->cap));
    d->trail = g_renew(int, d->trail, cap + 1);
    d->watch = g_renew(GArray *, d->watch, 2 * (size_t)cap + 2);
    for (int i = 2 * d->cap + 2; i < 2 * cap + 2; i++) d->watch[i] = NULL;
    d->cap = cap;
  }
  for (int i = 2 * d->maxvar + 2; i < 2 * var + 2; i++)
    if (!d->watch[i]) d->watch[i] = g_array_new(FALSE, FALSE, sizeof(int));
  d->maxvar = var;
}

static void assign(Db *d, int l) {
  d->val[abs(l)] = l > 0 ? 1 : -1;
  d->trail[d->ntrail++] = l;
}

static void backtrack(Db *d, int to) {
  while (d->ntrail > to) d->val[abs(d->trail[--d->ntrail])] = 0;
  d->qhead = MIN(d->qhead, to);
}

/* unit propagation from qhead; true on conflict */
static gboolean propagate(Db *d) {
  while (d->qhead < d->ntrail) {
    int f = -d->trail[d->qhead++]; /* became false */
    GArray *w = d->watch[lidx(f)];
    guint i = 0, j = 0;
    gboolean conflict = FALSE;
    for (; i < w->len; i++) {
      int c = g_array_index(w, int, i);
      if (cdead(d, c)) continue; /* drop the watch */
      d->st.propagations++;
      int *l = lits(d, c), n = csize(d, c);
      if (l[0] == f) l[0] = l[1], l[1] = f;
      if (conflict || value(d, l[0]) == 1) {
        g_array_index(w, int, j++) = c;
        continue;
      }
      int k = 2;
      while (k < n && value(d, l[k]) == -1) k++;
      if (k < n) { /* a new watch */
        l[1] = l[k];
        l[k] = f;
        g_array_append_val(d->watch[lidx(l[1])], c);
        continue;
      }
      g_array_index(w, int, j++) = c;
      if (value(d, l[0]) == -1) conflict = TRUE;
      else assign(d, l[0]);
    }
    g_array_set_size(w, j);
    if (conflict) return TRUE;
  }
  return FALSE;
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}
/* sorts a[0..n) and drops repeated literals; the new length */
static int sort_unique(int *a, int n) {
  if (n > 1) qsort(a, (size_t)n, sizeof(int), cmp_int);
  int m = 0;
  for (int i = 0; i < n; i++)
    if (m == 0 || a[m - 1] != a[i]) a[m++] = a[i];
  return m;
}

/* the literal set of l[0..n) sorted without repeats, and its hash */
static int *canon(const int *l, int n, int *m, guint64 *h) {
  int *s = g_memdup2(l, (gsize)(n ? n : 1) * sizeof(int));
  *m = sort_unique(s, n);
  guint64 x = 1469598103934665603ull;
  for (int i = 0; i < *m; i++) x = (x ^ (guint64)(uint32_t)s[i]) * 1099511628211ull;
  *h = x;
  return s;
}

/* the live clause with the literal set s (sorted, unique), or -1; *at its
 * place in the bucket */
static int find_clause(Db *d, GArray *bucket, const int *s, int m, guint *at) {
  g_autofree int *t = g_new(int, m ? m : 1);
  for (guint i = 0; bucket && i < bucket->len; i++) {
    int c = g_array_index(bucket, int, i);
    if (cdead(d, c) || csize(d, c) != m) continue;
    memcpy(t, lits(d, c), (size_t)m * sizeof(int));
    qsort(t, (size_t)m, sizeof(int), cmp_int);
    if (memcmp(t, s, (size_t)m * sizeof(int)) == 0) {
      *at = i;
      return c;
    }
  }
  return -1;
}

/* add a clause (duplicate literals removed) at top level and propagate; a
 * clause already live only gains a copy */
static void add_clause(Db *d, const int *in, int n) {
  int m;
  guint64 h;
  g_autofree int *set = canon(in, n, &m, &h);
  GArray *bucket = g_hash_table_lookup(d->byhash, &h);
  guint at;
  int old = m > 0 ? find_clause(d, bucket, set, m, &at) : -1;
  if (old >= 0) {
    (*copies(d, old))++;
    return;
  }
  int c = (int)d->arena->len;
  int hdr[3] = {m, 0, 1};
  g_array_append_vals(d->arena, hdr, 3);
  g_array_append_vals(d->arena, set, (guint)m);
  g_array_append_val(d->clauses, c);
  if (!bucket) {
    guint64 *k = g_new(guint64, 1);
    *k = h;
    bucket = g_array_new(FALSE, FALSE, sizeof(int));
    g_hash_table_insert(d->byhash, k, bucket);
  }
  g_array_append_val(bucket, c);
  int *l = lits(d, c);
  if (m == 0) {
    d->refuted = TRUE;
    return;
  }
  /* non-false literals first */
  for (int i = 0, k = 0; i < m; i++)
    if (value(d, l[i]) != -1) {
      int t = l[k];
      l[k++] = l[i];
      l[i] = t;
    }
  if (m >= 2) {
    g_array_append_val(d->watch[lidx(l[0])], c);
    g_array_append_val(d->watch[lidx(l[1])], c);
  }
  if (value(d, l[0]) == -1) d->refuted = TRUE;
  else if (value(d, l[0]) == 0 && (m == 1 || value(d, l[1]) == -1)) assign(d, l[0]);
  if (!d->refuted && propagate(d)) d->refuted = TRUE;
}

/* is the clause RUP under the current database?  (leaves the state unchanged) */
static gboolean rup(Db *d, const int *l, int n) {
  int save = d->ntrail;
  gboolean conflict = FALSE;
  for (int i = 0; i < n && !conflict; i++) {
    int v = value(d, l[i]);
    if (v == 1) conflict = TRUE;
    else if (v == 0) assign(d, -l[i]);
  }
  if (!conflict) conflict = propagate(d);
  backtrack(d, save);
  return conflict;
}

static gboolean rat(Db *d, const int *l, int n) {
  int p = l[0];
  GArray *res = g_array_new(FALSE, FALSE, sizeof(int));
  gboolean ok = TRUE;
  for (guint i = 0; i < d->clauses->len && ok; i++) {
    int c = g_array_index(d->clauses, int, i), m = csize(d, c);
    if (cdead(d, c)) continue;
    int *dl = lits(d, c);
    gboolean has = FALSE;
    for (int k = 0; k < m && !has; k++) has = dl[k] == -p;
    if (!has) continue;
    g_array_set_size(res, 0);
    g_array_append_vals(res, l, (guint)n);
    gboolean taut = FALSE;
    for (int k = 0; k < m && !taut; k++) {
      if (dl[k] == -p) continue;
      for (int j = 0; j < n && !taut; j++) taut = dl[k] == -l[j];
      g_array_append_val(res, dl[k]);
    }
    if (!taut) ok = rup(d, (const int *)res->data, (int)res->len);
  }
  g_array_free(res, TRUE);
  return ok;
}

static int delete_clause(Db *d, const int *l, int n) { /* 0 deleted, 1 ignored, -1 absent */
  int m;
  guint64 h;
  g_autofree int *set = canon(l, n, &m, &h);
  GArray *bucket = g_hash_table_lookup(d->byhash, &h);
  guint at;
  int c = find_clause(d, bucket, set, m, &at);
  if (c < 0) return -1;
  if (*copies(d, c) > 1) { /* one copy of several */
    (*copies(d, c))--;
    return 0;
  }
  int t = 0, f = 0, *cl = lits(d, c);
  for (int k = 0; k < m; k++) t += value(d, cl[k]) == 1, f += value(d, cl[k]) == -1;
  if (m <= 1 || (t == 1 && f == m - 1)) return 1; /* a unit or a top-level reason */
  g_array_index(d->arena, int, c + 1) = 1;
  g_array_remove_index_fast(bucket, at);
  return 0;
}

/* The variables read are renumbered 1, 2, ... in order of appearance, so
 * memory follows the formula and proof actually read, never the size of a
 * variable's number. */
static int densify(Db *d, int l) {
  gpointer key = GINT_TO_POINTER(abs(l)), v;
  int x;
  if (g_hash_table_lookup_extended(d->dense, key, NULL, &v)) {
    x = GPOINTER_TO_INT(v);
  } else {
    x = (int)g_hash_table_size(d->dense) + 1;
    g_hash_table_insert(d->dense, key, GINT_TO_POINTER(x));
    grow(d, x);
  }
  return l < 0 ? -x : x;
}

static void db_free(Db *d) {
  g_hash_table_destroy(d->dense);
  for (int i = 0; i < 2 * d->maxvar + 2; i++)
    if (d->watch[i]) g_array_free(d->watch[i], TRUE);
  g_free(d->watch);
  g_free(d->val);
  g_free(d->trail);
  g_array_free(d->arena, TRUE);
  g_array_free(d->clauses, TRUE);
  g_hash_table_destroy(d->byhash);
}

static void free_bucket(gpointer p) { g_array_free(p, TRUE); }

DratResult drat_check(const int *cnf, size_t cnf_len, int nvars, const char *proof,
                      DratStats *stats, GError **err) {
  Db d = {0};
  d.arena = g_array_new(FALSE, FALSE, sizeof(int));
  d.clauses = g_array_new(FALSE, FALSE, sizeof(int));
  d.cap = 16;
  d.val = g_malloc0((size_t)d.cap + 1);
  d.trail = g_new(int, d.cap + 1);
  d.watch = g_new0(GArray *, 2 * (size_t)d.cap + 2);
  d.maxvar = 0;
  d.byhash = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, free_bucket);
  d.dense = g_hash_table_new(NULL, NULL);
  (void)nvars; /* variables are renumbered densely as they are met */
  grow(&d, 1);
  DratResult r = DRAT_REJECTED;
  /* the formula */
  GArray *cl = g_array_new(FALSE, FALSE, sizeof(int));
  for (size_t i = 0; i < cnf_len && !d.refuted; i++)
    if (cnf[i] == 0) {
      add_clause(&d, (const int *)cl->data, (int)cl->len);
      g_array_set_size(cl, 0);
    } else {
      int x = densify(&d, cnf[i]);
      g_array_append_val(cl, x);
    }
  g_array_set_size(cl, 0);
  /* the proof, step by step */
  const char *p = proof;
  int line = 1;
  gboolean del = FALSE, bad = FALSE;
  while (!d.refuted && !bad && *p) {
    while (*p == ' ' || *p == '\t' || *p == '\r') p++;
    if (*p == '\n') {
      line++, p++;
      continue;
    }
    if (*p == 'c' && cl->len == 0 && !del) { /* comment line */
      while (*p && *p != '\n') p++;
      continue;
    }
    if (*p == 'd' && cl->len == 0 && !del) {
      del = TRUE, p++;
      continue;
    }
    int64_t v;
    if (!in_scan_int64(&p, -(G_MAXINT / 4), G_MAXINT / 4, &v) ||
        (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, "proof line %d: not a DRAT step", line);
      r = DRAT_MALFORMED;
      bad = TRUE;
      break;
    }
    if (v != 0) {
      int x = densify(&d, (int)v);
      g_array_append_val(cl, x);
      continue;
    }
    const int *l = (const int *)cl->data;
    int n = (int)cl->len;
    if (del) {
      int how = delete_clause(&d, l, n);
      if (how < 0) {
        g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INVALID, "proof line %d: deletes a clause that is not in the database", line);
        bad = TRUE;
      }
      d.st.deletions += how == 0;
      d.st.ignored_deletions += how == 1;
    } else {
      d.st.lemmas++;
      gboolean ok = rup(&d, l, n);
      if (!ok && n > 0) {
        ok = rat(&d, l, n);
        d.st.rat_lemmas += ok;
      }
      if (!ok) {
        g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INVALID, "proof line %d: lemma %d is neither RUP nor RAT", line,
                    (int)d.st.lemmas);
        bad = TRUE;
      } else {
        add_clause(&d, l, n);
      }
    }
    g_array_set_size(cl, 0);
    del = FALSE;
  }
  if (d.refuted) r = DRAT_VERIFIED;
  else if (!bad) g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INVALID, "the proof ends without refuting the formula");
  g_array_free(cl, TRUE);
  if (stats) *stats = d.st;
  db_free(&d);
  return r;
}

static bool dimacs_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* DIMACS -> flat clause list (the contract is in drat.h) */
GArray *drat_read_dimacs(const char *text, int *nvars, const char **why) {
  GArray *lits = g_array_new(FALSE, FALSE, sizeof(int));
  int64_t declared = -1, clauses = 0;
  bool open = false;
  const char *p = text;
  *nvars = -1;
  while (*p) {
    while (dimacs_space(*p) || *p == '\n') p++;
    if (!*p) break;
    if (*p == 'c') {
      while (*p && *p != '\n') p++;
      continue;
    }
    if (*p == 'p') {
      int64_t v, c;
      const char *q = p + 1;
      bool ok = *nvars < 0 && dimacs_space(*q);
      while (ok && dimacs_space(*q)) q++;
      ok = ok && strncmp(q, "cnf", 3) == 0 && dimacs_space(q[3]);
      if (ok) q += 3;
      while (ok && dimacs_space(*q)) q++;
      ok = ok && in_scan_int64(&q, 0, G_MAXINT / 4, &v) && dimacs_space(*q);
      while (ok && dimacs_space(*q)) q++;
      ok = ok && in_scan_int64(&q, 0, INT64_MAX, &c);
      while (ok && dimacs_space(*q)) q++;
      if (!ok || (*q && *q != '\n')) {
        *why = "bad or repeated 'p cnf' line (at most 536870911 variables)";
        goto bad;
      }
      *nvars = (int)v;
      declared = c;
      p = q;
      continue;
    }
    if (*nvars < 0) {
      *why = "clause before the 'p cnf' line";
      goto bad;
    }
    int64_t l;
    if (!in_scan_int64(&p, -*nvars, *nvars, &l) || (*p && !dimacs_space(*p) && *p != '\n')) {
      *why = "a literal that is not a number or is beyond the declared variables";
      goto bad;
    }
    int li = (int)l;
    g_array_append_val(lits, li);
    if (li == 0) {
      clauses++;
      open = false;
    } else {
      open = true;
    }
  }
  if (*nvars < 0) *why = "no 'p cnf' line";
  else if (open) *why = "the last clause has no final 0";
  else if (clauses != declared) *why = "the number of clauses differs from the 'p cnf' line";
  else return lits;
bad:
  g_array_free(lits, TRUE);
  return NULL;
}
