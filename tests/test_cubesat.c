/* Unit tests for src/hypercube/cubesat.c (the SAT encoding of pairing strategies for
 * Q(n,k) and its CaDiCaL driver) and src/hypercube/pairsearch.c (the independent
 * backtracking search):
 *   - known answers: Q(3,1), Q(5,2) UNSAT; Q(3,2), Q(4,2), Q(5,3) SAT with a
 *     model that passes sv_is_matching + sv_verify; the same with edges only
 *     (and the model's pairs are then edges);
 *   - the pair numbering is a bijection onto the pairs at allowed distance;
 *   - the CNF's shape: clause counts, each blocking clause lists exactly the
 *     allowed pairs inside its subcube, in cube_first_unblocked()'s order;
 *   - the CNF's meaning without a solver: a matching (with the canonical
 *     counter values) satisfies it iff the brute-force verifier of cube.h
 *     says it blocks every k-subcube;
 *   - the sequential-counter at-most-one, by brute force over all
 *     assignments for m <= 8 primaries;
 *   - DIMACS output parses back to the same clauses, and solves the same;
 *   - pairsearch agrees with cubesat on every (n,k), n <= 4, and n = 5 with
 *     k <= 3, any pairs and edges only, with and without its counting bound;
 *     every pairing it finds passes sv_verify; on n <= 4 both agree with an
 *     exhaustive enumeration of matchings (perfect matchings of all vertices
 *     for any pairs, all matchings of Q_n for edges only) checked by
 *     cube_first_unblocked();
 *   - the same three-way agreement (n <= 4; two-way for n = 5) when random
 *     partial matchings are forced into the strategy, which makes the search
 *     backtrack and so tests its pruning and exclusion;
 *   - node limit and argument errors. */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hypercube/cubesat.h"
#include "hypercube/pairsearch.h"
#include "hypercube/subcube.h"

static bool verified(int n, int k, const GArray *p) {
  const VPair *v = (const VPair *)p->data;
  return sv_is_matching(n, v, p->len) && sv_verify(n, k, v, p->len, NULL, NULL);
}

static int64_t binom(int a, int b) {
  if (b < 0 || b > a) return 0;
  int64_t r = 1;
  for (int i = 1; i <= b; i++) r = r * (a - b + i) / i;
  return r;
}

/* ---- known answers ------------------------------------------------------- */

static void check_instance(int n, int k, bool edges, int want) {
  GArray *p = (GArray *)&p; /* must be overwritten */
  CubesatStats st;
  int r = cubesat_solve(n, k, edges, &p, &st);
  g_assert_cmpint(r, ==, want);
  g_assert_cmpint(st.nvars, >, 0);
  g_assert_cmpuint(st.nclauses, ==, st.amo_clauses + st.block_clauses);
  g_assert_cmpuint(st.block_clauses, ==, sv_subcubes(n, k));
  if (want == CUBESAT_UNSAT) {
    g_assert_null(p);
    return;
  }
  g_assert_nonnull(p);
  g_assert_true(verified(n, k, p));
  for (guint i = 0; i < p->len; i++) {
    VPair q = g_array_index(p, VPair, i);
    int d = __builtin_popcount(q.a ^ q.b);
    g_assert_cmpuint(q.a, <, q.b);
    g_assert_cmpint(d, >=, 1);
    g_assert_cmpint(d, <=, edges ? 1 : k);
  }
  g_array_free(p, TRUE);
}

static void test_known(void) {
  for (int e = 0; e < 2; e++) {
    check_instance(3, 1, e, CUBESAT_UNSAT);
    check_instance(3, 2, e, CUBESAT_SAT);
    check_instance(4, 2, e, CUBESAT_SAT);
    check_instance(5, 2, e, CUBESAT_UNSAT);
    check_instance(5, 3, e, CUBESAT_SAT);
  }
}

