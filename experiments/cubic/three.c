/* experiments/cubic/three.c — CT7: the 3^3 game, the first player wins in 4 moves.
 *
 * Paper: Cain, Raymond & Källersjö (shared/papers/cubic-tictactoe-matching.txt),
 * §2.5: "When n = 3, the first player can win in four moves, the first of
 * which is to claim the central cell (2,2,2)": Maker (2,1,2), Breaker forced
 * to (2,3,2), Maker (2,1,3), for Breaker's openings (1,1,1), (1,2,2), (1,2,1).
 *
 * Rules: Maker–Breaker (Maker, first, wins by owning a line; Breaker only
 * blocks) and, rows `standard_*`, the standard rules of the paper's paragraph
 * (whoever owns a line first wins).  Search: AND-OR over bitmasks of the 27
 * cells (lines from src/game/board.h); maker_wins(M, B, k): Maker, to move, owns a
 * line by his k-th move from now against any defence; memo in a GHashTable
 * (M, B) -> least k known to win, largest k known to lose.  Pruning by the
 * rules only: a Maker threat (two Maker cells, third free) wins; Breaker
 * facing two loses, facing one must take it.  Each opening gets its least k
 * (k <= --max-k, default 14 = the whole game; symmetric openings must agree):
 * `centre_wins_in`, `least_moves`, `wins_in_<class>` ("none": never).
 * Independent checks.  (1) The centre strategy, written out by the search as
 * a table position -> move, is replayed against EVERY Breaker reply with the
 * replay's own lines (endpoint pairs, each coordinate equal or {1,3}): a legal
 * move at each Maker turn, a Maker line by move k in every game, no earlier
 * Breaker line under standard rules (`strategy_verified`; `strategy_nodes` =
 * Maker decisions, `strategy_leaves` = games).  (2) Maker–Breaker by brute
 * force, no pruning or memo: no opening wins with a move fewer, the centre
 * wins (`plain_none_faster`, `plain_centre`).  (3) The paper's line, replayed
 * under standard rules, which implies Maker–Breaker (`paper_line_wins`); its
 * Breaker openings are one per orbit of the cube's 48 symmetries (checked to
 * map lines to lines): `breaker_opening_classes`.  The standard-rules "none"
 * rows rest on the search alone.
 */
#include <stdio.h>
#include <string.h>

#include "game/board.h"
#include "plumbing/expt.h"

enum { N = 3, NCELLS = 27, MAXL = 64, MOST = 14 /* Maker's moves in a full game */ };
#define ALL ((UINT32_C(1) << NCELLS) - 1)
static gint opt_max_k = G_MININT;

typedef struct {
  uint32_t line[MAXL + 1]; /* line lists end with 0 */
  bool standard;    /* standard rules: a Breaker line first wins for Breaker */
  GHashTable *memo; /* (M | B << 27) -> 16 * least k known to win + most k known to lose */
} Solver;

static int cell_of(int x, int y, int z) { return (x - 1) + N * (y - 1) + N * N * (z - 1); }
static uint32_t bit(int c) { return UINT32_C(1) << c; }
static uint64_t pos(uint32_t m, uint32_t b) { return (uint64_t)m | (uint64_t)b << NCELLS; }

/* free cells completing a line for the player with cells a against cells o */
static uint32_t threats(const uint32_t *line, uint32_t a, uint32_t o) {
  uint32_t t = 0;
  for (int l = 0; line[l]; l++)
    if (!(line[l] & o) && __builtin_popcount(line[l] & a) == N - 1) t |= line[l] & ~a;
  return t;
}
static bool has_line(const uint32_t *line, uint32_t m) {
  int l = 0;
  while (line[l] && (line[l] & m) != line[l]) l++;
  return line[l] != 0;
}

static bool maker_wins(Solver *s, uint32_t m, uint32_t b, int k);
/* Breaker to move, Maker has k moves left: true iff every reply loses. */
static bool breaker_loses(Solver *s, uint32_t m, uint32_t b, int k) {
  if (has_line(s->line, m)) return true;
  if (k == 0 || (s->standard && threats(s->line, b, m))) return false;
  uint32_t t = threats(s->line, m, b), free = ALL & ~(m | b);
  if (__builtin_popcount(t) >= 2) return true;
  for (uint32_t r = t ? t : free; r; r &= r - 1)
    if (!maker_wins(s, m, b | bit(__builtin_ctz(r)), k)) return false;
  return free != 0;
}

