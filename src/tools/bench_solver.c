/* bench-solver — `make bench` rows for the Maker–Breaker solver
 * (src/solve/solver.h) against plain minimax with boolean cut-offs and no
 * table, symmetry, threats or closures (mb_solve_plain), on boards both
 * finish (rows in bench.tsv's format, no header; work = boards decided,
 * 1 or 0, so rate = boards per second and the rate ratio is the ratio of
 * times; the positions visited go to stderr).  Both must agree on the outcome (exit 1 otherwise); the
 * baseline is stopped after 2*10^7 positions (work 0 then).  Times are
 * never asserted. */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "game/pairing.h"
#include "solve/solver.h"

static double now(void) { return (double)g_get_monotonic_time() / 1e6; }

/* one game solved by both methods on the same board: times and outcomes */
typedef struct {
  double te, tb;
  MbOutcome engine, plain;
  bool checked;
  uint64_t expansions, positions;
} Both;
static Both both(const char *spec, bool bf, bool want_cert) {
  Both x = {0};
  MbBoard *b = bs_board_new(spec, NULL);
  MbPosition pos;
  mb_position_parse(b, NULL, &pos, NULL);
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  o.breaker_first = bf, o.want_cert = want_cert;
  double t0 = now();
  MbSolveResult r;
  mb_solve(b, &pos, &o, &r, NULL);
  double t1 = now();
  x.plain = mb_solve_plain(b, &pos, bf, 20000000, &x.positions);
  x.tb = now() - t1, x.te = t1 - t0;
  x.engine = r.outcome, x.checked = r.cert_checked, x.expansions = r.nodes;
  mb_solve_result_clear(&r);
  mb_position_clear(&pos);
  bs_board_free(b);
  return x;
}

/* --cross: every mnk board of at most 20 cells (3 <= M <= N, 3 <= K <= N),
 * both sides first, solved by the engine and by plain minimax: one row
 * each, work = boards decided; any disagreement is exit 1. */
static int cross(void) {
  double te = 0, tb = 0;
  int de = 0, db = 0, bad = 0, n = 0;
  for (int M = 3; M <= 20; M++)
    for (int N = M; M * N <= 20; N++)
      for (int K = 3; K <= N; K++)
        for (int bf = 0; bf < 2; bf++) {
          g_autofree char *spec = g_strdup_printf("mnk:%d,%d,%d", M, N, K);
          Both x = both(spec, bf, true);
          te += x.te, tb += x.tb, n++;
          de += x.engine != MB_UNKNOWN && x.checked, db += x.plain != MB_UNKNOWN;
          if (x.plain != MB_UNKNOWN && x.plain != x.engine) {
            fprintf(stderr, "bench-solver: %s %s first: engine says %s, plain minimax %s\n", spec, bf ? "Breaker" : "Maker",
                    mb_outcome_word(x.engine), mb_outcome_word(x.plain));
            bad = 1;
          }
        }
  printf("solver-mnk-small\tengine\t%.6f\t%d\t%.3f\n", te, de, de / MAX(te, 1e-6));
  printf("solver-mnk-small\tbaseline\t%.6f\t%d\t%.3f\n", tb, db, db / MAX(tb, 1e-6));
  fprintf(stderr, "bench-solver: %d games on mnk boards of at most 20 cells: the engine decided %d (certificates checked), plain minimax %d, %s\n",
          n, de, db, bad ? "DISAGREEING" : "no disagreement");
  return bad;
}

/* ---- --sweep: many small positions, one solve each (issue 37, U3) ----------
 *
 * The baseline is plain memoised minimax, the method of tests/brute.h (which
 * src/ may not include): a position is (Maker's cells, Breaker's cells, the
 * side to move) as bit masks; Maker has won when a set is all Maker's,
 * Breaker when every set holds a Breaker cell; the side to move tries every
 * free cell of a set without a Breaker cell (one that completes a set
 * first; Breaker facing two such cells has lost, facing one must take it);
 * results are memoised by (Maker's cells inside the surviving sets' union,
 * that union, the side) in an open-addressing table made afresh for each
 * position, as a sweep of independent positions would. */