static void test_bad_args(void) {
  g_assert_null(cubesat_encode(3, 0, false));
  g_assert_null(cubesat_encode(3, 4, false));
  g_assert_null(cubesat_encode(0, 0, false));
  g_assert_null(cubesat_encode(CUBESAT_MAX_N + 1, 1, false));
  GArray *p = NULL;
  g_assert_cmpint(cubesat_solve(2, 3, false, &p, NULL), ==, -1);
  g_assert_cmpint(pairsearch(3, 0, NULL, NULL, NULL), ==, PAIRSEARCH_BAD_ARGS);
  g_assert_cmpint(pairsearch(3, 4, NULL, NULL, NULL), ==, PAIRSEARCH_BAD_ARGS);
  g_assert_cmpint(pairsearch(PAIRSEARCH_MAX_N + 1, 2, NULL, NULL, NULL), ==,
                  PAIRSEARCH_BAD_ARGS);
}

/* ---- numbering and shape ------------------------------------------------- */

static void test_numbering(void) {
  for (int n = 1; n <= 6; n++)
    for (int k = 1; k <= n; k++)
      for (int e = 0; e < 2; e++) {
        CubesatCnf *c = cubesat_encode(n, k, e);
        uint32_t nv = 1u << n;
        int64_t want = 0;
        for (int d = 1; d <= (e ? 1 : k); d++) want += binom(n, d);
        g_assert_cmpint(c->npairvars, ==, want * (nv / 2));
        int *seen = g_new0(int, (size_t)c->npairvars + 1);
        for (uint32_t a = 0; a < nv; a++)
          for (uint32_t b = 0; b < nv; b++) {
            int d = __builtin_popcount(a ^ b);
            int v = cubesat_var_of_pair(c, a, b);
            if (d < 1 || d > (e ? 1 : k)) {
              g_assert_cmpint(v, ==, 0);
              continue;
            }
            g_assert_cmpint(v, >=, 1);
            g_assert_cmpint(v, <=, c->npairvars);
            g_assert_cmpint(v, ==, cubesat_var_of_pair(c, b, a));
            VPair p = cubesat_pair_of_var(c, v);
            g_assert_cmpuint(p.a, ==, MIN(a, b));
            g_assert_cmpuint(p.b, ==, MAX(a, b));
            if (a < b) seen[v]++;
          }
        for (int v = 1; v <= c->npairvars; v++) g_assert_cmpint(seen[v], ==, 1);
        g_free(seen);
        cubesat_cnf_free(c);
      }
}

static void test_shape(void) {
  for (int n = 1; n <= 6; n++)
    for (int k = 1; k <= n; k++)
      for (int e = 0; e < 2; e++) {
        CubesatCnf *c = cubesat_encode(n, k, e);
        uint32_t nv = 1u << n;
        int64_t m = 0; /* pairs per vertex */
        for (int d = 1; d <= (e ? 1 : k); d++) m += binom(n, d);
        g_assert_cmpint(c->nvars - c->npairvars, ==, (int64_t)nv * (m - 1));
        g_assert_cmpuint(c->amo_clauses, ==, m >= 2 ? nv * (size_t)(3 * m - 4) : 0);
        g_assert_cmpuint(c->block_clauses, ==, sv_subcubes(n, k));
        g_assert_cmpuint(c->nclauses, ==, c->amo_clauses + c->block_clauses);
        /* walk to the blocking clauses */
        const int *l = (const int *)c->lits->data;
        guint pos = 0;
        size_t seen = 0;
        for (; seen < c->amo_clauses; pos++) seen += l[pos] == 0;
        for (uint32_t stars = 0; stars < nv; stars++) {
          if (__builtin_popcount(stars) != k) continue;
          for (uint32_t vals = 0; vals < nv; vals++) {
            if (vals & stars) continue;
            Subcube sc = {stars, vals};
            int len = 0;
            GHashTable *lits = g_hash_table_new(g_direct_hash, g_direct_equal);
            for (; l[pos] != 0; pos++, len++) {
              g_assert_cmpint(l[pos], >, 0);
              g_assert_cmpint(l[pos], <=, c->npairvars);
              VPair p = cubesat_pair_of_var(c, l[pos]);
              g_assert_true(cube_contains(sc, p.a) && cube_contains(sc, p.b));
              g_hash_table_add(lits, GINT_TO_POINTER(l[pos]));
            }
            pos++;
            int64_t want = e ? (int64_t)k << (k - 1) : binom(1 << k, 2);
            g_assert_cmpint(len, ==, want);
            g_assert_cmpint(g_hash_table_size(lits), ==, want); /* no repeats */
            g_hash_table_destroy(lits);
          }
        }
        g_assert_cmpuint(pos, ==, c->lits->len);
        cubesat_cnf_free(c);
      }
}

