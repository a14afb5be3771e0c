/* experiments/games/atlas.c — MB9–MB15: a certified atlas of small
 * Maker–Breaker games, both sides first, every decided row a strategy
 * certificate replayed by the independent checker in the same run.
 *
 * MB9   the outcomes the literature has for boards of the atlas (which
 *       boards: Published[] below; their values are in expected/ only):
 *       the atlas's outcome rows of those boards, repeated under MB9 so the
 *       scoreboard compares them.
 * MB10  every mnk:M,N,K (K in a row on M columns x N rows, four
 *       directions) with 3 <= M <= N <= 8 and 3 <= K <= N (quick: N <= 6).
 * MB11  the cubes n^d: 3^2, 4^2, 5^2, 6^2, 3^3, 4^3, 3^4 (quick: 3^2, 4^2, 3^3,
 *       4^3).  4^3 with Maker first is split into Breaker's replies to each
 *       opening, 3e6 expansions per unit in the full profile (it needs
 *       about 2.3e6 in all); with Breaker first, and in the quick profile,
 *       it runs within a node budget of 2000 (quick: 200); the campaign
 *       (make campaign-atlas) decides every first move.
 * MB12  torus:N,K with 3 <= K <= N <= 8 (quick: N <= 5); those with
 *       N >= 7 and 5 <= K < N at a budget of 2000, as 4^3 (see add_unit).
 *       In the full profile a few games open at the budget but decided by a
 *       larger one in seconds get that budget (add_unit(): mnk:4,7,4,
 *       mnk:4,8,4, torus:6,5, and split into replies mnk:6,8,5 and
 *       mnk:7,8,5 with Maker first).
 * MB13  qcube:N,K, the K-subcubes of Q_N, 1 <= K <= N <= 6 (quick: N <= 4).
 * MB15  the lattice games MB_S^2(m) of Kruczek and Sundberg on a finite
 *       window [0,W)^2 (lattice:S,m@W): their standard four directions
 *       (m = 3, 4, 9, 12), and their example S = {(1,0),(1,2^j)} for
 *       j = 1, 2 (m = 3, 5, 6; j = 2: m = 3), each window large enough for
 *       a line of every direction (quick: three of them).  A Maker win on
 *       a window is a Maker win on Z^2 (Breaker's moves outside it only
 *       waste his turns); a Breaker win on a window says nothing about Z^2.
 * MB14  the open boards as campaigns (--openings, make campaign-atlas):
 *       5^3, 6^3 and mnk:8,8,5 split into Maker's opening classes, each
 *       opening a unit solved with Breaker to move.  With --probes N, the
 *       cost of an opening is estimated instead (Knuth's estimator of a
 *       tree's size by random paths): the split of the opening's game D
 *       plies deeper (--probe-depth), Breaker's replies fixed by the
 *       Erdos-Selfridge greedy rule (the free cell of largest danger
 *       sum_{A free of Breaker} 2^{|A cap Maker|}, the least such cell),
 *       every live cell a Maker move; N random paths (Maker's moves
 *       uniform among the live cells, seeded by --seed, the board, the
 *       opening and the path's number), each ending in a leaf position
 *       solved with --nodes expansions in all (its certificate replayed).
 *       W, the product of Maker's choices along a path, times the leaf's
 *       expansions c is an unbiased estimate of the expansions of all the
 *       split's leaves together (Knuth 1975); the rows give the mean and
 *       standard error of W c over the paths, the leaves' outcomes and
 *       the least, median and most c.  An open leaf counts its budget
 *       (then the estimate is a lower bound).
 *
 * What is computed.  For each board and each first player (Maker first,
 * "maker"; Breaker first, "breaker") mb_solve (src/solve/solver.h) runs with
 * a node budget per unit (--nodes; deterministic, so the rows do not
 * depend on the machine or on --threads) and without its own self-check;
 * the certificate it writes is then replayed by cc_check
 * (src/solve/certcheck.h), which enumerates the winning sets itself and
 * verifies every symmetry it uses, exactly as `makerbreaker check` does.
 * A row is decided only if that replay accepts it; an undecided row is
 * "open@B" (open at budget B expansions per unit), which the scoreboard
 * scores as a status of its own (open), never as a guess.  When the first
 * player wins, a second run with all_moves decides every first move up to
 * symmetry (a tenth of the budget per move, at least 20000) and the row
 * lists the winning classes, and the classes it left open.
 *
 * Rows, with KEY = BOARD/FIRST (FIRST = maker or breaker):
 *   KEY/outcome       maker | breaker | open@B
 *   KEY/nodes         solve expansions (every needed unit)
 *   KEY/cert_nodes    certificate node lines
 *   KEY/check_leaves  leaves the checker verified (its work; 0 if open)
 *   KEY/first_classes first moves up to symmetry (when the first player wins)
 *   KEY/winning_first the winning first-move classes, '+'-separated
 *   KEY/open_first    the first-move classes left open at that budget
 *   KEY/moves_nodes   expansions of the all_moves run
 *   KEY/decided_by    lines (Maker first) or lines+extra-move (Breaker
 *                     first): an mnk board open at the budget, decided by
 *                     the stored lines of play (--lines, lines_decide());
 *                     lines: an n^d board or torus decided for Maker by
 *                     lines B:b+M:m (Breaker first) or by her opening
 *                     line M:m (Maker first)
 *   KEY/line_certs    their certificates, each replayed here
 *   KEY/line_classes  the classes of Maker's first move they answer
 *   KEY/decided_by    implied: an open row that another row decides by
 *                     monotonicity (monotone()); KEY/implied_by that row
 *   KEY/if_maker_decides, KEY/if_breaker_decides  (open rows) how many
 *                     other open rows a Maker win, a Breaker win of this
 *                     game would decide by monotonicity
 *   KEY/speed         Maker's speed (src/solve/bounded.h): the least N such
 *                     that she wins within N of her moves, on the boards of
 *                     at most Speed_cells cells she wins (not the opening
 *                     units); both certificates (N and N - 1) replayed by
 *                     boundcheck; open@B when an N needs more than B
 *                     expansions
 *   KEY/speed_nodes   the bounded searches' expansions, all N together
 * and per claim: boards, decided, open, "check" certcheck-replay, and
 * (monotone()) implied and implications_checked.
 * MB14 rows: BOARD/oX/outcome (X Maker's opening; breaker means Breaker
 * wins after it), BOARD/oX/reply (Breaker's winning reply class),
 * BOARD/oX/nodes, and BOARD/openings, BOARD/openings_breaker,
 * BOARD/openings_maker, BOARD/openings_open.
 *
 * --certs DIR writes each accepted certificate to DIR/BOARD-FIRST.cert
 * (the board's ^ : , as _); --figdata PREFIX writes PREFIX-grid.dat (the
 * mnk outcome grid) and PREFIX-moves.dat (winning first moves of the
 * boards in --moves-board).  Work is done in campaign units (campaign.h):
 * one per board and first player (--openings: one per opening class), on
 * threads or MPI ranks, resumable with --checkpoint.  Seconds go to
 * --times only, never to a row.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "solve/certcheck.h"
#include "solve/solver.h"
#include "game/symmetry.h"
#include "solve/boundcheck.h"
#include "solve/bounded.h"
#include "plumbing/campaign.h"
#include "plumbing/expt.h"
#include "plumbing/progress.h"

static gchar *opt_lines;
static gchar *opt_certs, *opt_figdata, *opt_times, *opt_checkpoint, **opt_boards, *opt_moves_board;
static gint64 opt_nodes = G_MININT64, opt_moves_nodes = 0;
static gint opt_stop_after = 0;
static gboolean opt_openings;
static gint opt_max_openings = 0;
static gint opt_probes = 0, opt_probe_depth = 4;
static gint64 opt_seed = 1;
static const Expt *E;

/* the table bound of each unit: fixed (not a share of the machine), so the
 * rows do not depend on --threads or on the RAM; --memory-mb changes it */
static gint64 opt_memory_mb = 512;

typedef struct {
  char *spec;       /* the board */
  int first;        /* atlas: 0 Maker first, 1 Breaker first; --openings: -1 */
  uint32_t opening; /* --openings: Maker's first cell */
  int probe;        /* --probes: the path's number + 1 (0: not a probe) */
  bool split2;      /* units: Breaker's reply classes to each opening (the solver's own split) */
  const char *claim;
  uint64_t budget;  /* node budget per solver unit */
} Unit;

typedef struct {
  uint64_t outcome, nodes, cert_nodes, leaves, classes, moves_nodes, ms;
  uint64_t moves_checked, moves_leaves; /* per-move certificates accepted, their checked leaves */
  char *winning, *open_moves, *reply, *cert;
  char *replies;                        /* --openings: "REPLY OUTCOME NODES\n" per needed reply class */
  uint64_t weight;                      /* --probes: the product of Maker's choices on the path */
  char *path;                           /* --probes: the path's moves (B:CELL+M:CELL+...) */
  GPtrArray *move_certs;                /* the all_moves run: move name, certificate, ... (owned) */
} Row;

/* MB9: the boards whose Maker-first outcome the literature states (the
 * values and their sources are in expected/games-atlas.tsv, nowhere here):
 * the n x n boards of the cubic paper's Section 2 (n^2 and mnk:n,n,n are
 * the same hypergraph), 3^3 and 4^3, mnk:7,7,5 and mnk:8,8,5 (NOTES.md, MB8, MB9);
 * and the lattice paper's 3 x 3 tic-tac-toe (Maker wins, its Section 1) and
 * the windows of the games its pairings win for Breaker on Z^2 (Hales and
 * Jewett's for m = 9, Theorem 1 for m = 3|S|), where each line of the
 * window keeps a pair, so Breaker wins there too (implied, not printed). */
#define LATTICE_S4 "lattice:1,0;0,1;1,1;1,-1" /* the standard four directions */
static const char *const Published[] = {"3^2",       "4^2",       "5^2",       "6^2",       "3^3",
                                        "4^3",       "mnk:3,3,3", "mnk:4,4,4", "mnk:5,5,5", "mnk:6,6,6",
                                        "mnk:7,7,7", "mnk:8,8,8", "mnk:7,7,5", "mnk:8,8,5", LATTICE_S4 ",3@3", LATTICE_S4 ",9@16",
                                        LATTICE_S4 ",12@16", "lattice:1,0;1,2,6@12"};

static GArray *Units; /* of Unit */
static uint64_t Budget;

