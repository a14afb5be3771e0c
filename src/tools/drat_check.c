/* drat-check — check a DRAT refutation with our own checker (src/solvers/drat.h).
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

#include "solvers/drat.h"
#include "plumbing/input.h"
#include "plumbing/output.h"

static int fail(const char *what) {
  in_error_line("drat-check", what);
  return 2;
}

static int run(int argc, char **argv) {
  if (argc != 3) return fail("give a DIMACS formula and a DRAT proof (usage: drat-check FORMULA PROOF)");
  gchar *cnf = NULL, *proof = NULL;
  GError *err = NULL;
  if (!(cnf = in_read(argv[1], IN_MAX_FILE, IN_MAX_LINE, &err)) ||
      !(proof = in_read(argv[2], IN_MAX_FILE, IN_MAX_LINE, &err))) {
    int rc = fail(err->message);
    g_error_free(err);
    g_free(cnf);
    return rc;
  }
  int nvars;
  const char *why = NULL;
  GArray *lits = drat_read_dimacs(cnf, &nvars, &why);
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

/* the verdict must reach standard output: a write error there is exit 3 */
int main(int argc, char **argv) { return out_stdout_status("drat-check", run(argc, argv)); }
