/* lattice.c — see lattice.h for the contract. */
#include "lattice/lattice.h"

#include <stdlib.h>
#include <string.h>

#include "solvers/matching.h"
#include "solvers/satproof.h"
#include "plumbing/errors.h"

/* ---- direction sets: game/latdirs.h ------------------------------------ */


/* ---- families ------------------------------------------------------------ */

int lat_directions(int d, int c, int (*out)[LAT_MAX_D], int max) {
  int k = 0, x[LAT_MAX_D];
  long total = 1;
  for (int j = 0; j < d; j++) total *= 2 * c + 1;
  for (long i = 0; i < total; i++) {
    long r = i;
    for (int j = d - 1; j >= 0; j--, r /= 2 * c + 1) x[j] = (int)(r % (2 * c + 1)) - c;
    int f = lat_first(x, d), g = 0;
    for (int j = 0; j < d; j++) g = lat_gcd(g, x[j]);
    if (f < 0 || x[f] < 0 || g != 1) continue;
    if (k < max) memcpy(out[k], x, sizeof(int) * (size_t)d);
    k++;
  }
  return k;
}

int lat_dir_index(const int (*dirs)[LAT_MAX_D], int ndirs, const int *v, int d) {
  int f = lat_first(v, d), sg = v[f] > 0 ? 1 : -1;
  for (int i = 0; i < ndirs; i++) {
    bool eq = true;
    for (int j = 0; j < d; j++) eq &= dirs[i][j] == sg * v[j];
    if (eq) return i;
  }
  return -1;
}

bool lat_subset_canonical(int d, const int (*dirs)[LAT_MAX_D], int ndirs, uint64_t mask) {
  int perm[LAT_MAX_D];
  for (int j = 0; j < d; j++) perm[j] = j;
  for (;;) {
    for (uint32_t signs = 0; signs < (UINT32_C(1) << d); signs++) {
      uint64_t img = 0;
      for (int i = 0; i < ndirs; i++) {
        if (!(mask >> i & 1)) continue;
        int w[LAT_MAX_D];
        for (int j = 0; j < d; j++) w[j] = (signs >> j & 1 ? -1 : 1) * dirs[i][perm[j]];
        int k = lat_dir_index(dirs, ndirs, w, d);
        g_assert(k >= 0);
        img |= UINT64_C(1) << k;
      }
      if (img < mask) return false;
    }
    if (!lat_next_perm(perm, d)) return true;
  }
}

bool lat_next_perm(int *perm, int d) {
  int i = d - 2;
  while (i >= 0 && perm[i] > perm[i + 1]) i--;
  if (i < 0) return false;
  int j = d - 1;
  while (perm[j] < perm[i]) j--;
  int t = perm[i];
  perm[i] = perm[j];
  perm[j] = t;
  for (int a = i + 1, b = d - 1; a < b; a++, b--) t = perm[a], perm[a] = perm[b], perm[b] = t;
  return true;
}

/* ---- Z_n^d and its lines ---------------------------------------------------- */

static uint32_t ipow(int b, int e) {
  uint32_t r = 1;
  while (e-- > 0) r *= (uint32_t)b;
  return r;
}

static int mod(long a, int n) {
  long r = a % n;
  return (int)(r < 0 ? r + n : r);
}

/* index of t + v in Z_n^d */
static uint32_t zn_add(uint32_t t, const int *v, int d, int n) {
  uint32_t r = 0, w = 1;
  for (int j = 0; j < d; j++) {
    int c = (int)(t % (uint32_t)n);
    t /= (uint32_t)n;
    r += w * (uint32_t)mod((long)c + v[j], n);
    w *= (uint32_t)n;
  }
  return r;
}

/* coset numbers of <v_s> in Z_n^d: line[s * np + t]; n^(d-1) per direction */
static uint32_t *zn_lines(const LatDirs *S) {
  uint32_t np = ipow(S->n, S->d), per = np / (uint32_t)S->n;
  uint32_t *line = g_new(uint32_t, (size_t)S->n * np);
  for (int s = 0; s < S->n; s++) {
    uint32_t *l = line + (size_t)s * np, next = 0;
    for (uint32_t t = 0; t < np; t++) l[t] = UINT32_MAX;
    for (uint32_t t = 0; t < np; t++) {
      if (l[t] != UINT32_MAX) continue;
      for (uint32_t u = t; l[u] == UINT32_MAX; u = zn_add(u, S->v[s], S->d, S->n)) l[u] = next;
      next++;
    }
    g_assert(next == per); /* v primitive: every coset has n points */
    for (uint32_t t = 0; t < np; t++) l[t] += (uint32_t)s * per;
  }
  return line;
}

