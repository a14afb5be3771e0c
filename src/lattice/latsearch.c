/* latsearch.c — see latsearch.h for the contract. */
#include "lattice/latsearch.h"

#include <string.h>

#include "hypercube/cube.h"
#include "plumbing/checkpoint.h"
#include "solvers/drat.h"
#include "solvers/satproof.h"

static int mod(long a, int n) {
  long r = a % n;
  return (int)(r < 0 ? r + n : r);
}

uint32_t lat_quot_size(const LatQuot *Q) {
  uint32_t N = 1;
  for (int i = 0; i < Q->r; i++) N *= (uint32_t)Q->e[i];
  return N;
}

/* index of the group element with coordinates c (already reduced) */
static uint32_t g_index(const LatQuot *Q, const int *c) {
  uint32_t g = 0, w = 1;
  for (int i = 0; i < Q->r; i++) {
    g += w * (uint32_t)c[i];
    w *= (uint32_t)Q->e[i];
  }
  return g;
}

static void g_coords(const LatQuot *Q, uint32_t g, int *c) {
  for (int i = 0; i < Q->r; i++) {
    c[i] = (int)(g % (uint32_t)Q->e[i]);
    g /= (uint32_t)Q->e[i];
  }
}

/* psi(x) for x in Z^d, as coordinates */
static void psi(const LatQuot *Q, const long *x, int *c) {
  for (int i = 0; i < Q->r; i++) {
    long a = 0;
    for (int j = 0; j < Q->d; j++) a += (long)Q->A[i][j] * x[j];
    c[i] = mod(a, Q->e[i]);
  }
}

/* the order of the element c of the group */
static int g_order(const LatQuot *Q, const int *c) {
  long o = 1;
  for (int i = 0; i < Q->r; i++) {
    int g = lat_gcd(c[i], Q->e[i]), oi = Q->e[i] / (g ? g : Q->e[i]);
    o = o / lat_gcd((int)o, oi) * oi;
  }
  return (int)o;
}

bool lat_quot_ok(const LatDirs *S, const LatQuot *Q, int T) {
  if (Q->d != S->d || Q->r < 1 || Q->r > LAT_MAX_D || T < 2) return false;
  uint64_t N = 1;
  for (int i = 0; i < Q->r; i++) {
    if (Q->e[i] < 1 || T % Q->e[i] != 0) return false;
    N *= (uint64_t)Q->e[i];
  }
  if (N > LAT_MAX_POINTS) return false;
  for (int s = 0; s < S->n; s++) {
    long v[LAT_MAX_D];
    int c[LAT_MAX_D];
    for (int j = 0; j < S->d; j++) v[j] = S->v[s][j];
    psi(Q, v, c);
    if (g_order(Q, c) != T) return false;
  }
  return true;
}

void lat_quot_identity(int d, int T, LatQuot *Q) {
  memset(Q, 0, sizeof *Q);
  Q->d = Q->r = d;
  for (int i = 0; i < d; i++) {
    Q->e[i] = T;
    Q->A[i][i] = 1;
  }
}

bool lat_quot_pick(const LatDirs *S, int T, int r, const int *e, GRand *rng, int draws,
                   LatQuot *Q) {
  if (r < 1 || r > LAT_MAX_D) return false;
  for (int k = 0; k < draws; k++) {
    memset(Q, 0, sizeof *Q);
    Q->d = S->d;
    Q->r = r;
    for (int i = 0; i < r; i++) {
      Q->e[i] = e[i];
      for (int j = 0; j < S->d; j++) Q->A[i][j] = e[i] > 1 ? g_rand_int_range(rng, 0, e[i]) : 0;
    }
    if (lat_quot_ok(S, Q, T)) return true;
  }
  return false;
}

/* the images w_s of the directions, as group indices, and g -> g + w_s */
typedef struct {
  uint32_t N;
  int n;
  uint32_t *plus;  /* plus[s * N + g] = g + w_s */
  uint32_t *minus; /* g - w_s */
} Cayley;

