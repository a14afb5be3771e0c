/* experiments/nim/named.c — SG5: the three symmetric hypergraphs the paper
 * names at the end of §1, and the figures of their SG values.
 *
 * Paper: Boros, Gurvich, Ho, Makino & Mursic, "Sprague-Grundy function of
 * symmetric hypergraphs" (shared/papers/hypergraph-nim-symmetric.txt).
 *
 * The cases (prefixes of the row keys):
 *   `a_`  (V choose 2) ∪ (V choose 3), n = 5, λ = (2,3): JM "by our theorems";
 *   `b_`  (V choose 1) ∪ (V choose 2), n = 4, λ = (1,2): "seems to be
 *         difficult"; its P-positions are Moore's [11] (NIM_2 on 4 piles);
 *   `c_`  (V choose 2), n = 5, λ = (2): no useful characterisation of the
 *         P-positions known.
 * Each is solved exactly on a box (full: [0,32]^5, [0,48]^4, [0,32]^5;
 * quick: [0,12]^n) by the symmetric engine of
 * src/nim/sgnim.c and compared with the JM formula on every position.
 *   `<c>_B`, `<c>_mtf` (by the definition, every induced subhypergraph),
 *   `<c>_jm` (SG = U on the whole box), `<c>_differ` (positions with
 *   SG != U), `<c>_first` / `<c>_first_sg` / `<c>_first_u` (the first such
 *   position in sg_order_cmp order), `<c>_p` (P-positions in the box),
 *   `<c>_max_sg`; `b_moore_p`: case b's P-positions are exactly Moore's
 *   (every binary digit's column sum divisible by 3).
 *   `a_general`: case a solved again by the general engine (no symmetry) on
 *   [0,10]^5 (quick [0,6]^5) gives the same table, and SG = U there.
 * --figdata PREFIX writes PREFIX-slices.dat: for each case (gnuplot index
 * 0, 1, 2) the slice x = (i, j, 10, ..., 10) with 0 <= i, j <= 19 (quick
 * 12), where the short positions (U = v, not T) lie; columns i, j, SG, U,
 * P (SG = 0), differ (SG != U); blank lines between rows of the slice.
 * Exit 0 iff every check held: a is JM and b and c are not, consistent with
 * minimal transversal-freeness (Theorem 1), and b's P-positions are Moore's.
 */
#include <stdio.h>
#include <string.h>

#include "plumbing/expt.h"
#include "nim/sgnim.h"

static gchar *opt_figdata = NULL;

typedef struct {
  const char *id;
  int n;
  uint32_t sizes;
  int full_B, quick_B;
} Case;

static const Case cases[3] = {{"a", 5, 0x6, 32, 12}, {"b", 4, 0x3, 48, 12}, {"c", 5, 0x2, 32, 12}};
static const int rest[3] = {10, 10, 10};

static bool moore_p(const int *x, int n, int k) {
  for (int d = 0; d < 16; d++) {
    int s = 0;
    for (int i = 0; i < n; i++) s += x[i] >> d & 1;
    if (s % (k + 1)) return false;
  }
  return true;
}

static void key(char *buf, size_t len, const Case *c, const char *what) {
  g_snprintf(buf, len, "%s_%s", c->id, what);
}

