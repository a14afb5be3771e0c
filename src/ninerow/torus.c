#include "ninerow/torus.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "plumbing/campaign.h"
#include "plumbing/parfor.h"
#include "plumbing/progress.h"

static const int code_vec[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                   {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
static const char *const code_name[8] = {"E", "SE", "S", "SW", "W", "NW", "N", "NE"};

static int mod(int a, int n) { return ((a % n) + n) % n; }

/* is code k a neighbour of the game (all 8 on the square, not SW/NE on hex) */
static bool is_code(const TorusGame *g, int k) { return k >= 0 && k < 8 && (k & 3) < g->ndirs; }

static int code_of_vec(const TorusGame *g, int vx, int vy) {
  for (int k = 0; k < 8; k++)
    if (is_code(g, k) && code_vec[k][0] == vx && code_vec[k][1] == vy) return k;
  return -1;
}

static void mat_mul(const int *a, const int *b, int *out) {
  int r[4] = {a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
              a[2] * b[1] + a[3] * b[3]};
  memcpy(out, r, sizeof r);
}

void tg_init(TorusGame *g, TorusKind kind) {
  memset(g, 0, sizeof *g);
  g->kind = kind;
  g->n = kind == TG_SQUARE8 ? 8 : 6;
  g->ndirs = kind == TG_SQUARE8 ? 4 : 3;
  int n = g->n;
  g->ncells = n * n;
  g->nlines = g->ndirs * n;
  g->ndom = g->ndirs * g->ncells;
  memcpy(g->vec, code_vec, sizeof code_vec);
  for (int c = 0; c < g->ncells; c++) {
    int x = c % n, y = c / n;
    for (int k = 0; k < 8; k++)
      g->nb[c][k] = (uint8_t)(n * mod(y + code_vec[k][1], n) + mod(x + code_vec[k][0], n));
    for (int b = 0; b < g->ncells; b++)
      g->add[c][b] = (uint8_t)(n * ((y + b / n) % n) + (x + b % n) % n);
    /* the line of direction d through (x,y): f = vy*x - vx*y (mod n) is
     * constant along v_d and takes n values */
    for (int d = 0; d < g->ndirs; d++)
      g->line_of[d][c] = (uint8_t)(d * n + mod(code_vec[d][1] * x - code_vec[d][0] * y, n));
  }
  for (int d = 0; d < g->ndirs; d++)
    for (int c = 0; c < g->ncells; c++) {
      int id = d * g->ncells + c;
      g->dom_a[id] = (uint8_t)c;
      g->dom_b[id] = g->nb[c][d];
      g->dom_line[id] = g->line_of[d][c];
      g->line_cells[g->line_of[d][c]] |= UINT64_C(1) << c;
    }
  /* point group: products of powers of a rotation and a reflection */
  int rot[4], ref[4], nrot;
  if (kind == TG_SQUARE8) {
    int r[4] = {0, -1, 1, 0}, m[4] = {-1, 0, 0, 1};
    memcpy(rot, r, sizeof r);
    memcpy(ref, m, sizeof m);
    nrot = 4;
  } else {
    int r[4] = {1, -1, 1, 0}, s[4] = {0, 1, 1, 0};
    memcpy(rot, r, sizeof r);
    memcpy(ref, s, sizeof s);
    nrot = 6;
  }
  g->npoint = 2 * nrot;
  g->ngroup = g->npoint * g->ncells;
  for (int e = 0; e < 2; e++) {
    int m[4] = {1, 0, 0, 1};
    if (e) memcpy(m, ref, sizeof m);
    for (int k = 0; k < nrot; k++) {
      int p = e * nrot + k;
      memcpy(g->pmat[p], m, sizeof m);
      mat_mul(rot, m, m); /* next: R^(k+1) S^e */
    }
  }
  for (int p = 0; p < g->npoint; p++) {
    const int *m = g->pmat[p];
    g->prot[p] = m[0] * m[3] - m[1] * m[2] == 1;
    for (int k = 0; k < 8; k++) {
      g->pcode[p][k] = 0xff;
      if (!is_code(g, k)) continue;
      int vx = m[0] * code_vec[k][0] + m[1] * code_vec[k][1];
      int vy = m[2] * code_vec[k][0] + m[3] * code_vec[k][1];
      int kk = code_of_vec(g, vx, vy);
      g_assert(kk >= 0);
      g->pcode[p][k] = (uint8_t)kk;
    }
    for (int c = 0; c < g->ncells; c++) {
      int x = c % n, y = c / n;
      int px = mod(m[0] * x + m[1] * y, n), py = mod(m[2] * x + m[3] * y, n);
      g->pcell[p][c] = (uint8_t)(n * py + px);
    }
    for (int c = 0; c < g->ncells; c++) g->pinvcell[p][g->pcell[p][c]] = (uint8_t)c;
    int acc[4] = {m[0], m[1], m[2], m[3]}, order = 1;
    while (!(acc[0] == 1 && acc[1] == 0 && acc[2] == 0 && acc[3] == 1)) {
      mat_mul(m, acc, acc);
      order++;
    }
    g->porder[p] = order;
  }
  for (int p = 0; p < g->npoint; p++)
    for (int q = 0; q < g->npoint; q++) {
      int m[4];
      mat_mul(g->pmat[p], g->pmat[q], m);
      g->pmul[p][q] = -1;
      for (int r = 0; r < g->npoint; r++)
        if (memcmp(m, g->pmat[r], sizeof m) == 0) g->pmul[p][q] = r;
      g_assert(g->pmul[p][q] >= 0);
    }
  g->group = (UINT32_C(1) << g->npoint) - 1;
}

bool tg_set_group(TorusGame *g, uint32_t mask) {
  if (!(mask & 1) || (mask >> g->npoint)) return false;
  for (int p = 0; p < g->npoint; p++)
    for (int q = 0; q < g->npoint; q++)
      if ((mask >> p & 1) && (mask >> q & 1) && !(mask >> g->pmul[p][q] & 1)) return false;
  g->group = mask;
  g->ngroup = __builtin_popcount(mask) * g->ncells;
  return true;
}

int tg_domino_of(const TorusGame *g, int cell, int code) {
  return code < 4 ? code * g->ncells + cell : (code - 4) * g->ncells + g->nb[cell][code];
}

int tg_dominoes(const TorusGame *g, const uint8_t *code, int *doms) {
  int k = 0;
  for (int d = 0; d < g->ndirs; d++)
    for (int c = 0; c < g->ncells; c++)
      if (code[c] == d) doms[k++] = d * g->ncells + c;
  return k;
}

/* The checker: coordinates only.  Every cell's code must name a neighbour
 * whose code points back; every line holds exactly one cell whose partner
 * is the next cell of the line.  A line of direction (vx, vy) is walked from
 * its cell in column 0 (vy = 0) or in row 0 (vy = +-1: it meets every row
 * once), n steps, wrapping by hand. */
bool tg_check(const TorusGame *g, const uint8_t *code, char **why) {
  int n = g->n;
  for (int c = 0; c < n * n; c++) {
    int k = code[c];
    if (!is_code(g, k)) {
      if (why) *why = g_strdup_printf("cell %d has code %d, not a neighbour", c, k);
      return false;
    }
    int x = c % n, y = c / n;
    int p = n * mod(y + code_vec[k][1], n) + mod(x + code_vec[k][0], n);
    if (code[p] != (k ^ 4)) {
      if (why) *why = g_strdup_printf("cell %d points to %d, which does not point back", c, p);
      return false;
    }
  }
  for (int d = 0; d < g->ndirs; d++) {
    int vx = code_vec[d][0], vy = code_vec[d][1];
    for (int base = 0; base < n; base++) {
      int x = vy == 0 ? 0 : base, y = vy == 0 ? base : 0, blocked = 0;
      for (int i = 0; i < n; i++) {
        blocked += code[n * y + x] == d;
        x += vx;
        y += vy;
        if (x < 0) x += n;
        if (x >= n) x -= n;
        if (y < 0) y += n;
        if (y >= n) y -= n;
      }
      if (blocked != 1) {
        if (why)
          *why = g_strdup_printf("the %s line through (%d,%d) holds %d dominoes along it",
                                 code_name[d], vy == 0 ? 0 : base, vy == 0 ? base : 0, blocked);
        return false;
      }
    }
  }
  return true;
}

void tg_transform(const TorusGame *g, int elem, const uint8_t *in, uint8_t *out) {
  int p = elem / g->ncells, t = elem % g->ncells;
  for (int c = 0; c < g->ncells; c++) out[g->add[g->pcell[p][c]][t]] = g->pcode[p][in[c]];
}

/* the codes k with pcode[p][k] == 0: the direction p sends to E */
static int code_to_east(const TorusGame *g, int p) {
  for (int k = 0; k < 8; k++)
    if (g->pcode[p][k] == 0) return k;
  g_assert_not_reached();
}

/* image entry x of the candidate (p, c): the element that moves cell c to 0 */
static inline uint8_t cand_entry(const TorusGame *g, const uint8_t *code, int p, int c, int x) {
  return g->pcode[p][code[g->add[g->pinvcell[p][x]][c]]];
}

void tg_canon(const TorusGame *g, const uint8_t *code, uint8_t *canon, int *stab) {
  /* the cells of each code, so each point element visits only its candidates */
  uint8_t bycode[8][TG_MAXCELLS];
  int count[8] = {0};
  for (int c = 0; c < g->ncells; c++) bycode[code[c] & 7][count[code[c] & 7]++] = (uint8_t)c;
  bool have = false;
  int ties = 0;
  for (int p = 0; p < g->npoint; p++) {
    if (!tg_in_group(g, p)) continue;
    int e = code_to_east(g, p);
    const uint8_t *pinv = g->pinvcell[p], *pc = g->pcode[p];
    for (int i = 0; i < count[e]; i++) {
      int c = bycode[e][i];
      const uint8_t *addc = g->add[c];
      if (!have) {
        for (int x = 0; x < g->ncells; x++) canon[x] = pc[code[addc[pinv[x]]]];
        have = true;
        ties = 1;
        continue;
      }
      int x = 0;
      uint8_t v = 0;
      for (; x < g->ncells; x++) {
        v = pc[code[addc[pinv[x]]]];
        if (v != canon[x]) break;
      }
      if (x == g->ncells) {
        ties++;
      } else if (v < canon[x]) {
        for (; x < g->ncells; x++) canon[x] = pc[code[addc[pinv[x]]]];
        ties = 1;
      }
    }
  }
  if (stab) *stab = ties;
}

bool tg_is_canonical(const TorusGame *g, const uint8_t *code, int *stab) {
  int ties = 0;
  for (int p = 0; p < g->npoint; p++) {
    if (!tg_in_group(g, p)) continue;
    int e = code_to_east(g, p);
    for (int c = 0; c < g->ncells; c++) {
      if (code[c] != e) continue;
      int x = 0;
      uint8_t v = 0;
      for (; x < g->ncells; x++) {
        v = cand_entry(g, code, p, c, x);
        if (v != code[x]) break;
      }
      if (x == g->ncells)
        ties++;
      else if (v < code[x])
        return false;
    }
  }
  if (stab) *stab = ties;
  return true;
}

void tg_canon_all(const TorusGame *g, const uint8_t *code, uint8_t *canon, int *stab) {
  uint8_t img[TG_MAXCELLS];
  int ties = 0;
  for (int e = 0; e < g->npoint * g->ncells; e++) {
    if (!tg_in_group(g, e / g->ncells)) continue;
    tg_transform(g, e, code, img);
    int r = e == 0 ? -1 : memcmp(img, canon, (size_t)g->ncells);
    if (r < 0) {
      memcpy(canon, img, (size_t)g->ncells);
      ties = 1;
    } else if (r == 0) {
      ties++;
    }
  }
  if (stab) *stab = ties;
}

/* ---- the plain exact-cover enumeration ------------------------------------ */

typedef struct {
  const TorusGame *g;
  uint64_t orb_cells[TG_MAXDOM], orb_lines[TG_MAXDOM];
  bool orb_ok[TG_MAXDOM];  /* the orbit's dominoes are disjoint, in distinct lines */
  int orb_next[TG_MAXDOM]; /* the image of each domino: orbits are its cycles */
  int cell_doms[TG_MAXCELLS][8], cell_ndoms[TG_MAXCELLS];
  uint8_t code[TG_MAXCELLS];
  uint64_t count;
  TgVisit visit;
  void *ctx;
} Enum;

static void place_orbit(Enum *en, int dom) {
  const TorusGame *g = en->g;
  int id = dom;
  do {
    int d = tg_dom_dir(g, id);
    en->code[g->dom_a[id]] = (uint8_t)d;
    en->code[g->dom_b[id]] = (uint8_t)(d + 4);
    id = en->orb_next[id];
  } while (id != dom);
}

static void enum_rec(Enum *en, uint64_t freec, uint64_t freel) {
  if (freec == 0) {
    en->count++;
    if (en->visit) en->visit(en->code, en->ctx);
    return;
  }
  int c = __builtin_ctzll(freec);
  for (int i = 0; i < en->cell_ndoms[c]; i++) {
    int dom = en->cell_doms[c][i];
    if (!en->orb_ok[dom] || (en->orb_cells[dom] & ~freec) || (en->orb_lines[dom] & ~freel))
      continue;
    place_orbit(en, dom);
    enum_rec(en, freec & ~en->orb_cells[dom], freel & ~en->orb_lines[dom]);
  }
}

/* image of domino id under elem */
static int dom_image(const TorusGame *g, int elem, int id) {
  int p = elem / g->ncells, t = elem % g->ncells;
  int d = tg_dom_dir(g, id);
  int a = g->add[g->pcell[p][g->dom_a[id]]][t];
  return tg_domino_of(g, a, g->pcode[p][d]);
}

uint64_t tg_enumerate(const TorusGame *g, int elem, const int *fixed, int nfixed, TgVisit visit,
                      void *ctx) {
  Enum *en = g_new0(Enum, 1);
  en->g = g;
  en->visit = visit;
  en->ctx = ctx;
  for (int id = 0; id < g->ndom; id++) {
    uint64_t cells = 0, lines = 0;
    int size = 0, j = id;
    do {
      cells |= (UINT64_C(1) << g->dom_a[j]) | (UINT64_C(1) << g->dom_b[j]);
      lines |= UINT64_C(1) << g->dom_line[j];
      size++;
      int next = dom_image(g, elem, j);
      en->orb_next[j] = next;
      j = next;
    } while (j != id);
    en->orb_cells[id] = cells;
    en->orb_lines[id] = lines;
    en->orb_ok[id] = __builtin_popcountll(cells) == 2 * size && __builtin_popcountll(lines) == size;
  }
  for (int id = 0; id < g->ndom; id++) {
    int a = g->dom_a[id], b = g->dom_b[id];
    en->cell_doms[a][en->cell_ndoms[a]++] = id;
    en->cell_doms[b][en->cell_ndoms[b]++] = id;
  }
  uint64_t freec = g->ncells == 64 ? ~UINT64_C(0) : (UINT64_C(1) << g->ncells) - 1;
  uint64_t freel = (UINT64_C(1) << g->nlines) - 1;
  bool ok = true;
  for (int i = 0; i < nfixed && ok; i++) {
    int dom = fixed[i], d = tg_dom_dir(g, dom);
    uint64_t own = (UINT64_C(1) << g->dom_a[dom]) | (UINT64_C(1) << g->dom_b[dom]);
    if ((own & freec) == own) { /* not yet placed: its whole orbit must fit */
      ok = en->orb_ok[dom] && (en->orb_cells[dom] & ~freec) == 0 &&
           (en->orb_lines[dom] & ~freel) == 0;
      if (ok) {
        place_orbit(en, dom);
        freec &= ~en->orb_cells[dom];
        freel &= ~en->orb_lines[dom];
      }
    } else { /* placed by an earlier fixed orbit, or in conflict with one */
      ok = (own & freec) == 0 && en->code[g->dom_a[dom]] == d && en->code[g->dom_b[dom]] == d + 4;
    }
  }
  uint64_t count = 0;
  if (ok) {
    enum_rec(en, freec, freel);
    count = en->count;
  }
  g_free(en);
  return count;
}

/* work unit u: the pairings fixed by group element e = u + 1 (the identity
 * is not a unit), as one varint */
static void fix_unit(size_t u, int worker, GByteArray *out, void *ctx) {
  (void)worker;
  ckpt_pack_u64(out, tg_enumerate(ctx, (int)u + 1, NULL, 0, NULL, NULL));
}

static uint64_t fix_decode(const void *p, size_t len, bool *ok) {
  CkptReader r;
  ckpt_reader_init(&r, p, len);
  uint64_t v = ckpt_unpack_u64(&r);
  *ok = ckpt_reader_done(&r);
  return v;
}

static bool fix_ok(size_t unit, const void *p, size_t len, void *ctx) {
  (void)unit;
  (void)ctx;
  bool ok;
  fix_decode(p, len, &ok);
  return ok;
}

void tg_fixed_counts_ckpt(const TorusGame *g, uint64_t *fix, int threads, Checkpoint *ck,
                          uint32_t stage) {
  int n = g->npoint * g->ncells;
  /* the elements as a campaign (threads, or MPI ranks: plumbing/campaign.h) */
  CampaignSpec spec = {.units = (size_t)n - 1,
                       .compute = fix_unit,
                       .check = fix_ok,
                       .ctx = (void *)g,
                       .threads = threads,
                       .ck = ck,
                       .stage = stage,
                       .what = "Burnside elements"};
  CampaignResult cr;
  campaign_run(&spec, &cr);
  fix[0] = 0;
  for (int e = 1; e < n; e++) {
    size_t len;
    const void *p = campaign_unit(&cr, (size_t)e - 1, &len);
    bool ok;
    fix[e] = fix_decode(p, len, &ok);
    g_assert(ok); /* computed here, or checked by fix_ok */
  }
  campaign_result_clear(&cr);
}

void tg_fixed_counts(const TorusGame *g, uint64_t *fix, int threads) {
  tg_fixed_counts_ckpt(g, fix, threads, NULL, 0);
}

/* ---- moves ---------------------------------------------------------------- */

bool tg_slide_move(const TorusGame *g, const uint8_t *code, int cell, uint8_t *out, int *least) {
  /* first follow the chain without writing: most chains fail */
  uint64_t moved = 0;
  int a = cell, low = cell;
  for (;;) {
    int k = code[a], b = g->nb[a][k], t = g->nb[b][k]; /* t: the cell the domino slides onto */
    moved |= (UINT64_C(1) << a) | (UINT64_C(1) << b);
    if (t == cell) break;
    if (moved >> t & 1) return false;
    a = t;
    if (a < low) low = a;
  }
  memcpy(out, code, (size_t)g->ncells);
  a = cell;
  do {
    int k = code[a], b = g->nb[a][k], t = g->nb[b][k];
    out[b] = (uint8_t)k;
    out[t] = (uint8_t)(k ^ 4);
    a = t;
  } while (a != cell);
  if (least) *least = low;
  return true;
}

typedef struct {
  const TorusGame *g;
  const uint8_t *code;
  int c0, maxlen;
  uint8_t pmin[TG_MAXLINES]; /* least cell of P's domino in each line */
  uint8_t qcell[TG_MAXCELLS / 2], qcode[TG_MAXCELLS / 2];
  int nq;
  uint8_t out[TG_MAXCELLS];
  TgMoveVisit visit;
  void *ctx;
  int found;
  uint64_t nodes;
} Cyc;

static inline int dom_line_at(const TorusGame *g, int cell, int k) {
  return g->line_of[k & 3][cell];
}

/* the path so far: P-dominoes covering `visited` (lines fr), Q-dominoes
 * qcell/qcode (lines tk); cur = the open end, whose P-domino is in the path */
static void cyc_rec(Cyc *s, int cur, uint64_t visited, uint32_t fr, uint32_t tk, int cells) {
  const TorusGame *g = s->g;
  s->nodes++;
  for (int k = 0; k < 8; k++) {
    if ((k & 3) >= g->ndirs || k == s->code[cur]) continue;
    int nbc = g->nb[cur][k], m = dom_line_at(g, cur, k);
    uint32_t mb = UINT32_C(1) << m;
    if ((tk & mb) || s->pmin[m] < s->c0) continue;
    if (nbc == s->c0) {
      if ((tk | mb) != fr) continue;
      memcpy(s->out, s->code, (size_t)g->ncells);
      for (int i = 0; i < s->nq; i++) {
        s->out[s->qcell[i]] = s->qcode[i];
        s->out[g->nb[s->qcell[i]][s->qcode[i]]] = (uint8_t)(s->qcode[i] ^ 4);
      }
      s->out[cur] = (uint8_t)k;
      s->out[nbc] = (uint8_t)(k ^ 4);
      s->found++;
      if (s->visit) s->visit(s->out, cells, s->ctx);
      continue;
    }
    if (nbc < s->c0 || (visited >> nbc & 1)) continue;
    int mate = g->nb[nbc][s->code[nbc]];
    if (mate < s->c0) continue;
    uint32_t fr2 = fr | (UINT32_C(1) << dom_line_at(g, nbc, s->code[nbc])), tk2 = tk | mb;
    int debt = __builtin_popcount(tk2 & ~fr2);
    if (cells + 2 + 2 * debt > s->maxlen) continue;
    s->qcell[s->nq] = (uint8_t)cur;
    s->qcode[s->nq] = (uint8_t)k;
    s->nq++;
    cyc_rec(s, mate, visited | (UINT64_C(1) << nbc) | (UINT64_C(1) << mate), fr2, tk2, cells + 2);
    s->nq--;
  }
}

int tg_cycle_moves(const TorusGame *g, const uint8_t *code, int maxlen, TgMoveVisit visit,
                   void *ctx, uint64_t *nodes) {
  Cyc *s = g_new0(Cyc, 1);
  s->g = g;
  s->code = code;
  s->maxlen = maxlen;
  s->visit = visit;
  s->ctx = ctx;
  for (int c = 0; c < g->ncells; c++) {
    int k = code[c];
    if (k < 4) s->pmin[dom_line_at(g, c, k)] = (uint8_t)MIN(c, g->nb[c][k]);
  }
  for (int c0 = 0; c0 < g->ncells; c0++) {
    int b0 = g->nb[c0][code[c0]];
    if (b0 < c0) continue;
    s->c0 = c0;
    s->nq = 0;
    uint32_t fr = UINT32_C(1) << dom_line_at(g, c0, code[c0]);
    cyc_rec(s, b0, (UINT64_C(1) << c0) | (UINT64_C(1) << b0), fr, 0, 2);
  }
  int found = s->found;
  if (nodes) *nodes += s->nodes;
  g_free(s);
  return found;
}

/* ---- the graph of classes ------------------------------------------------ */

long tg_find(const TorusGame *g, const uint8_t *reps, uint64_t n, const uint8_t *canon) {
  uint64_t lo = 0, hi = n;
  size_t w = (size_t)g->ncells;
  while (lo < hi) {
    uint64_t mid = lo + (hi - lo) / 2;
    int c = memcmp(reps + mid * w, canon, w);
    if (c == 0) return (long)mid;
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return -1;
}

typedef struct {
  const TorusGame *g;
  const uint8_t *reps;
  uint32_t n;
  TgMoves kind;
  int maxlen;
  bool check;
  /* per worker */
  uint32_t self;
  const uint8_t *p;
  GArray *edges; /* uint64: u << 32 | v */
  uint64_t moves, loops, missing, bad, nodes;
  int longest;
} GraphJob;

static void graph_move(const uint8_t *q, int cells, void *ctx) {
  GraphJob *j = ctx;
  const TorusGame *g = j->g;
  (void)cells;
  int changed = 0;
  for (int x = 0; x < g->ncells; x++) changed += q[x] != j->p[x];
  if (changed > j->longest) j->longest = changed;
  j->moves++;
  if (j->check && !tg_check(g, q, NULL)) j->bad++;
  uint8_t canon[TG_MAXCELLS];
  tg_canon(g, q, canon, NULL);
  long k = tg_find(g, j->reps, j->n, canon);
  if (k < 0) {
    j->missing++;
  } else if ((uint32_t)k == j->self) {
    j->loops++;
  } else {
    uint64_t u = MIN(j->self, (uint32_t)k), v = MAX(j->self, (uint32_t)k);
    uint64_t e = u << 32 | v;
    g_array_append_val(j->edges, e);
  }
}

enum { GRAPH_CHUNK = 64 }; /* classes per work unit */

typedef struct {
  GraphJob *jobs; /* one per worker */
  const ProgressSink *progress;
} GraphLoop;

/* work unit: the moves out of classes [unit * GRAPH_CHUNK, ...) */
static void graph_unit(size_t unit, int worker, void *ctx) {
  GraphLoop *l = ctx;
  GraphJob *j = &l->jobs[worker];
  const TorusGame *g = j->g;
  uint8_t q[TG_MAXCELLS];
  uint32_t start = (uint32_t)unit * GRAPH_CHUNK;
  progress_update(l->progress, start);
  for (uint32_t i = start; i < MIN(j->n, start + GRAPH_CHUNK); i++) {
    j->self = i;
    j->p = j->reps + (size_t)i * (size_t)g->ncells;
    if (j->kind == TG_MOVES_SLIDE) {
      for (int c = 0; c < g->ncells; c++) {
        int least;
        if (tg_slide_move(g, j->p, c, q, &least) && least == c) graph_move(q, 0, j);
      }
    } else {
      tg_cycle_moves(g, j->p, j->maxlen, graph_move, j, &j->nodes);
    }
  }
}

static int u64_cmp(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

void tg_class_graph(const TorusGame *g, const uint8_t *reps, uint32_t n, TgMoves kind, int maxlen,
                    bool check, int threads, const ProgressSink *progress, TgGraph *out) {
  memset(out, 0, sizeof *out);
  size_t units = (n + GRAPH_CHUNK - 1) / GRAPH_CHUNK;
  int nw = parfor_workers(units, threads);
  GraphJob *jobs = g_new0(GraphJob, nw);
  for (int t = 0; t < nw; t++) {
    jobs[t] = (GraphJob){.g = g, .reps = reps, .n = n, .kind = kind, .maxlen = maxlen, .check = check};
    jobs[t].edges = g_array_new(FALSE, FALSE, sizeof(uint64_t));
  }
  GraphLoop l = {jobs, progress};
  progress_start(progress, n);
  parfor(units, nw, graph_unit, &l);
  progress_end(progress, n);
  /* the edges are sorted below and the counts summed: worker order does not matter */
  GArray *all = g_array_new(FALSE, FALSE, sizeof(uint64_t));
  for (int t = 0; t < nw; t++) {
    GraphJob *j = &jobs[t];
    g_array_append_vals(all, j->edges->data, j->edges->len);
    g_array_free(j->edges, TRUE);
    out->moves += j->moves;
    out->loops += j->loops;
    out->missing += j->missing;
    out->bad += j->bad;
    out->nodes += j->nodes;
    out->longest = MAX(out->longest, j->longest);
  }
  qsort(all->data, all->len, sizeof(uint64_t), u64_cmp);
  out->edges = g_new(uint32_t, 2 * (size_t)all->len + 2);
  for (guint i = 0; i < all->len; i++) {
    uint64_t e = g_array_index(all, uint64_t, i);
    if (i > 0 && e == g_array_index(all, uint64_t, i - 1)) continue;
    out->edges[2 * out->ne] = (uint32_t)(e >> 32);
    out->edges[2 * out->ne + 1] = (uint32_t)e;
    out->ne++;
  }
  g_array_free(all, TRUE);
  g_free(jobs);
}

void tg_graph_clear(TgGraph *gr) {
  g_free(gr->edges);
  memset(gr, 0, sizeof *gr);
}

const char *const tg_hales_jewett =
    "S  E  W  NW SE SW NE S\n"
    "N  E  W  SW NE NW SE N\n"
    "SE SW NE S  S  E  W  NW\n"
    "NE NW SE N  N  E  W  SW\n"
    "W  S  S  NW SE SW NE E\n"
    "W  N  N  SW NE NW SE E\n"
    "SE SW NE E  W  S  S  NW\n"
    "NE NW SE E  W  N  N  SW\n";

/* ---- text ----------------------------------------------------------------- */

char *tg_to_string(const TorusGame *g, const uint8_t *code) {
  GString *s = g_string_new(NULL);
  for (int y = 0; y < g->n; y++)
    for (int x = 0; x < g->n; x++)
      g_string_append_printf(s, "%s%s", code_name[code[g->n * y + x] & 7],
                             x == g->n - 1 ? "\n" : " ");
  return g_string_free(s, FALSE);
}

bool tg_parse(const TorusGame *g, const char *text, uint8_t *code) {
  g_auto(GStrv) tok = g_strsplit_set(text, " \t\n", -1);
  int c = 0;
  for (int i = 0; tok[i]; i++) {
    if (!*tok[i]) continue;
    int k = 0;
    while (k < 8 && strcmp(tok[i], code_name[k]) != 0) k++;
    if (k == 8 || c >= g->ncells || !is_code(g, k)) return false;
    code[c++] = (uint8_t)k;
  }
  return c == g->ncells;
}