typedef struct {
  uint32_t nsets;
  uint64_t *set;
  uint64_t *key; /* 2 words a slot: M | side << 63 (0 = empty), U */
  uint8_t *val;  /* 1 Maker wins, 2 Breaker wins */
  size_t cap, used;
  uint64_t visits;
} Memo;
static uint64_t memo_mix(uint64_t a, uint64_t b) {
  uint64_t x = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull);
  x ^= x >> 31, x *= 0xBF58476D1CE4E5B9ull, x ^= x >> 29;
  return x;
}
static void memo_put(Memo *t, uint64_t k0, uint64_t k1, uint8_t v);
static void memo_grow(Memo *t) {
  uint64_t *ok = t->key;
  uint8_t *ov = t->val;
  size_t oc = t->cap;
  t->cap = oc ? 2 * oc : 1 << 10;
  t->key = g_new0(uint64_t, 2 * t->cap), t->val = g_new0(uint8_t, t->cap), t->used = 0;
  for (size_t i = 0; i < oc; i++)
    if (ok[2 * i]) memo_put(t, ok[2 * i], ok[2 * i + 1], ov[i]);
  g_free(ok), g_free(ov);
}
static void memo_put(Memo *t, uint64_t k0, uint64_t k1, uint8_t v) {
  if (2 * (t->used + 1) > t->cap) memo_grow(t);
  size_t i = memo_mix(k0, k1) & (t->cap - 1);
  while (t->key[2 * i] && (t->key[2 * i] != k0 || t->key[2 * i + 1] != k1)) i = (i + 1) & (t->cap - 1);
  if (!t->key[2 * i]) t->used++;
  t->key[2 * i] = k0, t->key[2 * i + 1] = k1, t->val[i] = v;
}
static uint8_t memo_get(const Memo *t, uint64_t k0, uint64_t k1) {
  if (!t->cap) return 0;
  for (size_t i = memo_mix(k0, k1) & (t->cap - 1); t->key[2 * i]; i = (i + 1) & (t->cap - 1))
    if (t->key[2 * i] == k0 && t->key[2 * i + 1] == k1) return t->val[i];
  return 0;
}
static bool memo_win(Memo *t, uint64_t M, uint64_t B, bool maker) {
  t->visits++;
  uint64_t U = 0, one = 0, two = 0;
  bool any = false;
  for (uint32_t s = 0; s < t->nsets; s++) {
    if (t->set[s] & B) continue;
    uint64_t f = t->set[s] & ~M;
    if (f == 0) return true;
    any = true, U |= t->set[s];
    if ((f & (f - 1)) == 0) two |= one & f, one |= f;
  }
  if (!any) return false;
  uint64_t live = U & ~M;
  if (maker && one) return true;
  if (!maker && (one & (one - 1))) return true;
  if (!maker && one) live = one;
  uint64_t k0 = ((M & U) << 1 | 1) ^ (uint64_t)maker << 63, k1 = U; /* never 0: bit 0 is set (cells < 62) */
  uint8_t v = memo_get(t, k0, k1);
  if (v) return v == 1;
  bool win = !maker;
  for (uint64_t m = live; m; m &= m - 1) {
    uint64_t c = m & -m;
    bool w = maker ? memo_win(t, M | c, B, false) : memo_win(t, M, B | c, true);
    if (maker && w) {
      win = true;
      break;
    }
    if (!maker && !w) {
      win = false;
      break;
    }
  }
  (void)two;
  memo_put(t, k0, k1, win ? 1 : 2);
  return win;
}

/* --sweep: every position of mnk:3,9,3 after one Maker move (27, Breaker to
 * move: 26 units each) and after one Maker move and one Breaker reply (27 x
 * 26 = 702, Maker to move), 729 positions, each solved by its own
 * mb_solve() (default options, no certificate: the baseline gives none) and
 * by memoised minimax; rows solver-sweep engine / baseline, work = positions
 * decided; a disagreement is exit 1.  Before issue 37 (U3) each solve
 * cleared its units' tables eagerly (about 1-2 ms a unit). */
