/* Unit tests for src/hypercube/subcube.c: the fast verifier (both its projection DP and
 * its bucket fallback) against cube.h's brute force (same verdict, same first
 * hole, same count of subcubes covered) on random pair sets for n <= 10,
 * including complete blocking sets with one pair removed, random matchings of
 * edges and of pairs at any distance, pairs of equal vertices, and the known
 * strategies PS(4,2), a Q(5,3) matching and BinPS(4 x m) (whole and with one
 * pair removed; for Q_16 against the buckets, and without one subcube); the
 * DP against the buckets on larger random instances; the DP's bitset
 * projection against a bit-by-bit one; and the strategy file reader's
 * acceptance and one-line errors. */
#include <glib.h>
#include <string.h>

#include "hypercube/subcube.h"

/* sv_verify and both forced methods give the same answer as `ref`/`rc`/`rh` */
static void agree(int n, int k, const VPair *p, size_t np, bool ref, uint64_t rc, Subcube rh) {
  for (int m = SV_METHOD_AUTO; m <= SV_METHOD_BUCKETS; m++) {
    Subcube h = {UINT32_MAX, UINT32_MAX};
    uint64_t c = 0;
    bool b = m == SV_METHOD_AUTO ? sv_verify(n, k, p, np, &h, &c)
                                 : sv_verify_method(n, k, p, np, &h, &c, m);
    g_assert_cmpint(b, ==, ref);
    g_assert_cmpuint(c, ==, rc);
    if (!ref) {
      g_assert_cmpuint(h.stars, ==, rh.stars);
      g_assert_cmpuint(h.vals, ==, rh.vals);
    } else {
      g_assert_cmpuint(c, ==, sv_subcubes(n, k));
    }
    g_assert_true(sv_verify_method(n, k, p, np, NULL, NULL, m) == ref); /* NULL outputs */
  }
}

/* the brute force's answer; the three verifier answers must match it */
static bool compare(int n, int k, const VPair *p, size_t np, int *holes) {
  Subcube h1 = {0, 0};
  uint64_t c1 = 0;
  bool b1 = cube_first_unblocked(n, k, p, np, &h1, &c1);
  agree(n, k, p, np, b1, c1, h1);
  if (!b1 && holes) (*holes)++;
  return b1;
}

static void shuffle(GRand *r, uint32_t *x, uint32_t len) {
  for (uint32_t v = len; v > 1; v--) {
    uint32_t j = (uint32_t)g_rand_int_range(r, 0, (gint32)v), t = x[v - 1];
    x[v - 1] = x[j];
    x[j] = t;
  }
}

/* a random matching of edges of Q_n: visit the vertices in random order and
 * match each free one, with probability `dens`%, along a random free direction */
static GArray *random_edge_matching(GRand *r, int n, int dens) {
  uint32_t nv = 1u << n;
  uint32_t *perm = g_new(uint32_t, nv);
  uint8_t *used = g_new0(uint8_t, nv);
  for (uint32_t v = 0; v < nv; v++) perm[v] = v;
  shuffle(r, perm, nv);
  GArray *p = g_array_new(FALSE, FALSE, sizeof(VPair));
  for (uint32_t j = 0; j < nv; j++) {
    uint32_t a = perm[j];
    if (used[a] || g_rand_int_range(r, 0, 100) >= dens) continue;
    int i0 = g_rand_int_range(r, 0, n);
    for (int s = 0; s < n; s++) {
      uint32_t b = a ^ 1u << ((i0 + s) % n);
      if (!used[b]) {
        VPair e = {a, b};
        used[a] = used[b] = 1;
        g_array_append_val(p, e);
        break;
      }
    }
  }
  g_free(perm);
  g_free(used);
  return p;
}

