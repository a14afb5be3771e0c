/* Unit tests for src/solvers/satproof.cc: CaDiCaL's DRAT output goes through our own
 * checker (drat.h).  Pigeonhole formulas PHP(p, h) (p pigeons, h holes) are
 * unsatisfiable exactly when p > h: the proofs of PHP(h+1, h) must verify,
 * the same proofs must be rejected against PHP(h, h) (satisfiable: it is the
 * formula with the last pigeon removed), and an empty proof must be rejected
 * (unit propagation alone does not refute PHP); the models of
 * satisfiable instances are evaluated clause by clause; malformed input is
 * refused before the solver sees it. */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/drat.h"
#include "solvers/satproof.h"

/* pigeon i in hole j is variable i*h + j + 1 */
static GArray *php(int p, int h) {
  GArray *a = g_array_new(FALSE, FALSE, sizeof(int));
  for (int i = 0; i < p; i++) {
    for (int j = 0; j < h; j++) {
      int v = i * h + j + 1;
      g_array_append_val(a, v);
    }
    int z = 0;
    g_array_append_val(a, z);
  }
  for (int j = 0; j < h; j++)
    for (int i = 0; i < p; i++)
      for (int k = i + 1; k < p; k++) {
        int c[3] = {-(i * h + j + 1), -(k * h + j + 1), 0};
        g_array_append_vals(a, c, 3);
      }
  return a;
}

static char *solve_with_proof(GArray *f, int nvars, int *code) {
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  g_assert_nonnull(m);
  *code = satproof_solve((int *)f->data, f->len, nvars, m, NULL);
  fclose(m);
  return buf;
}

static void test_php_proofs(void) {
  for (int h = 2; h <= 6; h++) {
    GArray *f = php(h + 1, h), *g = php(h, h);
    int nv = (h + 1) * h, code;
    char *proof = solve_with_proof(f, nv, &code);
    g_assert_cmpint(code, ==, SATPROOF_UNSAT);
    GError *err = NULL;
    DratStats st;
    g_assert_cmpint(drat_check((int *)f->data, f->len, nv, proof, &st, &err), ==, DRAT_VERIFIED);
    g_assert_no_error(err);
    /* the satisfiable PHP(h, h) (variables of the last pigeon unused) */
    g_assert_cmpint(drat_check((int *)g->data, g->len, nv, proof, NULL, &err), ==, DRAT_REJECTED);
    g_clear_error(&err);
    /* PHP is not refuted by unit propagation: an empty proof is rejected */
    g_assert_cmpint(drat_check((int *)f->data, f->len, nv, "", NULL, &err), ==, DRAT_REJECTED);
    g_clear_error(&err);
    g_assert_cmpuint(st.lemmas, >, 0);
    free(proof);
    g_array_free(f, TRUE);
    g_array_free(g, TRUE);
  }
}

static void test_models(void) {
  for (int h = 1; h <= 6; h++) {
    GArray *f = php(h, h);
    int nv = h * h;
    uint8_t *model = g_new0(uint8_t, nv + 1);
    g_assert_cmpint(satproof_solve((int *)f->data, f->len, nv, NULL, model), ==, SATPROOF_SAT);
    g_assert_true(satproof_satisfies((int *)f->data, f->len, model));
    /* the evaluator is not trivially true: all-false violates the pigeon clauses */
    uint8_t *zero = g_new0(uint8_t, nv + 1);
    g_assert_false(satproof_satisfies((int *)f->data, f->len, zero));
    g_free(zero);
    g_free(model);
    g_array_free(f, TRUE);
  }
}

/* a budget of 10 conflicts cannot refute PHP(9, 8): the answer is 0, twice */
static void test_budget(void) {
  GArray *f = php(9, 8);
  for (int run = 0; run < 2; run++)
    g_assert_cmpint(satproof_solve_limited((int *)f->data, f->len, 9 * 8, 10, NULL, NULL), ==, 0);
  g_array_free(f, TRUE);
}

static void test_malformed(void) {
  const int missing_zero[] = {1, 2};
  const int beyond[] = {1, 3, 0};
  g_assert_cmpint(satproof_solve(missing_zero, 2, 2, NULL, NULL), ==, -1);
  g_assert_cmpint(satproof_solve(beyond, 3, 2, NULL, NULL), ==, -1);
  const int empty_clause[] = {0};
  g_assert_cmpint(satproof_solve(empty_clause, 1, 1, NULL, NULL), ==, SATPROOF_UNSAT);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/satproof/php-proofs", test_php_proofs);
  g_test_add_func("/satproof/models", test_models);
  g_test_add_func("/satproof/budget", test_budget);
  g_test_add_func("/satproof/malformed", test_malformed);
  return g_test_run();
}
