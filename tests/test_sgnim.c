/* Unit tests for src/nim/sgnim.c: the engine against the naive mex-over-every-
 * move solver on random hypergraphs and boxes (n <= 5) and on every
 * symmetric hypergraph with n <= 4, including boxes whose values need two and
 * more bitset words; the Tetris DP against a brute-force longest play over
 * every move and against the closed form for symmetric H; the JM formula on
 * positions worked out by hand; the spectrum parser's acceptance and one-line
 * errors; the minimal transversal-free test against a direct reading of the
 * definition over every subset; the position order and the first difference;
 * the sorted-position numbering (ranks consecutive, orbits summing to the
 * box); the symmetric engine, Tetris and JM tables on sorted positions
 * against the general ones on every spectrum with n <= 6; the survey against
 * the general engine and its independence of the thread count. */
#include <glib.h>
#include <string.h>

#include "nim/sgnim.h"

static void random_edges(GRand *r, int n, uint32_t *edges, size_t *ne) {
  uint32_t full = (UINT32_C(1) << n) - 1;
  size_t want = (size_t)g_rand_int_range(r, 1, MIN(6, (int)full) + 1);
  *ne = 0;
  while (*ne < want) {
    uint32_t e = (uint32_t)g_rand_int_range(r, 1, (int)full + 1);
    bool dup = false;
    for (size_t i = 0; i < *ne; i++) dup |= edges[i] == e;
    if (!dup) edges[(*ne)++] = e;
  }
}

static void assert_engine_is_naive(int n, int B, const uint32_t *edges, size_t ne) {
  SgBox box;
  g_assert_true(sg_box_init(&box, n, B));
  uint64_t work = 0;
  g_autofree SgValue *a = sg_solve(&box, edges, ne);
  g_autofree SgValue *b = sg_solve_naive(&box, edges, ne, &work);
  g_assert_cmpmem(a, box.npos * sizeof *a, b, box.npos * sizeof *b);
  if (B > 0) g_assert_cmpuint(work, >, 0);
}

static void test_engine_random(void) {
  GRand *r = g_rand_new_with_seed(20240601);
  for (int trial = 0; trial < 300; trial++) {
    int n = g_rand_int_range(r, 1, 6);
    int B = g_rand_int_range(r, 0, n <= 3 ? 7 : 4);
    uint32_t edges[32];
    size_t ne;
    random_edges(r, n, edges, &ne);
    assert_engine_is_naive(n, B, edges, ne);
  }
  g_rand_free(r);
}

static void test_engine_symmetric(void) {
  uint32_t edges[16];
  for (int n = 1; n <= 4; n++)
    for (uint32_t sizes = 1; sizes < (UINT32_C(1) << n); sizes++) {
      size_t ne = sg_symmetric_edges(n, sizes, edges);
      assert_engine_is_naive(n, n <= 2 ? 9 : n == 3 ? 6 : 4, edges, ne);
    }
}

static void test_engine_wide(void) {
  /* values above 63 and above 127: two words and the generic path */
  uint32_t one[] = {1}, nim2[] = {1, 2}, three[] = {1, 2, 3};
  assert_engine_is_naive(1, 200, one, 1);
  assert_engine_is_naive(2, 70, nim2, 2);
  assert_engine_is_naive(2, 40, three, 3);
  SgBox box;
  g_assert_true(sg_box_init(&box, 1, 200));
  g_autofree SgValue *g = sg_solve(&box, one, 1);
  for (int x = 0; x <= 200; x++) g_assert_cmpint(g[x], ==, x);
  /* classical two-pile NIM: SG = XOR */
  g_assert_true(sg_box_init(&box, 2, 70));
  g_autofree SgValue *h = sg_solve(&box, nim2, 2);
  for (int a = 0; a <= 70; a++)
    for (int b = 0; b <= 70; b++) g_assert_cmpint(h[a + 71 * b], ==, a ^ b);
}