static bool maker_wins(Solver *s, uint32_t m, uint32_t b, int k) {
  if (k == 0 || threats(s->line, m, b)) return k > 0; /* a threat: Maker completes it */
  if (k == 1) return false;
  uint64_t key = pos(m, b);
  int *v = g_hash_table_lookup(s->memo, &key);
  if (v && (k >= *v / 16 || k <= *v % 16)) return k >= *v / 16;
  bool win = false;
  for (uint32_t f = ALL & ~(m | b); f && !win; f &= f - 1)
    win = breaker_loses(s, m | bit(__builtin_ctz(f)), b, k - 1);
  if (!v) { /* nothing known yet: no win up to MOST, a loss with one move */
    v = g_new(int, 1);
    *v = (MOST + 1) * 16 + 1;
    g_hash_table_insert(s->memo, g_memdup2(&key, sizeof key), v);
  }
  *v = win ? k * 16 + *v % 16 : *v / 16 * 16 + k;
  return win;
}

/* Maker's strategy as a table position -> move + 1, read off the search. */
static bool extract(Solver *s, GHashTable *strat, uint32_t m, uint32_t b, int k) {
  uint64_t key = pos(m, b);
  if (g_hash_table_contains(strat, &key)) return true;
  uint32_t t = threats(s->line, m, b);
  int c = t ? __builtin_ctz(t) : -1;
  for (uint32_t f = ALL & ~(m | b); f && c < 0; f &= f - 1)
    if (breaker_loses(s, m | bit(__builtin_ctz(f)), b, k - 1)) c = __builtin_ctz(f);
  if (c < 0) return false;
  g_hash_table_insert(strat, g_memdup2(&key, sizeof key), GINT_TO_POINTER(c + 1));
  if (has_line(s->line, m | bit(c))) return true;
  for (uint32_t f = ALL & ~(m | b | bit(c)); f; f &= f - 1)
    if (!extract(s, strat, m | bit(c), b | bit(__builtin_ctz(f)), k - 1)) return false;
  return true;
}

/* Lines from endpoint pairs: every coordinate equal or {1,3}; the midpoint between. */
static int replay_lines(uint32_t *out) {
  int nl = 0;
  for (int a = 0; a < NCELLS; a++)
    for (int c = a + 1; c < NCELLS; c++) {
      int mid = 0, ok = 1;
      for (int i = 0, pa = a, pc = c, sc = 1; i < 3; i++, pa /= N, pc /= N, sc *= N) {
        ok &= pa % N == pc % N || pa % N + pc % N == N - 1;
        mid += (pa % N + pc % N) / 2 * sc;
      }
      if (ok && nl < MAXL) out[nl] = bit(a) | bit(mid) | bit(c);
      nl += ok;
    }
  return nl;
}

typedef int (*Strategy)(const void *ctx, uint32_t m, uint32_t b);
static int table_move(const void *strat, uint32_t m, uint32_t b) {
  uint64_t key = pos(m, b);
  return GPOINTER_TO_INT(g_hash_table_lookup((GHashTable *)strat, &key)) - 1;
}
/* §2.5 in words: complete a line if possible; else (2,1,2), then (2,1,3). */
static int paper_move(const void *lines, uint32_t m, uint32_t b) {
  uint32_t t = threats(lines, m, b);
  if (t) return __builtin_ctz(t);
  int moves = __builtin_popcount(m);
  return moves == 1 ? cell_of(2, 1, 2) : moves == 2 ? cell_of(2, 1, 3) : -1;
}

/* Maker to move with `left` moves; every Breaker reply is tried. */
static bool replay(Strategy st, const void *ctx, const uint32_t *lines, bool standard, uint32_t m,
                   uint32_t b, int left, uint64_t *nodes, uint64_t *leaves) {
  ++*nodes;
  int c = st(ctx, m, b);
  if ((standard && has_line(lines, b)) || c < 0 || c >= NCELLS || ((m | b) >> c & 1)) return false;
  m |= bit(c);
  if (has_line(lines, m)) return ++*leaves > 0; /* a Maker line: a won game */
  for (int r = 0; r < NCELLS; r++)
    if (!((m | b) >> r & 1) &&
        (left == 1 || !replay(st, ctx, lines, standard, m, b | bit(r), left - 1, nodes, leaves)))
      return false;
  return (m | b) != ALL;
}

