/* pairing.c — positions, survivors, private and shared pairings (see pairing.h). */
#include "game/pairing.h"

#include <stdlib.h>
#include <string.h>

#include "solvers/drat.h"
#include "plumbing/input.h"
#include "solvers/matching.h"
#include "solvers/satproof.h"

#define MB_ERR g_quark_from_static_string("pairing")

/* ---- positions ------------------------------------------------------------ */

void mb_position_init(MbPosition *pos, uint32_t ncells) {
  pos->ncells = ncells;
  pos->owner = g_new0(uint8_t, ncells);
  pos->moves = g_array_new(FALSE, FALSE, sizeof(MbMove));
  pos->nmaker = pos->nbreaker = 0;
}

void mb_position_clear(MbPosition *pos) {
  g_free(pos->owner);
  if (pos->moves) g_array_free(pos->moves, TRUE);
  memset(pos, 0, sizeof *pos);
}

bool mb_position_play(MbPosition *pos, uint32_t cell, uint8_t who) {
  if (cell >= pos->ncells || pos->owner[cell] != MB_FREE) return false;
  pos->owner[cell] = who;
  MbMove m = {cell, who};
  g_array_append_val(pos->moves, m);
  if (who == MB_MAKER)
    pos->nmaker++;
  else
    pos->nbreaker++;
  return true;
}

/* one move token "M:CELL" or "B:CELL" */
static bool parse_move(const MbBoard *b, const char *t, MbPosition *pos, GError **err) {
  g_autofree char *shown = in_escape(t, 60);
  uint8_t who = t[0] == 'M' ? MB_MAKER : t[0] == 'B' ? MB_BREAKER : 0; /* upper case only, as documented */
  if (!who || t[1] != ':') {
    g_set_error(err, MB_ERR, 1, "move '%s' is not M:CELL or B:CELL", shown);
    return false;
  }
  uint32_t c;
  GError *e = NULL;
  if (!bs_cell_parse(b, t + 2, &c, &e)) {
    g_set_error(err, MB_ERR, 1, "move '%s': %s", shown, e->message);
    g_error_free(e);
    return false;
  }
  if (!mb_position_play(pos, c, who)) {
    g_set_error(err, MB_ERR, 1, "move '%s': the cell is already taken", shown);
    return false;
  }
  return true;
}

bool mb_position_parse(const MbBoard *b, const char *moves, MbPosition *pos, GError **err) {
  mb_position_init(pos, b->ncells);
  if (!moves) return true;
  g_auto(GStrv) tok = g_strsplit_set(moves, " \t", -1);
  for (int i = 0; tok[i]; i++) {
    const char *t = tok[i];
    if (!*t) continue;
    /* ';' separates moves, unless the whole token names a cell (file cells may hold ';') */
    uint32_t c;
    bool whole = !strchr(t, ';') || (strlen(t) > 2 && t[1] == ':' && bs_cell_parse(b, t + 2, &c, NULL));
    g_auto(GStrv) part = whole ? g_strsplit(t, "\n", 1) : g_strsplit(t, ";", -1);
    for (int j = 0; part[j]; j++) {
      if (!*part[j]) continue;
      if (!parse_move(b, part[j], pos, err)) {
        mb_position_clear(pos);
        return false;
      }
    }
  }
  return true;
}

char *mb_position_string(const MbBoard *b, const MbPosition *pos) {
  if (pos->moves->len == 0) return g_strdup("-");
  GString *s = g_string_new(NULL);
  for (guint i = 0; i < pos->moves->len; i++) {
    MbMove m = g_array_index(pos->moves, MbMove, i);
    g_autofree char *nm = bs_cell_name(b, m.cell);
    g_string_append_printf(s, "%s%c:%s", i ? " " : "", m.who == MB_MAKER ? 'M' : 'B', nm);
  }
  return g_string_free(s, FALSE);
}

/* ---- survivors ------------------------------------------------------------ */

void mb_survivors(const MbBoard *b, const MbPosition *pos, MbSurvivors *s) {
  const Hypergraph *h = b->h;
  size_t ne = hg_ne(h), total = 0;
  memset(s, 0, sizeof *s);
  s->maker_won = -1;
  for (uint32_t c = 0; c < b->ncells; c++) s->nfree += pos->owner[c] == MB_FREE;
  for (size_t e = 0; e < ne; e++) total += hg_edge_size(h, e);
  s->set = g_new(uint32_t, ne + 1);
  s->start = g_new(uint32_t, ne + 1);
  s->cells = g_new(uint32_t, total + 1);
  uint32_t k = 0, at = 0;
  for (size_t e = 0; e < ne; e++) {
    const uint32_t *c = hg_edge(h, e);
    size_t n = hg_edge_size(h, e), free = 0;
    bool dead = false;
    for (size_t i = 0; i < n; i++) {
      dead |= pos->owner[c[i]] == MB_BREAKER;
      free += pos->owner[c[i]] == MB_FREE;
    }
    if (dead) {
      s->dead++;
      continue;
    }
    if (free == 0 && s->maker_won < 0) s->maker_won = (int64_t)e;
    s->set[k] = (uint32_t)e;
    s->start[k] = at;
    for (size_t i = 0; i < n; i++)
      if (pos->owner[c[i]] == MB_FREE) s->cells[at++] = c[i];
    k++;
  }
  s->start[k] = at;
  s->nsurv = k;
}

