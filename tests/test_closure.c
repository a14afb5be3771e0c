/* test_closure.c — the shared-pair closure (src/solve/closure.h): a pairing
 * it returns is checked here by enumerating the sets (disjoint pairs, each
 * set holding one); its answers are compared with a brute force over all
 * sets of disjoint pairs on random small hypergraphs; the known cases (one
 * pair blocking a whole row of 5-in-a-rows; 4x4 tic-tac-toe, where no two
 * lines share two cells, has none); budgets. */
#include <glib.h>
#include <string.h>

#include "solve/closure.h"

typedef uint64_t Set[CL_MAX_WORDS];

static void put(uint64_t *s, uint32_t c) { s[c / 64] |= UINT64_C(1) << (c % 64); }
static bool has(const uint64_t *s, uint32_t c) { return (s[c / 64] >> (c % 64)) & 1; }

/* the pairs are disjoint, on cells < nc, and every set holds one */
static bool valid(const Set *sets, uint32_t n, uint32_t nc, const uint32_t *pairs, uint32_t np) {
  uint8_t *used = g_new0(uint8_t, nc);
  bool ok = true;
  for (uint32_t k = 0; k < 2 * np && ok; k++) {
    if (pairs[k] >= nc || used[pairs[k]]) ok = false;
    else used[pairs[k]] = 1;
  }
  for (uint32_t i = 0; i < n && ok; i++) {
    bool held = false;
    for (uint32_t k = 0; k < np && !held; k++) held = has(sets[i], pairs[2 * k]) && has(sets[i], pairs[2 * k + 1]);
    ok = held;
  }
  g_free(used);
  return ok;
}

/* brute force: does some set of disjoint pairs serve every set?  Tries,
 * for the first unserved set, every pair of its unused cells. */
static bool brute(const Set *sets, uint32_t n, uint64_t used, uint64_t served) {
  uint32_t i = 0;
  while (i < n && (served >> i & 1)) i++;
  if (i == n) return true;
  for (uint32_t x = 0; x < 64; x++)
    for (uint32_t y = x + 1; y < 64; y++) {
      if (!has(sets[i], x) || !has(sets[i], y) || (used >> x & 1) || (used >> y & 1)) continue;
      uint64_t s2 = served;
      for (uint32_t j = 0; j < n; j++)
        if (has(sets[j], x) && has(sets[j], y)) s2 |= UINT64_C(1) << j;
      if (brute(sets, n, used | UINT64_C(1) << x | UINT64_C(1) << y, s2)) return true;
    }
  return false;
}

static void test_row(void) {
  /* a row of 7 cells, its three windows of 5: the pair (2,3) lies in all */
  Set s[3];
  memset(s, 0, sizeof s);
  for (uint32_t w = 0; w < 3; w++)
    for (uint32_t c = w; c < w + 5; c++) put(s[w], c);
  uint32_t pairs[14], np;
  bool ex;
  g_assert_true(cl_shared_pairing((const uint64_t(*)[CL_MAX_WORDS])s, 3, 1, 1000, pairs, &np, NULL, &ex));
  g_assert_cmpuint(np, ==, 1);
  g_assert_true(valid(s, 3, 7, pairs, np));
}

static void test_tictactoe44(void) {
  /* 4x4: 10 lines of 4, two lines share at most one cell, so a pairing
   * needs 20 cells: none on 16 */
  Set s[10];
  memset(s, 0, sizeof s);
  for (uint32_t r = 0; r < 4; r++)
    for (uint32_t c = 0; c < 4; c++) put(s[r], 4 * r + c), put(s[4 + c], 4 * r + c);
  for (uint32_t i = 0; i < 4; i++) put(s[8], 5 * i), put(s[9], 3 * i + 3);
  uint32_t pairs[32], np;
  bool ex;
  g_assert_false(cl_shared_pairing((const uint64_t(*)[CL_MAX_WORDS])s, 10, 1, 1u << 30, pairs, &np, NULL, &ex));
  g_assert_false(ex); /* decided: none exists */
}

static void test_budget(void) {
  /* two rows of 7 (cells 0..6 and 10..16), three windows of 5 each: two
   * pairs are needed, so one placement cannot find them */
  Set s[6];
  memset(s, 0, sizeof s);
  for (uint32_t r = 0; r < 2; r++)
    for (uint32_t w = 0; w < 3; w++)
      for (uint32_t c = w; c < w + 5; c++) put(s[3 * r + w], 10 * r + c);
  uint32_t pairs[64], np;
  bool ex;
  g_assert_false(cl_shared_pairing((const uint64_t(*)[CL_MAX_WORDS])s, 6, 1, 1, pairs, &np, NULL, &ex));
  g_assert_true(ex);
  g_assert_true(cl_shared_pairing((const uint64_t(*)[CL_MAX_WORDS])s, 6, 1, 2, pairs, &np, NULL, &ex));
  g_assert_cmpuint(np, ==, 2);
  g_assert_true(valid(s, 6, 17, pairs, np));
}

