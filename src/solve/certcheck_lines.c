/* certcheck_lines.c — the checker's 'L a/b' leaves (certcheck_int.h): the
 * line potential, recomputed from the board and the position alone.
 *
 * The rule (proved in the report, and in solver.h's words): a NEAR-LINE is
 * a set T of cells such that every |T| - 1 of its cells form a winning set
 * (on torus:n,n-1 the 4n lines of n cells).  With u the free cells of T and
 * b its Breaker cells, T weighs (u + 2) 2^-u if b = 0, 2^-u if b = 1, and 0
 * if b >= 2; a surviving set that is no near-line minus one cell weighs
 * 2^-(its free cells).  With Breaker to move and the sum below 1, Breaker
 * wins; with Maker to move, the sum plus the largest gain of one free cell
 * (over the near-lines through it: u 2^-u if b = 0, 2^-u if b = 1; over the
 * plain surviving sets through it: their weights) below 1 suffices.
 *
 * The near-lines are found here in a way of the checker's own: every set
 * with one cell left out is filed under what is left; two sets filed under
 * the same k - 1 cells span a candidate T, kept when each of its cells left
 * out gives a winning set of the board (looked up by its cells). */
#include <stdlib.h>
#include <string.h>

#include "solve/certcheck_int.h"

struct CcLines {
  uint32_t n;          /* near-lines */
  GArray *start;       /* uint32 offsets into cells, n + 1 */
  GArray *cells;       /* uint32 */
  uint32_t *cstart;    /* cell -> near-lines (CSR over cinc) */
  uint32_t *cinc;
  uint8_t *covered;    /* per set: a near-line minus one cell */
  uint32_t *sstart;    /* cell -> sets (CSR over sinc) */
  uint32_t *sinc;
};

/* the key (count, then the cells sorted) of c[0..n-1] without position skip */
static uint32_t *key_without(const uint32_t *c, uint32_t n, uint32_t skip) {
  uint32_t *tmp = g_new(uint32_t, n + 1), m = 0;
  for (uint32_t i = 0; i < n; i++)
    if (i != skip) tmp[m++] = c[i];
  uint32_t *k = cc_make_key(tmp, m);
  g_free(tmp);
  return k;
}

CcLines *cc_lines_new(const CcBoard *B) {
  CcLines *L = g_new0(CcLines, 1);
  uint32_t nc = B->names->len, ns = cb_nsets(B);
  L->start = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  L->cells = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  L->covered = g_new0(uint8_t, (size_t)ns + 1);
  uint32_t zero = 0;
  g_array_append_val(L->start, zero);
  /* (k-1 cells) -> the first set filed there + 1, and the cell it left out */
  GHashTable *rest = g_hash_table_new_full(cc_key_hash, cc_key_equal, g_free, g_free);
  GHashTable *seen = g_hash_table_new_full(cc_key_hash, cc_key_equal, g_free, NULL);
  for (uint32_t s = 0; s < ns; s++) {
    uint32_t k;
    const uint32_t *c = cb_set(B, s, &k);
    if (k < 2) continue;
    for (uint32_t i = 0; i < k; i++) {
      uint32_t *r = key_without(c, k, i);
      uint32_t *prev = g_hash_table_lookup(rest, r);
      if (!prev) {
        uint32_t *v = g_new(uint32_t, 2);
        v[0] = s + 1, v[1] = c[i];
        g_hash_table_insert(rest, r, v);
        continue;
      }
      /* T = the k - 1 cells with both cells left out */
      uint32_t *tc = g_new(uint32_t, k + 1);
      memcpy(tc, r + 1, (k - 1) * sizeof(uint32_t));
      tc[k - 1] = prev[1], tc[k] = c[i];
      g_free(r);
      uint32_t *tk = cc_make_key(tc, k + 1);
      if (tc[k - 1] == tc[k] || g_hash_table_contains(seen, tk)) {
        g_free(tk), g_free(tc);
        continue;
      }
      bool all = true;
      for (uint32_t j = 0; j <= k && all; j++) {
        uint32_t *sk = key_without(tk + 1, k + 1, j);
        all = g_hash_table_lookup(B->bykey, sk) != NULL;
        g_free(sk);
      }
      if (all) {
        for (uint32_t j = 0; j <= k; j++) {
          uint32_t *sk = key_without(tk + 1, k + 1, j);
          L->covered[GPOINTER_TO_UINT(g_hash_table_lookup(B->bykey, sk)) - 1] = 1;
          g_free(sk);
          g_array_append_val(L->cells, tk[1 + j]);
        }
        uint32_t end = L->cells->len;
        g_array_append_val(L->start, end);
        L->n++;
        g_hash_table_add(seen, tk);
      } else
        g_free(tk);
      g_free(tc);
    }
  }
  g_hash_table_destroy(rest);
  g_hash_table_destroy(seen);
  /* incidences: cell -> near-lines, cell -> sets */
  L->cstart = g_new0(uint32_t, (size_t)nc + 1);
  L->cinc = g_new(uint32_t, L->cells->len + 1);
  for (guint i = 0; i < L->cells->len; i++) L->cstart[g_array_index(L->cells, uint32_t, i) + 1]++;
  for (uint32_t c = 0; c < nc; c++) L->cstart[c + 1] += L->cstart[c];
  uint32_t *fill = g_memdup2(L->cstart, ((size_t)nc + 1) * sizeof(uint32_t));
  for (uint32_t l = 0; l < L->n; l++)
    for (uint32_t j = g_array_index(L->start, uint32_t, l); j < g_array_index(L->start, uint32_t, l + 1); j++)
      L->cinc[fill[g_array_index(L->cells, uint32_t, j)]++] = l;
  g_free(fill);
  L->sstart = g_new0(uint32_t, (size_t)nc + 1);
  L->sinc = g_new(uint32_t, B->cells->len + 1);
  for (guint i = 0; i < B->cells->len; i++) L->sstart[g_array_index(B->cells, uint32_t, i) + 1]++;
  for (uint32_t c = 0; c < nc; c++) L->sstart[c + 1] += L->sstart[c];
  fill = g_memdup2(L->sstart, ((size_t)nc + 1) * sizeof(uint32_t));
  for (uint32_t s = 0; s < ns; s++) {
    uint32_t k;
    const uint32_t *c = cb_set(B, s, &k);
    for (uint32_t i = 0; i < k; i++) L->sinc[fill[c[i]]++] = s;
  }
  g_free(fill);
  return L;
}

