/* cubesplit.c — see cubesplit.h: cube-and-conquer for Q(n,k). */
#include "hypercube/cubesplit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hypercube/cubesym.h"
#include "hypercube/subcube.h"
#include "plumbing/checkpoint.h"
#include "plumbing/errors.h"
#include "plumbing/progress.h"
#include "solvers/satproof.h"

/* ---- the decision tree ------------------------------------------------------ */

typedef struct {
  Cubesplit *s;
  const CubesatCnf *c;
  uint32_t *order;  /* the vertices by weight, then value */
  uint32_t nv;
  uint8_t *paired;  /* per vertex: how many positive pair literals of the cube pass through it */
  uint8_t *decided; /* per vertex: declared unpaired by the cube */
  uint8_t *neg;     /* per pair variable: NOT x_q is in the cube */
  int anchor[4];    /* the anchors' variables, 1..3 */
  int notp[4];      /* NOT x_{P_d} is in the cube */
  GArray *cube;     /* int: the current cube */
} Tree;

static void emit(Tree *t) {
  g_array_append_vals(t->s->lits, t->cube->data, t->cube->len);
  guint64 end = t->s->lits->len;
  g_array_append_val(t->s->start, end);
  t->s->ncubes++;
}

static bool excluded(const Tree *t, int var) {
  if (t->neg[var]) return true;
  VPair q = cubesat_pair_of_var(t->c, var);
  if (t->paired[q.a] || t->paired[q.b]) return true;
  for (int d = 1; d <= 3; d++)
    if (t->notp[d] && cubesym_in_orbit(t->c->n, d, q)) return true;
  return false;
}

static void push_lit(Tree *t, int lit) {
  g_array_append_val(t->cube, lit);
  if (lit > 0) {
    VPair q = cubesat_pair_of_var(t->c, lit);
    t->paired[q.a]++;
    t->paired[q.b]++;
  } else {
    t->neg[-lit] = 1;
  }
  for (int d = 1; d <= 3; d++)
    if (lit == -t->anchor[d]) t->notp[d] = 1;
}

static void pop_lit(Tree *t) {
  int lit = g_array_index(t->cube, int, t->cube->len - 1);
  g_array_set_size(t->cube, t->cube->len - 1);
  if (lit > 0) {
    VPair q = cubesat_pair_of_var(t->c, lit);
    t->paired[q.a]--;
    t->paired[q.b]--;
  } else {
    t->neg[-lit] = 0;
  }
  for (int d = 1; d <= 3; d++)
    if (lit == -t->anchor[d]) t->notp[d] = 0;
}

static void partner(Tree *t, int level) {
  uint32_t v = t->nv;
  if (level < t->s->depth)
    for (uint32_t i = 0; i < t->nv; i++)
      if (!t->paired[t->order[i]] && !t->decided[t->order[i]]) {
        v = t->order[i];
        break;
      }
  if (v == t->nv) {
    emit(t);
    return;
  }
  const CubesatCnf *c = t->c;
  int *open = g_new(int, (size_t)c->nmasks);
  int m = 0;
  for (int r = 0; r < c->nmasks; r++) {
    int var = cubesat_var_of_pair(c, v, v ^ c->masks[r]);
    if (!excluded(t, var)) open[m++] = var;
  }
  /* v unpaired */
  for (int j = 0; j < m; j++) push_lit(t, -open[j]);
  t->decided[v] = 1;
  partner(t, level + 1);
  t->decided[v] = 0;
  for (int j = 0; j < m; j++) pop_lit(t);
  /* v paired, partner by partner */
  for (int j = 0; j < m; j++) {
    push_lit(t, open[j]);
    partner(t, level + 1);
    pop_lit(t);
  }
  g_free(open);
}

static int cmp_weight(const void *x, const void *y) {
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  int wa = __builtin_popcount(a), wb = __builtin_popcount(b);
  if (wa != wb) return wa < wb ? -1 : 1;
  return a < b ? -1 : a > b;
}

