/* experiments/ninerow/graph.c — KR5, KR6, KR7: the graph of the 194,543
 * pairing classes.
 *
 * Paper: Győrffy, London & Makay (shared/papers/nine-in-a-row-pairings.txt),
 * §5 (missing from our copy) and §6, Tables 1 and 2.
 *
 * The vertices are the classes, enumerated here again by src/torus8.c (the
 * same engine as experiments/ninerow/pairings.c; about a second).  The
 * edges are the paper's "moving transition", read as a chain of slides
 * (src/torus.c, tg_slide_move): free a cell; its domino slides one step
 * along its own line, away from it, onto a cell whose domino then slides
 * away in turn, until a domino lands on the freed cell.  Each domino stays
 * in its line, so the result is again good; P xor Q is one alternating
 * cycle.  The §6 remarks fit this reading: the program "tries to free up
 * each cell", moving "back the last pair" returns to the first pairing, and
 * a move on the component of Fig. 6 changes one 3-domino triangle.  For
 * every representative and every cell the chain is followed, the result
 * canonicalised and looked up (tg_class_graph); loops and repeated edges
 * are dropped.  src/classgraph.c then measures the graph with igraph.
 * KR5 (Tables 1, 2): `vertices`, `edges`, `components`, `degree_min`,
 *   `degree_max`, `degree_avg` (exact) and `degree_avg_2dp` (rounded as
 *   printed), `degree_count_d` for every degree d.
 * KR6: `giant_size`, `giant_diameter` (BoundingDiameters, exact; full
 *   profile only), `components_of_size_s`, `diameter_of_size_s` (the largest
 *   among those components, igraph_diameter), `cubes_of_size_16` (how many
 *   16-vertex components igraph_isomorphic finds isomorphic to Q_4).
 * KR7: `triangles` (igraph_list_triangles) and `triangle_free`;
 *   `induced_cycles_k` for k = 3..8 (k <= 6 in the quick profile), counted
 *   by a search over induced paths, which must agree with igraph on k = 3;
 *   `girth`; `bipartite` (igraph); `only_4_induced_cycles` = no induced
 *   cycle of length 5..8 (5..6 quick; odd lengths are excluded by
 *   bipartiteness anyway).
 * Other readings of §5, side by side (claim KR5, keys `reading_*`): every
 *   good Q with P xor Q a single alternating cycle of 6 cells (the
 *   "triangles"), and in the full profile of at most 8 and at most 10 cells
 *   (tg_cycle_moves).  Edges only grow with the bound, so the unbounded
 *   cycle reading has at least as many edges as the largest bound computed.
 * Every move made is checked by tg_check (`moves_checked`).
 * --figdata PREFIX writes PREFIX-degrees.dat (degree <tab> classes) and
 *   PREFIX-component.dat (the smallest component by Kamada–Kawai, and the
 *   first 16-vertex 4-cube drawn as Q_4 after a verified labelling: blocks
 *   of edge segments and of vertices).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classgraph.h"
#include "expt.h"
#include "torus8.h"

static void reading(ResultWriter *w, const TorusGame *g, const T8Result *r, const char *name,
                    int maxlen, int threads, bool *ok) {
  g_autofree char *label = g_strdup_printf("ninerow-graph: %s moves", name);
  TgGraph gr;
  tg_class_graph(g, r->reps, (uint32_t)r->classes, TG_MOVES_CYCLE, maxlen, false, threads, label,
                 &gr);
  CgStats st;
  CgOptions opt = {0, threads, 1, NULL};
  *ok &= gr.missing == 0 && cg_analyse((uint32_t)r->classes, gr.edges, gr.ne, &opt, &st);
  char key[64];
  snprintf(key, sizeof key, "reading_%s_edges", name);
  rw_int(w, "KR5", key, (int64_t)gr.ne);
  snprintf(key, sizeof key, "reading_%s_components", name);
  rw_int(w, "KR5", key, st.ncomp);
  snprintf(key, sizeof key, "reading_%s_degree_min", name);
  rw_int(w, "KR5", key, st.deg_min);
  snprintf(key, sizeof key, "reading_%s_degree_max", name);
  rw_int(w, "KR5", key, st.deg_max);
  snprintf(key, sizeof key, "reading_%s_degree_avg", name);
  rw_rational(w, "KR5", key, (int64_t)st.deg_sum, st.nv);
  snprintf(key, sizeof key, "reading_%s_loops", name);
  rw_int(w, "KR5", key, (int64_t)gr.loops);
  cg_stats_clear(&st);
  tg_graph_clear(&gr);
}

/* num/den rounded half up to two decimals, as a word "a.bc" */
static void two_decimals(char *buf, size_t n, uint64_t num, uint64_t den) {
  uint64_t h = (200 * num + den) / (2 * den);
  snprintf(buf, n, "%llu.%02llu", (unsigned long long)(h / 100), (unsigned long long)(h % 100));
}

