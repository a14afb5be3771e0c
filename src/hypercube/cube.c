#include "hypercube/cube.h"

#include <glib.h>
#include <string.h>

bool cube_parse(const char *s, int n, Subcube *out) {
  Subcube c = {0, 0};
  int i = 0;
  for (const char *p = s; *p; p++) {
    if (*p == '(' || *p == ')' || *p == ',' || *p == ' ') continue;
    if (i >= n) return false;
    if (*p == '*')
      c.stars |= 1u << i;
    else if (*p == '1')
      c.vals |= 1u << i;
    else if (*p != '0')
      return false;
    i++;
  }
  if (i != n) return false;
  *out = c;
  return true;
}

void cube_format(Subcube c, int n, char *buf) {
  char *p = buf;
  *p++ = '(';
  for (int i = 0; i < n; i++) {
    if (i) *p++ = ',';
    *p++ = (c.stars >> i) & 1 ? '*' : (c.vals >> i) & 1 ? '1' : '0';
  }
  *p++ = ')';
  *p = '\0';
}

bool cube_edge_pair(Subcube e, VPair *p) {
  if (cube_dim(e) != 1) return false;
  p->a = e.vals;
  p->b = e.vals | e.stars;
  return true;
}

bool cube_is_matching(int n, const VPair *pairs, size_t npairs) {
  size_t nv = (size_t)1 << n;
  uint8_t *used = g_new0(uint8_t, nv);
  bool ok = true;
  for (size_t i = 0; i < npairs && ok; i++) {
    uint32_t a = pairs[i].a, b = pairs[i].b;
    if (a >= nv || b >= nv || a == b || used[a] || used[b])
      ok = false;
    else
      used[a] = used[b] = 1;
  }
  g_free(used);
  return ok;
}

bool cube_first_unblocked(int n, int k, const VPair *pairs, size_t npairs, Subcube *hole,
                          uint64_t *checked) {
  return cube_first_unblocked_upto(n, k, pairs, npairs, 0, hole, checked);
}

bool cube_first_unblocked_upto(int n, int k, const VPair *pairs, size_t npairs, uint64_t limit,
                               Subcube *hole, uint64_t *checked) {
  uint64_t count = 0;
  uint32_t full = n == 32 ? UINT32_MAX : (1u << n) - 1;
  uint32_t stars = k == 0 ? 0 : (1u << k) - 1;
  for (;;) {
    uint32_t fixed = full & ~stars;
    /* enumerate the vals as all submasks of `fixed`, increasing */
    uint32_t v = 0;
    for (;;) {
      count++;
      Subcube s = {stars, v};
      bool blocked = false;
      for (size_t i = 0; i < npairs && !blocked; i++)
        blocked = cube_contains(s, pairs[i].a) && cube_contains(s, pairs[i].b);
      if (!blocked) {
        if (hole) *hole = s;
        if (checked) *checked = count;
        return false;
      }
      if (v == fixed || count == limit) break;
      v = (v - fixed) & fixed; /* next submask in increasing order */
    }
    if (k == 0 || k == n || count == limit) break;
    stars = cube_next_combination(stars);
    if (stars > full) break;
  }
  if (checked) *checked = count;
  return true;
}
