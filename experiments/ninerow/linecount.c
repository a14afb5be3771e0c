/* experiments/ninerow/linecount.c — KR1: the counting bound behind k >= 9.
 *
 * Paper: Győrffy, London & Makay, "The structure of pairing strategies for
 * k-in-a-row type games" (shared/papers/nine-in-a-row-pairings.txt), §2.1.
 *
 * Proposition 1: a good pairing needs d2 |X| / 2 >= |G(X)| for every sub-board
 * X, where G(X) are the winning sets inside X and d2 the largest number of
 * winning sets two cells share.  On the k-in-a-row board:
 *   - `d2_equals_k_minus_1`: for k = 2..12 we enumerate, for every offset v
 *     with |v_i| < k, the k-windows (4 directions) holding both 0 and v; the
 *     maximum must be k-1 and be reached exactly at the 8 domino offsets.
 *   - `formula`: the number of k-windows inside an n x n board, counted cell
 *     by cell and direction by direction, equals 4n^2 - 6(k-1)n + 2(k-1)^2
 *     for every 2 <= k <= n <= N (N = 120 full, 90 quick).
 *   - `least_k`: for each k = 2..12 we look for a witness n <= N with
 *     (k-1) n^2 < 2 * (enumerated windows in n x n); the least k with no
 *     witness is printed (with the witnesses as extra rows).  That no witness
 *     exists beyond N for k >= 9 is elementary: (k-1)n^2 - 2 L(n,k) =
 *     (k-9)n^2 + 12(k-1)n - 4(k-1)^2 > 0 for n >= k; the experiment evaluates
 *     this expression, exactly, for every n it enumerates as a cross-check.
 */
#include <stdio.h>
#include <stdlib.h>

#include "expt.h"

static const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

static int64_t windows_in_square(int n, int k) {
  int64_t count = 0;
  for (int x = 0; x < n; x++)
    for (int y = 0; y < n; y++)
      for (int d = 0; d < 4; d++) {
        int ex = x + (k - 1) * dirs[d][0], ey = y + (k - 1) * dirs[d][1];
        count += ex >= 0 && ex < n && ey >= 0 && ey < n;
      }
  return count;
}

/* number of k-windows containing both (0,0) and (vx,vy) */
static int codegree(int k, int vx, int vy) {
  int c = 0;
  for (int d = 0; d < 4; d++)
    for (int s = 0; s < k; s++) /* window = start + t*dir, t = 0..k-1, start = -s*dir */
      for (int t = 0; t < k; t++)
        if ((t - s) * dirs[d][0] == vx && (t - s) * dirs[d][1] == vy) c++;
  return c;
}

static gint opt_max_board = G_MININT; /* not given */

int main(int argc, char **argv) {
  GOptionEntry own[] = {{"max-board", 0, 0, G_OPTION_ARG_INT, &opt_max_board,
                         "largest board side n enumerated (9..400)", "N"},
                        G_OPTION_ENTRY_NULL};
  Expt e;
  expt_parse(&e, &argc, &argv, "ninerow-linecount", "KR1: Proposition 1 and the k >= 9 bound.",
             own);
  int N = expt_default(&e, opt_max_board, 120, 90);
  expt_check_range(&e, "--max-board", N, 9, 400);
  ResultWriter *w = expt_open_results(&e);

  bool d2ok = true;
  for (int k = 2; k <= 12; k++) {
    int best = 0;
    for (int vx = -(k - 1); vx <= k - 1; vx++)
      for (int vy = -(k - 1); vy <= k - 1; vy++)
        if (vx || vy) {
          int c = codegree(k, vx, vy);
          if (c > best) best = c;
        }
    for (int vx = -(k - 1); vx <= k - 1; vx++)
      for (int vy = -(k - 1); vy <= k - 1; vy++) {
        bool domino = (vx || vy) && abs(vx) <= 1 && abs(vy) <= 1;
        if ((vx || vy) && (codegree(k, vx, vy) == best) != domino) d2ok = false;
      }
    if (best != k - 1) d2ok = false;
  }

  bool formula = true, algebra = true;
  int least_k = 0;
  int witness[13] = {0};
  for (int k = 2; k <= 12; k++) {
    for (int n = k; n <= N; n++) {
      int64_t L = windows_in_square(n, k), K = k - 1;
      if (L != 4 * (int64_t)n * n - 6 * K * n + 2 * K * K) formula = false;
      int64_t slack = K * n * n - 2 * L;
      if (k >= 9 && slack != (K - 8) * n * n + 12 * K * n - 4 * K * K) algebra = false;
      if (slack < 0 && !witness[k]) witness[k] = n;
    }
    if (!witness[k] && !least_k) least_k = k;
  }
  if (!algebra) fprintf(stderr, "ninerow-linecount: the slack expression does not match\n");

  rw_bool(w, "KR1", "formula", formula);
  rw_bool(w, "KR1", "d2_equals_k_minus_1", d2ok);
  rw_int(w, "KR1", "least_k", least_k);
  char range[16];
  snprintf(range, sizeof range, "n<=%d", N);
  rw_word(w, "KR1", "range", range);
  rw_int(w, "KR1", "range_max_n", N);
  for (int k = 2; k <= 12; k++)
    if (witness[k]) {
      char key[32];
      snprintf(key, sizeof key, "witness_n_k%d", k);
      rw_int(w, "KR1", key, witness[k]);
    }
  if (rw_close(w) != 0) return 3;
  return formula && d2ok && algebra && least_k > 0 ? 0 : 1;
}
