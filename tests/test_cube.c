/* Unit tests for src/hypercube/cube.c: notation, containment, and the brute-force
 * verifier against an explicit enumeration of {0,1,*}^n. */
#include <glib.h>

#include "hypercube/cube.h"

static void test_notation(void) {
  Subcube c;
  g_assert_true(cube_parse("(*,0,1,*)", 4, &c));
  g_assert_cmpuint(c.stars, ==, 0x9u);
  g_assert_cmpuint(c.vals, ==, 0x4u);
  g_assert_cmpint(cube_dim(c), ==, 2);
  char buf[16];
  cube_format(c, 4, buf);
  g_assert_cmpstr(buf, ==, "(*,0,1,*)");
  g_assert_true(cube_parse("*01*", 4, &c));
  g_assert_false(cube_parse("*01", 4, &c));
  g_assert_false(cube_parse("*01x", 4, &c));
  /* (*,0,1,*) = {0010,0011,1010,1011} in the paper's order: coordinate 1 is bit 0 */
  int inside = 0;
  for (uint32_t v = 0; v < 16; v++) inside += cube_contains(c, v);
  g_assert_cmpint(inside, ==, 4);
  g_assert_true(cube_contains(c, 0x4u | 0x1u));
  Subcube t = cube_translate(c, 0xFu);
  cube_format(t, 4, buf);
  g_assert_cmpstr(buf, ==, "(*,1,0,*)");
  VPair p;
  g_assert_false(cube_edge_pair(c, &p));
  g_assert_true(cube_parse("(1,0,1,*)", 4, &c));
  g_assert_true(cube_edge_pair(c, &p));
  g_assert_cmpuint(p.a, ==, 0x5u);
  g_assert_cmpuint(p.b, ==, 0xDu);
}

/* oracle: walk every word of {0,1,*}^n with k stars, list its vertices */
static bool oracle(int n, int k, const VPair *pairs, size_t np, uint64_t *count) {
  int word[12];
  uint64_t total = 1;
  for (int i = 0; i < n; i++) total *= 3;
  *count = 0;
  for (uint64_t code = 0; code < total; code++) {
    uint64_t c = code;
    int stars = 0;
    for (int i = 0; i < n; i++, c /= 3) {
      word[i] = (int)(c % 3);
      stars += word[i] == 2;
    }
    if (stars != k) continue;
    (*count)++;
    bool blocked = false;
    for (size_t j = 0; j < np && !blocked; j++) {
      bool ina = true, inb = true;
      for (int i = 0; i < n; i++) {
        if (word[i] == 2) continue;
        ina &= (int)((pairs[j].a >> i) & 1) == word[i];
        inb &= (int)((pairs[j].b >> i) & 1) == word[i];
      }
      blocked = ina && inb;
    }
    if (!blocked) return false;
  }
  return true;
}

static void test_vs_oracle(void) {
  GRand *r = g_rand_new_with_seed(11);
  int agree_blocked = 0;
  for (int round = 0; round < 3000; round++) {
    int n = g_rand_int_range(r, 1, 8), k = g_rand_int_range(r, 0, n + 1);
    VPair pairs[128];
    size_t np = 0;
    uint32_t used = 0;
    (void)used;
    int want = g_rand_int_range(r, 0, (1 << n) / 2 + 1);
    uint8_t taken[256] = {0};
    for (int i = 0; i < 4 * want && (int)np < want; i++) {
      uint32_t a = (uint32_t)g_rand_int_range(r, 0, 1 << n);
      uint32_t b = g_rand_boolean(r) ? a ^ (1u << g_rand_int_range(r, 0, n))
                                      : (uint32_t)g_rand_int_range(r, 0, 1 << n);
      if (a == b || taken[a] || taken[b]) continue;
      taken[a] = taken[b] = 1;
      pairs[np++] = (VPair){a, b};
    }
    g_assert_true(cube_is_matching(n, pairs, np));
    uint64_t c1 = 0, c2 = 0;
    Subcube hole;
    bool v1 = cube_first_unblocked(n, k, pairs, np, &hole, &c1);
    bool v2 = oracle(n, k, pairs, np, &c2);
    g_assert_cmpint(v1, ==, v2);
    if (v1) {
      g_assert_cmpuint(c1, ==, c2);
      agree_blocked++;
    } else {
      g_assert_cmpint(cube_dim(hole), ==, k);
      for (size_t j = 0; j < np; j++)
        g_assert_false(cube_contains(hole, pairs[j].a) && cube_contains(hole, pairs[j].b));
    }
  }
  g_assert_cmpint(agree_blocked, >, 100); /* both outcomes were exercised */
  g_rand_free(r);
}

/* The paper's P3 for Q(3,2) (Example 3) blocks; without any one pair it
 * must not, and the hole found must avoid the remaining pairs. */
static void test_hole_after_removal(void) {
  const char *p3[] = {"(*,0,0)", "(1,*,1)", "(0,1,*)"};
  VPair pairs[3];
  for (int i = 0; i < 3; i++) {
    Subcube e;
    g_assert_true(cube_parse(p3[i], 3, &e));
    g_assert_true(cube_edge_pair(e, &pairs[i]));
  }
  g_assert_true(cube_is_matching(3, pairs, 3));
  g_assert_true(cube_first_unblocked(3, 2, pairs, 3, NULL, NULL));
  for (int drop = 0; drop < 3; drop++) {
    VPair rest[2];
    int m = 0;
    for (int i = 0; i < 3; i++)
      if (i != drop) rest[m++] = pairs[i];
    Subcube hole;
    g_assert_false(cube_first_unblocked(3, 2, rest, 2, &hole, NULL));
    g_assert_true(cube_contains(hole, pairs[drop].a) && cube_contains(hole, pairs[drop].b));
  }
  VPair clash[2] = {{0, 1}, {1, 3}};
  g_assert_false(cube_is_matching(2, clash, 2));
}

/* the prefix variant: stops after `limit` subcubes, sees a hole only inside them */
static void test_upto(void) {
  /* all edges of Q_4 in directions 1 and 2: exactly the 2-subcubes whose star
   * set meets {1,2} are blocked; the first hole is (0,0,*,*), number 5*4+1 */
  VPair p[32];
  size_t np = 0;
  for (uint32_t a = 0; a < 16; a++)
    for (int i = 0; i < 2; i++)
      if (!(a >> i & 1)) p[np++] = (VPair){a, a | 1u << i};
  Subcube hole;
  uint64_t checked = 0, all = 0;
  g_assert_false(cube_first_unblocked(4, 2, p, np, &hole, &all));
  g_assert_cmpuint(hole.stars, ==, 12);
  g_assert_cmpuint(all, ==, 21);
  g_assert_true(cube_first_unblocked_upto(4, 2, p, np, 20, &hole, &checked));
  g_assert_cmpuint(checked, ==, 20);
  g_assert_false(cube_first_unblocked_upto(4, 2, p, np, 21, &hole, &checked));
  g_assert_cmpuint(checked, ==, 21);
  g_assert_false(cube_first_unblocked_upto(4, 2, p, np, 0, &hole, &checked));
  g_assert_cmpuint(checked, ==, 21);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/cube/notation", test_notation);
  g_test_add_func("/cube/vs-oracle", test_vs_oracle);
  g_test_add_func("/cube/hole-after-removal", test_hole_after_removal);
  g_test_add_func("/cube/upto", test_upto);
  return g_test_run();
}