int main(int argc, char **argv) {
  GOptionEntry own[] = {
      {"figdata", 0, 0, G_OPTION_ARG_FILENAME, &opt_figdata, "write PREFIX-slices.dat", "PREFIX"},
      G_OPTION_ENTRY_NULL};
  Expt e;
  expt_parse(&e, &argc, &argv, "nim-named",
             "SG5: (V2)∪(V3) for n = 5 is JM, (V1)∪(V2) for n = 4 and (V2) for n = 5 are not; "
             "slices of their SG values.",
             own);
  g_autofree char *figpath = opt_figdata ? g_strdup_printf("%s-slices.dat", opt_figdata) : NULL;
  FILE *fig = expt_open_figdata(&e, figpath);
  ResultWriter *w = expt_open_results(&e);
  int S = e.profile == PROFILE_FULL ? 19 : 12; /* the slice's side; S and rest lie in every box */
  bool all = true;
  char k[64];
  for (int ci = 0; ci < 3; ci++) {
    const Case *c = &cases[ci];
    int B = e.profile == PROFILE_FULL ? c->full_B : c->quick_B, n = c->n;
    SgSorted sb;
    if (!sg_sorted_init(&sb, n, B)) return 3;
    g_autofree SgValue *G = sg_solve_symmetric(&sb, c->sizes);
    g_autofree SgValue *T = sg_tetris_symmetric(&sb, c->sizes);
    g_autofree SgValue *U = sg_jm_table_sorted(&sb, T);
    SgSurveyRow row = {.sizes = c->sizes};
    sg_jm_survey(&sb, &row, 1, 1);
    uint32_t edges[64];
    size_t ne = sg_symmetric_edges(n, c->sizes, edges);
    bool mtf = sg_minimal_transversal_free(n, edges, ne, NULL);
    bool moore = true;
    int z[SG_MAXN];
    sg_sorted_first(&sb, z);
    size_t r = 0;
    do {
      if (ci == 1) moore &= (G[r] == 0) == moore_p(z, n, 2);
      r++;
    } while (sg_sorted_next(&sb, z));

    key(k, sizeof k, c, "B");
    rw_int(w, "SG5", k, B);
    key(k, sizeof k, c, "mtf");
    rw_bool(w, "SG5", k, mtf);
    key(k, sizeof k, c, "jm");
    rw_bool(w, "SG5", k, row.agree);
    key(k, sizeof k, c, "differ");
    rw_int(w, "SG5", k, (int64_t)row.differ);
    if (!row.agree) {
      char buf[128];
      size_t len = (size_t)g_snprintf(buf, sizeof buf, "(");
      for (int i = 0; i < n; i++) len += (size_t)g_snprintf(buf + len, sizeof buf - len, i ? ",%d" : "%d", row.first[i]);
      g_snprintf(buf + len, sizeof buf - len, ")");
      key(k, sizeof k, c, "first");
      rw_word(w, "SG5", k, buf);
      key(k, sizeof k, c, "first_sg");
      rw_int(w, "SG5", k, row.sg_first);
      key(k, sizeof k, c, "first_u");
      rw_int(w, "SG5", k, row.u_first);
    }
    key(k, sizeof k, c, "p");
    rw_int(w, "SG5", k, (int64_t)row.p_positions);
    key(k, sizeof k, c, "max_sg");
    rw_int(w, "SG5", k, row.max_sg);
    if (ci == 1) rw_bool(w, "SG5", "b_moore_p", moore);
    all &= row.agree == (ci == 0) && row.agree == mtf && moore;

    if (ci == 0) { /* the general engine on a smaller box */
      int gB = e.profile == PROFILE_FULL ? 10 : 6;
      SgBox box;
      SgSorted gs;
      if (!sg_box_init(&box, n, gB) || !sg_sorted_init(&gs, n, gB)) return 3;
      g_autofree SgValue *g = sg_solve(&box, edges, ne);
      g_autofree SgValue *t = sg_tetris(&box, edges, ne);
      g_autofree SgValue *u = sg_jm_table(&box, t);
      g_autofree SgValue *s = sg_solve_symmetric(&gs, c->sizes);
      g_autofree SgValue *x = sg_expand(&box, &gs, s);
      bool ok = memcmp(g, x, box.npos * sizeof *g) == 0 && sg_tables_agree(&box, g, u, NULL);
      rw_int(w, "SG5", "a_general_B", gB);
      rw_bool(w, "SG5", "a_general", ok);
      all &= ok;
      sg_sorted_clear(&gs);
    }

    if (fig) {
      fprintf(fig, "# case %s: n = %d, spectrum mask %#x; slice (i, j", c->id, n, c->sizes);
      for (int i = 2; i < n; i++) fprintf(fig, ", %d", rest[i - 2]);
      fprintf(fig, ")\n# i\tj\tSG\tU\tP\tdiffer\n");
      for (int j = 0; j <= S; j++) {
        for (int i = 0; i <= S; i++) {
          int x[SG_MAXN] = {i, j};
          for (int q = 2; q < n; q++) x[q] = rest[q - 2];
          for (int a = 1; a < n; a++) /* sort to find the representative */
            for (int b = a; b > 0 && x[b - 1] > x[b]; b--) {
              int tmp = x[b];
              x[b] = x[b - 1], x[b - 1] = tmp;
            }
          size_t rk = sg_sorted_rank(&sb, x);
          fprintf(fig, "%d\t%d\t%d\t%d\t%d\t%d\n", i, j, G[rk], U[rk], G[rk] == 0, G[rk] != U[rk]);
        }
        fprintf(fig, "\n");
      }
      fprintf(fig, "\n");
    }
    sg_sorted_clear(&sb);
  }
  expt_close_file(&e, fig);
  if (!all) fprintf(stderr, "nim-named: a check failed\n");
  if (rw_close(w) != 0) return 3;
  return all ? 0 : 1;
}
