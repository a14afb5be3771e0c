/* polychrome.c — see polychrome.h. */
#include "hypercube/polychrome.h"

bool pc_parts_meet_all(int n, const int *part, int m, int dim, Subcube *bad) {
  g_assert(n >= 1 && n <= 24 && m >= 1 && m <= 32 && dim >= 0 && dim <= n);
  uint32_t nv = 1u << n, full = nv - 1;
  uint64_t want = m == 32 ? ~UINT64_C(0) : (UINT64_C(1) << (2 * m)) - 1, all = 0;
  bool in_range = true;
  for (uint32_t v = 0; v < nv && in_range; v++) { /* the parts exist, on both sides */
    in_range = part[v] >= 0 && part[v] < m;
    if (in_range) all |= UINT64_C(1) << (__builtin_parity(v) * m + part[v]);
  }
  if (!in_range || all != want) {
    if (bad) *bad = (Subcube){0, 0};
    return false;
  }
  /* seen[v & ~stars] collects the parts met by the subcube (stars, v & ~stars) */
  uint64_t *seen = g_new0(uint64_t, nv);
  bool ok = true;
  /* star masks of popcount dim in increasing order (the one mask 0 when dim = 0) */
  for (uint32_t stars = (1u << dim) - 1; ok && stars <= full;
       stars = dim ? cube_next_combination(stars) : full + 1) {
    uint32_t fixed = full & ~stars;
    for (uint32_t v = 0; v < nv; v++)
      seen[v & fixed] |= UINT64_C(1) << (__builtin_parity(v) * m + part[v]);
    uint32_t f = 0;
    do { /* the fixings, in increasing order */
      if (ok && seen[f] != want) {
        ok = false;
        if (bad) *bad = (Subcube){stars, f};
      }
      seen[f] = 0;
      f = (f - fixed) & fixed;
    } while (f);
  }
  g_free(seen);
  return ok;
}

bool pc_edge_partition(int n, GArray *const *members, int count, uint64_t *covered) {
  g_assert(n >= 1 && n <= 24);
  uint64_t ne = (uint64_t)n << (n - 1), cov = 0;
  uint8_t *owner = g_new0(uint8_t, (size_t)n << n); /* edge (lower endpoint, direction) */
  bool ok = true;
  for (int s = 0; s < count; s++)
    for (guint i = 0; i < members[s]->len; i++) {
      VPair p = g_array_index(members[s], VPair, i);
      uint32_t d = p.a ^ p.b;
      if ((p.a >> n) || (p.b >> n) || __builtin_popcount(d) != 1) {
        ok = false;
        continue;
      }
      uint32_t lo = p.a & ~d;
      size_t id = (size_t)lo * (size_t)n + (size_t)__builtin_ctz(d);
      if (owner[id]) ok = false;
      else owner[id] = 1, cov++;
    }
  g_free(owner);
  if (covered) *covered = cov;
  return ok && cov == ne;
}
