/* bench-scaling — how the cost of one engine per paper grows with the size of
 * its instance: each engine is timed on a geometric (or, where the instances
 * come nested, an increasing) series of sizes, for the log–log plot and the
 * fitted exponents of the report's Performance chapter (figures/perf-scaling.gp,
 * paper/perf.sh).  `make bench` writes the output to build/scaling.tsv.
 *
 *   bench-scaling [--quick] [--engine NAME]
 *
 * Output: TSV on stdout, a header line and one row per instance,
 *   engine        the engine's name (below);
 *   size_measure  what `size` counts (one word);
 *   size          the size of the instance (the plot's x axis);
 *   seconds       wall-clock seconds for ONE instance: the instance is solved
 *                 again and again, in batches of at least 10 ms, until at
 *                 least 50 ms have passed (5 ms and 1 ms with --quick), and
 *                 the least batch mean is kept (an instance that takes longer
 *                 is solved once);
 *   work          a count of what the engine did on one instance (below);
 *   instance      the instance, in the paper's notation.
 * Everything but `seconds` is the same from run to run.  One thread
 * throughout, so the exponents are not blurred by parallel speed-up.  Every
 * instance's answer is checked after the timing (the checks are not timed);
 * a failed check prints one line on stderr, drops the row and makes the exit
 * status 1.
 *
 * The engines, with their size and work:
 *   cubic-pregame     Cain–Raymond–Källersjö §3.1: a pre-game pairing of the
 *                     n^3 board by Hopcroft–Karp on "every line twice vs the
 *                     cells" (graph and matching timed; the board and its
 *                     lines are built beforehand).
 *                     size = cells n^3, work = edges of the graph (2 n ×
 *                     lines), n = 8 .. 64.  Check: the matching saturates
 *                     the doubled lines, it is maximum by a König cover
 *                     (bm_is_maximum), and for n^3 <= 6561 the pairing passes
 *                     the independent grid checker (pairgrid.h).
 *   hypercube-verify  Naimi–Sundberg Theorem 4: the subcube verifier
 *                     (subcube.h) on the §5 recipe's strategy for
 *                     Q(N, K(N)), N = 8 .. 23 (the build is not timed).
 *                     size = K-subcubes checked C(N,K) 2^(N-K), work = pairs
 *                     of the strategy.  Check: every subcube blocked, the
 *                     strategy a matching, and for N <= 10 the brute-force
 *                     verifier of cube.h agrees.
 *   nim-sg            Boros et al.: the symmetric Sprague–Grundy engine
 *                     (sgnim.h) on Moore's NIM_4, H(1,2,3,4) with 5 piles,
 *                     on the box [0,B]^5, B = 3 .. 42.  size = positions of
 *                     the box (B+1)^5, work = sorted positions (orbit
 *                     representatives) the engine solves, C(B+5,5).  Check:
 *                     on every representative, SG = 0 exactly where Moore's
 *                     theorem puts the P-positions (every binary digit's
 *                     column sum divisible by 5).
 *   ninerow-enum      Győrffy–London–Makay §4: the class enumeration of
 *                     torus8.h (one thread, representatives kept) on nested
 *                     sub-enumerations: the good pairings of the 8×8 torus
 *                     containing the origin domino and the first j dominoes
 *                     of the canonical Hales–Jewett pairing, j = 6, 5, 4, 3,
 *                     2, 0 (j = 0 is the whole enumeration of the paper).
 *                     size = classes found, work = search nodes.  Check:
 *                     every representative passes tg_check, each sample's
 *                     representatives lie among the next (larger) one's,
 *                     and on the smallest two the paper's method
 *                     (T8_BASELINE) finds the same classes.
 *   lattice-thm1      Kruczek–Sundberg Theorem 1 in Z^3: the assignment
 *                     (a perfect matching on Z_n^3), the low/high pairing and
 *                     the periodic checker lat_check (all timed) for the
 *                     direction sets S_n = the first n primitive vectors of
 *                     [-2,2]^3 whose first nonzero coordinate is 1 (by
 *                     largest coordinate, then lexicographically), so the
 *                     period torus is (2n)^3; n = |S| = 2 .. 16.  size =
 *                     cells of the period torus, work = lines checked
 *                     (cells × n).  Check: the assignment passes
 *                     lat_assign_ok and the pairing blocks every line of
 *                     length 3n (0 < least m <= 3|S|).
 * --quick keeps the three or four smallest sizes of each engine (a second or
 * two in all); --engine NAME runs that engine only.  A bad argument: one line
 * on stderr, exit 2, nothing on stdout. */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hypercube/binps.h"
