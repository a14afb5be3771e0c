/* bench-ninerow — `make bench` rows "ninerow" (work = pairing classes).
 *   engine      src/ninerow/torus8.c (bitboard search, row-0 cut, early-exit
 *               canonical test), one thread, on the sample;
 *   baseline    the paper's method (§4: the table filled cell by cell, every
 *               pairing found canonicalised by building all 64 transformed
 *               tables with a 0-4 start), one thread, on the same sample;
 *   engine-full the whole full-profile workload with two threads: all
 *               classes, then the graph of §5-6 (every slide chain from every
 *               cell of every representative, canonicalised and looked up).
 * The sample: the good pairings that start with the origin domino and
 * contain the dominoes of the canonical Hales–Jewett table on its cells 2..4.
 * Both methods must find the same representatives there.  The engine is so
 * much faster that it repeats the sample until half a second has passed
 * (work counts the repeats).  Rows in bench.tsv's format, no header. */
#include <glib.h>
#include <stdio.h>

#include "ninerow/torus8.h"

int main(void) {
  TorusGame g;
  tg_init(&g, TG_SQUARE8);
  /* the sample's dominoes: cells 2..4 of the canonical Hales–Jewett table */
  uint8_t hj[64], canon[64];
  if (!tg_parse(&g, tg_hales_jewett, hj)) return 1;
  tg_canon(&g, hj, canon, NULL);
  int fixed[32];
  int nf = t8_prefix_dominoes(&g, canon, 4, fixed);
  T8Result e, b;
  gint64 t0 = g_get_monotonic_time();
  uint64_t reps = 0, work = 0;
  double te;
  do {
    t8_enumerate(&g, T8_ENGINE, 1, fixed, nf, false, NULL, &e);
    reps++;
    work += e.classes;
  } while ((te = (double)(g_get_monotonic_time() - t0) / 1e6) < 0.5);
  t0 = g_get_monotonic_time();
  t8_enumerate(&g, T8_BASELINE, 1, fixed, nf, false, NULL, &b);
  double tb = (double)(g_get_monotonic_time() - t0) / 1e6;
  if (b.classes != e.classes || b.orbit_sum != e.orbit_sum) {
    fprintf(stderr, "bench-ninerow: engine and baseline disagree on the sample\n");
    return 1;
  }
  t0 = g_get_monotonic_time();
  T8Result f;
  t8_enumerate(&g, T8_ENGINE, 2, NULL, 0, true, NULL, &f);
  TgGraph gr;
  tg_class_graph(&g, f.reps, (uint32_t)f.classes, TG_MOVES_SLIDE, 0, false, 2, NULL, &gr);
  double tf = (double)(g_get_monotonic_time() - t0) / 1e6;
  if (gr.missing != 0 || gr.ne == 0) {
    fprintf(stderr, "bench-ninerow: the graph of the full run is broken\n");
    return 1;
  }
  printf("ninerow\tengine\t%.4f\t%llu\t%.1f\n", te, (unsigned long long)work, (double)work / te);
  printf("ninerow\tbaseline\t%.4f\t%llu\t%.1f\n", tb, (unsigned long long)b.classes,
         (double)b.classes / tb);
  printf("ninerow\tengine-full\t%.4f\t%llu\t%.1f\n", tf, (unsigned long long)f.classes,
         (double)f.classes / tf);
  fprintf(stderr,
          "bench-ninerow: sample %llu classes (%llu repeats); full: %llu classes, %llu edges\n",
          (unsigned long long)e.classes, (unsigned long long)reps, (unsigned long long)f.classes,
          (unsigned long long)gr.ne);
  tg_graph_clear(&gr);
  t8_result_clear(&f);
  return 0;
}
