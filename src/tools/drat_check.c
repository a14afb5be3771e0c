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

static int fail(const char *what) {
  in_error_line("drat-check", what);
  return 2;
}

static bool space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* DIMACS -> flat clause list; NULL (and *why) on malformed input.  Numbers
 * are read in 64 bits against explicit limits (input.h): at most 2^29 - 1
 * variables, literals within the declared variables. */
static GArray *read_dimacs(const char *text, int *nvars, const char **why) {
  GArray *lits = g_array_new(FALSE, FALSE, sizeof(int));
  int64_t declared = -1, clauses = 0;
  bool open = false;
  const char *p = text;
  *nvars = -1;
  while (*p) {
    while (space(*p) || *p == '\n') p++;
    if (!*p) break;
    if (*p == 'c') {
      while (*p && *p != '\n') p++;
      continue;
    }
    if (*p == 'p') {
      int64_t v, c;
      const char *q = p + 1;
      bool ok = *nvars < 0 && space(*q);
      while (ok && space(*q)) q++;
      ok = ok && strncmp(q, "cnf", 3) == 0 && space(q[3]);
      if (ok) q += 3;
      while (ok && space(*q)) q++;
      ok = ok && in_scan_int64(&q, 0, G_MAXINT / 4, &v) && space(*q);
      while (ok && space(*q)) q++;
      ok = ok && in_scan_int64(&q, 0, INT64_MAX, &c);
      while (ok && space(*q)) q++;
      if (!ok || (*q && *q != '\n')) {
        *why = "bad or repeated 'p cnf' line (at most 536870911 variables)";
        goto bad;
      }
      *nvars = (int)v;
      declared = c;
      p = q;
      continue;
    }
    if (*nvars < 0) {
      *why = "clause before the 'p cnf' line";
      goto bad;
    }
    int64_t l;
    if (!in_scan_int64(&p, -*nvars, *nvars, &l) || (*p && !space(*p) && *p != '\n')) {
      *why = "a literal that is not a number or is beyond the declared variables";
      goto bad;
    }
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
  if (!(cnf = in_read(argv[1], IN_MAX_FILE, IN_MAX_LINE, &err)) ||
      !(proof = in_read(argv[2], IN_MAX_FILE, IN_MAX_LINE, &err))) {
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
