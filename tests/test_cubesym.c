/* Unit tests for src/hypercube/cubesym.c.
 *   Symmetry breaking:
 *   - the orbit descriptions O1, O2, O3 of cubesym.h equal the orbits
 *     computed by enumerating all of Aut(Q_n) (2^n n! maps) for n = 2..6,
 *     and the stabilisers are as the header says;
 *   - soundness, directly: for pairings X of Q(n,k) (n <= 5), the
 *     lexicographically largest member of the orbit Aut.X (anchors first,
 *     then cubesat's variable order) satisfies every added clause;
 *   - the clauses are not vacuous: a pairing without {0,e1} but with an edge
 *     violates them;
 *   - satisfiability is unchanged: with and without the clauses (depths
 *     0..3) CaDiCaL gives the same answer on every Q(n,k), n <= 6, any pairs
 *     and edges only, and the models decode to verified pairings.
 *   Invariant pairings:
 *   - with no generators the reduced CNF answers as cubesat's does (n <= 5);
 *   - the cyclic shift of coordinates admits an invariant pairing of Q(6,3)
 *     (the paper's strategy (3) is one); the expanded model is verified and
 *     invariant; Q(5,2) stays unsatisfiable under any group;
 *   - HC16's named groups give verified pairings invariant under every
 *     generator (Q(7,3), Q(8,3), Q(10,4), Q(12,4)); the Singer cycle of
 *     rm1+singer has order 2^m - 1; unknown names and sizes are refused;
 *   - the orbit representatives (cubesym_invariant_reps) of those pairings:
 *     each is the least pair of its orbit, the orbits (recomputed here by
 *     applying the generators until nothing new appears) are distinct, have
 *     the stated sizes and together give exactly the expanded pairing;
 *   - cubesym_group_order: the cyclic shift has order n, with the
 *     complement 2n; Aut(Q_3) from all its elements has order 48; z11+compl
 *     has order 110 and rm1+singer on 8 coordinates 16 * 7 = 112 (the
 *     translations by RM(1,3), 16 vectors, times the Singer cycle, order 7);
 *     the limit gives 0; no generators give 1;
 *   - a non-automorphism, a bad generator string and a too large instance
 *     are rejected. */
#include <glib.h>
#include <string.h>

#include "hypercube/binps.h"
#include "hypercube/cubesat.h"
#include "hypercube/cubesym.h"
#include "plumbing/errors.h"
#include "solvers/satproof.h"
#include "hypercube/subcube.h"

static bool verified(int n, int k, const GArray *p) {
  const VPair *v = (const VPair *)p->data;
  return sv_is_matching(n, v, p->len) && sv_verify(n, k, v, p->len, NULL, NULL);
}

/* all permutations of 0..n-1 in lexicographic order: next_perm */
static bool next_perm(uint8_t *p, int n) {
  int i = n - 2;
  while (i >= 0 && p[i] > p[i + 1]) i--;
  if (i < 0) return false;
  int j = n - 1;
  while (p[j] < p[i]) j--;
  uint8_t t = p[i];
  p[i] = p[j];
  p[j] = t;
  for (int a = i + 1, b = n - 1; a < b; a++, b--) {
    t = p[a];
    p[a] = p[b];
    p[b] = t;
  }
  return true;
}

static VPair map_pair(const CubesymGen *g, int n, VPair p) {
  uint32_t a = cubesym_apply(g, n, p.a), b = cubesym_apply(g, n, p.b);
  return a < b ? (VPair){a, b} : (VPair){b, a};
}
static bool same_pair(VPair p, VPair q) {
  return (p.a == q.a && p.b == q.b) || (p.a == q.b && p.b == q.a);
}

/* Aut(Q_n) as a list of generators-as-elements */
static GArray *all_automorphisms(int n) {
  GArray *all = g_array_new(FALSE, TRUE, sizeof(CubesymGen));
  CubesymGen g = {{0}, 0};
  for (int i = 0; i < n; i++) g.perm[i] = (uint8_t)i;
  do {
    for (uint32_t t = 0; t < (1u << n); t++) {
      g.t = t;
      g_array_append_val(all, g);
    }
  } while (next_perm(g.perm, n));
  return all;
}