static void cayley_init(Cayley *C, const LatDirs *S, const LatQuot *Q) {
  C->N = lat_quot_size(Q);
  C->n = S->n;
  C->plus = g_new(uint32_t, (size_t)S->n * C->N);
  C->minus = g_new(uint32_t, (size_t)S->n * C->N);
  for (int s = 0; s < S->n; s++) {
    long v[LAT_MAX_D];
    int w[LAT_MAX_D];
    for (int j = 0; j < S->d; j++) v[j] = S->v[s][j];
    psi(Q, v, w);
    for (uint32_t g = 0; g < C->N; g++) {
      int c[LAT_MAX_D], p[LAT_MAX_D], q[LAT_MAX_D];
      g_coords(Q, g, c);
      for (int i = 0; i < Q->r; i++) {
        p[i] = mod((long)c[i] + w[i], Q->e[i]);
        q[i] = mod((long)c[i] - w[i], Q->e[i]);
      }
      C->plus[(size_t)s * C->N + g] = g_index(Q, p);
      C->minus[(size_t)s * C->N + g] = g_index(Q, q);
    }
  }
}

static void cayley_clear(Cayley *C) {
  g_free(C->plus);
  g_free(C->minus);
}

/* exactly one of lits: one clause and Sinz's counter */
static void exactly_one(CubesatCnf *cnf, GArray *lits) {
  cubesat_add_clause(cnf, (int *)lits->data, lits->len);
  cubesat_amo(cnf, (int *)lits->data, lits->len);
}

CubesatCnf *lat_exact_encode(const LatDirs *S, const LatQuot *Q, int T, unsigned flags) {
  if (!lat_quot_ok(S, Q, T)) return NULL;
  Cayley C;
  cayley_init(&C, S, Q);
  int n = S->n;
  uint32_t N = C.N;
  CubesatCnf *cnf = cubesat_cnf_new();
  for (uint64_t i = 0; i < (uint64_t)N * n; i++) cubesat_new_var(cnf);
  cnf->npairvars = (int)((uint64_t)N * n);
  g_autoptr(GArray) lits = g_array_new(FALSE, FALSE, sizeof(int));
  /* every point in exactly one pair: as the lower end of (g, s) or the upper
   * end of (g - w_s, s) */
  for (uint32_t g = 0; g < N; g++) {
    g_array_set_size(lits, 0);
    for (int s = 0; s < n; s++) {
      int a = lat_exact_var(n, g, s);
      g_array_append_val(lits, a);
    }
    for (int s = 0; s < n; s++) {
      int b = lat_exact_var(n, C.minus[(size_t)s * N + g], s);
      g_array_append_val(lits, b);
    }
    exactly_one(cnf, lits);
  }
  /* every coset of <w_s> (T points) holds exactly one pair of direction s */
  g_autofree uint8_t *seen = g_new(uint8_t, N);
  for (int s = 0; s < n; s++) {
    memset(seen, 0, N);
    for (uint32_t g = 0; g < N; g++) {
      if (seen[g]) continue;
      g_array_set_size(lits, 0);
      for (uint32_t h = g; !seen[h]; h = C.plus[(size_t)s * N + h]) {
        seen[h] = 1;
        int a = lat_exact_var(n, h, s);
        g_array_append_val(lits, a);
      }
      if (flags & LAT_EXACT_COSET_AMO)
        exactly_one(cnf, lits);
      else
        cubesat_add_clause(cnf, (int *)lits->data, lits->len);
    }
  }
  /* invariance under g -> c - g, c = (1, 0, ..., 0) (no fixed point: 2 g_0 =
   * 1 has no solution mod the even e_0): {g, g + w_s} -> {c - g - w_s, c - g} */
  if (flags & LAT_EXACT_CENTRAL)
    for (uint32_t g = 0; g < N; g++) {
      int c[LAT_MAX_D];
      g_coords(Q, g, c);
      for (int i = 0; i < Q->r; i++) c[i] = mod((i == 0) - (long)c[i], Q->e[i]);
      uint32_t ng = g_index(Q, c);
      for (int s = 0; s < n; s++) {
        uint32_t h = C.minus[(size_t)s * N + ng];
        int a = lat_exact_var(n, g, s), b = lat_exact_var(n, h, s);
        if (a < b) {
          cubesat_add_clause(cnf, (int[]){-a, b}, 2);
          cubesat_add_clause(cnf, (int[]){a, -b}, 2);
        }
      }
    }
  /* translation along w_0 moves the pair of direction 0 on the coset of 0
   * to {0, w_0}: a solution exists iff one with this pair exists */
  if (flags & LAT_EXACT_BREAK) cubesat_add_clause(cnf, (int[]){lat_exact_var(n, 0, 0)}, 1);
  cayley_clear(&C);
  return cnf;
}