void lat_assign_clear(LatAssign *A) {
  g_free(A->dir);
  memset(A, 0, sizeof *A);
}

bool lat_assign_matching(const LatDirs *S, uint64_t seed, LatAssign *A) {
  int n = S->n, d = S->d;
  uint32_t np = ipow(n, d);
  g_autofree uint32_t *line = zn_lines(S);
  g_autofree uint32_t *start = g_new(uint32_t, np + 1);
  g_autofree uint32_t *adj = g_new(uint32_t, (size_t)np * n);
  g_autofree uint32_t *ldir = g_new(uint32_t, np); /* line -> direction */
  for (uint32_t t = 0; t < np; t++) {
    start[t] = t * (uint32_t)n;
    for (int s = 0; s < n; s++) {
      adj[(size_t)t * n + s] = line[(size_t)s * np + t];
      ldir[line[(size_t)s * np + t]] = (uint32_t)s;
    }
  }
  start[np] = np * (uint32_t)n;
  if (seed != 0) {
    GRand *r = g_rand_new_with_seed((guint32)(seed ^ (seed >> 32)));
    for (uint32_t t = 0; t < np; t++)
      for (int i = n - 1; i > 0; i--) {
        int j = g_rand_int_range(r, 0, i + 1);
        uint32_t x = adj[(size_t)t * n + i];
        adj[(size_t)t * n + i] = adj[(size_t)t * n + j];
        adj[(size_t)t * n + j] = x;
      }
    g_rand_free(r);
  }
  BipGraph g = {np, np, start, adj};
  g_autofree uint32_t *ml = g_new(uint32_t, np);
  g_autofree uint32_t *mr = g_new(uint32_t, np);
  size_t size = bm_hopcroft_karp(&g, ml, mr, false, NULL);
  A->d = d;
  A->n = n;
  A->npoints = np;
  A->dir = g_new0(uint8_t, np);
  if (size != np) return false;
  for (uint32_t t = 0; t < np; t++) A->dir[t] = (uint8_t)ldir[ml[t]];
  return true;
}

bool lat_assign_ok(const LatDirs *S, const LatAssign *A, char **why) {
  if (A->n != S->n || A->d != S->d || A->npoints != ipow(S->n, S->d)) {
    if (why) *why = g_strdup("assignment and direction set differ in size");
    return false;
  }
  for (int s = 0; s < S->n; s++)
    for (uint32_t t = 0; t < A->npoints; t++) {
      int own = 0;
      uint32_t u = t;
      for (int j = 0; j < S->n; j++, u = zn_add(u, S->v[s], S->d, S->n)) own += A->dir[u] == s;
      if (u != t || own != 1) {
        if (why) *why = g_strdup_printf("the line of direction %d through point %u has %d points "
                                        "of its direction", s, t, own);
        return false;
      }
    }
  return true;
}

typedef struct {
  const LatDirs *S;
  const uint32_t *line;
  uint8_t *taken;
  LatAssign A;
  LatAssignVisit visit;
  void *ud;
  uint64_t count;
} Enum;

static void enum_rec(Enum *e, uint32_t t) {
  if (t == e->A.npoints) {
    e->count++;
    if (e->visit) e->visit(&e->A, e->ud);
    return;
  }
  for (int s = 0; s < e->S->n; s++) {
    uint32_t l = e->line[(size_t)s * e->A.npoints + t];
    if (e->taken[l]) continue;
    e->taken[l] = 1;
    e->A.dir[t] = (uint8_t)s;
    enum_rec(e, t + 1);
    e->taken[l] = 0;
  }
}

