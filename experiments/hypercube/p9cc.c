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
 * Units (for checkpoints, threads and a later MPI runner).  Unit i is cube i
 * (0 <= i < _cubes).  Its bytes are cubesplit_pack() of cubesplit_solve(s, i,
 * conflicts): answer, checked, lemmas, the pairs if SAT.  This is a pure
 * function of (n, k, depth, conflicts, i): CaDiCaL and the checker are
 * deterministic and no time enters the bytes.  Results are merged in unit
 * order, so the output depends neither on --threads nor on resuming from
 * --checkpoint (stage 0, index i; identity includes n, k, depth, conflicts).
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
 *   --times FILE   LaTeX macros of the wall-clock times (never in rows; the
 *                  checkpoint keeps them beside the units, as stage 1):
 *                  \csname cc@<tag>@<what>\endcsname for what = units, mean,
 *                  sd, q10, q50, q90, max (seconds per cube, solve and
 *                  check), solve and check (their sums), corehours (mean
 *                  times the number of cubes, in core-hours), coverseconds.
 *   --cubes FILE   the cubes, one per line "a <literals> 0" (iCNF).
 * Progress on stderr: one line per decided cube and the progress reporter.
 * The checkpoint holds two records per decided cube (the times, stage 1,
 * then the result, stage 0), so --stop-after N stops after N/2 cubes.
 * Exit 0 iff the cover and every answer were checked, 1 otherwise, 2 on
 * bad arguments.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hypercube/cubesplit.h"
#include "hypercube/subcube.h"
#include "plumbing/checkpoint.h"
#include "plumbing/expt.h"
#include "plumbing/input.h"
#include "plumbing/parfor.h"
#include "plumbing/progress.h"
#include "solvers/satproof.h"

static gint opt_n = 9, opt_k = 3, opt_depth = G_MININT, opt_sample = 0, opt_seed = 1;
static gint opt_stop_after = 0;
static gint64 opt_conflicts = G_MININT64;
static gchar *opt_units, *opt_tag, *opt_certs, *opt_times, *opt_cubes, *opt_checkpoint;

typedef struct {
  const Cubesplit *s;
  long conflicts;
  const size_t *cube;    /* the cubes of the units to run */
  GByteArray **bytes;    /* per unit: its packed result */
  Checkpoint *ck;
  const ProgressSink *progress;
  double *secs;          /* per unit: solve + check seconds (0 if from the checkpoint) */
  double *solve, *check;
  gint done;
} Run;

