/* cubesat.c — see cubesat.h for the contract (encoding, numbering, solver). */
#include "hypercube/cubesat.h"

#include <ccadical.h>
#include <string.h>

CubesatCnf *cubesat_cnf_new(void) {
  CubesatCnf *cnf = g_new0(CubesatCnf, 1);
  cnf->lits = g_array_new(FALSE, FALSE, sizeof(int));
  return cnf;
}

void cubesat_cnf_free(CubesatCnf *cnf) {
  if (cnf == NULL) return;
  g_array_free(cnf->lits, TRUE);
  g_free(cnf->masks);
  g_free(cnf->mask_rank);
  g_free(cnf);
}

int cubesat_new_var(CubesatCnf *cnf) {
  g_assert(cnf->nvars < G_MAXINT);
  return ++cnf->nvars;
}

void cubesat_add_clause(CubesatCnf *cnf, const int *lits, size_t len) {
  for (size_t i = 0; i < len; i++) {
    int v = lits[i] < 0 ? -lits[i] : lits[i];
    g_assert(lits[i] != 0 && v <= cnf->nvars);
    (void)v; /* used only by the assertion */
  }
  g_array_append_vals(cnf->lits, lits, (guint)len);
  const int zero = 0;
  g_array_append_val(cnf->lits, zero);
  cnf->nclauses++;
}

/* Sinz 2005, sequential counter for <= 1: s_i <=> (some x_j, j <= i, is true)
 * is only implied one way, which is all at-most-one needs. */
void cubesat_amo(CubesatCnf *cnf, const int *x, size_t m) {
  if (m <= 1) return;
  int prev = cubesat_new_var(cnf); /* s_1 */
  cubesat_add_clause(cnf, (int[]){-x[0], prev}, 2);
  for (size_t i = 1; i + 1 < m; i++) {
    int s = cubesat_new_var(cnf);
    cubesat_add_clause(cnf, (int[]){-x[i], s}, 2);
    cubesat_add_clause(cnf, (int[]){-prev, s}, 2);
    cubesat_add_clause(cnf, (int[]){-x[i], -prev}, 2);
    prev = s;
  }
  cubesat_add_clause(cnf, (int[]){-x[m - 1], -prev}, 2);
}

static int top_bit(uint32_t d) { return 31 - __builtin_clz(d); }
/* a without bit h, the bits above h shifted down */
static uint32_t squeeze(uint32_t a, int h) {
  return ((a >> (h + 1)) << h) | (a & ((UINT32_C(1) << h) - 1));
}
static uint32_t unsqueeze(uint32_t c, int h) {
  return ((c >> h) << (h + 1)) | (c & ((UINT32_C(1) << h) - 1));
}

VPair cubesat_pair_of_var(const CubesatCnf *cnf, int var) {
  g_assert(cnf->masks != NULL && var >= 1 && var <= cnf->npairvars);
  uint32_t half = UINT32_C(1) << (cnf->n - 1), i = (uint32_t)(var - 1);
  uint32_t d = cnf->masks[i / half];
  uint32_t a = unsqueeze(i % half, top_bit(d));
  return (VPair){a, a ^ d};
}

int cubesat_var_of_pair(const CubesatCnf *cnf, uint32_t a, uint32_t b) {
  g_assert(cnf->masks != NULL);
  uint32_t nv = UINT32_C(1) << cnf->n, d = a ^ b;
  if (a >= nv || b >= nv || d == 0 || cnf->mask_rank[d] < 0) return 0;
  int h = top_bit(d);
  uint32_t rep = (a >> h & 1) ? b : a;
  return 1 + cnf->mask_rank[d] * (int)(nv / 2) + (int)squeeze(rep, h);
}