static const char *claim_of(const char *spec) {
  return g_str_has_prefix(spec, "mnk:")       ? "MB10"
         : g_str_has_prefix(spec, "torus:")   ? "MB12"
         : g_str_has_prefix(spec, "qcube:")   ? "MB13"
         : g_str_has_prefix(spec, "lattice:") ? "MB15"
                                              : "MB11";
}

/* 4^3 in the profiles: Breaker first (open at 2e7 expansions per unit in
 * the campaign), and in the quick profile, it is listed at this budget */
static uint64_t Cube4_budget; /* the small budget: 2000 in the full profile, 200 in the quick one */
static bool Full_profile;
enum { CUBE4_FULL_BUDGET = 3000000 };

static void add_unit(const char *spec, int first, uint32_t opening, const char *claim) {
  Unit u = {g_strdup(spec), first, opening, 0, false, claim, Budget};
  /* the boards whose every node is dear: 4^3, and the tori torus:N,K with
   * N >= 7 and 5 <= K < N, where canonical forms under a group of order
   * 16 N^2 make an expansion a hundred times slower (about 100 s for
   * 20000 expansions); in the profiles they run at the small budget */
  int tn = 0, tk = 0;
  bool dear = strcmp(spec, "4^3") == 0 ||
              (sscanf(spec, "torus:%d,%d", &tn, &tk) == 2 && tn >= 7 && tk >= 5 && tk < tn);
  if (!opt_boards && dear) u.budget = MIN(Budget, Cube4_budget);
  /* 4^3 with Maker first in the full profile: decided by replies to each
   * opening (about 2.3 M expansions, the largest unit under a tenth of
   * that), each unit at CUBE4_FULL_BUDGET */
  if (!opt_boards && Full_profile && strcmp(spec, "4^3") == 0 && first == 0)
    u.budget = MAX(Budget, CUBE4_FULL_BUDGET), u.split2 = true;
  /* games open at the profile's budget that a larger one, or the split
   * into Breaker's replies to each opening, decides in seconds (measured
   * for issue 36: mnk:4,7,4 with Maker first 0.39 M expansions, mnk:4,8,4
   * 3.9 M and 0.77 M, torus:6,5 with Maker first 7.4 M; the oblong
   * mnk:6,8,5 and mnk:7,8,5 with Maker first 0.01 M and 1.3 M split so):
   * in the full profile each unit of theirs gets the budget and split listed */
  static const struct {
    const char *spec;
    int first;
    uint64_t budget;
    bool split2;
  } larger[] = {{"mnk:4,7,4", 0, 4000000, false}, {"mnk:4,8,4", 0, 8000000, false}, {"mnk:4,8,4", 1, 4000000, false},
                {"torus:6,5", 0, 16000000, false}, {"mnk:6,8,5", 0, 1000000, true},    {"mnk:7,8,5", 0, 4000000, true}};
  for (size_t i = 0; i < G_N_ELEMENTS(larger) && !opt_boards && Full_profile; i++)
    if (strcmp(spec, larger[i].spec) == 0 && first == larger[i].first)
      u.budget = MAX(Budget, larger[i].budget), u.split2 |= larger[i].split2;
  g_array_append_val(Units, u);
}

/* the atlas boards of a profile, Maker first and Breaker first each */
static void atlas_boards(bool full) {
  int top = full ? 8 : 6;
  for (int n = 3; n <= top; n++)
    for (int m = 3; m <= n; m++)
      for (int k = 3; k <= n; k++) {
        g_autofree char *s = g_strdup_printf("mnk:%d,%d,%d", m, n, k);
        add_unit(s, 0, 0, "MB10"), add_unit(s, 1, 0, "MB10");
      }
  const char *cubes_full[] = {"3^2", "4^2", "5^2", "6^2", "3^3", "4^3", "3^4"};
  const char *cubes_quick[] = {"3^2", "4^2", "3^3", "4^3"};
  const char **cubes = full ? cubes_full : cubes_quick;
  size_t nc = full ? G_N_ELEMENTS(cubes_full) : G_N_ELEMENTS(cubes_quick);
  for (size_t i = 0; i < nc; i++) add_unit(cubes[i], 0, 0, "MB11"), add_unit(cubes[i], 1, 0, "MB11");
  for (int n = 3; n <= (full ? 8 : 5); n++)
    for (int k = 3; k <= n; k++) {
      g_autofree char *s = g_strdup_printf("torus:%d,%d", n, k);
      add_unit(s, 0, 0, "MB12"), add_unit(s, 1, 0, "MB12");
    }
  for (int n = 1; n <= (full ? 6 : 4); n++)
    for (int k = 1; k <= n; k++) {
      g_autofree char *s = g_strdup_printf("qcube:%d,%d", n, k);
      add_unit(s, 0, 0, "MB13"), add_unit(s, 1, 0, "MB13");
    }
  /* MB15: the lattice paper's games on windows (S, then m@W); the window
   * holds a line of each direction (W >= (m-1) max|v_i| + 1) */
  const char *lat_full[] = {LATTICE_S4 ",3@3",         LATTICE_S4 ",4@6",         LATTICE_S4 ",9@16",
                            LATTICE_S4 ",12@16",       "lattice:1,0;1,2,3@5",     "lattice:1,0;1,2,5@10",
                            "lattice:1,0;1,2,6@12",    "lattice:1,0;1,4,3@9"};
  const char *lat_quick[] = {LATTICE_S4 ",3@3", "lattice:1,0;1,2,3@5", LATTICE_S4 ",9@16"};
  const char **lat = full ? lat_full : lat_quick;
  size_t nl = full ? G_N_ELEMENTS(lat_full) : G_N_ELEMENTS(lat_quick);
  for (size_t i = 0; i < nl; i++) add_unit(lat[i], 0, 0, "MB15"), add_unit(lat[i], 1, 0, "MB15");
}

/* Maker's opening classes: the least cell of each orbit of the board's
 * automorphism group (all cells when the group is not enumerated) */
static void opening_units(const char *spec) {
  MbBoard *b = bs_board_new(spec, NULL);
  MbGroup *g = mb_group_new(b->h, 5000, NULL);
  if (!g || !g->enumerated) {
    if (g) mb_group_free(g);
    g = mb_group_identity(b->ncells);
  }
  int taken = 0;
  for (uint32_t c = 0; c < b->ncells; c++) {
    bool least = true;
    for (uint32_t e = 0; e < g->order && least; e++) least = g->perm[e][c] >= c;
    if (!least || (opt_max_openings > 0 && taken++ >= opt_max_openings)) continue;
    if (!opt_probes) add_unit(spec, -1, c, "MB14");
    for (int j = 0; j < opt_probes; j++) {
      add_unit(spec, -1, c, "MB14");
      g_array_index(Units, Unit, Units->len - 1).probe = j + 1;
    }
  }
  mb_group_free(g);
  bs_board_free(b);
}

/* the budget per first move of the all_moves run: a tenth of the unit
 * budget, at least 20000 (and at most the unit budget) */
static uint64_t moves_budget(uint64_t budget) {
  return opt_moves_nodes > 0 ? (uint64_t)opt_moves_nodes : MIN(budget, MAX(budget / 10, 20000));
}

enum { SPLIT2_CELLS = 49 };

/* r's certificate (if decided) replayed by cc_check: accepted, the row
 * gets the outcome and the checker's counts (keep: a copy of the text);
 * rejected, outcome 3 (a failed check) and a line naming WHAT */
static void accept_cert(const char *spec, const MbSolveResult *r, Row *row, bool keep, const char *what) {
  if (r->outcome == MB_UNKNOWN || !r->cert) return;
  CcReport rep;
  char *why = NULL;
  if (cc_check(spec, r->cert, &rep, &why) == CC_VALID) {
    row->outcome = r->outcome, row->cert_nodes = rep.nodes, row->leaves = rep.leaves;
    if (keep) row->cert = g_strdup(r->cert);
  } else {
    fprintf(stderr, "games-atlas: %s%s: certificate rejected: %s\n", spec, what, why ? why : "?");
    row->outcome = 3;
  }
  g_free(why);
}

/* ---- --probes: one random path of the opening's split, its leaf solved ---- */
static uint64_t splitmix(uint64_t *x) {
  uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}
/* uniform in [0, n), n > 0 (rejection: no modulo bias) */
static uint32_t uniform(uint64_t *x, uint32_t n) {
  uint64_t lim = UINT64_MAX - UINT64_MAX % n, v;
  do v = splitmix(x);
  while (v >= lim);
  return (uint32_t)(v % n);
}
/* Maker's count in set e, or -1 if Breaker has a cell of it */
static int maker_in(const MbBoard *b, const MbPosition *pos, size_t e) {
  const uint32_t *c = hg_edge(b->h, e);
  int m = 0;
  for (size_t i = 0; i < hg_edge_size(b->h, e); i++) {
    if (pos->owner[c[i]] == MB_BREAKER) return -1;
    m += pos->owner[c[i]] == MB_MAKER;
  }
  return m;
}
/* the leaf's outcome is settled on the path: Maker holds a whole set, or
 * no set is free of Breaker */
static bool path_over(const MbBoard *b, const MbPosition *pos) {
  bool alive = false;
  for (size_t e = 0; e < hg_ne(b->h); e++) {
    int m = maker_in(b, pos, e);
    if (m == (int)hg_edge_size(b->h, e)) return true;
    alive |= m >= 0;
  }
  return !alive;
}
/* Breaker's greedy reply: the free cell of largest danger (least index on
 * ties); the live free cells (in a set free of Breaker) go to live[] */
