/* experiments/cubic/danger.c — the Erdős–Selfridge danger game of Figure 4: CT11.
 *
 * Paper: Cain, Raymond & Källersjö, "Cubic tic-tac-toe: a matching-based
 * approach" (shared/papers/cubic-tictactoe-matching.txt), §6.1, §6.2, Figure 4.
 *
 * Danger.  A line is a survivor while it holds no Breaker cell; a survivor
 *   with u unoccupied cells has danger 2^-u.  D_i is the total danger right
 *   after Maker's i-th move (D_0: the empty board).  All dangers are exact
 *   integers scaled by 2^n (a survivor counts 2^(n-u)), so D_i < 1 means
 *   scaled D_i < 2^n; no floating point enters a decision.
 * Greedy moves.  Maker's gain from a free cell c, and Breaker's reduction from
 *   it, are the same number w(c) = sum of 2^(n-u) over the survivors through c
 *   (Maker doubles their danger, Breaker removes it).  Both players take a cell
 *   of largest w; Maker moves first.  Tie-break (the reported one): the
 *   smallest cell index of src/game/board.h, index = sum (a_i - 1) n^(i-1).
 * CT11, left panel (§6.1, §6.2).  Greedy against greedy on n^3, n = 5, 6, 7:
 *   `first_below1_n5/6/7`, the first i with D_i < 1, `D0_n5/6/7`, and the
 *   dangers on either side of that round, `D_before_first_below1_n*` and
 *   `D_first_below1_n*` (exact fractions).  Also,
 *   for the sensitivity to ties: `..._tiebreak_last` (largest index for both;
 *   the central inversion maps index k to n^3-1-k, so this must give the same
 *   sequence), `..._tiebreak_mixed` (Maker smallest, Breaker largest) and
 *   `..._tiebreak_random_min/q1/median/q3/max` (uniform among the maximisers,
 *   seeds 1..S), with `..._tiebreak_random_dist_<i>`, the number of seeds whose
 *   first round below 1 is i, and `..._tiebreak_random_min_seeds`, those
 *   reaching the minimum.  A game runs until the board is full or no survivor is left.
 * CT11, right panel.  On 7^3 Maker opens at the centre (4,4,4), then plays
 *   uniformly random free cells (GLib g_rand_new_with_seed, seeds 1..S, S =
 *   --max-seed, default 1000, quick 50); Breaker is greedy as above.  Printed:
 *   min, quartiles, median, max of the first i with D_i < 1 (nearest rank:
 *   the q-quantile is the ceil(qS)-th smallest), `random_never_below1` (games
 *   that never get below 1; a quantile among them prints `never`).
 * Checks (exit 1 if one fails).  After every Maker move of every game the
 *   incrementally kept danger is recomputed from the board alone (owner of each
 *   cell; per line: any Breaker cell? count the free cells): `danger_check`.
 *   In the deterministic greedy games (every move) and in the first three
 *   random games (Breaker's moves) each choice is recomputed by brute force:
 *   every free cell is tried, the total danger recomputed from scratch, and
 *   the chosen cell must be the optimum the tie-break selects: `greedy_check`.
 *   And the `last` sequences must equal the `first` ones: `symmetry_check`.
 * --figdata FILE: left panel, one block per n (i, D_i*2^n, 2^n, D_i).
 * --figdata-random FILE: right panel, per i: min, q1, median, q3, max of D_i.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/board.h"
#include "plumbing/expt.h"

enum { FREE, MAKER, BREAKER };
typedef enum { TB_FIRST, TB_LAST, TB_RANDOM } Tie;
#define NEVER G_MAXINT

typedef struct {
  const Board *b;
  int n;
  uint8_t *owner;    /* per cell: FREE, MAKER or BREAKER */
  uint8_t *dead, *u; /* per line: holds a Breaker cell; unoccupied cells */
  int64_t danger;    /* scaled by 2^n */
} Game;

static gint opt_max_seed = G_MININT;
static gchar *opt_figdata = NULL, *opt_figrandom = NULL;

/* The independent checker: total danger from the cell owners alone. */
static int64_t danger_from_scratch(const Board *b, const uint8_t *owner) {
  int64_t d = 0;
  for (size_t l = 0; l < hg_ne(b->lines); l++) {
    const uint32_t *c = hg_edge(b->lines, l);
    int u = 0, blocked = 0;
    for (size_t k = 0; k < hg_edge_size(b->lines, l); k++) {
      u += owner[c[k]] == FREE;
      blocked |= owner[c[k]] == BREAKER;
    }
    if (!blocked) d += INT64_C(1) << (b->n - u);
  }
  return d;
}

