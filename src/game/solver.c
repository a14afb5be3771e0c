/* solver.c — df-pn for Maker–Breaker games with certificates (see solver.h). */
#include "game/solver.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "game/certcheck.h"
#include "game/closure.h"
#include "plumbing/errors.h"
#include "plumbing/parfor.h"
#include "solvers/matching.h"

enum { SW = 4 }; /* words per bitset: 256 cells */
#define INF MB_PN_INF

typedef struct {
  uint64_t m[SW], b[SW];
} Pos;

static inline bool tst(const uint64_t *x, uint32_t c) { return (x[c >> 6] >> (c & 63)) & 1; }
static inline void put(uint64_t *x, uint32_t c) { x[c >> 6] |= UINT64_C(1) << (c & 63); }
static inline void del(uint64_t *x, uint32_t c) { x[c >> 6] &= ~(UINT64_C(1) << (c & 63)); }
/* a total order on positions: Maker's words, then Breaker's, as integers */
static inline int pos_cmp(const Pos *a, const Pos *b) {
  for (int w = 0; w < SW; w++)
    if (a->m[w] != b->m[w]) return a->m[w] < b->m[w] ? -1 : 1;
  for (int w = 0; w < SW; w++)
    if (a->b[w] != b->b[w]) return a->b[w] < b->b[w] ? -1 : 1;
  return 0;
}
static inline bool pos_eq(const Pos *a, const Pos *b) {
  uint64_t d = 0;
  for (int w = 0; w < SW; w++) d |= (a->m[w] ^ b->m[w]) | (a->b[w] ^ b->b[w]);
  return d == 0;
}

/* ---- the game ---------------------------------------------------------------- */

typedef struct {
  const MbBoard *board;
  uint32_t nc, ns, K;
  uint32_t W; /* words of a bitset the board needs (<= SW) */
  uint64_t (*set)[SW];
  uint32_t *setlen;
  uint32_t **inc; /* cell -> sets */
  uint32_t *deg;
  MbGroup *G;
  uint32_t nbytes;
  uint64_t (*tab)[SW]; /* image of byte value v at byte j under element e: [(e * nbytes + j) * 256 + v] */
  bool threats, closures, es_ok;
  bool zones;           /* Breaker's relevance zones prune Maker's moves */
  bool mustplay;        /* Maker's supports prune Breaker's moves */
  bool shared;          /* shared-pair closures */
  uint32_t pair_budget; /* placements per shared-pairing search */
  bool breaker_first;
} Game;

typedef enum {
  C_OPEN,
  C_MAKER_WON,  /* a set is all Maker's */
  C_MAKER_NOW,  /* Maker to move completes a set at t1 */
  C_DOUBLE,     /* Breaker to move faces two one-short sets: t1, t2 */
  C_FORCED,     /* Breaker to move must take t1 */
  C_DEAD,       /* no surviving set */
  C_ES,         /* Erdős–Selfridge */
  C_PAIR,       /* a pairing (private, or shared: closure.h) */
  C_VCF,        /* Maker to move wins by a sequence of threats starting at t1 */
} Cls;

typedef struct {
  Cls cls;
  uint32_t t1, t2;
  uint32_t nmoves;
  uint32_t moves[MB_SOLVE_MAX_CELLS];
  unsigned __int128 es; /* the ES value scaled by 2^K */
  uint64_t zone[SW];    /* Breaker wins at once (C_DEAD, C_ES, C_PAIR): the cells it rests on;
                           Maker wins at once (C_VCF): the cells of the sequence (Maker's support);
                           open, Breaker to move, passz: the support of Maker's threat win after a pass */
  bool passz;           /* Breaker's moves were cut to zone (Maker wins by threats after a pass) */
  uint32_t npair;       /* C_PAIR: the pairs */
  uint32_t pairs[MB_SOLVE_MAX_CELLS];
  uint16_t *pn0;        /* Maker to move, from the evaluation cache: each move's child's proof
                           number to begin with (PN0_NONE: not known), kept for the next entry */
} Eval;
#define PN0_NONE 0xffffu

typedef struct {
  uint32_t *start, *adj, *mate_l, *mate_r, *sets, *cellof, *rightof;
  BmWork *w;
  double *weight;
  uint64_t vcf_nodes;
  uint32_t *fr, *bk; /* per set, during vcf(): free cells (not Maker's), Breaker's cells */
  uint64_t *memo, memo_gen;
  uint32_t path[MB_SOLVE_MAX_CELLS], pathlen; /* vcf()'s winning sequence, last move first */
  uint64_t (*sfree)[CL_MAX_WORDS];             /* free cells of each surviving set (shared pairing) */
  uint64_t pair_found, pair_tried;             /* shared-pairing statistics */
} Scratch;