void mb_survivors_clear(MbSurvivors *s) {
  g_free(s->set);
  g_free(s->start);
  g_free(s->cells);
  memset(s, 0, sizeof *s);
}

void mb_result_clear(MbResult *r) {
  if (r->pairs) g_array_free(r->pairs, TRUE);
  if (r->hall) g_array_free(r->hall, TRUE);
  if (r->var_pair) g_array_free(r->var_pair, TRUE);
  if (r->cnf) g_array_free(r->cnf, TRUE);
  g_free(r->proof);
  memset(r, 0, sizeof *r);
}

/* ---- private pairs: Hopcroft–Karp, or a Hall-violating family ------------- */

bool mb_private(const MbBoard *b, const MbSurvivors *s, MbResult *r) {
  memset(r, 0, sizeof *r);
  r->pairs = g_array_new(FALSE, FALSE, sizeof(MbPair));
  r->hall = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  /* free cells -> right vertices */
  g_autofree uint32_t *right = g_new(uint32_t, b->ncells), *cell_of = g_new(uint32_t, b->ncells + 1);
  for (uint32_t c = 0; c < b->ncells; c++) right[c] = BM_NONE;
  uint32_t nr = 0;
  for (uint32_t i = 0; i < s->start[s->nsurv]; i++)
    if (right[s->cells[i]] == BM_NONE) cell_of[nr] = s->cells[i], right[s->cells[i]] = nr++;
  uint32_t nl = 2 * s->nsurv;
  g_autofree uint32_t *start = g_new(uint32_t, nl + 1);
  g_autofree uint32_t *adj = g_new(uint32_t, 2 * (size_t)s->start[s->nsurv] + 1);
  uint32_t e = 0;
  for (uint32_t u = 0; u < nl; u++) {
    start[u] = e;
    for (uint32_t i = s->start[u / 2]; i < s->start[u / 2 + 1]; i++) adj[e++] = right[s->cells[i]];
  }
  start[nl] = e;
  BipGraph g = {nl, nr, start, adj};
  g_autofree uint32_t *ml = g_new(uint32_t, nl + 1), *mr = g_new(uint32_t, nr + 1);
  size_t size = bm_hopcroft_karp(&g, ml, mr, false, NULL);
  if (size == nl) {
    for (uint32_t t = 0; t < s->nsurv; t++) {
      uint32_t a = cell_of[ml[2 * t]], c = cell_of[ml[2 * t + 1]];
      MbPair p = {MIN(a, c), MAX(a, c), s->set[t]};
      g_array_append_val(r->pairs, p);
    }
    r->found = true;
    return true;
  }
  /* alternating BFS from the unmatched copies */
  g_autofree uint8_t *seen_l = g_new0(uint8_t, nl + 1), *seen_r = g_new0(uint8_t, nr + 1);
  g_autofree uint32_t *queue = g_new(uint32_t, nl + 1);
  uint32_t qh = 0, qt = 0;
  for (uint32_t u = 0; u < nl; u++)
    if (ml[u] == BM_NONE) seen_l[u] = 1, queue[qt++] = u;
  uint32_t nbhd = 0;
  while (qh < qt) {
    uint32_t u = queue[qh++];
    for (uint32_t i = start[u]; i < start[u + 1]; i++) {
      uint32_t v = adj[i];
      if (seen_r[v]) continue;
      seen_r[v] = 1;
      nbhd++;
      uint32_t w = mr[v];
      g_assert(w != BM_NONE); /* else the matching was not maximum */
      if (!seen_l[w]) seen_l[w] = 1, queue[qt++] = w;
    }
  }
  for (uint32_t t = 0; t < s->nsurv; t++)
    if (seen_l[2 * t] || seen_l[2 * t + 1]) {
      g_assert(seen_l[2 * t] && seen_l[2 * t + 1]);
      g_array_append_val(r->hall, s->set[t]);
    }
  r->hall_nbhd = nbhd;
  g_assert(nbhd < 2 * (uint64_t)r->hall->len);
  r->found = false;
  return false;
}