static uint32_t greedy_and_live(const MbBoard *b, const MbPosition *pos, uint32_t *live, uint32_t *nlive) {
  double best = -1;
  uint32_t arg = UINT32_MAX;
  *nlive = 0;
  for (uint32_t c = 0; c < b->ncells; c++) {
    if (pos->owner[c] != MB_FREE) continue;
    const uint32_t *inc = hg_incident(b->h, c);
    double d = 0;
    bool lv = false;
    for (size_t i = 0; i < hg_degree(b->h, c); i++) {
      int m = maker_in(b, pos, inc[i]);
      if (m >= 0) d += (double)(UINT64_C(1) << m), lv = true;
    }
    if (lv) live[(*nlive)++] = c;
    if (d > best) best = d, arg = c;
  }
  return arg;
}
static void probe_unit(const Unit *u, Row *row, MbBoard *b, MbPosition *pos, MbSolveOpts *o) {
  uint64_t x = (uint64_t)opt_seed * UINT64_C(0x100000001B3) ^ g_str_hash(u->spec);
  x ^= ((uint64_t)u->opening << 32) ^ (uint64_t)u->probe;
  splitmix(&x);
  uint32_t *live = g_new(uint32_t, b->ncells);
  GString *path = g_string_new(NULL);
  row->weight = 1;
  for (int ply = 0; ply < opt_probe_depth && !path_over(b, pos); ply++) {
    bool maker = pos->nmaker == pos->nbreaker; /* Maker opened: equal counts, Maker to move */
    uint32_t nlive, g = greedy_and_live(b, pos, live, &nlive);
    uint32_t c = maker ? (nlive ? live[uniform(&x, nlive)] : UINT32_MAX) : g;
    if (c == UINT32_MAX) break;
    if (maker) row->weight *= nlive;
    mb_position_play(pos, c, maker ? MB_MAKER : MB_BREAKER);
    g_autofree char *cn = bs_cell_name(b, c);
    g_string_append_printf(path, "%s%s:%s", path->len ? "+" : "", maker ? "M" : "B", cn);
  }
  g_free(live);
  row->path = g_string_free(path, FALSE);
  o->split = 0, o->total_limit = u->budget;
  MbSolveResult r;
  g_assert_true(mb_solve(b, pos, o, &r, NULL));
  row->nodes = r.nodes;
  g_autofree char *what = g_strdup_printf(": probe %s", row->path);
  accept_cert(u->spec, &r, row, false, what);
  mb_solve_result_clear(&r);
}

/* ---- one unit ---- */
static void solve_unit(const Unit *u, Row *row) {
  memset(row, 0, sizeof *row);
  gint64 t0 = g_get_monotonic_time();
  MbBoard *b = bs_board_new(u->spec, NULL);
  MbPosition pos;
  mb_position_init(&pos, b->ncells);
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  o.threads = 1, o.node_limit = u->budget, o.self_check = false, o.memory = (uint64_t)opt_memory_mb << 20;
  /* units: Breaker's reply classes to each opening (split 2, the solver's
   * default) where there are few of them: boards of at most SPLIT2_CELLS
   * cells other than the oblong mnk boards (mnk:7,7,5 needs 4 times fewer
   * expansions so); elsewhere a unit is a first move, so that an undecided
   * board costs at most (first-move classes) x budget */
  int m = 0, n = 0, k = 0;
  bool oblong = sscanf(u->spec, "mnk:%d,%d,%d", &m, &n, &k) == 3 && m != n;
  o.split = (b->ncells <= SPLIT2_CELLS && !oblong) || u->split2 ? 0 : 1;
  if (u->first < 0) mb_position_play(&pos, u->opening, MB_MAKER);
  else o.breaker_first = u->first == 1;
  if (u->probe) {
    probe_unit(u, row, b, &pos, &o);
    mb_position_clear(&pos);
    bs_board_free(b);
    row->ms = (uint64_t)((g_get_monotonic_time() - t0) / 1000);
    return;
  }
  MbSolveResult r;
  g_assert_true(mb_solve(b, &pos, &o, &r, NULL));
  row->nodes = r.nodes;
  accept_cert(u->spec, &r, row, true, "");
  /* --openings: Breaker's winning reply (the first reply unit Breaker wins) */
  if (u->first < 0 && row->outcome == MB_BREAKER_WINS)
    for (uint32_t i = 0; i < r.nunits && !row->reply; i++)
      if (r.units[i].outcome == MB_BREAKER_WINS) row->reply = g_strdup(r.units[i].move);
  /* --openings: each needed reply class's outcome and expansions (the
   * units of the cost estimate; a skipped one was not needed) */
  if (u->first < 0 && !r.root_leaf) {
    GString *rs = g_string_new(NULL);
    for (uint32_t i = 0; i < r.nunits; i++)
      if (!r.units[i].skipped)
        g_string_append_printf(rs, "%s %d %llu\n", r.units[i].move, (int)r.units[i].outcome,
                               (unsigned long long)r.units[i].nodes);
    row->replies = g_string_free(rs, FALSE);
  }
  /* the first player won: every first move, up to symmetry */
  MbOutcome mine = u->first == 1 ? MB_BREAKER_WINS : MB_MAKER_WINS;
  /* Each decided first move has its own certificate (the position after
   * it, the other side to move; unit_certs), replayed by cc_check here: a
   * class is listed as winning only if its certificate is accepted, and a
   * rejected one fails the run as a rejected main certificate does. */
  if (u->first >= 0 && row->outcome == (uint64_t)mine && !r.root_leaf) {
    MbSolveResult a;
    o.all_moves = true, o.want_cert = true, o.unit_certs = true, o.node_limit = moves_budget(u->budget);
    g_assert_true(mb_solve(b, &pos, &o, &a, NULL));
    GString *w = g_string_new(NULL), *op = g_string_new(NULL);
    row->move_certs = g_ptr_array_new_with_free_func(g_free);
    for (uint32_t i = 0; i < a.nunits; i++) {
      MbOutcome got = a.units[i].outcome;
      if (got != MB_UNKNOWN) {
        CcReport rep;
        char *why = NULL;
        if (a.units[i].cert && cc_check(u->spec, a.units[i].cert, &rep, &why) == CC_VALID) {
          row->moves_checked++, row->moves_leaves += rep.leaves;
          g_ptr_array_add(row->move_certs, g_strdup(a.units[i].move));
          g_ptr_array_add(row->move_certs, g_strdup(a.units[i].cert));
        } else {
          fprintf(stderr, "games-atlas: %s: first move %s: certificate rejected: %s\n", u->spec, a.units[i].move,
                  why ? why : "none written");
          row->outcome = 3, got = MB_UNKNOWN;
        }
        g_free(why);
      }
      if (got == mine) g_string_append_printf(w, "%s%s", w->len ? "+" : "", a.units[i].move);
      if (got == MB_UNKNOWN) g_string_append_printf(op, "%s%s", op->len ? "+" : "", a.units[i].move);
    }
    row->classes = a.nunits, row->moves_nodes = a.nodes;
    row->winning = g_string_free(w, FALSE);
    row->open_moves = g_string_free(op, FALSE);
    mb_solve_result_clear(&a);
  }
  mb_solve_result_clear(&r);
  mb_position_clear(&pos);
  bs_board_free(b);
  row->ms = (uint64_t)((g_get_monotonic_time() - t0) / 1000);
}

static void pack_str(GByteArray *out, const char *s) { ckpt_pack_bytes(out, s ? s : "", s ? strlen(s) : 0); }
static void row_clear(Row *row);

static void compute(size_t i, int worker, GByteArray *out, void *ctx) {
  (void)worker, (void)ctx;
  Row row;
  solve_unit(&g_array_index(Units, Unit, i), &row);
  uint64_t v[] = {row.outcome,     row.nodes, row.cert_nodes,    row.leaves,       row.classes,
                  row.moves_nodes, row.ms,    row.moves_checked, row.moves_leaves, row.weight};
  for (size_t k = 0; k < G_N_ELEMENTS(v); k++) ckpt_pack_u64(out, v[k]);
  pack_str(out, row.winning), pack_str(out, row.open_moves), pack_str(out, row.reply), pack_str(out, row.cert);
  pack_str(out, row.replies), pack_str(out, row.path);
  uint64_t nmc = row.move_certs ? row.move_certs->len : 0;
  ckpt_pack_u64(out, nmc);
  for (uint64_t k = 0; k < nmc; k++) pack_str(out, g_ptr_array_index(row.move_certs, k));
  row_clear(&row);
}

static void row_clear(Row *row) {
  g_free(row->winning), g_free(row->open_moves), g_free(row->reply), g_free(row->cert), g_free(row->replies);
  g_free(row->path);
  row->winning = row->open_moves = row->reply = row->cert = row->replies = row->path = NULL;
  if (row->move_certs) g_ptr_array_free(row->move_certs, TRUE);
  row->move_certs = NULL;
}
static char *unpack_str(CkptReader *rd) {
  size_t len;
  const uint8_t *p = ckpt_unpack_bytes(rd, &len);
  return len ? g_strndup((const char *)p, len) : NULL;
}
static bool decode(const void *data, size_t len, Row *row) {
  CkptReader rd;
  ckpt_reader_init(&rd, data, len);
  memset(row, 0, sizeof *row);
  uint64_t *v[] = {&row->outcome,     &row->nodes, &row->cert_nodes,    &row->leaves,       &row->classes,
                   &row->moves_nodes, &row->ms,    &row->moves_checked, &row->moves_leaves, &row->weight};
  for (size_t k = 0; k < G_N_ELEMENTS(v); k++) *v[k] = ckpt_unpack_u64(&rd);
  row->winning = unpack_str(&rd), row->open_moves = unpack_str(&rd), row->reply = unpack_str(&rd),
  row->cert = unpack_str(&rd), row->replies = unpack_str(&rd), row->path = unpack_str(&rd);
  uint64_t nmc = ckpt_unpack_u64(&rd);
  bool ok = nmc % 2 == 0 && nmc <= 2 * (uint64_t)MB_SOLVE_MAX_CELLS;
  row->move_certs = g_ptr_array_new_with_free_func(g_free);
  for (uint64_t k = 0; ok && k < nmc; k++) {
    char *x = unpack_str(&rd);
    g_ptr_array_add(row->move_certs, x ? x : g_strdup(""));
  }
  ok = ok && ckpt_reader_done(&rd) && row->outcome <= 3;
  if (!ok) row_clear(row);
  return ok;
}
static bool check(size_t i, const void *data, size_t len, void *ctx) {
  (void)i, (void)ctx;
  Row row;
  if (!decode(data, len, &row)) return false;
  row_clear(&row);
  return true;
}

/* ---- output ---- */
static char *file_tag(const char *spec) {
  char *t = g_strdup(spec);
  for (char *c = t; *c; c++)
    if (strchr("^:,;@+", *c)) *c = '_'; /* ('+' only in the lines' names: mk/atlas-lines.sh's tag) */
  return t;
}

static const char *word(const Row *row, uint64_t budget, char *buf, size_t n) {
  if (row->outcome == MB_MAKER_WINS) return "maker";
  if (row->outcome == MB_BREAKER_WINS) return "breaker";
  if (row->outcome == 3) return "rejected";
  snprintf(buf, n, "open@%llu", (unsigned long long)budget);
  return buf;
}

