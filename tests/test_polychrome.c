/* Unit tests for src/hypercube/polychrome.c: the vertex-partition checker on partitions
 * whose answer is known by hand (Q_2 and Q_3), its first failing subcube and
 * its rejection of empty parts and bad values; the edge-partition checker on
 * the edges of Q_2 and Q_3 split, duplicated, incomplete, or holding a
 * non-edge. */
#include <glib.h>

#include "hypercube/polychrome.h"

static void test_parts(void) {
  /* Q_2: evens 00, 11 and odds 10, 01 each in two singleton parts */
  int part[4] = {0, 0, 1, 1}; /* v = 0 (00), 1 (10), 2 (01), 3 (11) */
  Subcube bad = {9, 9};
  g_assert_true(pc_parts_meet_all(2, part, 2, 2, &bad));
  /* an edge holds one even and one odd vertex: not every part */
  g_assert_false(pc_parts_meet_all(2, part, 2, 1, &bad));
  g_assert_cmpuint(bad.stars, ==, 1); /* first star mask, first fixing: (*,0) */
  g_assert_cmpuint(bad.vals, ==, 0);
  /* one part for each side is met by every edge */
  int one[4] = {0, 0, 0, 0};
  g_assert_true(pc_parts_meet_all(2, one, 1, 1, NULL));
  g_assert_false(pc_parts_meet_all(2, one, 1, 0, &bad)); /* a vertex has one parity */
  /* an empty part (value 1 never used on the odd side) */
  int empty[4] = {0, 0, 0, 1};
  g_assert_false(pc_parts_meet_all(2, empty, 2, 2, &bad));
  g_assert_cmpuint(bad.stars, ==, 0);
  int out[4] = {0, 5, 1, 1};
  g_assert_false(pc_parts_meet_all(2, out, 2, 2, NULL));
  /* Q_3, parts by the first coordinate: a subcube meets both iff coordinate 1 is a star */
  int first[8];
  for (int v = 0; v < 8; v++) first[v] = v & 1;
  g_assert_false(pc_parts_meet_all(3, first, 2, 2, &bad));
  g_assert_cmpuint(bad.stars, ==, 6); /* (0,*,*): the first square without coordinate 1 */
  g_assert_true(pc_parts_meet_all(3, first, 2, 3, NULL));
}

static GArray *edges_of(int n, uint32_t dir_mask) {
  GArray *e = g_array_new(FALSE, FALSE, sizeof(VPair));
  for (uint32_t a = 0; a < (1u << n); a++)
    for (int i = 0; i < n; i++)
      if ((dir_mask >> i & 1) && !(a >> i & 1)) {
        VPair p = {a, a | 1u << i};
        g_array_append_val(e, p);
      }
  return e;
}

static void test_edges(void) {
  GArray *m[3] = {edges_of(3, 1), edges_of(3, 2), edges_of(3, 4)};
  uint64_t cov = 0;
  g_assert_true(pc_edge_partition(3, m, 3, &cov));
  g_assert_cmpuint(cov, ==, 12);
  g_assert_false(pc_edge_partition(3, m, 2, &cov)); /* direction 3 missing */
  g_assert_cmpuint(cov, ==, 8);
  GArray *dup[2] = {m[0], m[0]};
  g_assert_false(pc_edge_partition(3, dup, 2, NULL));
  VPair diag = {0, 3};
  g_array_append_val(m[2], diag);
  g_assert_false(pc_edge_partition(3, m, 3, NULL));
  for (int i = 0; i < 3; i++) g_array_unref(m[i]);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/polychrome/parts", test_parts);
  g_test_add_func("/polychrome/edges", test_edges);
  return g_test_run();
}
