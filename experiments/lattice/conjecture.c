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
 * Family.  d = 2: every set of 2..--max-size (default 8, quick 4) of the 8
 * primitive directions of [-2,2]^2; d = 3: every set of 2..4 (quick 2..3) of
 * the 13 directions of [-1,1]^3.  Sets are taken up to the signed
 * permutations of coordinates (lat_subset_canonical): those map lines to
 * lines and pairings to pairings, so one set per orbit decides the orbit.
 *
 * Search (src/lattice/lattice.h, lat_sat_solve: one variable per possible pair along
 * a direction of S, at most one pair per point, one clause per line of
 * length m on the torus; CaDiCaL).  For each S, with n = |S| and m = 2n + 1,
 * periods T x ... x T are tried in this order, each with a conflict limit
 * (--conflicts): adjacent pairs only (span 1, the Hales–Jewett kind) on
 * T = 2n, then on T = 4n, then pairs of any span 1..m-1 on T = 2n.  The first
 * satisfiable instance gives a pairing; it is decoded and handed to
 * lat_check() (shares nothing with the encoding): the displacement field
 * must be an involution and its least blocked m must be at most 2n + 1 (and,
 * by the known lower bound, not below it: a smaller value would expose an
 * error, and fails the run).  If no attempt succeeds, m is raised until one
 * does (3n is always reached by Theorem 1); that m is "least m reached".
 * Lower side, as a consistency check of the encoding: the same torus T = 2n
 * with m = 2n must be unsatisfiable (any span for n <= 3, adjacent pairs for
 * n = 4; not tried for n >= 5, where the refutations grow too long for a
 * routine run); every such UNSAT answer comes with a DRAT proof from CaDiCaL that
 * our checker (src/solvers/drat.h) verifies (`below_refuted`, `drat_verified`).
 *
 * Rows (claim LD4, all `beyond`): `check` names the independent checks;
 * per dimension and n, `d<d>_n<n>_sets` (orbits tried) and `_found` (a
 * pairing blocking 2n + 1 found and verified); `d<d>_sets`, `d<d>_found`,
 * `conjecture_holds_all` (found for every set tried), `optimal_all` (no
 * pairing blocks below 2n + 1), `pairings_verified` (every pairing the
 * solver returned passed lat_check, and every set reached some m <= 3n),
 * `below_refuted`,
 * `drat_verified`, `drat_proofs`.  --figdata PREFIX writes PREFIX-table.dat
 * (one line per set: d n S m T span least_m seconds) and PREFIX-pairing.dat
 * (the pairing found for the standard four directions, 16 x 16 window:
 * x y direction dx dy for lower ends, direction 0..3 = (1,0) (0,1) (1,1)
 * (1,-1)).  Progress on stderr.  The sets are shared among --threads
 * workers; every row is written afterwards in the order of the sets, so the
 * result file does not depend on the thread count.
 * Exit 0 iff every found pairing verified, every set reached some m, the
 * lower side held and every proof verified; a set for which 2n + 1 is not
 * reached is a result (`conjecture_holds_all` false), not a failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/drat.h"
#include "plumbing/expt.h"
#include "plumbing/parfor.h"
#include "plumbing/progress.h"
#include "lattice/lattice.h"
#include "solvers/satproof.h"

static gint opt_max_size = G_MININT;
static gint64 opt_conflicts = G_MININT64;
static gchar *opt_figdata = NULL;

/* one direction set: its search, its check, its lower side */
typedef struct {
  LatDirs S;
  bool standard;
  int reached, used_T, used_span, ref; /* ref: 1 refuted, 0 blocked, -1 open, 2 not tried */
  bool verified, drat;
  int proofs;
  double secs;
  char *why;
  FILE *figure; /* only for the standard set */
} Item;

typedef struct {
  Item *items;
  long conflicts;
  const ProgressSink *progress;
  gint done;
} Work;

static char *set_token(const LatDirs *S) {
  GString *s = g_string_new(NULL);
  for (int i = 0; i < S->n; i++) {
    g_string_append_c(s, '(');
    for (int j = 0; j < S->d; j++) g_string_append_printf(s, "%s%d", j ? "," : "", S->v[i][j]);
    g_string_append_c(s, ')');
  }
  return g_string_free(s, FALSE);
}

/* UNSAT with a proof our checker accepts: 1 (it->drat cleared if rejected);
 * SAT: 0; limit hit: -1 */
