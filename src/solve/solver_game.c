/* solver_game.c — the Game of a board (solver_int.h): the winning sets as
 * bitsets, the incidences, the engine's switches and the automorphism
 * group with its byte tables; the side to move of a position; the
 * options' defaults (mb_default_memory, mb_solve_opts_default), the
 * outcome's word and the result's release (solver.h); and the classes of a
 * position's moves under the group (sv_classify). */
#include "solve/solver_int.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "game/nearlines.h"
#include "plumbing/errors.h"

/* the near-lines (game/nearlines.h) as bitsets */
static void find_lines(Game *g) {
  MbNearLines nl;
  mb_near_lines(g->board->h, &nl);
  g->nl = nl.n;
  g->covered = nl.covered, nl.covered = NULL;
  g->line = g_malloc0(sizeof(uint64_t[SW]) * (g->nl + 1));
  for (uint32_t l = 0; l < g->nl; l++)
    for (uint32_t j = nl.start[l]; j < nl.start[l + 1]; j++) put(g->line[l], nl.cells[j]);
  mb_near_lines_clear(&nl);
}

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
  g->zones = o->zones, g->mustplay = o->mustplay, g->shared = o->shared && o->closures, g->pair_budget = o->pair_budget,
  g->pair_ratio = o->pair_ratio;
  g->escalate = o->escalate;
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
  if (o->lines && g->closures && g->K <= 59) find_lines(g);
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
  g_free(g->line), g_free(g->covered);
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

/* ---- the options, the result, and the classes of a position's moves ---------------- */

uint64_t mb_default_memory(void) {
  long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
  uint64_t phys = pages > 0 && psz > 0 ? (uint64_t)pages * (uint64_t)psz : UINT64_C(1) << 32;
  uint64_t m = phys / 2;
  struct rlimit rl;
  if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
    /* what the limit leaves beside the address space in use (the program
     * and its libraries: some 60 MB here), halved: the rest is for the
     * threads' stacks and the allocator's own reserve */
    uint64_t lim = (uint64_t)rl.rlim_cur, used = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long long vm;
    if (f && fscanf(f, "%llu", &vm) == 1 && psz > 0) used = (uint64_t)vm * (uint64_t)psz;
    if (f) fclose(f);
    m = MIN(m, (lim - MIN(lim, used)) / 2);
  }
  return MAX(m, UINT64_C(1) << 20);
}

void mb_solve_opts_default(MbSolveOpts *o) {

  memset(o, 0, sizeof *o);
  o->symmetry = o->threats = o->closures = o->zones = o->mustplay = o->shared = o->lines = true;
  o->pair_budget = 1024;
  o->pair_ratio = 100; /* solver.h; the measurements: solver_eval.c */
  o->escalate = (uint64_t)1 << 19;
  o->reply_cap = 0; /* replies in order: widening loses on most lines measured (solver.h) */
  o->self_check = true;
  o->group_limit = 5000;
  o->threads = 1;
  o->want_cert = true;
}

const char *mb_outcome_word(MbOutcome o) {
  return o == MB_MAKER_WINS ? "maker" : o == MB_BREAKER_WINS ? "breaker" : "unknown";
}

void mb_solve_result_clear(MbSolveResult *r) {
  for (uint32_t i = 0; i < r->nunits; i++) {
    g_free(r->units[i].move);
    g_free(r->units[i].cert);
    for (uint32_t j = 0; j < r->units[i].nsub; j++) g_free(r->units[i].sub[j].move);
    g_free(r->units[i].sub);
  }
  g_free(r->units);
  g_free(r->group_size);
  g_free(r->cert);
  memset(r, 0, sizeof *r);
}


/* each move's class among kids (canonical forms) and the element mapping
 * the position after it onto that form */
static uint32_t classify_orbits(const Game *g, const Pos *at, const uint32_t *moves, uint32_t nm, Child *kids,
                                uint32_t n, uint32_t *unit_of, uint32_t *el_of);
uint32_t sv_classify(const Game *g, const Pos *at, bool maker, const uint32_t *moves, uint32_t nm, Child *kids,
                         uint32_t n, uint32_t *unit_of, uint32_t *el_of) {
  if (!g->G->enumerated && g->G->ngens > 0) return classify_orbits(g, at, moves, nm, kids, n, unit_of, el_of);
  for (uint32_t i = 0; i < nm; i++) {
    Pos p = *at, k;
    apply(&p, moves[i], maker);
    el_of[i] = sv_canon(g, &p, &k);
    unit_of[i] = 0;
    for (uint32_t j = 0; j < n; j++)
      if (pos_cmp(&kids[j].key, &k) == 0) unit_of[i] = j;
  }
  return n;
}

/* A group too large to enumerate (symmetry.h): the canonical forms are the
 * positions themselves, and the moves at `at` fall into the orbits of the
 * pointwise stabiliser of its stones, computed from the generators.  kids
 * (one per move, as sv_children() makes them without symmetry) keeps each
 * orbit's first move; el_of[i] is an element mapping the position after
 * move i onto the one after its class's first move, added to the group
 * (mb_group_add) so that sv_link_perm() finds the certificate's "S" links.
 * Returns the classes. */
static uint32_t classify_orbits(const Game *g, const Pos *at, const uint32_t *moves, uint32_t nm, Child *kids,
                                uint32_t n, uint32_t *unit_of, uint32_t *el_of) {
  uint32_t *fix = g_new(uint32_t, g->nc + 1), nfix = 0, *cls = g_new(uint32_t, nm + 1);
  for (uint32_t c = 0; c < g->nc; c++)
    if (tst(at->m, c) || tst(at->b, c)) fix[nfix++] = c;
  uint32_t **elem = g_new(uint32_t *, nm + 1), *inv = g_new(uint32_t, g->nc), *kid_of = g_new(uint32_t, nm + 1);
  mb_group_stab_classes(g->G, fix, nfix, moves, nm, cls, elem);
  uint32_t ncls = 0;
  Child *keep = g_new(Child, n + 1);
  for (uint32_t i = 0; i < nm; i++) {
    if (cls[i] == i) { /* the orbit's first move: its child */
      for (uint32_t j = 0; j < n; j++)
        if (kids[j].move == moves[i]) keep[ncls] = kids[j];
      kid_of[i] = ncls++;
    }
    unit_of[i] = kid_of[cls[i]];
    /* elem maps the first move's position onto move i's; el_of the inverse */
    for (uint32_t c = 0; c < g->nc; c++) inv[elem[i][c]] = c;
    el_of[i] = cls[i] == i ? 0 : mb_group_add(g->G, inv);
    g_free(elem[i]);
  }
  memcpy(kids, keep, ncls * sizeof(Child));
  g_free(keep), g_free(fix), g_free(cls), g_free(elem), g_free(inv), g_free(kid_of);
  return ncls;
}