static void test_orbits(void) {
  for (int n = 2; n <= 6; n++) {
    GArray *aut = all_automorphisms(n);
    VPair anchor[4];
    int depth = 0;
    while (depth < 3 && cubesym_anchor(n, depth + 1, &anchor[depth + 1])) depth++;
    g_assert_cmpint(depth, ==, n >= 5 ? 3 : n >= 3 ? 2 : 1);
    uint32_t nv = 1u << n;
    for (int i = 1; i <= depth; i++) {
      /* stabiliser of anchors 1..i-1, and the orbit of anchor i under it */
      GHashTable *orbit = g_hash_table_new(g_direct_hash, g_direct_equal);
      guint stab = 0;
      for (guint e = 0; e < aut->len; e++) {
        const CubesymGen *g = &g_array_index(aut, CubesymGen, e);
        bool fixes = true;
        for (int j = 1; j < i; j++) fixes &= same_pair(map_pair(g, n, anchor[j]), anchor[j]);
        if (!fixes) continue;
        stab++;
        VPair q = map_pair(g, n, anchor[i]);
        g_hash_table_add(orbit, GUINT_TO_POINTER(q.a * nv + q.b));
      }
      /* |Stab| from the header: Aut, then (n-1)! * 2, then (n-3)! */
      guint want = (guint)aut->len;
      if (i == 2) want = 2 * (guint)aut->len / (nv * (guint)n);
      if (i == 3) {
        want = 1;
        for (int f = 2; f <= n - 3; f++) want *= (guint)f;
      }
      g_assert_cmpuint(stab, ==, want);
      for (uint32_t a = 0; a < nv; a++)
        for (uint32_t b = a + 1; b < nv; b++) {
          bool in = g_hash_table_contains(orbit, GUINT_TO_POINTER(a * nv + b));
          g_assert_cmpint(in, ==, cubesym_in_orbit(n, i, (VPair){a, b}));
        }
      g_hash_table_destroy(orbit);
    }
    g_array_free(aut, TRUE);
  }
}

/* the value vector of the pair variables of cnf for a pairing, in the order
 * P1, P2, P3, then the others in cubesat's order */
static void order_vars(const CubesatCnf *c, int *order) {
  int m = 0;
  for (int i = 1; i <= 3; i++) {
    VPair p;
    if (cubesym_anchor(c->n, i, &p)) order[m++] = cubesat_var_of_pair(c, p.a, p.b);
  }
  int head = m;
  for (int v = 1; v <= c->npairvars; v++) {
    bool anchor = false;
    for (int i = 0; i < head; i++) anchor |= order[i] == v;
    if (!anchor) order[m++] = v;
  }
}

/* the SB clauses (all binary, appended after nclauses0) hold for the values
 * x[var] (pair variables only) */
static bool sb_holds(const CubesatCnf *c, size_t start, const uint8_t *x) {
  const int *l = (const int *)c->lits->data;
  for (size_t i = start; i < c->lits->len; i += 3) {
    g_assert_cmpint(l[i + 2], ==, 0);
    g_assert_cmpint(l[i], >, 0);
    g_assert_cmpint(l[i + 1], <, 0);
    if (!x[l[i]] && x[-l[i + 1]]) return false;
  }
  return true;
}

static void lexmax_check(int n, int k, bool edges, const GArray *pairing, const GArray *aut) {
  CubesatCnf *c = cubesat_encode(n, k, edges);
  size_t start = c->lits->len;
  cubesym_break(c, 3);
  int *order = g_new(int, c->npairvars);
  order_vars(c, order);
  uint8_t *best = g_new0(uint8_t, (size_t)c->npairvars + 1);
  uint8_t *x = g_new0(uint8_t, (size_t)c->npairvars + 1);
  bool first = true;
  for (guint e = 0; e < aut->len; e++) {
    const CubesymGen *g = &g_array_index(aut, CubesymGen, e);
    memset(x, 0, (size_t)c->npairvars + 1);
    for (guint i = 0; i < pairing->len; i++) {
      VPair q = map_pair(g, n, g_array_index(pairing, VPair, i));
      int v = cubesat_var_of_pair(c, q.a, q.b);
      g_assert_cmpint(v, >, 0);
      x[v] = 1;
    }
    int cmp = 0;
    for (int i = 0; i < c->npairvars && cmp == 0; i++) cmp = (int)x[order[i]] - (int)best[order[i]];
    if (first || cmp > 0) memcpy(best, x, (size_t)c->npairvars + 1);
    first = false;
  }
  g_assert_true(sb_holds(c, start, best));
  g_free(order);
  g_free(best);
  g_free(x);
  cubesat_cnf_free(c);
}