/* A labelling of the component (n vertices, m edges as local index pairs) as
 * the d-cube Q_d with 2^d = n: label[v] in 0..n-1 such that the edges are
 * exactly the pairs of labels differing in one bit.  Breadth-first from
 * vertex 0: its neighbours become the unit vectors 1, 2, 4, ...; a vertex at
 * distance k >= 2 gets the OR of its neighbours at distance k - 1.  The result
 * is then verified edge by edge; false if the component is not a d-cube. */
static bool cube_labels(uint32_t n, uint32_t m, const uint32_t *le, uint32_t *label) {
  uint32_t d = 0;
  while ((1u << d) < n) d++;
  if ((1u << d) != n || m != (uint64_t)d * n / 2) return false;
  g_autofree uint32_t *dist = g_new(uint32_t, n), *queue = g_new(uint32_t, n);
  g_autofree bool *used = g_new0(bool, n);
  for (uint32_t v = 0; v < n; v++) dist[v] = UINT32_MAX, label[v] = 0;
  uint32_t head = 0, tail = 0, units = 0;
  dist[0] = 0;
  queue[tail++] = 0;
  while (head < tail) {
    uint32_t v = queue[head++];
    for (uint32_t k = 0; k < m; k++) {
      if (le[2 * k] != v && le[2 * k + 1] != v) continue;
      uint32_t u = le[2 * k] == v ? le[2 * k + 1] : le[2 * k];
      if (dist[u] == UINT32_MAX) {
        dist[u] = dist[v] + 1;
        queue[tail++] = u;
        if (dist[u] == 1) {
          if (units == d) return false;
          label[u] = 1u << units++;
        }
      }
      if (dist[u] >= 2 && dist[u] == dist[v] + 1) label[u] |= label[v];
    }
  }
  if (tail != n) return false;
  for (uint32_t v = 0; v < n; v++) {
    if (label[v] >= n || used[label[v]]) return false;
    used[label[v]] = true;
  }
  for (uint32_t k = 0; k < m; k++) {
    uint32_t x = label[le[2 * k]] ^ label[le[2 * k + 1]];
    if (x == 0 || (x & (x - 1)) != 0) return false;
  }
  return true; /* a bijection onto 0..n-1 mapping the m = d n / 2 edges to edges of Q_d */
}

/* The usual drawing of Q_4 (its Petrie projection, two concentric octagons):
 * coordinate i in {0,1} contributes -/+ the unit vector at angle i * 45
 * degrees, so every edge of one dimension is drawn parallel. */
static void cube_xy(uint32_t label, double *x, double *y) {
  static const double c = 0.70710678118654752;
  static const double ux[4] = {1, c, 0, -c}, uy[4] = {0, c, 1, c};
  *x = *y = 0;
  for (int i = 0; i < 4; i++) {
    double s = (label >> i & 1) ? 1.0 : -1.0;
    *x += s * ux[i];
    *y += s * uy[i];
  }
}

/* Blocks "edges x y dx dy" and "vertices x y degree label".  A 16-vertex
 * component that is a 4-cube (labelling verified) is drawn as Q_4 and its
 * vertices labelled by their coordinates (bit 0 first); any other by igraph's
 * Kamada–Kawai layout, labelled by degree. */
