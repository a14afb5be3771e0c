/* certcheck_pairing.c — pairing certificates ("makerbreaker certificate 1";
 * certcheck.h says what each result must satisfy): private and shared
 * pairings, Hall families, and refutations whose CNF is checked clause by
 * clause against the board before drat_check() verifies the proof. */
#include <stdlib.h>
#include <string.h>

#include "plumbing/input.h"
#include "solve/certcheck_int.h"
#include "solve/certtok.h"
#include "solvers/drat.h"

typedef struct {
  const CcBoard *B;
  uint8_t *owner; /* 0 free, 1 Maker, 2 Breaker */
  uint8_t *alive; /* per set: surviving */
  uint32_t nsurv;
} Ctx;

static uint32_t free_in(const Ctx *x, uint32_t s, uint32_t *out) {
  uint32_t n, k = 0;
  const uint32_t *c = cb_set(x->B, s, &n);
  for (uint32_t i = 0; i < n; i++)
    if (x->owner[c[i]] == 0) out[k++] = c[i];
  return k;
}

CcResult cc_check_pairing(const CcBoard *B, const BsSpec *sp, char **lines, CcReport *rep, char **why) {
  CcResult res = CC_VALID;
  Ctx x = {B, NULL, NULL, 0};
  uint32_t ncells = B->names->len, nsets = cb_nsets(B);
  GHashTable *varof = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
  GArray *vpair = g_array_new(FALSE, FALSE, sizeof(uint32_t) * 2);
  GArray *lits = g_array_new(FALSE, FALSE, sizeof(int)), *cl = g_array_new(FALSE, FALSE, sizeof(int));
  uint8_t *served = NULL;
  uint32_t *partner = NULL, *buf = NULL;
  GString *proof = NULL;
  char *canon = NULL;
  uint8_t *mark = NULL;
  int L = 0;
  x.owner = g_new0(uint8_t, ncells + 1);
  x.alive = g_new0(uint8_t, nsets + 1);
  /* header */
  canon = bs_spec_canonical(sp);
  const char *want[6] = {"makerbreaker certificate 1", "board ", "size ", "moves ", "kind ", "result "};
  if ((res = cc_cert_header(lines, want, 6, (sp->kind == BS_FILE || sp->kind == BS_PG), canon, ncells, nsets, why)) != CC_VALID) goto done;
  L = 6;
  if (strcmp(lines[3] + 6, "-") != 0) {
    const char *tw;
    g_auto(GStrv) t = ct_split(lines[3], NULL, &tw);
    if (!t) BAD(CC_MALFORMED, "certificate line 4: %s", tw);
    for (int i = 1; t[i]; i++) {
      long c = (t[i][0] == 'M' || t[i][0] == 'B') && t[i][1] == ':' ? cb_cell(x.B, t[i] + 2) : -1;
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
    const uint32_t *c = cb_set(x.B, s, &n);
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
      long a = cb_cell(x.B, t[1]), c = cb_cell(x.B, t[2]);
      if (a < 0 || c < 0) BAD(CC_MALFORMED, "certificate line %d: a cell not on the board", L + 1);
      if (a == c || x.owner[a] || x.owner[c]) BAD(CC_INVALID, "certificate line %d: the pair is not two free cells", L + 1);
      if (partner[a] != UINT32_MAX || partner[c] != UINT32_MAX)
        BAD(CC_INVALID, "certificate line %d: a cell already in an earlier pair", L + 1);
      partner[a] = (uint32_t)c, partner[c] = (uint32_t)a;
      rep->pairs++;
      if (private) {
        if (nt < 5 || strcmp(t[3], "for")) BAD(CC_MALFORMED, "certificate line %d: want 'pair A B for SET'", L + 1);
        bool named;
        uint32_t s = cb_lookup_set(x.B, t + 4, nt - 4, &named);
        if (!named) BAD(CC_MALFORMED, "certificate line %d: a cell not on the board", L + 1);
        if (!s) BAD(CC_INVALID, "certificate line %d: not a winning set of the board", L + 1);
        s--;
        if (!x.alive[s]) BAD(CC_INVALID, "certificate line %d: the set holds a Breaker cell", L + 1);
        if (served[s]) BAD(CC_INVALID, "certificate line %d: the set already has its pair", L + 1);
        served[s] = 1;
        uint32_t n;
        const uint32_t *cells = cb_set(x.B, s, &n);
        int hit = 0;
        for (uint32_t i = 0; i < n; i++) hit += cells[i] == (uint32_t)a || cells[i] == (uint32_t)c;
        if (hit != 2) BAD(CC_INVALID, "certificate line %d: the pair is not inside its set", L + 1);
      } else if (nt != 3) {
        BAD(CC_MALFORMED, "certificate line %d: want 'pair A B'", L + 1);
      }
    } else if (is_hall && nt >= 2 && strcmp(t[0], "set") == 0) {
      bool named;
      uint32_t s = cb_lookup_set(x.B, t + 1, nt - 1, &named);
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
      long a = cb_cell(x.B, t[2]), c = cb_cell(x.B, t[3]);
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
      const uint32_t *c = cb_set(x.B, s, &n);
      bool blocked = false;
      for (uint32_t i = 0; i < n && !blocked; i++)
        for (uint32_t j = i + 1; j < n && !blocked; j++) blocked = partner[c[i]] == c[j];
      if (!blocked) {
        GString *g = g_string_new(NULL);
        for (uint32_t i = 0; i < n; i++) g_string_append_printf(g, " %s", (char *)g_ptr_array_index(x.B->names, c[i]));
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
  g_free(x.owner);
  g_free(x.alive);
  return res;
}
