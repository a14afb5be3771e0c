/* experiments/hypercube/rotations.c — HC6, HC7, HC8, HC12, HC13: the Index
 * partitions and the rotating product-sets of §4 and §6.
 *
 * Paper: Naimi & Sundberg, "Pairing strategies for the Maker–Breaker game on
 * the hypercube with subcubes as winning sets" (shared/papers/hypercube-subcubes.txt).
 *
 * Built by src/hypercube/binps.c; checked by src/hypercube/polychrome.c (partitions: every
 * subcube of the stated dimension is enumerated and must meet every part;
 * edge families: every edge of Q_n is counted and must lie in exactly one
 * strategy) and src/hypercube/subcube.c (each strategy a matching blocking every
 * k-subcube).  None of the checkers uses the inductive structure.
 *   HC7   Lemma 2, k = 1..4 (quick 1..3): the partition of 0_{2^k} and 1_{2^k}
 *         into 2^k parts meets every (2^(k-1)+1)-subcube (`k<k>`, `lemma2`);
 *         unscored: `k<k>_least_dim`, the least dimension that works, and
 *         `least_dim_tight`, whether it is 2^(k-1)+1 for every k.
 *   HC12  Lemma 5, c = 3: the partitions of Q_3 (4 parts, dimension 3) and Q_9
 *         (16 parts, dimension 7) (`q3`, `q9`).
 *   HC6   Theorem 2 with P^(j) = PS_j(4,2) and the Lemma 2 partition of Q_4:
 *         BinPS^R(4×4) is a matching blocking every 5-subcube of Q_16
 *         (`blocks_5`); the theorem allows any partitions into four nonempty
 *         parts, so a second one (parts by rank mod 4) is checked as well
 *         (`other_partition_blocks_5`, unscored).
 *   HC8   Theorem 3, d = 0 and d = 1: 4 (16) strategies for Q(4,2) (Q(16,5)),
 *         pairwise disjoint, of equal size (`d<d>_size`, -1 if unequal),
 *         covering all `d<d>_edges` edges (`d<d>_partition`), each a matching
 *         blocking every (4^d+1)-subcube (`d<d>_all_block`).
 *   HC13  Theorem 5, d = 0 and d = 1: the same for Q(3,2) and Q(9,4).
 * Exit 0 iff every check held.
 */
#include <stdio.h>

#include "hypercube/binps.h"
#include "plumbing/expt.h"
#include "plumbing/progress.h"
#include "hypercube/polychrome.h"
#include "hypercube/subcube.h"

static bool strategy_ok(int n, int k, const GArray *p) {
  if (!sv_is_matching(n, (const VPair *)p->data, p->len)) {
    fprintf(stderr, "hypercube-rotations: a strategy on Q_%d is not a matching\n", n);
    return false;
  }
  return sv_blocks_report(n, k, p, "hypercube-rotations", "a strategy");
}

/* a family of strategies: sizes, partition of E(Q_n), each blocking Q(n,k) */
static bool family(ResultWriter *w, const char *claim, const char *d, int n, int k,
                   GPtrArray *f, Progress *pr) {
  char key[32];
  int64_t size = ((GArray *)f->pdata[0])->len;
  bool each = true;
  for (guint i = 0; i < f->len; i++) {
    const GArray *s = f->pdata[i];
    if ((int64_t)s->len != size) size = -1;
    each &= strategy_ok(n, k, s);
    if (pr) progress_update(&pr->sink, i + 1);
  }
  uint64_t covered = 0;
  bool part = pc_edge_partition(n, (GArray *const *)f->pdata, (int)f->len, &covered);
  g_snprintf(key, sizeof key, "%s_strategies", d);
  rw_int(w, claim, key, f->len);
  g_snprintf(key, sizeof key, "%s_edges", d);
  rw_int(w, claim, key, (int64_t)covered);
  g_snprintf(key, sizeof key, "%s_size", d);
  rw_int(w, claim, key, size);
  g_snprintf(key, sizeof key, "%s_partition", d);
  rw_bool(w, claim, key, part);
  g_snprintf(key, sizeof key, "%s_all_block", d);
  rw_bool(w, claim, key, each);
  return part && each && size > 0;
}