#include "game/board.h"
#include "lattice/lattice.h"
#include "solvers/matching.h"
#include "game/pairgrid.h"
#include "nim/sgnim.h"
#include "hypercube/subcube.h"
#include "ninerow/torus8.h"

static double now(void) { return (double)g_get_monotonic_time() / 1e6; }

/* ---- timing and output ---- */
typedef struct {
  double min_seconds; /* each instance is repeated until this much time has passed */
  bool quick;
  int failures;
} Run;

/* seconds per call of fn(ctx): calls in batches of at least a fifth of
 * run->min_seconds each, until run->min_seconds have passed; the least
 * batch mean is kept (other work on a shared machine only ever adds time) */
static double time_it(const Run *run, void (*fn)(void *), void *ctx) {
  double best = G_MAXDOUBLE, t0 = now(), t;
  do {
    uint64_t reps = 0;
    double b0 = now(), b;
    do {
      fn(ctx);
      reps++;
    } while ((b = now() - b0) < run->min_seconds / 5);
    best = MIN(best, b / (double)reps);
  } while ((t = now() - t0) < run->min_seconds);
  return best;
}

static void row(const char *engine, const char *measure, uint64_t size, double seconds, uint64_t work,
                const char *instance) {
  printf("%s\t%s\t%llu\t%.6g\t%llu\t%s\n", engine, measure, (unsigned long long)size, seconds,
         (unsigned long long)work, instance);
  fflush(stdout);
}

static void failed(Run *run, const char *engine, const char *instance, const char *what) {
  fprintf(stderr, "bench-scaling: %s on %s: %s\n", engine, instance, what);
  run->failures++;
}

/* ---- cubic tic-tac-toe: the pre-game pairing of n^3 by matching ---- */
typedef struct {
  int n;
  Board *b;
  uint32_t nl, *start, *adj, *ml, *mr;
  size_t size;
} Cubic;

static void cubic_clear_graph(Cubic *c) {
  g_free(c->start);
  g_free(c->adj);
  g_free(c->ml);
  g_free(c->mr);
  c->start = c->adj = c->ml = c->mr = NULL;
}

/* the timed job: the graph "every line twice vs the cells" and its maximum
 * matching (the board, with its line list, is built beforehand) */
static void cubic_solve(void *p) {
  Cubic *c = p;
  cubic_clear_graph(c);
  c->nl = 2 * (uint32_t)hg_ne(c->b->lines);
  c->start = g_new(uint32_t, c->nl + 1);
  c->adj = g_new(uint32_t, (size_t)c->nl * (size_t)c->n);
  uint32_t e = 0;
  for (uint32_t u = 0; u < c->nl; u++) {
    c->start[u] = e;
    const uint32_t *cells = hg_edge(c->b->lines, u / 2);
    for (int t = 0; t < c->n; t++) c->adj[e++] = cells[t];
  }
  c->start[c->nl] = e;
  c->ml = g_new(uint32_t, c->nl);
  c->mr = g_new(uint32_t, c->b->ncells);
  BipGraph g = {c->nl, c->b->ncells, c->start, c->adj};
  c->size = bm_hopcroft_karp(&g, c->ml, c->mr, false, NULL);
}

static const char *cubic_check(const Cubic *c) {
  BipGraph g = {c->nl, c->b->ncells, c->start, c->adj};
  if (c->size != c->nl) return "no matching saturates the doubled lines";
  if (!bm_is_maximum(&g, c->ml, c->mr)) return "the matching has no Konig certificate";
  if (c->b->ncells > 6561) return NULL; /* beyond the grid checker's range */
  PairGrid *pg = pg_new(c->n, 3);
  for (uint32_t u = 0; u < c->nl; u += 2) pg_add_pair(pg, c->ml[u], c->ml[u + 1]);
  PgChecker *chk = pg_checker_new(c->n, 3);
  bool ok = pg_check(chk, pg, NULL, NULL);
  pg_checker_free(chk);
  pg_free(pg);
  return ok ? NULL : "the grid checker rejects the pairing";
}

