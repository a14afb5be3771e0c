/* experiments/nim/classic.c — SG3: the classical cases, Bouton's NIM and
 * Moore's NIM_k, as hypergraph NIM.
 *
 * Paper: Boros, Gurvich, Ho, Makino & Mursic, "Sprague-Grundy function of
 * symmetric hypergraphs" (shared/papers/hypergraph-nim-symmetric.txt), §1,
 * citing Bouton [7] and Moore [11].
 *
 * Bouton: for λ = (1) (take from one pile) SG(x) = x_1 XOR ... XOR x_n.
 * Moore: for λ = (1,...,k), k < n (take from at most k piles) the
 * P-positions (SG = 0) are exactly those in which, for every binary digit,
 * the number of piles with that digit set is divisible by k+1.
 *   Both are checked on every position of the box [0,B_n]^n, for n = 1..max-n
 *   (full 6, quick 5) and, for Moore, every 1 <= k < n.  The SG tables come
 *   from the general engine of src/nim/sgnim.c on the full box (sg_solve, no use
 *   of symmetry; SG2 uses the symmetric engine), the formulas are typed here.
 *   Boxes (full): B = 4095, 1023, 255, 63, 15, 7 for n = 1..6 (all digits of
 *   the box in play); quick: 255, 63, 31, 15, 7.
 *   Rows per n: `n<n>_B`, `bouton_n<n>` (SG = XOR everywhere),
 *   `bouton_n<n>_p` (its P-positions); per (n,k): `moore_n<n>_k<k>` and
 *   `moore_n<n>_k<k>_p` (number of P-positions in the box).
 *   `bouton`, `moore`: every case held.
 * Exit 0 iff every check held.
 */
#include <stdio.h>

#include "plumbing/expt.h"
#include "nim/sgnim.h"

static gint opt_max_n = G_MININT;

static const int full_box[7] = {0, 4095, 1023, 255, 63, 15, 7};
static const int quick_box[6] = {0, 255, 63, 31, 15, 7};

/* Moore's condition: every binary digit's column sum is 0 mod k+1 */
static bool moore_p(const int *x, int n, int k) {
  for (int d = 0; d < 16; d++) {
    int s = 0;
    for (int i = 0; i < n; i++) s += x[i] >> d & 1;
    if (s % (k + 1)) return false;
  }
  return true;
}

int main(int argc, char **argv) {
  GOptionEntry own[] = {
      {"max-n", 0, 0, G_OPTION_ARG_INT, &opt_max_n, "largest number of piles n (1..6)", "N"},
      G_OPTION_ENTRY_NULL};
  Expt e;
  expt_parse(&e, &argc, &argv, "nim-classic",
             "SG3: Bouton (λ = (1): SG = XOR) and Moore's NIM_k (λ = (1..k): P-positions by "
             "binary digit sums mod k+1).",
             own);
  int max_n = expt_default(&e, opt_max_n, 6, 5);
  expt_check_range(&e, "--max-n", max_n, 1, 6);
  const int *boxes = e.profile == PROFILE_FULL ? full_box : quick_box;
  ResultWriter *w = expt_open_results(&e);

  bool bouton = true, moore = true;
  char key[64];
  for (int n = 1; n <= max_n; n++) {
    SgBox box;
    if (!sg_box_init(&box, n, boxes[n])) return 3;
    g_snprintf(key, sizeof key, "n%d_B", n);
    rw_int(w, "SG3", key, boxes[n]);
    uint32_t edges[64];
    int x[SG_MAXN];
    for (int k = 1; k <= MAX(1, n - 1); k++) {
      size_t ne = sg_symmetric_edges(n, (UINT32_C(1) << k) - 1, edges);
      g_autofree SgValue *G = sg_solve(&box, edges, ne);
      bool ok = true, xor_ok = true;
      int64_t p = 0;
      for (size_t idx = 0; idx < box.npos; idx++) {
        sg_position(&box, idx, x);
        p += G[idx] == 0;
        if (k == 1) {
          int s = 0;
          for (int i = 0; i < n; i++) s ^= x[i];
          xor_ok &= G[idx] == s;
        }
        if (k < n) ok &= (G[idx] == 0) == moore_p(x, n, k);
      }
      if (k == 1) {
        g_snprintf(key, sizeof key, "bouton_n%d", n);
        rw_bool(w, "SG3", key, xor_ok);
        g_snprintf(key, sizeof key, "bouton_n%d_p", n);
        rw_int(w, "SG3", key, p);
        bouton &= xor_ok;
      }
      if (k < n) {
        g_snprintf(key, sizeof key, "moore_n%d_k%d", n, k);
        rw_bool(w, "SG3", key, ok);
        g_snprintf(key, sizeof key, "moore_n%d_k%d_p", n, k);
        rw_int(w, "SG3", key, p);
        moore &= ok;
      }
      if (!ok || !xor_ok) fprintf(stderr, "nim-classic: n = %d, k = %d fails\n", n, k);
    }
  }
  rw_int(w, "SG3", "max_n", max_n);
  rw_bool(w, "SG3", "bouton", bouton);
  rw_bool(w, "SG3", "moore", moore);
  if (rw_close(w) != 0) return 3;
  return bouton && moore ? 0 : 1;
}
