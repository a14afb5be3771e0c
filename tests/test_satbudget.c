/* Unit tests for src/satbudget.cc: the budgeted CaDiCaL call.
 *   - unlimited: pigeonhole PHP(h+1, h) is refuted and its DRAT proof passes
 *     drat_check (drat.h), the same proof is rejected against the
 *     satisfiable PHP(h, h); PHP(h, h) gets a model that satisfies it;
 *   - a budget too small for PHP(8, 7) gives UNKNOWN, and the answer (with
 *     its budget) is the same on every run;
 *   - malformed input is refused. */
#include <glib.h>
#include <stdlib.h>

#include "drat.h"
#include "satbudget.h"
#include "satproof.h"

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

static void test_unlimited(void) {
  for (int h = 2; h <= 5; h++) {
    GArray *f = php(h + 1, h), *g = php(h, h);
    int nv = (h + 1) * h;
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    SatbudgetStats st;
    g_assert_cmpint(satbudget_solve((int *)f->data, f->len, nv, -1, m, NULL, &st), ==,
                    SATBUDGET_UNSAT);
    fclose(m);
    g_assert_cmpfloat(st.seconds, >=, 0);
    GError *err = NULL;
    g_assert_cmpint(drat_check((int *)f->data, f->len, nv, buf, NULL, &err), ==, DRAT_VERIFIED);
    g_assert_cmpint(drat_check((int *)g->data, g->len, nv, buf, NULL, &err), ==, DRAT_REJECTED);
    g_clear_error(&err);
    free(buf);
    uint8_t *model = g_new0(uint8_t, (size_t)nv + 1);
    g_assert_cmpint(satbudget_solve((int *)g->data, g->len, h * h, -1, NULL, model, NULL), ==,
                    SATBUDGET_SAT);
    g_assert_true(satproof_satisfies((int *)g->data, g->len, model));
    g_free(model);
    g_array_free(f, TRUE);
    g_array_free(g, TRUE);
  }
}

static void test_budget(void) {
  GArray *f = php(9, 8);
  int nv = 9 * 8;
  for (int run = 0; run < 2; run++)
    g_assert_cmpint(satbudget_solve((int *)f->data, f->len, nv, 10, NULL, NULL, NULL), ==,
                    SATBUDGET_UNKNOWN);
  g_array_free(f, TRUE);
}

static void test_malformed(void) {
  const int missing_zero[] = {1, 2};
  const int beyond[] = {1, 3, 0};
  g_assert_cmpint(satbudget_solve(missing_zero, 2, 2, -1, NULL, NULL, NULL), ==, -1);
  g_assert_cmpint(satbudget_solve(beyond, 3, 2, -1, NULL, NULL, NULL), ==, -1);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/satbudget/unlimited", test_unlimited);
  g_test_add_func("/satbudget/budget", test_budget);
  g_test_add_func("/satbudget/malformed", test_malformed);
  return g_test_run();
}