static void write_component(FILE *f, const CgStats *st, const uint32_t *edges, uint64_t ne,
                            uint32_t comp) {
  uint32_t n, m, *verts, *le;
  double *xy;
  cg_layout(st, edges, ne, comp, &n, &verts, &xy, &m, &le);
  g_autofree uint32_t *label = g_new(uint32_t, n);
  bool cube = n == 16 && cube_labels(n, m, le, label);
  if (cube)
    for (uint32_t i = 0; i < n; i++) cube_xy(label[i], &xy[2 * i], &xy[2 * i + 1]);
  fprintf(f, "# component %u: %u vertices, %s; edges x y dx dy\n", comp, n,
          cube ? "drawn as the 4-cube (labelling verified)" : "Kamada-Kawai layout");
  for (uint32_t i = 0; i < m; i++) {
    uint32_t a = le[2 * i], b = le[2 * i + 1];
    fprintf(f, "%.4f %.4f %.4f %.4f\n", xy[2 * a], xy[2 * a + 1], xy[2 * b] - xy[2 * a],
            xy[2 * b + 1] - xy[2 * a + 1]);
  }
  fprintf(f, "\n\n# vertices x y degree label (%s)\n", cube ? "4-cube coordinates" : "the degree");
  for (uint32_t i = 0; i < n; i++) {
    int deg = 0;
    for (uint32_t k = 0; k < m; k++) deg += (le[2 * k] == i) + (le[2 * k + 1] == i);
    char lab[16];
    if (cube)
      snprintf(lab, sizeof lab, "%u%u%u%u", label[i] & 1, label[i] >> 1 & 1, label[i] >> 2 & 1,
               label[i] >> 3 & 1);
    else
      snprintf(lab, sizeof lab, "%d", deg);
    fprintf(f, "%.4f %.4f %d %s\n", xy[2 * i], xy[2 * i + 1], deg, lab);
  }
  fprintf(f, "\n\n");
  g_free(verts);
  g_free(xy);
  g_free(le);
}

static gchar *opt_figdata = NULL;

