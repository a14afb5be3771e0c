/* experiments/lattice/theorem1.c — LD1 and LD5: Theorem 1's pairing blocks
 * every line of length 3|S|, checked exhaustively over one period for
 * families of direction sets S in d = 2, 3, 4; and the least m each
 * constructed pairing actually blocks.
 *
 * Paper: Kruczek & Sundberg, "A pairing strategy for tic-tac-toe on the
 * integer lattice with numerous directions" (shared/papers/
 * lattice-many-directions.txt), §2.  With n = |S|, the points of Z_n^d and
 * the lines (cosets of <v>, v in S) form an n-regular bipartite graph; a
 * perfect matching assigns each point the direction of its line, so that
 * every line of Z_n^d holds exactly one point of its own direction.  Tiled
 * over Z^d, a point q = n p + t of direction v (first nonzero coordinate v_i
 * made positive) is LOW when p_i mod 2 v_i < v_i and is paired with
 * q + n v; high points with q - n v.
 *
 * Method (src/lattice/lattice.h).  For every S of the family, lat_assign_matching()
 * builds the assignment with Hopcroft–Karp (seed 0, and with --matchings R
 * also R-1 shuffled adjacency orders, which give other perfect matchings),
 * lat_pairing_lowhigh() the pairing on its period torus (side n lcm 2 v_i).
 * Checks, none of them using the construction's own reasoning:
 *   - lat_assign_ok(): walking every line of Z_n^d, exactly one point has
 *     the line's direction (`assignments_valid`); the matching is perfect
 *     (`matchings_perfect`, Hall's corollary);
 *   - lat_check(): the displacement field is an involution on Z^d, and the
 *     least m such that every line of length m of every direction of S
 *     contains a pair, found by walking each line through one period.
 *     LD1 holds for S when that least m is at most 3|S| (`d<d>_blocked_3n`,
 *     `all_blocked_3n`).
 * Families:
 *   d = 2: every nonempty set of the 8 primitive directions of [-2,2]^2 (up
 *          to sign): sizes 1..8, 255 sets;
 *   d = 3: every set of 1..4 (quick 1..3) of the 13 directions of [-1,1]^3,
 *          and --sample random sets of 2..6 directions of [-2,2]^3;
 *   d = 4: every set of 1..3 (quick 1..2) of the 40 directions of [-1,1]^4,
 *          and --sample random 4-sets of them.
 *   Random sets use GRand with a fixed seed: the same sets every run.
 * Rows: LD1 counts per dimension (`d<d>_sets`, `d<d>_pairings`) and the
 * checks above; LD5 per dimension and |S| = n the least and greatest least m
 * (`d<d>_n<n>_least_m_min`, `_max`) and `least_m_is_3n` (every constructed
 * pairing blocks exactly 3|S| and nothing shorter).  --figdata PREFIX writes
 * PREFIX-assign.dat: the assignment and pairing for the standard directions
 * (1,0), (0,1), (1,1), (1,-1) on a 12 x 12 window (x y direction dx dy; dx dy
 * the partner's offset for low points, 0 0 for high ones).
 * Exit 0 iff every check held.
 */
#include <stdio.h>
#include <string.h>

#include "plumbing/expt.h"
#include "lattice/lattice.h"

static gint opt_matchings = G_MININT, opt_sample = G_MININT;
static gchar *opt_figdata = NULL;

typedef struct {
  uint64_t sets, pairings;
  bool perfect, valid, blocked, exact;
  int min_m[LAT_MAX_S + 1], max_m[LAT_MAX_S + 1];
} Tally;

