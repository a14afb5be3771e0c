#include "ninerow/torus8.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "plumbing/campaign.h"
#include "plumbing/parfor.h"
#include "plumbing/progress.h"

/* ---- bitboards of the 8 x 8 torus: bit c = 8y + x ------------------------- */

#define FILE_A UINT64_C(0x0101010101010101) /* x = 0 */
#define FILE_H UINT64_C(0x8080808080808080) /* x = 7 */

static inline uint64_t rotr8(uint64_t b) { return (b >> 8) | (b << 56); }
static inline uint64_t rotl8(uint64_t b) { return (b << 8) | (b >> 56); }
/* pull_e: bit c takes the bit of the cell east of c (wrapping); pull_w: west */
static inline uint64_t pull_e(uint64_t b) { return ((b >> 1) & ~FILE_H) | ((b << 7) & FILE_H); }
static inline uint64_t pull_w(uint64_t b) { return ((b << 1) & ~FILE_A) | ((b >> 7) & FILE_A); }

/* bit c of pull(d, b) = bit c + v_d of b; of push(d, b) = bit c - v_d of b */
static inline uint64_t pull(int d, uint64_t b) {
  switch (d) {
    case 0:
      return pull_e(b);
    case 1:
      return rotr8(pull_e(b));
    case 2:
      return rotr8(b);
    default:
      return rotr8(pull_w(b));
  }
}
static inline uint64_t push(int d, uint64_t b) {
  switch (d) {
    case 0:
      return pull_w(b);
    case 1:
      return rotl8(pull_w(b));
    case 2:
      return rotl8(b);
    default:
      return rotl8(pull_e(b));
  }
}

/* ---- search state ---------------------------------------------------------- */

/* What a branch copies: the free cells, the free lines, and for each
 * direction the cells whose line of that direction is still free.  The
 * table and the list of placed dominoes live in the worker and are written
 * in place (a child overwrites exactly the entries its parent has not set). */
typedef struct {
  uint64_t fc;
  uint64_t lf[4];
  uint32_t fl;
  int ndom;
  uint64_t decided[2]; /* row-0 candidates known not to be smaller (bit 4i + slot) */
} Board;

typedef struct {
  Board b;
  uint8_t code[64];
  uint8_t dcell[32], ddir[32];
} Task;

typedef struct {
  const TorusGame *g;
  T8Method method;
  uint8_t east[8];     /* the code each point element sends to E */
  uint8_t pslot[4][4]; /* the 4 point elements turning direction d (0 or 2) into E-W */
  uint8_t code[64];
  uint8_t dcell[32], ddir[32]; /* placed dominoes: start cell, direction */
  int cut;                     /* frontier depth, or -1 */
  GArray *frontier;            /* Task */
  uint64_t examined, third_down, nodes, classes, orbit_sum, stab_hist[513];
  GArray *reps; /* Rep */
} Worker;

typedef struct {
  uint8_t code[64];
  uint16_t stab;
} Rep;

static inline void place(Worker *w, Board *s, int start, int d) {
  const TorusGame *g = w->g;
  int b = g->nb[start][d], l = g->line_of[d][start];
  s->fc &= ~((UINT64_C(1) << start) | (UINT64_C(1) << b));
  s->fl &= ~(UINT32_C(1) << l);
  s->lf[d] &= ~g->line_cells[l];
  w->code[start] = (uint8_t)d;
  w->code[b] = (uint8_t)(d + 4);
  w->dcell[s->ndom] = (uint8_t)start;
  w->ddir[s->ndom] = (uint8_t)d;
  s->ndom++;
}

static inline int add8(int a, int c) {
  return (((a & 7) + (c & 7)) & 7) | (((a & 56) + (c & 56)) & 56);
}

/* Is the completed table its own canonical form?  Candidates: point element
 * p and a cell c with code[c] = east[p] (one per domino of the direction p
 * turns into E); the image's entries 0 and 1 are E, W like P's, so the
 * comparison starts at entry 2. */