static void spread_sort(GArray *v) {
  uint64_t *a = (uint64_t *)v->data;
  for (guint i = 1; i < v->len; i++)
    for (guint j = i; j > 0 && a[j - 1] > a[j]; j--) {
      uint64_t x = a[j];
      a[j] = a[j - 1], a[j - 1] = x;
    }
}
/* MB14 rows WHAT_sample, WHAT_nodes_min, _median, _max of the values v */
static void spread(ResultWriter *w, const char *what, GArray *v) {
  spread_sort(v);
  uint64_t *a = (uint64_t *)v->data;
  g_autofree char *k0 = g_strdup_printf("%s_sample", what), *k1 = g_strdup_printf("%s_nodes_min", what),
                  *k2 = g_strdup_printf("%s_nodes_median", what), *k3 = g_strdup_printf("%s_nodes_max", what);
  rw_int(w, "MB14", k0, v->len);
  if (!v->len) return;
  rw_int(w, "MB14", k1, (int64_t)a[0]);
  rw_int(w, "MB14", k2, (int64_t)a[v->len / 2]);
  rw_int(w, "MB14", k3, (int64_t)a[v->len - 1]);
}

/* a unit's row key: BOARD/FIRST, or BOARD/oOPENING for --openings */
static char *unit_key(const Unit *u) {
  if (u->first >= 0) return g_strdup_printf("%s/%s", u->spec, u->first ? "breaker" : "maker");
  MbBoard *b = bs_board_new(u->spec, NULL);
  g_autofree char *cn = bs_cell_name(b, u->opening);
  bs_board_free(b);
  return g_strdup_printf("%s/o%s", u->spec, cn);
}

/* ---- --lines DIR: boards decided by stored lines of play ----
 * The rows of mk/atlas-lines.sh (DIR/lines.tsv) name lines of play
 * BOARD@M:x,y+B:u,v and their outcomes; each decided line's certificate is
 * DIR/lines/TAG.cert.xz, or TAG.cert as a campaign writes it (TAG: the
 * line with ^ : , ; @ + as _).  An mnk
 * board that this run leaves open is decided for Breaker, with either side
 * first, when (1) every class of Maker's first move under the rectangle's
 * symmetries (its reflections, and on a square the transpositions: the
 * dihedral group D4 of order 8; the orbits computed here from the
 * coordinates, not by bliss) holds the first Maker move of a line whose
 * row says Breaker wins (a line of Maker's opening alone, or of it and
 * Breaker's reply), and (2) that line's certificate, decompressed by
 * xz, is for this board and exactly this line's position, Maker first,
 * and is accepted by cc_check as a Breaker win.  Maker first:
 * whatever Maker opens, a symmetry maps it to a line's opening, and
 * Breaker plays the image of that line (its reply, then its tree).
 * Breaker first: an extra Breaker cell never helps Maker (the report's
 * extra-move lemma), so Breaker ignores his first cell.  Returns the
 * number of certificates accepted (0: not decided; -1: a certificate was
 * rejected, a failed check) and the orbits' count in *classes. */
static int lines_decide_once(const char *dir, const char *spec, uint64_t *leaves, int *classes);
/* the same, each board's lines checked once per run (its two rows ask) */
typedef struct {
  int certs, classes;
  uint64_t leaves;
} LinesVerdict;
static int cube_lines_decide(const char *dir, const char *spec, uint64_t *leaves, int *classes);
static int opening_line_decide(const char *dir, const char *spec, uint64_t *leaves, int *classes);
static GHashTable *Lines_done; /* spec "/" first player (0 on mnk boards) -> LinesVerdict */
/* first: 0 Maker first, 1 Breaker first; *winner: the side the lines prove wins */
static int lines_decide(const char *dir, const char *spec, int first, uint64_t *leaves, int *classes, int *winner) {
  bool cube = !g_str_has_prefix(spec, "mnk:"); /* n^d or torus */
  *leaves = 0, *classes = 0, *winner = cube ? MB_MAKER_WINS : MB_BREAKER_WINS;
  /* cube lines: Maker wins with Breaker first (B:b+M:m), or with Maker
   * first (her opening M:m alone) */
  if (!Lines_done) Lines_done = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *vkey = g_strdup_printf("%s/%d", spec, cube ? first : 0);
  LinesVerdict *v = g_hash_table_lookup(Lines_done, vkey);
  if (!v) {
    v = g_new0(LinesVerdict, 1);
    v->certs = cube ? (first == 1 ? cube_lines_decide(dir, spec, &v->leaves, &v->classes)
                                  : opening_line_decide(dir, spec, &v->leaves, &v->classes))
                    : lines_decide_once(dir, spec, &v->leaves, &v->classes);
    g_hash_table_insert(Lines_done, g_strdup(vkey), v);
  }
  *leaves = v->leaves, *classes = v->classes;
  return v->certs;
}

/* the decompressed certificate DIR/lines/TAG.cert.xz (or TAG.cert) of the
 * line SPEC@MOVES; NULL with a message on stderr */
static char *line_cert(const char *dir, const char *spec, const char *mv) {
  g_autofree char *line = g_strdup_printf("%s@%s", spec, mv);
  g_autofree char *tag = file_tag(line);
  g_autofree char *name = g_strdup_printf("%s.cert.xz", tag), *plain = g_strdup_printf("%s.cert", tag);
  g_autofree char *path = g_build_filename(dir, "lines", name, NULL);
  g_autofree char *ppath = g_build_filename(dir, "lines", plain, NULL);
  char *argv[] = {"xz", "-dc", "--", path, NULL};
  char *cert = NULL;
  gint status = 0;
  bool got = g_file_test(path, G_FILE_TEST_EXISTS)
                 ? g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &cert,
                                NULL, &status, NULL) && g_spawn_check_wait_status(status, NULL)
                 : g_file_get_contents(ppath, &cert, NULL, NULL); /* (uncompressed: a fresh campaign's) */
  if (!got) {
    fprintf(stderr, "games-atlas: %s: the line %s has no readable certificate %s\n", spec, mv, path);
    g_clear_pointer(&cert, g_free);
  }
  return cert;
}

/* cc_check of a line's certificate: this board, exactly this position
 * (moves "A+B" as "A B"), the winner and the first player wanted; NULL if
 * accepted, else why (g_free) */
static char *line_judge(const char *spec, const char *mv, const char *cert, const char *winner, const char *first,
                        CcReport *rep) {
  g_autofree char *want_b = g_strdup_printf("\nboard %s\n", spec), *want_m = g_strdup_printf("\nmoves %s\n", mv);
  for (char *c = want_m; *c; c++)
    if (*c == '+') *c = ' ';
  char *why = NULL;
  if (!strstr(cert, want_b) || !strstr(cert, want_m)) return g_strdup("not this board and line");
  if (cc_check(spec, cert, rep, &why) != CC_VALID) return why;
  if (strcmp(rep->result, winner) != 0 || strcmp(rep->first, first) != 0)
    return g_strdup_printf("not a %s win with %s first", winner, first);
  return NULL;
}

/* the MOVES of the rows SPEC/line/MOVES/outcome of DIR/lines.tsv whose
 * value is WINNER ("maker" or "breaker"), in the file's order; empty if DIR
 * is NULL or has no readable lines.tsv.  Free with g_strfreev. */
static GStrv line_moves(const char *dir, const char *spec, const char *winner) {
  GPtrArray *mvs = g_ptr_array_new();
  g_autofree char *tsvp = dir ? g_build_filename(dir, "lines.tsv", NULL) : NULL;
  g_autofree char *tsv = NULL;
  if (tsvp && g_file_get_contents(tsvp, &tsv, NULL, NULL)) {
    g_auto(GStrv) rows = g_strsplit(tsv, "\n", -1);
    g_autofree char *pre = g_strdup_printf("%s/line/", spec);
    for (gchar **r = rows; *r; r++) {
      g_auto(GStrv) f = g_strsplit(*r, "\t", -1);
      /* (a row with no MOVES, "SPEC/line/outcome", is no line: it crashed here) */
      if (g_strv_length(f) == 3 && g_str_has_prefix(f[1], pre) && g_str_has_suffix(f[1], "/outcome") &&
          strlen(f[1]) > strlen(pre) + strlen("/outcome") && strcmp(f[2], winner) == 0)
        g_ptr_array_add(mvs, g_strndup(f[1] + strlen(pre), strlen(f[1]) - strlen(pre) - strlen("/outcome")));
    }
  }
  g_ptr_array_add(mvs, NULL);
  return (GStrv)g_ptr_array_free(mvs, FALSE);
}

/* n^d boards and tori, Breaker first: decided for Maker when every class of
 * Breaker's first cell holds the first (Breaker) move of a line B:b+M:m
 * whose row says Maker wins and whose certificate is this board, this
 * position, Breaker first, a Maker win.  Whatever Breaker opens, a
 * symmetry g maps a line's b onto it; Maker answers g(m) and plays the
 * image of the line's tree.  The classes are the orbits of the group
 * generated here from the coordinates: the coordinate permutations and
 * reflections (each maps lines to lines), and every permutation p of
 * 1..n commuting with the reflection i -> n+1-i and applied to every
 * coordinate at once that maps every winning set of the board (as the
 * checker enumerates it: bs_board_new) onto a winning set (for n = 4,
 * Qubic's inside-out map 1<->2, 3<->4).  On torus:N,K the generators are
 * the two cyclic translations (every window wraps, so each maps windows
 * to windows): one class.  Returns as lines_decide_once. */
static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}
/* n^d boards and tori, Maker first: decided for Maker by one line M:m, her
 * opening alone, whose row says Maker wins and whose certificate is this
 * board, exactly this position (Breaker to move), Maker first, a Maker win:
 * Maker opens on m and plays the tree.  No symmetry is needed (Maker
 * chooses her opening).  Returns as lines_decide_once (*classes: 1). */
