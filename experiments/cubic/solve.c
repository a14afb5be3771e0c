/* experiments/cubic/solve.c — MB1–MB8: who wins small Maker–Breaker games,
 * by the workbench's solver (src/solve/solver.h), every answer a certificate
 * accepted by the independent checker (src/solve/certcheck.h).
 *
 * MB1  3^3: Maker wins, first move the centre, within four Maker moves
 *      (the cubic paper, §2.5).  `maker_moves` is the most Maker moves on
 *      any line of the checked strategy tree (certcheck's count, through
 *      symmetry links), `first_move` the tree's first move.
 * MB2  4^2: Breaker wins (the cubic paper, §3 and §5).
 * MB3  4^3: Maker wins (the cubic paper's abstract, "n <= 4"; Patashnik
 *      1980 for the strong game).  Full profile: solved without a budget
 *      (split 2: Breaker's reply classes to each opening are the units;
 *      about a minute on two threads) and the certificate replayed; quick
 *      profile: within the node budget per unit, `outcome` "unknown" when
 *      it runs out.  `first_move`, `reply_classes` (units of that opening).
 * MB4  mnk:5,5,4 (full profile; quick: mnk:4,4,3): the outcome, new here.
 * MB5  5^3, the frontier: every opening class within the node budget;
 *      counts of openings proved for Maker, for Breaker, still open.
 * MB6  the 7^3 Breaker strategy of Theorem 4.1 (centre case, cubic7.h) as
 *      strategy certificates on a sample of Maker lines: from the position
 *      after Maker's (4,4,4), M2, M3 and Breaker's prescribed replies, the
 *      tree lists EVERY Maker move M4 on a live cell, Breaker's prescribed
 *      B4, and a private pairing (mb_private) as the leaf; cc_check replays
 *      it.  `samples`, `accepted`, `leaves` (Maker moves covered).
 * MB7  n^3 for n = 5..8: the fewest moves each after which Breaker could
 *      close the game by a private pairing (as the cubic paper does on 7^3
 *      after four moves each), by COUNTING: after k moves each at most
 *      D_k lines are dead (D_k the sum of the k largest cell degrees), the
 *      L - D_k others need two private free cells each, and N - 2k cells
 *      are free; the least k with 2(L - D_k) <= N - 2k is a lower bound,
 *      computed from the board's own lines and degrees.
 * MB8  mnk:7,7,5 (full profile): Breaker wins the Maker–Breaker game with
 *      Maker first (Hsu, Ko, Wei, Chen, Hsueh & Wu 2020 solved the strong
 *      game, a draw, by reductions that act for the second player alone, so
 *      their proof is a Breaker strategy).  Decided by shared-pair closures
 *      and relevance zones; `zone_refuted_moves` counts Maker moves refuted
 *      by a sibling's zone, never searched; the certificate (with 'R' zone
 *      nodes) replayed by cc_check.
 * Rows `check` name the independent check of the new results.  Every
 * decided answer's certificate is replayed by cc_check, which enumerates
 * the lines itself and verifies each symmetry; with --certs DIR the
 * certificates are written there (DIR/<board>.cert).  Budgets are node
 * counts per opening, so the results do not depend on the machine or on
 * --threads.
 */
#include <stdio.h>
#include <string.h>

#include "cubic/cubic7.h"
#include "solve/certcheck.h"
#include "solve/solver.h"
#include "plumbing/expt.h"

static gchar *opt_certs, *opt_times;
static FILE *Times; /* --times: wall-clock seconds as LaTeX macros, never in a row */
static gint64 opt_nodes = G_MININT64;
static const Expt *E;

typedef struct {
  MbSolveResult r;
  bool checked;
  CcReport rep;
} Solved;

/* MB7: the least k with 2 (L - D_k) <= N - 2k (see the header) */
static int cmp_desc(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x < y) - (x > y);
}
static int64_t pairing_moves_bound(const char *spec) {
  MbBoard *b = bs_board_new(spec, NULL);
  uint64_t N = b->ncells, L = hg_ne(b->h), D = 0;
  uint32_t *deg = g_new(uint32_t, N);
  for (uint64_t c = 0; c < N; c++) deg[c] = (uint32_t)hg_degree(b->h, (uint32_t)c);
  qsort(deg, N, sizeof *deg, cmp_desc);
  int64_t k = -1;
  for (uint64_t j = 0; 2 * j <= N && k < 0; j++) {
    if (j) D += deg[j - 1];
    uint64_t surviving = L > D ? L - D : 0;
    if (2 * surviving <= N - 2 * j) k = (int64_t)j;
  }
  g_free(deg);
  bs_board_free(b);
  return k;
}

