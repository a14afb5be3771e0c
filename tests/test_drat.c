/* Unit tests for src/solvers/drat.c: hand-made proofs (RUP, RAT with an extension
 * variable, deletions that change the verdict, malformed text, proofs that
 * stop early); and tree-resolution proofs produced by a small DPLL in this
 * file for random unsatisfiable 3-CNF, which must verify, while the same
 * proofs against a satisfiable formula (one clause dropped) and truncated
 * proofs must be rejected. */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/drat.h"

static DratResult check(const int *cnf, size_t len, int nvars, const char *proof) {
  GError *err = NULL;
  DratResult r = drat_check(cnf, len, nvars, proof, NULL, &err);
  g_assert_true((r == DRAT_VERIFIED) == (err == NULL));
  g_clear_error(&err);
  return r;
}

static const int F1[] = {1, 2, 0, 1, -2, 0, -1, 2, 0, -1, -2, 0};

static void test_handmade(void) {
  size_t n1 = G_N_ELEMENTS(F1);
  g_assert_cmpint(check(F1, n1, 2, "1 0\n0\n"), ==, DRAT_VERIFIED);
  g_assert_cmpint(check(F1, n1, 2, "c a comment\n\n1 0\n"), ==, DRAT_VERIFIED); /* unit 1 refutes */
  g_assert_cmpint(check(F1, n1, 2, "0\n"), ==, DRAT_REJECTED);                 /* not RUP yet */
  g_assert_cmpint(check(F1, n1, 2, ""), ==, DRAT_REJECTED);
  g_assert_cmpint(check(F1, n1, 2, "3 0\n0\n"), ==, DRAT_REJECTED); /* 3 is RAT, the end is not */
  g_assert_cmpint(check(F1, n1, 2, "1 x 0\n"), ==, DRAT_MALFORMED);
  /* RAT on a fresh variable, then a RUP step */
  DratStats st;
  GError *err = NULL;
  g_assert_cmpint(drat_check(F1, n1, 2, "3 0\n1 0\n0\n", &st, &err), ==, DRAT_VERIFIED);
  g_assert_cmpuint(st.rat_lemmas, ==, 1);
  g_assert_cmpuint(st.lemmas, ==, 2); /* the unit 1 already refutes by propagation */
  /* deleting (1 2) makes the lemma 1 neither RUP nor RAT */
  g_assert_cmpint(check(F1, n1, 2, "d 1 2 0\n1 0\n0\n"), ==, DRAT_REJECTED);
  /* F1 without any one clause is satisfiable: -2 is still RUP, the end is not */
  g_assert_cmpint(check(F1, n1, 2, "d 2 1 0\n-2 0\n0\n"), ==, DRAT_REJECTED);
  g_assert_cmpint(check(F1, n1, 2, "d 5 6 0\n1 0\n0\n"), ==, DRAT_REJECTED);
  /* a formula refuted by propagation alone needs no proof */
  static const int F2[] = {1, 0, -1, 2, 0, -2, 0};
  g_assert_cmpint(check(F2, G_N_ELEMENTS(F2), 2, ""), ==, DRAT_VERIFIED);
  /* a satisfiable formula is never refuted: -1 is not RAT on (1 2) */
  static const int F3[] = {1, 2, 0};
  g_assert_cmpint(check(F3, G_N_ELEMENTS(F3), 2, "-1 0\n0\n"), ==, DRAT_REJECTED);
}

/* ---- a tiny DPLL that writes a tree-resolution (RUP) proof ---- */
typedef struct {
  const int *cnf;
  size_t len;
  int nvars;
  GString *proof;
} Dpll;

/* value of literal under a (1 true, -1 false, 0 free) */
static int lv(const int *a, int l) { return l > 0 ? a[l] : -a[-l]; }

/* propagate to fixpoint; false on conflict */
static gboolean unitprop(const Dpll *p, int *a) {
  for (gboolean changed = TRUE; changed;) {
    changed = FALSE;
    for (size_t i = 0, s = 0; i < p->len; i++) {
      if (p->cnf[i]) continue;
      int free = 0, last = 0;
      gboolean sat = FALSE;
      for (size_t k = s; k < i; k++) {
        int v = lv(a, p->cnf[k]);
        sat |= v == 1;
        if (v == 0 && p->cnf[k] != last) free++, last = p->cnf[k]; /* repeats count once */
      }
      s = i + 1;
      if (sat) continue;
      if (free == 0) return FALSE;
      if (free == 1) a[abs(last)] = last > 0 ? 1 : -1, changed = TRUE;
    }
  }
  return TRUE;
}