uint64_t lat_assign_enumerate(const LatDirs *S, LatAssignVisit visit, void *ud) {
  uint32_t np = ipow(S->n, S->d);
  g_autofree uint32_t *line = zn_lines(S);
  g_autofree uint8_t *taken = g_new0(uint8_t, np);
  g_autofree uint8_t *dir = g_new0(uint8_t, np);
  Enum e = {S, line, taken, {S->d, S->n, np, dir}, visit, ud, 0};
  enum_rec(&e, 0);
  return e.count;
}

/* ---- periodic pairings ------------------------------------------------------ */

bool lat_pairing_init(LatPairing *P, int d, const int *T) {
  memset(P, 0, sizeof *P);
  uint64_t np = 1;
  for (int j = 0; j < d; j++) {
    if (T[j] < 1) return false;
    np *= (uint64_t)T[j];
    if (np > LAT_MAX_POINTS) return false;
  }
  P->d = d;
  memcpy(P->T, T, sizeof(int) * (size_t)d);
  P->npoints = (uint32_t)np;
  P->disp = g_new0(int32_t, (size_t)d * np);
  return true;
}

void lat_pairing_clear(LatPairing *P) {
  g_free(P->disp);
  memset(P, 0, sizeof *P);
}

static void torus_coords(const LatPairing *P, uint32_t i, long *x) {
  for (int j = 0; j < P->d; j++) {
    x[j] = i % (uint32_t)P->T[j];
    i /= (uint32_t)P->T[j];
  }
}

/* index of the torus point x + c * v */
static uint32_t torus_index(const LatPairing *P, const long *x, long c, const int *v) {
  uint32_t r = 0, w = 1;
  for (int j = 0; j < P->d; j++) {
    r += w * (uint32_t)mod(x[j] + c * (v ? v[j] : 0), P->T[j]);
    w *= (uint32_t)P->T[j];
  }
  return r;
}

bool lat_pairing_lowhigh(const LatDirs *S, const LatAssign *A, LatPairing *P) {
  int n = S->n, d = S->d;
  long L = 1;
  for (int s = 0; s < n; s++) {
    long a = 2L * abs(S->v[s][lat_first(S->v[s], d)]);
    L = L / lat_gcd((int)L, (int)a) * a;
    if (L * n > 1 << 20) return false;
  }
  int T[LAT_MAX_D];
  for (int j = 0; j < d; j++) T[j] = (int)(L * n);
  if (!lat_pairing_init(P, d, T)) return false;
  for (uint32_t q = 0; q < P->npoints; q++) {
    long x[LAT_MAX_D];
    torus_coords(P, q, x);
    uint32_t t = 0, w = 1; /* q mod n as a point of Z_n^d */
    for (int j = 0; j < d; j++, w *= (uint32_t)n) t += w * (uint32_t)(x[j] % n);
    const int *v0 = S->v[A->dir[t]];
    int i = lat_first(v0, d), sg = v0[i] > 0 ? 1 : -1, vi = abs(v0[i]);
    long c = (x[i] / n) % (2 * vi); /* p_i mod 2 v_i, p = floor(q / n) */
    int dirn = c < vi ? 1 : -1;      /* low: + n v, high: - n v */
    for (int j = 0; j < d; j++) P->disp[(size_t)q * d + j] = dirn * n * sg * v0[j];
  }
  return true;
}

/* ---- the checker ------------------------------------------------------------ */

static long lcm_l(long a, long b) { return a / lat_gcd((int)a, (int)b) * b; }

