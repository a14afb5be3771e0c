/* solver_eval.c — a position's evaluation for the solver (solver_int.h):
 * Maker's threats and threat sequences, Breaker's closures, the moves to
 * try.  Pure functions of the position and the Game (scratch space in a
 * Scratch, one per unit). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "solve/solver_int.h"

enum { VCF_BUDGET = 4000, VCF_MEMO = 1 << 13 };

/* Maker to move, no set one short: a win by continuous threats?  Each Maker
 * move makes a surviving set one short; Breaker's reply is forced; two one-
 * short sets with different free cells win.  Returns the first move or -1.
 * If zone is not NULL, a win adds to it the cells the sequence rests on:
 * Maker's moves and the free cells of every one-short set it makes.  A
 * Breaker stone on any other cell leaves the same sequence winning.
 * Per-set counters (free cells after Maker's, Breaker's cells) are kept up
 * to date along the sequence; positions that failed are remembered (by a
 * 64-bit hash: a collision can only hide a win, never invent one). */
static int64_t vcf_rec(const Game *g, Pos *p, Scratch *s, uint64_t *zone) {
  uint64_t h = sv_pos_hash(p) | 1;
  uint32_t slot = (uint32_t)(h >> 40) & (VCF_MEMO - 1);
  for (uint32_t k = 0; k < 4; k++)
    if (s->memo[(slot + k) & (VCF_MEMO - 1)] == (h ^ s->memo_gen)) return -1;
  uint32_t cand[MB_SOLVE_MAX_CELLS], nc = 0;
  uint64_t seen[SW] = {0};
  for (uint32_t i = 0; i < g->ns; i++) {
    if (s->bk[i] || s->fr[i] != 2) continue;
    for (int w = 0; w < (int)g->W; w++) {
      uint64_t x = g->set[i][w] & ~p->m[w] & ~seen[w];
      seen[w] |= x;
      while (x) cand[nc++] = (uint32_t)(w * 64 + __builtin_ctzll(x)), x &= x - 1;
    }
  }
  for (uint32_t k = 0; k < nc; k++) {
    if (++s->vcf_nodes > VCF_BUDGET) return -1;
    uint32_t c = cand[k];
    put(p->m, c);
    const uint32_t *ic = g->inc[c];
    for (uint32_t j = 0; j < g->deg[c]; j++) s->fr[ic[j]]--;
    /* the threats Maker now has */
    uint32_t nthreat = 0, r = 0;
    for (uint32_t j = 0; j < g->deg[c] && nthreat < 2; j++) {
      uint32_t i = ic[j];
      if (s->bk[i] || s->fr[i] != 1) continue;
      uint32_t last = 0;
      for (int w = 0; w < (int)g->W; w++) {
        uint64_t f = g->set[i][w] & ~p->m[w];
        if (f) last = (uint32_t)(w * 64 + __builtin_ctzll(f));
      }
      if (nthreat == 0) r = last, nthreat = 1;
      else if (last != r) nthreat = 2;
    }
    bool win = false;
    if (nthreat == 2) win = true;
    else if (nthreat == 1) {
      put(p->b, r);
      for (uint32_t j = 0; j < g->deg[r]; j++) s->bk[g->inc[r][j]]++;
      win = vcf_rec(g, p, s, zone) >= 0;
      for (uint32_t j = 0; j < g->deg[r]; j++) s->bk[g->inc[r][j]]--;
      del(p->b, r);
    }
    if (win && zone) { /* the one-short sets through c, and c */
      put(zone, c);
      for (uint32_t j = 0; j < g->deg[c]; j++) {
        uint32_t i = ic[j];
        if (s->bk[i] || s->fr[i] != 1) continue;
        for (int w = 0; w < (int)g->W; w++) zone[w] |= g->set[i][w] & ~p->m[w];
      }
    }
    if (win) s->path[s->pathlen++] = c; /* the sequence, last move first */
    for (uint32_t j = 0; j < g->deg[c]; j++) s->fr[ic[j]]++;
    del(p->m, c);
    if (win) return c;
  }
  if (s->vcf_nodes <= VCF_BUDGET) s->memo[(slot + (s->vcf_nodes & 3)) & (VCF_MEMO - 1)] = h ^ s->memo_gen;
  return -1;
}
int64_t sv_vcf(const Game *g, Pos *p, Scratch *s, uint64_t *zone) {
  for (uint32_t i = 0; i < g->ns; i++) {
    uint32_t fr = 0, bk = 0;
    for (int w = 0; w < (int)g->W; w++)
      fr += (uint32_t)__builtin_popcountll(g->set[i][w] & ~p->m[w]), bk += (uint32_t)__builtin_popcountll(g->set[i][w] & p->b[w]);
    s->fr[i] = fr, s->bk[i] = bk;
  }
  s->memo_gen += UINT64_C(0x9E3779B97F4A7C16); /* a new generation: earlier entries no longer match */
  s->pathlen = 0;
  return vcf_rec(g, p, s, zone);
}