static void bench_cubic(Run *run) {
  static const int full[] = {8, 10, 13, 16, 20, 25, 32, 40, 50, 64}; /* board.h: n <= 64 */
  size_t count = run->quick ? 4 : G_N_ELEMENTS(full);
  for (size_t i = 0; i < count; i++) {
    Cubic c = {.n = full[i], .b = board_new(full[i], 3)};
    double s = time_it(run, cubic_solve, &c);
    char inst[32];
    snprintf(inst, sizeof inst, "%d^3", c.n);
    const char *bad = cubic_check(&c);
    if (bad)
      failed(run, "cubic-pregame", inst, bad);
    else
      row("cubic-pregame", "cells", c.b->ncells, s, c.start[c.nl], inst);
    cubic_clear_graph(&c);
    board_free(c.b);
  }
}

/* ---- the hypercube: verifying the §5 recipe's strategies ---- */
typedef struct {
  int N, K;
  const GArray *pairs;
  bool ok;
  uint64_t checked;
} Hyper;

static void hyper_verify(void *p) {
  Hyper *h = p;
  h->ok = sv_verify(h->N, h->K, (const VPair *)h->pairs->data, h->pairs->len, NULL, &h->checked);
}

static void bench_hypercube(Run *run) {
  int last = run->quick ? 11 : 23;
  for (int N = 8; N <= last; N++) {
    int64_t K;
    g_autoptr(GArray) pairs = bp_recipe_build(N, &K);
    Hyper h = {N, (int)K, pairs, false, 0};
    double s = time_it(run, hyper_verify, &h);
    char inst[32];
    snprintf(inst, sizeof inst, "Q(%d,%d)", N, h.K);
    const VPair *v = (const VPair *)pairs->data;
    uint64_t brute = 0;
    if (!h.ok || h.checked != sv_subcubes(N, h.K))
      failed(run, "hypercube-verify", inst, "the verifier finds an unblocked subcube");
    else if (!sv_is_matching(N, v, pairs->len))
      failed(run, "hypercube-verify", inst, "the strategy is not a matching");
    else if (N <= 10 && (!cube_first_unblocked(N, h.K, v, pairs->len, NULL, &brute) || brute != h.checked))
      failed(run, "hypercube-verify", inst, "the brute-force verifier disagrees");
    else
      row("hypercube-verify", "subcubes", h.checked, s, pairs->len, inst);
  }
}

/* ---- hypergraph NIM: Moore's NIM_4 on growing boxes ---- */
enum { NIM_N = 5, MOORE_K = 4 }; /* NIM_k: move on 1..k piles at once */
typedef struct {
  SgSorted sb;
  SgValue *sg;
} Nim;

static void nim_solve(void *p) {
  Nim *m = p;
  g_free(m->sg);
  m->sg = sg_solve_symmetric(&m->sb, (1u << MOORE_K) - 1); /* λ = (1,..,k) */
}

/* Moore: x is a P-position of NIM_k iff every binary digit's column sum is
 * divisible by k + 1 (here k = 4) */
static bool nim_moore_agrees(const Nim *m) {
  int z[SG_MAXN];
  size_t r = 0;
  sg_sorted_first(&m->sb, z);
  do {
    bool p = true;
    for (int bit = 0; bit < 16; bit++) {
      int col = 0;
      for (int i = 0; i < NIM_N; i++) col += z[i] >> bit & 1;
      p &= col % (MOORE_K + 1) == 0;
    }
    if ((m->sg[r] == 0) != p) return false;
    r++;
  } while (sg_sorted_next(&m->sb, z));
  return r == m->sb.count;
}

static void bench_nim(Run *run) {
  static const int full[] = {3, 4, 6, 9, 13, 19, 28, 42};
  size_t count = run->quick ? 4 : G_N_ELEMENTS(full);
  for (size_t i = 0; i < count; i++) {
    int B = full[i];
    Nim m = {.sg = NULL};
    if (!sg_sorted_init(&m.sb, NIM_N, B)) {
      failed(run, "nim-sg", "a box", "the sorted box is refused");
      continue;
    }
    double s = time_it(run, nim_solve, &m);
    char inst[32];
    snprintf(inst, sizeof inst, "[0,%d]^%d", B, NIM_N);
    if (!nim_moore_agrees(&m))
      failed(run, "nim-sg", inst, "SG = 0 differs from Moore's P-positions");
    else
      row("nim-sg", "positions", ipow((uint64_t)B + 1, NIM_N), s, m.sb.count, inst);
    g_free(m.sg);
    sg_sorted_clear(&m.sb);
  }
}

