/* experiments/nim/tetris.c — SG4: the Tetris value T (the longest play) and
 * Lemmas 3, 4 and 5 of §2.
 *
 * Paper: Boros, Gurvich, Ho, Makino & Mursic, "Sprague-Grundy function of
 * symmetric hypergraphs" (shared/papers/hypergraph-nim-symmetric.txt).
 *
 * For n = 1..max-n (full 6, quick 5), every spectrum λ and every position of
 * the box [0,B_n]^n (full B = 64, 48, 24, 14, 10, 8; quick 16, 12, 8, 6, 5,
 * 4), T comes from the DP of src/nim/sgnim.c over the slow moves of the minimal
 * edges (sg_tetris, whole box, no symmetry).  Checked against it:
 *   `closed_form`  T(x) = max{t : sum_i min(x_i, t) >= λ_1 t} (claim SG4;
 *                  sg_tetris_closed, which never looks at a move);
 *   `lemma3_steps` T(x - e_i) <= T(x) <= T(x - e_i) + 1 for every x and pile
 *                  i > 0.  This is Lemma 3's first part: T is monotone, and
 *                  along a monotone lattice path from x'' to x' it moves in
 *                  steps of 0 or 1, so every value in [T(x''), T(x')] is hit;
 *   `lemma3_literal` Lemma 3 as stated, for every pair x'' <= x' of a small
 *                  box: {T(y) : x'' <= y <= x'} is the whole interval.  On
 *                  every hypergraph with n <= 3 (symmetric or not) on
 *                  [0,4]^n (quick [0,3]^n), and every spectrum with n = 4 on
 *                  [0,3]^4 (`lemma3_hypergraphs` counts both groups);
 *   `lemma3_hmoves` its second part on the same boxes: if x -> x' and
 *                  x -> x'' are both H-moves, so is x -> y for all
 *                  x'' <= y <= x';
 *   `lemma4`       (symmetric H) moving a stone from a larger pile to a
 *                  smaller one never lowers T;
 *   `lemma5`       Lemma 5 as printed: for x_1 >= ... >= x_n > 0 (the piles
 *                  sorted, ties in pile order), T(x - χ(H_1)) = T(x) - 1 for
 *                  H_1 = {1, ..., λ_1} (the λ_1 largest piles) and
 *                  T(x - χ(H_2)) = T(x) - 1 for H_2 = (H_1 \ {1}) ∪ {n}.  H_2
 *                  is an edge only if λ_1 < n, so for λ_1 = n only H_1 is
 *                  checked (`lemma5_single_edge_spectra` counts them).  It
 *                  fails: `lemma5_cex_*` give the first failure (smallest n,
 *                  then spectrum, then position in sg_order_cmp order; the
 *                  position written in decreasing order, as in the lemma) and
 *                  `lemma5_failures` counts the (λ, x) that fail;
 *                  `lemma5_scope_cex_*` and `lemma5_scope_failures` do the
 *                  same within Theorem 1's scope (H(λ) minimal
 *                  transversal-free, n >= 3), where Lemma 5 is used;
 *   `lemma5_h1`    the H_1 half alone;
 *   `lemma5_as_used` the statement with H_2 = (H_1 \ {λ_1}) ∪ {n}, the edge
 *                  the proofs of Lemmas 7 and 8 (§3.2) move along when they
 *                  cite Lemma 5 (a^0 lowers the piles j < λ_1 and j = n);
 *                  see NOTES.md, SG4.
 * Rows per n: `n<n>_B`, `n<n>_spectra`.  Exit 0 iff every check held.
 */
#include <stdio.h>

#include "plumbing/expt.h"
#include "nim/sgnim.h"

static gint opt_max_n = G_MININT;

static const int full_box[7] = {0, 64, 48, 24, 14, 10, 8};
static const int quick_box[6] = {0, 16, 12, 8, 6, 5};

