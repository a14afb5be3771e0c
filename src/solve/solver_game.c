/* solver_game.c — the Game of a board (solver_int.h): the winning sets as
 * bitsets, the incidences, the engine's switches and the automorphism
 * group with its byte tables; and the side to move of a position. */
#include "solve/solver_int.h"

#include <stdlib.h>
#include <string.h>

#include "plumbing/errors.h"

bool sv_game_init(Game *g, const MbBoard *b, const MbSolveOpts *o, bool want_group, GError **err) {
  memset(g, 0, sizeof *g);
  g->board = b;
  g->nc = b->ncells;
  g->W = (g->nc + 63) / 64;
  g->ns = (uint32_t)hg_ne(b->h);
  if (g->nc > MB_SOLVE_MAX_CELLS) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_RANGE, "solve handles at most %d cells; %s has %u",
                MB_SOLVE_MAX_CELLS, b->name, g->nc);
    return false;
  }
  g->set = g_malloc0(sizeof(uint64_t[SW]) * (g->ns + 1));
  g->setlen = g_new0(uint32_t, g->ns + 1);
  for (uint32_t i = 0; i < g->ns; i++) {
    g->setlen[i] = (uint32_t)hg_edge_size(b->h, i);
    for (uint32_t k = 0; k < g->setlen[i]; k++) put(g->set[i], hg_edge(b->h, i)[k]);
    g->K = MAX(g->K, g->setlen[i]);
  }
  g->names = g_new0(char *, g->nc + 1);
  for (uint32_t c = 0; c < g->nc; c++) g->names[c] = bs_cell_name(b, c);
  g->inc = g_new(uint32_t *, g->nc + 1);
  g->deg = g_new(uint32_t, g->nc + 1);
  for (uint32_t c = 0; c < g->nc; c++) g->inc[c] = (uint32_t *)hg_incident(b->h, c), g->deg[c] = (uint32_t)hg_degree(b->h, c);
  g->es_ok = g->K <= 60; /* the value is written as a/2^K in 64 bits */
  g->threats = o->threats, g->closures = o->closures, g->breaker_first = o->breaker_first;
  g->zones = o->zones, g->mustplay = o->mustplay, g->shared = o->shared && o->closures, g->pair_budget = o->pair_budget;
  g->plain_clusters = o->plain_clusters;
  /* a shared pair helps only where two sets share two cells (k-in-a-row:
   * yes; n^d lines, which meet in at most one cell: no, and there a shared
   * pairing is a private one) */
  if (g->shared) {
    bool two = false;
    for (uint32_t c = 0; c < g->nc && !two; c++)
      for (uint32_t x = 0; x < g->deg[c] && !two; x++)
        for (uint32_t y = x + 1; y < g->deg[c] && !two; y++) {
          uint32_t i = g->inc[c][x], j = g->inc[c][y], common = 0;
          for (uint32_t w = 0; w < g->W; w++) common += (uint32_t)__builtin_popcountll(g->set[i][w] & g->set[j][w]);
          two = common >= 2;
        }
    g->shared = two;
  }
  if (want_group && o->symmetry) {
    g->G = mb_group_new(b->h, o->group_limit, err);
    if (!g->G) return false;
  } else
    g->G = mb_group_identity(g->nc);
  g->nbytes = (g->nc + 7) / 8;
  return true;
}

/* byte tables for the images (little-endian words: byte j holds cells
 * 8j..8j+7).  They only speed up canonical forms — without them the same
 * forms are computed cell by cell — so they are made only for a run with
 * units to search (U3: a position decided at the root does not pay for
 * them), and left out where they would take more than a quarter of the
 * memory bound, or the bound refuses them. */
void sv_game_tables(Game *g, Budget *m) {
  size_t entries = (size_t)g->G->order * g->nbytes * 256, tb = entries * sizeof(uint64_t[SW]);
  if (g->tab || g->G->order <= 1 || tb > ((size_t)64 << 20) || G_BYTE_ORDER != G_LITTLE_ENDIAN) return;
  if ((m && m->limit && tb > m->limit / 4) || !sv_take(m, tb)) return;
  if (!(g->tab = g_try_malloc(tb))) { /* (every entry is written below: not cleared first) */
    sv_give(m, tb);
    return;
  }
  g->bytes = tb;
  /* byte v's image: that of v without its lowest bit, plus the lowest
   * bit's cell (one step an entry, not eight) */
  for (uint32_t el = 0; el < g->G->order; el++)
    for (uint32_t j = 0; j < g->nbytes; j++) {
      uint64_t(*t)[SW] = g->tab + ((size_t)el * g->nbytes + j) * 256;
      memset(t[0], 0, sizeof t[0]);
      for (uint32_t v = 1; v < 256; v++) {
        uint32_t bit = (uint32_t)__builtin_ctz(v);
        memcpy(t[v], t[v & (v - 1)], sizeof t[v]);
        if (8 * j + bit < g->nc) put(t[v], g->G->perm[el][8 * j + bit]);
      }
    }
}
void sv_game_clear(Game *g, Budget *m) {
  g_free(g->set), g_free(g->setlen), g_free(g->inc), g_free(g->deg);
  g_free(g->tab), sv_give(m, g->bytes);
  for (uint32_t c = 0; g->names && c < g->nc; c++) g_free(g->names[c]);
  g_free(g->names);
  mb_group_free(g->G);
}

bool sv_side_to_move(const MbPosition *pos, bool breaker_first, int to_move, bool *maker, GError **err) {
  if (to_move == MB_TO_MOVE_MAKER || to_move == MB_TO_MOVE_BREAKER) { /* explicit: any move counts */
    *maker = to_move == MB_TO_MOVE_MAKER;
    return true;
  }
  int64_t diff = breaker_first ? (int64_t)pos->nbreaker - pos->nmaker : (int64_t)pos->nmaker - pos->nbreaker;
  if (diff != 0 && diff != 1) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_RANGE,
                "--after: %u Maker and %u Breaker cells cannot arise with %s moving first (give --to-move maker|breaker)",
                pos->nmaker, pos->nbreaker, breaker_first ? "Breaker" : "Maker");
    return false;
  }
  *maker = breaker_first ? diff == 1 : diff == 0;
  return true;
}