static void test_soundness_lexmax(void) {
  for (int n = 3; n <= 5; n++) {
    GArray *aut = all_automorphisms(n);
    for (int k = 2; k <= n; k++)
      for (int e = 0; e < 2; e++) {
        GArray *p = NULL;
        if (cubesat_solve(n, k, e, &p, NULL) != CUBESAT_SAT) continue;
        lexmax_check(n, k, e, p, aut);
        /* and the same for a few translates and relabellings of it */
        for (guint j = 1; j < aut->len; j += aut->len / 7) {
          GArray *q = g_array_new(FALSE, FALSE, sizeof(VPair));
          for (guint i = 0; i < p->len; i++) {
            VPair r = map_pair(&g_array_index(aut, CubesymGen, j), n, g_array_index(p, VPair, i));
            g_array_append_val(q, r);
          }
          lexmax_check(n, k, e, q, aut);
          g_array_free(q, TRUE);
        }
        g_array_free(p, TRUE);
      }
    g_array_free(aut, TRUE);
  }
}

static void test_not_vacuous(void) {
  /* a pairing of Q(4,2) translated so that {0,e1} is not a pair but an edge is */
  CubesatCnf *c = cubesat_encode(4, 2, true);
  size_t start = c->lits->len;
  size_t added = cubesym_break(c, 3);
  g_assert_cmpuint(added, >, 0);
  uint8_t *x = g_new0(uint8_t, (size_t)c->npairvars + 1);
  x[cubesat_var_of_pair(c, 2, 3)] = 1; /* {e2, e1+e2}: an edge, P1 unset */
  g_assert_false(sb_holds(c, start, x));
  x[cubesat_var_of_pair(c, 0, 1)] = 1;
  g_assert_true(sb_holds(c, start, x));
  g_free(x);
  cubesat_cnf_free(c);
}

static void test_same_answers(void) {
  for (int n = 2; n <= 6; n++)
    for (int k = 1; k <= n; k++)
      for (int e = 0; e < 2; e++) {
        int want = cubesat_solve(n, k, e, NULL, NULL);
        for (int depth = 1; depth <= 3; depth++) {
          CubesatCnf *c = cubesat_encode(n, k, e);
          cubesym_break(c, depth);
          uint8_t *model = g_new0(uint8_t, (size_t)c->nvars + 1);
          int got = satproof_solve((int *)c->lits->data, c->lits->len, c->nvars, NULL, model);
          g_assert_cmpint(got, ==, want);
          if (got == SATPROOF_SAT) {
            g_assert_true(satproof_satisfies((int *)c->lits->data, c->lits->len, model));
            GArray *p = g_array_new(FALSE, FALSE, sizeof(VPair));
            for (int v = 1; v <= c->npairvars; v++)
              if (model[v]) {
                VPair q = cubesat_pair_of_var(c, v);
                g_array_append_val(p, q);
              }
            g_assert_true(verified(n, k, p));
            /* P1 = {0, e1} is chosen whenever some edge is */
            bool edge = false;
            for (guint i = 0; i < p->len; i++) {
              VPair q = g_array_index(p, VPair, i);
              edge |= __builtin_popcount(q.a ^ q.b) == 1;
            }
            if (edge) g_assert_true(model[cubesat_var_of_pair(c, 0, 1)]);
            g_array_free(p, TRUE);
          }
          g_free(model);
          cubesat_cnf_free(c);
        }
      }
}

/* ---- invariant pairings --------------------------------------------------- */

