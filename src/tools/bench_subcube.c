/* bench-subcube — `make bench` rows "subcube-verify" (work = subcubes checked).
 *   engine      sv_verify on BinPS_0^{R(0)}(4×4), the first Theorem 3
 *               strategy for Q(16,5): all C(16,5) 2^11 subcubes, repeated
 *               until half a second has passed;
 *   baseline    the paper's straightforward method on the same strategy:
 *               every subcube in the same order, every pair tested for
 *               containment (cube_first_unblocked_upto), on a prefix long
 *               enough to time;
 *   engine-full the full-profile verification workload: all 16 Theorem 3
 *               strategies for Q(16,5) and the §5 recipe's strategies for
 *               Q(N, floor(3N/7)+1), N = 3..20 (build time excluded).
 * Both variants must find every subcube they examine blocked.  One thread.
 * Rows in bench.tsv's format (no header). */
#include <glib.h>
#include <stdio.h>

#include "hypercube/binps.h"
#include "hypercube/subcube.h"

static double now(void) { return (double)g_get_monotonic_time() / 1e6; }

int main(void) {
  g_autoptr(GPtrArray) f = bp_thm3_family(1);
  const GArray *s = f->pdata[0];
  const VPair *v = (const VPair *)s->data;
  uint64_t per = sv_subcubes(16, 5), ework = 0;
  double t0 = now(), te;
  do {
    uint64_t c = 0;
    if (!sv_verify(16, 5, v, s->len, NULL, &c) || c != per) {
      fprintf(stderr, "bench-subcube: the engine finds a hole in a Theorem 3 strategy\n");
      return 1;
    }
    ework += c;
  } while ((te = now() - t0) < 0.5);

  uint64_t limit = 20000, bwork = 0;
  double tb;
  for (;;) { /* grow the prefix until it takes at least half a second */
    t0 = now();
    if (!cube_first_unblocked_upto(16, 5, v, s->len, limit, NULL, &bwork) || bwork != limit) {
      fprintf(stderr, "bench-subcube: the baseline finds a hole in a Theorem 3 strategy\n");
      return 1;
    }
    if ((tb = now() - t0) >= 0.5 || limit >= per) break;
    limit = MIN(per, limit * 4);
  }

  uint64_t fwork = 0;
  double tf = 0;
  for (guint i = 0; i < f->len; i++) {
    const GArray *x = f->pdata[i];
    uint64_t c = 0;
    t0 = now();
    bool ok = sv_verify(16, 5, (const VPair *)x->data, x->len, NULL, &c);
    tf += now() - t0;
    fwork += c;
    if (!ok) return 1;
  }
  for (int N = 3; N <= 20; N++) {
    g_autoptr(GArray) p = bp_recipe_build(N, NULL);
    uint64_t c = 0;
    t0 = now();
    bool ok = sv_verify(N, (int)(3 * N / 7 + 1), (const VPair *)p->data, p->len, NULL, &c);
    tf += now() - t0;
    fwork += c;
    if (!ok) return 1;
  }
  printf("subcube-verify\tengine\t%.3f\t%llu\t%.0f\n", te, (unsigned long long)ework,
         (double)ework / te);
  printf("subcube-verify\tbaseline\t%.3f\t%llu\t%.0f\n", tb, (unsigned long long)bwork,
         (double)bwork / tb);
  printf("subcube-verify\tengine-full\t%.3f\t%llu\t%.0f\n", tf, (unsigned long long)fwork,
         (double)fwork / tf);
  return 0;
}