bool lat_exact_lift(const LatDirs *S, const LatQuot *Q, int T, const uint8_t *model,
                    LatPairing *out) {
  int d = S->d, Tv[LAT_MAX_D];
  for (int j = 0; j < d; j++) Tv[j] = T;
  if (!lat_pairing_init(out, d, Tv)) return false;
  for (uint32_t x = 0; x < out->npoints; x++) {
    long c[LAT_MAX_D];
    uint32_t r = x;
    for (int j = 0; j < d; j++, r /= (uint32_t)T) c[j] = r % (uint32_t)T;
    int gc[LAT_MAX_D];
    psi(Q, c, gc);
    uint32_t g = g_index(Q, gc);
    for (int s = 0; s < S->n; s++) {
      if (!model[lat_exact_var(S->n, g, s)]) continue;
      uint32_t y = 0, w = 1;
      for (int j = 0; j < d; j++, w *= (uint32_t)T) y += w * (uint32_t)mod(c[j] + S->v[s][j], T);
      for (int j = 0; j < d; j++) {
        out->disp[(size_t)x * d + j] = S->v[s][j];
        out->disp[(size_t)y * d + j] = -S->v[s][j];
      }
    }
  }
  return true;
}

int lat_exact_solve(const LatDirs *S, const LatQuot *Q, int T, unsigned flags, long conflicts,
                    LatPairing *out, LatSatStats *st) {
  CubesatCnf *cnf = lat_exact_encode(S, Q, T, flags);
  if (!cnf) return -1;
  g_autofree uint8_t *model = g_new0(uint8_t, (size_t)cnf->nvars + 1);
  gint64 t0 = g_get_monotonic_time();
  int r = satproof_solve_limited((int *)cnf->lits->data, cnf->lits->len, cnf->nvars, conflicts,
                                 NULL, model);
  if (st) {
    st->npairvars = cnf->npairvars;
    st->nvars = cnf->nvars;
    st->nclauses = cnf->nclauses;
    st->seconds = (double)(g_get_monotonic_time() - t0) / 1e6;
  }
  if (r == SATPROOF_SAT && out && !lat_exact_lift(S, Q, T, model, out)) r = -1;
  cubesat_cnf_free(cnf);
  return r;
}

/* ---- the per-set search ------------------------------------------------------ */

void ld4_outcome_clear(Ld4Outcome *o) {
  g_free(o->why);
  lat_pairing_clear(&o->pairing);
  memset(o, 0, sizeof *o);
}

/* a pairing the solver returned: kept if lat_check says it blocks m */
static bool accept(const LatDirs *S, LatPairing *P, int m, int span, int group, Ld4Outcome *o) {
  LatCheck c;
  char *why = NULL;
  bool inv = lat_check(S, P, &c, &why);
  if (inv && c.least_m != 0 && c.least_m <= m) {
    o->reached = c.least_m;
    o->used_T = P->T[0];
    o->used_span = span;
    o->group = group;
    o->pairing = *P;
    g_free(why);
    return true;
  }
  if (!o->why)
    o->why = g_strdup_printf("the solver's pairing fails the check: %s",
                             why ? why : "a line is not blocked");
  o->verified = false;
  g_free(why);
  lat_pairing_clear(P);
  return false;
}