static int solve_invariant(CubesymInvariant *inv, GArray **pairs) {
  const CubesatCnf *c = inv->cnf;
  uint8_t *model = g_new0(uint8_t, (size_t)c->nvars + 1);
  int r = satproof_solve((int *)c->lits->data, c->lits->len, c->nvars, NULL, model);
  *pairs = r == SATPROOF_SAT ? cubesym_invariant_expand(inv, model) : NULL;
  g_free(model);
  return r;
}

static void test_trivial_group(void) {
  for (int n = 2; n <= 5; n++)
    for (int k = 1; k <= n; k++)
      for (int maxd = 1; maxd <= k; maxd += k - 1 > 0 ? k - 1 : 1) {
        GError *err = NULL;
        CubesymInvariant *inv = cubesym_invariant_encode(n, k, maxd, NULL, 0, &err);
        g_assert_no_error(err);
        GArray *p = NULL;
        int r = solve_invariant(inv, &p);
        g_assert_cmpint(r, ==, cubesat_solve(n, k, maxd == 1, NULL, NULL));
        g_assert_cmpint(inv->vertex_orbits, ==, 1 << n);
        g_assert_cmpint(inv->inadmissible, ==, 0);
        if (p) {
          g_assert_true(verified(n, k, p));
          g_array_free(p, TRUE);
        }
        cubesym_invariant_free(inv);
      }
}

static bool invariant_under(int n, const GArray *p, const CubesymGen *g) {
  GHashTable *set = g_hash_table_new(g_direct_hash, g_direct_equal);
  for (guint i = 0; i < p->len; i++) {
    VPair q = g_array_index(p, VPair, i);
    g_hash_table_add(set, GUINT_TO_POINTER((q.a << n) | q.b));
  }
  bool ok = true;
  for (guint i = 0; i < p->len; i++) {
    VPair q = map_pair(g, n, g_array_index(p, VPair, i));
    ok &= g_hash_table_contains(set, GUINT_TO_POINTER((q.a << n) | q.b));
  }
  g_hash_table_destroy(set);
  return ok;
}

static void test_cyclic(void) {
  GError *err = NULL;
  GArray *g = cubesym_parse_gens("p=2,3,4,5,6,1", 6, &err);
  g_assert_no_error(err);
  for (int maxd = 1; maxd <= 3; maxd += 2) {
    CubesymInvariant *inv = cubesym_invariant_encode(6, 3, maxd, (CubesymGen *)g->data, 1, &err);
    g_assert_no_error(err);
    g_assert_cmpint(inv->vertex_orbits, <, 64);
    GArray *p = NULL;
    g_assert_cmpint(solve_invariant(inv, &p), ==, SATPROOF_SAT);
    g_assert_true(verified(6, 3, p));
    g_assert_true(invariant_under(6, p, &g_array_index(g, CubesymGen, 0)));
    /* a corrupted certificate is rejected: drop one pair */
    g_array_remove_index(p, p->len / 2);
    g_assert_false(verified(6, 3, p));
    g_array_free(p, TRUE);
    cubesym_invariant_free(inv);
  }
  /* the paper's strategy (3) is invariant under the same shift */
  GArray *s3 = bp_cyclic63();
  g_assert_true(invariant_under(6, s3, &g_array_index(g, CubesymGen, 0)));
  g_array_unref(s3);
  g_array_free(g, TRUE);
  /* Q(5,2) has no pairing at all, so none invariant under a shift */
  GArray *h = cubesym_parse_gens("p=2,3,4,5,1 t=11111", 5, &err);
  CubesymInvariant *inv = cubesym_invariant_encode(5, 2, 2, (CubesymGen *)h->data, 2, &err);
  GArray *p = NULL;
  g_assert_cmpint(solve_invariant(inv, &p), ==, SATPROOF_UNSAT);
  cubesym_invariant_free(inv);
  g_array_free(h, TRUE);
}

/* the named groups of HC16 give verified invariant pairings where HC16 uses
 * them; the Singer cycle has order 2^m - 1 on the nonzero coordinates */
