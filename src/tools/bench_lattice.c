/* bench-lattice — `make bench` rows "lattice-ld4" (work = direction sets):
 * LD4's search for a pairing blocking 2|S|+1 (src/lattice/latsearch.h), one
 * thread, on the same sample of direction sets:
 *   engine    LD4_NEW (the exact cover on quotients of the torus, then the
 *             torus itself; the old tries only if those fail);
 *   baseline  LD4_OLD (lattice.h's encoding: adjacent pairs on T = 2|S|, then
 *             T = 4|S|, then any span), the search before the exact cover.
 * The sample: the core sets of the experiment (lattice-conjecture) with
 * |S| <= 5 in [-2,2]^2 and |S| <= 3 in [-1,1]^3 (the larger ones take the
 * baseline minutes).  Only the search is timed (the lower side's DRAT
 * refutations are the same in both).  Both must reach the same least m on the
 * same period for every set, else exit 1.  Rows in bench.tsv's format, no
 * header; the ratio of the rates goes to stderr. */
#include <glib.h>
#include <stdio.h>

#include "lattice/latsearch.h"

static double run(const Ld4Plan *p, int *out) {
  gint64 t0 = g_get_monotonic_time();
  for (guint i = 0; i < p->items->len; i++) {
    Ld4Outcome o;
    ld4_search(&g_array_index(p->items, Ld4Item, i).S, p->method, p->conflicts, false, &o);
    out[3 * i] = o.reached;
    out[3 * i + 1] = o.used_T;
    out[3 * i + 2] = o.verified;
    ld4_outcome_clear(&o);
  }
  return (double)(g_get_monotonic_time() - t0) / 1e6;
}

int main(void) {
  Ld4Plan pe, pb;
  ld4_plan_init(&pe, LD4_NEW, 1000000);
  ld4_plan_init(&pb, LD4_OLD, 1000000);
  for (int k = 0; k < 2; k++) {
    Ld4Plan *p = k ? &pb : &pe;
    ld4_plan_family(p, 0, 2, 2, 2, 5, 0);
    ld4_plan_family(p, 0, 3, 1, 2, 3, 0);
  }
  guint n = pe.items->len;
  g_autofree int *re = g_new0(int, 3 * n);
  g_autofree int *rb = g_new0(int, 3 * n);
  double te = run(&pe, re), tb = run(&pb, rb);
  for (guint i = 0; i < 3 * n; i++)
    if (re[i] != rb[i] || (i % 3 == 2 && !re[i])) {
      fprintf(stderr, "bench-lattice: engine and baseline disagree on set %u\n", i / 3);
      return 1;
    }
  printf("lattice-ld4\tengine\t%.4f\t%u\t%.1f\n", te, n, n / te);
  printf("lattice-ld4\tbaseline\t%.4f\t%u\t%.1f\n", tb, n, n / tb);
  fprintf(stderr, "bench-lattice: %u direction sets, baseline/engine seconds = %.1f\n", n, tb / te);
  ld4_plan_clear(&pe);
  ld4_plan_clear(&pb);
  return 0;
}