/* ---- shared pairs: SAT ----------------------------------------------------- */

static void clause2(GArray *cnf, int a, int b) {
  int c[3] = {a, b, 0};
  g_array_append_vals(cnf, c, 3);
}

int mb_shared(const MbBoard *b, const MbSurvivors *s, MbResult *r, GError **err) {
  return mb_shared_limited(b, s, r, -1, err);
}

int mb_shared_limited(const MbBoard *b, const MbSurvivors *s, MbResult *r, long conflicts, GError **err) {
  return mb_shared_budget(b, s, r, conflicts, 0, err);
}

int mb_shared_budget(const MbBoard *b, const MbSurvivors *s, MbResult *r, long conflicts, double seconds,
                     GError **err) {
  gint64 start = g_get_monotonic_time();
  memset(r, 0, sizeof *r);
  r->pairs = g_array_new(FALSE, FALSE, sizeof(MbPair));
  r->var_pair = g_array_new(FALSE, FALSE, sizeof(MbPair));
  r->cnf = g_array_new(FALSE, FALSE, sizeof(int));
  GHashTable *var = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
  /* variables, in order of first appearance */
  for (uint32_t t = 0; t < s->nsurv; t++)
    for (uint32_t i = s->start[t]; i < s->start[t + 1]; i++)
      for (uint32_t j = i + 1; j < s->start[t + 1]; j++) {
        uint32_t a = MIN(s->cells[i], s->cells[j]), c = MAX(s->cells[i], s->cells[j]);
        gint64 key = (gint64)a << 32 | c;
        if (g_hash_table_contains(var, &key)) continue;
        MbPair p = {a, c, 0};
        g_array_append_val(r->var_pair, p);
        gint64 *k = g_new(gint64, 1);
        *k = key;
        g_hash_table_insert(var, k, GUINT_TO_POINTER(r->var_pair->len));
      }
  r->nvars = (int)r->var_pair->len;
  /* at most one pair per cell, pairwise */
  g_autofree uint32_t *deg = g_new0(uint32_t, b->ncells + 1), *off = g_new0(uint32_t, b->ncells + 1);
  for (int v = 0; v < r->nvars; v++) {
    MbPair p = g_array_index(r->var_pair, MbPair, v);
    deg[p.a]++, deg[p.b]++;
  }
  size_t amo = 0;
  for (uint32_t c = 0; c < b->ncells; c++) amo += (size_t)deg[c] * (deg[c] - (deg[c] > 0)) / 2;
  if (amo + s->nsurv > MB_MAX_CLAUSES) {
    g_hash_table_destroy(var);
    g_set_error(err, MB_ERR, 1, "the shared-pair CNF would have %zu clauses (at most %zu)",
                amo + s->nsurv, MB_MAX_CLAUSES);
    return -1;
  }
  for (uint32_t c = 1; c <= b->ncells; c++) off[c] = off[c - 1] + deg[c - 1];
  g_autofree int *inc = g_new(int, (size_t)off[b->ncells] + 1);
  g_autofree uint32_t *fill = g_new0(uint32_t, b->ncells + 1);
  for (int v = 0; v < r->nvars; v++) {
    MbPair p = g_array_index(r->var_pair, MbPair, v);
    inc[off[p.a] + fill[p.a]++] = v + 1;
    inc[off[p.b] + fill[p.b]++] = v + 1;
  }
  for (uint32_t c = 0; c < b->ncells; c++)
    for (uint32_t i = off[c]; i < off[c + 1]; i++)
      for (uint32_t j = i + 1; j < off[c + 1]; j++) clause2(r->cnf, -inc[i], -inc[j]);
  /* one cover clause per survivor */
  for (uint32_t t = 0; t < s->nsurv; t++) {
    for (uint32_t i = s->start[t]; i < s->start[t + 1]; i++)
      for (uint32_t j = i + 1; j < s->start[t + 1]; j++) {
        uint32_t a = MIN(s->cells[i], s->cells[j]), c = MAX(s->cells[i], s->cells[j]);
        gint64 key = (gint64)a << 32 | c;
        int v = (int)GPOINTER_TO_UINT(g_hash_table_lookup(var, &key));
        g_array_append_val(r->cnf, v);
      }
    int zero = 0;
    g_array_append_val(r->cnf, zero);
  }
  g_hash_table_destroy(var);
  r->nclauses = amo + s->nsurv;
  const int *lits = (const int *)r->cnf->data;
  g_autofree uint8_t *model = g_new0(uint8_t, (size_t)r->nvars + 1);
  gint64 t0 = g_get_monotonic_time();
  double left = seconds > 0 ? seconds - (double)(t0 - start) / 1e6 : 0;
  if (seconds > 0 && left <= 0) return 0; /* the budget went on building the CNF */
  int res = satproof_solve_budget(lits, r->cnf->len, r->nvars, conflicts, left, NULL, model);
  if (res == 0) {
    r->seconds = (double)(g_get_monotonic_time() - t0) / 1e6;
    return 0;
  }
  r->seconds = (double)(g_get_monotonic_time() - t0) / 1e6;
  if (res == SATPROOF_SAT) {
    if (!satproof_satisfies(lits, r->cnf->len, model)) {
      g_set_error(err, MB_ERR, 1, "the solver's model violates the CNF");
      return -1;
    }
    for (int v = 1; v <= r->nvars; v++)
      if (model[v]) {
        MbPair p = g_array_index(r->var_pair, MbPair, v - 1);
        p.set = UINT32_MAX;
        g_array_append_val(r->pairs, p);
      }
    r->found = true;
    return SATPROOF_SAT;
  }
  if (res != SATPROOF_UNSAT) {
    g_set_error(err, MB_ERR, 1, "the SAT solver failed (code %d)", res);
    return -1;
  }
  char *buf = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&buf, &len);
  /* the proof run: no conflict limit (the answer is known), what is left of the time */
  double left2 = seconds > 0 ? seconds - (double)(g_get_monotonic_time() - start) / 1e6 : 0;
  int again = seconds > 0 && left2 <= 0 ? 0 : satproof_solve_budget(lits, r->cnf->len, r->nvars, -1, left2, mem, NULL);
  fclose(mem);
  r->proof = buf;
  if (again == 0) { /* stopped by the budget: unknown, no refutation */
    r->seconds = (double)(g_get_monotonic_time() - t0) / 1e6;
    return 0;
  }
  GError *e = NULL;
  DratStats st;
  if (again != SATPROOF_UNSAT ||
      drat_check(lits, r->cnf->len, r->nvars, r->proof, &st, &e) != DRAT_VERIFIED) {
    g_set_error(err, MB_ERR, 1, "the DRAT refutation was not verified: %s",
                e ? e->message : "second solve disagrees");
    if (e) g_error_free(e);
    return -1;
  }
  r->found = false;
  return SATPROOF_UNSAT;
}