static int refute(Item *it, long conflicts, int m, int span, const int *T) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  CubesatCnf *cnf = NULL;
  int res = lat_sat_solve(&it->S, m, span, T, conflicts, f, NULL, &cnf, NULL);
  fclose(f);
  int out = res == SATPROOF_SAT ? 0 : -1;
  if (res == SATPROOF_UNSAT) {
    GError *err = NULL;
    DratResult dr =
        drat_check((int *)cnf->lits->data, cnf->lits->len, cnf->nvars, buf, NULL, &err);
    it->proofs++;
    if (dr != DRAT_VERIFIED) {
      it->why = g_strdup_printf("DRAT proof rejected: %s", err ? err->message : "?");
      it->drat = false;
    }
    g_clear_error(&err);
    out = 1;
  }
  free(buf);
  cubesat_cnf_free(cnf);
  return out;
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

static void search(Item *it, long conflicts) {
  const LatDirs *S = &it->S;
  int n = S->n;
  struct {
    int span, mult;
  } tries[] = {{1, 2}, {1, 4}, {0, 2}}; /* span 0: any, 1..m-1 */
  it->verified = it->drat = true;
  for (int m = 2 * n + 1; m <= 3 * n && !it->reached; m++)
    for (size_t k = 0; k < G_N_ELEMENTS(tries) && !it->reached; k++) {
      int T[LAT_MAX_D], span = tries[k].span ? tries[k].span : m - 1;
      for (int j = 0; j < S->d; j++) T[j] = tries[k].mult * n;
      LatPairing P;
      LatSatStats st;
      int res = lat_sat_solve(S, m, span, T, conflicts, NULL, &P, NULL, &st);
      it->secs += st.seconds;
      if (res != SATPROOF_SAT) continue;
      LatCheck c;
      char *why = NULL;
      bool inv = lat_check(S, &P, &c, &why);
      if (inv && c.least_m != 0 && c.least_m <= m) {
        it->reached = c.least_m;
        it->used_T = T[0];
        it->used_span = span;
        if (it->figure) draw(it->figure, &P);
      } else {
        it->why = g_strdup_printf("the solver's pairing fails the check: %s",
                                  why ? why : "a line is not blocked");
        it->verified = false;
      }
      g_free(why);
      lat_pairing_clear(&P);
    }
  if (it->reached == 0) {
    if (!it->why) it->why = g_strdup("nothing found up to 3|S|");
    it->verified = false;
  }
  /* the lower side: m = 2n on the torus 2n */
  int T[LAT_MAX_D];
  for (int j = 0; j < S->d; j++) T[j] = 2 * n;
  it->ref = n <= 4 ? refute(it, conflicts, 2 * n, n <= 3 ? 2 * n - 1 : 1, T) : 2;
}

/* work unit i: the set items[i]; its results stay in items[i] */
static void worker(size_t i, int t, void *ctx) {
  Work *w = ctx;
  (void)t;
  search(&w->items[i], w->conflicts);
  progress_update(w->progress, (uint64_t)g_atomic_int_add(&w->done, 1) + 1);
}