static Solved run(const char *spec, uint64_t nodes, int split) {
  Solved s;
  memset(&s, 0, sizeof s);
  MbBoard *b = bs_board_new(spec, NULL);
  g_assert_nonnull(b);
  MbPosition pos;
  mb_position_parse(b, NULL, &pos, NULL);
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  o.threads = E->threads, o.node_limit = nodes, o.split = split;
  g_assert_true(mb_solve(b, &pos, &o, &s.r, NULL));
  if (s.r.cert) {
    char *why = NULL;
    gint64 t0 = g_get_monotonic_time();
    s.checked = cc_check(spec, s.r.cert, &s.rep, &why) == CC_VALID;
    if (Times) {
      g_autofree char *tag = g_strdup(spec);
      for (char *c = tag; *c; c++)
        if (*c == '^' || *c == ':' || *c == ',') *c = '-';
      fprintf(Times, "\\expandafter\\def\\csname mbt@%s@solve\\endcsname{%.2f}\n", tag, s.r.seconds);
      fprintf(Times, "\\expandafter\\def\\csname mbt@%s@check\\endcsname{%.2f}\n", tag,
              (double)(g_get_monotonic_time() - t0) / 1e6);
    }
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

/* one 7^3 certificate: Maker's first three moves m[0..2] (centre case) */
static bool cubic7_cert(const C7 *c7, const MbBoard *b, const uint32_t *m, uint64_t *leaves) {
  uint32_t mm[4] = {m[0], m[1], m[2], 0}, bb[4];
  if (!c7_breaker_moves(c7, C7_CENTRE, mm, bb) && c7_first_illegal(c7, C7_CENTRE, mm, bb) < 3) return false;
  MbPosition pos;
  mb_position_init(&pos, b->ncells);
  for (int i = 0; i < 3; i++) mb_position_play(&pos, mm[i], MB_MAKER), mb_position_play(&pos, bb[i], MB_BREAKER);
  MbSurvivors s;
  mb_survivors(b, &pos, &s);
  /* the live cells: free cells of surviving sets */
  g_autofree uint8_t *live = g_new0(uint8_t, b->ncells);
  uint32_t nlive = 0;
  for (uint32_t i = 0; i < s.nsurv; i++)
    for (uint32_t k = s.start[i]; k < s.start[i + 1]; k++) nlive += !live[s.cells[k]], live[s.cells[k]] = 1;
  mb_survivors_clear(&s);
  g_autofree char *mv = mb_position_string(b, &pos);
  GString *t = g_string_new(NULL);
  g_string_append_printf(t, "makerbreaker strategy 1\nboard 7^3\nsize %u %zu\nmoves %s\ntomove maker\nwinner breaker\ncells",
                         b->ncells, hg_ne(b->h), mv);
  for (uint32_t c = 0; c < b->ncells; c++) {
    g_autofree char *n = bs_cell_name(b, c);
    g_string_append_printf(t, " %s", n);
  }
  g_string_append_printf(t, "\nnodes %u\nM", 1 + 2 * nlive);
  for (uint32_t c = 0; c < b->ncells; c++)
    if (live[c]) {
      g_autofree char *n = bs_cell_name(b, c);
      g_string_append_printf(t, " %s", n);
    }
  g_string_append_c(t, '\n');
  bool ok = true;
  for (uint32_t c = 0; c < b->ncells && ok; c++) {
    if (!live[c]) continue;
    mm[3] = c;
    ok = c7_breaker_moves(c7, C7_CENTRE, mm, bb);
    if (!ok) break;
    g_autofree char *bn = bs_cell_name(b, bb[3]);
    g_string_append_printf(t, "b %s\nP", bn);
    mb_position_play(&pos, c, MB_MAKER), mb_position_play(&pos, bb[3], MB_BREAKER);
    MbSurvivors s2;
    mb_survivors(b, &pos, &s2);
    MbResult r;
    ok = s2.maker_won < 0 && mb_private(b, &s2, &r);
    if (ok)
      for (guint i = 0; i < r.pairs->len; i++) {
        MbPair p = g_array_index(r.pairs, MbPair, i);
        g_autofree char *x = bs_cell_name(b, p.a), *y = bs_cell_name(b, p.b);
        g_string_append_printf(t, " %s %s", x, y);
      }
    if (s2.maker_won < 0) mb_result_clear(&r);
    mb_survivors_clear(&s2);
    pos.owner[c] = pos.owner[bb[3]] = MB_FREE; /* undo both moves */
    g_array_set_size(pos.moves, pos.moves->len - 2);
    pos.nmaker--, pos.nbreaker--;
    g_string_append_c(t, '\n');
    (*leaves)++;
  }
  g_string_append(t, "end\n");
  char *why = NULL;
  ok = ok && cc_check("7^3", t->str, NULL, &why) == CC_VALID;
  if (why) fprintf(stderr, "cubic-solve: 7^3 %s: certificate rejected: %s\n", mv, why);
  g_free(why);
  g_string_free(t, TRUE);
  mb_position_clear(&pos);
  return ok;
}

int main(int argc, char **argv) {
  GOptionEntry own[] = {
      {"nodes", 0, 0, G_OPTION_ARG_INT64, &opt_nodes, "node budget per unit for 5^3, and for 4^3 when given or in the quick profile", "N"},
      {"certs", 0, 0, G_OPTION_ARG_FILENAME, &opt_certs, "write the certificates to DIR", "DIR"},
      {"times", 0, 0, G_OPTION_ARG_FILENAME, &opt_times, "write the solve and check times as LaTeX macros", "FILE"},
      {NULL, 0, 0, 0, NULL, NULL, NULL}};
  Expt e;
  expt_parse(&e, &argc, &argv, "cubic-solve", "MB1-MB8: small Maker-Breaker games solved with certificates", own);
  E = &e;
  int64_t nodes = expt_default64(&e, opt_nodes, 10000, 300);
  expt_check_range(&e, "--nodes", (long)MIN(nodes, (int64_t)G_MAXLONG), 1, G_MAXLONG);
  if (opt_certs) expt_certs_dir(&e, "--certs", opt_certs); /* created if missing (one level) */
  if (opt_times) {
    g_autofree char *dir = g_path_get_dirname(opt_times);
    g_mkdir_with_parents(dir, 0777);
  }
  Times = expt_open_figdata(&e, opt_times);
  if (Times) fprintf(Times, "\\def\\mbthreads{%d}\n", e.threads); /* the times below are on that many threads */
  ResultWriter *w = expt_open_results(&e);
  bool ok = true;

  Solved a = run("3^3", 0, 0);
  ok &= rows(w, "MB1", &a);
  rw_bool(w, "MB1", "maker_wins", a.r.outcome == MB_MAKER_WINS);
  rw_int(w, "MB1", "maker_moves", a.rep.maker_moves);
  rw_word(w, "MB1", "first_move", a.r.nunits ? a.r.units[0].move : "none");
  rw_bool(w, "MB1", "first_move_wins", a.r.nunits && a.r.units[0].outcome == MB_MAKER_WINS);
  ok &= a.checked;

  Solved b = run("4^2", 0, 0);
  ok &= rows(w, "MB2", &b);
  rw_bool(w, "MB2", "breaker_wins", b.r.outcome == MB_BREAKER_WINS);
  rw_word(w, "MB2", "closed_by", b.r.root_leaf ? b.r.root_leaf : "search");
  ok &= b.checked;

  Solved c = run("4^3", e.profile == PROFILE_FULL && opt_nodes == G_MININT64 ? 0 : (uint64_t)nodes, 0);
  ok &= rows(w, "MB3", &c);
  rw_int(w, "MB3", "opening_classes", c.r.nunits);
  rw_int(w, "MB3", "group_order", c.r.group_order);
  if (c.r.outcome == MB_MAKER_WINS) { /* the opening that won */
    uint32_t k = 0;
    while (k + 1 < c.r.nunits && c.r.units[k].outcome != MB_MAKER_WINS) k++;
    rw_word(w, "MB3", "first_move", c.r.nunits ? c.r.units[k].move : "none");
    rw_int(w, "MB3", "reply_classes", c.r.nunits ? c.r.units[k].nsub : 0);
    rw_int(w, "MB3", "maker_moves", c.rep.maker_moves);
    rw_int(w, "MB3", "support_proved_replies", (int64_t)c.r.must_cuts);
    rw_int(w, "MB3", "cert_support_omitted", (int64_t)c.rep.support_omitted);
  }
  if (c.r.outcome != MB_UNKNOWN) ok &= c.checked;

  const char *mnk = e.profile == PROFILE_FULL ? "mnk:5,5,4" : "mnk:4,4,3";
  Solved d = run(mnk, 0, 0);
  rw_word(w, "MB4", "board", mnk);
  ok &= rows(w, "MB4", &d);
  rw_word(w, "MB4", "check", "certcheck-replay");
  ok &= d.checked;

  Solved f = run("5^3", (uint64_t)nodes, 1);
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

  /* MB8: mnk:7,7,5, full profile */
  Solved h;
  memset(&h, 0, sizeof h);
  if (e.profile == PROFILE_FULL) {
    h = run("mnk:7,7,5", 0, 0);
    ok &= rows(w, "MB8", &h);
    rw_bool(w, "MB8", "breaker_wins", h.r.outcome == MB_BREAKER_WINS);
    rw_int(w, "MB8", "zone_refuted_moves", (int64_t)h.r.zone_cuts);
    rw_int(w, "MB8", "shared_pairings_found", (int64_t)h.r.pair_found);
    rw_int(w, "MB8", "maker_moves", h.rep.maker_moves);
    rw_word(w, "MB8", "check", "certcheck-replay");
    ok &= h.checked;
  }

  /* MB6: a deterministic sample of Maker lines in the centre case */
  {
    C7 *c7 = c7_new();
    MbBoard *b7 = bs_board_new("7^3", NULL);
    int samples = e.profile == PROFILE_FULL ? 12 : 2, accepted = 0, tried = 0;
    uint64_t leaves = 0;
    uint32_t m[3] = {c7_cell(4, 4, 4), 0, 0};
    for (uint32_t k = 0; tried < samples && k < 10000; k++) {
      /* M2 with x <= y, M3 anywhere free, stepping through the cells */
      uint32_t c2 = (uint32_t)((k * 37u + 1) % C7_CELLS), c3 = (uint32_t)((k * 101u + 7) % C7_CELLS);
      int x2 = (int)(c2 % 7), y2 = (int)(c2 / 7 % 7);
      if (x2 > y2 || c2 == m[0] || c3 == m[0] || c3 == c2) continue;
      m[1] = c2, m[2] = c3;
      uint32_t mm[4] = {m[0], m[1], m[2], 0}, bb[4];
      if (c7_first_illegal(c7, C7_CENTRE, mm, bb) >= 0 && c7_first_illegal(c7, C7_CENTRE, mm, bb) < 3) continue;
      tried++;
      accepted += cubic7_cert(c7, b7, m, &leaves);
    }
    rw_int(w, "MB6", "samples", tried);
    rw_int(w, "MB6", "accepted", accepted);
    rw_int(w, "MB6", "leaves", (int64_t)leaves);
    rw_word(w, "MB6", "check", "certcheck-replay");
    ok &= accepted == tried && tried == samples;
    bs_board_free(b7);
    c7_free(c7);
  }

  for (int n = 5; n <= 8; n++) {
    g_autofree char *spec = g_strdup_printf("%d^3", n), *key = g_strdup_printf("moves_%d", n);
    rw_int(w, "MB7", key, pairing_moves_bound(spec));
  }
  rw_word(w, "MB7", "check", "counting");

  Solved *all[] = {&a, &b, &c, &d, &f, &h};
  for (size_t i = 0; i < G_N_ELEMENTS(all); i++) mb_solve_result_clear(&all[i]->r);
  expt_close_file(&e, Times);
  if (rw_close(w) != 0) return 3;
  return ok ? 0 : 1;
}