/* longest play over every move (any decrements), by recursion with a memo */
static int longest(const SgBox *box, const uint32_t *edges, size_t ne, size_t idx, int *memo) {
  if (memo[idx] >= 0) return memo[idx];
  int x[SG_MAXN], best = 0;
  sg_position(box, idx, x);
  for (size_t e = 0; e < ne; e++) {
    int c[SG_MAXN], k = 0;
    bool ok = true;
    for (int i = 0; i < box->n; i++)
      if (edges[e] >> i & 1) {
        ok &= x[i] > 0;
        c[k++] = i;
      }
    if (!ok) continue;
    int d[SG_MAXN];
    for (int j = 0; j < k; j++) d[j] = 1;
    for (;;) {
      size_t y = idx;
      for (int j = 0; j < k; j++) y -= (size_t)d[j] * box->stride[c[j]];
      best = MAX(best, 1 + longest(box, edges, ne, y, memo));
      int j = 0;
      while (j < k && d[j] == x[c[j]]) d[j++] = 1;
      if (j == k) break;
      d[j]++;
    }
  }
  return memo[idx] = best;
}

static void test_tetris(void) {
  GRand *r = g_rand_new_with_seed(7);
  for (int trial = 0; trial < 200; trial++) {
    int n = g_rand_int_range(r, 1, 5);
    int B = g_rand_int_range(r, 0, n <= 2 ? 8 : 5);
    uint32_t edges[32];
    size_t ne;
    bool symmetric = trial % 2 == 0;
    if (symmetric) {
      uint32_t sizes = (uint32_t)g_rand_int_range(r, 1, 1 << n);
      ne = sg_symmetric_edges(n, sizes, edges);
    } else {
      random_edges(r, n, edges, &ne);
    }
    SgBox box;
    g_assert_true(sg_box_init(&box, n, B));
    g_autofree SgValue *T = sg_tetris(&box, edges, ne);
    g_autofree int *memo = g_new(int, box.npos);
    for (size_t i = 0; i < box.npos; i++) memo[i] = -1;
    int lambda1 = SG_MAXN;
    for (size_t e = 0; e < ne; e++) lambda1 = MIN(lambda1, __builtin_popcount(edges[e]));
    for (size_t i = 0; i < box.npos; i++) {
      g_assert_cmpint(T[i], ==, longest(&box, edges, ne, i, memo));
      if (symmetric) {
        int x[SG_MAXN];
        sg_position(&box, i, x);
        g_assert_cmpint(T[i], ==, sg_tetris_closed(x, n, lambda1));
      }
    }
  }
  g_rand_free(r);
}

/* U worked out by hand from (1a)-(3) */
static void test_jm(void) {
  /* the formula alone: (m, T(x), T(x - m e)) */
  g_assert_cmpint(sg_jm_value(0, 5, 5), ==, 5);  /* m = 0: long */
  g_assert_cmpint(sg_jm_value(5, 9, 0), ==, 0);  /* y = 1: C(1,2) = 0, (5-1) mod 1 */
  g_assert_cmpint(sg_jm_value(3, 11, 2), ==, 11); /* y = 3, C = 3, m <= 3 */
  g_assert_cmpint(sg_jm_value(4, 14, 2), ==, 3);  /* 3 + (0 mod 3) */
  g_assert_cmpint(sg_jm_value(5, 17, 2), ==, 4);
  g_assert_cmpint(sg_jm_value(6, 20, 2), ==, 5);
  g_assert_cmpint(sg_jm_value(7, 23, 2), ==, 3);
  /* Moore's NIM_2 on 3 piles, λ = (1,2): T = x_1 + x_2 + x_3 */
  uint32_t edges[64];
  size_t ne = sg_symmetric_edges(3, 0x3, edges);
  g_assert_cmpuint(ne, ==, 6);
  SgBox box;
  g_assert_true(sg_box_init(&box, 3, 8));
  g_autofree SgValue *T = sg_tetris(&box, edges, ne);
  g_autofree SgValue *U = sg_jm_table(&box, T);
  g_autofree SgValue *G = sg_solve(&box, edges, ne);
  static const struct {
    int x[3], t, u;
  } hand[] = {{{2, 3, 4}, 9, 9},  {{5, 5, 5}, 15, 0}, {{3, 4, 4}, 11, 11},
              {{4, 5, 5}, 14, 3}, {{5, 6, 6}, 17, 4}, {{6, 7, 7}, 20, 5},
              {{7, 8, 8}, 23, 3}, {{1, 1, 1}, 3, 0},  {{0, 0, 0}, 0, 0}};
  for (size_t i = 0; i < G_N_ELEMENTS(hand); i++) {
    size_t idx = sg_index(&box, hand[i].x);
    g_assert_cmpint(T[idx], ==, hand[i].t);
    g_assert_cmpint(U[idx], ==, hand[i].u);
    g_assert_cmpint(G[idx], ==, hand[i].u); /* JM [10] */
  }
  /* λ = (2,3) on 5 piles: T by hand, U */
  ne = sg_symmetric_edges(5, 0x6, edges);
  g_assert_cmpuint(ne, ==, 20);
  g_assert_true(sg_box_init(&box, 5, 3));
  g_autofree SgValue *T5 = sg_tetris(&box, edges, ne);
  g_autofree SgValue *U5 = sg_jm_table(&box, T5);
  int a[5] = {1, 1, 1, 1, 1}, b[5] = {0, 0, 0, 1, 3}, c[5] = {3, 3, 3, 3, 3};
  g_assert_cmpint(T5[sg_index(&box, a)], ==, 2);
  g_assert_cmpint(U5[sg_index(&box, a)], ==, 0);
  g_assert_cmpint(T5[sg_index(&box, b)], ==, 1);
  g_assert_cmpint(U5[sg_index(&box, b)], ==, 1);
  g_assert_cmpint(T5[sg_index(&box, c)], ==, 7); /* 5 min(3,t) >= 2t: t <= 7 */
  g_assert_cmpint(U5[sg_index(&box, c)], ==, 0); /* m = 3, y = 1 */
}

