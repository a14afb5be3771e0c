/* certcheck.c — the independent certificate checker (see certcheck.h):
 * the certificate's header against the spec, then the checker's own board
 * (certcheck_board.c) and the check of the certificate's kind
 * (certcheck_pairing.c, certcheck_strategy.c; certcheck_int.h lists the
 * files).  It uses boardspec.h only for the spec's parameters. */
#include "solve/certcheck.h"

#include <stdlib.h>
#include <string.h>

#include "game/boardspec.h"
#include "plumbing/input.h"
#include "solve/certcheck_int.h"
#include "solve/certtok.h"

CcResult cc_check(const char *spec, const char *cert, CcReport *rep, char **why) {
  CcReport dummy;
  if (!rep) rep = &dummy;
  memset(rep, 0, sizeof *rep);
  *why = NULL;
  CcResult res = CC_VALID;
  BsSpec sp;
  GError *e = NULL;
  if (!bs_spec_parse(spec, &sp, &e)) {
    *why = g_strdup(e->message);
    g_error_free(e);
    return CC_MALFORMED;
  }
  if (!in_check_text(cert, strlen(cert), IN_MAX_LINE, &e)) {
    *why = g_strdup_printf("certificate: %s", e->message);
    g_error_free(e);
    bs_spec_clear(&sp);
    return CC_MALFORMED;
  }
  CcBoard B;
  cb_init(&B);
  g_auto(GStrv) lines = g_strsplit(cert, "\n", -1);
  char *canon = NULL;
  char *bwhy = NULL;
  /* the header first, against the spec's own counts, so that junk or a
   * certificate of another board is refused before a large board is
   * enumerated (check 64^3 junk took a minute) */
  {
    bool strategy = g_str_has_prefix(cert, "makerbreaker strategy 1\n");
    if (!strategy && !g_str_has_prefix(cert, "makerbreaker certificate 1\n")) {
      g_autofree char *s = in_escape(lines[0] ? lines[0] : "", 60);
      BAD(CC_MALFORMED, "certificate line 1: want 'makerbreaker certificate 1' or 'makerbreaker strategy 1', not '%s'", s);
    }
    canon = bs_spec_canonical(&sp);
    if (!lines[1] || !g_str_has_prefix(lines[1], "board ")) BAD(CC_MALFORMED, "certificate line 2: want 'board ...'");
    if (sp.kind == BS_FILE ? !g_str_has_prefix(lines[1] + 6, "file:")
        : sp.kind == BS_PG ? !g_str_has_prefix(lines[1] + 6, "pg:") : strcmp(lines[1] + 6, canon) != 0) {
      g_autofree char *s = in_escape(lines[1] + 6, 80);
      BAD(CC_INVALID, "the certificate is for board '%s', not %s", s, canon);
    }
    const char *tw;
    guint nt = 0;
    g_auto(GStrv) t = lines[2] && g_str_has_prefix(lines[2], "size ") ? ct_split(lines[2], &nt, &tw) : NULL;
    int64_t c, ns;
    if (!t || nt != 3 || !in_int64(t[1], 0, INT64_MAX, &c) || !in_int64(t[2], 0, INT64_MAX, &ns))
      BAD(CC_MALFORMED, "certificate line 3: want 'size CELLS SETS'");
    if (sp.kind != BS_FILE && sp.kind != BS_PG && ((uint64_t)c != sp.ncells || (uint64_t)ns > sp.nsets_bound))
      BAD(CC_INVALID, "the certificate's board has %" G_GINT64_FORMAT " cells and %" G_GINT64_FORMAT
                      " sets; %s has %" G_GUINT64_FORMAT " cells and at most %" G_GUINT64_FORMAT " sets",
          c, ns, canon, sp.ncells, sp.nsets_bound);
    g_clear_pointer(&canon, g_free);
  }
  if (!cc_board(&B, &sp, &bwhy)) {
    *why = bwhy;
    res = CC_MALFORMED;
    goto done;
  }
  rep->cells = B.names->len, rep->sets = cb_nsets(&B);
  res = g_str_has_prefix(cert, "makerbreaker strategy 1\n") ? cc_check_strategy(&B, &sp, lines, rep, why)
                                                              : cc_check_pairing(&B, &sp, lines, rep, why);
done:
  g_free(canon);
  cb_clear(&B);
  bs_spec_clear(&sp);
  return res;
}