static int opening_line_decide(const char *dir, const char *spec, uint64_t *leaves, int *classes) {
  *leaves = 0, *classes = 0;
  g_auto(GStrv) mvs = line_moves(dir, spec, "maker");
  for (char **m = mvs; *m; m++) {
    const char *mv = *m;
    if (!g_str_has_prefix(mv, "M:") || strchr(mv, '+')) continue; /* exactly Maker's opening */
    g_autofree char *cert = line_cert(dir, spec, mv);
    CcReport rep;
    g_autofree char *why = cert ? line_judge(spec, mv, cert, "maker", "maker", &rep) : NULL;
    if (!cert || why) {
      if (why) fprintf(stderr, "games-atlas: %s: the certificate of the line %s is rejected: %s\n", spec, mv, why);
      return -1;
    }
    *leaves = rep.leaves, *classes = 1;
    return 1;
  }
  return 0;
}
static int cube_lines_decide(const char *dir, const char *spec, uint64_t *leaves, int *classes) {
  int n, d;
  char tail;
  *leaves = 0, *classes = 0;
  int kk, lo = 1; /* the cells' first coordinate: 1 on n^d, 0 on the torus */
  bool torus = sscanf(spec, "torus:%d,%d%c", &n, &kk, &tail) == 2;
  if (torus) d = 2, lo = 0;
  else if (sscanf(spec, "%d^%d%c", &n, &d, &tail) != 2) return 0;
  if (!dir || n < 2 || n > (torus ? 16 : 8) || d < 1 || d > 4) return 0;
  int ncell = 1;
  for (int i = 0; i < d; i++) ncell *= n;
  /* cell index: coordinates 1..n, first coordinate fastest */
#define CIDX(x) ({ int _c = 0; for (int _i = d - 1; _i >= 0; _i--) _c = _c * n + (x)[_i] - lo; _c; })
  g_autofree bool *answered = g_new0(bool, ncell);
  g_auto(GStrv) mvs = line_moves(dir, spec, "maker");
  int ok = 0;
  for (char **m = mvs; *m; m++) {
    const char *mv = *m;
    /* exactly B:CELL+M:CELL */
    g_auto(GStrv) two = g_strsplit(mv, "+", -1);
    if (g_strv_length(two) != 2 || !g_str_has_prefix(two[0], "B:") || !g_str_has_prefix(two[1], "M:")) continue;
    int x[4], k = 0;
    bool good = true;
    g_auto(GStrv) co = g_strsplit(two[0] + 2, ",", -1);
    for (; co[k] && k < 4; k++) good &= sscanf(co[k], "%d%c", &x[k], &tail) == 1 && x[k] >= lo && x[k] < lo + n;
    if (!good || k != d || co[k]) continue;
    g_autofree char *cert = line_cert(dir, spec, mv);
    CcReport rep;
    g_autofree char *why = cert ? line_judge(spec, mv, cert, "maker", "breaker", &rep) : NULL;
    if (!cert || why) {
      if (why) fprintf(stderr, "games-atlas: %s: the certificate of the line %s is rejected: %s\n", spec, mv, why);
      ok = -1;
      break;
    }
    answered[CIDX(x)] = true;
    *leaves += rep.leaves;
    ok++;
  }
  if (ok <= 0) return ok;
  /* the generators, as maps of the cells */
  GPtrArray *gens = g_ptr_array_new_with_free_func(g_free);
  int x[4], y[4];
  for (int j = 0; j < d; j++) { /* j < d - 1: swap coordinates j, j+1; j = d - 1: reflect coordinate 0
                                  (the torus: j translates coordinate j by one, cyclically) */
    int *m = g_new(int, ncell);
    for (int c = 0; c < ncell; c++) {
      for (int i = 0, r = c; i < d; i++, r /= n) x[i] = r % n + lo;
      memcpy(y, x, sizeof x);
      if (torus) y[j] = (x[j] + 1) % n;
      else if (j < d - 1) y[j] = x[j + 1], y[j + 1] = x[j];
      else y[0] = n + 1 - x[0];
      m[c] = CIDX(y);
    }
    g_ptr_array_add(gens, m);
  }
  MbBoard *b = torus ? NULL : bs_board_new(spec, NULL);
  if (b && (int)b->ncells == ncell) {
    /* the board's sets by their sorted cells; a cell's coordinates from its name */
    GHashTable *sets = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    int *of = g_new(int, ncell); /* board cell -> index here */
    bool named = true;
    for (uint32_t c = 0; c < b->ncells && named; c++) {
      g_autofree char *nm = bs_cell_name(b, c);
      g_auto(GStrv) co = g_strsplit(nm, ",", -1);
      int k = 0;
      for (; co[k] && k < 4; k++) named &= sscanf(co[k], "%d%c", &x[k], &tail) == 1 && x[k] >= 1 && x[k] <= n;
      named &= k == d && !co[k];
      if (named) of[c] = CIDX(x);
    }
    int perm[8];
    for (int i = 0; i < n; i++) perm[i] = i + 1;
    /* every permutation p of 1..n but the identity, in lexicographic order */
    for (;;) {
      int i = n - 2;
      while (i >= 0 && perm[i] >= perm[i + 1]) i--;
      if (i < 0 || !named) break;
      int j = n - 1;
      while (perm[j] <= perm[i]) j--;
      int t = perm[i]; perm[i] = perm[j], perm[j] = t;
      for (int a = i + 1, z = n - 1; a < z; a++, z--) t = perm[a], perm[a] = perm[z], perm[z] = t;
      bool commutes = true;
      for (int v = 1; v <= n; v++) commutes &= perm[n - v] == n + 1 - perm[v - 1];
      if (!commutes) continue;
      if (g_hash_table_size(sets) == 0)
        for (size_t e = 0; e < hg_ne(b->h); e++) {
          size_t k = hg_edge_size(b->h, e);
          g_autofree int *cs = g_new(int, k);
          for (size_t q = 0; q < k; q++) cs[q] = of[hg_edge(b->h, e)[q]];
          qsort(cs, k, sizeof(int), cmp_int);
          GString *key = g_string_new(NULL);
          for (size_t q = 0; q < k; q++) g_string_append_printf(key, "%d,", cs[q]);
          g_hash_table_add(sets, g_string_free(key, FALSE));
        }
      int *m = g_new(int, ncell);
      for (int c = 0; c < ncell; c++) {
        for (int a = 0, r = c; a < d; a++, r /= n) y[a] = perm[r % n];
        m[c] = CIDX(y);
      }
      bool aut = true;
      for (size_t e = 0; e < hg_ne(b->h) && aut; e++) {
        size_t k = hg_edge_size(b->h, e);
        g_autofree int *cs = g_new(int, k);
        for (size_t q = 0; q < k; q++) cs[q] = m[of[hg_edge(b->h, e)[q]]];
        qsort(cs, k, sizeof(int), cmp_int);
        GString *key = g_string_new(NULL);
        for (size_t q = 0; q < k; q++) g_string_append_printf(key, "%d,", cs[q]);
        aut = g_hash_table_contains(sets, key->str);
        g_string_free(key, TRUE);
      }
      if (aut) g_ptr_array_add(gens, m);
      else g_free(m);
    }
    g_free(of);
    g_hash_table_destroy(sets);
  }
  if (b) bs_board_free(b);
  /* the orbits: a search from each unseen cell along the generators */
  g_autofree int *orbit = g_new(int, ncell), *queue = g_new(int, ncell);
  for (int c = 0; c < ncell; c++) orbit[c] = -1;
  bool all = true;
  for (int c = 0; c < ncell; c++) {
    if (orbit[c] >= 0) continue;
    int head = 0, tailq = 0;
    bool cov = false;
    orbit[c] = *classes, queue[tailq++] = c;
    while (head < tailq) {
      int u = queue[head++];
      cov |= answered[u];
      for (guint gi = 0; gi < gens->len; gi++) {
        int v = ((int *)g_ptr_array_index(gens, gi))[u];
        if (orbit[v] < 0) orbit[v] = *classes, queue[tailq++] = v;
      }
    }
    ++*classes;
    all &= cov;
  }
#undef CIDX
  g_ptr_array_free(gens, TRUE);
  return all ? ok : 0;
}
static int lines_decide_once(const char *dir, const char *spec, uint64_t *leaves, int *classes) {
  int M, N, K;
  char tail;
  *leaves = 0, *classes = 0;
  if (!dir || sscanf(spec, "mnk:%d,%d,%d%c", &M, &N, &K, &tail) != 3 || M < 1 || N < 1 || M > 16 || N > 16) return 0;
  bool open1[17][17] = {{false}}; /* first Maker cells of lines Breaker wins (rows) */
  g_auto(GStrv) mvs = line_moves(dir, spec, "breaker");
  int ok = 0;
  for (char **m = mvs; *m; m++) {
    const char *mv = *m;
    /* only Maker's opening, or it and one reply of Breaker: a Breaker win
     * after more moves would not refute the opening */
    int x, y, u, v, end = 0, end2 = 0;
    if (sscanf(mv, "M:%d,%d%n", &x, &y, &end) != 2 || x < 1 || y < 1 || x > M || y > N) continue;
    if (mv[end] && (sscanf(mv + end, "+B:%d,%d%n", &u, &v, &end2) != 2 || mv[end + end2])) continue;
    /* its certificate: this board, this position, Breaker wins */
    g_autofree char *cert = line_cert(dir, spec, mv);
    CcReport rep;
    g_autofree char *why = cert ? line_judge(spec, mv, cert, "breaker", "maker", &rep) : NULL;
    if (!cert || why) {
      if (why) fprintf(stderr, "games-atlas: %s: the certificate of the line %s is rejected: %s\n", spec, mv, why);
      ok = -1;
      break;
    }
    open1[x][y] = true;
    *leaves += rep.leaves;
    ok++;
  }
  if (ok <= 0) return ok;
  /* the orbits of the cells under the rectangle's symmetries */
  bool seen[17][17] = {{false}};
  for (int x = 1; x <= M; x++)
    for (int y = 1; y <= N; y++) {
      if (seen[x][y]) continue;
      int im[8][2] = {{x, y}, {M + 1 - x, y}, {x, N + 1 - y}, {M + 1 - x, N + 1 - y},
                      {y, x}, {N + 1 - y, x}, {y, M + 1 - x}, {N + 1 - y, M + 1 - x}};
      int nim = M == N ? 8 : 4;
      bool cov = false;
      for (int k = 0; k < nim; k++) seen[im[k][0]][im[k][1]] = true, cov |= open1[im[k][0]][im[k][1]];
      ++*classes;
      if (!cov) return 0;
    }
  return ok;
}

/* per claim: boards (with both sides), decided and open rows */
typedef struct {
  int64_t rows, decided, open;
} Tally;

/* Maker's speed on a board she wins (KEY/speed): the bounded game for
 * N = 0, 1, ... until she wins within N; every certificate is replayed by
 * the bounded game's own checker.  Returns N, or -1 (open at the budget) or
 * -2 (a certificate rejected: an internal error). */
enum { Speed_cells = 27 };
/* ---- monotonicity: outcomes that follow from other outcomes ----
 * Lemma.  (a) Let H and H' be games on the same cells such that every
 * winning set of H' contains one of H (hg_refines(H', H): a K'-window of
 * a torus or an mnk board contains a K-window for K <= K', a K'-subcube
 * of Q_N a K-subcube).  A Maker strategy that wins H' wins H, and a
 * Breaker strategy that wins H wins H', with the same side first.  (b) An
 * extra move never hurts its owner: Maker winning with Breaker first wins
 * with Maker first (she ignores her first cell, the extra-move lemma), and
 * Breaker winning with Maker first wins with Breaker first.  So a decided
 * row (H', first') with Maker winning decides (H, first) for Maker when H'
 * refines H and Maker is not worse off in first than in first' (first is
 * Maker, or first = first'); Breaker winning (H, first) decides (H',
 * first') when H' refines H and Breaker is not worse off.  monotone()
 * applies this to every pair of this run's atlas rows on the same cells
 * (the same cell names, in the same order; the containment checked by
 * enumerating both boards' sets, never assumed from the specs): an open
 * row that follows from a decided one (decided by its own certificate or
 * by its lines) is decided "implied" by it (der[j], from[j]); a decided
 * row that follows is a check of both (*checked), and a contradiction is
 * a failure (false, with the pair on stderr). */