static bool engine_canonical(const Worker *w, int *stab) {
  const TorusGame *g = w->g;
  const uint8_t *code = w->code;
  int ties = 1;
  for (int p = 0; p < 8; p++) {
    int e = w->east[p], d = e & 3;
    const uint8_t *pinv = g->pinvcell[p], *pc = g->pcode[p];
    for (int i = 0; i < 32; i++) {
      if (w->ddir[i] != d) continue;
      int c = e < 4 ? w->dcell[i] : g->nb[w->dcell[i]][d];
      if (p == 0 && c == 0) continue;
      int x = 2;
      uint8_t v = 0;
      for (; x < 64; x++) {
        v = pc[code[add8(pinv[x], c)]];
        if (v != code[x]) break;
      }
      if (x == 64)
        ties++;
      else if (v < code[x])
        return false;
    }
  }
  *stab = ties;
  return true;
}

/* The paper's canonicalisation: each candidate table built in full. */
static bool baseline_canonical(const Worker *w, int *stab) {
  const TorusGame *g = w->g;
  uint8_t best[64], img[64];
  bool have = false;
  int ties = 0;
  for (int p = 0; p < 8; p++)
    for (int c = 0; c < 64; c++) {
      if (w->code[c] != w->east[p]) continue;
      int t = g->pcell[p][c]; /* translate by -p(c): cell c's image goes to 0 */
      int shift = 8 * ((8 - t / 8) % 8) + (8 - t % 8) % 8;
      tg_transform(g, p * 64 + shift, w->code, img);
      int r = have ? memcmp(img, best, 64) : -1;
      if (r < 0) {
        memcpy(best, img, 64);
        have = true;
        ties = 1;
      } else if (r == 0) {
        ties++;
      }
    }
  *stab = ties;
  return memcmp(best, w->code, 64) == 0;
}

static void leaf(Worker *w) {
  w->examined++;
  w->third_down += w->code[2] < 4;
  if (w->method == T8_COUNT) return;
  int stab = 0;
  bool canon = w->method == T8_ENGINE ? engine_canonical(w, &stab) : baseline_canonical(w, &stab);
  if (!canon) return;
  w->classes++;
  w->stab_hist[stab]++;
  w->orbit_sum += (uint64_t)(512 / stab);
  if (w->reps) {
    Rep r;
    memcpy(r.code, w->code, 64);
    r.stab = (uint16_t)stab;
    g_array_append_val(w->reps, r);
  }
}

/* Row 0 decides almost every comparison of the canonical test: the image
 * of P under the candidate (p, c) has as row 0 the 8 cells of the line
 * through c in the direction p turns into E-W, read from c.  Once P's own
 * row 0 is complete, a candidate whose row 0 is already known (cells
 * covered so far) to be smaller proves P is not canonical: the branch is
 * cut.  Candidates found larger are remembered in `decided`. */
static bool row0_dominated(const Worker *w, Board *s) {
  const TorusGame *g = w->g;
  const uint8_t *code = w->code;
  for (int i = 0; i < s->ndom; i++) {
    int d = w->ddir[i];
    if (d & 1) continue; /* diagonal dominoes never turn into E-W */
    for (int slot = 0; slot < 4; slot++) {
      int bit = 4 * i + slot;
      if (s->decided[bit >> 6] >> (bit & 63) & 1) continue;
      int p = w->pslot[d][slot], e = w->east[p];
      int c = e < 4 ? w->dcell[i] : g->nb[w->dcell[i]][d];
      const uint8_t *pinv = g->pinvcell[p], *pc = g->pcode[p];
      int x = 2;
      for (; x < 8; x++) {
        int cell = add8(pinv[x], c);
        if (s->fc >> cell & 1) break; /* not yet known */
        int v = pc[code[cell]];
        if (v < code[x]) return true;
        if (v > code[x]) break;
      }
      if (x == 8 || !(s->fc >> add8(pinv[x], c) & 1))
        s->decided[bit >> 6] |= UINT64_C(1) << (bit & 63);
    }
  }
  return false;
}