static void test_vs_brute(void) {
  GRand *r = g_rand_new_with_seed(11);
  int holes = 0, blocked = 0;
  for (int round = 0; round < 600; round++) {
    int n = g_rand_int_range(r, 1, 11), k = g_rand_int_range(r, 1, n + 1);
    uint32_t nv = 1u << n;
    GArray *p = g_array_new(FALSE, FALSE, sizeof(VPair));
    int kind = round % 5;
    if (kind == 0) { /* every edge (blocks everything), then drop some */
      for (uint32_t a = 0; a < nv; a++)
        for (int i = 0; i < n; i++)
          if (!(a >> i & 1)) {
            VPair e = {a, a | 1u << i};
            g_array_append_val(p, e);
          }
      int drop = g_rand_int_range(r, 0, 3);
      for (int j = 0; j < drop && p->len; j++)
        g_array_remove_index(p, (guint)g_rand_int_range(r, 0, (gint32)p->len));
    } else if (kind == 1) { /* a random perfect matching of random pairs */
      uint32_t *perm = g_new(uint32_t, nv);
      for (uint32_t v = 0; v < nv; v++) perm[v] = v;
      for (uint32_t v = nv - 1; v > 0; v--) {
        uint32_t j = (uint32_t)g_rand_int_range(r, 0, (gint32)v + 1), t = perm[v];
        perm[v] = perm[j];
        perm[j] = t;
      }
      for (uint32_t v = 0; v + 1 < nv; v += 2) {
        VPair e = {perm[v], perm[v + 1]};
        g_array_append_val(p, e);
      }
      g_free(perm);
    } else if (kind == 3) { /* a random matching of edges */
      g_array_free(p, TRUE);
      p = random_edge_matching(r, n, g_rand_int_range(r, 50, 101));
    } else if (kind == 4) { /* random pairs at distance <= k + 1, some beyond k */
      int m = g_rand_int_range(r, 0, (gint32)(nv * 2) + 1);
      for (int j = 0; j < m; j++) {
        uint32_t a = (uint32_t)g_rand_int_range(r, 0, (gint32)nv), d = 0;
        int dist = g_rand_int_range(r, 1, MIN(k + 1, n) + 1);
        while (__builtin_popcount(d) < dist) d |= 1u << g_rand_int_range(r, 0, n);
        VPair e = {a, a ^ d};
        g_array_append_val(p, e);
      }
    } else { /* dense random pairs at any distance, not a matching */
      int m = g_rand_int_range(r, 0, (gint32)(nv * 3) + 1);
      for (int j = 0; j < m; j++) {
        VPair e = {(uint32_t)g_rand_int_range(r, 0, (gint32)nv), (uint32_t)g_rand_int_range(r, 0, (gint32)nv)};
        if (e.a != e.b) g_array_append_val(p, e);
      }
    }
    int before = holes;
    compare(n, k, (VPair *)p->data, p->len, &holes);
    blocked += holes == before;
    g_array_free(p, TRUE);
  }
  g_assert_cmpint(holes, >, 100); /* both verdicts occur often */
  g_assert_cmpint(blocked, >, 100);
  g_rand_free(r);
}

/* pairs {a,a} block the subcubes containing a, as in the brute force */
static void test_equal_vertices(void) {
  GRand *r = g_rand_new_with_seed(5);
  int holes = 0, blocked = 0;
  for (int round = 0; round < 200; round++) {
    int n = g_rand_int_range(r, 1, 9), k = g_rand_int_range(r, 1, n + 1);
    uint32_t nv = 1u << n;
    GArray *p = g_array_new(FALSE, FALSE, sizeof(VPair));
    int m = g_rand_int_range(r, 0, (gint32)nv + 1);
    for (int j = 0; j < m; j++) {
      uint32_t a = (uint32_t)g_rand_int_range(r, 0, (gint32)nv);
      VPair e = {a, g_rand_int_range(r, 0, 2) ? a : (uint32_t)g_rand_int_range(r, 0, (gint32)nv)};
      g_array_append_val(p, e);
    }
    if (compare(n, k, (VPair *)p->data, p->len, &holes)) blocked++;
    g_array_free(p, TRUE);
  }
  g_assert_cmpint(holes, >, 20);
  g_assert_cmpint(blocked, >, 20);
  g_rand_free(r);
}

/* ---- known strategies ---- */
static const char *const PS42[8] = {"*000", "0*10", "00*1", "010*", "*111", "1*01", "11*0", "101*"};

/* PS(4,2): a perfect matching of Q_4 blocking its 2-subcubes */
static GArray *ps42(void) {
  GArray *p = g_array_new(FALSE, FALSE, sizeof(VPair));
  for (int i = 0; i < 8; i++) {
    Subcube e;
    VPair q;
    g_assert_true(cube_parse(PS42[i], 4, &e));
    g_assert_true(cube_edge_pair(e, &q));
    g_array_append_val(p, q);
  }
  return p;
}

/* P on Q_m copied into both halves of Q_{m+1}: blocks Q(m+1, k+1) if P
 * blocks Q(m, k) */
static GArray *doubled(const GArray *P, int m) {
  GArray *p = g_array_new(FALSE, FALSE, sizeof(VPair));
  for (uint32_t h = 0; h < 2; h++)
    for (guint i = 0; i < P->len; i++) {
      VPair q = g_array_index(P, VPair, i);
      q.a |= h << m;
      q.b |= h << m;
      g_array_append_val(p, q);
    }
  return p;
}

