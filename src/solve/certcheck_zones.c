/* certcheck_zones.c — the leaves of a strategy certificate and what they
 * pass up (certcheck_int.h): Maker's threat sequences with their supports,
 * pairing leaves with their zones, the exact Erdős–Selfridge value, and the
 * rule of 'R' and 'A' nodes that every omitted move lies outside the zone
 * (support) of a listed one.  The semantics are stated in
 * certcheck_strategy.c and proved in the report (§8.1). */
#include <stdlib.h>
#include <string.h>

#include "solve/certcheck_int.h"

#define NAME(c) ((char *)g_ptr_array_index(B->names, (c)))

CcResult cc_leaf_threats(const CcBoard *B, const uint8_t *own, const uint32_t *cells, uint32_t n, int64_t node,
                         uint64_t *zc, uint32_t *h, char **why) {
  CcResult res = CC_VALID;
  uint32_t nc = B->names->len, ns = cb_nsets(B);
  uint8_t *o2 = g_memdup2(own, nc);
  bool won = false;
  for (uint32_t i = 0; i < n && !won; i++) {
    if (o2[cells[i]]) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": threat move %u (%s) is on a taken cell", node, i + 1, NAME(cells[i]));
    o2[cells[i]] = 1;
    cc_zput(zc, cells[i]); /* the support: the Ci and the free cells of the sets one short after each */
    (*h)++;
    uint32_t nthreat = 0, first = UINT32_MAX;
    bool complete = false;
    for (uint32_t s2 = 0; s2 < ns; s2++) {
      uint32_t k, fr = 0, last = 0;
      const uint32_t *c = cb_set(B, s2, &k);
      bool dead = false;
      for (uint32_t j = 0; j < k; j++) dead |= o2[c[j]] == 2, fr += o2[c[j]] == 0, last = o2[c[j]] == 0 ? c[j] : last;
      if (dead) continue;
      if (fr == 1) cc_zput(zc, last);
      if (fr == 0) complete = true;
      if (fr == 1 && last != first) nthreat++, first = nthreat == 1 ? last : first;
    }
    if (complete) won = true;
    else if (nthreat >= 2) won = true, (*h)++; /* Breaker blocks one, Maker takes the other */
    else if (nthreat == 1 && i + 1 < n) o2[first] = 2; /* the forced reply */
    else
      BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": after threat move %u (%s) Maker %s", node, i + 1, NAME(cells[i]),
          nthreat ? "has not won" : "threatens nothing");
    if (won && i + 1 < n) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": the threat sequence goes on after Maker has won", node);
  }
done:
  g_free(o2);
  return res;
}

CcResult cc_leaf_pairing(const CcBoard *B, const uint8_t *own, const uint32_t *cells, uint32_t n, int64_t node,
                         uint32_t *partner, uint64_t *zc, char **why) {
  CcResult res = CC_VALID;
  uint32_t nc = B->names->len, ns = cb_nsets(B);
  for (uint32_t c = 0; c < nc; c++) partner[c] = UINT32_MAX;
  for (uint32_t i = 0; i < n; i += 2) {
    uint32_t a = cells[i], b = cells[i + 1];
    if (a == b || own[a] || own[b] || partner[a] != UINT32_MAX || partner[b] != UINT32_MAX)
      BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": pair %s %s is not two unused free cells", node, NAME(a), NAME(b));
    partner[a] = b, partner[b] = a;
    cc_zput(zc, a), cc_zput(zc, b);
  }
  for (uint32_t s = 0; s < ns; s++) {
    uint32_t k;
    const uint32_t *c = cb_set(B, s, &k);
    bool dead = false, held = false;
    for (uint32_t i = 0; i < k; i++) dead |= own[c[i]] == 2;
    if (dead) continue;
    for (uint32_t i = 0; i < k && !held; i++)
      for (uint32_t j = 0; j < k && !held; j++) held = partner[c[i]] == c[j];
    if (!held) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": surviving set %u holds no pair", node, s + 1);
  }
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