enum { VCF_BUDGET = 4000, VCF_MEMO = 1 << 13 };
static uint64_t pos_hash(const Pos *p);

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
  uint64_t h = pos_hash(p) | 1;
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
static int64_t vcf(const Game *g, Pos *p, Scratch *s, uint64_t *zone) {
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

static void scratch_init(Scratch *s, const Game *g) {
  size_t inc = 0;
  for (uint32_t i = 0; i < g->ns; i++) inc += g->setlen[i];
  s->start = g_new(uint32_t, 2 * g->ns + 1);
  s->adj = g_new(uint32_t, 2 * inc + 1);
  s->mate_l = g_new(uint32_t, 2 * g->ns + 1);
  s->mate_r = g_new(uint32_t, g->nc + 1);
  s->sets = g_new(uint32_t, g->ns + 1);
  s->cellof = g_new(uint32_t, g->nc + 1);
  s->rightof = g_new(uint32_t, g->nc + 1);
  s->weight = g_new(double, g->nc + 1);
  s->w = bm_work_new(2 * g->ns + 1, g->nc + 1);
  s->fr = g_new0(uint32_t, g->ns + 1);
  s->bk = g_new0(uint32_t, g->ns + 1);
  s->memo = g_new0(uint64_t, VCF_MEMO);
  s->memo_gen = 0;
  s->sfree = g_malloc0(sizeof(uint64_t[CL_MAX_WORDS]) * (g->ns + 1));
  s->pair_found = s->pair_tried = 0;
}
static void scratch_clear(Scratch *s) {
  g_free(s->start), g_free(s->adj), g_free(s->mate_l), g_free(s->mate_r), g_free(s->sets);
  g_free(s->cellof), g_free(s->rightof), g_free(s->weight);
  g_free(s->fr), g_free(s->bk), g_free(s->memo), g_free(s->sfree);
  bm_work_free(s->w);
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

/* zones: Breaker's moves may be restricted to the zone of Maker's threat
 * sequence after a Breaker pass (the other moves lose to that sequence);
 * off where every move must be listed (certificates, the root). */
static void evaluate(const Game *g, const Pos *p, bool maker, Scratch *s, Eval *e, bool zones) {
  e->cls = C_OPEN;
  e->nmoves = 0;
  e->es = 0;
  e->passz = false;
  e->pn0 = NULL;
  uint32_t nsurv = 0, nthreat = 0, t1 = 0, t2 = 0;
  uint64_t live[SW] = {0};
  unsigned __int128 sum = 0;
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
    double wt = ldexp(1.0, -(int)cnt);
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
    bool found = private_pairing(g, p, s, e->pairs, &e->npair);
    /* shared pairs only with Maker to move: Maker's move only removes free
     * cells, so a pairing after it was already one before it, where the
     * parent (Maker to move) looked for it */
    if (!found && g->shared && nthreat == 0 && maker) {
      uint64_t steps;
      s->pair_tried++;
      found = cl_shared_pairing((const uint64_t(*)[CL_MAX_WORDS])s->sfree, nsurv, g->W, g->pair_budget, e->pairs,
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
    int64_t c = vcf(g, &q, s, e->zone);
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
    bool z = vcf(g, &q, s, zone) >= 0;
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
  g_qsort_with_data(e->moves, (gint)e->nmoves, sizeof(uint32_t), cmp_moves_ctx, s->weight);
}

/* ---- canonical forms --------------------------------------------------------- */

static void image(const Game *g, uint32_t el, const Pos *p, Pos *q) {
  const uint32_t *pm = g->G->perm[el];
  memset(q, 0, sizeof *q);
  for (int w = 0; w < (int)g->W; w++) {
    uint64_t x = p->m[w], y = p->b[w];
    while (x) put(q->m, pm[w * 64 + __builtin_ctzll(x)]), x &= x - 1;
    while (y) put(q->b, pm[w * 64 + __builtin_ctzll(y)]), y &= y - 1;
  }
}
/* the least image; returns the element giving it (the first such).
 * Positions with more than SYM_STONES stones are their own canonical form
 * (symmetric positions are rare deep in the tree, and the images cost). */
enum { SYM_STONES = 6 };
static uint32_t canon(const Game *g, const Pos *p, Pos *out) {
  *out = *p; /* element 0 is the identity */
  uint32_t stones = 0;
  for (int w = 0; w < (int)g->W; w++) stones += (uint32_t)(__builtin_popcountll(p->m[w]) + __builtin_popcountll(p->b[w]));
  if (stones > SYM_STONES) return 0;
  uint32_t best = 0;
  Pos q;
  if (!g->tab) {
    for (uint32_t el = 1; el < g->G->order; el++) {
      image(g, el, p, &q);
      if (pos_cmp(&q, out) < 0) *out = q, best = el;
    }
    return best;
  }
  /* by byte tables: Maker's image first, Breaker's only if it can matter */
  const uint8_t *mb = (const uint8_t *)p->m, *bb = (const uint8_t *)p->b;
  uint32_t jm[32], jb[32], nm = 0, nb = 0;
  for (uint32_t j = 0; j < g->nbytes; j++) {
    if (mb[j]) jm[nm++] = j;
    if (bb[j]) jb[nb++] = j;
  }
  for (uint32_t el = 1; el < g->G->order; el++) {
    const uint64_t(*t)[SW] = g->tab + (size_t)el * g->nbytes * 256;
    uint64_t m[SW] = {0};
    for (uint32_t k = 0; k < nm; k++) {
      const uint64_t *x = t[jm[k] * 256 + mb[jm[k]]];
      for (int w = 0; w < (int)g->W; w++) m[w] |= x[w];
    }
    int c = 0;
    for (int w = 0; w < (int)g->W && !c; w++)
      if (m[w] != out->m[w]) c = m[w] < out->m[w] ? -1 : 1;
    if (c > 0) continue;
    uint64_t b[SW] = {0};
    for (uint32_t k = 0; k < nb; k++) {
      const uint64_t *x = t[jb[k] * 256 + bb[jb[k]]];
      for (int w = 0; w < (int)g->W; w++) b[w] |= x[w];
    }
    for (int w = 0; w < (int)g->W && !c; w++)
      if (b[w] != out->b[w]) c = b[w] < out->b[w] ? -1 : 1;
    if (c < 0) memcpy(out->m, m, sizeof m), memcpy(out->b, b, sizeof b), best = el;
  }
  return best;
}

/* ---- the transposition table -------------------------------------------------- */

/* The table: open addressing, each slot the numbers (pn, dn; both 0 =
 * empty), the key's 2W words (W = words the board needs), so a 64-cell
 * board takes 24 bytes a position, not sizeof(Pos), and W more words: the
 * relevance zone of a position proved for Breaker (dn == 0), in the key's
 * coordinates.
 *
 * Bounded memory.  The table may not grow past max_bytes.  When it is full
 * it is COLLECTED: every entry that is neither proved nor disproved is
 * dropped (df-pn finds them again when it needs them; the decided ones are
 * kept, since the certificate is read back from them), and the table is
 * rebuilt at the size that holds the rest.  If the decided entries alone
 * fill more than a quarter of the bound, or the table has been collected
 * TABLE_MAX_COLLECTIONS times (the bound is so small that the search would
 * thrash), the table is `full`: the unit stops and is reported unknown
 * (exit 4 from the tool), never a crash; a failed allocation is treated
 * the same way. */
typedef struct {
  uint32_t pn, dn;
} Entry;
typedef struct {
  uint32_t *s;  /* cap slots of `stride` uint32s */
  size_t cap, n;
  uint32_t W, stride;
  size_t max_bytes; /* 0: no bound */
  bool full;
  uint64_t collections;
  uint64_t gen;         /* rebuilds so far: Entry pointers from an earlier generation are stale */
} Table;

static uint64_t pos_hash(const Pos *p) {
  uint64_t h = 0x9E3779B97F4A7C15ull;
  for (int w = 0; w < SW; w++) {
    if ((p->m[w] | p->b[w]) == 0) continue; /* the words a small board never uses */
    h ^= p->m[w] + 0x632BE59BD9B4E019ull + (uint64_t)w + (h << 6) + (h >> 2);
    h ^= p->b[w] * 0xC2B2AE3D27D4EB4Full + (h << 6) + (h >> 2);
  }
  h ^= h >> 31, h *= 0xBF58476D1CE4E5B9ull, h ^= h >> 29;
  return h;
}
/* a bound so small that the table is collected this often is too small:
 * the search would redo the same work again and again (thrash) */
enum { TABLE_CAP0 = 1 << 12, TABLE_MAX_COLLECTIONS = 32 };
static size_t table_bytes(const Table *t, size_t cap) { return cap * t->stride * sizeof(uint32_t); }
static void table_init(Table *t, uint32_t nc, size_t max_bytes) {
  memset(t, 0, sizeof *t);
  t->W = (nc + 63) / 64, t->stride = 2 + 6 * t->W;
  t->cap = TABLE_CAP0, t->n = 0, t->max_bytes = max_bytes;
  t->s = g_new0(uint32_t, t->cap * t->stride);
}
static void table_clear(Table *t) { g_free(t->s), t->s = NULL; }
static inline bool slot_is(const Table *t, const uint32_t *sl, const Pos *k) {
  for (uint32_t w = 0; w < t->W; w++) {
    uint64_t a, b;
    memcpy(&a, sl + 2 + 2 * w, 8), memcpy(&b, sl + 2 + 2 * (t->W + w), 8);
    if (a != k->m[w] || b != k->b[w]) return false;
  }
  return true;
}
static Entry *table_find_h(const Table *t, const Pos *k, uint64_t h) {
  size_t i = h & (t->cap - 1);
  for (;;) {
    uint32_t *sl = t->s + i * t->stride;
    if (sl[0] == 0 && sl[1] == 0) return NULL;
    if (slot_is(t, sl, k)) return (Entry *)(void *)sl;
    i = (i + 1) & (t->cap - 1);
  }
}
static Entry *table_find(const Table *t, const Pos *k) { return table_find_h(t, k, pos_hash(k)); }
/* the zone of a disproved entry (key coordinates) */
static void table_zone(const Table *t, const Entry *e, uint64_t *z) {
  memset(z, 0, sizeof(uint64_t[SW]));
  memcpy(z, (const uint32_t *)(const void *)e + 2 + 4 * t->W, 8 * t->W);
}
static void slot_put(Table *t, size_t i, const Pos *k, uint32_t pn, uint32_t dn, const uint64_t *zone) {
  uint32_t *sl = t->s + i * t->stride;
  memcpy(sl + 2, k->m, 8 * t->W), memcpy(sl + 2 + 2 * t->W, k->b, 8 * t->W);
  sl[0] = pn, sl[1] = dn;
  if (zone) memcpy(sl + 2 + 4 * t->W, zone, 8 * t->W);
  else memset(sl + 2 + 4 * t->W, 0xff, 8 * t->W); /* every cell: the zone that is always right */
}
/* rebuild at capacity cap, keeping all entries or only the decided ones */
static void table_rebuild(Table *t, size_t cap, bool decided_only) {
  Table u = *t;
  u.s = g_try_malloc0(table_bytes(t, cap));
  if (!u.s) {
    t->full = true;
    return;
  }
  u.cap = cap, u.n = 0;
  for (size_t i = 0; i < t->cap; i++) {
    const uint32_t *sl = t->s + i * t->stride;
    if (sl[0] == 0 && sl[1] == 0) continue;
    if (decided_only && sl[0] != 0 && sl[1] != 0) continue;
    Pos q;
    memset(&q, 0, sizeof q);
    memcpy(q.m, sl + 2, 8 * t->W), memcpy(q.b, sl + 2 + 2 * t->W, 8 * t->W);
    size_t j = pos_hash(&q) & (cap - 1);
    while (u.s[j * u.stride] || u.s[j * u.stride + 1]) j = (j + 1) & (cap - 1);
    memcpy(u.s + j * u.stride, sl, u.stride * sizeof(uint32_t));
    u.n++;
  }
  g_free(t->s);
  u.gen = t->gen + 1;
  *t = u;
}
/* make room for one more entry; false if the bound leaves none */
static bool table_room(Table *t) {
  if (t->full) return false;
  if (2 * (t->n + 1) <= t->cap) return true;
  if (!t->max_bytes || table_bytes(t, 2 * t->cap) <= t->max_bytes) {
    table_rebuild(t, 2 * t->cap, false);
    return !t->full;
  }
  /* at the bound: keep the decided entries only */
  size_t keep = 0;
  for (size_t i = 0; i < t->cap; i++) {
    const uint32_t *sl = t->s + i * t->stride;
    keep += (sl[0] == 0) != (sl[1] == 0);
  }
  if (4 * (keep + 1) > t->cap || t->collections >= TABLE_MAX_COLLECTIONS) {
    t->full = true;
    return false;
  }
  t->collections++;
  table_rebuild(t, t->cap, true);
  return !t->full;
}
/* one probe: the key's slot is updated, or the first empty slot taken (a
 * table that must grow or be collected first is probed again after it) */
static void table_store(Table *t, const Pos *k, uint32_t pn, uint32_t dn, const uint64_t *zone) {
  g_assert(pn || dn);
  uint64_t h = pos_hash(k);
  for (;;) {
    size_t i = h & (t->cap - 1);
    while ((t->s[i * t->stride] || t->s[i * t->stride + 1]) && !slot_is(t, t->s + i * t->stride, k))
      i = (i + 1) & (t->cap - 1);
    bool fresh = !t->s[i * t->stride] && !t->s[i * t->stride + 1];
    if (!fresh || 2 * (t->n + 1) <= t->cap) {
      slot_put(t, i, k, pn, dn, zone);
      t->n += fresh;
      return;
    }
    if (!table_room(t)) return; /* full: the unit stops (tick) */
  }
}

/* ---- df-pn -------------------------------------------------------------------- */

typedef struct {
  uint32_t move, el, pn0;
  Pos key;
  uint64_t h; /* pos_hash(key) */
} Child;

typedef struct Solver Solver;
typedef struct {
  Solver *S;
  const Game *g;
  Table tt;
  Scratch sc;
  Eval *ev;      /* one per depth */
  Child **kids;  /* one array per depth */
  uint64_t nodes, limit;
  bool abort;
  uint32_t unit;
  uint32_t root_pn, root_dn;
  _Atomic int *cut; /* set: the unit's answer is no longer needed */
  uint64_t try_stop; /* widen(): this try ends after that many expansions */
  bool hard_stop;    /* the abort is the budget's, the clock's, the memory's or the cut's */
  bool mem_hit;      /* the table reached its bound */
  uint8_t **alive;   /* per depth, per child: still to be refuted (Maker to move) */
  Entry ***ent;      /* per depth, per child: its table entry (fetch()) */
  struct EvCache *evc; /* open nodes' evaluations (mid() re-enters a node many times) */
  uint64_t evc_hits;
  uint64_t zone_cuts; /* Maker moves refuted by a sibling's zone */
  uint64_t must_cuts; /* Breaker moves proved by a sibling's support */
  uint64_t nodes_told; /* expansions already added to the solver's total */
} Unit;

struct Solver {
  Game g;
  const MbSolveOpts *o;
  gint64 start_us, deadline_us;
  _Atomic int64_t last_status_us;
  _Atomic uint64_t nodes_done; /* expansions of all units so far (each adds its own every 1024) */
  _Atomic int units, units_done;
  _Atomic int stop;            /* time is up */
  _Atomic int mem_hit;         /* a unit's table reached its bound */
  _Atomic uint64_t zone_cuts, must_cuts, pair_found, pair_tried;
  size_t table_bytes;          /* each running unit's table bound */
};

static uint32_t sat_add(uint32_t a, uint32_t b) {
  if (a >= INF || b >= INF) return INF;
  uint64_t s = (uint64_t)a + b;
  return s >= INF ? INF - 1 : (uint32_t)s;
}

static void lookup(Unit *u, const Pos *k, uint32_t *pn, uint32_t *dn) {
  Entry *e = table_find(&u->tt, k);
  if (e) *pn = e->pn, *dn = e->dn;
  else *pn = 1, *dn = 1;
}

static void tick(Unit *u) {
  Solver *S = u->S;
  if (u->limit && u->nodes > u->limit) u->abort = u->hard_stop = true;
  if (u->try_stop && u->nodes > u->try_stop) u->abort = true;
  if (u->nodes - u->nodes_told >= 1024) { /* the progress line's total grows with every unit's work */
    atomic_fetch_add(&S->nodes_done, u->nodes - u->nodes_told);
    u->nodes_told = u->nodes;
  }
  if (u->tt.full) {
    u->abort = u->hard_stop = u->mem_hit = true;
    atomic_store(&S->mem_hit, 1);
  }
  /* the clock at every expansion: it costs tens of nanoseconds, an
   * expansion (threat and pairing searches over every set) far more, and on
   * a board of 10^5 sets one expansion takes milliseconds */
  {
    gint64 now = g_get_monotonic_time();
    if (S->deadline_us && now > S->deadline_us) atomic_store(&S->stop, 1);
    if (S->o->stop && *S->o->stop) atomic_store(&S->stop, 1); /* a signal: as at the clock's budget */
    int64_t last = atomic_load(&S->last_status_us);
    if (S->o->status && now - last >= 2000000 && atomic_compare_exchange_strong(&S->last_status_us, &last, now)) {
      MbSolveStatus st = {(uint32_t)atomic_load(&S->units), (uint32_t)atomic_load(&S->units_done),
                          atomic_load(&S->nodes_done),
                          u->unit, u->root_pn, u->root_dn, (double)(now - S->start_us) / 1e6};
      S->o->status(S->o->status_ctx, &st);
    }
  }
  if (atomic_load(&S->stop) || (u->cut && atomic_load(u->cut))) u->abort = u->hard_stop = true;
}

static void apply(Pos *p, uint32_t c, bool maker) { put(maker ? p->m : p->b, c); }
static void undo(Pos *p, uint32_t c, bool maker) { del(maker ? p->m : p->b, c); }

/* Breaker to move at p: how many moves must Breaker consider?  0: none
 * saves Breaker (two one-short sets); 1: a forced reply; else the live
 * cells.  (Cutting them to the zone of Maker's threat sequence after a
 * pass, as evaluate() does when the node is expanded, made a better
 * estimate but cost a threat search per child: on 4^3 after 1,1,1 the
 * plain count solved the same units with fewer expansions in a quarter
 * of the time.) */
static uint32_t breaker_options(const Game *g, const Pos *p, uint64_t *supp) {
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
    if (cnt == 0) return memset(supp, 0, sizeof(uint64_t[SW])), 0;
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

static void zone_map(const Game *g, uint32_t el, const uint64_t *z, uint64_t *out);
/* children of an open node, deduplicated by canonical form; ent (if not
 * NULL) gets each one's table entry (valid while the table's generation is
 * the one returned in *gen) */
static uint32_t children(Unit *u, Pos *p, bool maker, const Eval *e, Child *kids, Entry **ent, uint64_t *gen) {
  uint32_t n = 0;
  uint64_t g0 = u->tt.gen;
  for (uint32_t i = 0; i < e->nmoves; i++) {
    uint32_t c = e->moves[i];
    apply(p, c, maker);
    Child k;
    k.move = c;
    k.el = canon(u->g, p, &k.key);
    k.h = pos_hash(&k.key);
    k.pn0 = 1;
    Entry *te = table_find_h(&u->tt, &k.key, k.h);
    if (maker && !te) {
      /* Breaker's moves after this one: its proof number to begin with.
       * Only a child decided here is stored; an open one keeps its number
       * in kids[] (computed again when the node is entered again: storing
       * every generated child filled the table with positions never
       * expanded — 4^3 after 1,1,1 / 2,2,2: 816 MB stored, 54 MB not, the
       * same 399,165 expansions and CPU time within 10%) */
      uint64_t supp[SW], t[SW];
      if (e->pn0 && e->pn0[i] != PN0_NONE && e->pn0[i] != 0) k.pn0 = e->pn0[i]; /* known from an earlier entry */
      else k.pn0 = breaker_options(u->g, p, supp);
      if (e->pn0) e->pn0[i] = (uint16_t)k.pn0;
      if (!k.pn0) zone_map(u->g, k.el, supp, t), table_store(&u->tt, &k.key, 0, INF, t),
                    te = table_find_h(&u->tt, &k.key, k.h);
    }
    undo(p, c, maker);
    bool dup = false;
    for (uint32_t j = 0; j < n && !dup; j++) dup = kids[j].h == k.h && pos_eq(&kids[j].key, &k.key);
    if (!dup) {
      if (ent) ent[n] = te;
      kids[n++] = k;
    }
  }
  if (gen) *gen = g0 == u->tt.gen ? g0 : u->tt.gen - 1; /* a store may have rebuilt the table: fetch again */
  return n;
}

/* ---- relevance zones ---------------------------------------------------------------
 *
 * Lemma (monotonicity).  If Breaker wins a position (M, B) with a given
 * side to move and M' is a subset of M, then Breaker wins (M', B) with the
 * same side to move.  (Breaker imagines Maker owns M; a Maker move on a cell
 * of M that Maker does not really own is, in the imagined game, a pass
 * answered by imagining a Maker move on any free cell; Maker's real cells
 * stay a subset of the imagined ones, so Maker never completes a set.)
 *
 * The ZONE of a proof that Breaker wins (M, B) is a set Z of free cells such
 * that Breaker also wins (M + (F \ Z), B), F the free cells: Maker may be
 * given every free cell outside Z.  Zones of the proofs the search makes:
 *   no surviving set: Z = {};  Erdős–Selfridge: Z = the free cells of the
 *   surviving sets (cells of no surviving set are irrelevant to the sum);
 *   a pairing: Z = the cells of its pairs (a set holding a pair still holds
 *   it however many other cells Maker owns);  Breaker moves b with a child
 *   proof of zone Z': Z = Z' + {b};  Maker to move, children c_1..c_k with
 *   zones Z_i: Z = union (Z_i + {c_i}).
 * Zone pruning.  If Breaker wins after Maker's move c with zone Z_c, then
 * Breaker wins after every Maker move c' outside Z_c + {c}: the position
 * (M + c', B) is below (M + c + (F \ Z_c), B) and the lemma applies.  So at
 * a Maker node, a move outside the zone of a refuted sibling is refuted too
 * and leaves the search; the node's zone is the union over the refuted
 * children it used.  Each claim is checked by induction on the proof: the
 * checker (certcheck.c) recomputes the zones from the certificate by the
 * rules above and checks that every Maker move an 'R' node omits lies outside
 * the zone of one that it lists. */

/* out = the image of z under element el */
static void zone_map(const Game *g, uint32_t el, const uint64_t *z, uint64_t *out) {
  if (el == 0) {
    memcpy(out, z, sizeof(uint64_t[SW]));
    return;
  }
  uint64_t r[SW] = {0};
  const uint32_t *pm = g->G->perm[el];
  for (uint32_t w = 0; w < g->W; w++) {
    uint64_t x = z[w];
    while (x) {
      uint32_t c = w * 64 + (uint32_t)__builtin_ctzll(x);
      x &= x - 1;
      if (c < g->nc) put(r, pm[c]);
    }
  }
  memcpy(out, r, sizeof r);
}
/* the zone of a disproved child (in the parent's coordinates) */
static void child_zone(const Unit *u, const Child *k, const Entry *te, uint64_t *z) {
  uint64_t t[SW];
  table_zone(&u->tt, te, t);
  zone_map(u->g, u->g->G->inverse[k->el], t, z);
}
/* store a disproved node: its zone z (position coordinates) mapped by el */
static void store_disproved(Unit *u, const Pos *key, uint32_t el, const uint64_t *z) {
  uint64_t t[SW];
  zone_map(u->g, el, z, t);
  table_store(&u->tt, key, INF, 0, t);
}
/* store a proved node: Maker's support s (position coordinates) mapped by el */
static void store_proved(Unit *u, const Pos *key, uint32_t el, const uint64_t *s) {
  uint64_t t[SW];
  zone_map(u->g, el, s, t);
  table_store(&u->tt, key, 0, INF, t);
}

/* the table entries of the children (NULL: not in the table) */
static void fetch(Unit *u, const Child *kids, uint32_t n, Entry **ent) {
  for (uint32_t i = 0; i < n; i++) ent[i] = table_find_h(&u->tt, &kids[i].key, kids[i].h);
}

/* Maker to move: which children are still to be refuted.  Refuted children
 * are taken in index order; each one not yet excluded is USED: its zone
 * (plus its move) joins *zone and every other child whose move lies outside
 * it is excluded.  alive[i] = 0 for used and excluded children.  Returns
 * the children still alive (not refuted, not excluded).  ent: fetch(). */
static uint32_t maker_alive(Unit *u, const Child *kids, Entry *const *ent, uint32_t n, uint8_t *alive, uint64_t *zone) {
  memset(zone, 0, sizeof(uint64_t[SW]));
  memset(alive, 1, n);
  uint32_t left = n;
  for (uint32_t i = 0; i < n; i++) {
    if (!alive[i] || !ent[i] || ent[i]->dn != 0) continue;
    uint64_t z[SW];
    child_zone(u, &kids[i], ent[i], z);
    put(z, kids[i].move);
    for (uint32_t w = 0; w < u->g->W; w++) zone[w] |= z[w];
    alive[i] = 0, left--;
    if (!u->g->zones) continue;
    for (uint32_t j = 0; j < n; j++)
      if (alive[j] && j != i && !tst(z, kids[j].move)) alive[j] = 0, left--;
  }
  return left;
}

/* ---- Maker's supports (must-play) -----------------------------------------------
 *
 * Lemma (swap).  Breaker to move at (M, B), F the free cells.  Suppose
 * Maker wins (M, B + b) by a strategy under which Maker only ever takes
 * cells of a set S, its SUPPORT (b is not in S: it is Breaker's).  Then
 * Maker wins (M, B + b') for every free b' outside S + {b}.  Proof: let t
 * swap b and b'.  In the real game Breaker owns b'; Maker plays the
 * strategy in an imagined game that starts at (M, B + b), answering each
 * real Breaker move x as if it were t(x).  Breaker's imagined cells are
 * always the images under t of its real ones (so each imagined move is
 * legal), and Maker's moves lie in S, which holds neither b nor b', so they
 * are free in both games and Maker's cells are the same in both.  The
 * strategy completes a set in the imagined game, hence in the real one.
 *
 * Supports of the search's proofs (a superset is always safe): a set all
 * Maker's: {}; Maker to move completes a set at t: {t}; a double threat
 * t1, t2: {t1, t2}; a threat sequence: Maker's moves and the free cells of
 * the sets each makes one short (vcf()'s zone); a Maker node: the support
 * of its first proved child in order, plus the move; a Breaker node: the
 * union over the children it used (below), plus the forced cell if the
 * reply was forced, plus the pass zone if evaluate() cut Breaker's moves to
 * it (a Breaker move outside it loses to that threat sequence, whose cells
 * are in the zone).  Pruning: at a Breaker node, once a child after reply b
 * is proved with support S_b, every reply outside S_b is proved too and
 * leaves the search.  The certificate writes such a node as "A": the
 * replies that need a subtree; certcheck.c recomputes the supports from the
 * tree and checks that every other reply lies outside a listed one's.
 *
 * The proof number of such a node counts each excluded reply as 1 (not 0)
 * while some reply is still open: the replies left inside every support
 * are Breaker's best defences, and counting the excluded ones as proved
 * made df-pn dive into nodes that only looked nearly proved (4^3 after
 * 1,1,1 / 4,4,4 / 4,1,1: 455,859 expansions without the pruning, over
 * 3,000,000 with excluded replies at 0, 89,107 with them at 1, 116,795 at 2).
 */

/* Breaker to move: which children are still to be proved for Maker.  The
 * mirror image of maker_alive(): proved children are taken in index order;
 * each one not yet excluded is USED: its support joins *supp and every
 * other child whose move lies outside that support is excluded (proved by
 * the same strategy, see "Maker's supports" above).  Returns the children
 * still alive. */
static uint32_t breaker_alive(Unit *u, const Child *kids, Entry *const *ent, uint32_t n, uint8_t *alive,
                              uint64_t *supp) {
  memset(supp, 0, sizeof(uint64_t[SW]));
  memset(alive, 1, n);
  uint32_t left = n;
  for (uint32_t i = 0; i < n; i++) {
    if (!alive[i] || !ent[i] || ent[i]->pn != 0) continue;
    uint64_t z[SW];
    child_zone(u, &kids[i], ent[i], z);
    for (uint32_t w = 0; w < u->g->W; w++) supp[w] |= z[w];
    alive[i] = 0, left--;
    if (!u->g->mustplay) continue;
    for (uint32_t j = 0; j < n; j++)
      if (alive[j] && j != i && !tst(z, kids[j].move)) alive[j] = 0, left--;
  }
  return left;
}

/* A direct-mapped cache of the evaluations of OPEN nodes: df-pn enters a
 * node again each time its thresholds grow, and the closures (the
 * Erdős–Selfridge sum, the pairings, the threat searches) found nothing the
 * first time; evaluate() depends on the position alone, so its result is
 * reused.  The key is the whole position (no false hit). */
enum { EVC_BITS = 14 };
typedef struct EvCache {
  Pos key;
  uint8_t used, cls, nmoves, maker; /* maker: the side to move */
  bool passz;
  uint32_t t1;
  uint64_t zone[SW];
  uint8_t moves[MB_SOLVE_MAX_CELLS];
  uint16_t pn0[MB_SOLVE_MAX_CELLS]; /* children's first proof numbers (children()) */
} EvSlot;
static void eval_cached(Unit *u, Pos *p, bool maker, Eval *e) {
  uint64_t h = pos_hash(p) ^ (maker ? 0x5bd1e995u : 0);
  EvSlot *sl = u->evc + (h & ((1u << EVC_BITS) - 1));
  if (sl->used && pos_eq(&sl->key, p) && sl->maker == maker) {
    e->cls = (Cls)sl->cls, e->t1 = sl->t1, e->nmoves = sl->nmoves, e->passz = sl->passz;
    if (e->passz) memcpy(e->zone, sl->zone, sizeof e->zone);
    for (uint32_t i = 0; i < e->nmoves; i++) e->moves[i] = sl->moves[i];
    e->pn0 = sl->pn0;
    u->evc_hits++;
    return;
  }
  evaluate(u->g, p, maker, &u->sc, e, true);
  if ((e->cls == C_OPEN || e->cls == C_FORCED) && e->nmoves < 256) {
    for (uint32_t i = 0; i < e->nmoves; i++) sl->pn0[i] = PN0_NONE;
    e->pn0 = sl->pn0;
    sl->used = 1, sl->key = *p, sl->cls = (uint8_t)e->cls, sl->nmoves = (uint8_t)e->nmoves, sl->maker = maker;
    sl->t1 = e->t1, sl->passz = e->passz;
    if (e->passz) memcpy(sl->zone, e->zone, sizeof sl->zone);
    for (uint32_t i = 0; i < e->nmoves; i++) sl->moves[i] = (uint8_t)e->moves[i];
  }
}

static void mid(Unit *u, Pos *p, bool maker, const Pos *key, uint32_t el, uint32_t thpn, uint32_t thdn,
                uint32_t depth) {
  u->nodes++;
  tick(u);
  if (u->abort) return;
  Eval *e = &u->ev[depth];
  eval_cached(u, p, maker, e);
  switch (e->cls) {
  case C_MAKER_WON:
  case C_MAKER_NOW:
  case C_VCF:
  case C_DOUBLE: {
    uint64_t s[SW] = {0};
    if (e->cls == C_VCF) memcpy(s, e->zone, sizeof s);
    if (e->cls == C_MAKER_NOW || e->cls == C_DOUBLE) put(s, e->t1);
    if (e->cls == C_DOUBLE) put(s, e->t2);
    store_proved(u, key, el, s);
    return;
  }
  case C_DEAD:
  case C_ES:
  case C_PAIR: store_disproved(u, key, el, e->zone); return;
  default: break;
  }
  if (e->nmoves == 0) { /* no live cell: nothing can be completed */
    uint64_t z[SW] = {0};
    store_disproved(u, key, el, z);
    return;
  }
  Child *kids = u->kids[depth];
  uint8_t *alive = u->alive[depth];
  Entry **ent = u->ent[depth];
  uint64_t gen;
  uint32_t n = children(u, p, maker, e, kids, ent, &gen);
  uint32_t pn = 1, dn = 1;
  uint64_t zone[SW] = {0};
  /* The children's entries are fetched once, then only the child just
   * searched again (a pointer stays valid until the table is rebuilt, and
   * reads the entry's current numbers); a child with no entry yet is looked
   * up again before it is searched, in case a transposition made one (a
   * lookup per child per iteration cost a quarter of the time on 4^3). */
  uint32_t last = UINT32_MAX;
  for (;;) {
    if (gen != u->tt.gen) fetch(u, kids, n, ent), gen = u->tt.gen;
    else if (last != UINT32_MAX) ent[last] = table_find_h(&u->tt, &kids[last].key, kids[last].h);
    last = UINT32_MAX;
    if (maker) maker_alive(u, kids, ent, n, alive, zone);
    else breaker_alive(u, kids, ent, n, alive, zone);
    uint32_t best = UINT32_MAX, b1 = INF + 1, b2 = INF + 1, sum = 0, bestother = 0;
    for (uint32_t i = 0; i < n; i++) {
      if (!alive[i]) continue;
      uint32_t cp, cd;
      Entry *te = ent[i];
      if (te) cp = te->pn, cd = te->dn;
      else cp = kids[i].pn0, cd = 1;
      /* OR (Maker to move): minimize pn, sum dn; AND: minimize dn, sum pn */
      uint32_t mine = maker ? cp : cd, other = maker ? cd : cp;
      sum = sat_add(sum, other);
      if (mine < b1) b2 = b1, b1 = mine, best = i, bestother = other;
      else if (mine < b2) b2 = mine;
    }
    if (b1 > INF) b1 = INF; /* every child decided or excluded: the mover has lost */
    if (b2 > INF) b2 = INF;
    if (!maker && b1 < INF) { /* each reply excluded by a support counts 1 (see "Maker's supports") */
      uint32_t ex = 0;
      for (uint32_t i = 0; i < n; i++) ex += !alive[i] && !(ent[i] && ent[i]->pn == 0);
      sum = sat_add(sum, ex);
    }
    if (maker) pn = b1, dn = sum;
    else dn = b1, pn = sum;
    if (depth == 0) u->root_pn = pn, u->root_dn = dn;
    if (pn >= thpn || dn >= thdn || pn == 0 || dn == 0) break;
    if (!ent[best] && (ent[best] = table_find_h(&u->tt, &kids[best].key, kids[best].h))) continue;
    last = best;
    /* thresholds for the best child (1 + eps trick on the second best,
     * eps = 1/4; on 4^3 after 1,1,1 and 4,1,1 eps = 1 took 5.1 million
     * expansions where eps = 1/4 took 1.2 million) */
    uint64_t second = (uint64_t)b2 + (b2 >> 2) + 1;
    uint32_t th_mine = (uint32_t)MIN((uint64_t)(maker ? thpn : thdn), second);
    uint32_t th_sum = maker ? thdn : thpn;
    uint64_t th_other64 = th_sum >= INF ? INF : (uint64_t)th_sum - sum + bestother;
    uint32_t th_other = (uint32_t)MIN(th_other64, (uint64_t)INF);
    uint32_t c = kids[best].move;
    Pos key2 = kids[best].key;
    uint32_t el2 = kids[best].el;
    apply(p, c, maker);
    if (maker) mid(u, p, false, &key2, el2, th_mine, th_other, depth + 1);
    else mid(u, p, true, &key2, el2, th_other, th_mine, depth + 1);
    undo(p, c, maker);
    if (u->abort) break;
  }
  if (dn == 0) {
    if (maker)
      for (uint32_t i = 0; i < n; i++) u->zone_cuts += !(ent[i] && ent[i]->dn == 0);
    if (!maker) { /* the first refuting child in order gives the zone */
      memset(zone, 0, sizeof zone);
      for (uint32_t i = 0; i < n; i++) {
        Entry *te = table_find_h(&u->tt, &kids[i].key, kids[i].h);
        if (te && te->dn == 0) {
          child_zone(u, &kids[i], te, zone);
          put(zone, kids[i].move);
          break;
        }
      }
    }
    store_disproved(u, key, el, zone);
  } else if (pn == 0) {
    if (maker) { /* the first proving child in order gives the support */
      memset(zone, 0, sizeof zone);
      for (uint32_t i = 0; i < n; i++) {
        Entry *te = table_find_h(&u->tt, &kids[i].key, kids[i].h);
        if (te && te->pn == 0) {
          child_zone(u, &kids[i], te, zone);
          put(zone, kids[i].move);
          break;
        }
      }
    } else { /* the union of the used children's (breaker_alive), the forced cell, the pass's threats */
      for (uint32_t i = 0; i < n; i++) u->must_cuts += !(ent[i] && ent[i]->pn == 0);
      if (e->cls == C_FORCED) put(zone, e->t1);
      if (e->passz)
        for (uint32_t w = 0; w < u->g->W; w++) zone[w] |= e->zone[w];
    }
    store_proved(u, key, el, zone);
  } else
    table_store(&u->tt, key, pn, dn, NULL);
}

static void unit_init(Unit *u, Solver *S, uint32_t idx) {
  memset(u, 0, sizeof *u);
  u->S = S, u->g = &S->g, u->unit = idx;
  table_init(&u->tt, u->g->nc, S->table_bytes);
  scratch_init(&u->sc, u->g);
  uint32_t depth = u->g->nc + 2;
  u->ev = g_new(Eval, depth);
  u->kids = g_new(Child *, depth);
  u->alive = g_new(uint8_t *, depth);
  u->ent = g_new(Entry **, depth);
  for (uint32_t d = 0; d < depth; d++)
    u->kids[d] = g_new(Child, u->g->nc + 1), u->alive[d] = g_new(uint8_t, u->g->nc + 1),
    u->ent[d] = g_new(Entry *, u->g->nc + 1);
  u->limit = S->o->node_limit;
  u->evc = g_malloc0(sizeof(EvSlot) << EVC_BITS);
}
static void unit_clear(Unit *u) {
  for (uint32_t d = 0; d < u->g->nc + 2; d++) g_free(u->kids[d]), g_free(u->alive[d]), g_free(u->ent[d]);
  atomic_fetch_add(&u->S->zone_cuts, u->zone_cuts);
  atomic_fetch_add(&u->S->must_cuts, u->must_cuts);
  atomic_fetch_add(&u->S->pair_found, u->sc.pair_found);
  atomic_fetch_add(&u->S->pair_tried, u->sc.pair_tried);
  g_free(u->kids), g_free(u->ev), g_free(u->alive), g_free(u->ent), g_free(u->evc);
  scratch_clear(&u->sc);
  table_clear(&u->tt);
}

/* Maker to move at a unit's root: Maker's moves (one per class, in move
 * order) are tried one after another rather than by df-pn over all of
 * them, which on 4^3 spread its effort over dozens of moves of equal
 * promise (after 1,1,1 and 2,2,2 it was still open after 10^7 expansions;
 * the first move in order, tried alone, is a Maker win in 2.4 10^5).
 * Round r gives each of the first 2^r moves not yet decided up to
 * TRY0 4^r more expansions (the table keeps what a try found); the first
 * move proved for Maker ends the search, all moves proved for Breaker end
 * it too.  Deterministic (expansion counts, not time).  Returns false
 * where the root is decided at once (mid() handles it). */
enum { TRY0 = 1 << 19 };
static bool widen(Unit *u, Pos *p, const Pos *key, uint32_t el, MbOutcome *out) {
  Eval *e = &u->ev[0];
  evaluate(u->g, p, true, &u->sc, e, true);
  if (e->cls != C_OPEN || e->nmoves == 0) return false;
  Child *kids = u->kids[0];
  uint8_t *alive = u->alive[0];
  uint32_t n = children(u, p, true, e, kids, NULL, NULL);
  uint64_t zone[SW];
  for (uint64_t cap = TRY0, width = 1;; cap *= 4, width *= 2) {
    uint32_t tried = 0;
    Entry **ent = u->ent[0];
    bool dirty = true;
    for (uint32_t i = 0; i < n; i++) {
      if (dirty) {
        fetch(u, kids, n, ent), maker_alive(u, kids, ent, n, alive, zone), dirty = false;
        /* the root's numbers for the progress line: OR over the children left */
        uint32_t pmin = INF, dsum = 0;
        for (uint32_t j = 0; j < n; j++)
          if (alive[j]) {
            uint32_t cp = ent[j] ? ent[j]->pn : kids[j].pn0, cd = ent[j] ? ent[j]->dn : 1;
            pmin = MIN(pmin, cp), dsum = sat_add(dsum, cd);
          }
        u->root_pn = pmin, u->root_dn = dsum;
      }
      if (!alive[i]) continue;
      uint32_t pn, dn;
      lookup(u, &kids[i].key, &pn, &dn);
      if (pn != 0 && tried < width) {
        tried++;
        u->try_stop = u->nodes + cap;
        apply(p, kids[i].move, true);
        mid(u, p, false, &kids[i].key, kids[i].el, INF, INF, 1);
        undo(p, kids[i].move, true);
        u->try_stop = 0;
        if (u->abort && u->hard_stop) return *out = MB_UNKNOWN, true;
        u->abort = false;
        lookup(u, &kids[i].key, &pn, &dn);
        dirty = true;
      }
      if (pn == 0) {
        table_store(&u->tt, key, 0, INF, NULL);
        return *out = MB_MAKER_WINS, true;
      }
    }
    fetch(u, kids, n, ent);
    if (maker_alive(u, kids, ent, n, alive, zone) == 0) {
      store_disproved(u, key, el, zone);
      return *out = MB_BREAKER_WINS, true;
    }
  }
}

/* solve position p (its canonical key computed here) */
static MbOutcome unit_solve(Unit *u, Pos *p, bool maker) {
  Pos key;
  uint32_t el = canon(u->g, p, &key);
  MbOutcome w;
  if (maker && u->g->threats && widen(u, p, &key, el, &w)) return w;
  mid(u, p, maker, &key, el, INF, INF, 0);
  uint32_t pn, dn;
  lookup(u, &key, &pn, &dn);
  if (u->abort) {
    Entry *e = table_find(&u->tt, &key);
    if (!e || (e->pn && e->dn)) return MB_UNKNOWN;
  }
  return pn == 0 ? MB_MAKER_WINS : dn == 0 ? MB_BREAKER_WINS : MB_UNKNOWN;
}

/* ---- certificates --------------------------------------------------------------- */

typedef struct {
  Pos key;
  uint64_t id;
  uint32_t el;
  uint64_t zone[SW]; /* its subtree's zone (key coordinates) */
} Written;
static guint written_hash(gconstpointer p) { return (guint)pos_hash(p); }
static gboolean written_equal(gconstpointer a, gconstpointer b) { return pos_cmp(a, b) == 0; }

typedef struct {
  Unit *u;
  GString *out;
  uint64_t next;         /* the next node's id (relative to the unit's first) */
  GHashTable *written;   /* canonical Pos -> Written */
  GHashTable *perms_used; /* element index set */
  bool maker_wins;
  bool failed;
} Cert;

static void cell_out(Cert *c, uint32_t cell) {
  g_autofree char *n = bs_cell_name(c->u->g->board, cell);
  g_string_append_c(c->out, ' ');
  g_string_append(c->out, n);
}

/* sigma = g_cur^-1 . g_old maps the old node's position onto the current one */
static uint32_t link_perm(const Game *g, uint32_t el_old, uint32_t el_cur) {
  if (el_old == el_cur) return 0;
  const uint32_t *inv = g->G->perm[g->G->inverse[el_cur]], *old = g->G->perm[el_old];
  uint32_t *s = g_new(uint32_t, g->nc);
  for (uint32_t x = 0; x < g->nc; x++) s[x] = inv[old[x]];
  int64_t r = mb_group_find(g->G, s);
  g_free(s);
  g_assert(r >= 0);
  return (uint32_t)r;
}

static void emit(Cert *c, Pos *p, bool maker, uint32_t depth, uint64_t *zone);

static void es_out(Cert *c, unsigned __int128 v, uint32_t K) {
  while (K > 0 && (v & 1) == 0) v >>= 1, K--;
  char buf[64];
  int n = 0;
  unsigned __int128 x = v;
  do buf[n++] = (char)('0' + (int)(x % 10)), x /= 10;
  while (x);
  g_string_append(c->out, " ");
  while (n) g_string_append_c(c->out, buf[--n]);
  if (K) g_string_append_printf(c->out, "/%llu", 1ULL << K); /* K <= 63 where ES is written */
}

/* the child after `cell`; *zone (if not NULL) gets its zone (Breaker-win
 * tree) or support (Maker-win tree), plus the cell if with_cell (every move
 * in a Breaker-win tree; in a Maker-win tree Maker's moves and Breaker's
 * forced replies, not Breaker's free choices: certcheck.c's rules) */
static void emit_child(Cert *c, Pos *p, bool maker, uint32_t cell, uint32_t depth, uint64_t *zone, bool with_cell) {
  uint64_t z[SW] = {0};
  apply(p, cell, maker);
  emit(c, p, !maker, depth + 1, z);
  undo(p, cell, maker);
  if (with_cell) put(z, cell);
  if (zone)
    for (int w = 0; w < SW; w++) zone[w] |= z[w];
}

/* Maker to move wins by threats from p: one leaf "T C1 .. Ck", Maker's
 * moves in order; after each but the last Breaker's reply is forced (the
 * only free cell of the one surviving set that is one short), and the last
 * completes a set or leaves two one-short sets with different free cells.
 * False (nothing written) if the sequence cannot be followed. */
static bool emit_threats(Cert *c, const Pos *p, uint32_t depth, uint64_t *supp) {
  const Game *g = c->u->g;
  Scratch *sc = &c->u->sc;
  Eval *e = &c->u->ev[depth + 1]; /* free: the caller's node is a leaf or reads only its own slot */
  Pos q = *p;
  uint32_t seq[MB_SOLVE_MAX_CELLS], k = 0;
  evaluate(g, &q, true, sc, e, false);
  if (e->cls == C_MAKER_NOW) seq[k++] = e->t1;
  else if (e->cls == C_VCF)
    while (k < sc->pathlen) seq[k] = sc->path[sc->pathlen - 1 - k], k++;
  /* replay it: each reply forced, the last move a win */
  bool ok = k > 0 && seq[0] == e->t1;
  uint64_t z[SW] = {0};
  for (uint32_t i = 0; i < k && ok; i++) {
    if (tst(q.m, seq[i]) || tst(q.b, seq[i])) ok = false;
    put(q.m, seq[i]);
    /* the support: Maker's moves and the free cell of every set one short after each */
    put(z, seq[i]);
    for (uint32_t s = 0; s < g->ns; s++) {
      bool dead = false;
      uint32_t cnt = 0;
      for (uint32_t w = 0; w < g->W; w++)
        dead |= (g->set[s][w] & q.b[w]) != 0, cnt += (uint32_t)__builtin_popcountll(g->set[s][w] & ~q.m[w]);
      if (!dead && cnt == 1)
        for (uint32_t w = 0; w < g->W; w++) z[w] |= g->set[s][w] & ~q.m[w];
    }
    evaluate(g, &q, false, sc, e, false);
    if (i + 1 == k) ok &= e->cls == C_DOUBLE || e->cls == C_MAKER_WON;
    else if (e->cls != C_FORCED) ok = false;
    else put(q.b, e->t1);
  }
  if (ok) {
    g_string_append(c->out, "T");
    for (uint32_t i = 0; i < k; i++) cell_out(c, seq[i]);
    g_string_append_c(c->out, '\n');
    memcpy(supp, z, sizeof z);
  }
  return ok;
}

/* make sure the position after `cell` is decided in the table (it is,
 * unless the search skipped it: then it is proved again, with no budget) */
static void ensure_proved(Cert *c, Pos *p, bool maker, uint32_t cell, uint32_t depth) {
  Unit *u = c->u;
  apply(p, cell, maker);
  Pos k;
  uint32_t el = canon(u->g, p, &k);
  uint32_t pn, dn;
  lookup(u, &k, &pn, &dn);
  if (!(c->maker_wins ? pn == 0 : dn == 0) && !g_hash_table_contains(c->written, &k)) {
    uint64_t save = u->limit;
    u->limit = 0, u->abort = false;
    mid(u, p, !maker, &k, el, INF, INF, depth + 1);
    u->limit = save;
  }
  undo(p, cell, maker);
}

/* whether the position after `cell` is proved for the tree's winner in the table */
static bool child_won(Cert *c, Pos *p, bool maker, uint32_t cell) {
  apply(p, cell, maker);
  Pos k;
  canon(c->u->g, p, &k);
  undo(p, cell, maker);
  uint32_t pn, dn;
  lookup(c->u, &k, &pn, &dn);
  return c->maker_wins ? pn == 0 : dn == 0;
}

/* Write the subtree of p (preorder) and put its zone (position
 * coordinates; the rules of the zone comment above, as certcheck.c
 * recomputes them) into *zone. */
static void emit(Cert *c, Pos *p, bool maker, uint32_t depth, uint64_t *zone) {
  memset(zone, 0, sizeof(uint64_t[SW]));
  if (c->failed) return;
  Unit *u = c->u;
  const Game *g = u->g;
  Pos key;
  uint32_t el = canon(g, p, &key);
  Written *w = g_hash_table_lookup(c->written, &key);
  if (w) {
    uint32_t s = link_perm(g, w->el, el);
    if (s) g_hash_table_add(c->perms_used, GUINT_TO_POINTER(s));
    g_string_append_printf(c->out, "S %" G_GUINT64_FORMAT " %u\n", c->next - w->id, s);
    c->next++;
    zone_map(g, g->G->inverse[el], w->zone, zone);
    return;
  }
  w = g_new0(Written, 1);
  w->key = key, w->id = c->next++, w->el = el;
  g_hash_table_insert(c->written, &w->key, w);
  Eval *e = &u->ev[depth];
  evaluate(g, p, maker, &u->sc, e, false);
  switch (e->cls) {
  case C_MAKER_WON: g_string_append(c->out, "W\n"); return;
  case C_MAKER_NOW:
  case C_VCF:
    if (!emit_threats(c, p, depth, zone)) {
      uint32_t t1 = e->t1;
      g_string_append(c->out, "m"), cell_out(c, t1), g_string_append_c(c->out, '\n');
      emit_child(c, p, maker, t1, depth, zone, true);
    }
    zone_map(g, el, zone, w->zone);
    return;
  case C_DOUBLE: {
    uint32_t t1 = e->t1;
    g_string_append(c->out, "F"), cell_out(c, t1), g_string_append_c(c->out, '\n');
    emit_child(c, p, maker, t1, depth, zone, true);
    zone_map(g, el, zone, w->zone);
    return;
  }
  case C_DEAD: g_string_append(c->out, "D\n"); return;
  case C_ES:
    g_string_append(c->out, "E");
    es_out(c, e->es, g->K);
    g_string_append_c(c->out, '\n');
    zone_map(g, el, e->zone, w->zone);
    memcpy(zone, e->zone, sizeof e->zone);
    return;
  case C_PAIR:
    g_string_append(c->out, "P");
    for (uint32_t i = 0; i < 2 * e->npair; i++) cell_out(c, e->pairs[i]);
    g_string_append_c(c->out, '\n');
    zone_map(g, el, e->zone, w->zone);
    memcpy(zone, e->zone, sizeof e->zone);
    return;
  default: break;
  }
  if (e->nmoves == 0) { /* no live cell, yet a surviving set: cannot happen */
    g_string_append(c->out, "D\n");
    return;
  }
  /* copy the moves: the Eval slot is reused below */
  uint32_t nm = e->nmoves;
  uint32_t *moves = g_memdup2(e->moves, nm * sizeof(uint32_t));
  bool forced = e->cls == C_FORCED;
  bool mine = maker == c->maker_wins; /* the winner chooses here */
  if (mine) {
    /* the first child (in move order) proved for the winner */
    uint32_t pick = UINT32_MAX;
    for (int pass = 0; pass < 2 && pick == UINT32_MAX; pass++)
      for (uint32_t i = 0; i < nm && pick == UINT32_MAX; i++) {
        if (pass == 1) ensure_proved(c, p, maker, moves[i], depth); /* not in the table: prove them again */
        if (child_won(c, p, maker, moves[i])) pick = moves[i];
      }
    if (pick == UINT32_MAX) {
      c->failed = true;
      g_free(moves);
      return;
    }
    g_string_append(c->out, maker ? "m" : "b");
    cell_out(c, pick);
    g_string_append_c(c->out, '\n');
    emit_child(c, p, maker, pick, depth, zone, true);
  } else if (nm == 1 || forced || (c->maker_wins ? !g->mustplay : !g->zones)) {
    g_string_append(c->out, forced ? "F" : maker ? "M" : "B");
    for (uint32_t i = 0; i < nm; i++) cell_out(c, moves[i]);
    g_string_append_c(c->out, '\n');
    for (uint32_t i = 0; i < nm; i++) {
      ensure_proved(c, p, maker, moves[i], depth);
      emit_child(c, p, maker, moves[i], depth, zone, !c->maker_wins || forced);
    }
  } else {
    /* Maker to move, Breaker wins: "R C1 .. Ck", the refuted moves that
     * need a subtree; every other move lies outside the zone of one of
     * them.  Children refuted in the table come first (in move order), as
     * the search used them; a move still uncovered is then proved.
     * Breaker to move, Maker wins: "A C1 .. Ck" the same way, with
     * Maker's supports for zones (a Breaker move is not in its child's
     * support). */
    uint64_t covered[SW] = {0};
    uint32_t *list = g_new(uint32_t, nm), nl = 0;
    GString *save = c->out;
    c->out = g_string_new(NULL);
    /* this node's id is already taken, so the children's ids are right */
    for (int pass = 0; pass < 2 && !c->failed; pass++)
      for (uint32_t i = 0; i < nm && !c->failed; i++) {
        if (tst(covered, moves[i])) continue;
        if (pass == 0) {
          if (!child_won(c, p, maker, moves[i])) continue; /* decided for the tree's winner in the table */
        } else
          ensure_proved(c, p, maker, moves[i], depth);
        uint64_t z[SW] = {0};
        emit_child(c, p, maker, moves[i], depth, z, !c->maker_wins);
        list[nl++] = moves[i];
        put(covered, moves[i]);
        for (uint32_t j = 0; j < nm; j++)
          if (!tst(z, moves[j])) put(covered, moves[j]);
        for (int x = 0; x < SW; x++) zone[x] |= z[x];
      }
    GString *kids = c->out;
    c->out = save;
    g_string_append(c->out, nl == nm ? (maker ? "M" : "B") : (maker ? "R" : "A"));
    for (uint32_t i = 0; i < nl; i++) cell_out(c, list[i]);
    g_string_append_c(c->out, '\n');
    g_string_append_len(c->out, kids->str, (gssize)kids->len);
    g_string_free(kids, TRUE);
    g_free(list);
  }
  zone_map(g, el, zone, w->zone);
  g_free(moves);
}

/* ---- the run ---------------------------------------------------------------------- */

/* A GROUP is one root move's class.  Split 1: a group is one unit (the
 * position after that root move).  Split 2 (Maker to move): the group is
 * an opening, its units the classes of Breaker's replies to it (or none,
 * when the opening is decided at once: `leaf`). */
typedef struct {
  uint32_t u0, u1;             /* its units */
  MbOutcome leaf;              /* split 2, u0 == u1: the opening's outcome */
  char *leafcert;
  uint64_t leafproof;
  GHashTable *leafperms;
  uint32_t nm;                 /* split 2: Breaker's replies (every live cell) */
  uint32_t *moves, *unit_of, *el_of;
  bool forced;                 /* the reply is forced */
} Group;

typedef struct {
  Solver *S;
  bool maker;        /* side to move at the root */
  bool umaker;       /* side to move in every unit's position */
  bool split2;
  uint32_t n;        /* units */
  Pos *pos;          /* each unit's position */
  uint32_t *move;    /* each unit's last move */
  MbUnitResult *res;
  char **cert;       /* certificate subtree per unit */
  GHashTable **perms; /* perms used per unit */
  uint32_t ng;
  Group *g;
  GMutex lock;
  bool *done;        /* finished, resumed or skipped (under lock) */
  _Atomic int *cut;  /* the unit cannot change the answer: stop it */
} Run;

/* group k's outcome, if what decides it is known; *decider: the unit that
 * decided it alone (split 2: the first reply, in order, that Breaker wins
 * with every earlier reply finished) or UINT32_MAX */
static bool group_outcome(const Run *R, uint32_t k, MbOutcome *out, uint32_t *decider) {
  const Group *G = &R->g[k];
  *decider = UINT32_MAX;
  if (G->u0 == G->u1) return *out = G->leaf, true;
  if (!R->split2) {
    if (!R->done[G->u0]) return false;
    *out = R->res[G->u0].outcome, *decider = G->u0;
    return true;
  }
  bool unknown = false;
  for (uint32_t j = G->u0; j < G->u1; j++) {
    if (!R->done[j]) return false;
    if (R->res[j].outcome == MB_BREAKER_WINS) return *out = MB_BREAKER_WINS, *decider = j, true;
    unknown |= R->res[j].outcome == MB_UNKNOWN;
  }
  *out = unknown ? MB_UNKNOWN : MB_MAKER_WINS;
  return true;
}

/* the units that cannot change the answer any more: after the first group
 * (in order, every earlier one decided) that the side to move wins, and
 * in a split-2 group after the reply that decided it for Breaker.  They
 * depend only on the units before them, so the answer does not depend on
 * the order in which the units finish.  Returns that first winning group
 * or UINT32_MAX. */
static uint32_t mark_cut(Run *R) {
  MbOutcome mine = R->maker ? MB_MAKER_WINS : MB_BREAKER_WINS;
  bool all = R->S->o->all_moves; /* every root move is wanted: nothing is cut */
  bool chain = true;
  for (uint32_t k = 0; k < R->ng; k++) {
    MbOutcome o;
    uint32_t d;
    bool known = group_outcome(R, k, &o, &d);
    if (known && R->split2 && o == MB_BREAKER_WINS && d != UINT32_MAX)
      for (uint32_t j = d + 1; j < R->g[k].u1; j++) atomic_store(&R->cut[j], 1);
    chain &= known;
    if (chain && o == mine) {
      for (uint32_t j = R->g[k].u1; j < R->n && !all; j++) atomic_store(&R->cut[j], 1);
      return k;
    }
  }
  return UINT32_MAX;
}

static void run_unit(size_t i, int worker, void *ctx) {
  (void)worker;
  Run *R = ctx;
  Solver *S = R->S;
  MbUnitResult *ur = &R->res[i];
  if (ur->resumed) return;
  if (atomic_load(&R->cut[i])) {
    g_mutex_lock(&R->lock);
    R->done[i] = true;
    g_mutex_unlock(&R->lock);
    atomic_fetch_add(&S->units_done, 1);
    return;
  }
  Unit u;
  unit_init(&u, S, (uint32_t)i);
  u.cut = &R->cut[i];
  Pos p = R->pos[i];
  MbOutcome oc = unit_solve(&u, &p, R->umaker);
  ur->nodes = u.nodes;
  R->perms[i] = g_hash_table_new(g_direct_hash, g_direct_equal);
  if (oc != MB_UNKNOWN && S->o->want_cert) {
    Cert c = {&u, g_string_new(NULL), 0, g_hash_table_new_full(written_hash, written_equal, NULL, g_free),
              R->perms[i], oc == MB_MAKER_WINS, false};
    uint64_t z[SW];
    emit(&c, &p, R->umaker, 0, z);
    g_hash_table_destroy(c.written);
    ur->proof = c.next;
    R->cert[i] = g_string_free(c.out, FALSE);
    if (c.failed) oc = MB_UNKNOWN, g_free(R->cert[i]), R->cert[i] = NULL, ur->proof = 0;
  }
  ur->outcome = oc;
  bool cut = atomic_load(&R->cut[i]);
  if (S->o->ckpt && !cut) {
    GByteArray *b = g_byte_array_new();
    ckpt_pack_u64(b, ur->outcome);
    ckpt_pack_u64(b, ur->nodes);
    ckpt_pack_u64(b, ur->proof);
    const char *t = R->cert[i] ? R->cert[i] : "";
    ckpt_pack_bytes(b, t, strlen(t));
    GHashTableIter it;
    gpointer k;
    g_hash_table_iter_init(&it, R->perms[i]);
    ckpt_pack_u64(b, g_hash_table_size(R->perms[i]));
    while (g_hash_table_iter_next(&it, &k, NULL)) ckpt_pack_u64(b, GPOINTER_TO_UINT(k));
    /* an unknown unit is not saved when the clock stopped it (a resume retries it) */
    if (ur->outcome != MB_UNKNOWN || !atomic_load(&S->stop)) ckpt_put(S->o->ckpt, 0, (uint32_t)i, b->data, b->len);
    g_byte_array_free(b, TRUE);
  }
  g_mutex_lock(&R->lock);
  R->done[i] = true;
  mark_cut(R);
  g_mutex_unlock(&R->lock);
  atomic_fetch_add(&S->nodes_done, u.nodes - u.nodes_told);
  atomic_fetch_add(&S->units_done, 1);
  unit_clear(&u);
}

/* each move's class among kids (canonical forms) and the element mapping
 * the position after it onto that form */
static uint32_t classify_orbits(const Game *g, const Pos *at, const uint32_t *moves, uint32_t nm, Child *kids,
                                uint32_t n, uint32_t *unit_of, uint32_t *el_of);
static uint32_t classify(const Game *g, const Pos *at, bool maker, const uint32_t *moves, uint32_t nm, Child *kids,
                         uint32_t n, uint32_t *unit_of, uint32_t *el_of) {
  if (!g->G->enumerated && g->G->ngens > 0) return classify_orbits(g, at, moves, nm, kids, n, unit_of, el_of);
  for (uint32_t i = 0; i < nm; i++) {
    Pos p = *at, k;
    apply(&p, moves[i], maker);
    el_of[i] = canon(g, &p, &k);
    unit_of[i] = 0;
    for (uint32_t j = 0; j < n; j++)
      if (pos_cmp(&kids[j].key, &k) == 0) unit_of[i] = j;
  }
  return n;
}

/* A group too large to enumerate (symmetry.h): the canonical forms are the
 * positions themselves, and the moves at `at` fall into the orbits of the
 * pointwise stabiliser of its stones, computed from the generators.  kids
 * (one per move, as children() makes them without symmetry) keeps each
 * orbit's first move; el_of[i] is an element mapping the position after
 * move i onto the one after its class's first move, added to the group
 * (mb_group_add) so that link_perm() finds the certificate's "S" links.
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

static void merge_perms(GHashTable *into, GHashTable *from) {
  if (!from) return;
  GHashTableIter it;
  gpointer k;
  g_hash_table_iter_init(&it, from);
  while (g_hash_table_iter_next(&it, &k, NULL)) g_hash_table_add(into, k);
}

/* "KIND C..": every move, then each class's subtree at its first move and
 * a symmetry link at the others; returns the node lines written */
static uint64_t append_all(const Game *g, const MbBoard *b, GString *cert, GHashTable *perms, const char *kind,
                           const uint32_t *moves, uint32_t nm, const uint32_t *unit_of, const uint32_t *el_of,
                           uint32_t ncls, char *const *ccert, const uint64_t *cproof, GHashTable *const *cperms) {
  g_string_append(cert, kind);
  for (uint32_t i = 0; i < nm; i++) {
    g_autofree char *c = bs_cell_name(b, moves[i]);
    g_string_append_printf(cert, " %s", c);
  }
  g_string_append_c(cert, '\n');
  uint64_t next = 1;
  uint64_t *first_id = g_new(uint64_t, ncls);
  uint32_t *first_move = g_new(uint32_t, ncls);
  for (uint32_t j = 0; j < ncls; j++) first_id[j] = UINT64_MAX;
  for (uint32_t i = 0; i < nm; i++) {
    uint32_t j = unit_of[i];
    if (first_id[j] == UINT64_MAX) {
      first_id[j] = next, first_move[j] = i;
      g_string_append(cert, ccert[j]);
      next += cproof[j];
      merge_perms(perms, cperms[j]);
    } else {
      uint32_t s = link_perm(g, el_of[first_move[j]], el_of[i]);
      if (s) g_hash_table_add(perms, GUINT_TO_POINTER(s));
      g_string_append_printf(cert, "S %" G_GUINT64_FORMAT " %u\n", next - first_id[j], s);
      next++;
    }
  }
  g_free(first_id), g_free(first_move);
  return next;
}

uint64_t mb_default_memory(void) {
  long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
  uint64_t phys = pages > 0 && psz > 0 ? (uint64_t)pages * (uint64_t)psz : UINT64_C(1) << 32;
  uint64_t m = phys / 2;
  struct rlimit rl;
  if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) m = MIN(m, (uint64_t)rl.rlim_cur / 2);
  return MAX(m, UINT64_C(1) << 20);
}

void mb_solve_opts_default(MbSolveOpts *o) {

  memset(o, 0, sizeof *o);
  o->symmetry = o->threats = o->closures = o->zones = o->mustplay = o->shared = true;
  o->pair_budget = 256;
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

static bool game_init(Game *g, const MbBoard *b, const MbSolveOpts *o, bool want_group, GError **err) {
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
  g->inc = g_new(uint32_t *, g->nc + 1);
  g->deg = g_new(uint32_t, g->nc + 1);
  for (uint32_t c = 0; c < g->nc; c++) g->inc[c] = (uint32_t *)hg_incident(b->h, c), g->deg[c] = (uint32_t)hg_degree(b->h, c);
  g->es_ok = g->K <= 60; /* the value is written as a/2^K in 64 bits */
  g->threats = o->threats, g->closures = o->closures, g->breaker_first = o->breaker_first;
  g->zones = o->zones, g->mustplay = o->mustplay, g->shared = o->shared && o->closures, g->pair_budget = o->pair_budget;
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
  /* byte tables for the images (little-endian words: byte j holds cells 8j..8j+7) */
  g->nbytes = (g->nc + 7) / 8;
  size_t entries = (size_t)g->G->order * g->nbytes * 256;
  if (g->G->order > 1 && entries * sizeof(uint64_t[SW]) <= ((size_t)64 << 20) && G_BYTE_ORDER == G_LITTLE_ENDIAN) {
    g->tab = g_malloc0(entries * sizeof(uint64_t[SW]));
    for (uint32_t el = 0; el < g->G->order; el++)
      for (uint32_t j = 0; j < g->nbytes; j++)
        for (uint32_t v = 1; v < 256; v++) {
          uint64_t *x = g->tab[((size_t)el * g->nbytes + j) * 256 + v];
          for (uint32_t bit = 0; bit < 8; bit++)
            if ((v >> bit) & 1 && 8 * j + bit < g->nc) put(x, g->G->perm[el][8 * j + bit]);
        }
  }
  return true;
}
static void game_clear(Game *g) {
  g_free(g->set), g_free(g->setlen), g_free(g->inc), g_free(g->deg), g_free(g->tab);
  mb_group_free(g->G);
}

static bool side_to_move(const MbPosition *pos, bool breaker_first, int to_move, bool *maker, GError **err) {
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

/* the certificate: its header (board, position `moves` with `maker` to
 * move, the winner, the cells, the perm lines of the elements in perms)
 * around the `proof` node lines of `tree` */
static char *cert_text(const Game *g, const MbBoard *b, const char *moves, bool maker, MbOutcome winner,
                       GHashTable *perms, uint64_t proof, const char *tree) {
  GString *t = g_string_new("makerbreaker strategy 1\n");
  g_string_append_printf(t, "board %s\nsize %u %u\nmoves %s\ntomove %s\nwinner %s\ncells", b->name, g->nc, g->ns, moves,
                         maker ? "maker" : "breaker", winner == MB_MAKER_WINS ? "maker" : "breaker");
  for (uint32_t c = 0; c < g->nc; c++) {
    g_autofree char *nm = bs_cell_name(b, c);
    g_string_append_printf(t, " %s", nm);
  }
  g_string_append_c(t, '\n');
  for (uint32_t el = 1; el < g->G->nelem; el++) { /* nelem: also the root's orbit links */
    if (!g_hash_table_contains(perms, GUINT_TO_POINTER(el))) continue;
    g_string_append_printf(t, "perm %u", el);
    for (uint32_t c = 0; c < g->nc; c++) {
      g_autofree char *nm = bs_cell_name(b, g->G->perm[el][c]);
      g_string_append_printf(t, " %s", nm);
    }
    g_string_append_c(t, '\n');
  }
  g_string_append_printf(t, "nodes %" G_GUINT64_FORMAT "\n%send\n", proof, tree);
  return g_string_free(t, FALSE);
}

bool mb_solve(const MbBoard *b, const MbPosition *pos, const MbSolveOpts *o, MbSolveResult *r, GError **err) {
  memset(r, 0, sizeof *r);
  bool maker;
  if (!side_to_move(pos, o->breaker_first, o->to_move, &maker, err)) return false;
  static const Solver zero;
  Solver S = zero;
  S.o = o;
  if (!game_init(&S.g, b, o, true, err)) {
    if (S.g.set) game_clear(&S.g);
    return false;
  }
  Game *g = &S.g;
  {
    uint64_t mem = o->memory ? o->memory : mb_default_memory();
    uint64_t par = (uint64_t)MAX(o->threads, 1) + 1; /* the root's table too */
    /* a table being doubled holds its old and its new slots: 3/2 of the bound */
    S.table_bytes = (size_t)(mem / par / 3 * 2);
  }
  S.start_us = g_get_monotonic_time();
  S.deadline_us = o->seconds > 0 ? S.start_us + (gint64)(o->seconds * 1e6) : 0;
  atomic_store(&S.last_status_us, S.start_us);
  r->maker_to_move = maker;
  r->group_size = g_strdup(g->G->size);
  r->group_used = o->symmetry && g->G->enumerated;
  r->group_order = g->G->order;
  r->group_orbits = o->symmetry && !g->G->enumerated && g->G->ngens > 0;
  if (!o->symmetry) g_free(r->group_size), r->group_size = g_strdup("1");
  Pos root;
  memset(&root, 0, sizeof root);
  for (uint32_t c = 0; c < g->nc; c++)
    if (pos->owner[c] == MB_MAKER) put(root.m, c);
    else if (pos->owner[c] == MB_BREAKER) put(root.b, c);
  /* the root: decided at once, or split into units */
  Unit ru;
  unit_init(&ru, &S, 0);
  Eval *e = &ru.ev[0];
  evaluate(g, &root, maker, &ru.sc, e, false);
  static const char *leafname[] = {NULL, "maker-won", "maker-threat", "double-threat", NULL, "no-surviving-set",
                                   "erdos-selfridge", "pairing", "threat-sequence"};
  GString *cert = g_string_new(NULL);
  GHashTable *perms = g_hash_table_new(g_direct_hash, g_direct_equal);
  uint64_t proof = 0;
  bool decided_at_root = e->cls != C_OPEN && e->cls != C_FORCED;

  if (decided_at_root || e->nmoves == 0) {
    r->root_leaf = leafname[e->cls] ? leafname[e->cls] : "no-live-cell";
    r->outcome = (e->cls == C_MAKER_WON || e->cls == C_MAKER_NOW || e->cls == C_DOUBLE || e->cls == C_VCF)
                     ? MB_MAKER_WINS
                     : MB_BREAKER_WINS;
    Cert c = {&ru, cert, 0, g_hash_table_new_full(written_hash, written_equal, NULL, g_free), perms,
              r->outcome == MB_MAKER_WINS, false};
    uint64_t z[SW];
    emit(&c, &root, maker, 0, z);
    g_hash_table_destroy(c.written);
    proof = c.next;
  } else {
    Child *kids = ru.kids[0];
    uint32_t nm = e->nmoves;
    uint32_t *moves = g_memdup2(e->moves, nm * sizeof(uint32_t));
    bool rforced = e->cls == C_FORCED;
    uint32_t n = children(&ru, &root, maker, e, kids, NULL, NULL);
    uint32_t *unit_of = g_new(uint32_t, nm), *el_of = g_new(uint32_t, nm), *gmove = g_new(uint32_t, n);
    n = classify(g, &root, maker, moves, nm, kids, n, unit_of, el_of);
    for (uint32_t j = 0; j < n; j++) gmove[j] = kids[j].move;
    Run R;
    memset(&R, 0, sizeof R);
    R.S = &S, R.maker = maker, R.ng = n, R.g = g_new0(Group, n);
    R.split2 = maker && !rforced && o->split != 1 && !o->all_moves;
    R.umaker = R.split2 ? maker : !maker;
    GArray *upos = g_array_new(FALSE, FALSE, sizeof(Pos)), *umove = g_array_new(FALSE, FALSE, sizeof(uint32_t));
    for (uint32_t j = 0; j < n; j++) {
      Group *G = &R.g[j];
      Pos q = root;
      apply(&q, gmove[j], maker);
      G->u0 = upos->len;
      if (!R.split2) {
        g_array_append_val(upos, q), g_array_append_val(umove, gmove[j]);
      } else { /* the opening: Breaker to move */
        Eval *e2 = &ru.ev[1];
        evaluate(g, &q, false, &ru.sc, e2, false);
        if ((e2->cls != C_OPEN && e2->cls != C_FORCED) || e2->nmoves == 0) {
          G->leaf = e2->cls == C_MAKER_WON || e2->cls == C_DOUBLE ? MB_MAKER_WINS : MB_BREAKER_WINS;
          G->leafperms = g_hash_table_new(g_direct_hash, g_direct_equal);
          Cert c = {&ru, g_string_new(NULL), 0, g_hash_table_new_full(written_hash, written_equal, NULL, g_free),
                    G->leafperms, G->leaf == MB_MAKER_WINS, false};
          uint64_t z[SW];
          emit(&c, &q, false, 1, z);
          g_hash_table_destroy(c.written);
          G->leafproof = c.next, G->leafcert = g_string_free(c.out, FALSE);
        } else {
          G->forced = e2->cls == C_FORCED;
          G->nm = e2->nmoves;
          G->moves = g_memdup2(e2->moves, G->nm * sizeof(uint32_t));
          Child *k2 = ru.kids[1];
          uint32_t n2 = children(&ru, &q, false, e2, k2, NULL, NULL);
          G->unit_of = g_new(uint32_t, G->nm), G->el_of = g_new(uint32_t, G->nm);
          n2 = classify(g, &q, false, G->moves, G->nm, k2, n2, G->unit_of, G->el_of);
          for (uint32_t jj = 0; jj < n2; jj++) {
            Pos p2 = q;
            apply(&p2, k2[jj].move, false);
            g_array_append_val(upos, p2), g_array_append_val(umove, k2[jj].move);
          }
        }
      }
      G->u1 = upos->len;
    }
    R.n = upos->len;
    R.pos = (Pos *)(void *)g_array_free(upos, FALSE);
    R.move = (uint32_t *)(void *)g_array_free(umove, FALSE);
    R.res = g_new0(MbUnitResult, R.n + 1);
    R.cert = g_new0(char *, R.n + 1);
    R.perms = g_new0(GHashTable *, R.n + 1);
    R.done = g_new0(bool, R.n + 1);
    R.cut = g_new0(_Atomic int, R.n + 1);
    g_mutex_init(&R.lock);
    for (uint32_t i = 0; i < R.n; i++) R.res[i].move = bs_cell_name(b, R.move[i]);
    if (!R.split2)
      for (uint32_t i = 0; i < nm; i++) R.res[unit_of[i]].copies++;
    else
      for (uint32_t j = 0; j < n; j++)
        for (uint32_t i = 0; i < R.g[j].nm; i++) R.res[R.g[j].u0 + R.g[j].unit_of[i]].copies++;
    /* units finished in an earlier run */
    uint32_t resumed = 0;
    for (uint32_t j = 0; j < R.n && o->ckpt; j++) {
      size_t len;
      const void *d = ckpt_get(o->ckpt, 0, j, &len);
      if (!d) continue;
      CkptReader rd;
      ckpt_reader_init(&rd, d, len);
      uint64_t oc = ckpt_unpack_u64(&rd), nodes = ckpt_unpack_u64(&rd), pr = ckpt_unpack_u64(&rd);
      size_t tl;
      const uint8_t *t = ckpt_unpack_bytes(&rd, &tl);
      uint64_t np = ckpt_unpack_u64(&rd);
      GHashTable *ps = g_hash_table_new(g_direct_hash, g_direct_equal);
      for (uint64_t k = 0; k < np && rd.ok; k++) {
        uint64_t el = ckpt_unpack_u64(&rd);
        if (el >= g->G->order) rd.ok = false;
        else g_hash_table_add(ps, GUINT_TO_POINTER((guint)el));
      }
      if (!ckpt_reader_done(&rd) || oc > 2 || (oc != MB_UNKNOWN && o->want_cert && tl == 0)) {
        g_hash_table_destroy(ps);
        continue;
      }
      R.res[j].outcome = (MbOutcome)oc, R.res[j].nodes = nodes, R.res[j].proof = pr, R.res[j].resumed = true;
      R.cert[j] = g_strndup((const char *)t, tl);
      R.perms[j] = ps;
      R.done[j] = true;
      resumed++;
    }
    ckpt_resume_note(o->ckpt, resumed, R.n, "units");
    mark_cut(&R);
    atomic_store(&S.units, (int)R.n);
    atomic_store(&S.units_done, (int)resumed);
    parfor(R.n, o->threads, run_unit, &R);
    if (o->ckpt) ckpt_save(o->ckpt);
    /* the answer, from the units that decide it */
    uint32_t win = mark_cut(&R);
    MbOutcome mine = maker ? MB_MAKER_WINS : MB_BREAKER_WINS, other = maker ? MB_BREAKER_WINS : MB_MAKER_WINS;
    MbOutcome *gout = g_new0(MbOutcome, n);
    uint32_t *gdec = g_new(uint32_t, n);
    bool all_other = true;
    for (uint32_t k = 0; k < n; k++) {
      gdec[k] = UINT32_MAX;
      if (win != UINT32_MAX && k > win) continue;
      bool known = group_outcome(&R, k, &gout[k], &gdec[k]);
      g_assert(known);
      all_other &= gout[k] == other;
    }
    for (uint32_t i = 0; i < R.n; i++)
      if (atomic_load(&R.cut[i])) {
        R.res[i].skipped = true, R.res[i].outcome = MB_UNKNOWN, R.res[i].nodes = 0, R.res[i].proof = 0;
        R.res[i].resumed = false;
      } else {
        r->nodes += R.res[i].nodes;
        if (R.res[i].outcome == MB_UNKNOWN) r->budget_hit = true;
      }
    r->outcome = win != UINT32_MAX ? mine : all_other ? other : MB_UNKNOWN;
    /* each group's certificate, where it is needed */
    char **gcert = g_new0(char *, n);
    uint64_t *gproof = g_new0(uint64_t, n);
    GHashTable **gperms = g_new0(GHashTable *, n);
    if (r->outcome != MB_UNKNOWN && o->want_cert)
      for (uint32_t k = 0; k < n; k++) {
        if (win != UINT32_MAX && k != win) continue;
        Group *G = &R.g[k];
        gperms[k] = g_hash_table_new(g_direct_hash, g_direct_equal);
        if (G->u0 == G->u1) {
          gcert[k] = g_strdup(G->leafcert), gproof[k] = G->leafproof;
          merge_perms(gperms[k], G->leafperms);
        } else if (!R.split2 || gout[k] == MB_BREAKER_WINS) {
          uint32_t d = gdec[k];
          GString *t = g_string_new(NULL);
          if (R.split2) {
            g_autofree char *c = bs_cell_name(b, R.move[d]);
            g_string_append_printf(t, "b %s\n", c);
          }
          g_string_append(t, R.cert[d]);
          gcert[k] = g_string_free(t, FALSE), gproof[k] = R.res[d].proof + (R.split2 ? 1 : 0);
          merge_perms(gperms[k], R.perms[d]);
        } else {
          uint32_t nu = G->u1 - G->u0;
          uint64_t *pr = g_new(uint64_t, nu);
          for (uint32_t j = 0; j < nu; j++) pr[j] = R.res[G->u0 + j].proof;
          GString *t = g_string_new(NULL);
          gproof[k] = append_all(g, b, t, gperms[k], G->forced ? "F" : "B", G->moves, G->nm, G->unit_of, G->el_of, nu,
                                 R.cert + G->u0, pr, R.perms + G->u0);
          gcert[k] = g_string_free(t, FALSE);
          g_free(pr);
        }
      }
    if (r->outcome != MB_UNKNOWN && o->want_cert) {
      if (r->outcome == mine) {
        g_autofree char *c = bs_cell_name(b, gmove[win]);
        /* the side to move wins: its move is "m" or "b", also when it is
         * Breaker's forced block ("F" is Breaker's forced reply in a
         * Maker-win tree only) */
        g_string_append_printf(cert, "%s %s\n%s", maker ? "m" : "b", c, gcert[win]);
        proof = 1 + gproof[win];
        merge_perms(perms, gperms[win]);
      } else {
        proof = append_all(g, b, cert, perms, rforced ? "F" : maker ? "M" : "B", moves, nm, unit_of, el_of, n, gcert,
                           gproof, gperms);
      }
    }
    /* each decided root move's own certificate (--all-moves --cert-dir) */
    if (o->unit_certs && o->all_moves && !R.split2) {
      g_autofree char *mv = mb_position_string(b, pos);
      for (uint32_t i = 0; i < R.n; i++) {
        if (R.res[i].outcome == MB_UNKNOWN || !R.cert[i]) continue;
        g_autofree char *c = bs_cell_name(b, R.move[i]);
        g_autofree char *after = pos->moves->len ? g_strdup_printf("%s %c:%s", mv, maker ? 'M' : 'B', c)
                                                 : g_strdup_printf("%c:%s", maker ? 'M' : 'B', c);
        R.res[i].cert = cert_text(g, b, after, R.umaker, R.res[i].outcome, R.perms[i], R.res[i].proof, R.cert[i]);
      }
    }
    /* the per-move results */
    if (!R.split2) {
      r->nunits = R.n, r->units = R.res, R.res = NULL;
    } else {
      r->nunits = n;
      r->units = g_new0(MbUnitResult, n);
      for (uint32_t k = 0; k < n; k++) {
        MbUnitResult *x = &r->units[k];
        Group *G = &R.g[k];
        x->move = bs_cell_name(b, gmove[k]);
        x->outcome = gout[k];
        x->skipped = win != UINT32_MAX && k > win;
        x->proof = gproof[k];
        if (G->u0 == G->u1) x->leaf = true;
        x->nsub = G->u1 - G->u0;
        x->sub = g_new0(MbUnitResult, x->nsub + 1);
        for (uint32_t j = 0; j < x->nsub; j++) {
          x->sub[j] = R.res[G->u0 + j];
          R.res[G->u0 + j].move = NULL;
          x->nodes += x->sub[j].nodes;
          x->resumed |= x->sub[j].resumed;
        }
      }
      for (uint32_t i = 0; i < nm; i++) r->units[unit_of[i]].copies++;
    }
    for (uint32_t k = 0; k < n; k++) {
      g_free(gcert[k]);
      if (gperms[k]) g_hash_table_destroy(gperms[k]);
      Group *G = &R.g[k];
      g_free(G->leafcert), g_free(G->moves), g_free(G->unit_of), g_free(G->el_of);
      if (G->leafperms) g_hash_table_destroy(G->leafperms);
    }
    for (uint32_t i = 0; i < R.n; i++) {
      g_free(R.cert[i]);
      if (R.perms[i]) g_hash_table_destroy(R.perms[i]);
      if (R.res) g_free(R.res[i].move);
    }
    g_free(gcert), g_free(gproof), g_free(gperms), g_free(gout), g_free(gdec);
    g_free(R.res), g_free(R.cert), g_free(R.perms), g_free(R.move), g_free(R.pos);
    g_free(R.done), g_free(R.cut), g_free(R.g);
    g_mutex_clear(&R.lock);
    g_free(unit_of), g_free(el_of), g_free(moves), g_free(gmove);
  }
  r->proof = r->outcome != MB_UNKNOWN ? proof : 0;
  if (r->outcome != MB_UNKNOWN && o->want_cert) {
    g_autofree char *mv = mb_position_string(b, pos);
    r->cert = cert_text(g, b, mv, maker, r->outcome, perms, proof, cert->str);
  }
  g_string_free(cert, TRUE);
  g_hash_table_destroy(perms);
  unit_clear(&ru);
  game_clear(g);
  r->seconds = (double)(g_get_monotonic_time() - S.start_us) / 1e6;
  r->memory_hit = atomic_load(&S.mem_hit) != 0;
  /* self-check on write: a certificate the independent checker rejects is
   * a hard error, never a result */
  if (r->cert && o->self_check) {
    CcReport rep;
    char *why = NULL;
    CcResult cr = cc_check(b->name, r->cert, &rep, &why);
    if (cr != CC_VALID) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INVALID,
                  "internal error: the certificate the solver wrote was rejected by its checker (%s); no result is claimed",
                  why ? why : "no reason");
      g_free(why);
      mb_solve_result_clear(r);
      return false;
    }
    r->cert_checked = true;
  }
  for (uint32_t i = 0; i < r->nunits && o->self_check; i++) { /* the per-move certificates likewise */
    if (!r->units[i].cert) continue;
    char *why = NULL;
    if (cc_check(b->name, r->units[i].cert, NULL, &why) != CC_VALID) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INVALID,
                  "internal error: the certificate the solver wrote for move %s was rejected by its checker (%s); no "
                  "result is claimed",
                  r->units[i].move, why ? why : "no reason");
      g_free(why);
      mb_solve_result_clear(r);
      return false;
    }
  }
  r->zone_cuts = atomic_load(&S.zone_cuts);
  r->must_cuts = atomic_load(&S.must_cuts);
  r->pair_tried = atomic_load(&S.pair_tried), r->pair_found = atomic_load(&S.pair_found);
  return true;
}

/* ---- the baseline ------------------------------------------------------------------- */

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
  if (!side_to_move(pos, breaker_first, MB_TO_MOVE_COUNTS, &maker, NULL)) return MB_UNKNOWN;
  Game g;
  if (!game_init(&g, b, &o, false, NULL)) {
    if (g.set) game_clear(&g);
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
  game_clear(&g);
  if (P.abort) return MB_UNKNOWN;
  return w ? MB_MAKER_WINS : MB_BREAKER_WINS;
}
