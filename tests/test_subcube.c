/* Unit tests for src/subcube.c: the fast verifier against cube.h's brute force
 * (same verdict, same first hole, same count of subcubes covered) on random
 * pair sets for n <= 10, including complete blocking sets with one pair
 * removed, random matchings, and pairs at every distance; and the strategy
 * file reader's acceptance and one-line errors. */
#include <glib.h>
#include <string.h>

#include "subcube.h"

static void compare(int n, int k, const VPair *p, size_t np, int *holes) {
  Subcube h1 = {0, 0}, h2 = {0, 0};
  uint64_t c1 = 0, c2 = 0;
  bool b1 = cube_first_unblocked(n, k, p, np, &h1, &c1);
  bool b2 = sv_verify(n, k, p, np, &h2, &c2);
  g_assert_cmpint(b1, ==, b2);
  g_assert_cmpuint(c1, ==, c2);
  if (!b1) {
    g_assert_cmpuint(h1.stars, ==, h2.stars);
    g_assert_cmpuint(h1.vals, ==, h2.vals);
    (*holes)++;
  } else {
    g_assert_cmpuint(c2, ==, sv_subcubes(n, k));
  }
}

static void test_vs_brute(void) {
  GRand *r = g_rand_new_with_seed(11);
  int holes = 0, blocked = 0;
  for (int round = 0; round < 600; round++) {
    int n = g_rand_int_range(r, 1, 11), k = g_rand_int_range(r, 1, n + 1);
    uint32_t nv = 1u << n;
    GArray *p = g_array_new(FALSE, FALSE, sizeof(VPair));
    int kind = round % 3;
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

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/subcube/vs-brute-force", test_vs_brute);
  g_test_add_func("/subcube/count", test_count);
  g_test_add_func("/subcube/files", test_files);
  return g_test_run();
}