/* The arrays are counted in the Budget (with the cluster cache's cap and
 * the matching's work space as they are sized) and allocated with
 * g_try_malloc (D5: g_malloc aborted the process, and GLib's report of it
 * crashed). */
static void *try_new(size_t n, bool zero, bool *ok) {
  void *p = zero ? g_try_malloc0(n ? n : 1) : g_try_malloc(n ? n : 1);
  *ok &= p != NULL;
  return p;
}
size_t sv_scratch_bytes(const Game *g) {
  size_t inc = 0;
  for (uint32_t i = 0; i < g->ns; i++) inc += g->setlen[i];
  size_t ns = g->ns, nc = g->nc;
  return sizeof(uint32_t) * ((2 * ns + 1) * 2 + (2 * inc + 1) + (nc + 1) * 3 + (ns + 1) * 4) + sizeof(double) * (nc + 1) +
         sizeof(uint64_t) * VCF_MEMO + sizeof(uint64_t[CL_MAX_WORDS]) * (ns + 1) + (ns + 1) +
         (g->tab ? sizeof(uint64_t) * g->G->order * 2 * g->W : 0) +
         sizeof(uint32_t) * (5 * (2 * ns + 2) + 2 * (nc + 2)) /* bm_work_new's */;
}
bool sv_scratch_init(Scratch *s, const Game *g, Budget *m, size_t cluster_cache_bytes) {
  memset(s, 0, sizeof *s);
  size_t inc = 0;
  for (uint32_t i = 0; i < g->ns; i++) inc += g->setlen[i];
  size_t ns = g->ns, nc = g->nc;
  size_t bytes = sv_scratch_bytes(g) + cluster_cache_bytes;
  if (!sv_take(m, bytes)) return false;
  s->mem = m, s->bytes = bytes;
  bool ok = true;
  s->start = try_new(sizeof(uint32_t) * (2 * ns + 1), false, &ok);
  s->adj = try_new(sizeof(uint32_t) * (2 * inc + 1), false, &ok);
  s->mate_l = try_new(sizeof(uint32_t) * (2 * ns + 1), false, &ok);
  s->mate_r = try_new(sizeof(uint32_t) * (nc + 1), false, &ok);
  s->sets = try_new(sizeof(uint32_t) * (ns + 1), false, &ok);
  s->cellof = try_new(sizeof(uint32_t) * (nc + 1), false, &ok);
  s->rightof = try_new(sizeof(uint32_t) * (nc + 1), false, &ok);
  s->weight = try_new(sizeof(double) * (nc + 1), false, &ok);
  s->fr = try_new(sizeof(uint32_t) * (ns + 1), true, &ok);
  s->bk = try_new(sizeof(uint32_t) * (ns + 1), true, &ok);
  s->memo = try_new(sizeof(uint64_t) * VCF_MEMO, true, &ok);
  s->memo_gen = 0;
  s->sfree = try_new(sizeof(uint64_t[CL_MAX_WORDS]) * (ns + 1), true, &ok);
  s->bo_cnt = try_new(ns + 1, true, &ok);
  s->bo_thr = try_new(sizeof(uint32_t) * (ns + 1), true, &ok);
  s->img = g->tab ? try_new(sizeof(uint64_t) * g->G->order * 2 * g->W, false, &ok) : NULL;
  if (!ok) {
    sv_scratch_clear(s);
    return false;
  }
  s->w = bm_work_new((uint32_t)(2 * ns + 1), (uint32_t)(nc + 1));
  s->clc = cl_cache_new();
  cl_cache_set_plain(s->clc, g->plain_clusters);
  cl_cache_set_max_bytes(s->clc, cluster_cache_bytes);
  s->pair_found = s->pair_tried = 0;
  return true;
}
void sv_scratch_clear(Scratch *s) {
  g_free(s->start), g_free(s->adj), g_free(s->mate_l), g_free(s->mate_r), g_free(s->sets);
  g_free(s->cellof), g_free(s->rightof), g_free(s->weight);
  g_free(s->fr), g_free(s->bk), g_free(s->memo), g_free(s->sfree);
  g_free(s->bo_cnt), g_free(s->bo_thr), g_free(s->img);
  cl_cache_free(s->clc);
  bm_work_free(s->w);
  sv_give(s->mem, s->bytes);
  s->bytes = 0, s->clc = NULL, s->w = NULL;
}