bool lat_check(const LatDirs *S, const LatPairing *P, LatCheck *out, char **why) {
  int d = P->d;
  memset(out, 0, sizeof *out);
  if (S->d != d) {
    if (why) *why = g_strdup("pairing and direction set differ in dimension");
    return false;
  }
  for (uint32_t x = 0; x < P->npoints; x++) {
    const int32_t *dx = P->disp + (size_t)x * d;
    bool zero = true;
    for (int j = 0; j < d; j++) zero &= dx[j] == 0;
    if (zero) continue;
    out->paired++;
    long c[LAT_MAX_D];
    torus_coords(P, x, c);
    int dd[LAT_MAX_D];
    for (int j = 0; j < d; j++) dd[j] = dx[j];
    uint32_t y = torus_index(P, c, 1, dd);
    for (int j = 0; j < d; j++)
      if (P->disp[(size_t)y * d + j] != -dx[j]) {
        if (why) *why = g_strdup_printf("point %u is paired with point %u, which is not paired back", x, y);
        return false;
      }
  }
  g_autofree int32_t *tpos = g_new(int32_t, P->npoints);
  g_autofree uint32_t *next = g_new(uint32_t, P->npoints);
  int worst = 1;
  for (int s = 0; s < S->n; s++) {
    const int *v = S->v[s];
    int i = lat_first(v, d);
    long per = 1; /* the order of v on the torus */
    for (int j = 0; j < d; j++) {
      int r = mod(v[j], P->T[j]);
      per = lcm_l(per, P->T[j] / lat_gcd(P->T[j], r));
    }
    for (uint32_t x = 0; x < P->npoints; x++) {
      const int32_t *dx = P->disp + (size_t)x * d;
      long c[LAT_MAX_D];
      torus_coords(P, x, c);
      next[x] = torus_index(P, c, 1, v);
      tpos[x] = 0;
      if (dx[i] % v[i] != 0 || dx[i] / v[i] <= 0) continue;
      int32_t t = dx[i] / v[i];
      bool along = true;
      for (int j = 0; j < d; j++) along &= dx[j] == t * v[j];
      if (along) tpos[x] = t;
    }
    for (uint32_t q = 0; q < P->npoints; q++) {
      long reach = G_MAXLONG;
      uint32_t x = q;
      for (long a = 0; a < per && a < reach; a++, x = next[x])
        if (tpos[x] && a + tpos[x] < reach) reach = a + tpos[x];
      if (reach == G_MAXLONG) {
        if (worst != 0) {
          worst = 0;
          out->worst_dir = s;
          out->worst_start = q;
        }
      } else if (worst != 0 && reach + 1 > worst) {
        worst = (int)(reach + 1);
        out->worst_dir = s;
        out->worst_start = q;
      }
    }
  }
  out->least_m = worst;
  return true;
}

bool lat_line_blocked(const LatDirs *S, const LatPairing *P, uint32_t q, int s, int m) {
  int d = P->d;
  const int *v = S->v[s];
  long x0[LAT_MAX_D];
  torus_coords(P, q, x0);
  for (int a = 0; a < m; a++) {
    long z[LAT_MAX_D], pz[LAT_MAX_D];
    for (int j = 0; j < d; j++) z[j] = x0[j] + (long)a * v[j];
    uint32_t iz = torus_index(P, z, 0, NULL);
    bool paired = false;
    for (int j = 0; j < d; j++) {
      pz[j] = z[j] + P->disp[(size_t)iz * d + j];
      paired |= P->disp[(size_t)iz * d + j] != 0;
    }
    if (!paired) continue;
    for (int b = 0; b < m; b++) {
      bool eq = b != a;
      for (int j = 0; j < d; j++) eq &= pz[j] == x0[j] + (long)b * v[j];
      if (eq) return true;
    }
  }
  return false;
}

/* ---- SAT search ------------------------------------------------------------- */

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* variable of the pair (lower end x, direction s, span t): var[(x*n + s)*(m-1) + t-1] */
static int *pair_vars(const LatDirs *S, int m, int maxspan, const LatPairing *tor, int *npv) {
  size_t nv = (size_t)tor->npoints * S->n * (m - 1);
  int *var = g_new0(int, nv);
  int next = 0;
  for (uint32_t x = 0; x < tor->npoints; x++)
    for (int s = 0; s < S->n; s++)
      for (int t = 1; t < m; t++) {
        if (t > maxspan) continue;
        bool zero = true; /* t v = 0 on the torus */
        for (int j = 0; j < S->d; j++) zero &= mod((long)t * S->v[s][j], tor->T[j]) == 0;
        if (!zero) var[((size_t)x * S->n + s) * (m - 1) + t - 1] = ++next;
      }
  *npv = next;
  return var;
}