/* for the L leaves (certcheck_lines.c) */
void cc_dyadic_normalize(GArray *v) { dy_normalize(v); }
int cc_dyadic_cmp(const GArray *x, const GArray *y) { return dy_cmp(x, y); }
bool cc_dyadic_equals(const GArray *v, unsigned __int128 a, unsigned __int128 b) { return dy_equals(v, a, b); }
bool cc_dyadic_parse(const char *value, unsigned __int128 *a, unsigned __int128 *b) {
  g_auto(GStrv) f = g_strsplit(value, "/", 3);
  *b = 1;
  return parse_u128(f[0], a) && (!f[1] || (parse_u128(f[1], b) && *b != 0 && !f[2]));
}

CcResult cc_leaf_es(const CcBoard *B, const uint8_t *own, const uint8_t *live, bool maker_side, const char *value,
                    int64_t node, int line, uint64_t *zc, uint32_t **inc_start, uint32_t **inc, char **why) {
  CcResult res = CC_VALID;
  uint32_t nc = B->names->len, ns = cb_nsets(B);
  unsigned __int128 a, b = 1;
  g_auto(GStrv) f = g_strsplit(value, "/", 3);
  uint32_t *sfr = g_new(uint32_t, (size_t)ns + 1);
  GArray *ex = g_array_new(FALSE, FALSE, sizeof(int64_t));
  if (!parse_u128(f[0], &a) || (f[1] && (!parse_u128(f[1], &b) || b == 0 || f[2])))
    BAD(CC_MALFORMED, "certificate line %d: want 'E a/b' (a, b decimal below 10^38, b >= 1)", line);
  /* the value as exact powers of two: 2^-fr per surviving set, plus the
   * largest cell term (sum over the surviving sets through a free cell)
   * when Maker moves; no limit on the set sizes */
  for (uint32_t s = 0; s < ns; s++) {
    uint32_t k;
    const uint32_t *c = cb_set(B, s, &k);
    sfr[s] = 0;
    for (uint32_t i = 0; i < k && sfr[s] != UINT32_MAX; i++) sfr[s] = own[c[i]] == 2 ? UINT32_MAX : sfr[s] + (own[c[i]] == 0);
    if (sfr[s] != UINT32_MAX) {
      int64_t e = -(int64_t)sfr[s];
      g_array_append_val(ex, e);
    }
  }
  if (maker_side) {
    if (!*inc_start) build_incidence(B, inc_start, inc);
    GArray *best = g_array_new(FALSE, FALSE, sizeof(int64_t)), *tv = g_array_new(FALSE, FALSE, sizeof(int64_t));
    for (uint32_t v = 0; v < nc; v++) {
      if (own[v]) continue;
      g_array_set_size(tv, 0);
      for (uint32_t j = (*inc_start)[v]; j < (*inc_start)[v + 1]; j++)
        if (sfr[(*inc)[j]] != UINT32_MAX) {
          int64_t e = -(int64_t)sfr[(*inc)[j]];
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
  if (!equal) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": the Erdős–Selfridge value is not %s", node, value);
  if (!below) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": the Erdős–Selfridge value %s is not below 1", node, value);
  for (uint32_t c = 0; c < nc; c++)
    if (live[c]) cc_zput(zc, c);
done:
  g_array_free(ex, TRUE);
  g_free(sfr);
  return res;
}

CcResult cc_omitted_moves(const CcBoard *B, char op, const uint32_t *cells, uint32_t k, const uint64_t *czone,
                          const uint64_t *livez, int64_t node, CcReport *rep, char **why) {
  CcResult res = CC_VALID;
  uint32_t nc = B->names->len, W = (nc + 63) / 64;
  for (uint32_t c = 0; c < nc; c++) {
    if (!cc_zhas(livez, c)) continue;
    bool listed = false, outside = false;
    for (uint32_t i = 0; i < k && !listed; i++) listed = cells[i] == c;
    for (uint32_t i = 0; i < k && !listed && !outside; i++) outside = !cc_zhas(czone + (size_t)i * W, c);
    if (!listed && !outside)
      BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": %s move %s is neither listed nor outside a listed move's %s", node,
          op == 'R' ? "Maker's" : "Breaker's", NAME(c), op == 'R' ? "zone" : "support");
    if (!listed && op == 'R') rep->zone_omitted++;
    else if (!listed) rep->support_omitted++;
  }
done:
  return res;
}
