/* experiments/hypercube/pvalues.c — HC15: p(3) = p(4) = 2, p(5) = p(6) = 3.
 *
 * Paper: Naimi & Sundberg, "Pairing strategies for the Maker–Breaker game on
 * the hypercube with subcubes as winning sets" (shared/papers/hypercube-subcubes.txt),
 * §7: p(n) is the least k such that Q(n,k) (board {0,1}^n, winning sets the
 * k-subcubes) has a pairing strategy, i.e. pairwise disjoint vertex pairs
 * (any Hamming distance) such that every k-subcube contains both vertices of
 * some pair; the paper infers p(3) = p(4) = 2 and p(5) = p(6) = 3 from Maker's
 * wins on Q(2,1) and Q(5,2) [23] and its strategies.  Here every value is
 * computed, nothing is typed in.
 *
 * Method.  For n = 3..--max-n (default 6; quick profile 5) and k = 1, 2, ...
 * up to the first k whose instance is satisfiable, Q(n,k) is decided by
 * CaDiCaL on the CNF of src/hypercube/cubesat.h (one variable per pair at distance
 * 1..k, at most one pair per vertex by Sinz's sequential counter, one clause
 * per k-subcube); p(n) = that first k.  Every answer is checked by other code:
 *   - SAT: the model's pairs must be a matching (sv_is_matching) that blocks
 *     every k-subcube (sv_verify, src/hypercube/subcube.c) — `q<n>_<k>_verified`.  With
 *     --certs DIR they are also written to DIR/q<n>_<k>.pairs (strategy file
 *     format of subcube.h; `subcube-verify n k FILE` rechecks them).
 *     Cross-check: the exact backtracking search of src/hypercube/pairsearch.c (which
 *     shares no code with the encoding) is run too; it must not answer
 *     'none', and a pairing it finds must pass sv_is_matching + sv_verify
 *     (`q<n>_<k>_search` = found / gave_up, the latter allowed and only
 *     informational, at most --max-nodes nodes).
 *   - UNSAT: confirmed by pairsearch answering 'none' (exhaustive) twice: with
 *     its counting bound (`q<n>_<k>_search`, `..._search_nodes`) and with the
 *     bound switched off (`q<n>_<k>_nobound`, `..._nobound_nodes`), so the
 *     confirmation does not rest on the counting argument alone.  Both must
 *     be 'none' for `q<n>_<k>_confirmed` true.
 * Rows (claim HC15), per instance in order of n then k, key prefix q<n>_<k>:
 *   q<n>_<k> sat|unsat;  q<n>_<k>_vars, q<n>_<k>_clauses (CNF size);
 *   SAT:   q<n>_<k>_pairs (pairs in the model), q<n>_<k>_verified,
 *          q<n>_<k>_search found|gave_up|none, q<n>_<k>_search_nodes,
 *          q<n>_<k>_search_verified (only when found);
 *   UNSAT: q<n>_<k>_search, q<n>_<k>_search_nodes, q<n>_<k>_nobound,
 *          q<n>_<k>_nobound_nodes, q<n>_<k>_confirmed;
 * then p<n> for each n, then the scored summary rows all_models_verified,
 * all_unsat_confirmed and searches_agree (no SAT instance refuted by the
 * search, every pairing the search found verified).  Timings go to stderr.
 * Exit 0 iff all three summary rows are true (and the solver never answered
 * anything but 10/20), 1 otherwise, 2 on bad arguments.
 */
#include <stdio.h>
#include <string.h>

#include "hypercube/cubesat.h"
#include "plumbing/expt.h"
#include "hypercube/pairsearch.h"
#include "hypercube/subcube.h"

static gint opt_max_n = G_MININT;
static gint64 opt_max_nodes = G_MININT64;
static gchar *opt_certs = NULL;

static bool pairs_ok(int n, int k, const GArray *p) {
  const VPair *v = (const VPair *)p->data;
  return sv_is_matching(n, v, p->len) && sv_verify(n, k, v, p->len, NULL, NULL);
}

static void row_int(ResultWriter *w, int n, int k, const char *what, int64_t v) {
  char key[64];
  snprintf(key, sizeof key, "q%d_%d%s", n, k, what);
  rw_int(w, "HC15", key, v);
}
static void row_bool(ResultWriter *w, int n, int k, const char *what, bool v) {
  char key[64];
  snprintf(key, sizeof key, "q%d_%d%s", n, k, what);
  rw_bool(w, "HC15", key, v);
}
static void row_word(ResultWriter *w, int n, int k, const char *what, const char *v) {
  char key[64];
  snprintf(key, sizeof key, "q%d_%d%s", n, k, what);
  rw_word(w, "HC15", key, v);
}

/* DIR/q<n>_<k>.pairs, written to a temporary file and renamed when complete
 * (expt_open_file): a write error is one line and exit 3, never a partial
 * file */
static void write_cert(const Expt *e, const char *dir, int n, int k, const GArray *p, bool verified) {
  g_autofree char *name = g_strdup_printf("q%d_%d.pairs", n, k);
  g_autofree char *path = g_build_filename(dir, name, NULL);
  FILE *f = expt_open_file(e, path);
  fprintf(f, "# pairing strategy for Q(%d,%d) from a CaDiCaL model (%u pairs; %s)\n", n, k,
          p->len, verified ? "verified by sv_verify" : "REJECTED by the verifier");
  sv_write_pairs(f, n, (const VPair *)p->data, p->len);
  expt_close_file(e, f);
}