/* Lemma 3 literally on a small box: intervals, and the H-move remark */
static void lemma3_literal(const SgBox *box, const uint32_t *edges, size_t ne, bool *interval,
                           bool *hmoves) {
  const int n = box->n;
  g_autofree SgValue *T = sg_tetris(box, edges, ne);
  int lo[SG_MAXN], hi[SG_MAXN], y[SG_MAXN];
  g_autofree uint8_t *seen = g_new0(uint8_t, (size_t)n * (size_t)box->B + 2);
  for (size_t a = 0; a < box->npos; a++)
    for (size_t b = 0; b < box->npos; b++) {
      sg_position(box, a, lo);
      sg_position(box, b, hi);
      bool le = true;
      for (int i = 0; i < n; i++) le &= lo[i] <= hi[i];
      if (!le) continue;
      /* every y in [lo, hi]: the T values hit */
      for (int v = T[a]; v <= T[b]; v++) seen[v] = 0;
      for (int i = 0; i < n; i++) y[i] = lo[i];
      for (;;) {
        SgValue t = T[sg_index(box, y)];
        if (t < T[a] || t > T[b]) *interval = false;
        else seen[t] = 1;
        int i = 0;
        while (i < n && y[i] == hi[i]) y[i] = lo[i], i++;
        if (i == n) break;
        y[i]++;
      }
      for (int v = T[a]; v <= T[b]; v++) *interval &= seen[v];
      /* x = some position above hi: x -> hi and x -> lo both E-moves iff they
       * agree with x off E and lie below it on E; then so does every y */
      for (size_t e = 0; e < ne; e++) {
        uint32_t E = edges[e];
        bool same_off = true;
        for (int i = 0; i < n; i++) same_off &= (E >> i & 1) || lo[i] == hi[i];
        if (!same_off) continue;
        int x[SG_MAXN];
        bool fits = true;
        for (int i = 0; i < n; i++) {
          x[i] = E >> i & 1 ? hi[i] + 1 : hi[i];
          fits &= x[i] <= box->B;
        }
        if (!fits) continue;
        for (int i = 0; i < n; i++) y[i] = lo[i];
        for (;;) {
          uint32_t dec = 0;
          for (int i = 0; i < n; i++)
            if (y[i] < x[i]) dec |= UINT32_C(1) << i;
          bool increased = false;
          for (int i = 0; i < n; i++) increased |= y[i] > x[i];
          *hmoves &= dec == E && !increased;
          int i = 0;
          while (i < n && y[i] == hi[i]) y[i] = lo[i], i++;
          if (i == n) break;
          y[i]++;
        }
      }
    }
}