/* UNSAT with a proof our checker accepts: 1 (o->drat cleared if rejected);
 * SAT: 0; limit hit: -1 */
static int refute(const LatDirs *S, long conflicts, int m, int span, const int *T, Ld4Outcome *o) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  CubesatCnf *cnf = NULL;
  LatSatStats st = {0};
  int res = lat_sat_solve(S, m, span, T, conflicts, f, NULL, &cnf, &st);
  fclose(f);
  o->seconds += st.seconds;
  int out = res == SATPROOF_SAT ? 0 : -1;
  if (res == SATPROOF_UNSAT) {
    GError *err = NULL;
    DratResult dr =
        drat_check((int *)cnf->lits->data, cnf->lits->len, cnf->nvars, buf, NULL, &err);
    o->proofs++;
    if (dr != DRAT_VERIFIED) {
      if (!o->why) o->why = g_strdup_printf("DRAT proof rejected: %s", err ? err->message : "?");
      o->drat = false;
    }
    g_clear_error(&err);
    out = 1;
  }
  free(buf);
  cubesat_cnf_free(cnf);
  return out;
}

static double pow_size(int T, int a) {
  double x = 1;
  while (a-- > 0) x *= T;
  return x;
}

/* LD4_NEW's stages (1) and (2) */
static void search_exact(const LatDirs *S, long conflicts, Ld4Outcome *o) {
  int n = S->n, d = S->d, T = 2 * n, m = 2 * n + 1;
  guint32 seed = 0x9e3779b9u;
  for (int s = 0; s < n; s++)
    for (int j = 0; j < d; j++) seed = seed * 31u + (guint32)(S->v[s][j] + 1000);
  GRand *rng = g_rand_new_with_seed(seed);
  /* the shapes (T^a, f), in increasing order of size */
  int shapes[64][2], ns = 0;
  for (int a = 1; a < d; a++)
    for (int f = 1; f < T; f++)
      if (T % f == 0 && ns < 64) shapes[ns][0] = a, shapes[ns++][1] = f;
  for (int i = 1; i < ns; i++) /* insertion sort by T^a f, stable */
    for (int k = i; k > 0; k--) {
      double x = pow_size(T, shapes[k][0]) * shapes[k][1];
      double y = pow_size(T, shapes[k - 1][0]) * shapes[k - 1][1];
      if (x >= y) break;
      int t0 = shapes[k][0], t1 = shapes[k][1];
      shapes[k][0] = shapes[k - 1][0], shapes[k][1] = shapes[k - 1][1];
      shapes[k - 1][0] = t0, shapes[k - 1][1] = t1;
    }
  for (int i = 0; i < ns && !o->reached; i++) {
    int e[LAT_MAX_D], r = 0;
    for (int a = 0; a < shapes[i][0]; a++) e[r++] = T;
    if (shapes[i][1] > 1) e[r++] = shapes[i][1];
    if (r > d) continue;
    for (int k = 0; k < 2 && !o->reached; k++) {
      LatQuot Q;
      if (!lat_quot_pick(S, T, r, e, rng, LD4_QUOT_DRAWS, &Q)) break;
      LatPairing P;
      LatSatStats st = {0};
      int res = lat_exact_solve(S, &Q, T, LAT_EXACT_COSET_AMO, LD4_QUOT_CONFLICTS, &P, &st);
      o->seconds += st.seconds;
      if (res == SATPROOF_SAT) accept(S, &P, m, 1, (int)lat_quot_size(&Q), o);
    }
  }
  g_rand_free(rng);
  /* the torus itself, first symmetric under g -> c - g */
  static const unsigned torus_flags[2] = {LAT_EXACT_COSET_AMO | LAT_EXACT_CENTRAL,
                                          LAT_EXACT_COSET_AMO};
  for (int k = 0; k < 2 && !o->reached; k++) {
    LatQuot Q;
    lat_quot_identity(d, T, &Q);
    LatPairing P;
    LatSatStats st = {0};
    int res = lat_exact_solve(S, &Q, T, torus_flags[k], conflicts, &P, &st);
    o->seconds += st.seconds;
    if (res == SATPROOF_SAT) accept(S, &P, m, 1, (int)lat_quot_size(&Q), o);
  }
}