typedef struct {
  GHashTable *boards;  /* spec -> MbBoard */
  GHashTable *refines; /* "A|B" -> 1 + refines(A, B) */
} Mono;

/* if unit i is won by win (MB_MAKER_WINS or MB_BREAKER_WINS), does the
 * lemma give unit j the same winner? */
static bool follows(Mono *mo, size_t i, uint64_t win, size_t j) {
  const Unit *ui = &g_array_index(Units, Unit, i), *uj = &g_array_index(Units, Unit, j);
  if (j == i || ui->first < 0 || ui->probe || uj->first < 0 || uj->probe) return false;
  const MbBoard *bi = g_hash_table_lookup(mo->boards, ui->spec), *bj = g_hash_table_lookup(mo->boards, uj->spec);
  if (!bi || !bj || bi->ncells != bj->ncells) return false;
  /* Maker first is 1 for Maker, 0 for Breaker: her advantage */
  int ai = ui->first == 0, aj = uj->first == 0;
  bool maker = win == MB_MAKER_WINS;
  if (maker ? aj < ai : aj > ai) return false;
  /* Maker wins i: does i refine j?  Breaker wins i: does j refine i? */
  const MbBoard *fine = maker ? bi : bj, *coarse = maker ? bj : bi;
  g_autofree char *pk = g_strdup_printf("%s|%s", fine->name, coarse->name);
  uintptr_t r = (uintptr_t)g_hash_table_lookup(mo->refines, pk);
  if (!r) {
    bool same = true;
    for (uint32_t c = 0; c < fine->ncells && same; c++) {
      g_autofree char *x = bs_cell_name(fine, c), *y = bs_cell_name(coarse, c);
      same = strcmp(x, y) == 0;
    }
    r = 1 + (same && hg_refines(fine->h, coarse->h));
    g_hash_table_insert(mo->refines, g_strdup(pk), (gpointer)r);
  }
  return r == 2;
}

/* monotone() also says, for each row still open, how many other open rows
 * a Maker win (lev[2 j]) or a Breaker win (lev[2 j + 1]) of it would decide:
 * which open game to attack first */
static bool monotone(const uint64_t *fin, uint64_t *der, int64_t *from, uint64_t *checked, uint64_t *lev) {
  size_t nu = Units->len;
  Mono mo = {g_hash_table_new_full(g_str_hash, g_str_equal, NULL, (GDestroyNotify)bs_board_free),
             g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL)};
  for (size_t i = 0; i < nu; i++) {
    const Unit *u = &g_array_index(Units, Unit, i);
    der[i] = 0, from[i] = -1, lev[2 * i] = lev[2 * i + 1] = 0;
    if (u->first >= 0 && !u->probe && !g_hash_table_contains(mo.boards, u->spec))
      g_hash_table_insert(mo.boards, u->spec, bs_board_new(u->spec, NULL));
  }
  bool ok = true;
  for (size_t i = 0; i < nu; i++) {
    if (fin[i] != MB_MAKER_WINS && fin[i] != MB_BREAKER_WINS) continue;
    for (size_t j = 0; j < nu; j++) {
      if (fin[j] == 3 || !follows(&mo, i, fin[i], j)) continue;
      bool decided = fin[j] == MB_MAKER_WINS || fin[j] == MB_BREAKER_WINS;
      if (decided ? fin[j] != fin[i] : der[j] && der[j] != fin[i]) { /* a contradiction */
        g_autofree char *ki = unit_key(&g_array_index(Units, Unit, i)), *kj = unit_key(&g_array_index(Units, Unit, j));
        fprintf(stderr, "games-atlas: %s (%s wins) implies %s, %s: a contradiction\n", ki,
                fin[i] == MB_MAKER_WINS ? "Maker" : "Breaker", kj,
                decided ? "decided for the other side" : "which another row implies for the other side");
        ok = false;
      } else if (decided)
        checked[atoi(g_array_index(Units, Unit, j).claim + 2) - 10]++;
      else if (!der[j])
        der[j] = fin[i], from[j] = (int64_t)i;
    }
  }
  for (size_t i = 0; i < nu; i++) {
    if (fin[i] || der[i]) continue; /* only open rows, counting open rows */
    for (size_t j = 0; j < nu; j++)
      if (!fin[j] && !der[j])
        lev[2 * i] += follows(&mo, i, MB_MAKER_WINS, j), lev[2 * i + 1] += follows(&mo, i, MB_BREAKER_WINS, j);
  }
  g_hash_table_destroy(mo.refines);
  g_hash_table_destroy(mo.boards);
  return ok;
}

static const uint64_t Speed_budget = 1000000;
static int64_t maker_speed(const char *spec, bool maker_first, uint64_t *nodes) {
  MbBoard *b = bs_board_new(spec, NULL);
  MbPosition pos;
  mb_position_parse(b, NULL, &pos, NULL);
  int64_t res = -1;
  *nodes = 0;
  for (uint32_t n = 0; n <= bd_max_moves(b, &pos, maker_first); n++) {
    BdOpts o;
    bd_opts_default(&o);
    o.maker_moves = n, o.maker_to_move = maker_first, o.node_limit = Speed_budget, o.want_cert = true;
    BdResult r;
    if (!bd_solve(b, &pos, &o, &r, NULL)) {
      res = -2;
      break;
    }
    *nodes += r.nodes;
    if (r.outcome == MB_UNKNOWN) {
      bd_result_clear(&r);
      break;
    }
    char *why = NULL;
    BcReport rep;
    CcResult cr = bc_check(b->name, r.cert, &rep, &why);
    bc_report_clear(&rep);
    g_free(why);
    MbOutcome oc = r.outcome;
    bd_result_clear(&r);
    if (cr != CC_VALID) {
      res = -2;
      break;
    }
    if (oc == MB_MAKER_WINS) {
      res = n;
      break;
    }
  }
  mb_position_clear(&pos);
  bs_board_free(b);
  return res;
}

/* unit i's row, as compute() packed it */
static void unit_row(const CampaignResult *cr, size_t i, Row *row) {
  size_t len;
  const void *d = campaign_unit(cr, i, &len);
  g_assert_true(decode(d, len, row));
}