/* Unit propagation, then a branch on the most constrained item.  Round after
 * round, every free cell with a single fitting domino gets it (all at once;
 * two of them claiming overlapping dominoes or one line end the branch),
 * then a free line with a single fitting domino gets it.  A free cell or a
 * free line with none ends the branch.  Then branch on a cell or a line with
 * two fitting dominoes, else on the first free cell.  No popcount needed:
 * x has one bit iff x & (x-1) == 0. */
static void engine_rec(Worker *w, Board *s) {
  const TorusGame *g = w->g;
  uint64_t A[4], B[4], g1, g2, g3;
  int line2;
  for (;;) {
    w->nodes++;
    if (s->fc == 0) {
      leaf(w);
      return;
    }
    g1 = g2 = g3 = 0;
    for (int d = 0; d < 4; d++) {
      A[d] = s->fc & pull(d, s->fc) & s->lf[d]; /* dominoes (c, d) that fit */
      B[d] = push(d, A[d]);                     /* cells that are their second cell */
      g3 |= g2 & A[d];
      g2 |= g1 & A[d];
      g1 |= A[d];
      g3 |= g2 & B[d];
      g2 |= g1 & B[d];
      g1 |= B[d];
    }
    if (s->fc & ~g1) return; /* a free cell no domino can cover */
    uint64_t ones = g1 & ~g2;
    if (ones) {
      for (; ones; ones &= ones - 1) {
        int c = __builtin_ctzll(ones), start = -1, dir = 0;
        for (int d = 0; d < 4 && start < 0; d++) {
          if (A[d] >> c & 1)
            start = c, dir = d;
          else if (B[d] >> c & 1)
            start = g->nb[c][d + 4], dir = d;
        }
        int b = g->nb[start][dir];
        if (!(s->fc >> c & 1)) { /* covered in this round: the same domino? */
          if (w->code[start] != dir || w->code[b] != dir + 4) return;
          continue;
        }
        if (!(s->fc >> b & 1) || !(s->fc >> start & 1) || !(s->fl >> g->line_of[dir][start] & 1))
          return;
        place(w, s, start, dir);
      }
      continue;
    }
    line2 = -1;
    int forced = -1;
    for (uint32_t fl = s->fl; fl; fl &= fl - 1) {
      int l = __builtin_ctz(fl);
      uint64_t x = A[l >> 3] & g->line_cells[l], x2 = x & (x - 1);
      if (!x) return; /* a free line no domino can block */
      if (!x2) {
        forced = l;
        place(w, s, __builtin_ctzll(x), l >> 3);
        break;
      }
      if (line2 < 0 && !(x2 & (x2 - 1))) line2 = l;
    }
    if (forced < 0) break;
  }
  bool lex = w->method == T8_ENGINE;
  if (lex && !(s->fc & 0xff) && row0_dominated(w, s)) return;
  if (w->cut >= 0 && s->ndom >= w->cut) {
    Task t;
    t.b = *s;
    memcpy(t.code, w->code, 64);
    memcpy(t.dcell, w->dcell, 32);
    memcpy(t.ddir, w->ddir, 32);
    g_array_append_val(w->frontier, t);
    return;
  }
  uint64_t twos = g2 & ~g3;
  Board t;
  bool row0 = lex && (s->fc & 0xff);
  if (row0 || twos || line2 < 0) { /* row 0 first (engine), then by constraint */
    int cell = row0   ? __builtin_ctzll(s->fc)
               : twos ? __builtin_ctzll(twos)
                      : __builtin_ctzll(s->fc);
    for (int d = 0; d < 4; d++) {
      if (A[d] >> cell & 1) {
        t = *s;
        place(w, &t, cell, d);
        engine_rec(w, &t);
      }
      if (B[d] >> cell & 1) {
        t = *s;
        place(w, &t, g->nb[cell][d + 4], d);
        engine_rec(w, &t);
      }
    }
  } else {
    int d = line2 >> 3;
    for (uint64_t m = A[d] & g->line_cells[line2]; m; m &= m - 1) {
      t = *s;
      place(w, &t, __builtin_ctzll(m), d);
      engine_rec(w, &t);
    }
  }
}