static void test_short_set(void) {
  Set s[2];
  memset(s, 0, sizeof s);
  put(s[0], 0), put(s[0], 1), put(s[1], 5); /* one free cell: no pair fits */
  uint32_t pairs[16], np;
  g_assert_false(cl_shared_pairing((const uint64_t(*)[CL_MAX_WORDS])s, 2, 1, 1000, pairs, &np, NULL, NULL));
  g_assert_true(cl_shared_pairing((const uint64_t(*)[CL_MAX_WORDS])s, 0, 1, 1000, pairs, &np, NULL, NULL));
  g_assert_cmpuint(np, ==, 0);
}

static void test_random_against_brute(void) {
  GRand *r = g_rand_new_with_seed(20261125);
  uint32_t agree_yes = 0, agree_no = 0;
  for (int t = 0; t < 400; t++) {
    uint32_t nc = (uint32_t)g_rand_int_range(r, 6, 13), n = (uint32_t)g_rand_int_range(r, 1, 9);
    Set s[8];
    memset(s, 0, sizeof s);
    for (uint32_t i = 0; i < n; i++) {
      uint32_t k = (uint32_t)g_rand_int_range(r, 2, 6);
      for (uint32_t j = 0; j < k; j++) put(s[i], (uint32_t)g_rand_int_range(r, 0, (gint32)nc));
    }
    uint32_t pairs[2 * 64], np;
    bool ex;
    bool got = cl_shared_pairing((const uint64_t(*)[CL_MAX_WORDS])s, n, 1, 1u << 30, pairs, &np, NULL, &ex);
    bool want = brute(s, n, 0, 0);
    g_assert_false(ex);
    g_assert_cmpint(got, ==, want);
    if (got) {
      g_assert_true(valid(s, n, nc, pairs, np));
      agree_yes++;
    } else
      agree_no++;
  }
  /* both answers occur, so the comparison means something */
  g_assert_cmpuint(agree_yes, >, 20);
  g_assert_cmpuint(agree_no, >, 20);
  g_rand_free(r);
}

/* the cache gives the same answers and pairs as no cache, over a run of
 * families that share clusters (rows of windows, as on a k-in-a-row
 * board, with random cells taken away) */
static void test_cache_same(void) {
  GRand *r = g_rand_new_with_seed(77);
  ClCache *cache = cl_cache_new();
  uint32_t yes = 0, no = 0;
  for (int t = 0; t < 300; t++) {
    Set s[24];
    memset(s, 0, sizeof s);
    uint32_t n = 0;
    uint64_t gone = 0;
    for (int k = 0, kk = g_rand_int_range(r, 2, 10); k < kk; k++) gone |= UINT64_C(1) << g_rand_int_range(r, 0, 24);
    for (uint32_t row = 0; row < 8; row++) /* 8 rows of 8 cells, windows of 5 */
      for (uint32_t w = 0; w < 4 && n < 24; w++) {
        if (g_rand_int_range(r, 0, 3) == 0) continue;
        for (uint32_t c = w; c < w + 5; c++)
          if (!(gone >> (8 * row + c) & 1)) put(s[n], 8 * row + c);
        n++;
      }
    uint32_t p1[128], p2[128], n1, n2;
    uint64_t st;
    bool e1, e2;
    bool a = cl_shared_pairing((const uint64_t(*)[CL_MAX_WORDS])s, n, 1, 64, p1, &n1, &st, &e1);
    bool b = cl_shared_pairing_cached(cache, (const uint64_t(*)[CL_MAX_WORDS])s, n, 1, 64, p2, &n2, &st, &e2);
    g_assert_cmpint(a, ==, b);
    g_assert_cmpint(e1, ==, e2);
    if (a) {
      g_assert_cmpuint(n1, ==, n2);
      g_assert_cmpmem(p1, 8 * n1, p2, 8 * n2);
      g_assert_true(valid(s, n, 64, p1, n1));
    }
    yes += a, no += !a;
  }
  uint64_t hits, misses;
  cl_cache_stats(cache, &hits, &misses);
  g_assert_cmpuint(hits, >, misses); /* the clusters recur */
  g_assert_cmpuint(yes, >, 20);
  g_assert_cmpuint(no, >, 20);
  cl_cache_free(cache);
  g_rand_free(r);
}

/* the filtered-list search (cl_cache_set_lists) and the plain one
 * (cl_cache_set_plain) make the same search: the same answers, pairs,
 * exhaustion and steps.  The mask search (the default) also propagates the
 * clusters' cores, so it searches less: it never contradicts the other two
 * where both answer (a pairing, valid, against "none" cannot happen), and
 * (test_propagation) it answers families on which they run out of budget.
 * Over families of row windows with cells taken away and several budgets
 * (some searches run out), in one word and in two. */
