/* experiments/ninerow/hex.c — KR8: hexagonal 7-in-a-row, the 6 x 6 torus
 * with three directions.
 *
 * Paper: Győrffy, London & Makay (shared/papers/nine-in-a-row-pairings.txt),
 * §7, Theorem 3, Figure 8.
 *
 * The hexagonal board is the square grid with the directions E, S and SE
 * (src/ninerow/torus.h, TG_HEX6): 36 cells, 18 lines, a good pairing has one domino
 * along every line.  What is computed:
 *   - every good pairing (`labelled`), by the plain exact-cover search;
 *   - the number of classes under each group of symmetries the text could
 *     mean, by Burnside's lemma from the fixed points of every element
 *     (tg_fixed_counts): translations alone (T), with the half turn (C2),
 *     the third turns (C3), all six turns (C6), the dihedral group of the
 *     triangle whose three reflections have their axes along the lines
 *     (D3_lines) or across them (D3_across), and all twelve (D6).  The
 *     paper names "three rotational symmetries (0, 120, 240) and three
 *     reflectional symmetries": a D3.  For D3_lines and D6 the classes are
 *     also counted as distinct canonical forms (`burnside_agrees`);
 *   - the graph of the paper's Figure 8 with the moving transition of §5 read
 *     as in experiments/ninerow/graph.c (chains of slides), on the classes
 *     under D3_lines: vertices, edges, degrees, connectivity, diameter,
 *     triangles (src/ninerow/classgraph.c, igraph); for the other groups the
 *     vertices and edges side by side (`graph_<group>_edges`).
 *   Every move is checked by tg_check.  Both profiles run everything (well
 *   under a second).
 * --figdata PREFIX writes PREFIX-graph.dat (Kamada–Kawai drawing of the
 *   D3_lines graph: a block of edge segments, a block of vertices).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ninerow/classgraph.h"
#include "plumbing/expt.h"
#include "ninerow/torus.h"

typedef struct {
  const char *name;
  uint32_t mask; /* point elements R^k S^e, bit 6e + k */
} Group;

static const Group groups[] = {
    {"T", 0x001},          {"T_C2", 0x009},        {"T_C3", 0x015}, {"T_C6", 0x03f},
    {"T_D3_lines", 0x555}, {"T_D3_across", 0xa95}, {"T_D6", 0xfff},
};

static void collect(const uint8_t *code, void *ctx) { g_array_append_vals(ctx, code, 36); }

static int cmp36(const void *a, const void *b) { return memcmp(a, b, 36); }

/* the distinct canonical forms of the labelled pairings under the group */
static GArray *classes_of(TorusGame *g, const GArray *labelled, uint32_t mask, uint64_t *orbits) {
  if (!tg_set_group(g, mask)) g_error("ninerow-hex: group mask %#x is not a group", mask); /* not g_assert: it sets the group */
  GArray *reps = g_array_new(FALSE, FALSE, 1);
  guint n = labelled->len / 36;
  uint8_t canon[36];
  for (guint i = 0; i < n; i++) {
    tg_canon(g, (const uint8_t *)labelled->data + 36 * i, canon, NULL);
    g_array_append_vals(reps, canon, 36);
  }
  qsort(reps->data, n, 36, cmp36);
  guint k = 0;
  for (guint i = 0; i < n; i++)
    if (i == 0 || memcmp(reps->data + 36 * i, reps->data + 36 * (k - 1), 36) != 0)
      memmove(reps->data + 36 * k++, reps->data + 36 * i, 36);
  g_array_set_size(reps, 36 * k);
  *orbits = 0;
  for (guint i = 0; i < k; i++) {
    int stab;
    tg_canon(g, (const uint8_t *)reps->data + 36 * i, canon, &stab);
    *orbits += (uint64_t)(g->ngroup / stab);
  }
  return reps;
}

static gchar *opt_figdata = NULL;

