/* Harness: sg-solve's arguments (src/sgnim.c sg_spectrum_parse and the
 * tool's integer checks) and, on small boxes, the solver behind them.
 * Input: the arguments N, SPECTRUM, B and an optional POSITION, one a line.
 * Properties: a spectrum parsed is a non-empty mask of sizes 1..N that
 * sg_spectrum_format writes back to the same mask; on boxes of at most a few
 * thousand positions the symmetric engine agrees with the plain solver on
 * the whole box, and the position's value is defined. */
#include <string.h>

#include "fuzz.h"
#include "plumbing/input.h"
#include "nim/sgnim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char **arg = fuzz_lines(data, size, 4);
  int na = (int)g_strv_length(arg), n, B, x[SG_MAXN];
  uint32_t sizes;
  char *err = NULL;
  if (na < 3 || !in_int(arg[0], 1, SG_MAXN, &n)) goto out;
  if (!sg_spectrum_parse(arg[1], n, &sizes, &err)) {
    FUZZ_ASSERT(err && strchr(err, '\n') == NULL);
    g_free(err);
    goto out;
  }
  FUZZ_ASSERT(sizes != 0 && sizes < (1u << n));
  char fmt[128];
  uint32_t again;
  sg_spectrum_format(sizes, ",", fmt, sizeof fmt);
  FUZZ_ASSERT(sg_spectrum_parse(fmt, n, &again, &err) && again == sizes);
  if (!in_int(arg[2], 0, SG_MAXB, &B)) goto out;
  if (na == 4) {
    char **part = g_strsplit(arg[3], ",", -1);
    bool ok = g_strv_length(part) == (guint)n;
    for (int i = 0; i < n && ok; i++) ok = in_int(part[i], 0, B, &x[i]);
    g_strfreev(part);
    if (!ok) goto out;
  }
  SgBox box;
  if (!sg_box_init(&box, n, B) || box.npos > 4096) goto out; /* the tool goes on; too slow here */
  SgSorted sb;
  FUZZ_ASSERT(sg_sorted_init(&sb, n, B));
  uint32_t *edges = g_new(uint32_t, (size_t)1 << n);
  size_t ne = sg_symmetric_edges(n, sizes, edges);
  SgValue *G = sg_solve_symmetric(&sb, sizes), *F = sg_solve(&box, edges, ne);
  int z[SG_MAXN], y[SG_MAXN];
  sg_sorted_first(&sb, z);
  size_t r = 0;
  do {
    FUZZ_ASSERT(sg_sorted_rank(&sb, z) == r);
    FUZZ_ASSERT(G[r] == F[sg_index(&box, z)]);
    r++;
  } while (sg_sorted_next(&sb, z));
  FUZZ_ASSERT(r == sb.count);
  if (na == 4) { /* the tool's lookup: sort the position, take its rank */
    for (int i = 0; i < n; i++) {
      int v = x[i], j = i;
      while (j > 0 && y[j - 1] > v) y[j] = y[j - 1], j--;
      y[j] = v;
    }
    FUZZ_ASSERT(G[sg_sorted_rank(&sb, y)] == F[sg_index(&box, x)]);
  }
  g_free(G);
  g_free(F);
  g_free(edges);
  sg_sorted_clear(&sb);
out:
  g_strfreev(arg);
  return 0;
}