/* the paper's search: the first free cell in row-major order, every fitting
 * neighbour in code order */
static void baseline_rec(Worker *w, Board *s) {
  const TorusGame *g = w->g;
  w->nodes++;
  if (s->fc == 0) {
    leaf(w);
    return;
  }
  int c = __builtin_ctzll(s->fc);
  for (int k = 0; k < 8; k++) {
    int nb = g->nb[c][k], d = k & 3;
    if (!(s->fc >> nb & 1) || !(s->fl >> g->line_of[d][c] & 1)) continue;
    Board t = *s;
    place(w, &t, k < 4 ? c : nb, d);
    baseline_rec(w, &t);
  }
}

static void worker_init(Worker *w, const TorusGame *g, T8Method m, bool keep) {
  memset(w, 0, sizeof *w);
  w->g = g;
  w->method = m;
  w->cut = -1;
  for (int p = 0; p < 8; p++)
    for (int k = 0; k < 8; k++)
      if (g->pcode[p][k] == 0) w->east[p] = (uint8_t)k;
  int used[4] = {0};
  for (int p = 0; p < 8; p++) {
    int d = w->east[p] & 3;
    w->pslot[d][used[d]++] = (uint8_t)p;
  }
  if (keep) w->reps = g_array_new(FALSE, FALSE, sizeof(Rep));
}

/* ---- a task's result in a checkpoint ----------------------------------------
 * A task's partial result is what it added to its worker: the five counters,
 * the stabiliser histogram (sparse) and its representatives (64 codes < 8
 * packed two to a byte, and the stabiliser order). */

typedef struct {
  uint64_t examined, third_down, nodes, classes, orbit_sum, stab_hist[513];
} Tally;

static void tally_of(const Worker *w, Tally *t) {
  t->examined = w->examined;
  t->third_down = w->third_down;
  t->nodes = w->nodes;
  t->classes = w->classes;
  t->orbit_sum = w->orbit_sum;
  memcpy(t->stab_hist, w->stab_hist, sizeof t->stab_hist);
}

/* the task that moved w from *before (and its reps from index r0), appended to b */
static void pack_task(GByteArray *b, const Worker *w, const Tally *before, guint r0) {
  Tally now, d;
  tally_of(w, &now);
  ckpt_pack_u64(b, now.examined - before->examined);
  ckpt_pack_u64(b, now.third_down - before->third_down);
  ckpt_pack_u64(b, now.nodes - before->nodes);
  ckpt_pack_u64(b, now.classes - before->classes);
  ckpt_pack_u64(b, now.orbit_sum - before->orbit_sum);
  for (int s = 0; s <= 512; s++) d.stab_hist[s] = now.stab_hist[s] - before->stab_hist[s];
  ckpt_pack_counts(b, d.stab_hist, 513);
  guint nreps = w->reps ? w->reps->len - r0 : 0;
  ckpt_pack_u64(b, nreps);
  for (guint i = 0; i < nreps; i++) {
    const Rep *x = &g_array_index(w->reps, Rep, r0 + i);
    uint8_t nib[32];
    for (int c = 0; c < 32; c++) nib[c] = (uint8_t)(x->code[2 * c] | x->code[2 * c + 1] << 4);
    ckpt_pack_bytes(b, nib, 32);
    ckpt_pack_u64(b, x->stab);
  }
}

/* Adds a saved task to main (reps to main->reps if it keeps them); false,
 * with main untouched, if the bytes are malformed. */