/* a private pairing of the surviving sets; pairs (2 cells per set, in
 * survivor order) written to out[0..2*(*nout)-1] if out is not NULL;
 * returns whether one exists */
static bool private_pairing(const Game *g, const Pos *p, Scratch *s, uint32_t *out, uint32_t *nout) {
  uint32_t nsurv = 0, nright = 0;
  for (uint32_t c = 0; c < g->nc; c++) s->rightof[c] = UINT32_MAX;
  uint32_t na = 0;
  for (uint32_t i = 0; i < g->ns; i++) {
    bool dead = false;
    for (int w = 0; w < (int)g->W; w++) dead |= (g->set[i][w] & p->b[w]) != 0;
    if (dead) continue;
    s->sets[nsurv++] = i;
  }
  s->start[0] = 0;
  for (uint32_t k = 0; k < nsurv; k++) {
    uint32_t i = s->sets[k];
    for (int copy = 0; copy < 2; copy++) {
      for (int w = 0; w < (int)g->W; w++) {
        uint64_t f = g->set[i][w] & ~p->m[w];
        while (f) {
          uint32_t c = (uint32_t)(w * 64 + __builtin_ctzll(f));
          f &= f - 1;
          if (s->rightof[c] == UINT32_MAX) s->rightof[c] = nright, s->cellof[nright++] = c;
          s->adj[na++] = s->rightof[c];
        }
      }
      s->start[2 * k + copy + 1] = na;
    }
  }
  if (2 * nsurv > nright) return false;
  BipGraph bg = {2 * nsurv, nright, s->start, s->adj};
  size_t m = bm_hopcroft_karp(&bg, s->mate_l, s->mate_r, false, s->w);
  if (m < 2 * (size_t)nsurv) return false;
  if (out) {
    for (uint32_t k = 0; k < 2 * nsurv; k++) out[k] = s->cellof[s->mate_l[k]];
    *nout = nsurv;
  }
  return true;
}

/* weights for move order: the Erdős–Selfridge weight of each live cell */
static int cmp_moves_ctx(const void *a, const void *b, void *ctx) {
  const double *w = ctx;
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  if (w[x] != w[y]) return w[x] > w[y] ? -1 : 1;
  return (x > y) - (x < y);
}

/* 2^-n for 1 <= n <= 256, exactly ldexp(1.0, -n) (the biased exponent
 * 1023 - n, a zero mantissa), without the library call, which took 3 % of
 * a torus line's time */
static inline double pow2_neg(uint32_t n) {
  union {
    uint64_t u;
    double d;
  } x = {.u = (uint64_t)(1023 - n) << 52};
  return x.d;
}

/* The line potential (solver.h says why it is a closure), scaled by
 * 2^(K+1): a near-line T with no Breaker cell and u free cells weighs
 * (u + 2) 2^-u, with one Breaker cell 2^-u, with more 0; a surviving set
 * that is no near-line minus a cell weighs 2^-(its free cells) (usum).
 * Maker to move, when the sum is below 1: plus the largest gain of a free
 * cell, each near-line and plain set adding its gain (u 2^-u, resp. 2^-u;
 * its weight) to its free cells in one pass. */
