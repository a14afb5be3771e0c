/* experiments/hypercube/p9cc.c — HC16: p(9) by cube-and-conquer.
 *
 * Claim HC16 (beyond the paper): p(9) is 3 or 4 (hypercube-pnew), and it is
 * 3 iff Q(9,3) has a pairing strategy (any pairs).  This program splits that
 * question into cubes and decides cubes one by one; nothing in it is typed
 * from the paper.
 *
 * The split (src/hypercube/cubesplit.h, where the soundness is argued).  F is
 * the CNF of cubesat.h for Q(n,k) (default Q(9,3)) with the symmetry-breaking
 * clauses of cubesym.h (if the pairing has an edge, vertex 0 is paired with
 * e1, and two more anchors under the stabilisers); they keep F satisfiable
 * iff a pairing exists, by the lexicographic-leader argument of cubesym.h.  The
 * cubes are the leaves of a decision tree: NOT x_{0,e1} (no edge at all), and
 * under x_{0,e1} the two values of each of the other two anchors, then
 * --depth levels "the first undecided vertex is unpaired, or paired with w"
 * for every w the cube does not exclude.  That these cubes cover every model
 * of F is CHECKED on every run: the at-most-one and symmetry clauses of F
 * with the negation of every cube are refuted by CaDiCaL and the DRAT proof
 * passes our checker (drat.h): rows _cover, _cover_lemmas.
 *
 * A cube is decided by CaDiCaL on F plus its literals as unit clauses, under
 * --conflicts conflicts (cubes that exhaust it are "open"), and the answer is
 * checked: SAT by evaluating the clauses and running the subcube verifier
 * (sv_is_matching + sv_verify) on the decoded pairs, UNSAT by drat_check on
 * F plus the units.  A verified SAT cube is a pairing strategy for Q(n,k)
 * (so p(n) <= k) and is written to --certs DIR as q<n>_<k>.pairs; every cube
 * refuted and checked, with the cover checked, proves that Q(n,k) has none
 * (so p(n) > k).
 *
 * The orbit split (--split orbit; cubeorbit.h, where the theorem is proved).
 * The cubes are the kept leaves of a tree that branches on the first
 * undecided vertex (unpaired, or paired with each open partner), --depth
 * vertex levels, where a child isomorphic under Aut(Q_n) to a kept child of
 * its level is dropped with a witness automorphism.  Cubes are solved on the
 * plain CNF (no symmetry-breaking clauses: they would not survive the
 * witnesses), checked as above.  The reduction is CHECKED on every run from
 * the recorded tree: each branching refuted by a DRAT proof that drat_check
 * accepts, each witness verified to be a map v -> pi(v) XOR t taking its cube
 * onto a kept cube of the same level.  Rows q<n>_<k>_oc_*: depth, cubes,
 * nodes, dropped, unverified (children kept because bliss's witness failed),
 * cover, cover_branchings, cover_witnesses; the times file's macros are
 * oc@<tag>@* (and buildseconds).
 * Subcube bounds (every mode, counting only; see the comment at the code):
 * rows q<n>_<k>_sub<j>_need, _sub<j>_count for k+3 <= j <= n-1, and
 * q<n>_<k>_facet_pairs.
 *
 * Units (campaign.h: threads, or MPI ranks with `make mpi`).  The chosen
 * cubes c_0 < c_1 < ... are the units; unit u's bytes are cubesplit_pack()
 * of cubesplit_solve(s, c_u, conflicts) (answer, checked, lemmas, the pairs
 * if SAT: a pure function of n, k, depth, conflicts and the cube, since
 * CaDiCaL and the checker are deterministic), then the solve and check
 * times in milliseconds (read only by --times, never by a row).  Results
 * are merged in unit order, so the rows depend neither on --threads, nor on
 * the rank count, nor on resuming from --checkpoint (stage 0, index u; the
 * identity names n, k, depth, conflicts and the choice of cubes).
 *
 * Modes.
 *   --units SPEC   decide the cubes SPEC: "none", "all", "I" or "I-J"
 *                  (inclusive); rows q<n>_<k>_cc_<tag>_*: units, first, last,
 *                  refuted, sat, open, failed (an answer whose check failed),
 *                  lemmas (their sum), answer (sat: a verified pairing;
 *                  unsat: every cube refuted and checked and the cover
 *                  checked; open otherwise), budget.  Tag "unit" (or --tag).
 *   --sample S     decide S cubes drawn uniformly without replacement with
 *                  GLib's generator seeded by --seed (default 1), in
 *                  increasing order: rows q<n>_<k>_cc_est_* (sample, seed,
 *                  refuted, sat, open, failed, lemmas_mean, lemmas_sd,
 *                  lemmas_q10, _q50, _q90, lemmas_max: the lemma counts,
 *                  mean and standard deviation rounded to integers,
 *                  quantiles by the nearest-rank rule).
 *   Rows q<n>_<k>_cc_depth, _cubes, _sb, _cover, _cover_clauses,
 *   _cover_lemmas, and check (verifier+drat: the kinds of evidence) in every
 *   mode.
 *   --times FILE   LaTeX macros of the thread CPU times (never in rows; the
 *                  checkpoint keeps them in the units' bytes):
 *                  \csname cc@<tag>@<what>\endcsname for what = units, mean,
 *                  sd, q10, q50, q90, max (seconds per cube, solve and
 *                  check), solve and check (their sums), corehours (mean
 *                  times the number of cubes, in core-hours), coverseconds.
 *   --cubes FILE   the cubes, one per line "a <literals> 0" (iCNF).
 * Progress on stderr: one line per decided cube and the progress reporter.
 * The checkpoint holds one record per decided cube (--stop-after N stops
 * after N cubes).
 * Exit 0 iff the cover and every answer were checked, 1 otherwise, 2 on
 * bad arguments.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hypercube/cubeorbit.h"
#include "hypercube/cubesplit.h"
#include "hypercube/pbounds.h"
#include "hypercube/subcube.h"
#include "plumbing/checkpoint.h"
#include "plumbing/expt.h"
#include "plumbing/input.h"
#include "plumbing/campaign.h"
#include "plumbing/progress.h"
#include "solvers/satproof.h"

static gint opt_n = 9, opt_k = 3, opt_depth = G_MININT, opt_sample = 0, opt_seed = 1;
static gint opt_stop_after = 0;
static gint64 opt_conflicts = G_MININT64;
static gchar *opt_split, *opt_units, *opt_tag, *opt_certs, *opt_times, *opt_cubes, *opt_checkpoint;

typedef struct {
  const Cubesplit *s;
  long conflicts;
  const size_t *cube; /* the cubes of the units to run */
} Run;