static void test_named(void) {
  static const struct {
    int n, k;
    const char *name;
  } cases[] = {{7, 3, "cyclic"}, {8, 3, "rm1+singer"}, {10, 4, "cyclic+compl"}, {12, 4, "z11+compl"}};
  for (size_t c = 0; c < G_N_ELEMENTS(cases); c++) {
    GError *err = NULL;
    int n = cases[c].n, k = cases[c].k;
    GArray *g = cubesym_named_group(cases[c].name, n, &err);
    g_assert_no_error(err);
    CubesymInvariant *inv = cubesym_invariant_encode(n, k, 1, (CubesymGen *)g->data, g->len, &err);
    g_assert_no_error(err);
    GArray *p = NULL;
    g_assert_cmpint(solve_invariant(inv, &p), ==, SATPROOF_SAT);
    g_assert_true(verified(n, k, p));
    for (guint i = 0; i < g->len; i++) g_assert_true(invariant_under(n, p, &g_array_index(g, CubesymGen, i)));
    g_array_free(p, TRUE);
    cubesym_invariant_free(inv);
    g_array_free(g, TRUE);
  }
  for (int n = 4; n <= 16; n *= 2) {
    GError *err = NULL;
    GArray *g = cubesym_named_group("rm1+singer", n, &err);
    g_assert_no_error(err);
    const CubesymGen *singer = &g_array_index(g, CubesymGen, g->len - 1);
    g_assert_cmpint(singer->perm[0], ==, 0);
    int x = 1, order = 0;
    do {
      x = singer->perm[x];
      order++;
    } while (x != 1);
    g_assert_cmpint(order, ==, n - 1);
    g_array_free(g, TRUE);
  }
  GError *err = NULL;
  g_assert_null(cubesym_named_group("rm1+singer", 9, &err));
  g_clear_error(&err);
  g_assert_null(cubesym_named_group("z11+compl", 10, &err));
  g_clear_error(&err);
  g_assert_null(cubesym_named_group("nonsense", 8, &err));
  g_assert_error(err, PAIRING_ERROR, PAIRING_ERROR_RANGE);
  g_clear_error(&err);
}

/* the orbit of p under the group generated by gens, as a sorted array */
static GArray *orbit_of_pair(int n, const GArray *gens, VPair p) {
  GArray *o = g_array_new(FALSE, FALSE, sizeof(VPair));
  g_array_append_val(o, p);
  for (guint i = 0; i < o->len; i++)
    for (guint g = 0; g < gens->len; g++) {
      VPair q = map_pair(&g_array_index(gens, CubesymGen, g), n, g_array_index(o, VPair, i));
      bool seen = false;
      for (guint j = 0; j < o->len && !seen; j++) seen = same_pair(q, g_array_index(o, VPair, j));
      if (!seen) g_array_append_val(o, q);
    }
  return o;
}

static void test_reps(void) {
  static const struct {
    int n, k;
    const char *name;
  } cases[] = {{5, 3, "cyclic"}, {7, 3, "cyclic"}, {8, 3, "rm1+singer"}, {10, 4, "cyclic+compl"}};
  for (size_t c = 0; c < G_N_ELEMENTS(cases); c++) {
    GError *err = NULL;
    int n = cases[c].n, k = cases[c].k;
    GArray *g = cubesym_named_group(cases[c].name, n, &err);
    g_assert_no_error(err);
    CubesymInvariant *inv = cubesym_invariant_encode(n, k, 1, (CubesymGen *)g->data, g->len, &err);
    g_assert_no_error(err);
    uint8_t *model = g_new0(uint8_t, (size_t)inv->cnf->nvars + 1);
    g_assert_cmpint(satproof_solve((int *)inv->cnf->lits->data, inv->cnf->lits->len,
                                   inv->cnf->nvars, NULL, model), ==, SATPROOF_SAT);
    GArray *pairs = cubesym_invariant_expand(inv, model);
    GArray *reps = cubesym_invariant_reps(inv, model);
    bool *covered = g_new0(bool, pairs->len);
    guint total = 0;
    for (guint r = 0; r < reps->len; r++) {
      CubesymRep rep = g_array_index(reps, CubesymRep, r);
      if (r > 0) {
        VPair prev = g_array_index(reps, CubesymRep, r - 1).rep;
        g_assert_true(prev.a < rep.rep.a || (prev.a == rep.rep.a && prev.b < rep.rep.b));
      }
      GArray *o = orbit_of_pair(n, g, rep.rep);
      g_assert_cmpuint(o->len, ==, rep.size);
      total += o->len;
      for (guint j = 0; j < o->len; j++) {
        VPair q = g_array_index(o, VPair, j);
        g_assert_true(rep.rep.a < q.a || (rep.rep.a == q.a && rep.rep.b <= q.b)); /* least */
        guint at = pairs->len;
        for (guint i = 0; i < pairs->len; i++)
          if (same_pair(q, g_array_index(pairs, VPair, i))) at = i;
        g_assert_cmpuint(at, <, pairs->len);
        g_assert_false(covered[at]); /* orbits are disjoint */
        covered[at] = true;
      }
      g_array_free(o, TRUE);
    }
    g_assert_cmpuint(total, ==, pairs->len);
    g_free(covered);
    g_array_free(reps, TRUE);
    g_array_free(pairs, TRUE);
    g_free(model);
    cubesym_invariant_free(inv);
    g_array_free(g, TRUE);
  }
}

