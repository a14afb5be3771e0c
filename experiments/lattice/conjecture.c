/* experiments/lattice/conjecture.c — LD4 (beyond the paper): Conjecture 1,
 * "if m >= 2|S| + 1, Breaker has a winning pairing strategy", tested by a
 * SAT search for periodic pairings.
 *
 * Paper: Kruczek & Sundberg (shared/papers/lattice-many-directions.txt), §3.
 * The paper proves m = 3|S| (Theorem 1) and conjectures 2|S| + 1, from the
 * Hales–Jewett pairing (|S| = 4, m = 9: adjacent points paired, period 8).
 * No pairing strategy blocks m = 2|S| (a known lower bound), so a pairing
 * that blocks 2|S| + 1 is optimal.
 *
 * Families (one work unit per orbit of direction sets under the signed
 * permutations of coordinates, lat_subset_canonical: those map lines to
 * lines and pairings to pairings, so one set per orbit decides the orbit):
 *   core, d = 2: every set of 2..--max-size (default 8, quick 4) of the 8
 *     primitive directions of [-2,2]^2; core, d = 3: every set of 2..4 (quick
 *     2..3) of the 13 directions of [-1,1]^3;
 *   box3: every set of 2..--box-size (default 7, quick 3; 0: none) of the 16
 *     primitive directions of [-3,3]^2;
 *   d3wide: every set of 5..--d3-size (default 7, quick none) of the 13
 *     directions of [-1,1]^3.
 * `make campaign-ld4` raises --box-size and --d3-size.
 *
 * Search (src/lattice/latsearch.h, ld4_search; --method old is the earlier
 * sequence, kept for `make bench`).  For each S with n = |S| and m = 2n + 1:
 * the exact cover of the torus Z_2n^d by adjacent pairs, one pair of
 * direction v on every coset of <v> (for this torus, period and m the same
 * solutions as lattice.h's encoding), first on small quotient groups of the
 * torus, then on the torus itself; then the old tries (adjacent pairs on
 * T = 4n, any span on T = 2n, larger m up to 3n).  A satisfying assignment is
 * lifted to a pairing of period 2n and handed to lat_check() (shares nothing
 * with the encodings): it must be an involution and its least blocked m at
 * most 2n + 1 (and, by the known lower bound, not below it: a smaller value
 * would expose an error, and fails the run); the merge checks every pairing
 * again from the unit's bytes.  If no attempt succeeds, m is raised until one
 * does (3n is always reached by Theorem 1); that m is "least m reached".
 * No unsatisfiable answer of the search is claimed as anything.
 * Lower side, as a consistency check of lattice.h's encoding, on the core
 * families: the torus T = 2n with m = 2n must be unsatisfiable (any span for
 * n <= 3, adjacent pairs for n = 4; not tried for n >= 5); every such UNSAT
 * answer comes with a DRAT proof from CaDiCaL that our checker
 * (src/solvers/drat.h) verifies (`below_refuted`, `drat_verified`).
 *
 * Units.  Unit i = item i of the plan (ld4_unit: a pure function of the
 * options and i, its outcome as bytes, followed in the unit's record by its
 * solver microseconds, which reach only the figure data); campaign.h runs
 * them on --threads workers or, built by `make mpi`, on MPI ranks;
 * --checkpoint FILE saves finished units (stage 0, index i) and resumes; the
 * rows are merged in unit order, so the result file does not depend on the
 * thread count, the rank count or on resuming.
 *
 * Rows (claim LD4, all `beyond`): `check` names the independent checks;
 * per dimension and n, `d<d>_n<n>_sets` (orbits tried, core) and `_found` (a
 * pairing blocking 2n + 1 found and verified); `d<d>_sets`, `d<d>_found`,
 * likewise `box3_*` and `d3wide_*` with their `_max_size`; `planar_sets`,
 * `spatial_sets` the distinct orbits over all families (the families
 * overlap) and `_found` those with a pairing blocking 2n + 1;
 * `conjecture_holds_all` (found for every set tried), `optimal_all` (no
 * pairing blocks below 2n + 1), `adjacent_period_2n_all` (every pairing found
 * has period 2n and adjacent pairs), `pairings_verified` (every pairing the
 * solver returned passed lat_check, and every set reached some m <= 3n),
 * `below_refuted`, `drat_verified`, `drat_proofs`.  --figdata PREFIX writes
 * PREFIX-table.dat (one line per set: d n S m T span least_m below seconds
 * group family) and PREFIX-pairing.dat (the pairing found for the standard
 * four directions, 16 x 16 window: x y direction dx dy for lower ends,
 * direction 0..3 = (1,0) (0,1) (1,1) (1,-1)).  Progress on stderr.
 * Exit 0 iff every found pairing verified, every set reached some m, the
 * lower side held and every proof verified; a set for which 2n + 1 is not
 * reached is a result (`conjecture_holds_all` false), not a failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lattice/latsearch.h"
#include "plumbing/expt.h"
#include "plumbing/campaign.h"
#include "plumbing/progress.h"

static gint opt_max_size = G_MININT, opt_box_size = G_MININT, opt_d3_size = G_MININT;
static gint64 opt_conflicts = G_MININT64;
static gchar *opt_figdata = NULL, *opt_method = NULL, *opt_checkpoint = NULL;
static gint opt_stop_after = 0;

enum { FAM_CORE = LD4_FAM_CORE, FAM_BOX3 = LD4_FAM_BOX3, FAM_D3WIDE = LD4_FAM_D3WIDE, NFAM = LD4_NFAM };
static const char *fam_name[NFAM] = {"core", "box3", "d3wide"};


static char *set_token(const LatDirs *S) {
  GString *s = g_string_new(NULL);
  for (int i = 0; i < S->n; i++) {
    g_string_append_c(s, '(');
    for (int j = 0; j < S->d; j++) g_string_append_printf(s, "%s%d", j ? "," : "", S->v[i][j]);
    g_string_append_c(s, ')');
  }
  return g_string_free(s, FALSE);
}

static void draw(FILE *f, const LatPairing *P) {
  static const int order[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}}; /* the figure's colours */
  fprintf(f, "# x y direction dx dy: lower ends of the pairs, 16 x 16 window\n");
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      uint32_t q = (uint32_t)(x % P->T[0]) + (uint32_t)P->T[0] * (uint32_t)(y % P->T[1]);
      int dd[2] = {P->disp[2 * q], P->disp[2 * q + 1]}, i = lat_first(dd, 2), dir = -1;
      for (int s = 0; s < 4 && i >= 0; s++)
        if (dd[0] * order[s][1] == dd[1] * order[s][0]) dir = s;
      bool lower = i >= 0 && dd[i] > 0;
      fprintf(f, "%d %d %d %d %d\n", x, y, dir, lower ? dd[0] : 0, lower ? dd[1] : 0);
    }
}

