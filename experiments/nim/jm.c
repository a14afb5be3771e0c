/* experiments/nim/jm.c — SG2: Theorem 1, which symmetric hypergraphs are JM,
 * for every spectrum with n <= 6.
 *
 * Paper: Boros, Gurvich, Ho, Makino & Mursic, "Sprague-Grundy function of
 * symmetric hypergraphs" (shared/papers/hypergraph-nim-symmetric.txt).
 *
 * Theorem 1: H(λ) is JM (its SG function is the JM formula U of (1a)-(3)
 * everywhere) iff it is minimal transversal-free and n >= 3.
 *   For n = 1..max-n (full and quick 6) and each of the 2^n - 1 spectra λ,
 *   src/nim/sgnim.c solves NIM_H(λ) exactly on the box [0,B_n]^n (full: B =
 *   1024, 512, 160, 56, 32, 20 for n = 1..6; quick: 200, 40, 16, 10, 8, 6)
 *   with the symmetric engine (one position per orbit of the piles), takes T
 *   from the Tetris DP and U from (1a)-(3), and compares SG with U on every
 *   position.  Minimal transversal-freeness is decided by the definition
 *   (sg_minimal_transversal_free, every induced subhypergraph), not by
 *   Theorem 2.  The check: SG = U on the whole box iff minimal
 *   transversal-free and n >= 3, for every λ.
 *   Rows per n: `n<n>_B`, `n<n>_spectra`, `n<n>_mtf`, `n<n>_jm` (spectra with
 *   SG = U on the box), `n<n>_jm_spectra` (the list), `n<n>_theorem1`, and
 *   for every λ where SG != U somewhere, the first such position in the
 *   order of sg_order_cmp (by the largest pile, then the total, then
 *   lexicographically; the answer is the same in every larger box):
 *   `n<n>_s<λ>_first`, `_sg`, `_u` (λ written with '_').
 *   `n<n>_max_first_pile`: the largest pile of these first positions (far
 *   below B_n, so the boxes are not what decides).
 * Independent checks.
 *   `naive_confirms_first`: for every non-JM λ the naive solver (the mex over
 *   every move) on the cube [0,M]^n, M the first position's largest pile,
 *   with the unsymmetrised Tetris DP, finds the same first position and
 *   values.
 *   `general_engine_agrees`: for n = max-n on [0,G]^n (G = 8, quick 4), every
 *   spectrum solved again by the general engine on every position (no
 *   symmetry) gives the same SG table and the same JM verdict.
 *   `naive_agrees`: for every spectrum with n <= min(5, max-n) the naive
 *   solver on [0,N]^n (N = 4, quick 3) gives the symmetric engine's table.
 *   `prior_moore_jm`, `prior_half_jm`: the results Theorem 1 extends (§1):
 *   (1,...,n-1) for 3 <= n and (n/2) for even n >= 4 are JM on their boxes;
 *   `none_below_3`: no λ with n <= 2 is JM on its box (§3.2).
 *   `theorem1`: every n held.
 * Campaign.  The survey of each n is a campaign (src/plumbing/campaign.h):
 *   unit i is the spectrum i + 1, its survey row the unit's result, merged
 *   in spectrum order; on threads, or on MPI ranks (build/mpi/bin/nim-jm,
 *   `make mpi`) with the same result file.  --checkpoint FILE saves every
 *   finished row (stage n) and a rerun resumes from them; --stop-after N (a
 *   test aid) stops as if killed once N rows are saved.
 * Exit 0 iff every check held.
 */
#include <stdio.h>
#include <string.h>

#include "plumbing/campaign.h"
#include "plumbing/expt.h"
#include "plumbing/progress.h"
#include "plumbing/parfor.h"
#include "nim/sgnim.h"

static gint opt_max_n = G_MININT;
static gchar *opt_checkpoint = NULL;
static gint opt_stop_after = 0;

/* ---- the survey of one n as a campaign (plumbing/campaign.h) --------------
 * Unit u is the spectrum sizes = u + 1; its result is its survey row:
 * sizes, agree, the first differing position (n piles), the SG and U values
 * there, the largest SG value, the P-positions and the differing positions,
 * as varints. */
typedef struct {
  const SgSorted *sb;
  int n, B;
} Survey;