static bool load_task(const void *p, size_t len, Worker *main) {
  CkptReader r;
  ckpt_reader_init(&r, p, len);
  Tally d;
  memset(&d, 0, sizeof d);
  d.examined = ckpt_unpack_u64(&r);
  d.third_down = ckpt_unpack_u64(&r);
  d.nodes = ckpt_unpack_u64(&r);
  d.classes = ckpt_unpack_u64(&r);
  d.orbit_sum = ckpt_unpack_u64(&r);
  ckpt_unpack_add_counts(&r, d.stab_hist, 513);
  uint64_t nreps = ckpt_unpack_u64(&r);
  GArray *reps = g_array_new(FALSE, FALSE, sizeof(Rep));
  for (uint64_t i = 0; i < nreps && r.ok; i++) {
    size_t n;
    const uint8_t *nib = ckpt_unpack_bytes(&r, &n);
    uint64_t stab = ckpt_unpack_u64(&r);
    if (n != 32 || stab < 1 || stab > 512) r.ok = false;
    if (!r.ok) break;
    Rep x;
    for (int c = 0; c < 32; c++) {
      x.code[2 * c] = nib[c] & 15;
      x.code[2 * c + 1] = nib[c] >> 4;
      r.ok &= x.code[2 * c] < 8 && x.code[2 * c + 1] < 8;
    }
    x.stab = (uint16_t)stab;
    g_array_append_val(reps, x);
  }
  bool ok = ckpt_reader_done(&r);
  if (ok) {
    main->examined += d.examined;
    main->third_down += d.third_down;
    main->nodes += d.nodes;
    main->classes += d.classes;
    main->orbit_sum += d.orbit_sum;
    for (int s = 0; s <= 512; s++) main->stab_hist[s] += d.stab_hist[s];
    if (main->reps) g_array_append_vals(main->reps, reps->data, reps->len);
  }
  g_array_free(reps, TRUE);
  return ok;
}

/* ---- the workers ----------------------------------------------------------- */

/* saved bytes that decode (the campaign's check on a checkpointed task) */
static bool task_ok(size_t unit, const void *p, size_t len, void *ctx) {
  (void)unit;
  Worker *scratch = g_new0(Worker, 1);
  scratch->reps = g_array_new(FALSE, FALSE, sizeof(Rep));
  (void)ctx;
  bool ok = load_task(p, len, scratch);
  g_array_free(scratch->reps, TRUE);
  g_free(scratch);
  return ok;
}

typedef struct {
  Worker *ws; /* one per worker */
  GArray *tasks;
} Jobs;

/* work unit i: the subtree below frontier task i, as bytes */
static void task_unit(size_t i, int worker, GByteArray *out, void *ctx) {
  Jobs *j = ctx;
  Worker *w = &j->ws[worker];
  Tally before;
  Task *t = &g_array_index(j->tasks, Task, i);
  memcpy(w->code, t->code, 64);
  memcpy(w->dcell, t->dcell, 32);
  memcpy(w->ddir, t->ddir, 32);
  Board b = t->b;
  guint r0 = w->reps ? w->reps->len : 0;
  tally_of(w, &before);
  engine_rec(w, &b);
  pack_task(out, w, &before, r0);
  if (w->reps) g_array_set_size(w->reps, r0); /* the bytes are the result now */
}

static int rep_cmp(const void *a, const void *b) { return memcmp(a, b, 64); }

void t8_enumerate(const TorusGame *g, T8Method method, int threads, const int *fixed, int nfixed,
                  bool keep_reps, const ProgressSink *progress, T8Result *r) {
  t8_enumerate_ckpt(g, method, threads, fixed, nfixed, keep_reps, progress, NULL, 0, r);
}