CubesatCnf *lat_sat_encode(const LatDirs *S, int m, int maxspan, const int *T) {
  LatPairing tor;
  if (m < 2 || maxspan < 1 || !lat_pairing_init(&tor, S->d, T)) return NULL;
  int npv, n = S->n;
  g_autofree int *var = pair_vars(S, m, maxspan, &tor, &npv);
  CubesatCnf *cnf = cubesat_cnf_new();
  for (int i = 0; i < npv; i++) cubesat_new_var(cnf);
  cnf->npairvars = npv;
  g_autoptr(GArray) lits = g_array_new(FALSE, FALSE, sizeof(int));
  /* at most one pair per point: as the lower end, then as the upper end */
  for (uint32_t x = 0; x < tor.npoints; x++) {
    g_array_set_size(lits, 0);
    long c[LAT_MAX_D];
    torus_coords(&tor, x, c);
    for (int s = 0; s < n; s++)
      for (int t = 1; t < m; t++) {
        int a = var[((size_t)x * n + s) * (m - 1) + t - 1];
        if (a) g_array_append_val(lits, a);
      }
    for (int s = 0; s < n; s++)
      for (int t = 1; t < m; t++) {
        uint32_t y = torus_index(&tor, c, -t, S->v[s]);
        int b = var[((size_t)y * n + s) * (m - 1) + t - 1];
        if (b) g_array_append_val(lits, b);
      }
    cubesat_amo(cnf, (int *)lits->data, lits->len);
  }
  /* every line of length m (start x, direction s) contains a pair */
  for (uint32_t x = 0; x < tor.npoints; x++) {
    long c[LAT_MAX_D];
    torus_coords(&tor, x, c);
    for (int s = 0; s < n; s++) {
      g_array_set_size(lits, 0);
      for (int a = 0; a + 1 < m; a++) {
        uint32_t y = torus_index(&tor, c, a, S->v[s]);
        for (int t = 1; a + t < m; t++) {
          int b = var[((size_t)y * n + s) * (m - 1) + t - 1];
          if (b) g_array_append_val(lits, b);
        }
      }
      qsort(lits->data, lits->len, sizeof(int), cmp_int);
      guint k = 0;
      for (guint i = 0; i < lits->len; i++)
        if (k == 0 || g_array_index(lits, int, i) != g_array_index(lits, int, k - 1))
          g_array_index(lits, int, k++) = g_array_index(lits, int, i);
      cubesat_add_clause(cnf, (int *)lits->data, k);
    }
  }
  lat_pairing_clear(&tor);
  return cnf;
}

int lat_sat_solve(const LatDirs *S, int m, int maxspan, const int *T, long conflicts,
                  FILE *proof, LatPairing *out, CubesatCnf **cnf_out, LatSatStats *st) {
  CubesatCnf *cnf = lat_sat_encode(S, m, maxspan, T);
  if (!cnf) return -1;
  g_autofree uint8_t *model = g_new0(uint8_t, (size_t)cnf->nvars + 1);
  gint64 t0 = g_get_monotonic_time();
  int r = satproof_solve_limited((int *)cnf->lits->data, cnf->lits->len, cnf->nvars, conflicts,
                                 proof, model);
  if (st) {
    st->npairvars = cnf->npairvars;
    st->nvars = cnf->nvars;
    st->nclauses = cnf->nclauses;
    st->seconds = (double)(g_get_monotonic_time() - t0) / 1e6;
  }
  if (r == SATPROOF_SAT && out) {
    lat_pairing_init(out, S->d, T);
    int npv, n = S->n;
    g_autofree int *var = pair_vars(S, m, maxspan, out, &npv);
    for (uint32_t x = 0; x < out->npoints; x++) {
      long c[LAT_MAX_D];
      torus_coords(out, x, c);
      for (int s = 0; s < n; s++)
        for (int t = 1; t < m; t++) {
          int a = var[((size_t)x * n + s) * (m - 1) + t - 1];
          if (!a || !model[a]) continue;
          uint32_t y = torus_index(out, c, t, S->v[s]);
          for (int j = 0; j < S->d; j++) {
            out->disp[(size_t)x * S->d + j] = t * S->v[s][j];
            out->disp[(size_t)y * S->d + j] = -t * S->v[s][j];
          }
        }
    }
  }
  if (cnf_out)
    *cnf_out = cnf;
  else
    cubesat_cnf_free(cnf);
  return r;
}