static int sweep(void) {
  const char *spec = "mnk:3,9,3";
  MbBoard *b = bs_board_new(spec, NULL);
  uint32_t nc = b->ncells, ns = (uint32_t)hg_ne(b->h);
  g_assert(nc < 63);
  Memo t = {0};
  t.nsets = ns, t.set = g_new0(uint64_t, ns);
  for (uint32_t s = 0; s < ns; s++)
    for (size_t i = 0; i < hg_edge_size(b->h, s); i++) t.set[s] |= UINT64_C(1) << hg_edge(b->h, s)[i];
  double te = 0, tb = 0;
  int de = 0, db = 0, bad = 0, n = 0;
  uint64_t expansions = 0, visits = 0;
  for (uint32_t a = 0; a < nc; a++)
    for (uint32_t c = 0; c <= nc; c++) { /* c == nc: Maker's move alone, Breaker to move */
      if (a == c) continue;
      MbPosition pos;
      mb_position_init(&pos, nc);
      mb_position_play(&pos, a, MB_MAKER);
      if (c < nc) mb_position_play(&pos, c, MB_BREAKER);
      MbSolveOpts o;
      mb_solve_opts_default(&o);
      o.want_cert = false;
      MbSolveResult r;
      double t0 = now();
      bool ok = mb_solve(b, &pos, &o, &r, NULL);
      double t1 = now();
      t.visits = 0;
      bool mw = memo_win(&t, UINT64_C(1) << a, c < nc ? UINT64_C(1) << c : 0, c < nc);
      double t2 = now();
      g_free(t.key), g_free(t.val), t.key = NULL, t.val = NULL, t.cap = t.used = 0;
      te += t1 - t0, tb += t2 - t1, n++, visits += t.visits;
      MbOutcome plain = mw ? MB_MAKER_WINS : MB_BREAKER_WINS;
      de += ok && r.outcome != MB_UNKNOWN, db++;
      if (ok) expansions += r.nodes;
      if (!ok || r.outcome != plain) {
        g_autofree char *mv = mb_position_string(b, &pos);
        fprintf(stderr, "bench-solver: %s after %s: engine says %s, memoised minimax %s\n", spec, mv,
                ok ? mb_outcome_word(r.outcome) : "error", mb_outcome_word(plain));
        bad = 1;
      }
      if (ok) mb_solve_result_clear(&r);
      mb_position_clear(&pos);
    }
  printf("solver-sweep\tengine\t%.6f\t%d\t%.3f\n", te, de, de / MAX(te, 1e-6));
  printf("solver-sweep\tbaseline\t%.6f\t%d\t%.3f\n", tb, db, db / MAX(tb, 1e-6));
  fprintf(stderr,
          "bench-solver: sweep of %d positions of %s (one or two moves): engine %.3f ms a position (%llu expansions in "
          "all), memoised minimax %.3f ms (%llu positions visited in all), %s\n",
          n, spec, 1e3 * te / n, (unsigned long long)expansions, 1e3 * tb / n, (unsigned long long)visits,
          bad ? "DISAGREEING" : "no disagreement");
  g_free(t.set);
  bs_board_free(b);
  return bad;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--cross") == 0) return cross();
  if (argc == 2 && strcmp(argv[1], "--sweep") == 0) return sweep();
  if (argc > 1) return fprintf(stderr, "bench-solver: usage: bench-solver [--cross | --sweep]\n"), 2;
  static const char *boards[] = {"3^3", "mnk:6,3,3", "mnk:4,5,3", "mnk:5,4,4"};
  int bad = 0;
  for (size_t i = 0; i < G_N_ELEMENTS(boards); i++) {
    Both x = both(boards[i], false, false);
    if (x.plain != MB_UNKNOWN && x.plain != x.engine) bad = 1;
    g_autofree char *name = g_strdup_printf("solver-%s", boards[i]);
    for (char *c = name; *c; c++)
      if (*c == '^' || *c == ':' || *c == ',') *c = '-'; /* no '_': the names go into TeX */
    int ew = x.engine != MB_UNKNOWN, bw = x.plain != MB_UNKNOWN;
    printf("%s\tengine\t%.6f\t%d\t%.3f\n", name, x.te, ew, ew / MAX(x.te, 1e-6));
    printf("%s\tbaseline\t%.6f\t%d\t%.3f\n", name, x.tb, bw, bw / MAX(x.tb, 1e-6));
    fprintf(stderr, "bench-solver: %s: engine %llu expansions, baseline %llu positions%s\n", boards[i],
            (unsigned long long)x.expansions, (unsigned long long)x.positions, bw ? "" : " (stopped)");
    fflush(stdout);
  }
  return bad;
}