/* BinPS(4 x m) on Q_{4m} from a matching P of Q_m blocking its k-subcubes:
 * bin j holds bits (j-1)m .. jm-1; for each edge e of PS(4,2) the product of
 * an edge of P in e's star bin with an even vertex of Q_m in e's 0-bins and
 * an odd one in its 1-bins.  A matching blocking the b-subcubes of Q_{4m},
 * b = max(4k-3, m+k). */
static GArray *binps(const GArray *P, int m) {
  uint32_t h = 1u << (m - 1), par[2][1u << 7];
  uint32_t cnt[2] = {0, 0};
  for (uint32_t v = 0; v < 1u << m; v++) {
    int o = __builtin_popcount(v) & 1;
    par[o][cnt[o]++] = v;
  }
  GArray *p = g_array_new(FALSE, FALSE, sizeof(VPair));
  for (int i = 0; i < 8; i++) {
    Subcube e;
    g_assert_true(cube_parse(PS42[i], 4, &e));
    for (uint64_t idx = 0; idx < (uint64_t)P->len * h * h * h; idx++) {
      uint64_t x = idx;
      VPair q = {0, 0};
      for (int j = 0; j < 4; j++) {
        if (e.stars >> j & 1) {
          VPair pe = g_array_index(P, VPair, (guint)(x % P->len));
          x /= P->len;
          q.a |= pe.a << (j * m);
          q.b |= pe.b << (j * m);
        } else {
          uint32_t v = par[e.vals >> j & 1][x % h] << (j * m);
          x /= h;
          q.a |= v;
          q.b |= v;
        }
      }
      g_array_append_val(p, q);
    }
  }
  return p;
}

/* a blocking strategy: blocks at k, and with any one pair removed (every
 * stride-th) the verifier agrees with the brute force; returns the number of
 * removals that leave a hole */
static int check_strategy(GArray *p, int n, int k, guint stride) {
  g_assert_true(compare(n, k, (VPair *)p->data, p->len, NULL));
  VPair *q = g_new(VPair, p->len);
  int holes = 0;
  for (guint i = 0; i < p->len; i += stride) {
    memcpy(q, p->data, i * sizeof(VPair));
    memcpy(q + i, (VPair *)p->data + i + 1, (p->len - i - 1) * sizeof(VPair));
    compare(n, k, q, p->len - 1, &holes);
  }
  g_free(q);
  return holes;
}