int main(int argc, char **argv) {
  GOptionEntry own[] = {{"figdata", 0, 0, G_OPTION_ARG_FILENAME, &opt_figdata,
                         "write PREFIX-graph.dat for the graph figure", "PREFIX"},
                        G_OPTION_ENTRY_NULL};
  Expt e;
  expt_parse(&e, &argc, &argv, "ninerow-hex", "KR8: hexagonal 7-in-a-row on the 6x6 torus.", own);
  g_autofree char *figpath = opt_figdata ? g_strdup_printf("%s-graph.dat", opt_figdata) : NULL;
  FILE *fig = expt_open_figdata(&e, figpath);
  ResultWriter *w = expt_open_results(&e);
  TorusGame g;
  tg_init(&g, TG_HEX6);
  bool ok = true;

  GArray *labelled = g_array_new(FALSE, FALSE, 1);
  uint64_t L = tg_enumerate(&g, 0, NULL, 0, collect, labelled);
  bool all_good = true;
  for (uint64_t i = 0; i < L; i++)
    all_good &= tg_check(&g, (const uint8_t *)labelled->data + 36 * i, NULL);
  rw_int(w, "KR8", "labelled", (int64_t)L);
  rw_bool(w, "KR8", "labelled_checked", all_good);
  ok &= all_good;

  /* Burnside for every group */
  uint64_t *fix = g_new0(uint64_t, g.ngroup);
  tg_fixed_counts(&g, fix, e.threads);
  fix[0] = L;
  for (size_t i = 0; i < G_N_ELEMENTS(groups); i++) {
    uint64_t sum = 0;
    int order = 0;
    for (int p = 0; p < g.npoint; p++)
      if (groups[i].mask >> p & 1) {
        order++;
        for (int t = 0; t < g.ncells; t++) sum += fix[p * g.ncells + t];
      }
    char key[48];
    snprintf(key, sizeof key, "classes_%s", groups[i].name);
    rw_rational(w, "KR8", key, (int64_t)sum, (int64_t)order * g.ncells);
  }

  /* canonical forms: D6 and the group of the graph */
  uint64_t orbits6, orbits3;
  GArray *r6 = classes_of(&g, labelled, 0xfff, &orbits6);
  GArray *reps = classes_of(&g, labelled, 0x555, &orbits3);
  uint32_t n = reps->len / 36;
  uint64_t sum3 = 0, sum6 = 0;
  for (int p = 0; p < g.npoint; p++)
    for (int t = 0; t < g.ncells; t++) {
      sum6 += fix[p * g.ncells + t];
      if (0x555 >> p & 1) sum3 += fix[p * g.ncells + t];
    }
  bool burnside = sum3 == (uint64_t)n * 216 && sum6 == (uint64_t)(r6->len / 36) * 432 &&
                  orbits3 == L && orbits6 == L;
  rw_int(w, "KR8", "classes", n);
  rw_int(w, "KR8", "classes_canonical_T_D6", r6->len / 36);
  rw_bool(w, "KR8", "burnside_agrees", burnside);
  ok &= burnside;

  /* the graph on the D3_lines classes */
  TgGraph gr;
  tg_class_graph(&g, (const uint8_t *)reps->data, n, TG_MOVES_SLIDE, 0, true, 1, NULL, &gr);
  CgStats st;
  CgOptions opt = {6, 1, 0, NULL};
  bool analysed = cg_analyse(n, gr.edges, gr.ne, &opt, &st);
  ok &= analysed && gr.bad == 0 && gr.missing == 0;
  if (!analysed) {
    fprintf(stderr, "ninerow-hex: the move graph has loops or repeated edges\n");
    rw_close(w);
    return 1;
  }
  uint64_t h = (200 * st.deg_sum + st.nv) / (2 * st.nv);
  char avg[32];
  snprintf(avg, sizeof avg, "%llu.%02llu", (unsigned long long)(h / 100),
           (unsigned long long)(h % 100));
  rw_int(w, "KR8", "vertices", st.nv);
  rw_int(w, "KR8", "edges", (int64_t)st.ne);
  rw_int(w, "KR8", "degree_min", st.deg_min);
  rw_int(w, "KR8", "degree_max", st.deg_max);
  rw_rational(w, "KR8", "degree_avg", (int64_t)st.deg_sum, st.nv);
  rw_word(w, "KR8", "degree_avg_2dp", avg);
  rw_bool(w, "KR8", "connected", st.ncomp == 1);
  rw_int(w, "KR8", "diameter", st.comp_diam[0]);
  rw_int(w, "KR8", "triangles", (int64_t)st.triangles);
  rw_bool(w, "KR8", "has_triangles", st.triangles > 0);
  rw_int(w, "KR8", "moves_into_own_class", (int64_t)gr.loops);
  rw_bool(w, "KR8", "moves_checked", gr.bad == 0);
  if (opt_figdata) {
    FILE *f = fig;
    uint32_t nv, m, *verts, *le;
    double *xy;
    cg_layout(&st, gr.edges, gr.ne, 0, &nv, &verts, &xy, &m, &le);
    fprintf(f, "# edges x y dx dy\n");
    for (uint32_t i = 0; i < m; i++)
      fprintf(f, "%.4f %.4f %.4f %.4f\n", xy[2 * le[2 * i]], xy[2 * le[2 * i] + 1],
              xy[2 * le[2 * i + 1]] - xy[2 * le[2 * i]],
              xy[2 * le[2 * i + 1] + 1] - xy[2 * le[2 * i] + 1]);
    fprintf(f, "\n\n# vertices x y degree\n");
    for (uint32_t i = 0; i < nv; i++) {
      int deg = 0;
      for (uint32_t k = 0; k < m; k++) deg += (le[2 * k] == i) + (le[2 * k + 1] == i);
      fprintf(f, "%.4f %.4f %d\n", xy[2 * i], xy[2 * i + 1], deg);
    }
    expt_close_file(&e, fig);
    g_free(verts);
    g_free(xy);
    g_free(le);
  }
  cg_stats_clear(&st);
  tg_graph_clear(&gr);

  /* the same graph under the other groups, side by side */
  for (size_t i = 0; i < G_N_ELEMENTS(groups); i++) {
    if (groups[i].mask == 0x555) continue;
    uint64_t orbits;
    GArray *rr = classes_of(&g, labelled, groups[i].mask, &orbits);
    TgGraph gg;
    tg_class_graph(&g, (const uint8_t *)rr->data, rr->len / 36, TG_MOVES_SLIDE, 0, true, 1, NULL,
                   &gg);
    ok &= gg.bad == 0 && gg.missing == 0 && orbits == L;
    char key[48];
    snprintf(key, sizeof key, "graph_%s_vertices", groups[i].name);
    rw_int(w, "KR8", key, rr->len / 36);
    snprintf(key, sizeof key, "graph_%s_edges", groups[i].name);
    rw_int(w, "KR8", key, (int64_t)gg.ne);
    tg_graph_clear(&gg);
    g_array_free(rr, TRUE);
  }
  g_free(fix);
  g_array_free(r6, TRUE);
  g_array_free(reps, TRUE);
  g_array_free(labelled, TRUE);
  if (rw_close(w) != 0) return 3;
  return ok ? 0 : 1;
}