void cc_lines_free(CcLines *L) {
  if (!L) return;
  g_array_free(L->start, TRUE), g_array_free(L->cells, TRUE);
  g_free(L->cstart), g_free(L->cinc), g_free(L->covered), g_free(L->sstart), g_free(L->sinc);
  g_free(L);
}

uint32_t cc_lines_count(const CcLines *L) { return L->n; }

/* Breaker and free cells of near-line l */
static void line_counts(const CcLines *L, const uint8_t *own, uint32_t l, uint32_t *b, uint32_t *u) {
  *b = *u = 0;
  for (uint32_t j = g_array_index(L->start, uint32_t, l); j < g_array_index(L->start, uint32_t, l + 1); j++) {
    uint8_t o = own[g_array_index(L->cells, uint32_t, j)];
    *b += o == 2, *u += o == 0;
  }
}
/* m 2^-u as exponents */
static void add_times(GArray *v, uint64_t m, uint32_t u) {
  for (int64_t j = 0; m; j++, m >>= 1)
    if (m & 1) {
      int64_t e = j - (int64_t)u;
      g_array_append_val(v, e);
    }
}
/* free cells of set s, or UINT32_MAX if it holds a Breaker cell */
static uint32_t set_free(const CcBoard *B, const uint8_t *own, uint32_t s) {
  uint32_t k, fr = 0;
  const uint32_t *c = cb_set(B, s, &k);
  for (uint32_t i = 0; i < k; i++) {
    if (own[c[i]] == 2) return UINT32_MAX;
    fr += own[c[i]] == 0;
  }
  return fr;
}

CcResult cc_leaf_lines(const CcBoard *B, const uint8_t *own, const uint8_t *live, bool maker_side, const char *value,
                       int64_t node, int line, uint64_t *zc, CcLines **lp, char **why) {
  CcResult res = CC_VALID;
  uint32_t nc = B->names->len, ns = cb_nsets(B);
  GArray *ex = g_array_new(FALSE, FALSE, sizeof(int64_t)), *best = g_array_new(FALSE, FALSE, sizeof(int64_t)),
         *tv = g_array_new(FALSE, FALSE, sizeof(int64_t));
  unsigned __int128 a, b = 1;
  if (!*lp) *lp = cc_lines_new(B);
  const CcLines *L = *lp;
  if (!cc_dyadic_parse(value, &a, &b))
    BAD(CC_MALFORMED, "certificate line %d: want 'L a/b' (a, b decimal below 10^38, b >= 1)", line);
  if (L->n == 0) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": a line-potential leaf on a board with no near-line", node);
  for (uint32_t l = 0; l < L->n; l++) {
    uint32_t nb, u;
    line_counts(L, own, l, &nb, &u);
    if (nb == 0) add_times(ex, u + 2, u);
    else if (nb == 1) add_times(ex, 1, u);
  }
  for (uint32_t s = 0; s < ns; s++) {
    uint32_t fr = L->covered[s] ? UINT32_MAX : set_free(B, own, s);
    if (fr != UINT32_MAX) add_times(ex, 1, fr);
  }
  if (maker_side) {
    for (uint32_t v = 0; v < nc; v++) {
      if (own[v]) continue;
      g_array_set_size(tv, 0);
      for (uint32_t j = L->cstart[v]; j < L->cstart[v + 1]; j++) {
        uint32_t nb, u;
        line_counts(L, own, L->cinc[j], &nb, &u);
        if (nb == 0) add_times(tv, u, u);
        else if (nb == 1) add_times(tv, 1, u);
      }
      for (uint32_t j = L->sstart[v]; j < L->sstart[v + 1]; j++) {
        uint32_t s = L->sinc[j], fr = L->covered[s] ? UINT32_MAX : set_free(B, own, s);
        if (fr != UINT32_MAX) add_times(tv, 1, fr);
      }
      cc_dyadic_normalize(tv);
      if (cc_dyadic_cmp(tv, best) > 0) {
        GArray *sw = best;
        best = tv, tv = sw;
      }
    }
    g_array_append_vals(ex, best->data, best->len);
  }
  cc_dyadic_normalize(ex);
  if (!cc_dyadic_equals(ex, a, b)) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": the line potential is not %s", node, value);
  if (ex->len && g_array_index(ex, int64_t, ex->len - 1) >= 0)
    BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": the line potential %s is not below 1", node, value);
  for (uint32_t c = 0; c < nc; c++)
    if (live[c]) cc_zput(zc, c);
done:
  g_array_free(ex, TRUE), g_array_free(best, TRUE), g_array_free(tv, TRUE);
  return res;
}