int main(int argc, char **argv) {
  GOptionEntry own[] = {{"figdata", 0, 0, G_OPTION_ARG_FILENAME, &opt_figdata,
                         "write PREFIX-degrees.dat and PREFIX-component.dat", "PREFIX"},
                        G_OPTION_ENTRY_NULL};
  Expt e;
  expt_parse(&e, &argc, &argv, "ninerow-graph", "KR5-KR7: the graph of the pairing classes.", own);
  bool full = e.profile == PROFILE_FULL;
  int maxhole = full ? 8 : 6;
  g_autofree char *deg = opt_figdata ? g_strdup_printf("%s-degrees.dat", opt_figdata) : NULL;
  g_autofree char *cmp = opt_figdata ? g_strdup_printf("%s-component.dat", opt_figdata) : NULL;
  FILE *fdeg = expt_open_figdata(&e, deg), *fcmp = expt_open_figdata(&e, cmp);
  ResultWriter *w = expt_open_results(&e);
  TorusGame g;
  tg_init(&g, TG_SQUARE8);
  bool ok = true;

  T8Result r;
  t8_enumerate(&g, T8_ENGINE, e.threads, NULL, 0, true, "ninerow-graph: classes", &r);
  TgGraph gr;
  tg_class_graph(&g, r.reps, (uint32_t)r.classes, TG_MOVES_SLIDE, 0, true, e.threads,
                 "ninerow-graph: moves", &gr);
  CgStats st;
  CgOptions opt = {maxhole, e.threads, full ? 0 : CG_SMALL, "ninerow-graph: induced cycles"};
  bool analysed = cg_analyse((uint32_t)r.classes, gr.edges, gr.ne, &opt, &st);
  ok &= analysed && gr.missing == 0 && gr.bad == 0;
  if (!analysed) {
    fprintf(stderr, "ninerow-graph: the move graph has loops or repeated edges\n");
    rw_close(w);
    return 1;
  }

  /* KR5 */
  rw_int(w, "KR5", "vertices", st.nv);
  rw_int(w, "KR5", "edges", (int64_t)st.ne);
  rw_int(w, "KR5", "components", st.ncomp);
  rw_int(w, "KR5", "degree_min", st.deg_min);
  rw_int(w, "KR5", "degree_max", st.deg_max);
  rw_rational(w, "KR5", "degree_avg", (int64_t)st.deg_sum, st.nv);
  char avg[32];
  two_decimals(avg, sizeof avg, st.deg_sum, st.nv);
  rw_word(w, "KR5", "degree_avg_2dp", avg);
  for (uint32_t d = 0; d <= st.deg_max; d++) {
    char key[40];
    snprintf(key, sizeof key, "degree_count_%u", d);
    if (st.deg_hist[d] || d > 0) rw_int(w, "KR5", key, (int64_t)st.deg_hist[d]);
  }
  rw_int(w, "KR5", "moves", (int64_t)gr.moves);
  rw_int(w, "KR5", "moves_into_own_class", (int64_t)gr.loops);
  rw_bool(w, "KR5", "moves_checked", gr.bad == 0);
  rw_int(w, "KR5", "longest_move_cells", gr.longest);

  /* KR6 */
  rw_int(w, "KR6", "giant_size", st.comp_size[0]);
  if (full) rw_int(w, "KR6", "giant_diameter", st.comp_diam[0]);
  uint32_t cubes16 = 0;
  for (uint32_t c = 1; c < st.ncomp; c++) {
    if (c > 1 && st.comp_size[c] == st.comp_size[c - 1]) continue;
    uint32_t s = st.comp_size[c], count = 0, diam = 0;
    for (uint32_t k = 1; k < st.ncomp; k++)
      if (st.comp_size[k] == s) {
        count++;
        diam = MAX(diam, st.comp_diam[k]);
        if (s == 16) cubes16 += st.hypercube[k];
      }
    char key[48];
    snprintf(key, sizeof key, "components_of_size_%u", s);
    rw_int(w, "KR6", key, count);
    snprintf(key, sizeof key, "diameter_of_size_%u", s);
    rw_int(w, "KR6", key, diam);
  }
  rw_int(w, "KR6", "cubes_of_size_16", cubes16);

  /* KR7 */
  bool holes_ok = st.holes[3] == st.triangles, only4 = true;
  int girth = 0;
  for (int k = 3; k <= maxhole; k++) {
    char key[40];
    snprintf(key, sizeof key, "induced_cycles_%d", k);
    rw_int(w, "KR7", key, (int64_t)st.holes[k]);
    if (k >= 5 && st.holes[k]) only4 = false;
    if (!girth && st.holes[k]) girth = k; /* a shortest cycle is induced */
  }
  rw_int(w, "KR7", "triangles", (int64_t)st.triangles);
  rw_bool(w, "KR7", "triangle_free", st.triangles == 0);
  rw_int(w, "KR7", "girth", girth);
  rw_bool(w, "KR7", "bipartite", st.bipartite);
  rw_int(w, "KR7", "induced_cycles_checked_up_to", maxhole);
  rw_bool(w, "KR7", "only_4_induced_cycles", only4 && st.triangles == 0);
  rw_bool(w, "KR7", "hole_search_agrees", holes_ok);
  ok &= holes_ok;

  if (opt_figdata) {
    FILE *f = fdeg;
    fprintf(f, "# degree\tclasses (ours)\n");
    for (uint32_t d = 1; d <= st.deg_max; d++)
      fprintf(f, "%u\t%llu\n", d, (unsigned long long)st.deg_hist[d]);
    expt_close_file(&e, fdeg);
    f = fcmp;
    uint32_t cube = st.ncomp;
    for (uint32_t c = 0; c < st.ncomp && cube == st.ncomp; c++)
      if (st.hypercube[c] && st.comp_size[c] == 16) cube = c;
    write_component(f, &st, gr.edges, gr.ne, st.ncomp - 1);
    if (cube < st.ncomp) write_component(f, &st, gr.edges, gr.ne, cube);
    expt_close_file(&e, fcmp);
  }
  cg_stats_clear(&st);
  tg_graph_clear(&gr);

  /* the other readings of §5 */
  reading(w, &g, &r, "cycle6", 6, e.threads, &ok);
  if (full) {
    reading(w, &g, &r, "cycle8", 8, e.threads, &ok);
    reading(w, &g, &r, "cycle10", 10, e.threads, &ok);
  }
  t8_result_clear(&r);
  if (rw_close(w) != 0) return 3;
  return ok ? 0 : 1;
}
