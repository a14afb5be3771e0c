/* drat-check — check a DRAT refutation with our own checker (src/drat.h).
 *
 *   drat-check FORMULA.cnf PROOF.drat
 *
 * FORMULA is DIMACS CNF ("c" comment lines, one "p cnf V C" line, then C
 * clauses, each ended by 0); PROOF is text DRAT, as CaDiCaL writes it and
 * hypercube-pnew --certs saves it.  Exit 0 and one line "verified: ..." if
 * the proof refutes the formula; 1 and "rejected: <the step and why>" if not;
 * 2, with one line, for bad arguments, an unreadable file, a malformed
 * formula (a literal beyond V, a clause count that is not C, a missing final
 * 0) or a malformed proof. */
#include <glib.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drat.h"

static int fail(const char *what) {
  fprintf(stderr, "drat-check: %s\n", what);
  return 2;
}

/* DIMACS -> flat clause list; NULL (and *why) on malformed input */
static GArray *read_dimacs(const char *text, int *nvars, const char **why) {
  GArray *lits = g_array_new(FALSE, FALSE, sizeof(int));
  long declared = -1, clauses = 0;
  bool open = false;
  const char *p = text;
  *nvars = -1;
  while (*p) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
    if (!*p) break;
    if (*p == 'c') {
      while (*p && *p != '\n') p++;
      continue;
    }
    if (*p == 'p') {
      int v;
      long c;
      if (*nvars >= 0 || sscanf(p, "p cnf %d %ld", &v, &c) != 2 || v < 0 || c < 0) {
        *why = "bad or repeated 'p cnf' line";
        goto bad;
      }
      *nvars = v;
      declared = c;
      while (*p && *p != '\n') p++;
      continue;
    }
    if (*nvars < 0) {
      *why = "clause before the 'p cnf' line";
      goto bad;
    }
    char *end;
    long l = strtol(p, &end, 10);
    if (end == p || l > *nvars || l < -*nvars) {
      *why = "a literal that is not a number or is beyond the declared variables";
      goto bad;
    }
    p = end;
    int li = (int)l;
    g_array_append_val(lits, li);
    if (li == 0) {
      clauses++;
      open = false;
    } else {
      open = true;
    }
  }
  if (*nvars < 0) *why = "no 'p cnf' line";
  else if (open) *why = "the last clause has no final 0";
  else if (clauses != declared) *why = "the number of clauses differs from the 'p cnf' line";
  else return lits;
bad:
  g_array_free(lits, TRUE);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 3) return fail("give a DIMACS formula and a DRAT proof (usage: drat-check FORMULA PROOF)");
  gchar *cnf = NULL, *proof = NULL;
  GError *err = NULL;
  if (!g_file_get_contents(argv[1], &cnf, NULL, &err) ||
      !g_file_get_contents(argv[2], &proof, NULL, &err)) {
    int rc = fail(err->message);
    g_error_free(err);
    g_free(cnf);
    return rc;
  }
  int nvars;
  const char *why = NULL;
  GArray *lits = read_dimacs(cnf, &nvars, &why);
  g_free(cnf);
  if (!lits) {
    g_free(proof);
    char msg[256];
    snprintf(msg, sizeof msg, "%s: %s", argv[1], why);
    return fail(msg);
  }
  DratStats st;
  DratResult r = drat_check((int *)lits->data, lits->len, nvars, proof, &st, &err);
  g_free(proof);
  g_array_free(lits, TRUE);
  if (r == DRAT_MALFORMED) {
    char msg[512];
    snprintf(msg, sizeof msg, "%s: %s", argv[2], err ? err->message : "malformed proof");
    g_clear_error(&err);
    return fail(msg);
  }
  if (r == DRAT_VERIFIED)
    printf("verified: the proof refutes the formula (%llu lemmas, %llu RAT, %llu deletions)\n",
           (unsigned long long)st.lemmas, (unsigned long long)st.rat_lemmas,
           (unsigned long long)st.deletions);
  else
    printf("rejected: %s\n", err ? err->message : "the formula is not refuted");
  g_clear_error(&err);
  return r == DRAT_VERIFIED ? 0 : 1;
}