/* ---- 9-in-a-row: nested sub-enumerations of the 8×8 torus pairings ---- */
typedef struct {
  const TorusGame *g;
  const int *fixed;
  int nfixed;
  T8Result r;
} Nine;

static void nine_enumerate(void *p) {
  Nine *e = p;
  t8_result_clear(&e->r);
  t8_enumerate(e->g, T8_ENGINE, 1, e->fixed, e->nfixed, true, NULL, &e->r);
}

/* every representative of a (sorted) occurs in b (sorted) */
static bool reps_within(const T8Result *a, const T8Result *b) {
  uint64_t j = 0;
  for (uint64_t i = 0; i < a->classes; i++) {
    while (j < b->classes && memcmp(b->reps + 64 * j, a->reps + 64 * i, 64) < 0) j++;
    if (j == b->classes || memcmp(b->reps + 64 * j, a->reps + 64 * i, 64) != 0) return false;
  }
  return true;
}

static const char *nine_check(const Nine *e, const T8Result *smaller, bool with_baseline) {
  for (uint64_t i = 0; i < e->r.classes; i++)
    if (!tg_check(e->g, e->r.reps + 64 * i, NULL)) return "a representative is not a good pairing";
  if (smaller && !reps_within(smaller, &e->r)) return "a smaller sample's class is missing";
  if (with_baseline) {
    T8Result b;
    t8_enumerate(e->g, T8_BASELINE, 1, e->fixed, e->nfixed, true, NULL, &b);
    bool same = b.classes == e->r.classes && memcmp(b.reps, e->r.reps, 64 * b.classes) == 0;
    t8_result_clear(&b);
    if (!same) return "the paper's method finds other classes";
  }
  return NULL;
}

static void bench_ninerow(Run *run) {
  TorusGame g;
  tg_init(&g, TG_SQUARE8);
  uint8_t hj[64], canon[64];
  if (!tg_parse(&g, tg_hales_jewett, hj)) {
    failed(run, "ninerow-enum", "the Hales-Jewett table", "it does not parse");
    return;
  }
  tg_canon(&g, hj, canon, NULL);
  /* the dominoes of the canonical table, cells in order, past the origin one;
     sample j fixes the first j of them */
  int fixed[32];
  static const int full[] = {6, 5, 4, 3, 2, 0};
  if (t8_prefix_dominoes(&g, canon, 63, fixed) < full[0]) {
    failed(run, "ninerow-enum", "the Hales-Jewett table", "it has too few dominoes");
    return;
  }
  size_t count = run->quick ? 3 : G_N_ELEMENTS(full);
  T8Result prev = {0};
  bool have_prev = false;
  for (size_t i = 0; i < count; i++) {
    Nine e = {&g, fixed, full[i], {0}};
    double s = time_it(run, nine_enumerate, &e);
    char inst[32];
    snprintf(inst, sizeof inst, "j=%d", full[i]);
    const char *bad = nine_check(&e, have_prev ? &prev : NULL, i < 2);
    if (bad)
      failed(run, "ninerow-enum", inst, bad);
    else
      row("ninerow-enum", "classes", e.r.classes, s, e.r.nodes, inst);
    if (have_prev) t8_result_clear(&prev);
    prev = e.r;
    have_prev = true;
  }
  if (have_prev) t8_result_clear(&prev);
}

/* ---- lattice tic-tac-toe: Theorem 1 for growing direction sets ---- */
typedef struct {
  const LatDirs *S;
  LatAssign A;
  LatPairing P;
  LatCheck c;
  bool ok;
} Lat;

static void lat_clear(Lat *l) {
  lat_assign_clear(&l->A);
  lat_pairing_clear(&l->P);
}

static void lat_theorem1(void *p) {
  Lat *l = p;
  lat_clear(l);
  l->ok = lat_assign_matching(l->S, 0, &l->A) && lat_pairing_lowhigh(l->S, &l->A, &l->P) &&
          lat_check(l->S, &l->P, &l->c, NULL);
}

/* S_n: the primitive vectors of [-2,2]^3 with first nonzero coordinate 1,
 * by largest |coordinate|, then in lat_directions' order; the first n */
