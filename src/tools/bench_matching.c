/* bench-matching — `make bench` row "matching": Hopcroft–Karp (engine) against
 * the plain augmenting-path method (baseline) on the same random bipartite
 * graphs, shaped like the 7^3 pairing question (332 doubled survivor lines of
 * 7 cells each vs 335 free cells).  Both answers are checked to be maximum
 * matchings of the same size; rows follow bench.tsv's format (no header). */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

#include "solvers/matching.h"

enum { NL = 332, NR = 335, DEG = 7, GRAPHS = 2000 };

int main(void) {
  uint32_t *start = g_new(uint32_t, (size_t)GRAPHS * (NL + 1));
  uint32_t *adj = g_new(uint32_t, (size_t)GRAPHS * NL * DEG);
  GRand *rng = g_rand_new_with_seed(20261121);
  for (int g = 0; g < GRAPHS; g++)
    for (int u = 0; u < NL; u++) {
      start[(size_t)g * (NL + 1) + (size_t)u] = (uint32_t)(u * DEG);
      /* line u and u^1 are the two copies of one survivor line */
      if (u & 1) {
        for (int i = 0; i < DEG; i++)
          adj[((size_t)g * NL + (size_t)u) * DEG + (size_t)i] =
              adj[((size_t)g * NL + (size_t)u - 1) * DEG + (size_t)i];
      } else
        for (int i = 0; i < DEG; i++)
          adj[((size_t)g * NL + (size_t)u) * DEG + (size_t)i] = (uint32_t)g_rand_int_range(rng, 0, NR);
      if (u == NL - 1) start[(size_t)g * (NL + 1) + NL] = NL * DEG;
    }
  g_rand_free(rng);
  uint32_t ml[NL], mr[NR];
  BmWork *w = bm_work_new(NL, NR);
  size_t sizes[2] = {0, 0};
  double secs[2];
  bool ok = true;
  for (int variant = 0; variant < 2; variant++) {
    gint64 t0 = g_get_monotonic_time();
    for (int g = 0; g < GRAPHS; g++) {
      BipGraph bg = {NL, NR, start + (size_t)g * (NL + 1), adj + (size_t)g * NL * DEG};
      size_t s = variant == 0 ? bm_hopcroft_karp(&bg, ml, mr, false, w) : bm_kuhn(&bg, ml, mr);
      sizes[variant] += s;
      if (g % 97 == 0) ok &= bm_is_maximum(&bg, ml, mr);
    }
    secs[variant] = (double)(g_get_monotonic_time() - t0) / 1e6;
  }
  bm_work_free(w);
  g_free(start);
  g_free(adj);
  if (!ok || sizes[0] != sizes[1]) {
    fprintf(stderr, "bench-matching: the two methods disagree or a matching is not maximum\n");
    return 1;
  }
  const char *names[2] = {"engine", "baseline"};
  for (int v = 0; v < 2; v++)
    printf("matching\t%s\t%.4f\t%d\t%.1f\n", names[v], secs[v], GRAPHS, GRAPHS / secs[v]);
  return 0;
}