/* ---- meaning, without a solver -------------------------------------------- */

/* Sets the pair variables of the matching, and each counter variable to its
 * canonical value (some earlier primary true); evaluates every clause. */
static bool cnf_accepts(const CubesatCnf *c, const VPair *pairs, size_t np) {
  bool *val = g_new0(bool, (size_t)c->nvars + 1);
  for (size_t i = 0; i < np; i++) {
    int v = cubesat_var_of_pair(c, pairs[i].a, pairs[i].b);
    g_assert_cmpint(v, >, 0);
    val[v] = true;
  }
  /* counter variables follow the pair variables, per vertex in order; each
   * is s_i = x_1 | ... | x_i over that vertex's pair variables */
  int next = c->npairvars + 1;
  uint32_t nv = 1u << c->n;
  for (uint32_t v = 0; v < nv; v++) {
    bool any = false;
    int cnt = 0, m = 0;
    for (uint32_t u = 0; u < nv; u++) m += cubesat_var_of_pair(c, v, u) > 0;
    for (int r = 0; r < c->npairvars && cnt < m; r++) { /* variable order */
      VPair p = cubesat_pair_of_var(c, r + 1);
      if (p.a != v && p.b != v) continue;
      any |= val[r + 1];
      if (++cnt < m && m >= 2) val[next++] = any;
    }
  }
  g_assert_cmpint(next, ==, c->nvars + 1);
  const int *l = (const int *)c->lits->data;
  bool all = true, cl = false;
  for (guint i = 0; i < c->lits->len; i++) {
    if (l[i] == 0) {
      all &= cl;
      cl = false;
    } else {
      cl |= l[i] > 0 ? val[l[i]] : !val[-l[i]];
    }
  }
  g_free(val);
  return all;
}

static void test_meaning(void) {
  GRand *r = g_rand_new_with_seed(7);
  int yes = 0, no = 0;
  for (int n = 2; n <= 5; n++)
    for (int k = 1; k <= n; k++)
      for (int e = 0; e < 2; e++) {
        CubesatCnf *c = cubesat_encode(n, k, e);
        uint32_t nv = 1u << n;
        for (int round = 0; round < 40; round++) {
          /* a random maximal matching of allowed pairs, then drop some */
          uint32_t *perm = g_new(uint32_t, nv);
          for (uint32_t v = 0; v < nv; v++) perm[v] = v;
          for (uint32_t v = nv - 1; v > 0; v--) {
            uint32_t j = (uint32_t)g_rand_int_range(r, 0, (gint32)v + 1), t = perm[v];
            perm[v] = perm[j];
            perm[j] = t;
          }
          bool *used = g_new0(bool, nv);
          GArray *p = g_array_new(FALSE, FALSE, sizeof(VPair));
          for (uint32_t i = 0; i < nv; i++)
            for (uint32_t j = i + 1; j < nv && !used[perm[i]]; j++)
              if (!used[perm[j]] && cubesat_var_of_pair(c, perm[i], perm[j])) {
                VPair q = {perm[i], perm[j]};
                g_array_append_val(p, q);
                used[perm[i]] = used[perm[j]] = true;
              }
          int drop = round % 3 == 0 ? 0 : g_rand_int_range(r, 0, 3);
          for (int d = 0; d < drop && p->len; d++)
            g_array_remove_index(p, (guint)g_rand_int_range(r, 0, (gint32)p->len));
          Subcube hole;
          uint64_t checked;
          bool blocks = cube_first_unblocked(n, k, (VPair *)p->data, p->len, &hole, &checked);
          g_assert_cmpint(cnf_accepts(c, (VPair *)p->data, p->len), ==, blocks);
          if (blocks) yes++; else no++;
          g_array_free(p, TRUE);
          g_free(used);
          g_free(perm);
        }
        cubesat_cnf_free(c);
      }
  g_assert_cmpint(yes, >, 50); /* both verdicts occur */
  g_assert_cmpint(no, >, 50);
  g_rand_free(r);
}