/* ---- certificates ---------------------------------------------------------- */

static void put_set(FILE *f, const MbBoard *b, uint32_t e) {
  for (size_t i = 0; i < hg_edge_size(b->h, e); i++) {
    g_autofree char *n = bs_cell_name(b, hg_edge(b->h, e)[i]);
    fprintf(f, " %s", n);
  }
}

bool mb_write_cert(FILE *f, const MbBoard *b, const MbPosition *pos, const char *kind,
                   const MbResult *r) {
  g_autofree char *mv = mb_position_string(b, pos);
  bool private = strcmp(kind, "private") == 0;
  const char *result = r->found ? "pairing" : private ? "hall" : "refutation";
  fprintf(f, "makerbreaker certificate 1\nboard %s\nsize %u %zu\nmoves %s\nkind %s\nresult %s\n",
          b->name, b->ncells, hg_ne(b->h), mv, kind, result);
  if (r->found) {
    for (guint i = 0; i < r->pairs->len; i++) {
      MbPair p = g_array_index(r->pairs, MbPair, i);
      g_autofree char *x = bs_cell_name(b, p.a), *y = bs_cell_name(b, p.b);
      fprintf(f, "pair %s %s", x, y);
      if (private) {
        fprintf(f, " for");
        put_set(f, b, p.set);
      }
      fputc('\n', f);
    }
  } else if (private) {
    for (guint i = 0; i < r->hall->len; i++) {
      fprintf(f, "set");
      put_set(f, b, g_array_index(r->hall, uint32_t, i));
      fputc('\n', f);
    }
  } else {
    for (int v = 0; v < r->nvars; v++) {
      MbPair p = g_array_index(r->var_pair, MbPair, v);
      g_autofree char *x = bs_cell_name(b, p.a), *y = bs_cell_name(b, p.b);
      fprintf(f, "var %d %s %s\n", v + 1, x, y);
    }
    fprintf(f, "cnf\np cnf %d %zu\n", r->nvars, r->nclauses);
    const int *l = (const int *)r->cnf->data;
    for (guint i = 0; i < r->cnf->len; i++) fprintf(f, l[i] ? "%d " : "0\n", l[i]);
    fprintf(f, "drat\n%s", r->proof ? r->proof : "");
  }
  fprintf(f, "end\n");
  return !ferror(f);
}