static void test_spectrum(void) {
  uint32_t s;
  char *err = NULL;
  g_assert_true(sg_spectrum_parse("2,3", 5, &s, &err));
  g_assert_null(err);
  g_assert_cmpuint(s, ==, 0x6);
  g_assert_true(sg_spectrum_parse("1", 1, &s, &err));
  g_assert_cmpuint(s, ==, 1);
  g_assert_true(sg_spectrum_parse("1,2,3,4,5,6", 6, &s, &err));
  g_assert_cmpuint(s, ==, 0x3f);
  char buf[64];
  sg_spectrum_format(0x2b, ",", buf, sizeof buf);
  g_assert_cmpstr(buf, ==, "1,2,4,6");
  sg_spectrum_format(0x6, "_", buf, sizeof buf);
  g_assert_cmpstr(buf, ==, "2_3");
  static const struct {
    const char *text;
    int n;
    const char *want;
  } bad[] = {{"0", 5, "is 0"},          {"2,0", 5, "is 0"},        {"6", 5, "> n = 5"},
             {"1,9", 8, "> n = 8"},     {"3,2", 5, "after 3"},     {"1,4,2", 5, "after 4"},
             {"2,2", 5, "repeats 2"},   {"", 5, "empty"},          {"a", 5, "not a number"},
             {"2,,3", 5, "not a number"}, {"2,3,", 5, "not a number"}, {"-1", 5, "not a number"},
             {"+2", 5, "not a number"}, {"2 3", 5, "not a number"}, {"99999999", 5, "not a number"},
             {"1", 0, "out of range"}};
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
    err = NULL;
    g_assert_false(sg_spectrum_parse(bad[i].text, bad[i].n, &s, &err));
    g_assert_nonnull(err);
    g_assert_nonnull(strstr(err, bad[i].want));
    g_assert_null(strchr(err, '\n'));
    g_free(err);
  }
  g_assert_false(sg_spectrum_parse(NULL, 5, &s, &err));
  g_free(err);
  uint32_t edges[64];
  g_assert_cmpuint(sg_symmetric_edges(6, 0x3f, edges), ==, 63);
  g_assert_cmpuint(sg_symmetric_edges(6, 0x4, edges), ==, 20);
  for (int i = 0; i < 20; i++) g_assert_cmpint(__builtin_popcount(edges[i]), ==, 3);
}

/* the definition, literally: every S, H_S by filtering, sg_transversal_free */
static bool mtf_direct(int n, const uint32_t *edges, size_t ne) {
  uint32_t full = (UINT32_C(1) << n) - 1;
  if (!sg_transversal_free(full, edges, ne)) return false;
  for (uint32_t S = 1; S < full; S++) {
    bool nonempty = false;
    for (size_t e = 0; e < ne; e++) nonempty |= !(edges[e] & ~S);
    if (nonempty && sg_transversal_free(S, edges, ne)) return false;
  }
  return true;
}