static int64_t weight(const Game *g, uint32_t c) {
  int64_t w = 0;
  const uint32_t *inc = hg_incident(g->b->lines, c);
  for (size_t k = 0; k < hg_degree(g->b->lines, c); k++)
    if (!g->dead[inc[k]]) w += INT64_C(1) << (g->n - g->u[inc[k]]);
  return w;
}

static void play(Game *g, uint32_t c, int who) {
  const uint32_t *inc = hg_incident(g->b->lines, c);
  for (size_t k = 0; k < hg_degree(g->b->lines, c); k++) {
    size_t l = inc[k];
    int64_t d = INT64_C(1) << (g->n - g->u[l]); /* Maker doubles it, Breaker removes it */
    if (!g->dead[l]) g->danger += who == MAKER ? d : -d;
    g->dead[l] |= who == BREAKER;
    g->u[l]--;
  }
  g->owner[c] = (uint8_t)who;
}

/* Greedy: a free cell of largest w; random ties by reservoir sampling. */
static uint32_t greedy(const Game *g, Tie tie, GRand *rng) {
  int64_t best = -1;
  uint32_t pick = 0, ties = 0;
  for (uint32_t c = 0; c < g->b->ncells; c++) {
    if (g->owner[c] != FREE) continue;
    int64_t w = weight(g, c);
    if (w > best) best = w, pick = c, ties = 1;
    else if (w == best && tie == TB_LAST) pick = c;
    else if (w == best && tie == TB_RANDOM && g_rand_int_range(rng, 0, (gint32)++ties) == 0)
      pick = c;
  }
  return pick;
}

/* Brute force: is `pick` the cell the tie-break selects among the optima of
 * the from-scratch danger after the move (max for Maker, min for Breaker)? */
static bool brute_agrees(Game *g, uint32_t pick, int who, Tie tie) {
  int64_t best = 0;
  uint32_t arg = 0;
  bool any = false;
  for (uint32_t c = 0; c < g->b->ncells; c++) {
    if (g->owner[c] != FREE) continue;
    g->owner[c] = (uint8_t)who;
    int64_t d = danger_from_scratch(g->b, g->owner), s = who == MAKER ? d : -d;
    g->owner[c] = FREE;
    if (!any || s > best || (s == best && tie == TB_LAST)) best = s, arg = c, any = true;
  }
  return arg == pick;
}

/* One game; D[0..] gets D_0, D_1, ... (zero-filled to the end of the array).
 * maker_tie < 0: Maker opens at the centre, then random.  Returns the first i
 * with D_i < 1, or NEVER. */
static int run(const Board *b, int maker_tie, Tie breaker_tie, GRand *rng, bool brute,
               int64_t *D, size_t len, size_t *m, bool *dok, bool *gok) {
  Game g = {b, b->n, g_new0(uint8_t, b->ncells), g_new0(uint8_t, hg_ne(b->lines)),
            g_new(uint8_t, hg_ne(b->lines)), 0};
  memset(g.u, b->n, hg_ne(b->lines));
  g.danger = danger_from_scratch(b, g.owner);
  memset(D, 0, len * sizeof *D);
  D[0] = g.danger, *m = 0;
  int first = D[0] < (INT64_C(1) << b->n) ? 0 : NEVER;
  uint32_t nfree = b->ncells, *freel = g_new(uint32_t, b->ncells);
  for (size_t i = 1; nfree > 0 && g.danger > 0; i++) {
    uint32_t c;
    if (maker_tie >= 0) {
      c = greedy(&g, (Tie)maker_tie, rng);
      if (brute) *gok &= brute_agrees(&g, c, MAKER, (Tie)maker_tie);
    } else if (i == 1) {
      int mid[3] = {(b->n + 1) / 2, (b->n + 1) / 2, (b->n + 1) / 2};
      c = board_cell(b, mid);
    } else {
      uint32_t k = 0;
      for (uint32_t x = 0; x < b->ncells; x++)
        if (g.owner[x] == FREE) freel[k++] = x;
      c = freel[g_rand_int_range(rng, 0, (gint32)k)];
    }
    play(&g, c, MAKER), nfree--;
    g_assert(i < len);
    D[i] = g.danger, *m = i;
    int64_t scratch = danger_from_scratch(b, g.owner); /* the independent check */
    if (scratch != g.danger && *dok) /* report the first difference only */
      fprintf(stderr, "cubic-danger: %d^3: D_%zu incremental %lld, from scratch %lld\n", b->n, i,
              (long long)g.danger, (long long)scratch);
    *dok &= scratch == g.danger;
    if (first == NEVER && g.danger < (INT64_C(1) << b->n)) first = (int)i;
    if (nfree == 0 || g.danger == 0) break;
    c = greedy(&g, breaker_tie, rng);
    if (brute) *gok &= brute_agrees(&g, c, BREAKER, breaker_tie);
    play(&g, c, BREAKER), nfree--;
  }
  g_free(freel), g_free(g.owner), g_free(g.dead), g_free(g.u);
  return first;
}