int main(int argc, char **argv) {
  GOptionEntry own[] = {
      {"max-n", 0, 0, G_OPTION_ARG_INT, &opt_max_n, "largest n (3..7; default 6, quick 5)", "N"},
      {"max-nodes", 0, 0, G_OPTION_ARG_INT64, &opt_max_nodes,
       "node limit of each backtracking search (1..10^12, default 10^8)", "M"},
      {"certs", 0, 0, G_OPTION_ARG_FILENAME, &opt_certs,
       "write each SAT model as DIR/q<n>_<k>.pairs", "DIR"},
      G_OPTION_ENTRY_NULL};
  Expt e;
  expt_parse(&e, &argc, &argv, "hypercube-pvalues",
             "HC15: p(n) for n = 3..6 by SAT, every answer checked independently.", own);
  int max_n = expt_default(&e, opt_max_n, 6, 5);
  int64_t max_nodes = expt_default64(&e, opt_max_nodes, INT64_C(100000000), INT64_C(100000000));
  expt_check_range(&e, "--max-n", max_n, 3, 7);
  expt_check_range(&e, "--max-nodes", (long)max_nodes, 1, 1000000000000L);
  if (opt_certs) expt_certs_dir(&e, "--certs", opt_certs); /* created if missing (one level) */
  ResultWriter *w = expt_open_results(&e);

  bool models_ok = true, unsat_ok = true, agree = true, solver_ok = true;
  int p[8] = {0};
  for (int n = 3; n <= max_n; n++) {
    for (int k = 1; k <= n && p[n] == 0; k++) {
      GArray *model = NULL;
      CubesatStats st;
      int res = cubesat_solve(n, k, false, &model, &st);
      if (res != CUBESAT_SAT && res != CUBESAT_UNSAT) {
        fprintf(stderr, "hypercube-pvalues: Q(%d,%d): solver returned %d\n", n, k, res);
        solver_ok = false;
        break;
      }
      bool sat = res == CUBESAT_SAT;
      fprintf(stderr, "Q(%d,%d): %s, %d variables (%d pairs), %zu clauses, solve %.3f s\n", n, k,
              sat ? "SAT" : "UNSAT", st.nvars, st.npairvars, st.nclauses, st.solve_seconds);
      row_word(w, n, k, "", sat ? "sat" : "unsat");
      row_int(w, n, k, "_vars", st.nvars);
      row_int(w, n, k, "_clauses", (int64_t)st.nclauses);

      PairsearchOptions o = {.node_limit = (uint64_t)max_nodes};
      GArray *found = NULL;
      uint64_t nodes = 0;
      gint64 t0 = g_get_monotonic_time();
      PairsearchResult r = pairsearch(n, k, &o, &found, &nodes);
      double secs = (double)(g_get_monotonic_time() - t0) / 1e6;
      fprintf(stderr, "Q(%d,%d): search %s, %llu nodes, %.3f s\n", n, k,
              pairsearch_result_name(r), (unsigned long long)nodes, secs);
      if (sat) {
        p[n] = k;
        bool ok = pairs_ok(n, k, model);
        models_ok &= ok;
        row_int(w, n, k, "_pairs", model->len);
        row_bool(w, n, k, "_verified", ok);
        if (opt_certs) write_cert(&e, opt_certs, n, k, model, ok);
        row_word(w, n, k, "_search", pairsearch_result_name(r));
        row_int(w, n, k, "_search_nodes", (int64_t)nodes);
        agree &= r != PAIRSEARCH_NONE && r != PAIRSEARCH_BAD_ARGS;
        if (r == PAIRSEARCH_FOUND) {
          bool fok = pairs_ok(n, k, found);
          agree &= fok;
          row_bool(w, n, k, "_search_verified", fok);
        }
      } else {
        row_word(w, n, k, "_search", pairsearch_result_name(r));
        row_int(w, n, k, "_search_nodes", (int64_t)nodes);
        PairsearchOptions nb = {.no_bound = true, .node_limit = (uint64_t)max_nodes};
        uint64_t nodes_nb = 0;
        t0 = g_get_monotonic_time();
        PairsearchResult rnb = pairsearch(n, k, &nb, NULL, &nodes_nb);
        secs = (double)(g_get_monotonic_time() - t0) / 1e6;
        fprintf(stderr, "Q(%d,%d): search without the counting bound %s, %llu nodes, %.3f s\n",
                n, k, pairsearch_result_name(rnb), (unsigned long long)nodes_nb, secs);
        row_word(w, n, k, "_nobound", pairsearch_result_name(rnb));
        row_int(w, n, k, "_nobound_nodes", (int64_t)nodes_nb);
        bool conf = r == PAIRSEARCH_NONE && rnb == PAIRSEARCH_NONE;
        row_bool(w, n, k, "_confirmed", conf);
        unsat_ok &= conf;
        /* a pairing found for an UNSAT instance contradicts the solver */
        if (r == PAIRSEARCH_FOUND) agree = false;
      }
      if (found) g_array_free(found, TRUE);
      if (model) g_array_free(model, TRUE);
    }
  }
  for (int n = 3; n <= max_n; n++) {
    char key[16];
    snprintf(key, sizeof key, "p%d", n);
    if (p[n] > 0)
      rw_int(w, "HC15", key, p[n]);
    else
      rw_word(w, "HC15", key, "undecided");
  }
  rw_bool(w, "HC15", "all_models_verified", models_ok);
  rw_bool(w, "HC15", "all_unsat_confirmed", unsat_ok);
  rw_bool(w, "HC15", "searches_agree", agree);
  if (rw_close(w) != 0) return 3;
  return models_ok && unsat_ok && agree && solver_ok ? 0 : 1;
}