static int lat_family(int (*v)[LAT_MAX_D], int max) {
  int all[128][LAT_MAX_D];
  int na = lat_directions(3, 2, all, 128), k = 0;
  for (int norm = 1; norm <= 2; norm++)
    for (int i = 0; i < na && k < max; i++) {
      int m = 0;
      for (int j = 0; j < 3; j++) m = MAX(m, abs(all[i][j]));
      if (m == norm && all[i][lat_first(all[i], 3)] == 1) memcpy(v[k++], all[i], sizeof all[i]);
    }
  return k;
}

static void bench_lattice(Run *run) {
  static const int full[] = {2, 3, 4, 6, 8, 11, 16};
  size_t count = run->quick ? 4 : G_N_ELEMENTS(full);
  int v[LAT_MAX_S][LAT_MAX_D];
  int nv = lat_family(v, LAT_MAX_S);
  for (size_t i = 0; i < count; i++) {
    int n = full[i];
    char inst[32];
    snprintf(inst, sizeof inst, "|S|=%d", n);
    LatDirs S = {.d = 3, .n = n};
    memcpy(S.v, v, sizeof S.v);
    if (nv < n || !lat_dirs_valid(&S, NULL)) {
      failed(run, "lattice-thm1", inst, "the direction set is not valid");
      continue;
    }
    Lat l = {.S = &S};
    double s = time_it(run, lat_theorem1, &l);
    if (!l.ok || !lat_assign_ok(&S, &l.A, NULL))
      failed(run, "lattice-thm1", inst, "the assignment or the pairing is rejected");
    else if (l.c.least_m <= 0 || l.c.least_m > 3 * n)
      failed(run, "lattice-thm1", inst, "the pairing misses a line of length 3|S|");
    else
      row("lattice-thm1", "torus-cells", l.P.npoints, s, (uint64_t)l.P.npoints * (uint64_t)n, inst);
    lat_clear(&l);
  }
}

/* ---- the command line ---- */
typedef struct {
  const char *name;
  void (*bench)(Run *);
} Engine;

static const Engine engines[] = {
    {"cubic-pregame", bench_cubic},   {"hypercube-verify", bench_hypercube},
    {"nim-sg", bench_nim},            {"ninerow-enum", bench_ninerow},
    {"lattice-thm1", bench_lattice},
};

static int usage_error(const char *what) {
  fprintf(stderr, "bench-scaling: %s\n", what);
  return 2;
}

int main(int argc, char **argv) {
  gboolean quick = FALSE;
  g_autofree gchar *only = NULL;
  GOptionEntry entries[] = {
      {"quick", 0, 0, G_OPTION_ARG_NONE, &quick, "three or four small sizes per engine (tests)", NULL},
      {"engine", 0, 0, G_OPTION_ARG_STRING, &only,
       "only this engine: cubic-pregame, hypercube-verify, nim-sg, ninerow-enum or lattice-thm1",
       "NAME"},
      {NULL, 0, 0, 0, NULL, NULL, NULL}};
  g_autoptr(GOptionContext) ctx = g_option_context_new("- time one engine per paper on growing instances");
  g_option_context_set_summary(ctx,
                               "Prints TSV rows: engine, size_measure, size, seconds (per instance), "
                               "work, instance.\nSee src/tools/bench_scaling.c for the engines.");
  g_option_context_add_main_entries(ctx, entries, NULL);
  g_autoptr(GError) err = NULL;
  if (!g_option_context_parse(ctx, &argc, &argv, &err)) return usage_error(err->message);
  if (argc > 1) {
    g_autofree gchar *msg = g_strdup_printf("unexpected argument '%s' (options: --quick, --engine NAME)", argv[1]);
    return usage_error(msg);
  }
  bool known = only == NULL;
  for (size_t i = 0; i < G_N_ELEMENTS(engines) && !known; i++) known = strcmp(only, engines[i].name) == 0;
  if (!known) {
    g_autofree gchar *msg = g_strdup_printf(
        "--engine: unknown engine '%s' (cubic-pregame, hypercube-verify, nim-sg, ninerow-enum, lattice-thm1)",
        only);
    return usage_error(msg);
  }
  Run run = {quick ? 0.005 : 0.05, quick, 0};
  printf("engine\tsize_measure\tsize\tseconds\twork\tinstance\n");
  for (size_t i = 0; i < G_N_ELEMENTS(engines); i++) {
    if (only && strcmp(only, engines[i].name) != 0) continue;
    double t0 = now();
    engines[i].bench(&run);
    fprintf(stderr, "bench-scaling: %s done in %.1f s\n", engines[i].name, now() - t0);
  }
  return run.failures ? 1 : 0;
}