/* one direction set: build R pairings, check each, record least m */
static void run_set(const LatDirs *S, int R, Tally *t, const char *name) {
  t->sets++;
  for (int r = 0; r < R; r++) {
    LatAssign A;
    LatPairing P;
    LatCheck c;
    g_autofree char *why = NULL;
    bool perfect = lat_assign_matching(S, (uint64_t)r, &A);
    bool valid = perfect && lat_assign_ok(S, &A, &why);
    bool built = valid && lat_pairing_lowhigh(S, &A, &P);
    bool inv = built && lat_check(S, &P, &c, &why);
    t->pairings++;
    t->perfect &= perfect;
    t->valid &= valid;
    int m = inv ? c.least_m : 0, n = S->n;
    bool ok = m != 0 && m <= 3 * n;
    t->blocked &= ok;
    t->exact &= m == 3 * n;
    if (t->min_m[n] == 0 || m < t->min_m[n]) t->min_m[n] = m;
    if (m > t->max_m[n]) t->max_m[n] = m;
    if (!ok) {
      g_autofree char *s = lat_dirs_to_string(S);
      fprintf(stderr, "%s: S = %s, matching %d: %s (least m %d)\n", name, s, r,
              why ? why : "not blocked at 3|S|", m);
    }
    if (built) lat_pairing_clear(&P);
    lat_assign_clear(&A);
  }
}

/* every subset of dirs with size in [lo, hi], by size, each size in
 * lexicographic order (Gosper's step, cube.h) */
static void all_subsets(int d, int (*dirs)[LAT_MAX_D], int nd, int lo, int hi, int R, Tally *t,
                        const char *name) {
  for (int k = lo; k <= hi && k <= nd; k++)
    for (uint64_t mask = (UINT64_C(1) << k) - 1; mask < (UINT64_C(1) << nd);) {
      LatDirs S = {d, 0, {{0}}};
      for (int i = 0; i < nd; i++)
        if (mask >> i & 1) memcpy(S.v[S.n++], dirs[i], sizeof(int) * LAT_MAX_D);
      run_set(&S, R, t, name);
      mask = cube_next_combination64(mask);
    }
}

/* `count` random sets of sizes lo..hi (distinct directions) */
static void random_sets(int d, int (*dirs)[LAT_MAX_D], int nd, int lo, int hi, int count,
                        GRand *rnd, int R, Tally *t, const char *name) {
  for (int c = 0; c < count; c++) {
    int k = g_rand_int_range(rnd, lo, hi + 1);
    uint64_t mask = 0;
    while (__builtin_popcountll(mask) < k) mask |= UINT64_C(1) << g_rand_int_range(rnd, 0, nd);
    LatDirs S = {d, 0, {{0}}};
    for (int i = 0; i < nd; i++)
      if (mask >> i & 1) memcpy(S.v[S.n++], dirs[i], sizeof(int) * LAT_MAX_D);
    run_set(&S, R, t, name);
  }
}

static void report(ResultWriter *w, int d, const Tally *t) {
  char key[64];
  snprintf(key, sizeof key, "d%d_sets", d);
  rw_int(w, "LD1", key, (int64_t)t->sets);
  snprintf(key, sizeof key, "d%d_pairings", d);
  rw_int(w, "LD1", key, (int64_t)t->pairings);
  snprintf(key, sizeof key, "d%d_blocked_3n", d);
  rw_bool(w, "LD1", key, t->blocked);
}

static void report_m(ResultWriter *w, int d, const Tally *t) {
  char key[64];
  for (int n = 1; n <= LAT_MAX_S; n++) {
    if (t->max_m[n] == 0 && t->min_m[n] == 0) continue;
    snprintf(key, sizeof key, "d%d_n%d_least_m_min", d, n);
    rw_int(w, "LD5", key, t->min_m[n]);
    snprintf(key, sizeof key, "d%d_n%d_least_m_max", d, n);
    rw_int(w, "LD5", key, t->max_m[n]);
  }
}

static bool write_figure(const Expt *e, FILE *f) {
  LatDirs S;
  if (!lat_dirs_parse("1,0;0,1;1,1;1,-1", &S, NULL)) return false;
  LatAssign A;
  LatPairing P;
  if (!lat_assign_matching(&S, 0, &A) || !lat_pairing_lowhigh(&S, &A, &P)) return false;
  fprintf(f, "# %s: Theorem 1's pairing for (1,0) (0,1) (1,1) (1,-1), n = 4\n", e->name);
  fprintf(f, "# x y direction dx dy (dx dy: partner offset of a low point, 0 0 otherwise)\n");
  for (int y = 0; y < 12; y++)
    for (int x = 0; x < 12; x++) {
      uint32_t q = (uint32_t)(x % P.T[0]) + (uint32_t)P.T[0] * (uint32_t)(y % P.T[1]);
      int dir = A.dir[(x % 4) + 4 * (y % 4)];
      const int32_t *dv = P.disp + 2 * (size_t)q;
      int dd[2] = {dv[0], dv[1]}, i = lat_first(dd, 2);
      bool low = i >= 0 && dd[i] > 0; /* low points move by +n v, v normalised */
      fprintf(f, "%d %d %d %d %d\n", x, y, dir, low ? dv[0] : 0, low ? dv[1] : 0);
    }
  lat_pairing_clear(&P);
  lat_assign_clear(&A);
  return true;
}