/* append one item per orbit of sets of lo..hi directions of [-c,c]^d */
static void family(GArray *items, int d, int c, int lo, int hi) {
  int dirs[64][LAT_MAX_D];
  int nd = lat_directions(d, c, dirs, 64);
  for (int k = lo; k <= hi && k <= nd; k++)
    for (uint64_t mask = (UINT64_C(1) << k) - 1; mask < (UINT64_C(1) << nd);) {
      if (lat_subset_canonical(d, (const int (*)[LAT_MAX_D])dirs, nd, mask)) {
        Item it;
        memset(&it, 0, sizeof it);
        it.S.d = d;
        for (int i = 0; i < nd; i++)
          if (mask >> i & 1) memcpy(it.S.v[it.S.n++], dirs[i], sizeof(int) * LAT_MAX_D);
        static const int std4[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
        it.standard = d == 2 && k == 4;
        for (int s = 0; s < 4 && it.standard; s++) {
          int i = lat_dir_index((const int (*)[LAT_MAX_D])dirs, nd, std4[s], d);
          it.standard = i >= 0 && (mask >> i & 1);
        }
        g_array_append_val(items, it);
      }
      mask = cube_next_combination64(mask);
    }
}

int main(int argc, char **argv) {
  GOptionEntry own[] = {
      {"max-size", 0, 0, G_OPTION_ARG_INT, &opt_max_size,
       "largest |S| in d = 2 (2..8; default 8, quick 4)", "K"},
      {"conflicts", 0, 0, G_OPTION_ARG_INT64, &opt_conflicts,
       "CaDiCaL conflict limit per instance (1..10^9; default 10^6)", "N"},
      {"figdata", 0, 0, G_OPTION_ARG_FILENAME, &opt_figdata,
       "write PREFIX-table.dat and PREFIX-pairing.dat", "PREFIX"},
      G_OPTION_ENTRY_NULL};
  Expt e;
  expt_parse(&e, &argc, &argv, "lattice-conjecture",
             "LD4: periodic pairings blocking 2|S|+1 (Conjecture 1), by SAT.", own);
  bool quick = e.profile == PROFILE_QUICK;
  int K = expt_default(&e, opt_max_size, 8, 4);
  int K3 = quick ? 3 : 4;
  long conflicts = (long)expt_default64(&e, opt_conflicts, 1000000, 1000000);
  expt_check_range(&e, "--max-size", K, 2, 8);
  expt_check_range(&e, "--conflicts", conflicts, 1, 1000000000);
  g_autofree char *tpath = opt_figdata ? g_strdup_printf("%s-table.dat", opt_figdata) : NULL;
  g_autofree char *ppath = opt_figdata ? g_strdup_printf("%s-pairing.dat", opt_figdata) : NULL;
  FILE *table = expt_open_figdata(&e, tpath);
  FILE *figure = expt_open_figdata(&e, ppath);
  ResultWriter *w = expt_open_results(&e);

  GArray *items = g_array_new(FALSE, FALSE, sizeof(Item));
  family(items, 2, 2, 2, K);
  family(items, 3, 1, 2, K3);
  Item *it = (Item *)items->data;
  for (guint i = 0; i < items->len; i++)
    if (it[i].standard) it[i].figure = figure;
  Progress pr;
  Work work = {it, conflicts, progress_stderr_start(&pr, "direction sets", items->len), 0};
  parfor(items->len, e.threads, worker, &work);
  progress_end(work.progress, items->len);

  /* the rows, in the order of the sets */
  int sets[5][LAT_MAX_S + 1] = {{0}}, found[5][LAT_MAX_S + 1] = {{0}};
  bool holds = true, optimal = true, verified = true, below = true, drat = true;
  int64_t proofs = 0;
  if (table) fprintf(table, "# d\tn\tS\tm\tT\tpairs\tleast_m\tbelow (m = 2n, T = 2n)\tseconds\n");
  for (guint i = 0; i < items->len; i++) {
    Item *x = &it[i];
    int n = x->S.n, d = x->S.d;
    g_autofree char *tok = set_token(&x->S);
    sets[d][n]++;
    found[d][n] += x->reached == 2 * n + 1;
    holds &= x->reached == 2 * n + 1;
    optimal &= x->reached >= 2 * n + 1 || x->reached == 0;
    verified &= x->verified;
    drat &= x->drat;
    below &= x->ref != 0;
    proofs += x->proofs;
    if (x->why) fprintf(stderr, "%s: S = %s: %s\n", e.name, tok, x->why);
    if (x->ref == 0)
      fprintf(stderr, "%s: S = %s: a pairing of period %d blocks %d\n", e.name, tok, 2 * n, 2 * n);
    if (table)
      fprintf(table, "%d\t%d\t%s\t%d\t%d\t%s\t%d\t%s\t%.2f\n", d, n, tok, 2 * n + 1, x->used_T,
              x->used_span == 1 ? "adjacent" : "any", x->reached,
              x->ref == 1 ? "refuted" : x->ref == 0 ? "blocked" : x->ref == 2 ? "-" : "open",
              x->secs);
    g_free(x->why);
  }
  g_array_free(items, TRUE);

  rw_word(w, "LD4", "check", "lattice_check+drat");
  rw_int(w, "LD4", "d2_max_size", K);
  rw_int(w, "LD4", "d3_max_size", K3);
  for (int d = 2; d <= 3; d++) {
    char key[64];
    int ts = 0, tf = 0;
    for (int n = 1; n <= LAT_MAX_S; n++) {
      if (sets[d][n] == 0) continue;
      snprintf(key, sizeof key, "d%d_n%d_sets", d, n);
      rw_int(w, "LD4", key, sets[d][n]);
      snprintf(key, sizeof key, "d%d_n%d_found", d, n);
      rw_int(w, "LD4", key, found[d][n]);
      ts += sets[d][n];
      tf += found[d][n];
    }
    snprintf(key, sizeof key, "d%d_sets", d);
    rw_int(w, "LD4", key, ts);
    snprintf(key, sizeof key, "d%d_found", d);
    rw_int(w, "LD4", key, tf);
  }
  rw_bool(w, "LD4", "conjecture_holds_all", holds);
  rw_bool(w, "LD4", "optimal_all", optimal);
  rw_bool(w, "LD4", "pairings_verified", verified);
  rw_bool(w, "LD4", "below_refuted", below);
  rw_int(w, "LD4", "drat_proofs", proofs);
  rw_bool(w, "LD4", "drat_verified", drat);
  expt_close_file(&e, table);
  expt_close_file(&e, figure);
  int rc = rw_close(w);
  return rc == 0 && verified && optimal && below && drat ? 0 : 1;
}
