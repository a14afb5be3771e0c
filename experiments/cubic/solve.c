/* experiments/cubic/solve.c — MB1–MB5: who wins small Maker–Breaker games,
 * by the workbench's solver (src/game/solver.h), every answer a certificate
 * accepted by the independent checker (src/game/certcheck.h).
 *
 * MB1  3^3: Maker wins, first move the centre, within four Maker moves
 *      (the cubic paper, §2.5).  `maker_moves` is the most Maker moves on
 *      any line of the checked strategy tree (certcheck's count, through
 *      symmetry links), `first_move` the tree's first move.
 * MB2  4^2: Breaker wins (the cubic paper, §3 and §5).
 * MB3  4^3: Maker wins (the cubic paper's abstract, "n <= 4"; Patashnik
 *      1980 for the strong game) — attempted within a node budget per
 *      opening; `outcome` is "unknown" when the budget runs out.
 * MB4  mnk:5,5,4 (full profile; quick: mnk:4,4,3): the outcome, new here.
 * MB5  5^3, the frontier: every opening class within the node budget;
 *      counts of openings proved for Maker, for Breaker, still open.
 * Rows `check` name the independent check of the new results.  Every
 * decided answer's certificate is replayed by cc_check, which enumerates
 * the lines itself and verifies each symmetry; with --certs DIR the
 * certificates are written there (DIR/<board>.cert).  Budgets are node
 * counts per opening, so the results do not depend on the machine or on
 * --threads.
 */
#include <stdio.h>
#include <string.h>

#include "game/certcheck.h"
#include "game/solver.h"
#include "plumbing/expt.h"

static gchar *opt_certs;
static gint64 opt_nodes = G_MININT64;
static const Expt *E;

typedef struct {
  MbSolveResult r;
  bool checked;
  CcReport rep;
} Solved;

static Solved run(const char *spec, uint64_t nodes) {
  Solved s;
  memset(&s, 0, sizeof s);
  MbBoard *b = bs_board_new(spec, NULL);
  g_assert_nonnull(b);
  MbPosition pos;
  mb_position_parse(b, NULL, &pos, NULL);
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  o.threads = E->threads, o.node_limit = nodes;
  g_assert_true(mb_solve(b, &pos, &o, &s.r, NULL));
  if (s.r.cert) {
    char *why = NULL;
    s.checked = cc_check(spec, s.r.cert, &s.rep, &why) == CC_VALID;
    if (why) fprintf(stderr, "cubic-solve: %s: certificate rejected: %s\n", spec, why);
    g_free(why);
    if (opt_certs) {
      g_autofree char *name = g_strdup_printf("%s.cert", spec);
      for (char *c = name; *c; c++)
        if (*c == '^' || *c == ':' || *c == ',') *c = '_';
      g_autofree char *path = g_build_filename(opt_certs, name, NULL);
      FILE *f = expt_open_file(E, path);
      fputs(s.r.cert, f);
      expt_close_file(E, f);
    }
  }
  mb_position_clear(&pos);
  bs_board_free(b);
  return s;
}

static bool rows(ResultWriter *w, const char *claim, const Solved *s) {
  rw_word(w, claim, "outcome", mb_outcome_word(s->r.outcome));
  rw_int(w, claim, "nodes", (int64_t)s->r.nodes);
  rw_int(w, claim, "proof_nodes", (int64_t)s->r.proof);
  rw_bool(w, claim, "certificate_checked", s->checked);
  return s->r.outcome == MB_UNKNOWN || s->checked;
}

int main(int argc, char **argv) {
  GOptionEntry own[] = {
      {"nodes", 0, 0, G_OPTION_ARG_INT64, &opt_nodes, "node budget per opening for 4^3 and 5^3", "N"},
      {"certs", 0, 0, G_OPTION_ARG_FILENAME, &opt_certs, "write the certificates to DIR", "DIR"},
      {NULL, 0, 0, 0, NULL, NULL, NULL}};
  Expt e;
  expt_parse(&e, &argc, &argv, "cubic-solve", "MB1-MB5: small Maker-Breaker games solved with certificates", own);
  E = &e;
  int64_t nodes = expt_default64(&e, opt_nodes, 10000, 300);
  expt_check_range(&e, "--nodes", (long)MIN(nodes, (int64_t)G_MAXLONG), 1, G_MAXLONG);
  if (opt_certs) {
    if (*opt_certs) g_mkdir_with_parents(opt_certs, 0777);
    expt_check_outdir(&e, "--certs", opt_certs);
  }
  ResultWriter *w = expt_open_results(&e);
  bool ok = true;

  Solved a = run("3^3", 0);
  ok &= rows(w, "MB1", &a);
  rw_bool(w, "MB1", "maker_wins", a.r.outcome == MB_MAKER_WINS);
  rw_int(w, "MB1", "maker_moves", a.rep.maker_moves);
  rw_word(w, "MB1", "first_move", a.r.nunits ? a.r.units[0].move : "none");
  rw_bool(w, "MB1", "first_move_wins", a.r.nunits && a.r.units[0].outcome == MB_MAKER_WINS);
  ok &= a.checked;

  Solved b = run("4^2", 0);
  ok &= rows(w, "MB2", &b);
  rw_bool(w, "MB2", "breaker_wins", b.r.outcome == MB_BREAKER_WINS);
  rw_word(w, "MB2", "closed_by", b.r.root_leaf ? b.r.root_leaf : "search");
  ok &= b.checked;

  Solved c = run("4^3", (uint64_t)nodes);
  ok &= rows(w, "MB3", &c);
  rw_int(w, "MB3", "opening_classes", c.r.nunits);
  rw_int(w, "MB3", "group_order", c.r.group_order);

  const char *mnk = e.profile == PROFILE_FULL ? "mnk:5,5,4" : "mnk:4,4,3";
  Solved d = run(mnk, 0);
  rw_word(w, "MB4", "board", mnk);
  ok &= rows(w, "MB4", &d);
  rw_word(w, "MB4", "check", "certcheck-replay");
  ok &= d.checked;

  Solved f = run("5^3", (uint64_t)nodes);
  ok &= rows(w, "MB5", &f);
  int64_t maker = 0, breaker = 0, open = 0;
  for (uint32_t i = 0; i < f.r.nunits; i++) {
    MbOutcome o = f.r.units[i].outcome;
    maker += o == MB_MAKER_WINS, breaker += o == MB_BREAKER_WINS, open += o == MB_UNKNOWN;
    g_autofree char *k = g_strdup_printf("opening_%s", f.r.units[i].move);
    for (char *p = k; *p; p++)
      if (*p == ',') *p = '_';
    rw_word(w, "MB5", k, mb_outcome_word(o));
  }
  rw_int(w, "MB5", "opening_classes", f.r.nunits);
  rw_int(w, "MB5", "openings_maker", maker);
  rw_int(w, "MB5", "openings_breaker", breaker);
  rw_int(w, "MB5", "openings_open", open);
  rw_int(w, "MB5", "budget_per_opening", nodes);
  rw_word(w, "MB5", "check", "certcheck-replay");

  Solved *all[] = {&a, &b, &c, &d, &f};
  for (size_t i = 0; i < G_N_ELEMENTS(all); i++) mb_solve_result_clear(&all[i]->r);
  if (rw_close(w) != 0) return 3;
  return ok ? 0 : 1;
}