static void test_transversal(void) {
  uint32_t edges[64];
  struct {
    int n;
    uint32_t sizes;
    bool mtf;
  } known[] = {{1, 0x1, false}, {2, 0x1, true},   {5, 0x6, true},  {5, 0x2, false},
               {4, 0x3, false}, {4, 0x7, true},   {4, 0x2, true},  {6, 0x4, true},
               {6, 0xa, true}, {6, 0x11, false}, {6, 0x3f, false}, {3, 0x3, true}};
  for (size_t i = 0; i < G_N_ELEMENTS(known); i++) {
    size_t ne = sg_symmetric_edges(known[i].n, known[i].sizes, edges);
    uint32_t w = 0;
    g_assert_cmpint(sg_minimal_transversal_free(known[i].n, edges, ne, &w), ==, known[i].mtf);
    g_assert_cmpint(mtf_direct(known[i].n, edges, ne), ==, known[i].mtf);
  }
  /* the matching on 4 vertices {01, 23}: transversal-free, and minimal */
  uint32_t m[] = {0x3, 0xc};
  g_assert_true(sg_transversal_free(0xf, m, 2));
  g_assert_false(sg_transversal_free(0x3, m, 2)); /* one edge meets itself */
  GRand *r = g_rand_new_with_seed(99);
  int yes = 0;
  for (int trial = 0; trial < 3000; trial++) {
    int n = g_rand_int_range(r, 1, 7);
    size_t ne;
    if (trial % 3 == 0) {
      ne = sg_symmetric_edges(n, (uint32_t)g_rand_int_range(r, 1, 1 << n), edges);
    } else {
      random_edges(r, n, edges, &ne);
    }
    bool a = sg_minimal_transversal_free(n, edges, ne, NULL), b = mtf_direct(n, edges, ne);
    g_assert_cmpint(a, ==, b);
    yes += a;
  }
  g_assert_cmpint(yes, >, 20);
  g_rand_free(r);
}

static void test_order(void) {
  SgBox box;
  g_assert_true(sg_box_init(&box, 3, 4));
  int a[3] = {0, 0, 3}, b[3] = {1, 1, 1}, c[3] = {0, 1, 2}, d[3] = {1, 0, 2};
  size_t ia = sg_index(&box, a), ib = sg_index(&box, b), ic = sg_index(&box, c), id = sg_index(&box, d);
  g_assert_cmpint(sg_order_cmp(&box, ib, ia), <, 0); /* max 1 < max 3 */
  g_assert_cmpint(sg_order_cmp(&box, ic, ia), <, 0); /* max 2 < 3 */
  g_assert_cmpint(sg_order_cmp(&box, ic, id), <, 0); /* same max and sum, lex */
  g_assert_cmpint(sg_order_cmp(&box, id, id), ==, 0);
  char buf[32];
  sg_position_format(&box, id, buf, sizeof buf);
  g_assert_cmpstr(buf, ==, "(1,0,2)");
  g_autofree SgValue *x = g_new0(SgValue, box.npos);
  g_autofree SgValue *y = g_new0(SgValue, box.npos);
  size_t first = 12345;
  g_assert_true(sg_tables_agree(&box, x, y, &first));
  g_assert_cmpuint(first, ==, 12345);
  y[ia] = 1, y[id] = 1, y[ic] = 2;
  g_assert_false(sg_tables_agree(&box, x, y, &first));
  g_assert_cmpuint(first, ==, ic);
  g_assert_false(sg_box_init(&box, 0, 3));
  g_assert_false(sg_box_init(&box, 17, 1));
  g_assert_false(sg_box_init(&box, 3, -1));
  g_assert_false(sg_box_init(&box, 10, 20)); /* too many positions */
}

static void test_sorted(void) {
  for (int n = 1; n <= 6; n++)
    for (int B = 0; B <= (n <= 3 ? 9 : 5); B++) {
      SgSorted sb;
      SgBox box;
      g_assert_true(sg_sorted_init(&sb, n, B));
      g_assert_true(sg_box_init(&box, n, B));
      int z[SG_MAXN];
      sg_sorted_first(&sb, z);
      size_t r = 0;
      uint64_t orbits = 0;
      do {
        for (int i = 1; i < n; i++) g_assert_cmpint(z[i - 1], <=, z[i]);
        g_assert_cmpuint(sg_sorted_rank(&sb, z), ==, r);
        orbits += sg_sorted_orbit(&sb, z);
        r++;
      } while (sg_sorted_next(&sb, z));
      g_assert_cmpuint(r, ==, sb.count);
      g_assert_cmpuint(orbits, ==, box.npos);
      sg_sorted_clear(&sb);
    }
  SgSorted sb;
  g_assert_false(sg_sorted_init(&sb, 16, 4000));
  g_assert_null(sb.binom);
}