/* Maker–Breaker by brute force: Maker to move wins within k moves? */
static bool plain_wins(const uint32_t *lines, uint32_t m, uint32_t b, int k) {
  for (int c = 0; c < NCELLS; c++) {
    if ((m | b) >> c & 1) continue;
    if (has_line(lines, m | bit(c))) return true;
    bool refuted = k == 1 || (m | b | bit(c)) == ALL;
    for (int r = 0; r < NCELLS && !refuted; r++)
      refuted = !((m | b | bit(c)) >> r & 1) && !plain_wins(lines, m | bit(c), b | bit(r), k - 1);
    if (!refuted) return true;
  }
  return false;
}
static bool plain_opening_wins(const uint32_t *lines, int c, int k) {
  for (int r = 0; r < NCELLS; r++)
    if (r != c && (k < 2 || !plain_wins(lines, bit(c), bit(r), k - 1))) return false;
  return true;
}

/* symmetry t < 48 of the cube: axis permutation t % 6, reflections t / 6 */
static int sym(int t, int c) {
  static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  int x[3] = {c % N, c / N % N, c / (N * N)}, y = 0;
  for (int i = 2; i >= 0; i--) {
    int v = x[perm[t % 6][i]];
    y = y * N + ((t / 6) >> i & 1 ? N - 1 - v : v);
  }
  return y;
}

static const char *const rep_key[3] = {"wins_in_corner", "wins_in_face", "wins_in_edge"};
static const int rep_xyz[3][3] = {{1, 1, 1}, {1, 2, 2}, {1, 2, 1}};
static int rep_cell(int k) { return cell_of(rep_xyz[k][0], rep_xyz[k][1], rep_xyz[k][2]); }

static void row(ResultWriter *w, const Solver *s, const char *name, const char *word, int64_t v) {
  char key[64];
  snprintf(key, sizeof key, "%s%s", s->standard ? "standard_" : "", name);
  if (word) rw_word(w, "CT7", key, word);
  else rw_int(w, "CT7", key, v);
}

/* a least k, or "none" (no forced win in a whole game) / "beyond_max_k" */
static void k_row(ResultWriter *w, const Solver *s, const char *name, int k, int kmax) {
  row(w, s, name, k > 0 ? NULL : kmax >= MOST ? "none" : "beyond_max_k", k);
}

/* Every opening under s's rules; the centre strategy extracted and replayed.
 * Returns the least k over all openings (-1: none); *ok &= the checks. */
static int solve(Solver *s, const uint32_t *lines, const int *orbit, int kmax, ResultWriter *w,
                 bool *verified, bool *ok) {
  int centre = cell_of(2, 2, 2), least = -1, by_orbit[NCELLS] = {0}; /* 0: not searched */
  s->memo = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
  for (int c = 0; c < NCELLS; c++) {
    int k = 1;
    while (k <= kmax && !breaker_loses(s, bit(c), 0, k - 1)) k++;
    k = k <= kmax ? k : -1;
    *ok &= by_orbit[orbit[c]] == 0 || by_orbit[orbit[c]] == k; /* symmetric openings agree */
    by_orbit[orbit[c]] = k;
    if (k > 0 && (least < 0 || k < least)) least = k;
  }
  int centre_k = by_orbit[orbit[centre]];
  k_row(w, s, "centre_wins_in", centre_k, kmax);
  k_row(w, s, "least_moves", least, kmax);
  for (int k = 0; k < 3; k++) {
    k_row(w, s, rep_key[k], by_orbit[orbit[rep_cell(k)]], kmax);
  }
  row(w, s, "search_positions", NULL, g_hash_table_size(s->memo));

  GHashTable *strat = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
  uint64_t root = pos(0, 0), nodes = 0, leaves = 0;
  g_hash_table_insert(strat, g_memdup2(&root, sizeof root), GINT_TO_POINTER(centre + 1));
  *verified = centre_k > 0;
  for (int r = 0; r < NCELLS && *verified; r++)
    if (r != centre) *verified = extract(s, strat, bit(centre), bit(r), centre_k - 1);
  *verified = *verified &&
              replay(table_move, strat, lines, s->standard, 0, 0, centre_k, &nodes, &leaves);
  row(w, s, "strategy_verified", *verified ? "true" : "false", 0);
  row(w, s, "strategy_nodes", NULL, (int64_t)nodes);
  row(w, s, "strategy_leaves", NULL, (int64_t)leaves);
  g_hash_table_destroy(strat);
  g_hash_table_destroy(s->memo);
  *ok &= *verified && least == centre_k;
  return least;
}