static void test_plain_same(void) {
  GRand *r = g_rand_new_with_seed(20261127);
  ClCache *fc = cl_cache_new(), *plain = cl_cache_new(), *lists = cl_cache_new();
  cl_cache_set_plain(plain, true);
  cl_cache_set_lists(lists, true);
  uint32_t yes = 0, no = 0, over = 0;
  for (int t = 0; t < 600; t++) {
    Set s[40];
    memset(s, 0, sizeof s);
    uint32_t n = 0, W = t % 3 == 2 ? 2 : 1, rows = W == 2 ? 12 : 8;
    uint64_t gone[2] = {0, 0};
    for (int k = 0, kk = g_rand_int_range(r, 2, 14); k < kk; k++) {
      uint32_t c = (uint32_t)g_rand_int_range(r, 0, (gint32)(8 * rows));
      gone[c / 64] |= UINT64_C(1) << (c % 64);
    }
    for (uint32_t row = 0; row < rows; row++)
      for (uint32_t w = 0; w < 4 && n < 40; w++) {
        if (g_rand_int_range(r, 0, 3) == 0) continue;
        for (uint32_t c = w; c < w + 5; c++) {
          uint32_t x = 8 * row + c;
          if (!(gone[x / 64] >> (x % 64) & 1)) put(s[n], x);
        }
        /* a column window now and then, so clusters interact */
        if (row + 4 < rows && g_rand_int_range(r, 0, 4) == 0 && n + 1 < 40) {
          n++;
          for (uint32_t k = 0; k < 5; k++) put(s[n], 8 * (row + k) + w);
        }
        n++;
      }
    uint64_t budget = t % 4 == 0 ? 8 : t % 4 == 1 ? 64 : 1024;
    uint32_t p1[256], p2[256], n1, n2;
    uint64_t st1, st2;
    bool e1, e2;
    bool a = cl_shared_pairing_cached(fc, (const uint64_t(*)[CL_MAX_WORDS])s, n, W, budget, p1, &n1, &st1, &e1);
    bool b = cl_shared_pairing_cached(plain, (const uint64_t(*)[CL_MAX_WORDS])s, n, W, budget, p2, &n2, &st2, &e2);
    uint32_t p3[256], n3;
    uint64_t st3;
    bool e3, c3 = cl_shared_pairing_cached(lists, (const uint64_t(*)[CL_MAX_WORDS])s, n, W, budget, p3, &n3, &st3, &e3);
    /* plain and lists: the same search */
    g_assert_cmpint(b, ==, c3);
    g_assert_cmpint(e2, ==, e3);
    g_assert_cmpuint(st2, ==, st3);
    if (b) {
      g_assert_cmpuint(n2, ==, n3);
      g_assert_cmpmem(p2, 8 * n2, p3, 8 * n3);
      g_assert_true(valid(s, n, 8 * rows, p2, n2));
    }
    /* the default: never the opposite answer */
    if (a) g_assert_true(valid(s, n, 8 * rows, p1, n1));
    bool none1 = !a && !e1, none2 = !b && !e2;
    g_assert_false(a && none2);
    g_assert_false(b && none1);
    if (!e1 && !e2) g_assert_cmpint(a, ==, b);
    yes += a, no += none1, over += e2;
  }
  /* all three kinds of answer occur */
  g_assert_cmpuint(yes, >, 20);
  g_assert_cmpuint(no, >, 20);
  g_assert_cmpuint(over, >, 5);
  cl_cache_free(fc), cl_cache_free(plain), cl_cache_free(lists);
  g_rand_free(r);
}

/* the families the solver meets: the 5-in-a-rows of the 8x8 board (four
 * directions, 96 sets) after random stones, Breaker's killing the sets
 * through them and Maker's taking cells out; the sets left with two free
 * cells or more, their free cells.  With a budget of 64 placements the
 * default search (cores propagated) answers every family the plain search
 * answers, the same way, and answers some on which the plain one runs out;
 * each "none" of the default is confirmed by the plain search with a budget
 * of 2^20 wherever that one answers. */