/* Unit u (campaign.h): cube[u] decided and checked.  Its bytes: the packed
 * outcome (cubesplit_pack: a function of n, k, depth, budget and the cube
 * alone), then the solve and check times in milliseconds, which feed only
 * the --times file, never a result row. */
static void compute_unit(size_t u, int worker, GByteArray *out, void *ctx) {
  (void)worker;
  Run *r = ctx;
  size_t i = r->cube[u];
  CubesplitOutcome o;
  cubesplit_solve(r->s, i, r->conflicts, &o);
  GByteArray *b = g_byte_array_new();
  cubesplit_pack(&o, b);
  ckpt_pack_bytes(out, b->data, b->len);
  g_byte_array_unref(b);
  ckpt_pack_u64(out, (uint64_t)llround(o.solve_seconds * 1000));
  ckpt_pack_u64(out, (uint64_t)llround(o.check_seconds * 1000));
  fprintf(stderr, "hypercube-p9cc: cube %zu: %s%s, %llu lemmas, solve %.1f s, check %.1f s\n", i,
          o.answer == SATPROOF_SAT ? "sat" : o.answer == SATPROOF_UNSAT ? "unsat" : "open",
          o.answer == CUBESPLIT_OPEN ? "" : o.checked ? " (checked)" : " (CHECK FAILED)",
          (unsigned long long)o.lemmas, o.solve_seconds, o.check_seconds);
  cubesplit_outcome_clear(&o);
}