static void line_counts(const Game *g, const Pos *p, uint32_t l, uint32_t *b, uint32_t *u) {
  *b = *u = 0;
  for (uint32_t w = 0; w < g->W; w++)
    *b += (uint32_t)__builtin_popcountll(g->line[l][w] & p->b[w]),
        *u += (uint32_t)__builtin_popcountll(g->line[l][w] & ~p->b[w] & ~p->m[w]);
}
static void add_to_free(const Game *g, const Pos *p, const uint64_t *x, unsigned __int128 v, unsigned __int128 *gain) {
  for (uint32_t w = 0; w < g->W; w++)
    for (uint64_t f = x[w] & ~p->b[w] & ~p->m[w]; f; f &= f - 1) gain[w * 64 + (uint32_t)__builtin_ctzll(f)] += v;
}
static unsigned __int128 line_potential(const Game *g, const Pos *p, bool maker, unsigned __int128 usum) {
  uint32_t S = g->K + 1, b, u;
  unsigned __int128 val = usum;
  for (uint32_t l = 0; l < g->nl; l++) {
    line_counts(g, p, l, &b, &u);
    if (b == 0) val += (unsigned __int128)(u + 2) << (S - u);
    else if (b == 1) val += (unsigned __int128)1 << (S - u);
  }
  if (!maker || val >= (unsigned __int128)1 << S) return val;
  unsigned __int128 gain[MB_SOLVE_MAX_CELLS] = {0}, best = 0;
  for (uint32_t l = 0; l < g->nl; l++) {
    line_counts(g, p, l, &b, &u);
    if (b <= 1) add_to_free(g, p, g->line[l], (unsigned __int128)(b ? 1 : u) << (S - u), gain);
  }
  for (uint32_t i = 0; i < g->ns; i++) {
    if (g->covered[i]) continue;
    bool dead = false;
    uint32_t cnt = 0;
    for (uint32_t w = 0; w < g->W; w++)
      dead |= (g->set[i][w] & p->b[w]) != 0, cnt += (uint32_t)__builtin_popcountll(g->set[i][w] & ~p->m[w]);
    if (!dead) add_to_free(g, p, g->set[i], (unsigned __int128)1 << (S - cnt), gain);
  }
  for (uint32_t c = 0; c < g->nc; c++) best = gain[c] > best ? gain[c] : best;
  return val + best;
}

/* zones: Breaker's moves may be restricted to the zone of Maker's threat
 * sequence after a Breaker pass (the other moves lose to that sequence);
 * off where every move must be listed (certificates, the root). */