/* ---- at most one --------------------------------------------------------- */

static bool clauses_hold(const CubesatCnf *c, const bool *val) {
  const int *l = (const int *)c->lits->data;
  bool cl = false;
  for (guint i = 0; i < c->lits->len; i++) {
    if (l[i] == 0) {
      if (!cl) return false;
      cl = false;
    } else {
      cl |= l[i] > 0 ? val[l[i]] : !val[-l[i]];
    }
  }
  return true;
}

static void test_amo(void) {
  for (int m = 1; m <= 8; m++) {
    CubesatCnf *c = cubesat_cnf_new();
    int x[8];
    for (int i = 0; i < m; i++) x[i] = cubesat_new_var(c);
    cubesat_amo(c, x, (size_t)m);
    int aux = c->nvars - m;
    g_assert_cmpint(aux, ==, m - 1);
    g_assert_cmpuint(c->nclauses, ==, m >= 2 ? (size_t)(3 * m - 4) : 0);
    bool val[16];
    for (unsigned prim = 0; prim < 1u << m; prim++) {
      bool sat = false;
      for (unsigned s = 0; s < 1u << aux && !sat; s++) {
        val[0] = false;
        for (int i = 0; i < m; i++) val[x[i]] = prim >> i & 1;
        for (int i = 0; i < aux; i++) val[m + 1 + i] = s >> i & 1;
        sat = clauses_hold(c, val);
      }
      g_assert_cmpint(sat, ==, __builtin_popcount(prim) <= 1);
    }
    cubesat_cnf_free(c);
  }
  /* the same through the solver, with negative literals as primaries */
  CubesatCnf *c = cubesat_cnf_new();
  int x[5];
  for (int i = 0; i < 5; i++) x[i] = -cubesat_new_var(c);
  cubesat_amo(c, x, 5);
  /* at most one variable false, and at least two false: UNSAT */
  cubesat_add_clause(c, (int[]){-1, -2}, 2);
  cubesat_add_clause(c, (int[]){-3, -4, -5}, 3);
  g_assert_cmpint(cubesat_solve_cnf(c, NULL, NULL), ==, CUBESAT_UNSAT);
  cubesat_cnf_free(c);
}

/* ---- DIMACS --------------------------------------------------------------- */