int main(int argc, char **argv) {
  Expt e;
  expt_parse(&e, &argc, &argv, "hypercube-rotations",
             "HC6-HC8, HC12, HC13: Lemmas 2 and 5, Theorems 2, 3 and 5.", NULL);
  ResultWriter *w = expt_open_results(&e);
  bool all = true;

  /* HC7: Lemma 2 */
  int kmax = e.profile == PROFILE_FULL ? 4 : 3;
  bool lemma2 = true, tight = true;
  for (int k = 1; k <= kmax; k++) {
    int n = 1 << k, m = n, dim = n / 2 + 1;
    g_autofree int *idx = bp_lemma5_index(2, k);
    bool ok = pc_parts_meet_all(n, idx, m, dim, NULL);
    int least = dim;
    while (least > 0 && pc_parts_meet_all(n, idx, m, least - 1, NULL)) least--;
    char key[32];
    g_snprintf(key, sizeof key, "k%d", k);
    rw_bool(w, "HC7", key, ok);
    g_snprintf(key, sizeof key, "k%d_least_dim", k);
    rw_int(w, "HC7", key, ok ? least : -1);
    lemma2 &= ok;
    tight &= ok && least == dim;
  }
  rw_bool(w, "HC7", "lemma2", lemma2);
  rw_bool(w, "HC7", "least_dim_tight", tight);
  all &= lemma2;

  /* HC12: Lemma 5, c = 3 */
  g_autofree int *i3 = bp_lemma5_index(3, 1);
  g_autofree int *i9 = bp_lemma5_index(3, 2);
  bool q3 = pc_parts_meet_all(3, i3, bp_lemma5_parts(3, 1), 3, NULL);
  bool q9 = pc_parts_meet_all(9, i9, bp_lemma5_parts(3, 2), 7, NULL);
  rw_bool(w, "HC12", "q3", q3);
  rw_bool(w, "HC12", "q9", q9);
  all &= q3 && q9;

  /* HC6: Theorem 2 on Q_16 with the Lemma 2 partition, then another partition */
  g_autoptr(GPtrArray) ps = bp_thm3_family(0);
  g_autofree int *i4 = bp_lemma5_index(2, 2);
  g_autofree int *other = g_new(int, 16);
  int seen[2] = {0, 0};
  for (uint32_t v = 0; v < 16; v++) other[v] = seen[__builtin_parity(v)]++ % 4;
  bool hc6 = true;
  for (int variant = 0; variant < 2; variant++) {
    g_autoptr(GArray) outer = bp_ps42(0);
    BpProduct pr = {4, outer, 4, 4, (const GArray *const *)ps->pdata, variant ? other : i4, 0};
    g_autoptr(GArray) rot = bp_product(&pr);
    bool parts = pc_parts_meet_all(4, variant ? other : i4, 4, 4, NULL);
    bool ok = parts && strategy_ok(16, 5, rot);
    rw_bool(w, "HC6", variant ? "other_partition_blocks_5" : "blocks_5", ok);
    hc6 &= ok;
  }
  all &= hc6;

  /* HC8: Theorem 3, d = 0 and d = 1 */
  Progress pr;
  progress_stderr_start(&pr, "Theorem 3 strategies on Q(16,5)", 16);
  g_autoptr(GPtrArray) t1 = bp_thm3_family(1);
  all &= family(w, "HC8", "d0", 4, 2, ps, NULL);
  all &= family(w, "HC8", "d1", 16, 5, t1, &pr);
  progress_end(&pr.sink, 16);

  /* HC13: Theorem 5, d = 0 and d = 1 */
  g_autoptr(GPtrArray) p0 = bp_thm5_family(0);
  g_autoptr(GPtrArray) p1 = bp_thm5_family(1);
  all &= family(w, "HC13", "d0", 3, 2, p0, NULL);
  all &= family(w, "HC13", "d1", 9, 4, p1, NULL);

  if (rw_close(w) != 0) return 3;
  return all ? 0 : 1;
}