void sv_evaluate(const Game *g, const Pos *p, bool maker, Scratch *s, Eval *e, bool zones) {
  e->cls = C_OPEN;
  e->nmoves = 0;
  e->es = 0;
  e->passz = false;
  e->pn0 = NULL;
  uint32_t nsurv = 0, nthreat = 0, t1 = 0, t2 = 0;
  uint64_t live[SW] = {0};
  unsigned __int128 sum = 0;
  unsigned __int128 usum = 0; /* the line potential's plain sets (near-lines: below; 128 bits: up
                               * to 2^14 sets of 2^59 each, one-short sets, would overflow 64) */
  for (uint32_t c = 0; c < g->nc; c++) s->weight[c] = 0;
  for (uint32_t i = 0; i < g->ns; i++) {
    bool dead = false;
    for (int w = 0; w < (int)g->W; w++) dead |= (g->set[i][w] & p->b[w]) != 0;
    if (dead) continue;
    nsurv++;
    uint32_t cnt = 0;
    uint64_t f[SW];
    for (int w = 0; w < (int)g->W; w++) f[w] = g->set[i][w] & ~p->m[w], cnt += (uint32_t)__builtin_popcountll(f[w]);
    if (cnt == 0) {
      e->cls = C_MAKER_WON;
      return;
    }
    double wt = pow2_neg(cnt);
    for (int w = 0; w < (int)g->W; w++) s->sfree[nsurv - 1][w] = f[w];
    for (int w = 0; w < (int)g->W; w++) {
      live[w] |= f[w];
      uint64_t x = f[w];
      while (x) {
        uint32_t c = (uint32_t)(w * 64 + __builtin_ctzll(x));
        x &= x - 1;
        s->weight[c] += wt;
        if (cnt == 1) {
          if (nthreat == 0) t1 = c, nthreat = 1;
          else if (c != t1 && nthreat == 1) t2 = c, nthreat = 2;
        }
      }
    }
    if (g->es_ok) sum += (unsigned __int128)1 << (g->K - cnt);
    if (g->nl && !g->covered[i]) usum += (unsigned __int128)1 << (g->K + 1 - cnt);
  }
  if (nthreat && g->threats) {
    if (maker) {
      e->cls = C_MAKER_NOW, e->t1 = t1;
      return;
    }
    if (nthreat == 2) {
      e->cls = C_DOUBLE, e->t1 = t1, e->t2 = t2;
      return;
    }
  }
  memset(e->zone, 0, sizeof e->zone);
  if (nsurv == 0) {
    e->cls = C_DEAD;
    return;
  }
  if (g->closures) {
    if (g->es_ok) {
      unsigned __int128 val = sum, one = (unsigned __int128)1 << g->K;
      if (maker && val < one) { /* plus the largest cell term (needed only if the sum is below 1) */
        unsigned __int128 best = 0;
        for (int w = 0; w < (int)g->W; w++) {
          uint64_t x = live[w];
          while (x) {
            uint32_t c = (uint32_t)(w * 64 + __builtin_ctzll(x));
            x &= x - 1;
            unsigned __int128 t = 0;
            for (uint32_t k = 0; k < g->deg[c]; k++) {
              uint32_t i = g->inc[c][k];
              bool dead = false;
              uint32_t cnt = 0;
              for (int v = 0; v < (int)g->W; v++)
                dead |= (g->set[i][v] & p->b[v]) != 0,
                    cnt += (uint32_t)__builtin_popcountll(g->set[i][v] & ~p->m[v]);
              if (!dead) t += (unsigned __int128)1 << (g->K - cnt);
            }
            if (t > best) best = t;
          }
        }
        val += best;
      }
      if (val < one) {
        e->cls = C_ES, e->es = val;
        memcpy(e->zone, live, sizeof live);
        return;
      }
    }
    if (g->nl) {
      unsigned __int128 val = line_potential(g, p, maker, usum);
      if (val < (unsigned __int128)1 << (g->K + 1)) {
        e->cls = C_LINE, e->es = val;
        memcpy(e->zone, live, sizeof live);
        return;
      }
    }
    /* a private pairing takes two cells of its own per surviving set, so
     * it needs twice as many live cells as surviving sets (Hall's
     * condition for the whole family): most positions fail this count and
     * skip the matching */
    uint32_t nlive = 0;
    for (int w = 0; w < (int)g->W; w++) nlive += (uint32_t)__builtin_popcountll(live[w]);
    bool found = 2 * nsurv <= nlive && private_pairing(g, p, s, e->pairs, &e->npair);
    /* shared pairs only with Maker to move: Maker's move only removes free
     * cells, so a pairing after it was already one before it, where the
     * parent (Maker to move) looked for it.  And only where the surviving
     * sets are not many more than the live cells (options.pair_ratio, in
     * percent, default 100): a heuristic, not a theorem (the search stays
     * exact; a pairing not looked for is a leaf searched further).  On the
     * line M:1,1 B:4,4 of mnk:8,8,5 (2 threads) every family with more
     * sets than 1.1 x its live cells had no pairing (0.58 M searches, none
     * found), and those between 1.0 and 1.1 x gave 2,132 pairings in 1.34 M
     * searches; they took most of the search's time.  With the ratio 100
     * the line took 3,601,434 expansions instead of 3,545,484 in 26 s
     * instead of 60 s, the line M:2,1 B:5,4 97 s instead of 193 s, with
     * 4^3 and mnk:7,7,5 unchanged; 90 was much worse (51 M expansions on
     * the first line: families between 0.9 and 1.0 x gave 108,480 of its
     * pairings). */
    if (!found && g->shared && nthreat == 0 && maker && (!g->pair_ratio || 100 * (uint64_t)nsurv <= (uint64_t)g->pair_ratio * nlive)) {
      uint64_t steps;
      s->pair_tried++;
      found = cl_shared_pairing_cached(s->clc, (const uint64_t(*)[CL_MAX_WORDS])s->sfree, nsurv, g->W, g->pair_budget, e->pairs,
                                &e->npair, &steps, NULL);
      s->pair_found += found;
    }
    if (found) {
      e->cls = C_PAIR;
      for (uint32_t k = 0; k < 2 * e->npair; k++) put(e->zone, e->pairs[k]);
      return;
    }
  }
  if (maker && g->threats) {
    s->vcf_nodes = 0;
    Pos q = *p;
    int64_t c = sv_vcf(g, &q, s, e->zone);
    if (c >= 0) {
      e->cls = C_VCF, e->t1 = (uint32_t)c;
      return;
    }
  }
  if (nthreat && g->threats && !maker) { /* one threat: the reply is forced */
    e->cls = C_FORCED, e->t1 = t1;
    e->moves[0] = t1, e->nmoves = 1;
    return;
  }
  if (!maker && zones && g->threats) { /* Breaker to move, no threat: if Maker had the move */
    uint64_t zone[SW] = {0};
    s->vcf_nodes = 0;
    Pos q = *p;
    bool z = sv_vcf(g, &q, s, zone) >= 0;
    if (z) {
      for (int w = 0; w < (int)g->W; w++) live[w] &= zone[w];
      memcpy(e->zone, zone, sizeof zone), e->passz = true;
    }
  }
  for (int w = 0; w < (int)g->W; w++) {
    uint64_t x = live[w];
    while (x) {
      e->moves[e->nmoves++] = (uint32_t)(w * 64 + __builtin_ctzll(x));
      x &= x - 1;
    }
  }
  if (e->nmoves <= 96) /* insertion sort, the comparison inlined (the library sort's calls were 5% of 4^3) */
    for (uint32_t i = 1; i < e->nmoves; i++) {
      uint32_t x = e->moves[i], j = i;
      double wx = s->weight[x];
      for (; j > 0; j--) { /* the order of cmp_moves_ctx(): heavier first, then by cell */
        uint32_t y = e->moves[j - 1];
        if (s->weight[y] > wx || (s->weight[y] == wx && y < x)) break;
        e->moves[j] = y;
      }
      e->moves[j] = x;
    }
  else
    g_qsort_with_data(e->moves, (gint)e->nmoves, sizeof(uint32_t), cmp_moves_ctx, s->weight);
}

