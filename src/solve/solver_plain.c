/* solver_plain.c — the plain minimax baseline of solver.h (mb_solve_plain):
 * boolean cut-offs, no table, no symmetry, no pruning; what `make bench`
 * measures the engine against and what the differential tests compare. */
#include "solve/solver_int.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  const Game *g;
  uint64_t nodes, limit;
  bool abort;
} Plain;

static bool plain_maker_won(const Game *g, const Pos *p) {
  for (uint32_t i = 0; i < g->ns; i++) {
    bool all = true;
    for (int w = 0; w < (int)g->W; w++) all &= (g->set[i][w] & ~p->m[w]) == 0;
    if (all) return true;
  }
  return false;
}
/* does Maker win from here? */
static bool plain(Plain *P, Pos *p, bool maker) {
  if (++P->nodes > P->limit && P->limit) P->abort = true;
  if (P->abort) return false;
  if (plain_maker_won(P->g, p)) return true;
  bool any = false;
  for (uint32_t c = 0; c < P->g->nc && !P->abort; c++) {
    if (tst(p->m, c) || tst(p->b, c)) continue;
    any = true;
    apply(p, c, maker);
    bool w = plain(P, p, !maker);
    undo(p, c, maker);
    if (maker && w) return true;
    if (!maker && !w) return false;
  }
  if (!any) return false;
  return !maker;
}

MbOutcome mb_solve_plain(const MbBoard *b, const MbPosition *pos, bool breaker_first, uint64_t limit,
                         uint64_t *nodes) {
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  bool maker;
  if (!sv_side_to_move(pos, breaker_first, MB_TO_MOVE_COUNTS, &maker, NULL)) return MB_UNKNOWN;
  Game g;
  if (!sv_game_init(&g, b, &o, false, NULL)) {
    if (g.set) sv_game_clear(&g, NULL);
    return MB_UNKNOWN;
  }
  Pos root;
  memset(&root, 0, sizeof root);
  for (uint32_t c = 0; c < g.nc; c++)
    if (pos->owner[c] == MB_MAKER) put(root.m, c);
    else if (pos->owner[c] == MB_BREAKER) put(root.b, c);
  Plain P = {&g, 0, limit, false};
  bool w = plain(&P, &root, maker);
  *nodes = P.nodes;
  sv_game_clear(&g, NULL);
  if (P.abort) return MB_UNKNOWN;
  return w ? MB_MAKER_WINS : MB_BREAKER_WINS;
}
