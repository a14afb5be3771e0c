#include "subcube.h"

#include <string.h>

bool sv_is_matching(int n, const VPair *pairs, size_t npairs) {
  return cube_is_matching(n, pairs, npairs);
}

uint64_t sv_subcubes(int n, int k) {
  uint64_t c = 1;
  for (int i = 1; i <= k; i++) c = c * (uint64_t)(n - k + i) / (uint64_t)i; /* C(n,k), exact */
  return c << (n - k);
}

static uint32_t next_combination(uint32_t x) { /* Gosper's hack */
  uint32_t c = x & -x, r = x + c;
  return (((r ^ x) >> 2) / c) | r;
}

/* rank of v among the submasks of m in increasing order (software pext) */
static uint64_t submask_rank(uint32_t v, uint32_t m) {
  uint64_t r = 0;
  int bit = 0;
  for (; m; m &= m - 1, bit++)
    if (v & m & -m) r |= UINT64_C(1) << bit;
  return r;
}

bool sv_verify(int n, int k, const VPair *pairs, size_t npairs, Subcube *hole, uint64_t *checked) {
  g_assert(k >= 1 && k <= n && n <= 24);
  uint32_t nv = 1u << n, full = nv - 1;
  /* bucket the pairs' first vertices by difference mask (counting sort) */
  uint32_t *start = g_new0(uint32_t, (size_t)nv + 1);
  uint32_t *avert = g_new(uint32_t, npairs ? npairs : 1);
  for (size_t i = 0; i < npairs; i++) start[(pairs[i].a ^ pairs[i].b) + 1]++;
  for (uint32_t d = 0; d < nv; d++) start[d + 1] += start[d];
  uint32_t *fill = g_memdup2(start, ((size_t)nv + 1) * sizeof(uint32_t));
  for (size_t i = 0; i < npairs; i++) avert[fill[pairs[i].a ^ pairs[i].b]++] = pairs[i].a;
  g_free(fill);
  GArray *masks = g_array_new(FALSE, FALSE, sizeof(uint32_t)); /* non-empty, nonzero */
  for (uint32_t d = 1; d < nv; d++)
    if (start[d + 1] > start[d]) g_array_append_val(masks, d);
  const uint32_t *mk = (const uint32_t *)masks->data;
  uint32_t *stamp = g_new0(uint32_t, nv);
  uint32_t need = 1u << (n - k), round = 0;
  uint64_t done = 0;
  bool all = true;
  for (uint32_t stars = (1u << k) - 1; stars <= full; stars = next_combination(stars)) {
    round++;
    uint32_t fixed = full & ~stars, count = 0;
    bool by_submask = (1u << k) < masks->len;
    uint32_t d = by_submask ? stars : 0;
    for (guint j = 0; count < need;) {
      uint32_t dm;
      if (by_submask) { /* submasks of stars, decreasing, until 0 */
        if (!d) break;
        dm = d;
        d = (d - 1) & stars;
      } else {
        if (j >= masks->len) break;
        dm = mk[j++];
        if (dm & ~stars) continue;
      }
      for (uint32_t i = start[dm]; i < start[dm + 1]; i++) {
        uint32_t v = avert[i] & fixed;
        if (stamp[v] != round) {
          stamp[v] = round;
          if (++count == need) break;
        }
      }
    }
    if (count < need) { /* the first fixing without a pair */
      uint32_t v = 0;
      while (stamp[v] == round) v = (v - fixed) & fixed;
      if (hole) {
        hole->stars = stars;
        hole->vals = v;
      }
      done += submask_rank(v, fixed) + 1;
      all = false;
      break;
    }
    done += need;
    if (k == n) break;
  }
  if (checked) *checked = done;
  g_free(stamp);
  g_array_free(masks, TRUE);
  g_free(avert);
  g_free(start);
  return all;
}

/* ---- strategy files ---- */
static bool parse_vertex(const char *s, int n, uint32_t *v) {
  if ((int)strlen(s) != n) return false;
  uint32_t x = 0;
  for (int i = 0; i < n; i++) {
    if (s[i] != '0' && s[i] != '1') return false;
    if (s[i] == '1') x |= 1u << i;
  }
  *v = x;
  return true;
}

GArray *sv_read_pairs(const char *text, int n, GError **err) {
  g_assert(n >= 1 && n <= 24);
  GQuark q = g_quark_from_static_string("subcube");
  GArray *out = g_array_new(FALSE, FALSE, sizeof(VPair));
  uint32_t *used = g_new0(uint32_t, (size_t)1 << n); /* line number + 1 */
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  bool ok = true;
  for (int ln = 0; lines[ln] && ok; ln++) {
    char *hash = strchr(lines[ln], '#');
    if (hash) *hash = '\0';
    g_auto(GStrv) tok = g_strsplit_set(lines[ln], " \t\r", -1);
    const char *w[3] = {NULL, NULL, NULL};
    int nw = 0;
    for (char **t = tok; *t; t++)
      if (**t) {
        if (nw < 3) w[nw] = *t;
        nw++;
      }
    if (nw == 0) continue;
    VPair p;
    if (nw != 2) {
      g_set_error(err, q, 1, "line %d: a pair is two vertices, found %d", ln + 1, nw);
      ok = false;
    } else if (!parse_vertex(w[0], n, &p.a) || !parse_vertex(w[1], n, &p.b)) {
      g_set_error(err, q, 1, "line %d: a vertex is a 0/1 string of length %d (got '%s' '%s')", ln + 1,
                  n, w[0], w[1]);
      ok = false;
    } else if (p.a == p.b) {
      g_set_error(err, q, 1, "line %d: the two vertices are equal", ln + 1);
      ok = false;
    } else if (used[p.a] || used[p.b]) {
      uint32_t x = used[p.a] ? p.a : p.b;
      g_set_error(err, q, 1, "line %d: vertex %s already used on line %u", ln + 1,
                  x == p.a ? w[0] : w[1], used[x]);
      ok = false;
    } else {
      used[p.a] = used[p.b] = (uint32_t)ln + 1;
      g_array_append_val(out, p);
    }
  }
  g_free(used);
  if (!ok) {
    g_array_free(out, TRUE);
    return NULL;
  }
  return out;
}

void sv_write_pairs(FILE *f, int n, const VPair *pairs, size_t npairs) {
  char a[33], b[33];
  for (size_t i = 0; i < npairs; i++) {
    for (int j = 0; j < n; j++) {
      a[j] = (char)('0' + ((pairs[i].a >> j) & 1));
      b[j] = (char)('0' + ((pairs[i].b >> j) & 1));
    }
    a[n] = b[n] = '\0';
    fprintf(f, "%s %s\n", a, b);
  }
}
