/* lattice-pairing — Theorem 1 of Kruczek & Sundberg for any direction set.
 *
 *   lattice-pairing DIRS [SEED]
 *
 * DIRS is the direction set S, vectors separated by ';' and coordinates by
 * ',' (e.g. "1,0;0,1;1,1;1,-1"), dimension 1..4, |S| <= 16.  Builds the
 * assignment of Z_n^d (n = |S|) from a perfect matching (SEED 0, the
 * default, keeps the natural adjacency order; another seed shuffles it), the
 * low/high pairing on its period torus, and checks both with the
 * independent checkers of src/lattice/lattice.h.  Prints S, the period, the least m
 * whose lines are all blocked and whether that is at most 3|S|; for d = 2
 * also the n x n assignment (direction indices, row y = n-1 on top).
 * Exit 0 if the checks hold, 1 if not; 2, with one line naming the problem,
 * for a bad argument: a zero vector, a non-primitive vector, a vector and its
 * negative (or a repeated vector), mixed dimensions, a non-integer. */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

#include "plumbing/input.h"
#include "lattice/lattice.h"
#include "plumbing/output.h"

static int usage(const char *why) {
  g_autofree char *m = g_strdup_printf("%s (usage: lattice-pairing DIRS [SEED])", why);
  in_error_line("lattice-pairing", m);
  return 2;
}

static int run(int argc, char **argv) {
  if (argc < 2 || argc > 3) return usage("give the direction set DIRS, e.g. \"1,0;0,1\"");
  LatDirs S;
  g_autoptr(GError) perr = NULL;
  if (!lat_dirs_parse(argv[1], &S, &perr)) {
    g_autofree char *m = g_strdup_printf("DIRS: %s", perr->message);
    in_error_line("lattice-pairing", m);
    return 2;
  }
  int64_t seed = 0;
  if (argc == 3 && !in_int64(argv[2], 0, 1000000, &seed))
    return usage("SEED must be an integer from 0 to 1000000");
  g_autofree char *why = NULL;
  LatAssign A;
  LatPairing P;
  LatCheck c;
  if (!lat_assign_matching(&S, (uint64_t)seed, &A) || !lat_assign_ok(&S, &A, &why)) {
    printf("assignment: FAILED (%s)\n", why ? why : "no perfect matching");
    return 1;
  }
  if (!lat_pairing_lowhigh(&S, &A, &P)) {
    lat_assign_clear(&A); /* nothing of it is needed any more */
    return usage("the period torus is too large");
  }
  bool inv = lat_check(&S, &P, &c, &why);
  g_autofree char *s = lat_dirs_to_string(&S);
  printf("S = %s, n = %d, d = %d\n", s, S.n, S.d);
  printf("period: %d in every coordinate (%u points)\n", P.T[0], P.npoints);
  if (S.d == 2) {
    printf("assignment of Z_%d^2 (direction indices):\n", S.n);
    for (int y = S.n - 1; y >= 0; y--)
      for (int x = 0; x < S.n; x++) printf("%2d%s", A.dir[x + S.n * y], x == S.n - 1 ? "\n" : " ");
  }
  bool ok = inv && c.least_m != 0 && c.least_m <= 3 * S.n;
  if (!inv)
    printf("pairing: FAILED (%s)\n", why);
  else
    printf("least m blocked: %d (3|S| = %d): %s\n", c.least_m, 3 * S.n,
           ok ? "Theorem 1 holds" : "FAILED");
  lat_pairing_clear(&P);
  lat_assign_clear(&A);
  return ok ? 0 : 1;
}

/* the verdict must reach standard output: a write error there is exit 3 */
int main(int argc, char **argv) { return out_stdout_status("lattice-pairing", run(argc, argv)); }
