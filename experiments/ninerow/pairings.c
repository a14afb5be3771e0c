/* experiments/ninerow/pairings.c — KR2, KR3, KR4: the Hales–Jewett pairing
 * and every good domino pairing of the 8 x 8 torus.
 *
 * Paper: Győrffy, London & Makay, "The structure of pairing strategies for
 * k-in-a-row type games" (shared/papers/nine-in-a-row-pairings.txt), §1-4.
 *
 * KR2 (Fig. 1).  The Hales–Jewett pairing is typed in src/ninerow/torus.c
 *   (tg_hales_jewett) as an 8 x 8 table of partner directions (the object
 *   under test).  Two independent checks:
 *   tg_check() walks the 32 torus lines (`hj_torus_good`); and here, with no
 *   torus code at all, the 8-periodic pairing is unrolled over a 24 x 24
 *   window of the infinite board and every k-in-a-row lying inside it (all
 *   four directions; every residue class of starting cells mod 8 occurs) is
 *   tested for a pair with both cells in it: `hj_blocks_9` must be true and
 *   `hj_blocks_8` false (`hj_unblocked_8` windows escape, as KR1 demands).
 * KR3 (§3-4).  src/ninerow/torus8.c enumerates the good pairings that start with the
 *   origin domino (a "0 4" table) and keeps those equal to their canonical
 *   form (least table over the 512 translations, rotations and mirrors):
 *   `classes`, with `classes_prime` by trial division.  Every representative
 *   is checked by tg_check (`representatives_good`) and by the generic
 *   canonical form of src/ninerow/torus.c, stabiliser included
 *   (`representatives_canonical`).  Cross-checks:
 *   - Burnside: tg_fixed_counts() counts, by a plain exact-cover search, the
 *     pairings fixed by each of the 511 other elements; with the labelled
 *     total L, (L + sum) / 512 must equal `classes` (`burnside_agrees`).
 *     The same fixed counts give the number of classes under translations
 *     only and under translations and rotations, to show which group gives
 *     the published count.  L is the sum of the orbit sizes 512/|stab| of
 *     the representatives; in the full profile it is also counted directly
 *     (`labelled_counted` = 8 x the pairings starting "0 4": every pairing
 *     has 8 horizontal dominoes and 64 translations) and must agree.
 *   - a sample (the pairings containing the origin domino and the dominoes
 *     of the canonical Hales–Jewett table on its cells 2..5): the engine's
 *     count, the plain search (tg_enumerate) and the paper's method
 *     (cell-by-cell search, all transforms) must find the same pairings and
 *     the same representatives (`sample_agrees`).
 *   Stabilisers: `nontrivial_stabiliser` classes, `stabiliser_order_s`.
 * KR4 (§4).  The paper examined 6,210,560 pairings.  Full profile: the
 *   pairings starting "0 4" (`start04`), and those whose next entry points
 *   down (`start04_third_down`; the mirror y -> -y keeps the 0-4 start and
 *   turns down into up, so exactly half; the least table has it down).
 *   `engine_leaves`: the pairings our engine reaches after its row-0 cut.
 * --figdata PREFIX writes PREFIX-board.dat (the Hales–Jewett pairing as
 *   segments x y dx dy direction; a domino crossing the window's edge is
 *   drawn as two halves) for figures/ninerow-board.gp.
 * --checkpoint FILE makes the three long searches resumable
 *   (src/plumbing/checkpoint.h): the tasks of the classes enumeration (stage 0, with
 *   their representatives), the Burnside elements (stage 1) and the tasks of
 *   the direct count (stage 2) are saved to FILE as they finish (the file
 *   rewritten at most every second).  A rerun with the same profile and
 *   binary reads those back instead of searching them ("resuming: K/N ..."
 *   on stderr); everything is a sum or a sorted set, so the result file is
 *   the same bytes as an uninterrupted run's.  FILE is removed when the
 *   results are written.  --stop-after N (a test aid) stops as if killed
 *   once N units are saved.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plumbing/expt.h"
#include "plumbing/progress.h"
#include "ninerow/torus8.h"

/* KR2 on the unrolled board: its own direction vectors and line walk */
static const int vec[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
enum { WIN = 24 };

static long unblocked_windows(const uint8_t *table, int k, long *checked) {
  static const int line_dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  long bad = 0;
  *checked = 0;
  for (int y = 0; y < WIN; y++)
    for (int x = 0; x < WIN; x++)
      for (int d = 0; d < 4; d++) {
        int ex = x + (k - 1) * line_dirs[d][0], ey = y + (k - 1) * line_dirs[d][1];
        if (ex < 0 || ex >= WIN || ey < 0 || ey >= WIN) continue;
        ++*checked;
        bool blocked = false;
        for (int i = 0; i < k && !blocked; i++) {
          int cx = x + i * line_dirs[d][0], cy = y + i * line_dirs[d][1];
          int kk = table[8 * (cy % 8) + cx % 8], px = cx + vec[kk][0], py = cy + vec[kk][1];
          for (int j = 0; j < k; j++) /* is the partner in the window too? */
            if (px == x + j * line_dirs[d][0] && py == y + j * line_dirs[d][1]) blocked = true;
        }
        bad += !blocked;
      }
  return bad;
}

static void write_board(const Expt *e, FILE *f, const TorusGame *g, const uint8_t *code) {
  fprintf(f, "# x y dx dy direction(0 E-W, 1 SE-NW, 2 S-N, 3 SW-NE); y grows downwards\n");
  for (int c = 0; c < 64; c++) {
    int k = code[c];
    if (k >= 4) continue;
    int x = c % 8, y = c / 8, bx = x + vec[k][0], by = y + vec[k][1];
    if (bx >= 0 && bx < 8 && by >= 0 && by < 8) {
      fprintf(f, "%d %d %d %d %d\n", x, y, vec[k][0], vec[k][1], k);
    } else { /* wraps: half from each end, towards the outside */
      int b = g->nb[c][k];
      fprintf(f, "%d %d %.1f %.1f %d\n", x, y, 0.6 * vec[k][0], 0.6 * vec[k][1], k);
      fprintf(f, "%d %d %.1f %.1f %d\n", b % 8, b / 8, -0.6 * vec[k][0], -0.6 * vec[k][1], k);
    }
  }
  expt_close_file(e, f);
}

static bool is_prime(uint64_t n) {
  if (n < 2) return false;
  for (uint64_t p = 2; p * p <= n; p++)
    if (n % p == 0) return false;
  return true;
}

static gchar *opt_figdata = NULL, *opt_checkpoint = NULL;
static gint opt_stop_after = 0;

/* the checkpoint's stages */
enum { STAGE_CLASSES = 0, STAGE_BURNSIDE = 1, STAGE_COUNT = 2 };

int main(int argc, char **argv) {
  GOptionEntry own[] = {{"figdata", 0, 0, G_OPTION_ARG_FILENAME, &opt_figdata,
                         "write PREFIX-board.dat for the board figure", "PREFIX"},
                        EXPT_CHECKPOINT_OPTIONS(opt_checkpoint, opt_stop_after),
                        G_OPTION_ENTRY_NULL};
  Expt e;
  expt_parse(&e, &argc, &argv, "ninerow-pairings",
             "KR2-KR4: the Hales-Jewett pairing and all good pairings of the 8x8 torus.", own);
  bool full = e.profile == PROFILE_FULL;
  g_autofree char *figpath = opt_figdata ? g_strdup_printf("%s-board.dat", opt_figdata) : NULL;
  FILE *fig = expt_open_figdata(&e, figpath);
  Checkpoint *ck = expt_checkpoint(&e, opt_checkpoint, opt_stop_after, NULL);
  ResultWriter *w = expt_open_results(&e);
  TorusGame g;
  tg_init(&g, TG_SQUARE8);
  bool ok = true;

  /* KR2 */
  uint8_t hj[64], canon[64];
  bool parsed = tg_parse(&g, tg_hales_jewett, hj);
  bool torus_good = parsed && tg_check(&g, hj, NULL);
  long lines9, lines8;
  long bad9 = unblocked_windows(hj, 9, &lines9), bad8 = unblocked_windows(hj, 8, &lines8);
  int hj_stab = 0;
  tg_canon(&g, hj, canon, &hj_stab);
  rw_bool(w, "KR2", "hj_torus_good", torus_good);
  rw_int(w, "KR2", "hj_window_lines_9", lines9);
  rw_bool(w, "KR2", "hj_blocks_9", parsed && bad9 == 0);
  rw_bool(w, "KR2", "hj_blocks_8", parsed && bad8 == 0);
  rw_int(w, "KR2", "hj_unblocked_8", bad8);
  rw_int(w, "KR2", "hj_stabiliser", hj_stab);
  ok &= torus_good && bad9 == 0 && bad8 > 0;
  if (opt_figdata) {
    write_board(&e, fig, &g, hj);
  }

  /* KR3: the classes, by the engine */
  T8Result r;
  Progress pr_classes, pr_count;
  t8_enumerate_ckpt(&g, T8_ENGINE, e.threads, NULL, 0, true, progress_stderr(&pr_classes, "ninerow-pairings: classes"), ck,
                    STAGE_CLASSES, &r);
  /* every representative: good (the checker) and canonical (tg_canon, the
   * generic canonical form, with the same stabiliser order) */
  bool reps_good = true, reps_canon = true;
  for (uint64_t i = 0; i < r.classes; i++) {
    const uint8_t *rep = r.reps + 64 * i;
    uint8_t back[64];
    int stab;
    reps_good &= tg_check(&g, rep, NULL);
    tg_canon(&g, rep, back, &stab);
    reps_canon &= memcmp(back, rep, 64) == 0 && stab == r.stab[i];
  }
  bool hj_found = tg_find(&g, r.reps, r.classes, canon) >= 0;
  uint64_t nontrivial = r.classes - r.stab_hist[1];
  rw_int(w, "KR3", "classes", (int64_t)r.classes);
  rw_bool(w, "KR3", "classes_prime", is_prime(r.classes));
  rw_int(w, "KR3", "labelled", (int64_t)r.orbit_sum);
  rw_int(w, "KR3", "nontrivial_stabiliser", (int64_t)nontrivial);
  for (int s = 2; s <= 512; s++)
    if (r.stab_hist[s]) {
      char key[40];
      snprintf(key, sizeof key, "stabiliser_order_%d", s);
      rw_int(w, "KR3", key, (int64_t)r.stab_hist[s]);
    }
  rw_bool(w, "KR3", "representatives_good", reps_good);
  rw_bool(w, "KR3", "representatives_canonical", reps_canon);
  rw_bool(w, "KR3", "hj_among_classes", hj_found);
  ok &= hj_found && reps_good && reps_canon;

  /* Burnside, and the classes under the subgroups */
  uint64_t *fix = g_new0(uint64_t, g.ngroup);
  tg_fixed_counts_ckpt(&g, fix, e.threads, ck, STAGE_BURNSIDE);
  uint64_t by_point[8] = {0};
  for (int el = 1; el < g.ngroup; el++) by_point[el / 64] += fix[el];
  uint64_t L = r.orbit_sum, nonid = 0;
  for (int p = 0; p < 8; p++) nonid += by_point[p];
  bool burnside = (L + nonid) % 512 == 0 && (L + nonid) / 512 == r.classes;
  rw_int(w, "KR3", "burnside_fixed_nonidentity", (int64_t)nonid);
  rw_rational(w, "KR3", "burnside_classes", (int64_t)(L + nonid), 512);
  rw_bool(w, "KR3", "burnside_agrees", burnside);
  ok &= burnside;
  uint64_t rot = 0;
  for (int p = 0; p < 8; p++) rot += g.prot[p] ? by_point[p] : 0;
  rw_rational(w, "KR3", "classes_translations", (int64_t)(L + by_point[0]), 64);
  rw_rational(w, "KR3", "classes_translations_rotations", (int64_t)(L + rot), 256);

  /* the sample: three methods, the same pairings and representatives */
  int sample[8], ns = 0, all[9] = {0};
  uint64_t covered = 3;
  for (int cell = 2; cell < 6; cell++)
    if (!(covered >> cell & 1)) {
      int id = tg_domino_of(&g, cell, canon[cell]);
      covered |= (UINT64_C(1) << g.dom_a[id]) | (UINT64_C(1) << g.dom_b[id]);
      sample[ns++] = id;
      all[ns] = id;
    }
  T8Result sc, sb, se;
  t8_enumerate(&g, T8_COUNT, 1, sample, ns, false, NULL, &sc);
  t8_enumerate(&g, T8_BASELINE, 1, sample, ns, false, NULL, &sb);
  t8_enumerate(&g, T8_ENGINE, 1, sample, ns, false, NULL, &se);
  uint64_t plain = tg_enumerate(&g, 0, all, ns + 1, NULL, NULL);
  bool sample_ok = plain == sc.examined && plain == sb.examined && sb.classes == se.classes &&
                   sb.orbit_sum == se.orbit_sum;
  rw_int(w, "KR3", "sample_fixed_dominoes", ns);
  rw_int(w, "KR3", "sample_pairings", (int64_t)plain);
  rw_int(w, "KR3", "sample_classes", (int64_t)se.classes);
  rw_bool(w, "KR3", "sample_agrees", sample_ok);
  ok &= sample_ok;

  /* the direct count (full profile) */
  T8Result c = {0};
  if (full) {
    t8_enumerate_ckpt(&g, T8_COUNT, e.threads, NULL, 0, false, progress_stderr(&pr_count, "ninerow-pairings: count"), ck,
                      STAGE_COUNT, &c);
    bool counted = 8 * c.examined == L && 2 * c.third_down == c.examined;
    rw_int(w, "KR3", "labelled_counted", (int64_t)(8 * c.examined));
    rw_bool(w, "KR3", "labelled_agrees", counted);
    ok &= counted;
  }

  /* KR4 */
  rw_int(w, "KR4", "engine_leaves", (int64_t)r.examined);
  if (full) {
    rw_int(w, "KR4", "start04", (int64_t)c.examined);
    rw_int(w, "KR4", "start04_third_down", (int64_t)c.third_down);
  }
  g_free(fix);
  t8_result_clear(&r);
  if (rw_close(w) != 0) {
    ckpt_close(ck); /* the results are not written: keep the work */
    return 3;
  }
  ckpt_finish(ck);
  return ok ? 0 : 1;
}