/* Breaker to move at p: how many moves must Breaker consider?  0: none
 * saves Breaker (two one-short sets); 1: a forced reply; else the live
 * cells.  (Cutting them to the zone of Maker's threat sequence after a
 * pass, as sv_evaluate() does when the node is expanded, made a better
 * estimate but cost a threat search per child: on 4^3 after 1,1,1 the
 * plain count solved the same units with fewer expansions in a quarter
 * of the time.) */
uint32_t sv_breaker_options(const Game *g, const Pos *p, uint64_t *supp) {
  uint64_t live[SW] = {0};
  memset(supp, 0, sizeof(uint64_t[SW])); /* when 0 is returned: Maker's support (the cells Maker may take) */
  uint32_t nthreat = 0, t1 = 0;
  for (uint32_t i = 0; i < g->ns; i++) {
    bool dead = false;
    uint32_t cnt = 0;
    uint64_t f[SW];
    for (int w = 0; w < (int)g->W; w++)
      dead |= (g->set[i][w] & p->b[w]) != 0, f[w] = g->set[i][w] & ~p->m[w], cnt += (uint32_t)__builtin_popcountll(f[w]);
    if (dead) continue;
    if (cnt == 0) return 0; /* a set all Maker's: support {} */
    if (cnt == 1) {
      uint32_t c = 0;
      for (int w = 0; w < (int)g->W; w++)
        if (f[w]) c = (uint32_t)(w * 64 + __builtin_ctzll(f[w]));
      if (nthreat && c != t1) return put(supp, t1), put(supp, c), 0;
      nthreat = 1, t1 = c;
    }
    for (int w = 0; w < (int)g->W; w++) live[w] |= f[w];
  }
  if (nthreat) return 1;
  uint32_t n = 0;
  for (int w = 0; w < (int)g->W; w++) n += (uint32_t)__builtin_popcountll(live[w]);
  return n ? n : 1;
}