static bool is_standard(const LatDirs *S) {
  static const int std4[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  if (S->d != 2 || S->n != 4) return false;
  for (int s = 0; s < 4; s++) {
    bool has = false;
    for (int i = 0; i < 4; i++) has |= S->v[i][0] == std4[s][0] && S->v[i][1] == std4[s][1];
    if (!has) return false;
  }
  return true;
}

/* the orbit of S under the signed permutations of coordinates, as text: the
 * least of the sorted lists of its images (each vector with its first nonzero
 * coordinate positive); equal for two sets iff they lie in one orbit */
static char *orbit_key(const LatDirs *S) {
  int d = S->d, perm[LAT_MAX_D];
  for (int j = 0; j < d; j++) perm[j] = j;
  char *best = NULL;
  for (;;) {
    for (uint32_t signs = 0; signs < (UINT32_C(1) << d); signs++) {
      LatDirs I = {.d = d, .n = S->n};
      for (int s = 0; s < S->n; s++) {
        for (int j = 0; j < d; j++) I.v[s][j] = (signs >> j & 1 ? -1 : 1) * S->v[s][perm[j]];
        if (I.v[s][lat_first(I.v[s], d)] < 0)
          for (int j = 0; j < d; j++) I.v[s][j] = -I.v[s][j];
      }
      for (int a = 1; a < I.n; a++) /* insertion sort, lexicographic */
        for (int b = a; b > 0 && memcmp(I.v[b], I.v[b - 1], sizeof I.v[b]) != 0; b--) {
          int c = 0;
          while (c < d && I.v[b][c] == I.v[b - 1][c]) c++;
          if (I.v[b][c] > I.v[b - 1][c]) break;
          int t[LAT_MAX_D];
          memcpy(t, I.v[b], sizeof t);
          memcpy(I.v[b], I.v[b - 1], sizeof t);
          memcpy(I.v[b - 1], t, sizeof t);
        }
      char *k = set_token(&I);
      if (!best || strcmp(k, best) < 0) {
        g_free(best);
        best = k;
      } else {
        g_free(k);
      }
    }
    if (!lat_next_perm(perm, d)) return best;
  }
}

/* a checkpoint record: the unit's bytes, then its solver microseconds */
static bool ck_decode(const void *data, size_t len, GByteArray **bytes, double *secs) {
  CkptReader r;
  ckpt_reader_init(&r, data, len);
  size_t bl;
  const uint8_t *b = ckpt_unpack_bytes(&r, &bl);
  uint64_t us = ckpt_unpack_u64(&r);
  if (!ckpt_reader_done(&r) || !b) return false;
  Ld4Outcome o;
  bool ok = ld4_unpack(b, bl, &o);
  ld4_outcome_clear(&o);
  if (!ok) return false;
  *bytes = g_byte_array_new();
  g_byte_array_append(*bytes, b, (guint)bl);
  *secs = (double)us / 1e6;
  return true;
}

static void compute(size_t i, int worker, GByteArray *out, void *ctx) {
  (void)worker;
  double secs = 0;
  g_autoptr(GByteArray) b = ld4_unit(ctx, i, &secs);
  ckpt_pack_bytes(out, b->data, b->len);
  ckpt_pack_u64(out, (uint64_t)(secs * 1e6));
}
static bool check(size_t i, const void *data, size_t len, void *ctx) {
  (void)i, (void)ctx;
  GByteArray *b = NULL;
  double secs;
  if (!ck_decode(data, len, &b, &secs)) return false;
  g_byte_array_unref(b);
  return true;
}

typedef struct {
  int sets[LAT_MAX_D + 1][LAT_MAX_S + 1], found[LAT_MAX_D + 1][LAT_MAX_S + 1];
  int max_size;
} Tally;

static void rows(ResultWriter *w, const char *prefix, const Tally *t, bool per_dim) {
  char key[64];
  int ts = 0, tf = 0;
  for (int d = 2; d <= 3; d++) {
    if (per_dim) ts = tf = 0;
    for (int n = 1; n <= LAT_MAX_S; n++) {
      if (t->sets[d][n] == 0) continue;
      snprintf(key, sizeof key, "%s%s_n%d_sets", per_dim ? (d == 2 ? "d2" : "d3") : prefix, "", n);
      rw_int(w, "LD4", key, t->sets[d][n]);
      snprintf(key, sizeof key, "%s_n%d_found", per_dim ? (d == 2 ? "d2" : "d3") : prefix, n);
      rw_int(w, "LD4", key, t->found[d][n]);
      ts += t->sets[d][n];
      tf += t->found[d][n];
    }
    if (per_dim) {
      snprintf(key, sizeof key, "d%d_sets", d);
      rw_int(w, "LD4", key, ts);
      snprintf(key, sizeof key, "d%d_found", d);
      rw_int(w, "LD4", key, tf);
    }
  }
  if (!per_dim) {
    snprintf(key, sizeof key, "%s_sets", prefix);
    rw_int(w, "LD4", key, ts);
    snprintf(key, sizeof key, "%s_found", prefix);
    rw_int(w, "LD4", key, tf);
  }
}

int main(int argc, char **argv) {
  GOptionEntry own[] = {
      {"max-size", 0, 0, G_OPTION_ARG_INT, &opt_max_size,
       "largest |S| in [-2,2]^2 (2..8; default 8, quick 4)", "K"},
      {"box-size", 0, 0, G_OPTION_ARG_INT, &opt_box_size,
       "largest |S| in [-3,3]^2 (0: none, else 2..16; default 7, quick 3)", "K"},
      {"d3-size", 0, 0, G_OPTION_ARG_INT, &opt_d3_size,
       "largest |S| in [-1,1]^3 beyond the core sizes (4..13; default 7, quick 3: none)", "K"},
      {"conflicts", 0, 0, G_OPTION_ARG_INT64, &opt_conflicts,
       "CaDiCaL conflict limit per instance (1..10^9; default 10^6)", "N"},
      {"method", 0, 0, G_OPTION_ARG_STRING, &opt_method,
       "new (default) or old: the search before the exact-cover encoding", "M"},
      {"figdata", 0, 0, G_OPTION_ARG_FILENAME, &opt_figdata,
       "write PREFIX-table.dat and PREFIX-pairing.dat", "PREFIX"},
      EXPT_CHECKPOINT_OPTIONS(opt_checkpoint, opt_stop_after),
      G_OPTION_ENTRY_NULL};
  Expt e;
  expt_parse(&e, &argc, &argv, "lattice-conjecture",
             "LD4: periodic pairings blocking 2|S|+1 (Conjecture 1), by SAT.", own);
  bool quick = e.profile == PROFILE_QUICK;
  int K = expt_default(&e, opt_max_size, 8, 4);
  int K3 = quick ? 3 : 4;
  int KB = expt_default(&e, opt_box_size, 7, 3);
  int KD = expt_default(&e, opt_d3_size, 7, 3);
  long conflicts = (long)expt_default64(&e, opt_conflicts, 1000000, 1000000);
  expt_check_range(&e, "--max-size", K, 2, 8);
  if (KB != 0) expt_check_range(&e, "--box-size", KB, 2, 16);
  expt_check_range(&e, "--d3-size", KD, K3, 13);
  expt_check_range(&e, "--conflicts", conflicts, 1, 1000000000);
  Ld4Method method = LD4_NEW;
  if (opt_method && strcmp(opt_method, "old") == 0)
    method = LD4_OLD;
  else if (opt_method && strcmp(opt_method, "new") != 0) {
    fprintf(stderr, "%s: --method: '%s' is neither new nor old\n", e.name, opt_method);
    return 2;
  }
  g_autofree char *tpath = opt_figdata ? g_strdup_printf("%s-table.dat", opt_figdata) : NULL;
  g_autofree char *ppath = opt_figdata ? g_strdup_printf("%s-pairing.dat", opt_figdata) : NULL;
  FILE *table = expt_open_figdata(&e, tpath);
  FILE *figure = expt_open_figdata(&e, ppath);
  g_autofree char *args = g_strdup_printf("max-size=%d d3=%d box-size=%d d3-size=%d conflicts=%ld "
                                          "method=%d", K, K3, KB, KD, conflicts, (int)method);
  Checkpoint *ck = expt_checkpoint(&e, opt_checkpoint, opt_stop_after, args);
  ResultWriter *w = expt_open_results(&e);

  Ld4Plan plan;
  ld4_plan_standard(&plan, method, conflicts, K, K3, KB, KD);
  size_t units = plan.items->len;
  GByteArray **bytes = g_new0(GByteArray *, units);
  double *secs = g_new0(double, units);
  Progress pr;
  CampaignSpec spec = {.units = units,
                       .compute = compute,
                       .check = check,
                       .ctx = &plan,
                       .threads = e.threads,
                       .ck = ck,
                       .stage = 0,
                       .what = "direction sets",
                       .progress = progress_stderr_start(&pr, "direction sets", units)};
  CampaignResult cr;
  campaign_run(&spec, &cr);
  progress_end(spec.progress, units);
  for (size_t i = 0; i < units; i++) {
    size_t len;
    const void *rec = campaign_unit(&cr, i, &len);
    bool good = ck_decode(rec, len, &bytes[i], &secs[i]);
    g_assert(good);
  }
  campaign_result_clear(&cr);

  /* the merge, in unit order; every pairing is checked again from its bytes */
  Tally tally[NFAM];
  memset(tally, 0, sizeof tally);
  bool holds = true, optimal = true, verified = true, below = true, drat = true, adj2n = true;
  int64_t proofs = 0;
  /* distinct orbits over the families, per dimension: key -> found */
  GHashTable *orbits[2] = {g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL),
                           g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL)};
  if (table)
    fprintf(table, "# d\tn\tS\tm\tT\tpairs\tleast_m\tbelow (m = 2n, T = 2n)\tseconds\t"
                   "group\tfamily\n");
  for (size_t i = 0; i < units; i++) {
    const Ld4Item *it = &g_array_index(plan.items, Ld4Item, i);
    Ld4Outcome x;
    g_autofree char *tok = set_token(&it->S);
    if (!ld4_unpack(bytes[i]->data, bytes[i]->len, &x)) {
      fprintf(stderr, "%s: S = %s: the unit's bytes do not decode\n", e.name, tok);
      verified = false;
      ld4_outcome_clear(&x);
      continue;
    }
    if (x.reached) {
      LatCheck c;
      char *why = NULL;
      if (!lat_check(&it->S, &x.pairing, &c, &why) || c.least_m != x.reached) {
        fprintf(stderr, "%s: S = %s: the merge's check disagrees: %s\n", e.name, tok,
                why ? why : "least m differs");
        x.verified = false;
      }
      g_free(why);
    }
    int n = it->S.n, d = it->S.d;
    g_hash_table_insert(orbits[d - 2], orbit_key(&it->S),
                        GINT_TO_POINTER(x.reached == 2 * n + 1 && x.verified ? 2 : 1));
    Tally *t = &tally[it->family];
    t->sets[d][n]++;
    t->found[d][n] += x.reached == 2 * n + 1;
    holds &= x.reached == 2 * n + 1;
    optimal &= x.reached >= 2 * n + 1 || x.reached == 0;
    adj2n &= x.reached == 0 || (x.used_T == 2 * n && x.used_span == 1);
    verified &= x.verified;
    drat &= x.drat;
    below &= x.ref != 0;
    proofs += x.proofs;
    if (x.why) fprintf(stderr, "%s: S = %s: %s\n", e.name, tok, x.why);
    if (x.ref == 0)
      fprintf(stderr, "%s: S = %s: a pairing of period %d blocks %d\n", e.name, tok, 2 * n, 2 * n);
    if (figure && it->family == FAM_CORE && is_standard(&it->S) && x.reached) draw(figure, &x.pairing);
    if (table)
      fprintf(table, "%d\t%d\t%s\t%d\t%d\t%s\t%d\t%s\t%.4f\t%d\t%s\n", d, n, tok, 2 * n + 1,
              x.used_T, x.used_span == 1 ? "adjacent" : "any", x.reached,
              x.ref == 1 ? "refuted" : x.ref == 0 ? "blocked" : x.ref == 2 ? "-" : "open", secs[i],
              x.group, fam_name[it->family]);
    ld4_outcome_clear(&x);
  }
  for (size_t i = 0; i < units; i++) g_byte_array_free(bytes[i], TRUE);
  g_free(bytes);
  g_free(secs);
  ld4_plan_clear(&plan);

  rw_word(w, "LD4", "check", "lattice_check+drat");
  rw_int(w, "LD4", "d2_max_size", K);
  rw_int(w, "LD4", "d3_max_size", K3);
  rows(w, "core", &tally[FAM_CORE], true);
  rw_int(w, "LD4", "box3_max_size", KB);
  rows(w, "box3", &tally[FAM_BOX3], false);
  rw_int(w, "LD4", "d3wide_max_size", KD);
  rows(w, "d3wide", &tally[FAM_D3WIDE], false);
  for (int d = 2; d <= 3; d++) {
    GHashTableIter hi;
    gpointer k, v;
    int found = 0;
    g_hash_table_iter_init(&hi, orbits[d - 2]);
    while (g_hash_table_iter_next(&hi, &k, &v)) found += GPOINTER_TO_INT(v) == 2;
    rw_int(w, "LD4", d == 2 ? "planar_sets" : "spatial_sets", g_hash_table_size(orbits[d - 2]));
    rw_int(w, "LD4", d == 2 ? "planar_found" : "spatial_found", found);
    g_hash_table_destroy(orbits[d - 2]);
  }
  rw_bool(w, "LD4", "conjecture_holds_all", holds);
  rw_bool(w, "LD4", "optimal_all", optimal);
  rw_bool(w, "LD4", "adjacent_period_2n_all", adj2n);
  rw_bool(w, "LD4", "pairings_verified", verified);
  rw_bool(w, "LD4", "below_refuted", below);
  rw_int(w, "LD4", "drat_proofs", proofs);
  rw_bool(w, "LD4", "drat_verified", drat);
  expt_close_file(&e, table);
  expt_close_file(&e, figure);
  int rc = rw_close(w);
  ckpt_finish(ck);
  return rc == 0 && verified && optimal && below && drat ? 0 : 1;
}