static void test_dimacs(void) {
  const int cases[][3] = {{4, 2, 0}, {3, 2, 1}, {5, 2, 0}, {3, 3, 0}};
  for (size_t t = 0; t < G_N_ELEMENTS(cases); t++) {
    CubesatCnf *c = cubesat_encode(cases[t][0], cases[t][1], cases[t][2]);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cubesat_write_dimacs(c, f);
    fclose(f);
    /* parse back */
    CubesatCnf *back = cubesat_cnf_new();
    int hv = -1;
    long hc = -1;
    gchar **lines = g_strsplit(buf, "\n", -1);
    GArray *cl = g_array_new(FALSE, FALSE, sizeof(int));
    for (gchar **ln = lines; *ln; ln++) {
      if (**ln == 'c' || **ln == '\0') continue;
      if (**ln == 'p') {
        g_assert_cmpint(sscanf(*ln, "p cnf %d %ld", &hv, &hc), ==, 2);
        back->nvars = hv;
        continue;
      }
      g_assert_cmpint(hv, >=, 0); /* header first */
      char *s = *ln, *end;
      for (;;) {
        long v = strtol(s, &end, 10);
        g_assert_true(end != s);
        s = end;
        if (v == 0) break;
        int iv = (int)v;
        g_array_append_val(cl, iv);
      }
      while (*s == ' ') s++;
      g_assert_cmpint(*s, ==, '\0'); /* one clause per line */
      cubesat_add_clause(back, (const int *)cl->data, cl->len);
      g_array_set_size(cl, 0);
    }
    g_assert_cmpint(hv, ==, c->nvars);
    g_assert_cmpint(hc, ==, (long)c->nclauses);
    g_assert_cmpuint(back->nclauses, ==, c->nclauses);
    g_assert_cmpuint(back->lits->len, ==, c->lits->len);
    g_assert_cmpmem(back->lits->data, back->lits->len * sizeof(int), c->lits->data,
                    c->lits->len * sizeof(int));
    g_assert_cmpint(cubesat_solve_cnf(back, NULL, NULL), ==, cubesat_solve_cnf(c, NULL, NULL));
    g_array_free(cl, TRUE);
    g_strfreev(lines);
    free(buf);
    cubesat_cnf_free(back);
    cubesat_cnf_free(c);
  }
}

/* ---- pairsearch ------------------------------------------------------------ */

static void test_agree(void) {
  int nsat = 0, nunsat = 0;
  for (int n = 1; n <= 5; n++)
    for (int k = 1; k <= (n == 5 ? 3 : n); k++)
      for (int e = 0; e < 2; e++) {
        int want = cubesat_solve(n, k, e, NULL, NULL);
        g_assert_true(want == CUBESAT_SAT || want == CUBESAT_UNSAT);
        for (int nb = 0; nb < 2; nb++) {
          PairsearchOptions o = {.edges_only = e, .no_bound = nb};
          GArray *p = NULL;
          uint64_t nodes = 0;
          PairsearchResult r = pairsearch(n, k, &o, &p, &nodes);
          g_assert_cmpuint(nodes, >=, 1);
          if (want == CUBESAT_UNSAT) {
            g_assert_cmpint(r, ==, PAIRSEARCH_NONE);
            g_assert_null(p);
            nunsat++;
          } else {
            g_assert_cmpint(r, ==, PAIRSEARCH_FOUND);
            g_assert_true(verified(n, k, p));
            for (guint i = 0; i < p->len && e; i++) {
              VPair q = g_array_index(p, VPair, i);
              g_assert_cmpint(__builtin_popcount(q.a ^ q.b), ==, 1);
            }
            g_array_free(p, TRUE);
            nsat++;
          }
        }
      }
  g_assert_cmpint(nsat, >, 10);
  g_assert_cmpint(nunsat, >, 10);
}

/* Exhaustive reference: matchings, checked by cube_first_unblocked().  With
 * any pairs it suffices to try perfect matchings of all 2^n vertices (adding
 * a pair never unblocks a subcube); with edges only, every matching of Q_n. */
typedef struct {
  int n, k;
  bool edges;
  bool *used;
  GArray *pairs;
  bool found;
} Brute;

static void brute(Brute *b) {
  if (b->found) return;
  uint32_t nv = 1u << b->n, v = 0;
  while (v < nv && b->used[v]) v++;
  if (v == nv) {
    b->found = cube_first_unblocked(b->n, b->k, (VPair *)b->pairs->data, b->pairs->len, NULL, NULL);
    return;
  }
  b->used[v] = true;
  if (b->edges) brute(b); /* v stays unmatched */
  for (uint32_t u = v + 1; u < nv; u++) {
    if (b->used[u] || (b->edges && __builtin_popcount(u ^ v) != 1)) continue;
    b->used[u] = true;
    VPair q = {v, u};
    g_array_append_val(b->pairs, q);
    brute(b);
    g_array_set_size(b->pairs, b->pairs->len - 1);
    b->used[u] = false;
  }
  b->used[v] = false;
}