static void test_propagation(void) {
  GRand *r = g_rand_new_with_seed(20261128);
  ClCache *fm = cl_cache_new(), *plain = cl_cache_new();
  cl_cache_set_plain(plain, true);
  static const int dir[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  uint32_t more = 0, yes = 0, none = 0, confirmed = 0;
  for (int t = 0; t < 1000; t++) {
    uint64_t mk = 0, bk = 0;
    for (int k = 0, kk = g_rand_int_range(r, 12, 30); k < kk; k++) {
      uint32_t c = (uint32_t)g_rand_int_range(r, 0, 64);
      if ((mk | bk) >> c & 1) continue;
      if (k % 2) bk |= UINT64_C(1) << c;
      else mk |= UINT64_C(1) << c;
    }
    Set s[96];
    memset(s, 0, sizeof s);
    uint32_t n = 0;
    for (int d = 0; d < 4; d++)
      for (int x = 0; x < 8; x++)
        for (int y = 0; y < 8; y++) {
          int ex = x + 4 * dir[d][0], ey = y + 4 * dir[d][1];
          if (ex < 0 || ex > 7 || ey < 0 || ey > 7) continue;
          uint64_t m = 0;
          for (int k = 0; k < 5; k++) m |= UINT64_C(1) << (8 * (y + k * dir[d][1]) + x + k * dir[d][0]);
          if ((m & bk) || __builtin_popcountll(m & ~mk) < 2) continue;
          s[n++][0] = m & ~mk;
        }
    uint32_t p1[256], p2[256], n1, n2;
    uint64_t st1, st2;
    bool e1, e2;
    bool a = cl_shared_pairing_cached(fm, (const uint64_t(*)[CL_MAX_WORDS])s, n, 1, 64, p1, &n1, &st1, &e1);
    bool b = cl_shared_pairing_cached(plain, (const uint64_t(*)[CL_MAX_WORDS])s, n, 1, 64, p2, &n2, &st2, &e2);
    if (a) g_assert_true(valid(s, n, 64, p1, n1));
    if (!e2) {
      g_assert_false(e1);
      g_assert_cmpint(a, ==, b);
    }
    more += e2 && !e1, yes += a, none += !a && !e1;
    if (!a && !e1) { /* "none": the plain search, given far more, finds no pairing either */
      bool e3, c = cl_shared_pairing_cached(plain, (const uint64_t(*)[CL_MAX_WORDS])s, n, 1, UINT64_C(1) << 20, p2, &n2, &st2, &e3);
      g_assert_false(c);
      confirmed += !e3;
    }
  }
  if (g_test_verbose()) g_test_message("%u pairings, %u none (%u confirmed), %u answered only with propagation", yes, none, confirmed, more);
  g_assert_cmpuint(yes, >, 10);
  g_assert_cmpuint(none, >, 10);
  g_assert_cmpuint(more, >, 10);
  g_assert_cmpuint(confirmed, >, 10);
  cl_cache_free(fm), cl_cache_free(plain);
  g_rand_free(r);
}

/* a cluster with too many configurations to enumerate (every 6 of 10
 * cells: any 6 contain a pair of a perfect matching, by pigeonhole) goes to
 * the set-by-set search, which finds a pairing */
static void test_rich_cluster(void) {
  Set s[210];
  memset(s, 0, sizeof s);
  uint32_t n = 0;
  for (uint32_t m = 0; m < 1024; m++)
    if (__builtin_popcount(m) == 6) {
      for (uint32_t c = 0; c < 10; c++)
        if (m >> c & 1) put(s[n], c);
      n++;
    }
  g_assert_cmpuint(n, ==, 210);
  uint32_t pairs[64], np;
  uint64_t steps;
  bool ex;
  g_assert_true(cl_shared_pairing((const uint64_t(*)[CL_MAX_WORDS])s, n, 1, 1u << 20, pairs, &np, &steps, &ex));
  g_assert_true(valid(s, n, 10, pairs, np));
  g_assert_cmpuint(steps, >, 4096); /* the enumeration ran out first */
}

static void test_multiword(void) {
  /* sets on cells beyond 64: the same row pattern shifted to cells 120.. */
  Set s[3];
  memset(s, 0, sizeof s);
  for (uint32_t w = 0; w < 3; w++)
    for (uint32_t c = w; c < w + 5; c++) put(s[w], 60 + 2 * c);
  uint32_t pairs[256], np;
  g_assert_true(cl_shared_pairing((const uint64_t(*)[CL_MAX_WORDS])s, 3, 2, 1000, pairs, &np, NULL, NULL));
  g_assert_cmpuint(np, ==, 1);
  g_assert_true(valid(s, 3, 128, pairs, np));
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/closure/row", test_row);
  g_test_add_func("/closure/tictactoe44", test_tictactoe44);
  g_test_add_func("/closure/budget", test_budget);
  g_test_add_func("/closure/short_set", test_short_set);
  g_test_add_func("/closure/random_against_brute", test_random_against_brute);
  g_test_add_func("/closure/multiword", test_multiword);
  g_test_add_func("/closure/cache-same", test_cache_same);
  g_test_add_func("/closure/rich-cluster", test_rich_cluster);
  g_test_add_func("/closure/plain-same", test_plain_same);
  g_test_add_func("/closure/propagation", test_propagation);
  return g_test_run();
}