static void run_unit(size_t u, int worker, void *ctx) {
  (void)worker;
  Run *r = ctx;
  size_t i = r->cube[u];
  if (r->bytes[u] == NULL) {
    CubesplitOutcome o;
    cubesplit_solve(r->s, i, r->conflicts, &o);
    GByteArray *b = g_byte_array_new();
    cubesplit_pack(&o, b);
    GByteArray *t = g_byte_array_new(); /* stage 1: the times, in milliseconds (not results) */
    ckpt_pack_u64(t, (uint64_t)llround(o.solve_seconds * 1000));
    ckpt_pack_u64(t, (uint64_t)llround(o.check_seconds * 1000));
    ckpt_put(r->ck, 1, (uint32_t)i, t->data, t->len);
    g_byte_array_unref(t);
    ckpt_put(r->ck, 0, (uint32_t)i, b->data, b->len);
    r->bytes[u] = b;
    r->secs[u] = o.solve_seconds + o.check_seconds;
    r->solve[u] = o.solve_seconds;
    r->check[u] = o.check_seconds;
    fprintf(stderr, "hypercube-p9cc: cube %zu: %s%s, %llu lemmas, solve %.1f s, check %.1f s\n", i,
            o.answer == SATPROOF_SAT ? "sat" : o.answer == SATPROOF_UNSAT ? "unsat" : "open",
            o.answer == CUBESPLIT_OPEN ? "" : o.checked ? " (checked)" : " (CHECK FAILED)",
            (unsigned long long)o.lemmas, o.solve_seconds, o.check_seconds);
    cubesplit_outcome_clear(&o);
  }
  progress_update(r->progress, (uint64_t)g_atomic_int_add(&r->done, 1) + 1);
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
static const char *Tag;
static void tdef(const char *what, const char *fmt, double v) {
  if (!Times) return;
  fprintf(Times, "\\expandafter\\def\\csname cc@%s@%s\\endcsname{", Tag, what);
  fprintf(Times, fmt, v);
  fputs("}\n", Times);
}

int main(int argc, char **argv) {
  GOptionEntry own[] = {
      {"n", 0, 0, G_OPTION_ARG_INT, &opt_n, "dimension (5..12; default 9)", "N"},
      {"k", 0, 0, G_OPTION_ARG_INT, &opt_k, "subcube dimension (1..n; default 3)", "K"},
      {"depth", 0, 0, G_OPTION_ARG_INT, &opt_depth, "partner levels of the decision tree (0..2; full 2, quick 1)", "D"},
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
  int depth = expt_default(&e, opt_depth, 2, 1);
  expt_check_range(&e, "--depth", depth, 0, CUBESPLIT_MAX_DEPTH);
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
  if (opt_certs) {
    if (*opt_certs) g_mkdir_with_parents(opt_certs, 0777);
    expt_check_outdir(&e, "--certs", opt_certs);
  }
  if (opt_times) {
    g_autofree char *dir = g_path_get_dirname(opt_times);
    g_mkdir_with_parents(dir, 0777);
  }
  Times = expt_open_figdata(&e, opt_times);
  FILE *cubes_out = expt_open_figdata(&e, opt_cubes);

  GError *err = NULL;
  Cubesplit *s = cubesplit_new(opt_n, opt_k, depth, &err);
  if (!s) in_fail(prog, 2, "%s", err->message);
  if (!all && !none && (uint64_t)u1 >= s->ncubes)
    in_fail(prog, 2, "--units: cube %lld does not exist (there are %zu cubes)", (long long)u1, s->ncubes);
  if ((size_t)opt_sample > s->ncubes)
    in_fail(prog, 2, "--sample: %d cubes asked, there are %zu", opt_sample, s->ncubes);
  g_autofree char *ident = g_strdup_printf("n=%d k=%d depth=%d conflicts=%lld", opt_n, opt_k, depth,
                                           (long long)conflicts);
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

  /* the cover, checked */
  CubesplitCover cv;
  bool cover = cubesplit_check_cover(s, &cv);
  fprintf(stderr, "%s: cover formula, %zu clauses: %s, %llu lemmas, %.1f s\n", prog, cv.clauses,
          cover ? "refuted, proof verified" : "NOT verified", (unsigned long long)cv.lemmas, cv.seconds);
  snprintf(Prefix, sizeof Prefix, "q%d_%d_cc", opt_n, opt_k);
  row_int("depth", depth);
  row_int("cubes", (int64_t)s->ncubes);
  row_int("sb", (int64_t)s->sb_clauses);
  row_bool("cover", cover);
  row_int("cover_clauses", (int64_t)cv.clauses);
  row_int("cover_lemmas", (int64_t)cv.lemmas);
  /* the independent checks every answer rests on (the scoreboard's "check") */
  rw_word(W, "HC16", "check", "verifier+drat");
  tdef("coverseconds", "%.1f", cv.seconds);

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
  Run r = {.s = s, .conflicts = (long)conflicts, .cube = cube, .ck = ck};
  r.bytes = g_new0(GByteArray *, nu ? nu : 1);
  r.secs = g_new0(double, nu ? nu : 1);
  r.solve = g_new0(double, nu ? nu : 1);
  r.check = g_new0(double, nu ? nu : 1);
  uint32_t resumed = 0;
  for (size_t u = 0; u < nu; u++) { /* units done in an earlier run */
    size_t len;
    const void *d = ckpt_get(ck, 0, (uint32_t)cube[u], &len);
    CubesplitOutcome o;
    if (d && cubesplit_unpack(d, len, opt_n, opt_k, &o)) {
      r.bytes[u] = g_byte_array_new();
      g_byte_array_append(r.bytes[u], d, (guint)len);
      cubesplit_outcome_clear(&o);
      resumed++;
      size_t tlen;
      const void *td = ckpt_get(ck, 1, (uint32_t)cube[u], &tlen);
      CkptReader tr;
      ckpt_reader_init(&tr, td, td ? tlen : 0);
      double so = (double)ckpt_unpack_u64(&tr) / 1000, ch = (double)ckpt_unpack_u64(&tr) / 1000;
      if (td && ckpt_reader_done(&tr)) {
        r.solve[u] = so;
        r.check[u] = ch;
        r.secs[u] = so + ch;
      }
    }
  }
  ckpt_resume_note(ck, resumed, (uint32_t)nu, "cubes");
  Progress pr;
  r.progress = progress_stderr_start(&pr, "hypercube-p9cc: cubes", nu);
  parfor(nu, e.threads, run_unit, &r);
  progress_end(r.progress, nu);

  /* merge in unit order */
  bool ok = cover;
  uint64_t refuted = 0, sat = 0, open = 0, failed = 0, lemsum = 0;
  uint64_t *lem = g_new0(uint64_t, nu ? nu : 1);
  GArray *pairing = NULL;
  for (size_t u = 0; u < nu; u++) {
    CubesplitOutcome o;
    bool good = cubesplit_unpack(r.bytes[u]->data, r.bytes[u]->len, opt_n, opt_k, &o);
    g_assert(good);
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
    g_byte_array_unref(r.bytes[u]);
  }
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
    if (r.secs[u] > 0) {
      ts[nt++] = r.secs[u];
      tsum += r.secs[u];
      ssum += r.solve[u];
      csum += r.check[u];
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
  g_free(r.bytes);
  g_free(r.secs);
  g_free(r.solve);
  g_free(r.check);
  expt_close_file(&e, Times);
  expt_close_file(&e, cubes_out);
  cubesplit_free(s);
  if (rw_close(W) != 0) {
    ckpt_close(ck);
    return 3;
  }
  ckpt_finish(ck);
  return ok ? 0 : 1;
}