int main(int argc, char **argv) {
  GOptionEntry own[] = {
      {"max-k", 0, 0, G_OPTION_ARG_INT, &opt_max_k, "most Maker moves searched (1..14)", "K"},
      G_OPTION_ENTRY_NULL};
  Expt e;
  expt_parse(&e, &argc, &argv, "cubic-three", "CT7: the 3^3 game, won in 4 moves.", own);
  int kmax = expt_default(&e, opt_max_k, MOST, MOST);
  expt_check_range(&e, "--max-k", kmax, 1, MOST);
  ResultWriter *w = expt_open_results(&e);
  Board *bd = board_new(N, 3);
  Solver s = {.standard = false};
  uint32_t lines[MAXL + 1] = {0}; /* the replay's own lines */
  size_t nl = hg_ne(bd->lines);
  bool all = (size_t)replay_lines(lines) == nl && nl <= MAXL;
  for (size_t l = 0; l < nl && l < MAXL; l++) {
    for (size_t i = 0; i < hg_edge_size(bd->lines, l); i++)
      s.line[l] |= bit((int)hg_edge(bd->lines, l)[i]);
    uint64_t bits = lines[l]; /* the same as the board's */
    all &= hg_has_edge_bits(bd->lines, &bits);
  }

  /* Orbits of the cells under the cube's symmetries (checked to keep lines). */
  int orbit[NCELLS], norbits = 0, centre = cell_of(2, 2, 2), hit = 0;
  for (int t = 0; t < 48; t++)
    for (int l = 0; lines[l]; l++) {
      uint64_t img = 0;
      for (uint32_t f = lines[l]; f; f &= f - 1) img |= UINT64_C(1) << sym(t, __builtin_ctz(f));
      all &= hg_has_edge_bits(bd->lines, &img);
    }
  memset(orbit, -1, sizeof orbit);
  for (int c = 0; c < NCELLS; c++) /* a new orbit o at each cell not yet reached */
    for (int t = 0, o = orbit[c] < 0 ? norbits++ : -1; o >= 0 && t < 48; t++) orbit[sym(t, c)] = o;
  for (int k = 0; k < 3; k++) hit |= 1 << orbit[rep_cell(k)];
  all &= __builtin_popcount((unsigned)hit) == norbits - 1 && !(hit >> orbit[centre] & 1);
  rw_int(w, "CT7", "breaker_opening_classes", norbits - 1);

  /* Maker–Breaker rules, with the brute-force second method; then standard rules. */
  bool mb_wins, std_wins, none_faster;
  int least = solve(&s, lines, orbit, kmax, w, &mb_wins, &all);
  none_faster = least > 0;
  for (int c = 0; c < NCELLS; c++) none_faster &= !plain_opening_wins(lines, c, least - 1);
  bool plain_centre = least > 0 && plain_opening_wins(lines, centre, least);
  rw_bool(w, "CT7", "plain_none_faster", none_faster);
  rw_bool(w, "CT7", "plain_centre", plain_centre);
  rw_bool(w, "CT7", "first_player_wins", mb_wins && plain_centre);
  s.standard = true;
  solve(&s, lines, orbit, kmax, w, &std_wins, &all);
  rw_bool(w, "CT7", "standard_first_player_wins", std_wins);

  /* The paper's line of play, under standard rules (which implies Maker–Breaker). */
  uint64_t pn = 0, pl = 0;
  bool paper = true;
  for (int k = 0; k < 3; k++)
    paper &= replay(paper_move, lines, lines, true, bit(centre), bit(rep_cell(k)), 3, &pn, &pl);
  rw_bool(w, "CT7", "paper_line_wins", paper);
  rw_int(w, "CT7", "paper_line_games", (int64_t)pl);
  all &= none_faster && plain_centre && mb_wins && std_wins && paper;

  board_free(bd);
  if (rw_close(w) != 0) return 3;
  return all ? 0 : 1;
}