static void pack_row(GByteArray *b, int n, const SgSurveyRow *r) {
  ckpt_pack_u64(b, r->sizes);
  ckpt_pack_u64(b, r->agree);
  for (int j = 0; j < n; j++) ckpt_pack_u64(b, (uint64_t)r->first[j]);
  ckpt_pack_u64(b, r->sg_first);
  ckpt_pack_u64(b, r->u_first);
  ckpt_pack_u64(b, r->max_sg);
  ckpt_pack_u64(b, r->p_positions);
  ckpt_pack_u64(b, r->differ);
}

/* the inverse; false if the bytes are not unit u's row */
static bool load_row(const Survey *s, size_t u, const void *p, size_t len, SgSurveyRow *r) {
  CkptReader rd;
  ckpt_reader_init(&rd, p, len);
  memset(r, 0, sizeof *r);
  uint64_t sizes = ckpt_unpack_u64(&rd), agree = ckpt_unpack_u64(&rd);
  bool ok = sizes == u + 1 && agree <= 1;
  for (int j = 0; j < s->n; j++) {
    uint64_t x = ckpt_unpack_u64(&rd);
    ok &= x <= (uint64_t)s->B;
    r->first[j] = (int)MIN(x, (uint64_t)s->B);
  }
  uint64_t v[3];
  for (int i = 0; i < 3; i++) {
    v[i] = ckpt_unpack_u64(&rd);
    ok &= v[i] <= G_MAXUINT16;
  }
  r->p_positions = ckpt_unpack_u64(&rd);
  r->differ = ckpt_unpack_u64(&rd);
  r->sizes = (uint32_t)(u + 1);
  r->agree = agree == 1;
  r->sg_first = (SgValue)v[0];
  r->u_first = (SgValue)v[1];
  r->max_sg = (SgValue)v[2];
  return ok && ckpt_reader_done(&rd);
}

static void survey_unit(size_t u, int worker, GByteArray *out, void *ctx) {
  (void)worker;
  const Survey *s = ctx;
  SgSurveyRow r = {.sizes = (uint32_t)u + 1};
  sg_jm_survey(s->sb, &r, 1, 1);
  pack_row(out, s->n, &r);
}

static bool row_ok(size_t u, const void *p, size_t len, void *ctx) {
  SgSurveyRow r;
  return load_row(ctx, u, p, len, &r);
}

static const int full_box[7] = {0, 1024, 512, 160, 56, 32, 20};
static const int quick_box[7] = {0, 200, 40, 16, 10, 8, 6};

static void format_pos(int n, const int *x, char *buf, size_t len) {
  size_t k = (size_t)g_snprintf(buf, len, "(");
  for (int i = 0; i < n; i++) k += (size_t)g_snprintf(buf + k, len - k, i ? ",%d" : "%d", x[i]);
  g_snprintf(buf + k, len - k, ")");
}

/* the naive solver on [0,M]^n finds the same first difference */
static bool naive_first(int n, const SgSurveyRow *row) {
  int M = 0;
  for (int i = 0; i < n; i++) M = MAX(M, row->first[i]);
  SgBox box;
  if (!sg_box_init(&box, n, M)) return false;
  uint32_t edges[64];
  size_t ne = sg_symmetric_edges(n, row->sizes, edges);
  g_autofree SgValue *G = sg_solve_naive(&box, edges, ne, NULL);
  g_autofree SgValue *T = sg_tetris(&box, edges, ne);
  g_autofree SgValue *U = sg_jm_table(&box, T);
  size_t first;
  if (sg_tables_agree(&box, G, U, &first)) return false;
  return first == sg_index(&box, row->first) && G[first] == row->sg_first && U[first] == row->u_first;
}

/* the general engine on the whole box, against the symmetric one */
typedef struct {
  int n, B;
  const SgSurveyRow *rows;
  bool *ok;
} General;

static void general_one(size_t i, int worker, void *ctx) {
  (void)worker;
  const General *g = ctx;
  SgBox box;
  SgSorted sb;
  if (!sg_box_init(&box, g->n, g->B) || !sg_sorted_init(&sb, g->n, g->B)) return;
  uint32_t sizes = g->rows[i].sizes, edges[64];
  size_t ne = sg_symmetric_edges(g->n, sizes, edges);
  g_autofree SgValue *G = sg_solve(&box, edges, ne);
  g_autofree SgValue *T = sg_tetris(&box, edges, ne);
  g_autofree SgValue *U = sg_jm_table(&box, T);
  g_autofree SgValue *S = sg_solve_symmetric(&sb, sizes);
  g_autofree SgValue *X = sg_expand(&box, &sb, S);
  size_t first = 0;
  bool agree = sg_tables_agree(&box, G, U, &first);
  SgSurveyRow r = {.sizes = sizes};
  sg_jm_survey(&sb, &r, 1, 1);
  g->ok[i] = memcmp(G, X, box.npos * sizeof *G) == 0 && agree == r.agree &&
             (agree || first == sg_index(&box, r.first));
  sg_sorted_clear(&sb);
}