/* unit bytes -> the outcome and the times; false if they do not decode */
static bool decode_unit(const void *data, size_t len, CubesplitOutcome *o, double *solve, double *check) {
  CkptReader rd;
  ckpt_reader_init(&rd, data, len);
  size_t bl;
  const uint8_t *b = ckpt_unpack_bytes(&rd, &bl);
  uint64_t so = ckpt_unpack_u64(&rd), ch = ckpt_unpack_u64(&rd);
  if (!ckpt_reader_done(&rd) || !cubesplit_unpack(b, bl, opt_n, opt_k, o)) return false;
  *solve = (double)so / 1000, *check = (double)ch / 1000;
  return true;
}
static bool check_unit(size_t u, const void *data, size_t len, void *ctx) {
  (void)u, (void)ctx;
  CubesplitOutcome o;
  double a, b;
  if (!decode_unit(data, len, &o, &a, &b)) return false;
  cubesplit_outcome_clear(&o);
  return true;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}
static int cmp_dbl(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
/* nearest rank: the ceil(p n)-th smallest (1-based), n > 0 */
static size_t rank(double p, size_t n) {
  size_t r = (size_t)ceil(p * (double)n);
  return r < 1 ? 0 : r - 1;
}

static ResultWriter *W;
static char Prefix[64];
static void row_int(const char *what, int64_t v) {
  char key[128];
  snprintf(key, sizeof key, "%s_%s", Prefix, what);
  rw_int(W, "HC16", key, v);
}
static void row_bool(const char *what, bool v) {
  char key[128];
  snprintf(key, sizeof key, "%s_%s", Prefix, what);
  rw_bool(W, "HC16", key, v);
}
static void row_word(const char *what, const char *v) {
  char key[128];
  snprintf(key, sizeof key, "%s_%s", Prefix, what);
  rw_word(W, "HC16", key, v);
}

static FILE *Times;
static const char *Tag, *Tmacro = "cc";
static void tdef(const char *what, const char *fmt, double v) {
  if (!Times) return;
  fprintf(Times, "\\expandafter\\def\\csname %s@%s@%s\\endcsname{", Tmacro, Tag, what);
  fprintf(Times, fmt, v);
  fputs("}\n", Times);
}

int main(int argc, char **argv) {
  GOptionEntry own[] = {
      {"n", 0, 0, G_OPTION_ARG_INT, &opt_n, "dimension (5..12; default 9)", "N"},
      {"k", 0, 0, G_OPTION_ARG_INT, &opt_k, "subcube dimension (1..n; default 3)", "K"},
      {"split", 0, 0, G_OPTION_ARG_STRING, &opt_split, "anchors (default) or orbit (cubeorbit.h: up to Aut(Q_n))", "WORD"},
      {"depth", 0, 0, G_OPTION_ARG_INT, &opt_depth,
       "anchors: partner levels (0..2; full 2, quick 1); orbit: vertex levels (0..8; full 4, quick 2)", "D"},
      {"units", 0, 0, G_OPTION_ARG_STRING, &opt_units, "cubes to decide: none, all, I or I-J (full 0, quick none)", "SPEC"},
      {"sample", 0, 0, G_OPTION_ARG_INT, &opt_sample, "decide a random sample of S cubes instead (0: no sample)", "S"},
      {"seed", 0, 0, G_OPTION_ARG_INT, &opt_seed, "seed of the sample (default 1)", "SEED"},
      {"conflicts", 0, 0, G_OPTION_ARG_INT64, &opt_conflicts, "conflict budget per cube (1..10^9; default 1000000)", "C"},
      {"tag", 0, 0, G_OPTION_ARG_STRING, &opt_tag, "word in the row keys (default unit, or est with --sample)", "WORD"},
      {"certs", 0, 0, G_OPTION_ARG_FILENAME, &opt_certs, "write a verified pairing to DIR/q<n>_<k>.pairs", "DIR"},
      {"times", 0, 0, G_OPTION_ARG_FILENAME, &opt_times, "write the times as LaTeX macros", "FILE"},
      {"cubes", 0, 0, G_OPTION_ARG_FILENAME, &opt_cubes, "write the cubes (iCNF a-lines)", "FILE"},
      EXPT_CHECKPOINT_OPTIONS(opt_checkpoint, opt_stop_after),
      G_OPTION_ENTRY_NULL};
  Expt e;
  expt_parse(&e, &argc, &argv, "hypercube-p9cc",
             "HC16: p(9) by cube-and-conquer; every cube's answer checked (verifier or DRAT).", own);
  const char *prog = "hypercube-p9cc";
  expt_check_range(&e, "--n", opt_n, 5, 12);
  expt_check_range(&e, "--k", opt_k, 1, opt_n);
  const char *split = opt_split ? opt_split : "anchors";
  bool orbit = strcmp(split, "orbit") == 0;
  if (!orbit && strcmp(split, "anchors") != 0) in_fail(prog, 2, "--split: anchors or orbit expected, not '%s'", split);
  int depth = orbit ? expt_default(&e, opt_depth, 4, 2) : expt_default(&e, opt_depth, 2, 1);
  expt_check_range(&e, "--depth", depth, 0, orbit ? CUBEORBIT_MAX_DEPTH : CUBESPLIT_MAX_DEPTH);
  int64_t conflicts = expt_default64(&e, opt_conflicts, 1000000, 1000000);
  expt_check_range(&e, "--conflicts", (long)conflicts, 1, 1000000000L);
  expt_check_range(&e, "--sample", opt_sample, 0, 1000000);
  expt_check_range(&e, "--seed", opt_seed, 0, G_MAXINT);
  if (opt_sample > 0 && opt_units) in_fail(prog, 2, "--units and --sample exclude each other");
  const char *units = opt_units ? opt_units : e.profile == PROFILE_FULL ? "0" : "none";
  Tag = opt_tag ? opt_tag : opt_sample > 0 ? "est" : "unit";
  if (!rw_is_token(Tag) || strchr(Tag, '@') || strlen(Tag) > 16)
    in_fail(prog, 2, "--tag: one word of at most 16 letters, digits or _ expected");
  for (const char *p = Tag; *p; p++)
    if (!g_ascii_isalnum(*p) && *p != '_') in_fail(prog, 2, "--tag: one word of at most 16 letters, digits or _ expected");
  /* --units: none, all, I or I-J; checked against the number of cubes below */
  bool all = false, none = false;
  int64_t u0 = 0, u1 = -1;
  if (strcmp(units, "all") == 0) all = true;
  else if (strcmp(units, "none") == 0) none = true;
  else {
    const char *dash = strchr(units, '-');
    g_autofree char *a = dash ? g_strndup(units, (gsize)(dash - units)) : g_strdup(units);
    if (!in_int64(a, 0, G_MAXUINT32, &u0) || !in_int64(dash ? dash + 1 : a, 0, G_MAXUINT32, &u1) || u1 < u0)
      in_fail(prog, 2, "--units: none, all, I or I-J (0 <= I <= J) expected, not '%s'", units);
  }
  if (opt_certs) expt_certs_dir(&e, "--certs", opt_certs); /* created if missing (one level) */
  if (opt_times) {
    g_autofree char *dir = g_path_get_dirname(opt_times);
    g_mkdir_with_parents(dir, 0777);
  }
  Times = expt_open_figdata(&e, opt_times);
  FILE *cubes_out = expt_open_figdata(&e, opt_cubes);

  GError *err = NULL;
  Cubeorbit *oc = NULL;
  Cubesplit *s = NULL;
  if (orbit) {
    oc = cubeorbit_new(opt_n, opt_k, depth, &err);
    if (oc) s = oc->split;
  } else {
    s = cubesplit_new(opt_n, opt_k, depth, &err);
  }
  if (!s) in_fail(prog, 2, "%s", err->message);
  if (!all && !none && (uint64_t)u1 >= s->ncubes)
    in_fail(prog, 2, "--units: cube %lld does not exist (there are %zu cubes)", (long long)u1, s->ncubes);
  if ((size_t)opt_sample > s->ncubes)
    in_fail(prog, 2, "--sample: %d cubes asked, there are %zu", opt_sample, s->ncubes);
  /* the units are the cubes chosen below, so the choice is part of the identity */
  g_autofree char *ident = g_strdup_printf("n=%d k=%d%s depth=%d conflicts=%lld units=%s sample=%d seed=%d", opt_n,
                                           opt_k, orbit ? " split=orbit" : "", depth, (long long)conflicts, units, opt_sample, opt_seed);
  Checkpoint *ck = expt_checkpoint(&e, opt_checkpoint, opt_stop_after, ident);
  W = expt_open_results(&e);
  fprintf(stderr, "%s: Q(%d,%d), depth %d: %zu cubes, F has %d variables, %zu clauses (%zu symmetry breaking)\n",
          prog, opt_n, opt_k, depth, s->ncubes, s->cnf->nvars, s->cnf->nclauses, s->sb_clauses);

  if (cubes_out) {
    for (size_t i = 0; i < s->ncubes; i++) {
      size_t len;
      const int *q = cubesplit_cube(s, i, &len);
      fputc('a', cubes_out);
      for (size_t j = 0; j < len; j++) fprintf(cubes_out, " %d", q[j]);
      fputs(" 0\n", cubes_out);
    }
  }

  /* the cover, checked: the anchor split's by one DRAT proof (cubesplit.h);
   * the orbit split's by a DRAT proof per branching and a verified witness
   * per dropped node (cubeorbit.h) */
  bool cover;
  Tmacro = orbit ? "oc" : "cc";
  snprintf(Prefix, sizeof Prefix, "q%d_%d_%s", opt_n, opt_k, Tmacro);
  if (orbit) {
    CubeorbitCheck oc_st;
    cover = cubeorbit_check(oc, &oc_st);
    size_t dropped = 0, nodes = 0;
    for (int l = 0; l <= depth; l++) dropped += oc->dropped[l], nodes += oc->kept[l] + oc->dropped[l];
    fprintf(stderr, "%s: orbit split, %zu nodes (%zu dropped as images of kept ones), built in %.1f s; %s "
            "(%zu branchings refuted with DRAT, %zu witnesses), %.1f s\n", prog, nodes, dropped, oc->seconds,
            cover ? "checked" : "NOT checked", oc_st.internal, oc_st.dropped, oc_st.seconds);
    row_int("depth", depth);
    row_int("cubes", (int64_t)s->ncubes);
    row_int("nodes", (int64_t)nodes);
    row_int("dropped", (int64_t)dropped);
    row_int("unverified", (int64_t)oc->unverified);
    row_bool("cover", cover);
    row_int("cover_branchings", (int64_t)oc_st.internal);
    row_int("cover_witnesses", (int64_t)oc_st.dropped);
    rw_word(W, "HC16", "check", "verifier+drat");
    tdef("buildseconds", "%.1f", oc->seconds);
    tdef("coverseconds", "%.1f", oc_st.seconds);
  } else {
  CubesplitCover cv;
  cover = cubesplit_check_cover(s, &cv);
  fprintf(stderr, "%s: cover formula, %zu clauses: %s, %llu lemmas, %.1f s\n", prog, cv.clauses,
          cover ? "refuted, proof verified" : "NOT verified", (unsigned long long)cv.lemmas, cv.seconds);
  row_int("depth", depth);
  row_int("cubes", (int64_t)s->ncubes);
  row_int("sb", (int64_t)s->sb_clauses);
  row_bool("cover", cover);
  row_int("cover_clauses", (int64_t)cv.clauses);
  row_int("cover_lemmas", (int64_t)cv.lemmas);
  /* the independent checks every answer rests on (the scoreboard's "check") */
  rw_word(W, "HC16", "check", "verifier+drat");
  tdef("coverseconds", "%.1f", cv.seconds);
  }

  /* Subcube bounds (counting, not SAT).  The pairs of a pairing inside a
   * j-subcube U form a pairing of Q(j,k) (the paper's Lemma 4 for facets).
   * A pair at distance w <= k lies in a_w = C(n-w, j-w) <= a_1 of the N =
   * C(n,j) 2^(n-j) subcubes U, so summing over U, N min_j <= a_1 2^(n-1),
   * min_j the least size of a pairing of Q(j,k).  Rows, for j = k+3 .. n-1:
   * _need (the least T with N T > a_1 2^(n-1): min_j >= T would refute
   * Q(n,k)) and _count (what the local count of pbounds.h proves of min_j);
   * for the facets (j = n-1) also _pairs: 2n min_{n-1} <= sum over facets =
   * sum_p (n - d_p) <= (n-1) m, so a pairing of Q(n,k) has at least
   * ceil(2n count / (n-1)) pairs. */
  for (int j = opt_k + 3; j <= opt_n - 1 && opt_k >= 2 && opt_k <= PB_KMAX; j++) {
    PbLocal lo;
    if (pb_local_detail(j, opt_k, &lo) || lo.lcm == 0) continue;
    int64_t count = (lo.lhs + lo.lcm - 1) / lo.lcm, a1 = 1, nsub = INT64_C(1) << (opt_n - j);
    for (int i = 0; i < j - 1; i++) a1 = a1 * (opt_n - 1 - i) / (i + 1); /* C(n-1, j-1) */
    int64_t cnj = 1;
    for (int i = 0; i < j; i++) cnj = cnj * (opt_n - i) / (i + 1); /* C(n, j) */
    nsub *= cnj;
    int64_t need = a1 * (INT64_C(1) << (opt_n - 1)) / nsub + 1;
    char key[64];
    snprintf(key, sizeof key, "q%d_%d_sub%d_need", opt_n, opt_k, j);
    rw_int(W, "HC16", key, need);
    snprintf(key, sizeof key, "q%d_%d_sub%d_count", opt_n, opt_k, j);
    rw_int(W, "HC16", key, count);
    if (j == opt_n - 1) {
      snprintf(key, sizeof key, "q%d_%d_facet_pairs", opt_n, opt_k);
      rw_int(W, "HC16", key, (2 * (int64_t)opt_n * count + opt_n - 2) / (opt_n - 1));
    }
  }

  /* the units to run */
  size_t nu = 0;
  size_t *cube = NULL;
  if (opt_sample > 0) {
    GRand *rng = g_rand_new_with_seed((guint32)opt_seed);
    uint8_t *taken = g_new0(uint8_t, s->ncubes);
    cube = g_new(size_t, (size_t)opt_sample);
    while (nu < (size_t)opt_sample) {
      size_t i = (size_t)g_rand_int_range(rng, 0, (gint32)s->ncubes);
      if (!taken[i]) taken[i] = 1, nu++;
    }
    nu = 0;
    for (size_t i = 0; i < s->ncubes; i++)
      if (taken[i]) cube[nu++] = i;
    g_free(taken);
    g_rand_free(rng);
  } else if (!none) {
    size_t from = all ? 0 : (size_t)u0, to = all ? s->ncubes - 1 : (size_t)u1;
    nu = to - from + 1;
    cube = g_new(size_t, nu);
    for (size_t j = 0; j < nu; j++) cube[j] = from + j;
  }
  Run r = {.s = s, .conflicts = (long)conflicts, .cube = cube};
  double *secs = g_new0(double, nu ? nu : 1), *solve = g_new0(double, nu ? nu : 1),
         *check = g_new0(double, nu ? nu : 1);
  Progress pr;
  CampaignSpec spec = {.units = nu,
                       .compute = compute_unit,
                       .check = check_unit,
                       .ctx = &r,
                       .threads = e.threads,
                       .ck = ck,
                       .stage = 0,
                       .what = "cubes",
                       .progress = progress_stderr_start(&pr, "hypercube-p9cc: cubes", nu)};
  CampaignResult cr;
  campaign_run(&spec, &cr);
  progress_end(spec.progress, nu);

  /* merge in unit order */
  bool ok = cover;
  uint64_t refuted = 0, sat = 0, open = 0, failed = 0, lemsum = 0;
  uint64_t *lem = g_new0(uint64_t, nu ? nu : 1);
  GArray *pairing = NULL;
  for (size_t u = 0; u < nu; u++) {
    CubesplitOutcome o;
    size_t len;
    const void *d = campaign_unit(&cr, u, &len);
    bool good = decode_unit(d, len, &o, &solve[u], &check[u]);
    g_assert(good);
    secs[u] = solve[u] + check[u];
    lem[u] = o.lemmas;
    lemsum += o.lemmas;
    if (o.answer == CUBESPLIT_OPEN) open++;
    else if (!o.checked) failed++;
    else if (o.answer == SATPROOF_UNSAT) refuted++;
    else {
      sat++;
      if (!pairing) pairing = g_array_copy(o.pairs);
    }
    cubesplit_outcome_clear(&o);
  }
  campaign_result_clear(&cr);
  ok &= failed == 0;
  size_t plen = strlen(Prefix);
  snprintf(Prefix + plen, sizeof Prefix - plen, "_%s", Tag); /* Tag has at most 16 letters */
  if (opt_sample > 0) {
    row_int("sample", opt_sample);
    row_int("seed", opt_seed);
  } else {
    row_int("units", (int64_t)nu);
    if (nu) {
      row_int("first", (int64_t)cube[0]);
      row_int("last", (int64_t)cube[nu - 1]);
    }
  }
  row_int("refuted", (int64_t)refuted);
  row_int("sat", (int64_t)sat);
  row_int("open", (int64_t)open);
  row_int("failed", (int64_t)failed);
  row_int("budget", conflicts);
  if (opt_sample > 0) {
    double mean = 0, var = 0;
    for (size_t u = 0; u < nu; u++) mean += (double)lem[u];
    mean /= (double)nu;
    for (size_t u = 0; u < nu; u++) var += ((double)lem[u] - mean) * ((double)lem[u] - mean);
    double sd = nu > 1 ? sqrt(var / (double)(nu - 1)) : 0;
    qsort(lem, nu, sizeof *lem, cmp_u64);
    row_int("lemmas_mean", (int64_t)llround(mean));
    row_int("lemmas_sd", (int64_t)llround(sd));
    row_int("lemmas_q10", (int64_t)lem[rank(0.1, nu)]);
    row_int("lemmas_q50", (int64_t)lem[rank(0.5, nu)]);
    row_int("lemmas_q90", (int64_t)lem[rank(0.9, nu)]);
    row_int("lemmas_max", (int64_t)lem[nu - 1]);
  } else {
    row_int("lemmas", (int64_t)lemsum);
    row_word("answer", sat ? "sat" : all && refuted == s->ncubes && cover ? "unsat" : "open");
  }
  if (pairing) {
    fprintf(stderr, "%s: Q(%d,%d) HAS a pairing strategy (%u pairs, verified)\n", prog, opt_n, opt_k,
            pairing->len);
    if (opt_certs) {
      g_autofree char *name = g_strdup_printf("q%d_%d.pairs", opt_n, opt_k);
      g_autofree char *path = g_build_filename(opt_certs, name, NULL);
      FILE *f = expt_open_file(&e, path);
      fprintf(f, "# pairing strategy for Q(%d,%d), cube-and-conquer, %u pairs\n", opt_n, opt_k,
              pairing->len);
      sv_write_pairs(f, opt_n, (const VPair *)pairing->data, pairing->len);
      expt_close_file(&e, f);
    }
    g_array_unref(pairing);
  }

  /* times: of the cubes decided in this run or, with their times saved,
   * in an earlier run of the same checkpoint */
  size_t nt = 0;
  double tsum = 0, ssum = 0, csum = 0;
  double *ts = g_new0(double, nu ? nu : 1);
  for (size_t u = 0; u < nu; u++)
    if (secs[u] > 0) {
      ts[nt++] = secs[u];
      tsum += secs[u];
      ssum += solve[u];
      csum += check[u];
    }
  tdef("units", "%.0f", (double)nt);
  if (nt > 0) {
    double mean = tsum / (double)nt, var = 0;
    for (size_t j = 0; j < nt; j++) var += (ts[j] - mean) * (ts[j] - mean);
    qsort(ts, nt, sizeof *ts, cmp_dbl);
    tdef("mean", "%.1f", mean);
    tdef("sd", "%.1f", nt > 1 ? sqrt(var / (double)(nt - 1)) : 0);
    tdef("q10", "%.1f", ts[rank(0.1, nt)]);
    tdef("q50", "%.1f", ts[rank(0.5, nt)]);
    tdef("q90", "%.1f", ts[rank(0.9, nt)]);
    tdef("max", "%.1f", ts[nt - 1]);
    tdef("solve", "%.1f", ssum);
    tdef("check", "%.1f", csum);
    tdef("corehours", "%.0f", mean * (double)s->ncubes / 3600.0);
  }
  g_free(ts);
  g_free(lem);
  g_free(cube);
  g_free(secs);
  g_free(solve);
  g_free(check);
  expt_close_file(&e, Times);
  expt_close_file(&e, cubes_out);
  if (oc) cubeorbit_free(oc);
  else cubesplit_free(s);
  if (rw_close(W) != 0) {
    ckpt_close(ck);
    return 3;
  }
  ckpt_finish(ck);
  return ok ? 0 : 1;
}
