/* bench-cubic7 — `make bench` rows "cubic7": the incremental engine and the
 * paper's method (replay the rules, build the graph, Hopcroft–Karp, for every
 * board) on the same sample — every board below the first top-level choice of
 * the centre case — and the engine on the whole full-profile workload (both
 * cases, 2 threads), rows in bench.tsv's format (no header).  The two
 * variants' statistics must agree on the sample.  Both sample rows are one
 * thread.  The engine is so much faster that one pass over the sample is too
 * short to time, so it repeats the sample until half a second has passed
 * (work = boards visited, repeats included). */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "cubic/cubic7.h"
#include "plumbing/parfor.h"

typedef struct {
  const C7 *c;
  C7Case k;
  C7Scratch *s[2]; /* one per worker */
  C7Stats *st[2];
} Full;

static void full_unit(size_t i, int worker, void *ctx) {
  Full *f = ctx;
  c7_run_item(f->c, f->k, (int)i, f->st[worker], f->s[worker], NULL, NULL);
}

int main(int argc, char **argv) {
  bool with_full = !(argc > 1 && strcmp(argv[1], "--sample-only") == 0);
  C7 *c = c7_new();
  C7Stats *a = g_new0(C7Stats, 1), *b = g_new0(C7Stats, 1);
  C7Scratch *s = c7_scratch_new(c);
  gint64 t0 = g_get_monotonic_time();
  c7_run_item(c, C7_CENTRE, 0, a, s, NULL, NULL);
  uint64_t reps = 1;
  double te;
  C7Stats *again = g_new0(C7Stats, 1);
  while ((te = (double)(g_get_monotonic_time() - t0) / 1e6) < 0.5) {
    c7_run_item(c, C7_CENTRE, 0, again, s, NULL, NULL);
    reps++;
  }
  g_free(again);
  t0 = g_get_monotonic_time();
  c7_run_item_baseline(c, C7_CENTRE, 0, b, 0, NULL, NULL);
  double tb = (double)(g_get_monotonic_time() - t0) / 1e6;
  c7_scratch_free(s);
  if (memcmp(a, b, sizeof *a) != 0) {
    fprintf(stderr, "bench-cubic7: engine and baseline disagree on the sample\n");
    return 1;
  }
  uint64_t ework = a->boards * reps;
  printf("cubic7\tengine\t%.3f\t%llu\t%.0f\n", te, (unsigned long long)ework, (double)ework / te);
  printf("cubic7\tbaseline\t%.3f\t%llu\t%.0f\n", tb, (unsigned long long)b->boards, (double)b->boards / tb);
  if (with_full) {
    t0 = g_get_monotonic_time();
    uint64_t boards = 0;
    for (int k = 0; k < 2; k++) {
      Full f = {c, (C7Case)k, {c7_scratch_new(c), c7_scratch_new(c)}, {g_new0(C7Stats, 1), g_new0(C7Stats, 1)}};
      parfor((size_t)c7_items(c, (C7Case)k), 2, full_unit, &f);
      for (int t = 0; t < 2; t++) {
        boards += f.st[t]->boards;
        g_free(f.st[t]);
        c7_scratch_free(f.s[t]);
      }
    }
    double tf = (double)(g_get_monotonic_time() - t0) / 1e6;
    printf("cubic7\tengine-full\t%.3f\t%llu\t%.0f\n", tf, (unsigned long long)boards, (double)boards / tf);
  }
  g_free(a);
  g_free(b);
  c7_free(c);
  return 0;
}