int main(int argc, char **argv) {
  GOptionEntry own[] = {
      {"max-n", 0, 0, G_OPTION_ARG_INT, &opt_max_n, "largest number of piles n (1..6)", "N"},
      G_OPTION_ENTRY_NULL};
  Expt e;
  expt_parse(&e, &argc, &argv, "nim-tetris",
             "SG4: the Tetris value against its closed form, Lemmas 3, 4 and 5 on boxes.", own);
  int max_n = expt_default(&e, opt_max_n, 6, 5);
  expt_check_range(&e, "--max-n", max_n, 1, 6);
  const int *boxes = e.profile == PROFILE_FULL ? full_box : quick_box;
  ResultWriter *w = expt_open_results(&e);

  bool closed = true, steps = true, l4 = true, l5 = true, l5h1 = true, l5used = true;
  int64_t single = 0, l5fail = 0;
  int cex_n = 0, cex_x[SG_MAXN] = {0}, cex_t = 0, cex_t2 = 0;
  uint32_t cex_sizes = 0;
  /* the first failure inside Theorem 1's scope, in the same order */
  int64_t scope_fail = 0;
  int sc_n = 0, sc_x[SG_MAXN] = {0}, sc_t = 0, sc_t2 = 0;
  uint32_t sc_sizes = 0;
  char key[64];
  for (int n = 1; n <= max_n; n++) {
    SgBox box;
    if (!sg_box_init(&box, n, boxes[n])) return 3;
    uint32_t edges[64];
    int x[SG_MAXN];
    for (uint32_t sizes = 1; sizes < (UINT32_C(1) << n); sizes++) {
      size_t ne = sg_symmetric_edges(n, sizes, edges);
      int lambda1 = __builtin_ctz(sizes) + 1;
      single += lambda1 == n;
      bool in_scope = n >= 3 && sg_minimal_transversal_free(n, edges, ne, NULL);
      g_autofree SgValue *T = sg_tetris(&box, edges, ne);
      for (size_t idx = 0; idx < box.npos; idx++) {
        sg_position(&box, idx, x);
        int t = T[idx];
        closed &= t == sg_tetris_closed(x, n, lambda1);
        bool positive = true;
        for (int i = 0; i < n; i++) {
          if (x[i] == 0) {
            positive = false;
            continue;
          }
          int d = t - T[idx - box.stride[i]];
          steps &= d == 0 || d == 1;
          for (int j = 0; j < n; j++) /* Lemma 4: a stone from pile i to a smaller pile j */
            if (x[i] > x[j] && x[j] < box.B)
              l4 &= T[idx - box.stride[i] + box.stride[j]] >= t;
        }
        if (!positive) continue;
        /* Lemma 5: ord[0..n-1] = the piles in decreasing order, ties by pile number */
        int ord[SG_MAXN];
        for (int i = 0; i < n; i++) {
          int j = i;
          while (j > 0 && x[ord[j - 1]] < x[i]) ord[j] = ord[j - 1], j--;
          ord[j] = i;
        }
        size_t h1 = 0;
        for (int j = 0; j < lambda1; j++) h1 += box.stride[ord[j]];
        bool ok1 = T[idx - h1] == t - 1;
        l5h1 &= ok1;
        bool ok2 = true;
        if (lambda1 < n) { /* as printed: (H_1 \ {1}) ∪ {n} */
          size_t h2 = h1 - box.stride[ord[0]] + box.stride[ord[n - 1]];
          ok2 = T[idx - h2] == t - 1;
          if (!(ok1 && ok2) && l5fail++ == 0) { /* the first failure in this order */
            cex_n = n, cex_sizes = sizes, cex_t = t, cex_t2 = T[idx - h2];
            for (int i = 0; i < n; i++) cex_x[i] = x[i];
          } else if (!(ok1 && ok2) && n == cex_n && sizes == cex_sizes &&
                     sg_order_cmp_pos(n, x, cex_x) < 0) {
            cex_t = t, cex_t2 = T[idx - h2];
            for (int i = 0; i < n; i++) cex_x[i] = x[i];
          }
          if (!(ok1 && ok2) && in_scope &&
              (scope_fail++ == 0 || (n == sc_n && sizes == sc_sizes && sg_order_cmp_pos(n, x, sc_x) < 0))) {
            sc_n = n, sc_sizes = sizes, sc_t = t, sc_t2 = T[idx - h2];
            for (int i = 0; i < n; i++) sc_x[i] = x[i];
          }
        }
        l5 &= ok1 && ok2;
        /* as used in §3.2: (H_1 \ {λ_1}) ∪ {n}; for λ_1 = n it is H_1 */
        size_t h3 = h1 - box.stride[ord[lambda1 - 1]] + box.stride[ord[n - 1]];
        l5used &= ok1 && T[idx - h3] == t - 1;
      }
    }
    g_snprintf(key, sizeof key, "n%d_B", n);
    rw_int(w, "SG4", key, boxes[n]);
    g_snprintf(key, sizeof key, "n%d_spectra", n);
    rw_int(w, "SG4", key, (1 << n) - 1);
  }

  /* Lemma 3 literally: every hypergraph on n <= 3 vertices, every spectrum on 4 */
  int b = e.profile == PROFILE_FULL ? 4 : 3;
  bool interval = true, hmoves = true;
  int64_t hypergraphs = 0;
  for (int n = 1; n <= MIN(3, max_n); n++) {
    SgBox box;
    if (!sg_box_init(&box, n, b)) return 3;
    int nsets = (1 << n) - 1;
    for (uint32_t family = 1; family < (UINT32_C(1) << nsets); family++) {
      uint32_t edges[8];
      size_t ne = 0;
      for (int s = 0; s < nsets; s++)
        if (family >> s & 1) edges[ne++] = (uint32_t)s + 1;
      lemma3_literal(&box, edges, ne, &interval, &hmoves);
      hypergraphs++;
    }
  }
  if (max_n >= 4) {
    SgBox box;
    if (!sg_box_init(&box, 4, 3)) return 3;
    uint32_t edges[16];
    for (uint32_t sizes = 1; sizes < 16; sizes++) {
      size_t ne = sg_symmetric_edges(4, sizes, edges);
      lemma3_literal(&box, edges, ne, &interval, &hmoves);
      hypergraphs++;
    }
  }

  rw_bool(w, "SG4", "closed_form", closed);
  rw_bool(w, "SG4", "lemma3_steps", steps);
  rw_int(w, "SG4", "lemma3_literal_B", b);
  rw_int(w, "SG4", "lemma3_hypergraphs", hypergraphs);
  rw_bool(w, "SG4", "lemma3_literal", interval);
  rw_bool(w, "SG4", "lemma3_hmoves", hmoves);
  rw_bool(w, "SG4", "lemma4", l4);
  rw_bool(w, "SG4", "lemma5", l5);
  rw_int(w, "SG4", "lemma5_single_edge_spectra", single);
  rw_int(w, "SG4", "lemma5_failures", l5fail);
  if (l5fail) {
    char buf[128], lam[64];
    sg_spectrum_format(cex_sizes, ",", lam, sizeof lam);
    g_snprintf(buf, sizeof buf, "(%s)", lam);
    rw_int(w, "SG4", "lemma5_cex_n", cex_n);
    rw_word(w, "SG4", "lemma5_cex_spectrum", buf);
    for (int i = 1; i < cex_n; i++) /* written in decreasing order, as in the lemma */
      for (int j = i; j > 0 && cex_x[j - 1] < cex_x[j]; j--) {
        int tmp = cex_x[j];
        cex_x[j] = cex_x[j - 1], cex_x[j - 1] = tmp;
      }
    size_t k = (size_t)g_snprintf(buf, sizeof buf, "(");
    for (int i = 0; i < cex_n; i++) k += (size_t)g_snprintf(buf + k, sizeof buf - k, i ? ",%d" : "%d", cex_x[i]);
    g_snprintf(buf + k, sizeof buf - k, ")");
    rw_word(w, "SG4", "lemma5_cex_position", buf);
    rw_int(w, "SG4", "lemma5_cex_T", cex_t);
    rw_int(w, "SG4", "lemma5_cex_T_after_H2", cex_t2);
  }
  rw_int(w, "SG4", "lemma5_scope_failures", scope_fail);
  if (scope_fail) {
    char buf[128], lam[64];
    sg_spectrum_format(sc_sizes, ",", lam, sizeof lam);
    g_snprintf(buf, sizeof buf, "(%s)", lam);
    rw_int(w, "SG4", "lemma5_scope_cex_n", sc_n);
    rw_word(w, "SG4", "lemma5_scope_cex_spectrum", buf);
    for (int i = 1; i < sc_n; i++) /* decreasing order, as in the lemma */
      for (int j = i; j > 0 && sc_x[j - 1] < sc_x[j]; j--) {
        int tmp = sc_x[j];
        sc_x[j] = sc_x[j - 1], sc_x[j - 1] = tmp;
      }
    size_t k = (size_t)g_snprintf(buf, sizeof buf, "(");
    for (int i = 0; i < sc_n; i++) k += (size_t)g_snprintf(buf + k, sizeof buf - k, i ? ",%d" : "%d", sc_x[i]);
    g_snprintf(buf + k, sizeof buf - k, ")");
    rw_word(w, "SG4", "lemma5_scope_cex_position", buf);
    rw_int(w, "SG4", "lemma5_scope_cex_T", sc_t);
    rw_int(w, "SG4", "lemma5_scope_cex_T_after_H2", sc_t2);
  }
  rw_bool(w, "SG4", "lemma5_h1", l5h1);
  rw_bool(w, "SG4", "lemma5_as_used", l5used);
  rw_int(w, "SG4", "max_n", max_n);
  /* Lemma 5 as printed is not a check of ours that can fail: it is reported
   * (NOTES.md, SG4); the statement the paper's proofs use must hold */
  bool all = closed && steps && interval && hmoves && l4 && l5h1 && l5used;
  if (!all) fprintf(stderr, "nim-tetris: a check failed\n");
  if (rw_close(w) != 0) return 3;
  return all ? 0 : 1;
}
