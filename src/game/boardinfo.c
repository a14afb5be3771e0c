/* boardinfo.c — sizes, degrees, Erdős–Selfridge sums, counting bounds (see
 * boardinfo.h).  Dyadic rationals are M / 2^F with M a little-endian array
 * of 32-bit limbs. */
#include "game/boardinfo.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  uint32_t *w;
  size_t n;   /* limbs */
  uint64_t F; /* denominator exponent */
} Dy;

static void dy_init(Dy *d, size_t limbs, uint64_t F) {
  d->n = limbs ? limbs : 1;
  d->w = g_new0(uint32_t, d->n);
  d->F = F;
}
static void dy_free(Dy *d) { g_free(d->w), d->w = NULL; }
/* M += c << sh (grows as needed) */
static void dy_add_shifted(Dy *d, uint64_t c, uint64_t sh) {
  size_t need = (size_t)(sh / 32) + 4;
  if (need > d->n) {
    d->w = g_renew(uint32_t, d->w, need);
    memset(d->w + d->n, 0, (need - d->n) * sizeof(uint32_t));
    d->n = need;
  }
  size_t at = (size_t)(sh / 32);
  unsigned r = (unsigned)(sh % 32);
  /* c << r spans up to three limbs */
  uint32_t parts[3] = {(uint32_t)(c << r), (uint32_t)((r ? c >> (32 - r) : c >> 32) & 0xffffffffu),
                       (uint32_t)(r ? c >> (64 - r) : 0)};
  uint64_t carry = 0;
  for (size_t i = at; i < d->n; i++) {
    uint64_t s = (uint64_t)d->w[i] + carry + (i - at < 3 ? parts[i - at] : 0);
    d->w[i] = (uint32_t)s;
    carry = s >> 32;
    if (!carry && i - at >= 2) break;
  }
  if (carry) {
    d->w = g_renew(uint32_t, d->w, d->n + 1);
    d->w[d->n++] = (uint32_t)carry;
  }
}
static bool dy_bit(const Dy *d, uint64_t i) { return i / 32 < d->n && (d->w[i / 32] >> (i % 32) & 1); }
/* index of the highest set bit + 1 (0 for M = 0) */
static uint64_t dy_bits(const Dy *d) {
  for (size_t i = d->n; i-- > 0;)
    if (d->w[i]) return (uint64_t)i * 32 + 32 - (uint64_t)__builtin_clz(d->w[i]);
  return 0;
}
static bool dy_below_one(const Dy *d) { return dy_bits(d) <= d->F; }
/* compare two values with the same F */
static int dy_cmp_same(const Dy *a, const Dy *b) {
  size_t n = MAX(a->n, b->n);
  for (size_t i = n; i-- > 0;) {
    uint32_t x = i < a->n ? a->w[i] : 0, y = i < b->n ? b->w[i] : 0;
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}
static void dy_add(Dy *into, const Dy *b) { /* same F */
  for (size_t i = 0; i < b->n; i++)
    if (b->w[i]) dy_add_shifted(into, b->w[i], (uint64_t)i * 32);
}
static char *dy_decimal(const uint32_t *w0, size_t n) {
  uint32_t *w = g_memdup2(w0, n * sizeof(uint32_t));
  GString *digits = g_string_new(NULL);
  for (;;) {
    bool zero = true;
    uint64_t rem = 0;
    for (size_t i = n; i-- > 0;) {
      uint64_t cur = rem << 32 | w[i];
      w[i] = (uint32_t)(cur / 1000000000u);
      rem = cur % 1000000000u;
      zero &= w[i] == 0;
    }
    char chunk[16];
    snprintf(chunk, sizeof chunk, zero ? "%" G_GUINT64_FORMAT : "%09" G_GUINT64_FORMAT, rem);
    g_string_prepend(digits, chunk);
    if (zero) break;
  }
  g_free(w);
  return g_string_free(digits, FALSE);
}
static char *dy_string(const Dy *d0) {
  /* reduce: strip common factors of two */
  Dy d = {g_memdup2(d0->w, d0->n * sizeof(uint32_t)), d0->n, d0->F};
  uint64_t bits = dy_bits(&d);
  if (bits == 0) {
    dy_free(&d);
    return g_strdup("0");
  }
  uint64_t tz = 0;
  while (tz < d.F && !dy_bit(&d, tz)) tz++;
  if (tz) { /* shift right by tz */
    Dy s;
    dy_init(&s, d.n, d.F - tz);
    for (uint64_t i = tz; i < bits; i++)
      if (dy_bit(&d, i)) s.w[(i - tz) / 32] |= 1u << ((i - tz) % 32);
    dy_free(&d);
    d = s;
  }
  g_autofree char *num = dy_decimal(d.w, d.n);
  char *out;
  if (d.F == 0) {
    out = g_strdup(num);
  } else if (d.F <= 256) {
    Dy p;
    dy_init(&p, (size_t)(d.F / 32) + 2, 0);
    p.w[d.F / 32] = 1u << (d.F % 32);
    g_autofree char *den = dy_decimal(p.w, p.n);
    dy_free(&p);
    out = g_strdup_printf("%s/%s", num, den);
  } else {
    out = g_strdup_printf("%s/2^%" G_GUINT64_FORMAT, num, d.F);
  }
  dy_free(&d);
  return out;
}

char *mb_dyadic_string(const uint32_t *sizes, const uint64_t *counts, size_t n, bool *below_one) {
  uint64_t F = 0;
  for (size_t i = 0; i < n; i++) F = MAX(F, sizes[i]);
  Dy d;
  dy_init(&d, 2, F);
  for (size_t i = 0; i < n; i++) dy_add_shifted(&d, counts[i], F - sizes[i]);
  if (below_one) *below_one = dy_below_one(&d);
  char *s = dy_string(&d);
  dy_free(&d);
  return s;
}

void mb_info(const MbBoard *b, const MbSurvivors *s, MbInfo *in) {
  memset(in, 0, sizeof *in);
  in->cells = b->ncells;
  in->sets = (uint32_t)hg_ne(b->h);
  in->free_cells = s->nfree;
  in->surviving = s->nsurv;
  in->dead = s->dead;
  /* sizes and the distinct sizes */
  uint64_t F = 0, pairsum = 0;
  in->min_size = s->nsurv ? UINT32_MAX : 0;
  for (uint32_t t = 0; t < s->nsurv; t++) {
    uint32_t k = s->start[t + 1] - s->start[t];
    in->min_size = MIN(in->min_size, k);
    in->max_size = MAX(in->max_size, k);
    in->small_sets += k < 2;
    pairsum += (uint64_t)k * (k - (k > 0)) / 2;
  }
  F = in->max_size;
  /* degrees over free cells, and each cell's sum of 2^-|A| */
  g_autofree uint32_t *deg = g_new0(uint32_t, b->ncells + 1);
  for (uint32_t i = 0; i < s->start[s->nsurv]; i++) deg[s->cells[i]]++;
  in->min_deg = UINT32_MAX;
  bool anyfree = false;
  g_autofree uint8_t *isfree = g_new0(uint8_t, b->ncells + 1);
  /* a cell is free iff it is in no move; recompute from the survivors is not
   * enough (free cells in no surviving set have degree 0), so count via nfree:
   * free cells not in any surviving set have degree 0 */
  uint32_t seenfree = 0;
  for (uint32_t i = 0; i < s->start[s->nsurv]; i++)
    if (!isfree[s->cells[i]]) isfree[s->cells[i]] = 1, seenfree++;
  for (uint32_t c = 0; c < b->ncells; c++)
    if (isfree[c]) {
      anyfree = true;
      in->min_deg = MIN(in->min_deg, deg[c]);
      in->max_deg = MAX(in->max_deg, deg[c]);
    }
  if (seenfree < s->nfree) in->min_deg = 0, anyfree = true;
  if (!anyfree) in->min_deg = 0;
  /* sum */
  Dy sum;
  dy_init(&sum, 2, F);
  for (uint32_t t = 0; t < s->nsurv; t++) dy_add_shifted(&sum, 1, F - (s->start[t + 1] - s->start[t]));
  /* max over cells: accumulate each cell's value with the common F */
  Dy best;
  dy_init(&best, 2, F);
  {
    /* per cell: the sets through it, by the CSR of survivors */
    g_autofree uint32_t *off = g_new0(uint32_t, b->ncells + 2);
    for (uint32_t c = 0; c < b->ncells; c++) off[c + 1] = off[c] + deg[c];
    g_autofree uint32_t *fill = g_new0(uint32_t, b->ncells + 1);
    g_autofree uint32_t *sz = g_new(uint32_t, (size_t)off[b->ncells] + 1);
    for (uint32_t t = 0; t < s->nsurv; t++)
      for (uint32_t i = s->start[t]; i < s->start[t + 1]; i++) {
        uint32_t c = s->cells[i];
        sz[off[c] + fill[c]++] = s->start[t + 1] - s->start[t];
      }
    bool uniform = in->min_size == in->max_size;
    for (uint32_t c = 0; c < b->ncells; c++) {
      if (!deg[c]) continue;
      if (uniform && deg[c] < in->max_deg) continue;
      Dy v;
      dy_init(&v, 2, F);
      for (uint32_t i = off[c]; i < off[c + 1]; i++) dy_add_shifted(&v, 1, F - sz[i]);
      if (dy_cmp_same(&v, &best) > 0) {
        dy_free(&best);
        best = v;
      } else {
        dy_free(&v);
      }
    }
  }
  in->es_sum = dy_string(&sum);
  in->es_max_cell = dy_string(&best);
  in->breaker_first_es = dy_below_one(&sum);
  dy_add(&sum, &best);
  in->es_total = dy_string(&sum);
  in->breaker_second_es = dy_below_one(&sum);
  dy_free(&sum);
  dy_free(&best);
  /* counting bounds */
  in->private_count_ok = 2 * (uint64_t)s->nsurv <= s->nfree;
  if (pairsum <= ((uint64_t)1 << 22)) {
    in->codeg_known = true;
    /* the largest co-degree, cell by cell: the sets through a counted onto
     * their cells c > a (a counter array, reset through the cells touched),
     * Σ |A|^2 work and O(cells) memory; a hash of cell pairs was slow
     * (g_int64_hash of a<<32|c is a^c: all of a qcube's edges collided) */
    uint32_t nc = b->ncells;
    g_autofree uint32_t *coff = g_new0(uint32_t, (size_t)nc + 2), *cfill = g_new0(uint32_t, (size_t)nc + 1);
    for (uint32_t c = 0; c < nc; c++) coff[c + 1] = coff[c] + deg[c];
    g_autofree uint32_t *cset = g_new(uint32_t, (size_t)coff[nc] + 1);
    for (uint32_t t = 0; t < s->nsurv; t++)
      for (uint32_t i = s->start[t]; i < s->start[t + 1]; i++) {
        uint32_t c = s->cells[i];
        cset[coff[c] + cfill[c]++] = t;
      }
    g_autofree uint32_t *cnt = g_new0(uint32_t, (size_t)nc + 1), *touched = g_new(uint32_t, (size_t)nc + 1);
    for (uint32_t a = 0; a < nc; a++) {
      uint32_t nt = 0;
      for (uint32_t j = coff[a]; j < coff[a + 1]; j++) {
        uint32_t t = cset[j];
        for (uint32_t i = s->start[t]; i < s->start[t + 1]; i++) {
          uint32_t c = s->cells[i];
          if (c <= a) continue;
          if (cnt[c]++ == 0) touched[nt++] = c;
          in->max_codeg = MAX(in->max_codeg, (uint64_t)cnt[c]);
        }
      }
      for (uint32_t i = 0; i < nt; i++) cnt[touched[i]] = 0;
    }
    in->shared_count_ok = in->small_sets == 0 && (uint64_t)(s->nfree / 2) * in->max_codeg >= s->nsurv;
  }
}

void mb_info_clear(MbInfo *in) {
  g_free(in->es_sum);
  g_free(in->es_max_cell);
  g_free(in->es_total);
  memset(in, 0, sizeof *in);
}
