/* nearlines.c — the near-lines of a hypergraph (nearlines.h).  Two edges of
 * k cells meeting in k - 1 cells span a candidate T of k + 1 cells (both
 * contain the first cell of one of them, so the edges through that cell
 * are the only ones to compare with); T is kept when each of its k + 1
 * subsets of k cells is an edge (hg_has_edge_bits). */
#include "game/nearlines.h"

#include <glib.h>
#include <stdbool.h>
#include <string.h>

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

uint32_t mb_near_lines(const Hypergraph *h, MbNearLines *nl) {
  memset(nl, 0, sizeof *nl);
  size_t ne = hg_ne(h);
  nl->covered = g_new0(uint8_t, ne + 1);
  GArray *start = g_array_new(FALSE, FALSE, sizeof(uint32_t)), *cells = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  uint32_t zero = 0;
  g_array_append_val(start, zero);
  if (ne <= MB_NEAR_MAX_EDGES) {
    size_t K = 0;
    for (size_t e = 0; e < ne; e++) K = MAX(K, hg_edge_size(h, e));
    uint32_t *a = g_new(uint32_t, K + 2), *b = g_new(uint32_t, K + 2), *t = g_new(uint32_t, K + 2);
    size_t W = hg_words(h);
    uint64_t *s = g_new(uint64_t, W);
    for (size_t e = 0; e < ne; e++) {
      uint32_t k = (uint32_t)hg_edge_size(h, e);
      if (k < 2) continue;
      memcpy(a, hg_edge(h, e), k * sizeof(uint32_t));
      qsort(a, k, sizeof(uint32_t), cmp_u32);
      const uint32_t *inc = hg_incident(h, a[0]);
      for (size_t i = 0; i < hg_degree(h, a[0]); i++) {
        size_t f = inc[i];
        if (f == e || hg_edge_size(h, f) != k) continue;
        memcpy(b, hg_edge(h, f), k * sizeof(uint32_t));
        qsort(b, k, sizeof(uint32_t), cmp_u32);
        /* merge: T = a ∪ b, of k + 1 cells exactly when they differ in one */
        uint32_t x = 0, y = 0, n = 0;
        while ((x < k || y < k) && n <= k) {
          if (y == k || (x < k && a[x] < b[y])) t[n++] = a[x++];
          else if (x == k || b[y] < a[x]) t[n++] = b[y++];
          else t[n++] = a[x++], y++;
        }
        if (n != k + 1 || x < k || y < k) continue;
        bool known = false;
        for (uint32_t l = 0; l < nl->n && !known; l++)
          known = g_array_index(start, uint32_t, l + 1) - g_array_index(start, uint32_t, l) == k + 1 &&
                  memcmp(&g_array_index(cells, uint32_t, g_array_index(start, uint32_t, l)), t,
                         (k + 1) * sizeof(uint32_t)) == 0;
        if (known) continue;
        bool all = true;
        for (uint32_t z = 0; z <= k && all; z++) {
          memset(s, 0, W * sizeof(uint64_t));
          for (uint32_t j = 0; j <= k; j++)
            if (j != z) bs_set(s, t[j]);
          all = hg_has_edge_bits(h, s);
        }
        if (!all) continue;
        g_array_append_vals(cells, t, k + 1);
        uint32_t end = cells->len;
        g_array_append_val(start, end);
        nl->n++;
      }
    }
    /* covered: an edge of k cells inside a near-line of k + 1 */
    for (size_t e = 0; e < ne; e++) {
      uint32_t k = (uint32_t)hg_edge_size(h, e);
      memcpy(a, hg_edge(h, e), k * sizeof(uint32_t));
      qsort(a, k, sizeof(uint32_t), cmp_u32);
      for (uint32_t l = 0; l < nl->n && !nl->covered[e]; l++) {
        uint32_t lo = g_array_index(start, uint32_t, l), hi = g_array_index(start, uint32_t, l + 1);
        if (hi - lo != k + 1) continue;
        const uint32_t *c = &g_array_index(cells, uint32_t, lo);
        uint32_t x = 0, y = 0;
        while (x < k && y <= k)
          if (a[x] == c[y]) x++, y++;
          else y++;
        nl->covered[e] = x == k;
      }
    }
    g_free(a), g_free(b), g_free(t), g_free(s);
  }
  nl->start = (uint32_t *)(void *)g_array_free(start, FALSE);
  nl->cells = (uint32_t *)(void *)g_array_free(cells, FALSE);
  return nl->n;
}

void mb_near_lines_clear(MbNearLines *nl) {
  g_free(nl->start), g_free(nl->cells), g_free(nl->covered);
  memset(nl, 0, sizeof *nl);
}