static void test_group_order(void) {
  GError *err = NULL;
  for (int n = 2; n <= 12; n++) {
    GArray *g = cubesym_named_group("cyclic", n, &err);
    g_assert_cmpuint(cubesym_group_order(n, (CubesymGen *)g->data, g->len, 1000), ==, n);
    g_array_free(g, TRUE);
    g = cubesym_named_group("cyclic+compl", n, &err);
    g_assert_cmpuint(cubesym_group_order(n, (CubesymGen *)g->data, g->len, 1000), ==, 2 * n);
    g_array_free(g, TRUE);
  }
  GArray *aut = all_automorphisms(3);
  g_assert_cmpuint(cubesym_group_order(3, (CubesymGen *)aut->data, aut->len, 1000), ==, 48);
  g_assert_cmpuint(cubesym_group_order(3, (CubesymGen *)aut->data, aut->len, 40), ==, 0);
  g_array_free(aut, TRUE);
  GArray *g = cubesym_named_group("z11+compl", 12, &err);
  g_assert_cmpuint(cubesym_group_order(12, (CubesymGen *)g->data, g->len, 1000), ==, 110);
  g_array_free(g, TRUE);
  g = cubesym_named_group("rm1+singer", 8, &err);
  g_assert_cmpuint(cubesym_group_order(8, (CubesymGen *)g->data, g->len, 1000), ==, 112);
  g_array_free(g, TRUE);
  g_assert_no_error(err);
  g_assert_cmpuint(cubesym_group_order(5, NULL, 0, 10), ==, 1);
}

static void test_errors(void) {
  GError *err = NULL;
  g_assert_null(cubesym_parse_gens("t=0101", 5, &err));
  g_assert_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT);
  g_clear_error(&err);
  g_assert_null(cubesym_parse_gens("p=1,1,2", 3, &err));
  g_clear_error(&err);
  g_assert_null(cubesym_parse_gens("q=1", 3, &err));
  g_clear_error(&err);
  CubesymGen bad = {{0, 0, 1}, 0};
  g_assert_null(cubesym_invariant_encode(3, 2, 2, &bad, 1, &err));
  g_clear_error(&err);
  g_assert_null(cubesym_invariant_encode(24, 12, 12, NULL, 0, &err));
  g_clear_error(&err);
  g_assert_null(cubesym_invariant_encode(3, 4, 1, NULL, 0, &err));
  g_clear_error(&err);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/cubesym/orbits", test_orbits);
  g_test_add_func("/cubesym/soundness-lexmax", test_soundness_lexmax);
  g_test_add_func("/cubesym/not-vacuous", test_not_vacuous);
  g_test_add_func("/cubesym/same-answers", test_same_answers);
  g_test_add_func("/cubesym/trivial-group", test_trivial_group);
  g_test_add_func("/cubesym/cyclic", test_cyclic);
  g_test_add_func("/cubesym/named", test_named);
  g_test_add_func("/cubesym/reps", test_reps);
  g_test_add_func("/cubesym/group-order", test_group_order);
  g_test_add_func("/cubesym/errors", test_errors);
  return g_test_run();
}
