/* experiments/hypercube/products.c — HC2, HC3, HC4, HC5, HC9: the product
 * constructions of §2–§5 and the cyclic Q(6,3) strategy, built and verified.
 *
 * Paper: Naimi & Sundberg, "Pairing strategies for the Maker–Breaker game on
 * the hypercube with subcubes as winning sets" (shared/papers/hypercube-subcubes.txt).
 *
 * The objects are built by src/hypercube/binps.c from the few strategies the paper
 * prints (P_1, P_2, P_3, PS(4,2), the four cyclic orbits of (3)); whether they
 * are matchings and which subcubes they block is decided by src/hypercube/subcube.c,
 * which enumerates every k-subcube (sv_verify) and knows nothing of bins,
 * parities or product-sets.
 *   HC2  BinPS(4×2) (Example 2): `edges` (distinct pairs), `matching`,
 *        `blocks_5` on Q_8; also `least_k`, the least k it blocks (unscored).
 *   HC3  BinPS(4×3) (Example 3): `matching`, `blocks_5` on Q_12.
 *   HC4  Theorem 1 with Lemma 1: for every base strategy the constructions
 *        give on Q_n with 4n <= 20 (quick: 4n <= 16) — the printed P_1, P_2,
 *        P_3, PS(4,2) and their Lemma 3 extensions, each base verified first —
 *        BinPS(4×n) is a matching blocking every b-subcube of Q_{4n},
 *        b = max(4k-3, n+k).  Rows per base: `n<n>_k<k>_b`, `_size`, `_ok`;
 *        `theorem1` is true iff every base gave a verified strategy.
 *   HC5  §4: the rotating BinPS^R(3×3) (Theorem 5, d = 1, j = s = 0) blocks
 *        every 4-subcube of Q_9 (`rot_blocks_4`); the plain BinPS(3×3) blocks
 *        every 5-subcube (`plain_blocks_5`) but not every 4-subcube
 *        (`plain_blocks_4`, false); the paper's S = (0,1,0,*,1,0,*,*,*)
 *        contains no pair of BinPS(3×3) (`S_unblocked_by_plain`, checked pair
 *        by pair) and one of BinPS^R(3×3) (`S_blocked_by_rot`).
 *   HC9  the cyclic strategy (3): `edges` 24, `matching`, `blocks_3` on Q_6.
 * Exit 0 iff every check held.
 */
#include <stdio.h>

#include "hypercube/binps.h"
#include "plumbing/expt.h"
#include "hypercube/subcube.h"

/* distinct pairs (unordered) */
static int64_t distinct(const GArray *p) {
  g_autoptr(GHashTable) h = g_hash_table_new(g_int64_hash, g_int64_equal);
  g_autofree int64_t *keys = g_new(int64_t, p->len ? p->len : 1);
  for (guint i = 0; i < p->len; i++) {
    VPair q = g_array_index(p, VPair, i);
    uint32_t lo = MIN(q.a, q.b), hi = MAX(q.a, q.b);
    keys[i] = (int64_t)lo << 32 | hi;
    g_hash_table_add(h, &keys[i]);
  }
  return g_hash_table_size(h);
}

static bool is_matching(int n, const GArray *p) {
  return sv_is_matching(n, (const VPair *)p->data, p->len);
}

static bool blocks(int n, int k, const GArray *p, const char *what) {
  return sv_blocks_report(n, k, p, "hypercube-products", what);
}

static int least_k(int n, const GArray *p) {
  int k = n;
  while (k > 1 && blocks(n, k - 1, p, NULL)) k--;
  return blocks(n, k, p, NULL) ? k : -1;
}

/* a pair of p inside the subcube s, pair by pair */
static bool contains_pair(Subcube s, const GArray *p) {
  for (guint i = 0; i < p->len; i++) {
    VPair q = g_array_index(p, VPair, i);
    if (cube_contains(s, q.a) && cube_contains(s, q.b)) return true;
  }
  return false;
}