void sv_bo_prepare(const Game *g, const Pos *p, Scratch *s) {
  memset(s->bo_live, 0, sizeof s->bo_live);
  s->bo_nthr = 0;
  for (uint32_t i = 0; i < g->ns; i++) {
    bool dead = false;
    uint32_t cnt = 0;
    for (int w = 0; w < (int)g->W; w++) {
      uint64_t f = g->set[i][w] & ~p->m[w];
      dead |= (g->set[i][w] & p->b[w]) != 0, cnt += (uint32_t)__builtin_popcountll(f);
    }
    if (dead) {
      s->bo_cnt[i] = BO_DEAD;
      continue;
    }
    s->bo_cnt[i] = (uint8_t)(cnt < BO_DEAD - 1 ? cnt : BO_DEAD - 1);
    if (cnt <= 1) s->bo_thr[s->bo_nthr++] = i;
    for (int w = 0; w < (int)g->W; w++) s->bo_live[w] |= g->set[i][w] & ~p->m[w];
  }
  s->bo_nlive = 0;
  for (int w = 0; w < (int)g->W; w++) s->bo_nlive += (uint32_t)__builtin_popcountll(s->bo_live[w]);
}

/* the sets whose count Maker's move c can bring to one or none, in
 * increasing order (sv_breaker_options() stops at the first decisive set
 * in that order, and its support depends on which) */
uint32_t sv_bo_child(const Game *g, const Pos *p, Scratch *s, uint32_t c, uint64_t *supp) {
  memset(supp, 0, sizeof(uint64_t[SW]));
  uint32_t a[MB_SOLVE_MAX_CELLS + 64], na = 0, nb = 0, *bl = g->inc[c];
  uint32_t bs[256];
  for (uint32_t k = 0; k < g->deg[c] && nb < 256; k++) /* through c, surviving, at most two free cells */
    if (s->bo_cnt[bl[k]] <= 2) bs[nb++] = bl[k];
  for (uint32_t i = 1; i < nb; i++) /* incidence lists are short: insertion sort */
    for (uint32_t j = i; j > 0 && bs[j - 1] > bs[j]; j--) {
      uint32_t t = bs[j];
      bs[j] = bs[j - 1], bs[j - 1] = t;
    }
  for (uint32_t x = 0, y = 0; x < s->bo_nthr || y < nb;) { /* merge, no repeats */
    uint32_t v = y >= nb || (x < s->bo_nthr && s->bo_thr[x] <= bs[y]) ? s->bo_thr[x] : bs[y];
    if (x < s->bo_nthr && s->bo_thr[x] == v) x++;
    if (y < nb && bs[y] == v) y++;
    if (na < sizeof a / sizeof a[0]) a[na++] = v;
  }
  uint32_t nthreat = 0, t1 = 0;
  for (uint32_t k = 0; k < na; k++) {
    uint32_t i = a[k];
    bool in = tst(g->set[i], c);
    uint32_t cnt = s->bo_cnt[i] - (in ? 1u : 0u);
    if (cnt == 0) return memset(supp, 0, sizeof(uint64_t[SW])), 0;
    if (cnt == 1) {
      uint32_t cell = 0;
      for (int w = 0; w < (int)g->W; w++) {
        uint64_t f = g->set[i][w] & ~p->m[w];
        if ((uint32_t)w == c >> 6) f &= ~(UINT64_C(1) << (c & 63));
        if (f) cell = (uint32_t)(w * 64 + __builtin_ctzll(f));
      }
      if (nthreat && cell != t1) return put(supp, t1), put(supp, cell), 0;
      nthreat = 1, t1 = cell;
    }
  }
  if (nthreat) return 1;
  uint32_t n = s->bo_nlive - (tst(s->bo_live, c) ? 1u : 0u);
  return n ? n : 1;
}