Cubesplit *cubesplit_new(int n, int k, int depth, GError **err) {
  if (n < 5 || n > CUBESAT_MAX_N || k < 1 || k > n || depth < 0 || depth > CUBESPLIT_MAX_DEPTH) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_RANGE,
                "cube-and-conquer needs 5 <= n <= %d, 1 <= k <= n, 0 <= depth <= %d (got n=%d, k=%d, depth=%d)",
                CUBESAT_MAX_N, CUBESPLIT_MAX_DEPTH, n, k, depth);
    return NULL;
  }
  Cubesplit *s = g_new0(Cubesplit, 1);
  s->n = n;
  s->k = k;
  s->depth = depth;
  s->cnf = cubesat_encode(n, k, false);
  s->sb_clauses = cubesym_break(s->cnf, 3);
  s->lits = g_array_new(FALSE, FALSE, sizeof(int));
  s->start = g_array_new(FALSE, FALSE, sizeof(guint64));
  guint64 zero = 0;
  g_array_append_val(s->start, zero);

  Tree t = {.s = s, .c = s->cnf, .nv = 1u << n};
  t.order = g_new(uint32_t, t.nv);
  for (uint32_t v = 0; v < t.nv; v++) t.order[v] = v;
  qsort(t.order, t.nv, sizeof(uint32_t), cmp_weight);
  t.paired = g_new0(uint8_t, t.nv);
  t.decided = g_new0(uint8_t, t.nv);
  t.neg = g_new0(uint8_t, (size_t)s->cnf->npairvars + 1);
  t.cube = g_array_new(FALSE, FALSE, sizeof(int));
  for (int d = 1; d <= 3; d++) {
    VPair p;
    g_assert(cubesym_anchor(n, d, &p));
    t.anchor[d] = cubesat_var_of_pair(s->cnf, p.a, p.b);
    g_assert(t.anchor[d] > 0);
  }
  push_lit(&t, -t.anchor[1]);
  emit(&t); /* leaf 0: no edge at all */
  pop_lit(&t);
  push_lit(&t, t.anchor[1]);
  for (int b2 = 0; b2 < 2; b2++) {
    push_lit(&t, b2 ? t.anchor[2] : -t.anchor[2]);
    for (int b3 = 0; b3 < 2; b3++) {
      if (b3 && excluded(&t, t.anchor[3])) continue; /* P3 lies in O2: NOT x_{P2} excludes it */
      push_lit(&t, b3 ? t.anchor[3] : -t.anchor[3]);
      partner(&t, 0);
      pop_lit(&t);
    }
    pop_lit(&t);
  }
  pop_lit(&t);
  g_assert(t.cube->len == 0);
  g_array_free(t.cube, TRUE);
  g_free(t.order);
  g_free(t.paired);
  g_free(t.decided);
  g_free(t.neg);
  return s;
}

void cubesplit_free(Cubesplit *s) {
  if (!s) return;
  cubesat_cnf_free(s->cnf);
  g_array_free(s->lits, TRUE);
  g_array_free(s->start, TRUE);
  g_free(s);
}

const int *cubesplit_cube(const Cubesplit *s, size_t i, size_t *len) {
  g_assert(i < s->ncubes);
  guint64 a = g_array_index(s->start, guint64, i), b = g_array_index(s->start, guint64, i + 1);
  *len = (size_t)(b - a);
  return (const int *)s->lits->data + a;
}

/* ---- proofs ------------------------------------------------------------------ */

/* CPU seconds of the calling thread (the solver and the checker run in it) */
static uint64_t count_lemmas(const char *proof, size_t len) {
  uint64_t n = 0;
  bool start = true;
  for (size_t i = 0; i < len; i++) {
    if (start && proof[i] != 'd') n++;
    start = proof[i] == '\n';
  }
  return n;
}

/* solve lits (with a proof in memory) and, on UNSAT, check the proof */
static int solve_proof(const GArray *f, int nvars, long conflicts, uint8_t *model, char **proof,
                       size_t *plen, double *secs) {
  FILE *pf = open_memstream(proof, plen);
  g_assert(pf);
  double t0 = progress_thread_cpu();
  int r = satproof_solve_limited((const int *)f->data, f->len, nvars, conflicts, pf, model);
  fclose(pf);
  *secs = progress_thread_cpu() - t0;
  return r;
}

bool cubesplit_check_cover(const Cubesplit *s, CubesplitCover *st) {
  const CubesatCnf *c = s->cnf;
  GArray *f = g_array_new(FALSE, FALSE, sizeof(int));
  const int *l = (const int *)c->lits->data;
  size_t clause = 0, from = 0, clauses = 0;
  size_t blo = c->amo_clauses, bhi = c->amo_clauses + c->block_clauses;
  for (size_t i = 0; i < c->lits->len; i++) {
    if (l[i] != 0) continue;
    if (clause < blo || clause >= bhi) {
      g_array_append_vals(f, l + from, (guint)(i + 1 - from));
      clauses++;
    }
    clause++;
    from = i + 1;
  }
  for (size_t i = 0; i < s->ncubes; i++) {
    size_t len;
    const int *q = cubesplit_cube(s, i, &len);
    for (size_t j = 0; j < len; j++) {
      int neg = -q[j];
      g_array_append_val(f, neg);
    }
    int z = 0;
    g_array_append_val(f, z);
    clauses++;
  }
  char *proof = NULL;
  size_t plen = 0;
  double secs;
  int r = solve_proof(f, c->nvars, -1, NULL, &proof, &plen, &secs);
  DratResult d = DRAT_REJECTED;
  DratStats ds = {0};
  double t0 = progress_thread_cpu();
  if (r == SATPROOF_UNSAT) {
    GError *err = NULL;
    d = drat_check((const int *)f->data, f->len, c->nvars, proof, &ds, &err);
    g_clear_error(&err);
  }
  secs += progress_thread_cpu() - t0;
  if (st) *st = (CubesplitCover){clauses, r, d, ds.lemmas, secs};
  free(proof);
  g_array_free(f, TRUE);
  return r == SATPROOF_UNSAT && d == DRAT_VERIFIED;
}