int main(int argc, char **argv) {
  Expt e;
  expt_parse(&e, &argc, &argv, "hypercube-products",
             "HC2-HC5, HC9: BinPS(4×n), BinPS(3×3), BinPS^R(3×3), the cyclic Q(6,3) strategy.",
             NULL);
  ResultWriter *w = expt_open_results(&e);
  bool all = true;

  /* HC2: Example 2 */
  g_autoptr(GArray) p2 = bp_p2();
  g_autoptr(GArray) b42 = bp_binps4(p2, 2);
  bool m2 = is_matching(8, b42), k2 = blocks(8, 5, b42, "BinPS(4x2)");
  rw_int(w, "HC2", "edges", distinct(b42));
  rw_bool(w, "HC2", "matching", m2);
  rw_bool(w, "HC2", "blocks_5", k2);
  rw_int(w, "HC2", "least_k", least_k(8, b42));
  all &= m2 && k2;

  /* HC3: Example 3 */
  g_autoptr(GArray) p3 = bp_p3(0);
  g_autoptr(GArray) b43 = bp_binps4(p3, 3);
  bool m3 = is_matching(12, b43), k3 = blocks(12, 5, b43, "BinPS(4x3)");
  rw_int(w, "HC3", "edges", distinct(b43));
  rw_bool(w, "HC3", "matching", m3);
  rw_bool(w, "HC3", "blocks_5", k3);
  rw_int(w, "HC3", "least_k", least_k(12, b43));
  all &= m3 && k3;

  /* HC4: Theorem 1 for every base with 4n <= 20.  base[n][k] on Q_n blocks Q(n,k). */
  int nmax = e.profile == PROFILE_FULL ? 5 : 4;
  GArray *base[6][6] = {{NULL}};
  base[1][1] = bp_p1();
  base[2][2] = bp_p2();
  base[3][2] = bp_p3(0);
  base[4][2] = bp_ps42(0);
  bool thm1 = true;
  int bases = 0;
  for (int n = 1; n <= nmax; n++)
    for (int k = 1; k <= n; k++) {
      if (!base[n][k] && n > 1 && base[n - 1][k - 1]) /* Lemma 3 */
        base[n][k] = bp_extend(base[n - 1][k - 1], n - 1);
      if (!base[n][k]) continue;
      bool base_ok = is_matching(n, base[n][k]) && blocks(n, k, base[n][k], "a base strategy");
      int b = MAX(4 * k - 3, n + k);
      g_autoptr(GArray) s = bp_binps4(base[n][k], n);
      char what[64], key[32];
      g_snprintf(what, sizeof what, "BinPS(4x%d) from Q(%d,%d)", n, n, k);
      bool ok = base_ok && is_matching(4 * n, s) && blocks(4 * n, b, s, what);
      g_snprintf(key, sizeof key, "n%d_k%d_b", n, k);
      rw_int(w, "HC4", key, b);
      g_snprintf(key, sizeof key, "n%d_k%d_size", n, k);
      rw_int(w, "HC4", key, distinct(s));
      g_snprintf(key, sizeof key, "n%d_k%d_ok", n, k);
      rw_bool(w, "HC4", key, ok);
      thm1 &= ok;
      bases++;
    }
  for (int n = 0; n < 6; n++)
    for (int k = 0; k < 6; k++)
      if (base[n][k]) g_array_unref(base[n][k]);
  rw_int(w, "HC4", "bases", bases);
  rw_bool(w, "HC4", "theorem1", thm1);
  all &= thm1;

  /* HC5: §4, plain versus rotating on Q_9 */
  g_autoptr(GArray) plain = bp_binps3(p3, 3);
  g_autoptr(GPtrArray) f5 = bp_thm5_family(1);
  const GArray *rot = g_ptr_array_index(f5, 0);
  Subcube S;
  if (!cube_parse("(0,1,0,*,1,0,*,*,*)", 9, &S)) return 3;
  bool rot4 = is_matching(9, rot) && blocks(9, 4, rot, "BinPS^R(3x3)");
  bool plain5 = is_matching(9, plain) && blocks(9, 5, plain, "BinPS(3x3)");
  Subcube hole = {0, 0};
  bool plain4 = sv_verify(9, 4, (const VPair *)plain->data, plain->len, &hole, NULL);
  bool s_free = !contains_pair(S, plain), s_rot = contains_pair(S, rot);
  char hbuf[40];
  cube_format(hole, 9, hbuf);
  rw_bool(w, "HC5", "rot_blocks_4", rot4);
  rw_bool(w, "HC5", "plain_blocks_5", plain5);
  rw_bool(w, "HC5", "plain_blocks_4", plain4);
  if (!plain4) rw_word(w, "HC5", "plain_first_hole_4", hbuf);
  rw_bool(w, "HC5", "S_unblocked_by_plain", s_free);
  rw_bool(w, "HC5", "S_blocked_by_rot", s_rot);
  rw_int(w, "HC5", "edges_plain", distinct(plain));
  rw_int(w, "HC5", "edges_rot", distinct(rot));
  all &= rot4 && plain5 && !plain4 && s_free && s_rot;

  /* HC9: the cyclic strategy (3) */
  g_autoptr(GArray) cyc = bp_cyclic63();
  bool m9 = is_matching(6, cyc), k9 = blocks(6, 3, cyc, "the cyclic Q(6,3) strategy");
  rw_int(w, "HC9", "edges", distinct(cyc));
  rw_bool(w, "HC9", "matching", m9);
  rw_bool(w, "HC9", "blocks_3", k9);
  all &= m9 && k9;

  if (rw_close(w) != 0) return 3;
  return all ? 0 : 1;
}