int main(int argc, char **argv) {
  GOptionEntry own[] = {
      {"max-n", 0, 0, G_OPTION_ARG_INT, &opt_max_n, "largest number of piles n (1..6)", "N"},
      EXPT_CHECKPOINT_OPTIONS(opt_checkpoint, opt_stop_after),
      G_OPTION_ENTRY_NULL};
  Expt e;
  expt_parse(&e, &argc, &argv, "nim-jm",
             "SG2: Theorem 1 (SG = JM formula iff minimal transversal-free and n >= 3) for every "
             "spectrum with n <= 6.",
             own);
  int max_n = expt_default(&e, opt_max_n, 6, 6);
  expt_check_range(&e, "--max-n", max_n, 1, 6);
  const int *boxes = e.profile == PROFILE_FULL ? full_box : quick_box;
  g_autofree char *ckargs = g_strdup_printf("max-n=%d", max_n);
  Checkpoint *ck = expt_checkpoint(&e, opt_checkpoint, opt_stop_after, ckargs);
  ResultWriter *w = expt_open_results(&e);

  bool thm1 = true, confirmed = true, moore = true, half = true, none_below_3 = true;
  Progress pr;
  progress_stderr_start(&pr, "spectra", (UINT64_C(1) << (max_n + 1)) - 2 - (uint64_t)max_n);
  uint64_t done = 0;
  SgSurveyRow *top = NULL; /* the rows for n = max_n, kept for the general engine */
  for (int n = 1; n <= max_n; n++) {
    int B = boxes[n];
    SgSorted sb;
    if (!sg_sorted_init(&sb, n, B)) return 3;
    size_t count = ((size_t)1 << n) - 1;
    SgSurveyRow *rows = g_new0(SgSurveyRow, count);
    Survey sv = {&sb, n, B};
    g_autofree char *what = g_strdup_printf("n = %d spectra", n);
    CampaignSpec spec = {.units = count,
                         .compute = survey_unit,
                         .check = row_ok,
                         .ctx = &sv,
                         .threads = e.threads,
                         .ck = ck,
                         .stage = (uint32_t)n,
                         .what = what};
    CampaignResult cr;
    campaign_run(&spec, &cr);
    for (size_t i = 0; i < count; i++) { /* row i is unit i's */
      size_t len;
      const void *p = campaign_unit(&cr, i, &len);
      bool decoded = load_row(&sv, i, p, len, &rows[i]); /* computed here, or checked by row_ok */
      g_assert(decoded);
    }
    campaign_result_clear(&cr);
    char key[64], word[256], list[1024] = "";
    int64_t mtf_count = 0, jm_count = 0;
    int max_first = 0;
    bool ok_n = true;
    uint32_t edges[64];
    for (size_t i = 0; i < count; i++) {
      const SgSurveyRow *r = &rows[i];
      size_t ne = sg_symmetric_edges(n, r->sizes, edges);
      bool mtf = sg_minimal_transversal_free(n, edges, ne, NULL);
      mtf_count += mtf;
      jm_count += r->agree;
      char lam[64], lamkey[64];
      sg_spectrum_format(r->sizes, ",", lam, sizeof lam);
      sg_spectrum_format(r->sizes, "_", lamkey, sizeof lamkey);
      if (r->agree != (mtf && n >= 3)) {
        fprintf(stderr, "nim-jm: n = %d, λ = (%s): SG = U on the box %d, minimal transversal-free %d\n",
                n, lam, r->agree, mtf);
        ok_n = false;
      }
      if (n <= 2) none_below_3 &= !r->agree;
      if (n >= 3 && r->sizes == (UINT32_C(1) << (n - 1)) - 1) moore &= r->agree;
      if (n >= 4 && n % 2 == 0 && r->sizes == UINT32_C(1) << (n / 2 - 1)) half &= r->agree;
      if (r->agree) {
        g_strlcat(list, "(", sizeof list);
        g_strlcat(list, lam, sizeof list);
        g_strlcat(list, ")", sizeof list);
        continue;
      }
      format_pos(n, r->first, word, sizeof word);
      g_snprintf(key, sizeof key, "n%d_s%s_first", n, lamkey);
      rw_word(w, "SG2", key, word);
      g_snprintf(key, sizeof key, "n%d_s%s_sg", n, lamkey);
      rw_int(w, "SG2", key, r->sg_first);
      g_snprintf(key, sizeof key, "n%d_s%s_u", n, lamkey);
      rw_int(w, "SG2", key, r->u_first);
      for (int j = 0; j < n; j++) max_first = MAX(max_first, r->first[j]);
      if (!naive_first(n, r)) {
        fprintf(stderr, "nim-jm: n = %d, λ = (%s): the naive solver disagrees on the first difference\n",
                n, lam);
        confirmed = false;
      }
    }
    g_snprintf(key, sizeof key, "n%d_B", n);
    rw_int(w, "SG2", key, B);
    g_snprintf(key, sizeof key, "n%d_spectra", n);
    rw_int(w, "SG2", key, (int64_t)count);
    g_snprintf(key, sizeof key, "n%d_mtf", n);
    rw_int(w, "SG2", key, mtf_count);
    g_snprintf(key, sizeof key, "n%d_jm", n);
    rw_int(w, "SG2", key, jm_count);
    g_snprintf(key, sizeof key, "n%d_jm_spectra", n);
    rw_word(w, "SG2", key, list[0] ? list : "none");
    g_snprintf(key, sizeof key, "n%d_max_first_pile", n);
    rw_int(w, "SG2", key, max_first);
    g_snprintf(key, sizeof key, "n%d_theorem1", n);
    rw_bool(w, "SG2", key, ok_n);
    thm1 &= ok_n;
    sg_sorted_clear(&sb);
    if (n == max_n) top = rows;
    else g_free(rows);
    done += count;
    progress_update(&pr.sink, done);
  }
  progress_end(&pr.sink, done);

  /* the general engine, no symmetry, on the whole box for n = max_n */
  int gB = e.profile == PROFILE_FULL ? 8 : 4;
  size_t count = ((size_t)1 << max_n) - 1;
  g_autofree bool *gok = g_new0(bool, count);
  General gen = {max_n, gB, top, gok};
  parfor(count, e.threads, general_one, &gen);
  bool general = true;
  for (size_t i = 0; i < count; i++) general &= gok[i];
  g_free(top);

  /* the naive solver on small boxes, every spectrum with n <= 5 */
  int nB = e.profile == PROFILE_FULL ? 4 : 3;
  bool naive = true;
  for (int n = 1; n <= MIN(5, max_n); n++) {
    SgBox box;
    SgSorted sb;
    if (!sg_box_init(&box, n, nB) || !sg_sorted_init(&sb, n, nB)) return 3;
    uint32_t edges[64];
    for (uint32_t sizes = 1; sizes < (UINT32_C(1) << n); sizes++) {
      size_t ne = sg_symmetric_edges(n, sizes, edges);
      g_autofree SgValue *G = sg_solve_naive(&box, edges, ne, NULL);
      g_autofree SgValue *S = sg_solve_symmetric(&sb, sizes);
      g_autofree SgValue *X = sg_expand(&box, &sb, S);
      naive &= memcmp(G, X, box.npos * sizeof *G) == 0;
    }
    sg_sorted_clear(&sb);
  }

  rw_bool(w, "SG2", "naive_confirms_first", confirmed);
  rw_int(w, "SG2", "general_engine_n", max_n);
  rw_int(w, "SG2", "general_engine_B", gB);
  rw_bool(w, "SG2", "general_engine_agrees", general);
  rw_int(w, "SG2", "naive_B", nB);
  rw_bool(w, "SG2", "naive_agrees", naive);
  rw_bool(w, "SG2", "prior_moore_jm", moore);
  rw_bool(w, "SG2", "prior_half_jm", half);
  rw_bool(w, "SG2", "none_below_3", none_below_3);
  rw_int(w, "SG2", "max_n", max_n);
  rw_bool(w, "SG2", "theorem1", thm1);
  if (rw_close(w) != 0) {
    ckpt_close(ck); /* the results are not written: keep the work */
    return 3;
  }
  ckpt_finish(ck);
  return thm1 && confirmed && general && naive && moore && half && none_below_3 ? 0 : 1;
}