void cubesplit_solve(const Cubesplit *s, size_t i, long conflicts, CubesplitOutcome *o) {
  const CubesatCnf *c = s->cnf;
  *o = (CubesplitOutcome){0};
  GArray *f = g_array_sized_new(FALSE, FALSE, sizeof(int), c->lits->len + 64);
  g_array_append_vals(f, c->lits->data, c->lits->len);
  size_t len;
  const int *q = cubesplit_cube(s, i, &len);
  for (size_t j = 0; j < len; j++) {
    int unit[2] = {q[j], 0};
    g_array_append_vals(f, unit, 2);
  }
  uint8_t *model = g_new0(uint8_t, (size_t)c->nvars + 1);
  char *proof = NULL;
  size_t plen = 0;
  int r = solve_proof(f, c->nvars, conflicts, model, &proof, &plen, &o->solve_seconds);
  o->answer = r == SATPROOF_SAT || r == SATPROOF_UNSAT ? r : CUBESPLIT_OPEN;
  o->lemmas = count_lemmas(proof, plen);
  double t0 = progress_thread_cpu();
  if (r == SATPROOF_SAT) {
    o->pairs = g_array_new(FALSE, FALSE, sizeof(VPair));
    for (int v = 1; v <= c->npairvars; v++)
      if (model[v]) {
        VPair p = cubesat_pair_of_var(c, v);
        g_array_append_val(o->pairs, p);
      }
    const VPair *p = (const VPair *)o->pairs->data;
    o->checked = satproof_satisfies((const int *)f->data, f->len, model) &&
                 sv_is_matching(s->n, p, o->pairs->len) &&
                 sv_verify(s->n, s->k, p, o->pairs->len, NULL, NULL);
  } else if (r == SATPROOF_UNSAT) {
    DratStats ds;
    GError *err = NULL;
    o->checked = drat_check((const int *)f->data, f->len, c->nvars, proof, &ds, &err) == DRAT_VERIFIED;
    g_clear_error(&err);
  }
  o->check_seconds = progress_thread_cpu() - t0;
  free(proof);
  g_free(model);
  g_array_free(f, TRUE);
}

void cubesplit_outcome_clear(CubesplitOutcome *o) {
  if (o->pairs) g_array_free(o->pairs, TRUE);
  o->pairs = NULL;
}

void cubesplit_pack(const CubesplitOutcome *o, GByteArray *b) {
  ckpt_pack_u64(b, (uint64_t)o->answer);
  ckpt_pack_u64(b, o->checked);
  ckpt_pack_u64(b, o->lemmas);
  guint np = o->pairs ? o->pairs->len : 0;
  ckpt_pack_u64(b, np);
  for (guint i = 0; i < np; i++) {
    VPair p = g_array_index(o->pairs, VPair, i);
    ckpt_pack_u64(b, p.a);
    ckpt_pack_u64(b, p.b);
  }
}

bool cubesplit_unpack(const void *data, size_t len, int n, int k, CubesplitOutcome *o) {
  *o = (CubesplitOutcome){0};
  CkptReader r;
  ckpt_reader_init(&r, data, len);
  uint64_t answer = ckpt_unpack_u64(&r), checked = ckpt_unpack_u64(&r);
  uint64_t lemmas = ckpt_unpack_u64(&r), np = ckpt_unpack_u64(&r);
  uint64_t nv = UINT64_C(1) << n;
  if (!r.ok || (answer != CUBESPLIT_OPEN && answer != SATPROOF_SAT && answer != SATPROOF_UNSAT) ||
      checked > 1 || (np > 0 && answer != SATPROOF_SAT) || np > nv / 2)
    return false;
  GArray *pairs = answer == SATPROOF_SAT ? g_array_new(FALSE, FALSE, sizeof(VPair)) : NULL;
  for (uint64_t i = 0; i < np; i++) {
    uint64_t a = ckpt_unpack_u64(&r), b = ckpt_unpack_u64(&r);
    if (!r.ok || a >= b || b >= nv) {
      g_array_free(pairs, TRUE);
      return false;
    }
    VPair p = {(uint32_t)a, (uint32_t)b};
    g_array_append_val(pairs, p);
  }
  if (!ckpt_reader_done(&r)) {
    if (pairs) g_array_free(pairs, TRUE);
    return false;
  }
  o->answer = (int)answer;
  o->checked = checked == 1;
  o->lemmas = lemmas;
  o->pairs = pairs;
  if (pairs && o->checked) {
    const VPair *p = (const VPair *)pairs->data;
    o->checked = sv_is_matching(n, p, pairs->len) && sv_verify(n, k, p, pairs->len, NULL, NULL);
  }
  return true;
}