static void test_brute(void) {
  int yes = 0, no = 0;
  for (int e = 0; e < 2; e++)
    for (int n = 1; n <= 4; n++)
      for (int k = 1; k <= n; k++) {
        Brute b = {n, k, e, g_new0(bool, 1u << n), g_array_new(FALSE, FALSE, sizeof(VPair)), false};
        brute(&b);
        PairsearchOptions o = {.edges_only = e};
        PairsearchResult r = pairsearch(n, k, &o, NULL, NULL);
        g_assert_cmpint(r, ==, b.found ? PAIRSEARCH_FOUND : PAIRSEARCH_NONE);
        g_assert_cmpint(cubesat_solve(n, k, e, NULL, NULL), ==,
                        b.found ? CUBESAT_SAT : CUBESAT_UNSAT);
        if (b.found) yes++; else no++;
        g_free(b.used);
        g_array_free(b.pairs, TRUE);
      }
  g_assert_cmpint(yes, >, 3);
  g_assert_cmpint(no, >, 3);
}

/* Random partial matchings as forced starts: pairsearch (with and without
 * its bound), cubesat (unit clauses) and, for n <= 4, the enumeration must
 * agree on whether the start extends to a strategy.  Most starts need real
 * backtracking, which exercises pruning and exclusion. */
static void test_start(void) {
  GRand *r = g_rand_new_with_seed(5);
  int yes = 0, no = 0;
  /* n, k, fewest and most start pairs (chosen where both answers occur) */
  const int inst[][4] = {{3, 2, 1, 4}, {4, 2, 1, 4}, {4, 3, 1, 4}, {5, 3, 4, 11},
                         {5, 4, 1, 4},  {6, 3, 6, 10}};
  for (size_t t = 0; t < G_N_ELEMENTS(inst); t++)
    for (int e = 0; e < 2; e++)
      for (int round = 0; round < 30; round++) {
        int n = inst[t][0], k = inst[t][1];
        uint32_t nv = 1u << n;
        bool *used = g_new0(bool, nv);
        GArray *start = g_array_new(FALSE, FALSE, sizeof(VPair));
        int want = inst[t][2] + round % (inst[t][3] - inst[t][2] + 1);
        for (int tries = 0; tries < 200 && (int)start->len < want; tries++) {
          uint32_t a = (uint32_t)g_rand_int_range(r, 0, (gint32)nv);
          uint32_t b = (uint32_t)g_rand_int_range(r, 0, (gint32)nv);
          int d = __builtin_popcount(a ^ b);
          if (used[a] || used[b] || d < 1 || d > (e ? 1 : k)) continue;
          VPair q = {a, b};
          g_array_append_val(start, q);
          used[a] = used[b] = true;
        }
        /* cubesat: the CNF plus one unit clause per start pair */
        CubesatCnf *c = cubesat_encode(n, k, e);
        for (guint i = 0; i < start->len; i++) {
          VPair q = g_array_index(start, VPair, i);
          int v = cubesat_var_of_pair(c, q.a, q.b);
          cubesat_add_clause(c, &v, 1);
        }
        GArray *model = NULL;
        int sat = cubesat_solve_cnf(c, &model, NULL);
        cubesat_cnf_free(c);
        g_assert_true(sat == CUBESAT_SAT || sat == CUBESAT_UNSAT);
        if (model) {
          g_assert_true(verified(n, k, model));
          g_array_free(model, TRUE);
        }
        for (int nb = 0; nb < 2; nb++) {
          PairsearchOptions o = {.edges_only = e, .no_bound = nb,
                                 .start = (VPair *)start->data, .nstart = start->len};
          GArray *p = NULL;
          PairsearchResult res = pairsearch(n, k, &o, &p, NULL);
          g_assert_cmpint(res, ==, sat == CUBESAT_SAT ? PAIRSEARCH_FOUND : PAIRSEARCH_NONE);
          if (p) {
            g_assert_true(verified(n, k, p));
            for (guint i = 0; i < start->len; i++) {
              VPair q = g_array_index(start, VPair, i), f = g_array_index(p, VPair, i);
              g_assert_cmpuint(MIN(q.a, q.b), ==, f.a);
              g_assert_cmpuint(MAX(q.a, q.b), ==, f.b);
            }
            g_array_free(p, TRUE);
          }
        }
        if (n <= 4) {
          Brute b = {n, k, e, used, g_array_new(FALSE, FALSE, sizeof(VPair)), false};
          g_array_append_vals(b.pairs, start->data, start->len);
          brute(&b);
          g_assert_cmpint(b.found, ==, sat == CUBESAT_SAT);
          g_array_free(b.pairs, TRUE);
        }
        if (sat == CUBESAT_SAT) yes++; else no++;
        g_free(used);
        g_array_free(start, TRUE);
      }
  g_assert_cmpint(yes, >, 30);
  g_assert_cmpint(no, >, 30);
  g_rand_free(r);
}