void ld4_search(const LatDirs *S, Ld4Method method, long conflicts, bool refute_below,
                Ld4Outcome *o) {
  memset(o, 0, sizeof *o);
  int n = S->n, d = S->d;
  o->verified = o->drat = true;
  if (method == LD4_NEW) search_exact(S, conflicts, o);
  struct {
    int span, mult;
  } tries[] = {{1, 2}, {1, 4}, {0, 2}}; /* span 0: any, 1..m-1 */
  for (int m = 2 * n + 1; m <= 3 * n && !o->reached; m++)
    for (size_t k = 0; k < G_N_ELEMENTS(tries) && !o->reached; k++) {
      if (method == LD4_NEW && m == 2 * n + 1 && k == 0) continue; /* done by the exact cover */
      int T[LAT_MAX_D], span = tries[k].span ? tries[k].span : m - 1;
      for (int j = 0; j < d; j++) T[j] = tries[k].mult * n;
      LatPairing P;
      LatSatStats st = {0};
      int res = lat_sat_solve(S, m, span, T, conflicts, NULL, &P, NULL, &st);
      o->seconds += st.seconds;
      if (res == SATPROOF_SAT) accept(S, &P, m, span, 0, o);
    }
  if (o->reached == 0) {
    if (!o->why) o->why = g_strdup("nothing found up to 3|S|");
    o->verified = false;
  }
  int T[LAT_MAX_D];
  for (int j = 0; j < d; j++) T[j] = 2 * n;
  o->ref = refute_below && n <= 4 ? refute(S, conflicts, 2 * n, n <= 3 ? 2 * n - 1 : 1, T, o) : 2;
}

/* ---- bytes ----------------------------------------------------------------- */

enum { LD4_BYTES_VERSION = 1 };

static uint64_t zig(int64_t v) { return v < 0 ? ((uint64_t)(-(v + 1)) << 1) | 1 : (uint64_t)v << 1; }
static int64_t unzig(uint64_t u) { return u & 1 ? -(int64_t)(u >> 1) - 1 : (int64_t)(u >> 1); }

void ld4_pack(const Ld4Outcome *o, GByteArray *b) {
  ckpt_pack_u64(b, LD4_BYTES_VERSION);
  ckpt_pack_u64(b, (uint64_t)o->reached);
  ckpt_pack_u64(b, (uint64_t)o->used_T);
  ckpt_pack_u64(b, (uint64_t)o->used_span);
  ckpt_pack_u64(b, (uint64_t)o->group);
  ckpt_pack_u64(b, (uint64_t)(o->ref + 1));
  ckpt_pack_u64(b, (uint64_t)o->proofs);
  ckpt_pack_u64(b, (uint64_t)o->drat);
  ckpt_pack_u64(b, (uint64_t)o->verified);
  ckpt_pack_bytes(b, o->why, o->why ? strlen(o->why) : 0);
  const LatPairing *P = &o->pairing;
  ckpt_pack_u64(b, (uint64_t)(P->npoints ? P->d : 0));
  if (!P->npoints) return;
  for (int j = 0; j < P->d; j++) ckpt_pack_u64(b, (uint64_t)P->T[j]);
  for (size_t i = 0; i < (size_t)P->npoints * P->d; i++) ckpt_pack_u64(b, zig(P->disp[i]));
}