void t8_enumerate_ckpt(const TorusGame *g, T8Method method, int threads, const int *fixed,
                       int nfixed, bool keep_reps, const ProgressSink *progress, Checkpoint *ck,
                       uint32_t stage, T8Result *r) {
  g_assert(g->kind == TG_SQUARE8);
  memset(r, 0, sizeof *r);
  Worker main;
  worker_init(&main, g, method, keep_reps);
  Board root = {~UINT64_C(0),
                {~UINT64_C(0), ~UINT64_C(0), ~UINT64_C(0), ~UINT64_C(0)},
                ~UINT32_C(0),
                0,
                {0, 0}};
  bool ok = true;
  for (int i = -1; i < nfixed && ok; i++) {
    int id = i < 0 ? 0 : fixed[i], d = tg_dom_dir(g, id); /* id 0: the origin domino {0, 1} */
    int a = g->dom_a[id], b = g->dom_b[id];
    bool fa = root.fc >> a & 1, fb = root.fc >> b & 1;
    if (!fa || !fb)
      ok = !fa && !fb && main.code[a] == d && main.code[b] == d + 4; /* given twice */
    else if (!(root.fl >> g->dom_line[id] & 1))
      ok = false;
    else
      place(&main, &root, a, d);
  }
  GArray *all = main.reps;
  if (ok && method == T8_BASELINE) {
    baseline_rec(&main, &root);
  } else if (ok) {
    /* tasks: the subtrees a few placements below the root, in search order */
    main.cut = root.ndom + 5;
    main.frontier = g_array_new(FALSE, FALSE, sizeof(Task));
    engine_rec(&main, &root);
    int nw = parfor_workers(main.frontier->len, threads);
    Worker *ws = g_new0(Worker, nw);
    for (int i = 0; i < nw; i++) worker_init(&ws[i], g, method, keep_reps);
    Jobs jobs = {ws, main.frontier};
    /* "prog: classes" -> "classes tasks": the resume note already names the program */
    const char *what = progress ? progress->what : NULL;
    const char *label = what && strrchr(what, ':') ? strrchr(what, ':') + 1 : what;
    g_autofree char *units = g_strstrip(g_strdup_printf("%s tasks", label ? label : ""));
    /* the tasks as a campaign (threads, or MPI ranks: campaign.h) */
    CampaignSpec spec = {.units = main.frontier->len,
                         .compute = task_unit,
                         .check = task_ok,
                         .ctx = &jobs,
                         .threads = nw,
                         .ck = ck,
                         .stage = stage,
                         .what = units,
                         .progress = progress}; /* this run's tasks: an honest rate */
    CampaignResult cr;
    campaign_run(&spec, &cr);
    /* sums, and reps sorted below: merged in task order */
    for (guint i = 0; i < main.frontier->len; i++) {
      size_t len;
      const void *p = campaign_unit(&cr, i, &len);
      bool ok = load_task(p, len, &main); /* computed here, or checked by task_ok */
      g_assert(ok);
    }
    campaign_result_clear(&cr);
    for (int i = 0; i < nw; i++)
      if (ws[i].reps) g_array_free(ws[i].reps, TRUE);
    g_free(ws);
    g_array_free(main.frontier, TRUE);
  }
  r->examined = main.examined;
  r->third_down = main.third_down;
  r->nodes = main.nodes;
  r->classes = main.classes;
  r->orbit_sum = main.orbit_sum;
  memcpy(r->stab_hist, main.stab_hist, sizeof r->stab_hist);
  if (keep_reps) {
    qsort(all->data, all->len, sizeof(Rep), rep_cmp);
    r->reps = g_malloc((size_t)all->len * 64 + 1);
    r->stab = g_new(uint16_t, all->len + 1);
    for (guint i = 0; i < all->len; i++) {
      Rep *x = &g_array_index(all, Rep, i);
      memcpy(r->reps + (size_t)i * 64, x->code, 64);
      r->stab[i] = x->stab;
    }
    g_array_free(all, TRUE);
  }
}

void t8_result_clear(T8Result *r) {
  g_free(r->reps);
  g_free(r->stab);
  memset(r, 0, sizeof *r);
}

int t8_prefix_dominoes(const TorusGame *g, const uint8_t *code, int last, int *fixed) {
  int nf = 0;
  uint64_t covered = 3; /* the origin domino {0, 1} */
  for (int cell = 2; cell <= last && cell < 64; cell++) {
    if (covered >> cell & 1) continue;
    int id = tg_domino_of(g, cell, code[cell]);
    covered |= (UINT64_C(1) << g->dom_a[id]) | (UINT64_C(1) << g->dom_b[id]);
    fixed[nf++] = id;
  }
  return nf;
}