static int cmp_i64(const void *a, const void *b) {
  return (*(const int64_t *)a > *(const int64_t *)b) - (*(const int64_t *)a < *(const int64_t *)b);
}

static void row_first(ResultWriter *w, const char *key, int64_t first) {
  if (first == NEVER) rw_word(w, "CT11", key, "never");
  else rw_int(w, "CT11", key, first);
}

/* Nearest rank: the q-quantile (q = 0, 1/4, 1/2, 3/4, 1) of s sorted values
 * is the ceil(qs)-th smallest (the first for q = 0). */
static const char *qname[] = {"min", "q1", "median", "q3", "max"};
static void quantile_ranks(size_t s, size_t *qi) {
  for (size_t q = 0; q < 5; q++) qi[q] = q == 0 ? 0 : (q * s + 3) / 4 - 1;
}

/* Rows PREFIX_min .. PREFIX_max of the first i over the seeds (`never` if NEVER). */
static void rows_quantiles(ResultWriter *w, const char *prefix, int64_t *firsts, int S) {
  size_t qi[5];
  qsort(firsts, (size_t)S, sizeof *firsts, cmp_i64);
  quantile_ranks((size_t)S, qi);
  for (int q = 0; q < 5; q++) {
    char key[64];
    snprintf(key, sizeof key, "%s_%s", prefix, qname[q]);
    row_first(w, key, firsts[qi[q]]);
  }
}