static void test_strategies(void) {
  GArray *ps = ps42();
  g_assert_true(sv_is_matching(4, (VPair *)ps->data, ps->len));
  g_assert_cmpint(check_strategy(ps, 4, 2, 1), ==, 8); /* each pair is needed */
  g_assert_false(compare(4, 1, (VPair *)ps->data, ps->len, NULL));
  GArray *ps5 = doubled(ps, 4); /* blocks Q(5,3) */
  g_assert_true(sv_is_matching(5, (VPair *)ps5->data, ps5->len));
  check_strategy(ps5, 5, 3, 1);
  g_assert_false(compare(5, 2, (VPair *)ps5->data, ps5->len, NULL));
  /* a 9-edge matching of Q_5 blocking its 3-subcubes (found by a greedy
   * search); removing a pair opens a hole */
  static const uint32_t e9[9][2] = {{4, 20}, {3, 11}, {25, 29}, {22, 23}, {10, 14},
                                    {5, 7},  {16, 18}, {8, 9},  {15, 31}};
  GArray *p9 = g_array_new(FALSE, FALSE, sizeof(VPair));
  for (int i = 0; i < 9; i++) {
    VPair q = {e9[i][0], e9[i][1]};
    g_array_append_val(p9, q);
  }
  g_assert_true(sv_is_matching(5, (VPair *)p9->data, p9->len));
  g_assert_cmpint(check_strategy(p9, 5, 3, 1), >, 0);

  /* P = {(*,0)} on Q_2 (k = 2): 64 edges on Q_8 blocking k = 5, not k = 4 */
  GArray *p2 = g_array_new(FALSE, FALSE, sizeof(VPair));
  VPair e2 = {0, 1};
  g_array_append_val(p2, e2);
  GArray *b8 = binps(p2, 2);
  g_assert_cmpuint(b8->len, ==, 64);
  g_assert_true(sv_is_matching(8, (VPair *)b8->data, b8->len));
  for (int k = 1; k <= 4; k++) g_assert_false(compare(8, k, (VPair *)b8->data, b8->len, NULL));
  check_strategy(b8, 8, 5, 1); /* redundant at k = 5: no removal opens a hole */
  for (int k = 6; k <= 8; k++) g_assert_true(compare(8, k, (VPair *)b8->data, b8->len, NULL));

  /* P = {(*,0,0),(1,*,1),(0,1,*)} on Q_3 (k = 2): Q_12, b = 5 */
  GArray *p3 = g_array_new(FALSE, FALSE, sizeof(VPair));
  const char *q3[3] = {"*00", "1*1", "01*"};
  for (int i = 0; i < 3; i++) {
    Subcube e;
    VPair q;
    g_assert_true(cube_parse(q3[i], 3, &e) && cube_edge_pair(e, &q));
    g_array_append_val(p3, q);
  }
  GArray *b12 = binps(p3, 3);
  g_assert_cmpuint(b12->len, ==, 8 * 3 * 64);
  g_assert_true(sv_is_matching(12, (VPair *)b12->data, b12->len));
  g_assert_false(compare(12, 4, (VPair *)b12->data, b12->len, NULL));
  check_strategy(b12, 12, 5, 97);
  for (int k = 6; k <= 12; k += 3)
    g_assert_true(compare(12, k, (VPair *)b12->data, b12->len, NULL));

  /* BinPS(4 x 4) from PS(4,2): 32768 edges on Q_16 blocking k = 6 (too big
   * for the brute force: the two methods against each other) */
  GArray *b16 = binps(ps, 4);
  g_assert_cmpuint(b16->len, ==, 32768);
  for (int k = 5; k <= 6; k++) {
    Subcube h = {0, 0};
    uint64_t c = 0;
    bool b = sv_verify_method(16, k, (VPair *)b16->data, b16->len, &h, &c, SV_METHOD_BUCKETS);
    g_assert_true(b == (k == 6));
    agree(16, k, (VPair *)b16->data, b16->len, b, c, h);
  }
  /* ... and without the pairs inside one 6-subcube, which opens a hole */
  GArray *b16m = g_array_new(FALSE, FALSE, sizeof(VPair));
  Subcube gap = {0xfc00u, 0x1234u & ~0xfc00u};
  for (guint i = 0; i < b16->len; i++) {
    VPair q = g_array_index(b16, VPair, i);
    if (!cube_contains(gap, q.a) || !cube_contains(gap, q.b)) g_array_append_val(b16m, q);
  }
  g_assert_cmpuint(b16m->len, <, b16->len);
  {
    Subcube h = {0, 0};
    uint64_t c = 0;
    bool b = sv_verify_method(16, 6, (VPair *)b16m->data, b16m->len, &h, &c, SV_METHOD_BUCKETS);
    g_assert_false(b);
    g_assert_cmpuint(h.stars, <=, gap.stars);
    agree(16, 6, (VPair *)b16m->data, b16m->len, b, c, h);
  }
  GArray *all[] = {ps, ps5, p9, p2, b8, p3, b12, b16, b16m};
  for (size_t i = 0; i < G_N_ELEMENTS(all); i++) g_array_free(all[i], TRUE);
}

/* the DP and the buckets agree on random instances too big for the brute force */
static void test_dp_vs_buckets(void) {
  GRand *r = g_rand_new_with_seed(23);
  int holes = 0, blocked = 0;
  for (int round = 0; round < 60; round++) {
    int n = g_rand_int_range(r, 11, 17), k = g_rand_int_range(r, 1, n + 1);
    uint32_t nv = 1u << n;
    GArray *p;
    if (round % 2) {
      p = random_edge_matching(r, n, g_rand_int_range(r, 90, 101));
    } else { /* pairs at distance <= k + 1, dense enough to block sometimes */
      p = g_array_new(FALSE, FALSE, sizeof(VPair));
      int m = g_rand_int_range(r, (gint32)nv / 2, (gint32)nv * 2);
      for (int j = 0; j < m; j++) {
        uint32_t a = (uint32_t)g_rand_int_range(r, 0, (gint32)nv), d = 0;
        int dist = g_rand_int_range(r, 1, MIN(MIN(k + 1, n), 3) + 1);
        while (__builtin_popcount(d) < dist) d |= 1u << g_rand_int_range(r, 0, n);
        VPair e = {a, a ^ d};
        g_array_append_val(p, e);
      }
    }
    Subcube h = {0, 0};
    uint64_t c = 0;
    bool b = sv_verify_method(n, k, (VPair *)p->data, p->len, &h, &c, SV_METHOD_BUCKETS);
    agree(n, k, (VPair *)p->data, p->len, b, c, h);
    if (b)
      blocked++;
    else
      holes++;
    g_array_free(p, TRUE);
  }
  g_assert_cmpint(holes, >, 5);
  g_assert_cmpint(blocked, >, 5);
  g_rand_free(r);
}

