/* bench-sg — `make bench` rows "sg-engine" (work = positions of the box whose
 * Sprague–Grundy value is computed).
 *   engine      src/nim/sgnim.c on Moore's NIM_4 with five piles, H(1,2,3,4),
 *               box [0,10]^5 (161,051 positions): the symmetric engine on the
 *               C(15,5) sorted positions, written out over the whole box
 *               (sg_expand), repeated until half a second has passed;
 *   baseline    the naive solver (the mex over every option, each move
 *               enumerated) on the same hypergraph and box, once; its table
 *               must equal the engine's;
 *   engine-full the full-profile workload of SG2's issue statement: all 63
 *               spectra λ for n = 6 on [0,8]^6 solved and compared with the
 *               JM formula (sg_jm_survey, one thread); every λ must satisfy
 *               Theorem 1 on the box (SG = U iff minimal transversal-free).
 * Rows in bench.tsv's format (no header); exit 1 if a check fails. */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "nim/sgnim.h"

static double now(void) { return (double)g_get_monotonic_time() / 1e6; }

int main(void) {
  const int n = 5, B = 10;
  const uint32_t sizes = 0xf; /* λ = (1,2,3,4) */
  SgBox box;
  SgSorted sb;
  if (!sg_box_init(&box, n, B) || !sg_sorted_init(&sb, n, B)) return 3;
  uint32_t edges[64];
  size_t ne = sg_symmetric_edges(n, sizes, edges);

  SgValue *eng = NULL;
  uint64_t ework = 0;
  double t0 = now(), te;
  do {
    g_free(eng);
    g_autofree SgValue *s = sg_solve_symmetric(&sb, sizes);
    eng = sg_expand(&box, &sb, s);
    ework += box.npos;
  } while ((te = now() - t0) < 0.5);

  uint64_t options = 0;
  t0 = now();
  g_autofree SgValue *naive = sg_solve_naive(&box, edges, ne, &options);
  double tb = now() - t0;
  if (memcmp(eng, naive, box.npos * sizeof *eng) != 0) {
    fprintf(stderr, "bench-sg: the engine and the naive solver disagree\n");
    return 1;
  }
  g_free(eng);
  sg_sorted_clear(&sb);
  uint64_t bwork = box.npos;

  const int n6 = 6, B6 = 8;
  if (!sg_box_init(&box, n6, B6) || !sg_sorted_init(&sb, n6, B6)) return 3;
  size_t count = ((size_t)1 << n6) - 1;
  g_autofree SgSurveyRow *rows = g_new0(SgSurveyRow, count);
  for (size_t i = 0; i < count; i++) rows[i].sizes = (uint32_t)i + 1;
  t0 = now();
  sg_jm_survey(&sb, rows, count, 1);
  double tf = now() - t0;
  uint32_t e6[64];
  for (size_t i = 0; i < count; i++) {
    size_t k = sg_symmetric_edges(n6, rows[i].sizes, e6);
    if (rows[i].agree != sg_minimal_transversal_free(n6, e6, k, NULL)) {
      fprintf(stderr, "bench-sg: Theorem 1 fails on [0,8]^6 for spectrum mask %#x\n", rows[i].sizes);
      return 1;
    }
  }
  sg_sorted_clear(&sb);
  uint64_t fwork = (uint64_t)count * box.npos;
  printf("sg-engine\tengine\t%.3f\t%llu\t%.0f\n", te, (unsigned long long)ework, (double)ework / te);
  printf("sg-engine\tbaseline\t%.3f\t%llu\t%.0f\n", tb, (unsigned long long)bwork, (double)bwork / tb);
  printf("sg-engine\tengine-full\t%.3f\t%llu\t%.0f\n", tf, (unsigned long long)fwork, (double)fwork / tf);
  return 0;
}
