/* sg-solve — hypergraph NIM on a symmetric hypergraph given by its spectrum.
 *
 *   sg-solve N SPECTRUM B [POSITION]
 *
 * N piles (1..16), SPECTRUM the edge sizes l1<l2<...<lk in 1..N written
 * "l1,l2,...,lk" (H(λ) = every set of piles whose size is in λ), B the box
 * [0,B]^N.  Solves the game exactly on the box with the symmetric engine of
 * src/nim/sgnim.c, compares the Sprague–Grundy values with the JM formula
 * (1a)-(3) of Boros et al. and prints: whether H(λ) is minimal
 * transversal-free (by the definition), the largest SG value and the number
 * of P-positions in the box, and either "SG = U on every position" or the
 * first position (by the largest pile, then the total, then
 * lexicographically) where they differ.  POSITION "x1,...,xN" (in the box)
 * adds its SG, Tetris and JM values.  Exit 0; 2, with one line naming the
 * argument and what is allowed, for a bad argument (a spectrum with an entry
 * 0, > N, out of order or repeated; N, B or POSITION out of range; a box
 * needing more than 2 GiB). */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

#include "plumbing/input.h"
#include "nim/sgnim.h"
#include "plumbing/output.h"

static int usage(const char *why) {
  g_autofree char *m = g_strdup_printf("%s (usage: sg-solve N SPECTRUM B [x1,...,xN])", why);
  in_error_line("sg-solve", m);
  return 2;
}

static bool parse_int(const char *s, int lo, int hi, int *out) { return in_int(s, lo, hi, out); }

static int run(int argc, char **argv) {
  int n, B;
  if (argc < 4 || argc > 5) return usage("give N, SPECTRUM and B");
  if (!parse_int(argv[1], 1, SG_MAXN, &n)) return usage("N must be an integer from 1 to 16");
  uint32_t sizes;
  char *err = NULL;
  if (!sg_spectrum_parse(argv[2], n, &sizes, &err)) {
    in_error_line("sg-solve", err);
    g_free(err);
    return 2;
  }
  if (!parse_int(argv[3], 0, SG_MAXB, &B)) return usage("B must be an integer from 0 to 4095");
  int x[SG_MAXN];
  if (argc == 5) {
    g_auto(GStrv) parts = g_strsplit(argv[4], ",", -1);
    if (g_strv_length(parts) != (guint)n) return usage("POSITION must have N entries");
    for (int i = 0; i < n; i++)
      if (!parse_int(parts[i], 0, B, &x[i])) return usage("POSITION entries must be integers from 0 to B");
  }
  SgSorted sb;
  SgBox box;
  bool whole = sg_box_init(&box, n, B); /* the box itself may be too large to list */
  if (!sg_sorted_init(&sb, n, B)) return usage("the box has too many positions");
  int lambda1 = __builtin_ctz(sizes) + 1;
  size_t ne = 0;
  for (int s = 1; s <= n; s++)
    if (sizes >> (s - 1) & 1) {
      size_t c = 1;
      for (int i = 1; i <= s; i++) c = c * (size_t)(n - s + i) / (size_t)i;
      ne += c;
    }
  double bytes = (double)sb.count * (double)ne * 8.0 * (double)((size_t)n * (size_t)B / (size_t)lambda1 / 64 + 1);
  if (bytes > 2147483648.0) {
    sg_sorted_clear(&sb);
    return usage("the box needs more than 2 GiB: choose a smaller B");
  }
  g_autofree uint32_t *edges = g_new(uint32_t, (size_t)1 << n);
  sg_symmetric_edges(n, sizes, edges);
  bool mtf = sg_minimal_transversal_free(n, edges, ne, NULL);
  SgSurveyRow row = {.sizes = sizes};
  sg_jm_survey(&sb, &row, 1, 1);
  char lam[128];
  sg_spectrum_format(sizes, ",", lam, sizeof lam);
  printf("H(%s) on %d piles: %zu edges, minimal transversal-free: %s\n", lam, n, ne, mtf ? "yes" : "no");
  printf("box [0,%d]^%d: %zu positions up to order", B, n, sb.count);
  if (whole) printf(" (%zu in all)", box.npos);
  printf(", largest SG %d, P-positions %llu\n", row.max_sg, (unsigned long long)row.p_positions);
  if (row.agree) {
    printf("JM: SG = U on every position of the box\n");
  } else {
    printf("JM: no; SG != U on %llu positions, the first at (", (unsigned long long)row.differ);
    for (int i = 0; i < n; i++) printf(i ? ",%d" : "%d", row.first[i]);
    printf("): SG %d, U %d\n", row.sg_first, row.u_first);
  }
  if (argc == 5) {
    g_autofree SgValue *G = sg_solve_symmetric(&sb, sizes);
    g_autofree SgValue *T = sg_tetris_symmetric(&sb, sizes);
    g_autofree SgValue *U = sg_jm_table_sorted(&sb, T);
    int z[SG_MAXN];
    for (int i = 0; i < n; i++) {
      int v = x[i], j = i;
      while (j > 0 && z[j - 1] > v) z[j] = z[j - 1], j--;
      z[j] = v;
    }
    size_t r = sg_sorted_rank(&sb, z);
    printf("x = (%s): SG %d, T %d, U %d\n", argv[4], G[r], T[r], U[r]);
  }
  sg_sorted_clear(&sb);
  return 0;
}

/* the verdict must reach standard output: a write error there is exit 3 */
int main(int argc, char **argv) { return out_stdout_status("sg-solve", run(argc, argv)); }