/* true if refuted under the decisions dec[0..nd); writes lemmas post-order */
static gboolean dpll(Dpll *p, int *dec, int nd) {
  int *a = g_new0(int, p->nvars + 1);
  for (int i = 0; i < nd; i++) a[abs(dec[i])] = dec[i] > 0 ? 1 : -1;
  gboolean ok = unitprop(p, a), refuted;
  int x = 0;
  for (int v = 1; v <= p->nvars && ok && !x; v++)
    if (!a[v]) x = v;
  g_free(a);
  if (!ok) refuted = TRUE;
  else if (!x) refuted = FALSE; /* a model */
  else {
    dec[nd] = x;
    refuted = dpll(p, dec, nd + 1);
    if (refuted) {
      dec[nd] = -x;
      refuted = dpll(p, dec, nd + 1);
    }
  }
  if (refuted) { /* the clause "not all these decisions" */
    for (int i = 0; i < nd; i++) g_string_append_printf(p->proof, "%d ", -dec[i]);
    g_string_append(p->proof, "0\n");
  }
  return refuted;
}

static void test_dpll_proofs(void) {
  GRand *r = g_rand_new_with_seed(7);
  int unsat = 0, truncated = 0;
  for (int round = 0; round < 200; round++) {
    int nv = g_rand_int_range(r, 4, 11), nc = (int)(nv * 5.5);
    GArray *f = g_array_new(FALSE, FALSE, sizeof(int));
    for (int c = 0; c < nc; c++) {
      for (int k = 0; k < 3; k++) {
        int l = g_rand_int_range(r, 1, nv + 1) * (g_rand_boolean(r) ? 1 : -1);
        g_array_append_val(f, l);
      }
      int z = 0;
      g_array_append_val(f, z);
    }
    Dpll p = {(const int *)f->data, f->len, nv, g_string_new("")};
    int *dec = g_new(int, nv + 1);
    gboolean refuted = dpll(&p, dec, 0);
    g_free(dec);
    if (refuted) {
      unsat++;
      g_assert_cmpint(check(p.cnf, p.len, nv, p.proof->str), ==, DRAT_VERIFIED);
      /* the same proof cannot refute a satisfiable weakening: drop clauses
       * until the DPLL finds a model, then check */
      GArray *g = g_array_copy(f);
      for (;;) {
        guint s = 0; /* drop the first clause */
        while (g_array_index(g, int, s) != 0) s++;
        g_array_remove_range(g, 0, s + 1);
        Dpll q = {(const int *)g->data, g->len, nv, g_string_new("")};
        int *d2 = g_new(int, nv + 1);
        gboolean still = dpll(&q, d2, 0);
        g_free(d2);
        g_string_free(q.proof, TRUE);
        if (!still) break;
      }
      g_assert_cmpint(check((const int *)g->data, g->len, nv, p.proof->str), !=, DRAT_VERIFIED);
      g_array_free(g, TRUE);
      /* keep only the refutation of the first decision's left branch (up to
       * the unit lemma -x): the database is then F, those lemmas and -x, which
       * is not refuted unless propagation from F and -x already conflicts */
      int x = 1;
      int *a0 = g_new0(int, nv + 1);
      if (!unitprop(&p, a0)) x = 0; /* refuted by propagation: no decision made */
      while (x && a0[x]) x++;       /* else the DPLL's first decision */
      g_free(a0);
      char *unit = g_strdup_printf("\n%d 0\n", x ? -x : nv + 1);
      char *at = strstr(p.proof->str, unit);
      if (at) {
        char *cut = g_strndup(p.proof->str, (gsize)(at - p.proof->str) + strlen(unit));
        int *a = g_new0(int, nv + 1);
        a[x] = -1; /* x != 0 here: the unit line was found */
        gboolean closes = !unitprop(&p, a);
        g_free(a);
        if (!closes) {
          g_assert_cmpint(check(p.cnf, p.len, nv, cut), ==, DRAT_REJECTED);
          truncated++;
        }
        g_free(cut);
      }
      g_free(unit);
    }
    g_string_free(p.proof, TRUE);
    g_array_free(f, TRUE);
  }
  g_assert_cmpint(unsat, >, 50);
  g_assert_cmpint(truncated, >, 10);
  g_rand_free(r);
}