int main(int argc, char **argv) {
  GOptionEntry own[] = {
      {"max-seed", 0, 0, G_OPTION_ARG_INT, &opt_max_seed,
       "random games use seeds 1..S (1..100000; default 1000, quick 50)", "S"},
      {"figdata", 0, 0, G_OPTION_ARG_FILENAME, &opt_figdata, "left panel's data", "FILE"},
      {"figdata-random", 0, 0, G_OPTION_ARG_FILENAME, &opt_figrandom, "right panel's data", "FILE"},
      G_OPTION_ENTRY_NULL};
  Expt e;
  expt_parse(&e, &argc, &argv, "cubic-danger", "CT11: the danger game of Figure 4.", own);
  int S = expt_default(&e, opt_max_seed, 1000, 50);
  expt_check_range(&e, "--max-seed", S, 1, 100000);
  if (opt_figdata) expt_check_output(&e, "--figdata", opt_figdata);
  if (opt_figrandom) expt_check_output(&e, "--figdata-random", opt_figrandom);
  FILE *fig = expt_open_figdata(&e, opt_figdata);
  FILE *figr = expt_open_figdata(&e, opt_figrandom);
  ResultWriter *w = expt_open_results(&e);
  bool dcheck = true, gcheck = true, sym = true;
  char key[64];

  /* Left panel: greedy against greedy, n = 5, 6, 7, under each tie-break rule. */
  static const char *tname[] = {"", "_tiebreak_last", "_tiebreak_mixed"};
  static const Tie tm[] = {TB_FIRST, TB_LAST, TB_FIRST}, tb[] = {TB_FIRST, TB_LAST, TB_LAST};
  if (fig) fprintf(fig, "# CT11 left panel: greedy vs greedy, ties to the smallest index\n");
  for (int n = 5; n <= 7; n++) {
    Board *b = board_new(n, 3);
    size_t len = b->ncells / 2 + 2;
    int64_t *D = g_new(int64_t, len), *D0 = g_new(int64_t, len);
    size_t m = 0, m0 = 0;
    for (int t = 0; t < 3; t++) {
      int first = run(b, tm[t], tb[t], NULL, true, t == 0 ? D0 : D, len, t == 0 ? &m0 : &m,
                      &dcheck, &gcheck);
      if (t == 1) sym &= m == m0 && memcmp(D, D0, len * sizeof *D) == 0;
      snprintf(key, sizeof key, "first_below1_n%d%s", n, tname[t]);
      row_first(w, key, first);
    }
    snprintf(key, sizeof key, "D0_n%d", n);
    rw_rational(w, "CT11", key, D0[0], INT64_C(1) << n);
    /* the dangers on either side of the first round below 1 (ties to the smallest index) */
    for (size_t i = 1; i <= m0; i++)
      if (D0[i] < (INT64_C(1) << n) && D0[i - 1] >= (INT64_C(1) << n)) {
        snprintf(key, sizeof key, "D_before_first_below1_n%d", n);
        rw_rational(w, "CT11", key, D0[i - 1], INT64_C(1) << n);
        snprintf(key, sizeof key, "D_first_below1_n%d", n);
        rw_rational(w, "CT11", key, D0[i], INT64_C(1) << n);
        break;
      }
    if (fig) {
      fprintf(fig, "# n=%d\n# i\tD_i*2^n\t2^n\tD_i\n", n);
      for (size_t i = 0; i <= m0; i++)
        fprintf(fig, "%zu\t%lld\t%lld\t%.9g\n", i, (long long)D0[i], 1LL << n,
                (double)D0[i] / (double)(1LL << n));
      fprintf(fig, "\n\n");
    }
    int64_t *firsts = g_new(int64_t, S);
    for (int s = 0; s < S; s++) {
      GRand *rng = g_rand_new_with_seed((guint32)s + 1);
      firsts[s] = run(b, TB_RANDOM, TB_RANDOM, rng, false, D, len, &m, &dcheck, &gcheck);
      g_rand_free(rng);
    }
    snprintf(key, sizeof key, "first_below1_n%d_tiebreak_random", n);
    rows_quantiles(w, key, firsts, S);
    /* the seeds that reach the fewest rounds (firsts is sorted now) */
    int at_min = 0;
    while (at_min < S && firsts[at_min] == firsts[0]) at_min++;
    snprintf(key, sizeof key, "first_below1_n%d_tiebreak_random_min_seeds", n);
    rw_int(w, "CT11", key, at_min);
    /* the distribution over the seeds: seeds per first round */
    for (int s = 0; s < S; s++)
      if (firsts[s] != NEVER && (s + 1 == S || firsts[s + 1] != firsts[s])) {
        int lo = s;
        while (lo > 0 && firsts[lo - 1] == firsts[s]) lo--;
        snprintf(key, sizeof key, "first_below1_n%d_tiebreak_random_dist_%lld", n, (long long)firsts[s]);
        rw_int(w, "CT11", key, s + 1 - lo);
      }
    g_free(firsts), g_free(D), g_free(D0), board_free(b);
  }
  expt_close_file(&e, fig);

  /* Right panel: 7^3, Maker opens at the centre, then random; Breaker greedy. */
  Board *b = board_new(7, 3);
  size_t len = b->ncells / 2 + 2;
  int64_t *D = g_new(int64_t, len * (size_t)S), *col = g_new(int64_t, S);
  int64_t *firsts = g_new(int64_t, S), never = 0;
  size_t m = 0;
  for (int s = 0; s < S; s++) {
    GRand *rng = g_rand_new_with_seed((guint32)s + 1);
    firsts[s] = run(b, -1, TB_FIRST, rng, s < 3, D + (size_t)s * len, len, &m, &dcheck, &gcheck);
    never += firsts[s] == NEVER;
    g_rand_free(rng);
  }
  rw_int(w, "CT11", "random_seeds", S);
  rows_quantiles(w, "random_first_below1", firsts, S);
  rw_int(w, "CT11", "random_never_below1", never);
  size_t qi[5];
  quantile_ranks((size_t)S, qi);
  if (figr) {
    fprintf(figr, "# CT11 right panel: 7^3, Maker centre then random (%d seeds), Breaker greedy\n"
                  "# i\tmin\tq1\tmedian\tq3\tmax (of D_i over the seeds)\n", S);
    for (size_t i = 0; i < len; i++) {
      for (int s = 0; s < S; s++) col[s] = D[(size_t)s * len + i];
      qsort(col, (size_t)S, sizeof *col, cmp_i64);
      if (col[S - 1] == 0 && i > 0) break;
      fprintf(figr, "%zu", i);
      for (int q = 0; q < 5; q++) fprintf(figr, "\t%.9g", (double)col[qi[q]] / 128.0);
      fprintf(figr, "\n");
    }
    expt_close_file(&e, figr);
  }
  g_free(D), g_free(col), g_free(firsts), board_free(b);

  rw_bool(w, "CT11", "danger_check", dcheck);
  rw_bool(w, "CT11", "greedy_check", gcheck);
  rw_bool(w, "CT11", "symmetry_check", sym);
  if (rw_close(w) != 0) return 3;
  return dcheck && gcheck && sym ? 0 : 1;
}