int main(int argc, char **argv) {
  GOptionEntry own[] = {
      {"nodes", 0, 0, G_OPTION_ARG_INT64, &opt_nodes, "node budget per solver unit (default 20000)", "N"},
      {"board", 0, 0, G_OPTION_ARG_STRING_ARRAY, &opt_boards, "solve this board instead of the profile's list (repeatable)", "SPEC"},
      {"openings", 0, 0, G_OPTION_ARG_NONE, &opt_openings, "split each --board into Maker's opening classes (MB14)", NULL},
      {"probes", 0, 0, G_OPTION_ARG_INT, &opt_probes, "with --openings: estimate each opening's cost by N random paths of its split (Knuth's estimator) instead of solving it", "N"},
      {"probe-depth", 0, 0, G_OPTION_ARG_INT, &opt_probe_depth, "with --probes: the split's depth in plies after the opening, 1..12 (default 4)", "D"},
      {"seed", 0, 0, G_OPTION_ARG_INT64, &opt_seed, "with --probes: the random paths' seed (default 1)", "S"},
      {"max-openings", 0, 0, G_OPTION_ARG_INT, &opt_max_openings, "with --openings: only the first N opening classes of each board (a sample for the cost estimate; default all)", "N"},
      {"certs", 0, 0, G_OPTION_ARG_FILENAME, &opt_certs, "write the accepted certificates to DIR", "DIR"},
      {"figdata", 0, 0, G_OPTION_ARG_FILENAME, &opt_figdata, "write the figure data to PREFIX-grid.dat and PREFIX-moves.dat", "PREFIX"},
      {"moves-board", 0, 0, G_OPTION_ARG_STRING, &opt_moves_board, "the board whose winning first moves PREFIX-moves.dat draws (default mnk:5,5,4)", "SPEC"},
      {"moves-nodes", 0, 0, G_OPTION_ARG_INT64, &opt_moves_nodes, "node budget per first move of the all-moves run (default a tenth of --nodes, at least 20000)", "N"},
      {"memory-mb", 0, 0, G_OPTION_ARG_INT64, &opt_memory_mb, "table memory per unit in MiB (default 512)", "MB"},
      {"times", 0, 0, G_OPTION_ARG_FILENAME, &opt_times, "write the run's seconds as LaTeX macros", "FILE"},
      {"lines", 0, 0, G_OPTION_ARG_FILENAME, &opt_lines, "a board left open is decided by the stored lines of play in DIR (DIR/lines.tsv, DIR/lines/*.cert.xz; each certificate replayed): an mnk board when they answer every class of Maker's first move, an n^d board or torus with Breaker first when they answer every class of Breaker's first move, and with Maker first by her opening line", "DIR"},
      EXPT_CHECKPOINT_OPTIONS(opt_checkpoint, opt_stop_after),
      {NULL, 0, 0, 0, NULL, NULL, NULL}};
  Expt e;
  expt_parse(&e, &argc, &argv, "games-atlas", "MB9-MB15: a certified atlas of small Maker-Breaker games", own);
  E = &e;
  int64_t nodes = expt_default64(&e, opt_nodes, 20000, 20000);
  expt_check_range(&e, "--nodes", (long)MIN(nodes, (int64_t)G_MAXLONG), 1, G_MAXLONG);
  Budget = (uint64_t)nodes;
  Cube4_budget = e.profile == PROFILE_FULL ? 2000 : 200;
  Full_profile = e.profile == PROFILE_FULL;
  expt_check_range(&e, "--moves-nodes", (long)MIN(opt_moves_nodes, (int64_t)G_MAXLONG), 0, G_MAXLONG);
  expt_check_range(&e, "--memory-mb", (long)MIN(opt_memory_mb, (int64_t)G_MAXLONG), 16, 1 << 20);
  Units = g_array_new(FALSE, FALSE, sizeof(Unit));
  GString *ident = g_string_new(NULL);
  expt_check_range(&e, "--max-openings", opt_max_openings, 0, 1 << 20);
  expt_check_range(&e, "--probes", opt_probes, 0, 1 << 20);
  expt_check_range(&e, "--probe-depth", opt_probe_depth, 1, 12);
  g_string_append_printf(ident, "v3 nodes=%lld moves=%lld memory=%lld openings=%d max=%d probes=%d depth=%d seed=%lld",
                         (long long)nodes, (long long)opt_moves_nodes, (long long)opt_memory_mb, opt_openings,
                         opt_max_openings, opt_probes, opt_probe_depth, (long long)opt_seed);
  if (opt_openings && !opt_boards) {
    fprintf(stderr, "games-atlas: --openings needs at least one --board\n");
    return 2;
  }
  if (opt_probes && !opt_openings) {
    fprintf(stderr, "games-atlas: --probes needs --openings\n");
    return 2;
  }
  for (gchar **s = opt_boards; s && *s; s++) {
    GError *err = NULL;
    MbBoard *b = bs_board_new(*s, &err);
    if (!b || b->ncells > MB_SOLVE_MAX_CELLS) {
      fprintf(stderr, "games-atlas: --board %s: %s\n", *s, b ? "more than 256 cells" : err->message);
      if (b) bs_board_free(b);
      g_clear_error(&err);
      g_string_free(ident, TRUE);
      return 2;
    }
    bs_board_free(b);
    g_string_append_printf(ident, " %s", *s);
    if (opt_openings) opening_units(*s);
    else add_unit(*s, 0, 0, claim_of(*s)), add_unit(*s, 1, 0, claim_of(*s));
  }
  if (!opt_boards) atlas_boards(e.profile == PROFILE_FULL);
  const char *moves_board = opt_moves_board ? opt_moves_board : "mnk:5,5,4";
  if (opt_moves_board) { /* (E5) a board of this run whose cells have coordinates */
    GError *err = NULL;
    MbBoard *b = bs_board_new(opt_moves_board, &err);
    bool coords = b && (g_str_has_prefix(opt_moves_board, "mnk:") || strchr(opt_moves_board, '^'));
    bool here = false;
    for (guint i = 0; b && i < Units->len && !here; i++) {
      const Unit *u = &g_array_index(Units, Unit, i);
      here = u->first == 0 && strcmp(u->spec, b->name) == 0;
    }
    if (!b || !coords || !here) {
      fprintf(stderr, "games-atlas: --moves-board %s: %s\n", opt_moves_board,
              !b ? err->message : !coords ? "not an mnk or n^d board (the figure draws cells by coordinates)"
                                          : "not one of this run's boards");
      if (b) bs_board_free(b);
      g_clear_error(&err);
      g_string_free(ident, TRUE);
      return 2;
    }
    bs_board_free(b);
  }
  if (opt_certs) expt_certs_dir(&e, "--certs", opt_certs);
  g_autofree char *gridp = opt_figdata ? g_strdup_printf("%s-grid.dat", opt_figdata) : NULL;
  g_autofree char *movesp = opt_figdata ? g_strdup_printf("%s-moves.dat", opt_figdata) : NULL;
  FILE *grid = expt_open_figdata(&e, gridp), *movesf = expt_open_figdata(&e, movesp);
  if (opt_times) { /* the report's generated-input directory, as cubic-solve does */
    g_autofree char *dir = g_path_get_dirname(opt_times);
    g_mkdir_with_parents(dir, 0777);
  }
  FILE *times = expt_open_figdata(&e, opt_times);
  Checkpoint *ck = expt_checkpoint(&e, opt_checkpoint, opt_stop_after, ident->str);
  g_string_free(ident, TRUE);
  ResultWriter *w = expt_open_results(&e);

  Progress pr;
  size_t nu = Units->len;
  CampaignSpec spec = {.units = nu, .compute = compute, .check = check, .ctx = NULL, .threads = e.threads, .ck = ck,
                       .stage = 0, .what = opt_openings ? "openings" : "boards",
                       .progress = progress_stderr_start(&pr, "games-atlas: units", nu)};
  CampaignResult cr;
  campaign_run(&spec, &cr);
  progress_end(spec.progress, nu);

  bool ok = true;
  Tally t[6] = {{0}};
  double secs = 0;
  /* MB14: per board, counts of openings; nodes of decided units (the estimate) */
  GArray *dec_nodes = g_array_new(FALSE, FALSE, sizeof(uint64_t)), *all_nodes = g_array_new(FALSE, FALSE, sizeof(uint64_t)),
         *all_ms = g_array_new(FALSE, FALSE, sizeof(uint64_t));
  /* --probes: one opening's paths (consecutive units) */
  GArray *pc = g_array_new(FALSE, FALSE, sizeof(uint64_t));
  double p_sum = 0, p_sq = 0, p_w = 0;
  int p_out[4] = {0};
  double o_secs = 0;
  uint64_t o_nodes = 0;
  /* each row's outcome, with the stored lines of play (--lines): an open
   * board decided by them; then the outcomes that follow from others */
  uint64_t *fin = g_new0(uint64_t, nu + 1), *der = g_new0(uint64_t, nu + 1), checked[6] = {0};
  int64_t *from = g_new0(int64_t, nu + 1);
  uint64_t *lev = g_new0(uint64_t, 2 * nu + 2);
  int *lcerts = g_new0(int, nu + 1), *lclasses = g_new0(int, nu + 1), *lwinner = g_new0(int, nu + 1);
  uint64_t *lleaves = g_new0(uint64_t, nu + 1);
  for (size_t i = 0; i < nu; i++) {
    const Unit *u = &g_array_index(Units, Unit, i);
    Row row;
    unit_row(&cr, i, &row);
    fin[i] = row.outcome;
    if (row.outcome == 0 && u->first >= 0 && !u->probe && opt_lines) {
      lcerts[i] = lines_decide(opt_lines, u->spec, u->first, &lleaves[i], &lclasses[i], &lwinner[i]);
      if (lcerts[i] > 0) fin[i] = (uint64_t)lwinner[i];
      else if (lcerts[i] < 0) fin[i] = 3;
    }
    row_clear(&row);
  }
  ok &= monotone(fin, der, from, checked, lev);
  uint64_t implied[6] = {0};
  for (size_t i = 0; i < nu; i++) {
    const Unit *u = &g_array_index(Units, Unit, i);
    Row row;
    unit_row(&cr, i, &row);
    secs += (double)row.ms / 1000;
    g_autofree char *key = unit_key(u);
#define ROW(suffix, fn, val)                                          \
  do {                                                                \
    g_autofree char *k_ = g_strdup_printf("%s/%s", key, suffix);      \
    fn(w, u->claim, k_, val);                                         \
  } while (0)
    if (u->probe) {
      char buf[64];
      g_autofree char *k1 = g_strdup_printf("p%d/leaf", u->probe), *k2 = g_strdup_printf("p%d/nodes", u->probe),
                      *k3 = g_strdup_printf("p%d/weight", u->probe), *k4 = g_strdup_printf("p%d/path", u->probe);
      ROW(k1, rw_word, word(&row, u->budget, buf, sizeof buf));
      ROW(k2, rw_int, (int64_t)row.nodes);
      ROW(k3, rw_int, (int64_t)row.weight);
      ROW(k4, rw_word, row.path ? row.path : "");
      ok &= row.outcome != 3;
      double xw = (double)row.weight * (double)row.nodes;
      p_sum += xw, p_sq += xw * xw, p_w += (double)row.weight, p_out[row.outcome]++;
      g_array_append_val(pc, row.nodes);
      o_secs += (double)row.ms / 1000, o_nodes += row.nodes;
      if (u->probe == opt_probes) { /* the opening's estimate */
        int np = opt_probes;
        double mean = p_sum / np, sd = np > 1 ? sqrt(MAX(0, (p_sq - np * mean * mean) / (np - 1))) : 0;
        char eb[64], sb[64], wb[64];
        snprintf(eb, sizeof eb, "%.3g", mean), snprintf(sb, sizeof sb, "%.2g", sd / sqrt(np)),
            snprintf(wb, sizeof wb, "%.3g", p_w / np);
        ROW("probes", rw_int, np);
        ROW("probe_depth", rw_int, opt_probe_depth);
        ROW("probe_budget", rw_int, (int64_t)u->budget);
        ROW("probes_breaker", rw_int, p_out[MB_BREAKER_WINS]);
        ROW("probes_maker", rw_int, p_out[MB_MAKER_WINS]);
        ROW("probes_open", rw_int, p_out[0]);
        spread_sort(pc);
        const uint64_t *a = (const uint64_t *)pc->data;
        ROW("probe_nodes_min", rw_int, (int64_t)a[0]);
        ROW("probe_nodes_median", rw_int, (int64_t)a[pc->len / 2]);
        ROW("probe_nodes_max", rw_int, (int64_t)a[pc->len - 1]);
        ROW("probe_leaves", rw_word, wb);
        ROW("probe_estimate", rw_word, eb);
        ROW("probe_estimate_se", rw_word, sb);
        ROW("probe_estimate_kind", rw_word, p_out[0] ? "lower-bound" : "estimate");
        fprintf(stderr, "games-atlas: %s: %d paths to depth %d: %d Breaker, %d Maker, %d open; estimate %s (se %s)\n",
                key, np, opt_probe_depth, p_out[MB_BREAKER_WINS], p_out[MB_MAKER_WINS], p_out[0], eb, sb);
        /* the estimate in CPU hours at the rate of this opening's leaves (seconds: --times only) */
        if (times && o_secs > 0 && o_nodes > 0)
          fprintf(times, "\\expandafter\\def\\csname atlashours:%s\\endcsname{%.2g}\n", key,
                  mean / ((double)o_nodes / o_secs) / 3600);
        g_array_set_size(pc, 0);
        p_sum = p_sq = p_w = 0, memset(p_out, 0, sizeof p_out), o_secs = 0, o_nodes = 0;
      }
      row_clear(&row);
      continue;
    }
    char buf[64];
    /* an open board decided by the stored lines of play (--lines), or
     * implied by another row (monotone()) */
    int line_certs = lcerts[i], line_classes = lclasses[i];
    int line_winner = lwinner[i];
    if (line_certs > 0) row.outcome = (uint64_t)line_winner, row.leaves = lleaves[i];
    else if (line_certs < 0) row.outcome = 3;
    bool is_implied = row.outcome == 0 && der[i];
    if (is_implied) row.outcome = der[i];
    const char *wd = word(&row, u->budget, buf, sizeof buf);
    int ci = atoi(u->claim + 2) - 10;
    t[ci].rows++, t[ci].decided += row.outcome == 1 || row.outcome == 2, t[ci].open += row.outcome == 0;
    ok &= row.outcome != 3;
    if (u->first < 0) {
      if (row.outcome == 1 || row.outcome == 2) g_array_append_val(dec_nodes, row.nodes);
      g_array_append_val(all_nodes, row.nodes);
      g_array_append_val(all_ms, row.ms);
    }
    ROW("outcome", rw_word, wd);
    for (size_t p = 0; p < G_N_ELEMENTS(Published) && u->first == 0; p++)
      if (strcmp(u->spec, Published[p]) == 0) {
        g_autofree char *k = g_strdup_printf("%s/outcome", key);
        rw_word(w, "MB9", k, wd);
      }
    if (line_certs > 0) { /* the rows of a board decided by its lines */
      ROW("decided_by", rw_word, u->first == 0 || line_winner == MB_MAKER_WINS ? "lines" : "lines+extra-move");
      ROW("line_certs", rw_int, line_certs);
      ROW("line_classes", rw_int, line_classes);
    }
    if (row.outcome == 0 && u->first >= 0 && !u->probe) { /* what deciding it would decide besides */
      ROW("if_maker_decides", rw_int, (int64_t)lev[2 * i]);
      ROW("if_breaker_decides", rw_int, (int64_t)lev[2 * i + 1]);
    }
    if (is_implied) {
      g_autofree char *src = unit_key(&g_array_index(Units, Unit, (size_t)from[i]));
      ROW("decided_by", rw_word, "implied");
      ROW("implied_by", rw_word, src);
      implied[atoi(u->claim + 2) - 10]++;
    }
    ROW("nodes", rw_int, (int64_t)row.nodes);
    ROW("cert_nodes", rw_int, (int64_t)row.cert_nodes);
    ROW("check_leaves", rw_int, (int64_t)row.leaves);
    if (row.outcome == 1 && u->first >= 0 && !is_implied) {
      MbBoard *sb = bs_board_new(u->spec, NULL);
      bool small = sb && sb->ncells <= Speed_cells;
      bs_board_free(sb);
      if (small) {
        uint64_t sn;
        int64_t sp = maker_speed(u->spec, u->first == 0, &sn);
        ok &= sp != -2;
        char sw[48];
        if (sp >= 0) snprintf(sw, sizeof sw, "%" G_GINT64_FORMAT, sp);
        else snprintf(sw, sizeof sw, sp == -1 ? "open@%" G_GUINT64_FORMAT : "rejected", Speed_budget);
        ROW("speed", rw_word, sw);
        ROW("speed_nodes", rw_int, (int64_t)sn);
      }
    }
    if (row.reply) ROW("reply", rw_word, row.reply);
    /* BOARD/oX/rY/outcome and /nodes: each needed reply class */
    g_auto(GStrv) rl = g_strsplit(row.replies ? row.replies : "", "\n", -1);
    for (gchar **x = rl; *x && **x; x++) {
      char mv[128];
      int oc;
      unsigned long long nn;
      g_assert_true(sscanf(*x, "%127s %d %llu", mv, &oc, &nn) == 3);
      Row rr = {.outcome = (uint64_t)oc};
      char b2[64];
      g_autofree char *ko = g_strdup_printf("r%s/outcome", mv), *kn = g_strdup_printf("r%s/nodes", mv);
      ROW(ko, rw_word, word(&rr, u->budget, b2, sizeof b2));
      ROW(kn, rw_int, (int64_t)nn);
    }
    if (row.classes) { /* the all-moves run (its lists come back NULL when empty) */
      ROW("first_classes", rw_int, (int64_t)row.classes);
      /* every class wins: "all" (qcube:6,K has 64 classes: no group used) */
      uint64_t nwin = row.winning && row.winning[0] != 0;
      for (const char *p = row.winning ? row.winning : ""; *p; p++) nwin += *p == '+';
      ROW("winning_first", rw_word, nwin == row.classes ? "all" : nwin ? row.winning : "none-proved");
      if (row.open_moves) ROW("open_first", rw_word, row.open_moves);
      ROW("moves_nodes", rw_int, (int64_t)row.moves_nodes);
      ROW("moves_certs", rw_int, (int64_t)row.moves_checked);
      ROW("moves_check_leaves", rw_int, (int64_t)row.moves_leaves);
    }
    if (row.outcome == 0 || u->first < 0 || row.ms > 5000) /* undecided, slow, and opening units */
      fprintf(stderr, "games-atlas: %s: %s, %llu nodes, %.2f s\n", key, wd, (unsigned long long)row.nodes,
              (double)row.ms / 1000);
    if (row.cert && opt_certs) {
      g_autofree char *tag = file_tag(key);
      for (char *c = tag; *c; c++)
        if (*c == '/') *c = '-';
      g_autofree char *name = g_strdup_printf("%s.cert", tag);
      g_autofree char *path = g_build_filename(opt_certs, name, NULL);
      FILE *f = expt_open_file(&e, path);
      fputs(row.cert, f);
      expt_close_file(&e, f);
      /* each checked first move's own certificate: TAG-mMOVE.cert */
      for (guint k = 0; row.move_certs && k + 1 < row.move_certs->len; k += 2) {
        g_autofree char *mt = file_tag(g_ptr_array_index(row.move_certs, k));
        g_autofree char *mname = g_strdup_printf("%s-m%s.cert", tag, mt);
        g_autofree char *mpath = g_build_filename(opt_certs, mname, NULL);
        FILE *mf = expt_open_file(&e, mpath);
        fputs(g_ptr_array_index(row.move_certs, k + 1), mf);
        expt_close_file(&e, mf);
      }
    }
    /* the mnk grid: K M N maker-first breaker-first (0 breaker, 1 maker, 2 open) */
    if (grid && u->first == 1 && g_str_has_prefix(u->spec, "mnk:")) {
      int m, n, k;
      sscanf(u->spec, "mnk:%d,%d,%d", &m, &n, &k);
      uint64_t mf = fin[i - 1] ? fin[i - 1] : der[i - 1]; /* the Maker-first row, as it was written */
      int a = mf == 1 ? 1 : mf == 2 ? 0 : 2, c = row.outcome == 1 ? 1 : row.outcome == 2 ? 0 : 2;
      fprintf(grid, "%d %d %d %d %d\n", k, m, n, a, c);
    }
    /* winning first moves of the chosen board (Maker first): x y [z] winning */
    if (movesf && u->first == 0 && strcmp(u->spec, moves_board) == 0 && row.winning) {
      MbBoard *b = bs_board_new(u->spec, NULL);
      MbGroup *g = mb_group_new(b->h, 5000, NULL);
      g_auto(GStrv) wins = g_strsplit(row.winning, "+", -1);
      g_auto(GStrv) opens = g_strsplit(row.open_moves ? row.open_moves : "", "+", -1);
      for (uint32_t c = 0; c < b->ncells; c++) {
        int win = 0; /* 1 in a winning class, 2 in a class left open */
        for (uint32_t el = 0; g && el < g->order && !win; el++) {
          g_autofree char *img = bs_cell_name(b, g->perm[el][c]);
          for (gchar **x = wins; *x && !win; x++) win = strcmp(*x, img) == 0;
          for (gchar **x = opens; *x && !win; x++) win = strcmp(*x, img) == 0 ? 2 : 0;
        }
        g_autofree char *cn = bs_cell_name(b, c);
        for (char *p = cn; *p; p++)
          if (*p == ',') *p = ' ';
        fprintf(movesf, "%s %d\n", cn, win);
      }
      if (g) mb_group_free(g);
      bs_board_free(b);
    }
    row_clear(&row);
  }
  const char *claims[] = {"MB10", "MB11", "MB12", "MB13", "MB14", "MB15"};
  for (int c = 0; c < 6; c++) {
    if (!t[c].rows) continue;
    rw_int(w, claims[c], "rows", t[c].rows);
    rw_int(w, claims[c], "decided", t[c].decided);
    rw_int(w, claims[c], "open", t[c].open);
    rw_int(w, claims[c], "budget", (int64_t)Budget);
    if (c != 4) rw_int(w, claims[c], "moves_budget", (int64_t)moves_budget(Budget));
    if ((c == 1 || c == 2) && !opt_boards) rw_int(w, claims[c], "small_budget", (int64_t)MIN(Budget, Cube4_budget));
    rw_word(w, claims[c], "check", "certcheck-replay");
    if (c != 4) { /* monotone(): the rows implied, and the decided rows that agree with an implication */
      rw_int(w, claims[c], "implied", (int64_t)implied[c]);
      rw_int(w, claims[c], "implications_checked", (int64_t)checked[c]);
    }
  }
  g_free(fin), g_free(der), g_free(from), g_free(lev), g_free(lcerts), g_free(lclasses), g_free(lwinner), g_free(lleaves);
  /* MB14: the measured cost per opening unit: sample size, least, median
   * and most expansions, over the decided units and over all (an open unit
   * spent its whole budget: a lower bound for it); seconds to --times only */
  g_array_free(pc, TRUE);
  if (opt_openings && !opt_probes) {
    spread(w, "decided", dec_nodes);
    spread(w, "all", all_nodes);
    if (times && all_ms->len) {
      spread_sort(all_ms);
      uint64_t *a = (uint64_t *)all_ms->data, sum = 0;
      for (guint i = 0; i < all_ms->len; i++) sum += a[i];
      fprintf(times, "\\def\\atlasunitsmin{%.1f}\\def\\atlasunitsmed{%.1f}\\def\\atlasunitsmax{%.1f}\\def\\atlasunitsmean{%.1f}\n",
              (double)a[0] / 1000, (double)a[all_ms->len / 2] / 1000, (double)a[all_ms->len - 1] / 1000,
              (double)sum / 1000 / all_ms->len);
    }
  }
  g_array_free(all_nodes, TRUE);
  g_array_free(all_ms, TRUE);
  g_array_free(dec_nodes, TRUE);
  /* the profile's run: \atlasseconds; a campaign's boards run: \atlasboardsseconds */
  if (times && !opt_probes) fprintf(times, "\\def\\atlas%sseconds{%.0f}\n", opt_boards && !opt_openings ? "boards" : "", secs);
  campaign_result_clear(&cr);
  if (Lines_done) g_hash_table_destroy(Lines_done);
  expt_close_file(&e, grid);
  expt_close_file(&e, movesf);
  expt_close_file(&e, times);
  if (rw_close(w) != 0) {
    ckpt_close(ck);
    return 3;
  }
  ckpt_finish(ck);
  return ok ? 0 : 1;
}