CubesatCnf *cubesat_encode(int n, int k, bool edges_only) {
  if (n < 1 || n > CUBESAT_MAX_N || k < 1 || k > n) return NULL;
  CubesatCnf *cnf = cubesat_cnf_new();
  cnf->n = n;
  cnf->k = k;
  cnf->edges_only = edges_only;
  const uint32_t nv = UINT32_C(1) << n;
  cnf->mask_rank = g_new(int, nv);
  cnf->masks = g_new(uint32_t, nv);
  for (uint32_t d = 0; d < nv; d++) {
    int w = __builtin_popcount(d);
    bool ok = edges_only ? w == 1 : w >= 1 && w <= k;
    cnf->mask_rank[d] = ok ? cnf->nmasks : -1;
    if (ok) cnf->masks[cnf->nmasks++] = d;
  }
  cnf->npairvars = cnf->nvars = cnf->nmasks * (int)(nv / 2);

  /* at most one pair per vertex */
  int *x = g_new(int, cnf->nmasks);
  for (uint32_t v = 0; v < nv; v++) {
    for (int r = 0; r < cnf->nmasks; r++) x[r] = cubesat_var_of_pair(cnf, v, v ^ cnf->masks[r]);
    cubesat_amo(cnf, x, (size_t)cnf->nmasks);
  }
  g_free(x);
  cnf->amo_clauses = cnf->nclauses;

  /* every k-subcube holds a chosen pair */
  GArray *cl = g_array_new(FALSE, FALSE, sizeof(int));
  for (uint32_t stars = 0; stars < nv; stars++) {
    if (__builtin_popcount(stars) != k) continue;
    for (uint32_t vals = 0; vals < nv; vals++) {
      if (vals & stars) continue;
      g_array_set_size(cl, 0);
      for (int r = 0; r < cnf->nmasks; r++) {
        uint32_t d = cnf->masks[r];
        if ((d & ~stars) != 0) continue;
        /* pairs {a, a^d} inside: a = vals | s, s a submask of stars without
         * the top bit of d (so each unordered pair is listed once) */
        uint32_t free_bits = stars & ~(UINT32_C(1) << top_bit(d));
        uint32_t s = 0;
        do {
          int var = cubesat_var_of_pair(cnf, vals | s, (vals | s) ^ d);
          g_assert(var > 0);
          g_array_append_val(cl, var);
          s = (s - free_bits) & free_bits;
        } while (s != 0);
      }
      cubesat_add_clause(cnf, (const int *)cl->data, cl->len);
    }
  }
  g_array_free(cl, TRUE);
  cnf->block_clauses = cnf->nclauses - cnf->amo_clauses;
  return cnf;
}

void cubesat_write_dimacs(const CubesatCnf *cnf, FILE *f) {
  if (cnf->masks != NULL)
    fprintf(f,
            "c pairing strategies for Q(%d,%d)%s: variables 1..%d are vertex pairs,\n"
            "c %zu at-most-one clauses (sequential counter), %zu blocking clauses\n",
            cnf->n, cnf->k, cnf->edges_only ? ", edges only" : "", cnf->npairvars,
            cnf->amo_clauses, cnf->block_clauses);
  fprintf(f, "p cnf %d %zu\n", cnf->nvars, cnf->nclauses);
  const int *l = (const int *)cnf->lits->data;
  bool start = true;
  for (guint i = 0; i < cnf->lits->len; i++) {
    fprintf(f, start ? "%d" : " %d", l[i]);
    start = l[i] == 0;
    if (start) fputc('\n', f);
  }
}

static void fill_stats(const CubesatCnf *cnf, CubesatStats *st) {
  st->npairvars = cnf->npairvars;
  st->nvars = cnf->nvars;
  st->nclauses = cnf->nclauses;
  st->amo_clauses = cnf->amo_clauses;
  st->block_clauses = cnf->block_clauses;
}

int cubesat_solve_cnf(const CubesatCnf *cnf, GArray **pairs_out, CubesatStats *st) {
  CCaDiCaL *s = ccadical_init();
  ccadical_set_option(s, "quiet", 1); /* CaDiCaL reports on stdout, which carries results */
  const int *l = (const int *)cnf->lits->data;
  for (guint i = 0; i < cnf->lits->len; i++) ccadical_add(s, l[i]);
  gint64 t0 = g_get_monotonic_time();
  int res = ccadical_solve(s);
  gint64 t1 = g_get_monotonic_time();
  if (pairs_out != NULL) {
    *pairs_out = NULL;
    if (res == CUBESAT_SAT && cnf->masks != NULL) {
      *pairs_out = g_array_new(FALSE, FALSE, sizeof(VPair));
      for (int v = 1; v <= cnf->npairvars; v++)
        if (ccadical_val(s, v) > 0) {
          VPair p = cubesat_pair_of_var(cnf, v);
          g_array_append_val(*pairs_out, p);
        }
    }
  }
  ccadical_release(s);
  if (st != NULL) {
    fill_stats(cnf, st);
    st->solve_seconds = (double)(t1 - t0) / 1e6;
  }
  return res;
}

int cubesat_solve(int n, int k, bool edges_only, GArray **pairs_out, CubesatStats *st) {
  gint64 t0 = g_get_monotonic_time();
  CubesatCnf *cnf = cubesat_encode(n, k, edges_only);
  if (cnf == NULL) return -1;
  gint64 t1 = g_get_monotonic_time();
  int res = cubesat_solve_cnf(cnf, pairs_out, st);
  if (st != NULL) st->encode_seconds = (double)(t1 - t0) / 1e6;
  cubesat_cnf_free(cnf);
  return res;
}
