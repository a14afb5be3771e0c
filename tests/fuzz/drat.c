/* Harness: drat-check's readers (src/drat.c drat_read_dimacs, drat_check).
 * Input: the CNF formula, a NUL byte, the DRAT proof (both read as text, as
 * drat-check reads its two files).
 * Properties: a formula read has only literals within its variables and
 * ends each clause with 0; a proof VERIFIED refutes the formula for real:
 * when the formula has at most 16 distinct variables, no assignment of them
 * satisfies it (brute force).  Error messages are one line. */
#include <string.h>

#include "solvers/drat.h"
#include "fuzz.h"
#include "plumbing/input.h"

/* true iff some assignment satisfies the formula, its variables renumbered
 * 1..nv */
static bool satisfiable(const int *lits, size_t n, int nv) {
  for (uint32_t a = 0; a < (1u << nv); a++) {
    bool all = true, sat = false;
    for (size_t i = 0; i < n && all; i++) {
      int l = lits[i];
      if (l == 0) {
        all = sat;
        sat = false;
        continue;
      }
      int v = (l > 0 ? l : -l) - 1;
      if (((a >> v) & 1) == (l > 0)) sat = true;
    }
    if (all) return true;
  }
  return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const uint8_t *nul = memchr(data, 0, size);
  size_t clen = nul ? (size_t)(nul - data) : size;
  const char *ptext = nul ? (const char *)nul + 1 : "";
  size_t plen = nul ? size - clen - 1 : 0;
  GError *err = NULL;
  if (!in_check_text((const char *)data, clen, IN_MAX_LINE, &err) ||
      !in_check_text(ptext, plen, IN_MAX_LINE, &err)) { /* in_read refuses it */
    g_error_free(err);
    return 0;
  }
  char *cnf = g_strndup((const char *)data, clen), *proof = g_strndup(ptext, plen);
  int nvars;
  const char *why = NULL;
  GArray *lits = drat_read_dimacs(cnf, &nvars, &why);
  g_free(cnf);
  if (!lits) {
    FUZZ_ASSERT(why && strchr(why, '\n') == NULL);
    g_free(proof);
    return 0;
  }
  const int *l = (const int *)lits->data;
  FUZZ_ASSERT(nvars >= 0 && (lits->len == 0 || l[lits->len - 1] == 0));
  for (guint i = 0; i < lits->len; i++) FUZZ_ASSERT(l[i] >= -nvars && l[i] <= nvars);
  DratStats st;
  DratResult r = drat_check(l, lits->len, nvars, proof, &st, &err);
  g_free(proof);
  FUZZ_ASSERT(r == DRAT_VERIFIED || r == DRAT_REJECTED || r == DRAT_MALFORMED);
  if (err) FUZZ_ASSERT(strchr(err->message, '\n') == NULL);
  g_clear_error(&err);
  if (r == DRAT_VERIFIED) { /* soundness: the formula must be unsatisfiable */
    GHashTable *ids = g_hash_table_new(NULL, NULL);
    for (guint i = 0; i < lits->len; i++) {
      int v = l[i] > 0 ? l[i] : -l[i];
      if (v && !g_hash_table_contains(ids, GINT_TO_POINTER(v)))
        g_hash_table_insert(ids, GINT_TO_POINTER(v), GINT_TO_POINTER(g_hash_table_size(ids)));
    }
    int nv = (int)g_hash_table_size(ids);
    if (nv <= 16) {
      int *dense = g_new(int, lits->len + 1);
      for (guint i = 0; i < lits->len; i++) {
        int v = 1 + GPOINTER_TO_INT(g_hash_table_lookup(ids, GINT_TO_POINTER(l[i] > 0 ? l[i] : -l[i])));
        dense[i] = l[i] > 0 ? v : l[i] < 0 ? -v : 0;
      }
      FUZZ_ASSERT(!satisfiable(dense, lits->len, nv));
      g_free(dense);
    }
    g_hash_table_destroy(ids);
  }
  g_array_free(lits, TRUE);
  return 0;
}