static void test_limit(void) {
  PairsearchOptions o = {.node_limit = 1};
  GArray *p = (GArray *)&p;
  uint64_t nodes = 0;
  g_assert_cmpint(pairsearch(4, 2, &o, &p, &nodes), ==, PAIRSEARCH_GAVE_UP);
  g_assert_null(p);
  g_assert_cmpuint(nodes, ==, 2);
  o.node_limit = 1000;
  g_assert_cmpint(pairsearch(4, 2, &o, &p, &nodes), ==, PAIRSEARCH_FOUND);
  g_assert_cmpuint(nodes, <=, 1000);
  g_assert_true(verified(4, 2, p));
  g_array_free(p, TRUE);
  VPair bad[][2] = {{{0, 1}, {1, 3}},   /* shares a vertex */
                    {{0, 7}, {8, 9}},   /* distance 3 > k */
                    {{0, 16}, {1, 3}},  /* outside Q_4 */
                    {{2, 2}, {4, 5}}};  /* distance 0 */
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
    PairsearchOptions ob = {.start = bad[i], .nstart = 2};
    g_assert_cmpint(pairsearch(4, 2, &ob, &p, NULL), ==, PAIRSEARCH_BAD_ARGS);
    g_assert_null(p);
  }
  PairsearchOptions oe = {.edges_only = true, .start = (VPair[]){{0, 3}}, .nstart = 1};
  g_assert_cmpint(pairsearch(4, 2, &oe, &p, NULL), ==, PAIRSEARCH_BAD_ARGS);
  g_assert_cmpstr(pairsearch_result_name(PAIRSEARCH_NONE), ==, "none");
  g_assert_cmpstr(pairsearch_result_name(PAIRSEARCH_GAVE_UP), ==, "gave_up");
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/cubesat/known-answers", test_known);
  g_test_add_func("/cubesat/bad-args", test_bad_args);
  g_test_add_func("/cubesat/numbering", test_numbering);
  g_test_add_func("/cubesat/shape", test_shape);
  g_test_add_func("/cubesat/meaning", test_meaning);
  g_test_add_func("/cubesat/at-most-one", test_amo);
  g_test_add_func("/cubesat/dimacs", test_dimacs);
  g_test_add_func("/pairsearch/agrees-with-cubesat", test_agree);
  g_test_add_func("/pairsearch/brute-force", test_brute);
  g_test_add_func("/pairsearch/forced-start", test_start);
  g_test_add_func("/pairsearch/node-limit", test_limit);
  return g_test_run();
}