bool ld4_unpack(const void *data, size_t len, Ld4Outcome *o) {
  memset(o, 0, sizeof *o);
  CkptReader r;
  ckpt_reader_init(&r, data, len);
  if (ckpt_unpack_u64(&r) != LD4_BYTES_VERSION) return false;
  uint64_t f[8];
  for (int i = 0; i < 8; i++) f[i] = ckpt_unpack_u64(&r);
  if (!r.ok || f[0] > 1000 || f[1] > 1000 || f[2] > 1000 || f[3] > LAT_MAX_POINTS || f[4] > 3 ||
      f[5] > 1000 || f[6] > 1 || f[7] > 1)
    return false;
  o->reached = (int)f[0];
  o->used_T = (int)f[1];
  o->used_span = (int)f[2];
  o->group = (int)f[3];
  o->ref = (int)f[4] - 1;
  o->proofs = (int)f[5];
  o->drat = f[6];
  o->verified = f[7];
  size_t wl;
  const uint8_t *w = ckpt_unpack_bytes(&r, &wl);
  if (w && wl) o->why = g_strndup((const char *)w, wl);
  uint64_t d = ckpt_unpack_u64(&r);
  if (!r.ok || d > LAT_MAX_D) return false;
  if (d > 0) {
    int T[LAT_MAX_D];
    for (uint64_t j = 0; j < d; j++) {
      uint64_t t = ckpt_unpack_u64(&r);
      if (t < 1 || t > LAT_MAX_POINTS) return false;
      T[j] = (int)t;
    }
    if (!r.ok || !lat_pairing_init(&o->pairing, (int)d, T)) return false;
    for (size_t i = 0; i < (size_t)o->pairing.npoints * d; i++) {
      int64_t v = unzig(ckpt_unpack_u64(&r));
      if (v < -LAT_MAX_POINTS || v > LAT_MAX_POINTS) return false;
      o->pairing.disp[i] = (int32_t)v;
    }
  }
  return ckpt_reader_done(&r);
}

/* ---- work units ------------------------------------------------------------ */

void ld4_plan_init(Ld4Plan *p, Ld4Method method, long conflicts) {
  p->items = g_array_new(FALSE, FALSE, sizeof(Ld4Item));
  p->method = method;
  p->conflicts = conflicts;
}

void ld4_plan_clear(Ld4Plan *p) {
  if (p->items) g_array_free(p->items, TRUE);
  p->items = NULL;
}

void ld4_plan_family(Ld4Plan *p, int family, int d, int c, int lo, int hi, int refute_upto) {
  int dirs[64][LAT_MAX_D];
  int nd = lat_directions(d, c, dirs, 64);
  if (nd > 64) return;
  for (int k = lo; k <= hi && k <= nd && k <= LAT_MAX_S; k++)
    for (uint64_t mask = (UINT64_C(1) << k) - 1; mask < (UINT64_C(1) << nd);) {
      if (lat_subset_canonical(d, (const int (*)[LAT_MAX_D])dirs, nd, mask)) {
        Ld4Item it;
        memset(&it, 0, sizeof it);
        it.S.d = d;
        it.family = family;
        it.refute = k <= refute_upto;
        for (int i = 0; i < nd; i++)
          if (mask >> i & 1) memcpy(it.S.v[it.S.n++], dirs[i], sizeof(int) * LAT_MAX_D);
        g_array_append_val(p->items, it);
      }
      mask = cube_next_combination64(mask);
    }
}

void ld4_plan_standard(Ld4Plan *p, Ld4Method method, long conflicts, int max_size, int d3_core,
                       int box_size, int d3_size) {
  ld4_plan_init(p, method, conflicts);
  ld4_plan_family(p, LD4_FAM_CORE, 2, 2, 2, max_size, 4);
  ld4_plan_family(p, LD4_FAM_CORE, 3, 1, 2, d3_core, 4);
  if (box_size > 0) ld4_plan_family(p, LD4_FAM_BOX3, 2, 3, 2, box_size, 0);
  ld4_plan_family(p, LD4_FAM_D3WIDE, 3, 1, d3_core + 1, d3_size, 0);
}

GByteArray *ld4_unit(const Ld4Plan *p, size_t i, double *seconds) {
  const Ld4Item *it = &g_array_index(p->items, Ld4Item, i);
  Ld4Outcome o;
  ld4_search(&it->S, p->method, p->conflicts, it->refute, &o);
  GByteArray *b = g_byte_array_new();
  ld4_pack(&o, b);
  if (seconds) *seconds = o.seconds;
  ld4_outcome_clear(&o);
  return b;
}