/* the DIMACS reader drat-check uses */
static void test_dimacs(void) {
  int nv;
  const char *why = NULL;
  GArray *a = drat_read_dimacs("c hi\np cnf 2 4\n1 2 0\n1 -2 0 -1\t2 0\r\n-1 -2 0\n", &nv, &why);
  g_assert_nonnull(a);
  g_assert_cmpint(nv, ==, 2);
  g_assert_cmpmem(a->data, a->len * sizeof(int), F1, sizeof F1);
  g_assert_cmpint(check((int *)a->data, a->len, nv, "1 0\n0\n"), ==, DRAT_VERIFIED);
  g_array_free(a, TRUE);
  const char *bad[] = {"", "c only\n", "1 0\n", "p cnf 1 1\np cnf 1 1\n1 0\n", "p cnf 1 1\n2 0\n",
                       "p cnf 1 1\n1\n", "p cnf 1 2\n1 0\n", "p cnf 536870912 0\n",
                       "p cnf 1 1\n1x 0\n", "p cnf 1 1\n-9223372036854775809 0\n", "p cnf 2 1 junk\n1 0\n",
                       "p cnf 3 1\n4294967297 0\n"};
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
    why = NULL;
    g_assert_null(drat_read_dimacs(bad[i], &nv, &why));
    g_assert_nonnull(why);
    g_assert_null(strchr(why, '\n'));
  }
}

/* issue 26, defect 13: a lemma repeated k times cost O(k^2) (every copy got
 * its own watches, scanned at every propagation); copies keep the DRAT
 * meaning: each deletion removes one */
static void test_repeated_lemmas(void) {
  size_t n1 = G_N_ELEMENTS(F1);
  /* (1 2) is in F1: three more copies, then four deletions leave none, a fifth is an error */
  g_assert_cmpint(check(F1, n1, 2, "1 2 0\n2 1 0\n1 2 2 0\nd 1 2 0\nd 2 1 0\nd 1 2 0\nd 1 2 0\n1 0\n0\n"), ==,
                  DRAT_REJECTED); /* (1 2) gone: lemma 1 is neither RUP nor RAT */
  g_assert_cmpint(check(F1, n1, 2, "1 2 0\n2 1 0\nd 1 2 0\nd 2 1 0\n1 0\n0\n"), ==, DRAT_VERIFIED);
  g_assert_cmpint(check(F1, n1, 2, "1 2 0\nd 1 2 0\nd 1 2 0\nd 1 2 0\n1 0\n"), ==, DRAT_REJECTED);
  GString *p = g_string_new(NULL);
  for (int i = 0; i < 200000; i++) g_string_append(p, i % 2 ? "1 2 0\n" : "-1 2 0\n");
  for (int i = 0; i < 1000; i++) g_string_append(p, "d 2 1 0\n");
  g_string_append(p, "2 0\n0\n");
  GTimer *t = g_timer_new();
  DratStats st;
  GError *err = NULL;
  g_assert_cmpint(drat_check(F1, n1, 2, p->str, &st, &err), ==, DRAT_VERIFIED);
  g_assert_cmpuint(st.lemmas, ==, 200001);
  g_assert_cmpuint(st.deletions, ==, 1000);
  double secs = g_timer_elapsed(t, NULL);
  g_assert_cmpfloat(secs, <, 5.0); /* about 0.1 s; the quadratic version took minutes */
  g_timer_destroy(t);
  g_string_free(p, TRUE);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/drat/dimacs", test_dimacs);
  g_test_add_func("/drat/handmade", test_handmade);
  g_test_add_func("/drat/dpll-proofs", test_dpll_proofs);
  g_test_add_func("/drat/repeated-lemmas", test_repeated_lemmas);
  return g_test_run();
}