int main(int argc, char **argv) {
  GOptionEntry own[] = {
      {"matchings", 0, 0, G_OPTION_ARG_INT, &opt_matchings,
       "perfect matchings per set (1..16; default 3, quick 1)", "R"},
      {"sample", 0, 0, G_OPTION_ARG_INT, &opt_sample,
       "random sets in d = 3 and d = 4 each (0..100000; default 300, quick 20)", "K"},
      {"figdata", 0, 0, G_OPTION_ARG_FILENAME, &opt_figdata,
       "write PREFIX-assign.dat for the figure", "PREFIX"},
      G_OPTION_ENTRY_NULL};
  Expt e;
  expt_parse(&e, &argc, &argv, "lattice-theorem1",
             "LD1, LD5: Theorem 1's pairing blocks every line of length 3|S|.", own);
  bool quick = e.profile == PROFILE_QUICK;
  int R = expt_default(&e, opt_matchings, 3, 1);
  int K = expt_default(&e, opt_sample, 300, 20);
  expt_check_range(&e, "--matchings", R, 1, 16);
  expt_check_range(&e, "--sample", K, 0, 100000);
  g_autofree char *figpath = opt_figdata ? g_strdup_printf("%s-assign.dat", opt_figdata) : NULL;
  FILE *fig = expt_open_figdata(&e, figpath);
  ResultWriter *w = expt_open_results(&e);

  GRand *rnd = g_rand_new_with_seed(20081124);
  int dirs[64][LAT_MAX_D];
  Tally t[5];
  for (int d = 2; d <= 4; d++) {
    memset(&t[d], 0, sizeof t[d]);
    t[d].perfect = t[d].valid = t[d].blocked = t[d].exact = true;
  }
  /* d = 2: all sets of the 8 directions of [-2,2]^2 */
  int nd = lat_directions(2, 2, dirs, 64);
  all_subsets(2, dirs, nd, 1, nd, R, &t[2], e.name);
  /* d = 3 */
  nd = lat_directions(3, 1, dirs, 64);
  all_subsets(3, dirs, nd, 1, quick ? 3 : 4, R, &t[3], e.name);
  nd = lat_directions(3, 2, dirs, 64);
  random_sets(3, dirs, nd, 2, 6, K, rnd, 1, &t[3], e.name);
  /* d = 4 */
  nd = lat_directions(4, 1, dirs, 64);
  all_subsets(4, dirs, nd, 1, quick ? 2 : 3, 1, &t[4], e.name);
  random_sets(4, dirs, nd, 4, 4, K, rnd, 1, &t[4], e.name);
  g_rand_free(rnd);

  bool perfect = true, valid = true, blocked = true, exact = true;
  for (int d = 2; d <= 4; d++) {
    report(w, d, &t[d]);
    perfect &= t[d].perfect;
    valid &= t[d].valid;
    blocked &= t[d].blocked;
    exact &= t[d].exact;
  }
  rw_bool(w, "LD1", "matchings_perfect", perfect);
  rw_bool(w, "LD1", "assignments_valid", valid);
  rw_bool(w, "LD1", "all_blocked_3n", blocked);
  for (int d = 2; d <= 4; d++) report_m(w, d, &t[d]);
  rw_bool(w, "LD5", "least_m_le_3n", blocked);
  rw_bool(w, "LD5", "least_m_is_3n", exact);
  bool figok = true;
  if (fig) {
    figok = write_figure(&e, fig);
    expt_close_file(&e, fig);
  }
  int rc = rw_close(w);
  return rc == 0 && perfect && valid && blocked && figok ? 0 : 1;
}