/* the sorted engine, Tetris and JM tables against the general ones */
static void test_symmetric_engine(void) {
  uint32_t edges[64];
  for (int n = 1; n <= 6; n++)
    for (uint32_t sizes = 1; sizes < (UINT32_C(1) << n); sizes++) {
      int B = n == 1 ? 200 : n == 2 ? 40 : n == 3 ? 12 : n == 4 ? 6 : n == 5 ? 4 : 3;
      SgSorted sb;
      SgBox box;
      g_assert_true(sg_sorted_init(&sb, n, B));
      g_assert_true(sg_box_init(&box, n, B));
      size_t ne = sg_symmetric_edges(n, sizes, edges);
      g_autofree SgValue *gs = sg_solve_symmetric(&sb, sizes);
      g_autofree SgValue *ts = sg_tetris_symmetric(&sb, sizes);
      g_autofree SgValue *us = sg_jm_table_sorted(&sb, ts);
      g_autofree SgValue *g = sg_solve(&box, edges, ne);
      g_autofree SgValue *t = sg_tetris(&box, edges, ne);
      g_autofree SgValue *u = sg_jm_table(&box, t);
      g_autofree SgValue *ge = sg_expand(&box, &sb, gs);
      g_autofree SgValue *te = sg_expand(&box, &sb, ts);
      g_autofree SgValue *ue = sg_expand(&box, &sb, us);
      g_assert_cmpmem(g, box.npos * 2, ge, box.npos * 2);
      g_assert_cmpmem(t, box.npos * 2, te, box.npos * 2);
      g_assert_cmpmem(u, box.npos * 2, ue, box.npos * 2);
      sg_sorted_clear(&sb);
    }
}

static void test_survey(void) {
  SgSorted sb;
  SgBox box;
  g_assert_true(sg_sorted_init(&sb, 4, 5));
  g_assert_true(sg_box_init(&box, 4, 5));
  SgSurveyRow a[15], b[15];
  for (int i = 0; i < 15; i++) a[i] = b[i] = (SgSurveyRow){.sizes = (uint32_t)i + 1};
  sg_jm_survey(&sb, a, 15, 1);
  sg_jm_survey(&sb, b, 15, 3);
  uint32_t edges[16];
  for (int i = 0; i < 15; i++) {
    g_assert_cmpmem(&a[i], sizeof a[i], &b[i], sizeof b[i]);
    size_t ne = sg_symmetric_edges(4, a[i].sizes, edges);
    /* Theorem 1 on this small box: JM iff minimal transversal-free (n = 4 >= 3) */
    g_assert_cmpint(a[i].agree, ==, sg_minimal_transversal_free(4, edges, ne, NULL));
    /* against the general engine on the whole box */
    g_autofree SgValue *g = sg_solve(&box, edges, ne);
    g_autofree SgValue *t = sg_tetris(&box, edges, ne);
    g_autofree SgValue *u = sg_jm_table(&box, t);
    size_t first = 0;
    uint64_t p = 0, differ = 0;
    SgValue max = 0;
    for (size_t k = 0; k < box.npos; k++) {
      p += g[k] == 0;
      differ += g[k] != u[k];
      max = MAX(max, g[k]);
    }
    g_assert_cmpuint(p, ==, a[i].p_positions);
    g_assert_cmpuint(differ, ==, a[i].differ);
    g_assert_cmpint(max, ==, a[i].max_sg);
    g_assert_cmpint(sg_tables_agree(&box, g, u, &first), ==, a[i].agree);
    if (!a[i].agree) {
      g_assert_cmpuint(first, ==, sg_index(&box, a[i].first));
      g_assert_cmpint(g[first], ==, a[i].sg_first);
      g_assert_cmpint(u[first], ==, a[i].u_first);
    }
  }
  sg_sorted_clear(&sb);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/sgnim/engine-random", test_engine_random);
  g_test_add_func("/sgnim/engine-symmetric", test_engine_symmetric);
  g_test_add_func("/sgnim/engine-wide", test_engine_wide);
  g_test_add_func("/sgnim/tetris", test_tetris);
  g_test_add_func("/sgnim/jm", test_jm);
  g_test_add_func("/sgnim/spectrum", test_spectrum);
  g_test_add_func("/sgnim/transversal", test_transversal);
  g_test_add_func("/sgnim/order", test_order);
  g_test_add_func("/sgnim/sorted", test_sorted);
  g_test_add_func("/sgnim/symmetric-engine", test_symmetric_engine);
  g_test_add_func("/sgnim/survey", test_survey);
  return g_test_run();
}