/* sv_project_bits against a bit-by-bit projection, all p, 2^1 .. 2^12 bits */
static void test_projection(void) {
  GRand *r = g_rand_new_with_seed(7);
  for (int s = 1; s <= 12; s++) {
    size_t nw = s >= 6 ? (size_t)1 << (s - 6) : 1, bits = (size_t)1 << s;
    uint64_t *src = g_new(uint64_t, nw), *dst = g_new(uint64_t, nw), *want = g_new(uint64_t, nw);
    for (int p = 0; p < s; p++)
      for (int rep = 0; rep < 20; rep++) {
        int dens = g_rand_int_range(r, 0, 101); /* % of ones, sparse to full */
        memset(src, 0, nw * sizeof(uint64_t));
        for (size_t x = 0; x < bits; x++)
          if (g_rand_int_range(r, 0, 100) < dens) src[x >> 6] |= UINT64_C(1) << (x & 63);
        memset(want, 0, nw * sizeof(uint64_t));
        for (size_t y = 0; y < bits / 2; y++) {
          size_t lo = y & (((size_t)1 << p) - 1), x0 = (y >> p << (p + 1)) | lo;
          size_t x1 = x0 | (size_t)1 << p;
          if ((src[x0 >> 6] >> (x0 & 63) | src[x1 >> 6] >> (x1 & 63)) & 1)
            want[y >> 6] |= UINT64_C(1) << (y & 63);
        }
        size_t nout = s - 1 >= 6 ? (size_t)1 << (s - 7) : 1;
        for (size_t i = 0; i < nw; i++) dst[i] = UINT64_C(0xdeadbeefdeadbeef);
        sv_project_bits(dst, src, s, p);
        for (size_t i = 0; i < nout; i++) g_assert_cmphex(dst[i], ==, want[i]);
      }
    g_free(src);
    g_free(dst);
    g_free(want);
  }
  g_rand_free(r);
}

static void test_count(void) {
  g_assert_cmpuint(sv_subcubes(4, 2), ==, 24);
  g_assert_cmpuint(sv_subcubes(16, 5), ==, UINT64_C(4368) * 2048);
  g_assert_cmpuint(sv_subcubes(3, 3), ==, 1);
}

static void test_files(void) {
  GError *err = NULL;
  GArray *p = sv_read_pairs("# PS\n0000 1000\n\n0100 0110  # a comment\n", 4, &err);
  g_assert_no_error(err);
  g_assert_cmpuint(p->len, ==, 2);
  g_assert_cmpuint(g_array_index(p, VPair, 0).b, ==, 1u);
  g_assert_cmpuint(g_array_index(p, VPair, 1).a, ==, 2u);
  g_assert_cmpuint(g_array_index(p, VPair, 1).b, ==, 6u);
  g_array_free(p, TRUE);
  const char *bad[][2] = {
      {"0000 1000\n0100\n", "line 2"},           /* odd pair */
      {"0000 1000 1100\n", "line 1"},            /* three vertices */
      {"0000 10000\n", "line 1"},                /* too long */
      {"0000 1020\n", "line 1"},                 /* not 0/1 */
      {"0000 0000\n", "line 1"},                 /* equal */
      {"0000 1000\n\n1000 1100\n", "line 3"},     /* duplicate vertex */
  };
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
    g_assert_null(sv_read_pairs(bad[i][0], 4, &err));
    g_assert_nonnull(err);
    g_assert_nonnull(strstr(err->message, bad[i][1]));
    g_assert_null(strchr(err->message, '\n'));
    g_clear_error(&err);
  }
}

/* the GArray wrapper gives sv_verify's verdict, silently or with one line */
static void test_report(void) {
  GArray *p = g_array_new(FALSE, FALSE, sizeof(VPair));
  VPair e = {0, 1}; /* Q_1: the one edge blocks the one 1-subcube */
  g_array_append_val(p, e);
  g_assert_true(sv_blocks_report(1, 1, p, "test", "the edge"));
  g_array_set_size(p, 0);
  g_assert_false(sv_blocks_report(1, 1, p, "test", NULL));
  g_array_free(p, TRUE);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/subcube/vs-brute-force", test_vs_brute);
  g_test_add_func("/subcube/equal-vertices", test_equal_vertices);
  g_test_add_func("/subcube/strategies", test_strategies);
  g_test_add_func("/subcube/dp-vs-buckets", test_dp_vs_buckets);
  g_test_add_func("/subcube/projection", test_projection);
  g_test_add_func("/subcube/count", test_count);
  g_test_add_func("/subcube/files", test_files);
  g_test_add_func("/subcube/report", test_report);
  return g_test_run();
}
