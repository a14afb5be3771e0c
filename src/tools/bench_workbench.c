/* bench-workbench — `make bench` rows for the makerbreaker workbench beside
 * the special engines, on the same boards (rows in bench.tsv's format, no
 * header; work = boards decided, rate = boards per second):
 *   workbench-8cube, workbench-9cube  the pre-game private pairing of 8^3 and
 *     9^3, each 20 times: variant `engine` = board.h + Hopcroft–Karp as
 *     experiments/cubic/pregame.c does it; `workbench` = the board from its
 *     spec, positions, survivors, mb_private() (src/game/pairing.h);
 *   workbench-7cube  7^3 casework boards (centre case, first item, one board
 *     in 400 by c7_sampled): `engine` = the incremental engine of cubic7.h
 *     over the whole item (all its boards), `workbench` = mb_private() from
 *     scratch on each sampled board (spec and moves as text);
 *   workbench-q7-3, workbench-q8-3  shared pairings of Q(7,3), Q(8,3):
 *     `engine` = cubesat_solve() (src/cubesat.h), `workbench` = mb_shared();
 *     Q(8,3) under a conflict limit of 50000 for both (work 0 when the
 *     limit stops it: a plain CNF does not find p(8) = 3 quickly; the
 *     hypercube experiment uses symmetry).  Times are never asserted. */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

#include "game/board.h"
#include "hypercube/cubesat.h"
#include "cubic/cubic7.h"
#include "game/pairing.h"
#include "solvers/matching.h"
#include "solvers/satproof.h"

static double now(void) { return (double)g_get_monotonic_time() / 1e6; }

static bool engine_pregame(int n, int d) {
  Board *b = board_new(n, d);
  uint32_t nl = 2 * (uint32_t)hg_ne(b->lines);
  g_autofree uint32_t *start = g_new(uint32_t, nl + 1), *adj = g_new(uint32_t, (size_t)nl * (uint32_t)n);
  uint32_t e = 0;
  for (uint32_t u = 0; u < nl; u++) {
    start[u] = e;
    for (int t = 0; t < n; t++) adj[e++] = hg_edge(b->lines, u / 2)[t];
  }
  start[nl] = e;
  BipGraph g = {nl, b->ncells, start, adj};
  g_autofree uint32_t *ml = g_new(uint32_t, nl), *mr = g_new(uint32_t, b->ncells);
  bool ok = bm_hopcroft_karp(&g, ml, mr, false, NULL) == nl;
  board_free(b);
  return ok;
}

static bool wb_private(const char *spec, const char *moves) {
  MbBoard *b = bs_board_new(spec, NULL);
  MbPosition pos;
  mb_position_parse(b, moves, &pos, NULL);
  MbSurvivors s;
  mb_survivors(b, &pos, &s);
  MbResult r;
  bool ok = mb_private(b, &s, &r);
  mb_result_clear(&r);
  mb_survivors_clear(&s);
  mb_position_clear(&pos);
  bs_board_free(b);
  return ok;
}

static void row(const char *exp, const char *variant, double secs, uint64_t work) {
  printf("%s\t%s\t%.4f\t%" G_GUINT64_FORMAT "\t%.1f\n", exp, variant, secs, work, secs > 0 ? (double)work / secs : 0.0);
}

typedef struct {
  const C7 *c;
  GPtrArray *moves;
} Collect;
static void collect(void *user, const uint32_t *m, const C7Leaf *leaf) {
  (void)leaf;
  Collect *cl = user;
  if (!c7_sampled(m, 4, 400)) return;
  uint32_t b[4];
  c7_breaker_moves(cl->c, C7_CENTRE, m, b);
  GString *s = g_string_new(NULL);
  for (int i = 0; i < 4; i++)
    for (int w = 0; w < 2; w++) {
      int x[3];
      board_coords(c7_board(cl->c), w ? b[i] : m[i], x);
      g_string_append_printf(s, "%s%c:%d,%d,%d", s->len ? " " : "", w ? 'B' : 'M', x[0], x[1], x[2]);
    }
  g_ptr_array_add(cl->moves, g_string_free(s, FALSE));
}

int main(void) {
  bool ok = true;
  for (int n = 8; n <= 9; n++) {
    const int reps = 20;
    g_autofree char *exp = g_strdup_printf("workbench-%dcube", n), *spec = g_strdup_printf("%d^3", n);
    double t0 = now();
    for (int i = 0; i < reps; i++) ok &= engine_pregame(n, 3);
    row(exp, "engine", now() - t0, reps);
    t0 = now();
    for (int i = 0; i < reps; i++) ok &= wb_private(spec, NULL);
    row(exp, "workbench", now() - t0, reps);
  }
  C7 *c = c7_new();
  C7Scratch *scr = c7_scratch_new(c);
  C7Stats *st = g_new0(C7Stats, 1);
  Collect cl = {c, g_ptr_array_new_with_free_func(g_free)};
  double t0 = now();
  c7_run_item(c, C7_CENTRE, 0, st, scr, collect, &cl);
  row("workbench-7cube", "engine", now() - t0, st->boards);
  t0 = now();
  for (guint i = 0; i < cl.moves->len; i++) wb_private("7^3", cl.moves->pdata[i]);
  row("workbench-7cube", "workbench", now() - t0, cl.moves->len);
  g_ptr_array_free(cl.moves, TRUE);
  g_free(st);
  c7_scratch_free(scr);
  c7_free(c);
  for (int n = 7; n <= 8; n++) {
    long limit = n == 8 ? 50000 : -1;
    g_autofree char *exp = g_strdup_printf("workbench-q%d-3", n), *spec = g_strdup_printf("qcube:%d,3", n);
    CubesatCnf *cnf = cubesat_encode(n, 3, false);
    t0 = now();
    GArray *pairs = NULL;
    int e = limit < 0 ? cubesat_solve_cnf(cnf, &pairs, NULL) : 0;
    if (limit >= 0) { /* the engine's CNF under the same limit */
      e = satproof_solve_limited((const int *)cnf->lits->data, cnf->lits->len, cnf->nvars, limit, NULL, NULL);
    }
    row(exp, "engine", now() - t0, e == 10);
    if (pairs) g_array_free(pairs, TRUE);
    cubesat_cnf_free(cnf);
    MbBoard *b = bs_board_new(spec, NULL);
    MbPosition pos;
    mb_position_init(&pos, b->ncells);
    MbSurvivors s;
    mb_survivors(b, &pos, &s);
    MbResult r;
    t0 = now();
    int w = mb_shared_limited(b, &s, &r, limit, NULL);
    row(exp, "workbench", now() - t0, w == 10);
    if (limit < 0) ok &= w == e;
    mb_result_clear(&r);
    mb_survivors_clear(&s);
    mb_position_clear(&pos);
    bs_board_free(b);
  }
  if (!ok) fprintf(stderr, "bench-workbench: the workbench and the engine disagree\n");
  return ok ? 0 : 1;
}
