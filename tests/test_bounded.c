/* Unit tests for src/solve/bounded.c, boundcheck.c and qbf.c: the bounded
 * search against plain minimax over every free cell (no rules at all) on
 * small boards, positions, both sides to move and every N; every
 * certificate accepted by the independent checker; tampered certificates
 * rejected; the QBF's trivial cases and shape. */
#include <glib.h>
#include <string.h>

#include "game/boardspec.h"
#include "game/pairing.h"
#include "solve/boundcheck.h"
#include "solve/bounded.h"
#include "solve/qbf.h"

static bool complete(const MbBoard *b, const uint8_t *own) {
  for (size_t e = 0; e < hg_ne(b->h); e++) {
    bool all = true;
    for (size_t i = 0; i < hg_edge_size(b->h, e) && all; i++) all = own[hg_edge(b->h, e)[i]] == MB_MAKER;
    if (all) return true;
  }
  return false;
}

/* the definition: Maker wins iff she owns a set after at most n more moves of hers */
static bool brute(const MbBoard *b, uint8_t *own, bool maker, uint32_t n) {
  if (complete(b, own)) return true;
  if (n == 0) return false;
  bool any = false;
  for (uint32_t c = 0; c < b->ncells; c++) {
    if (own[c]) continue;
    any = true;
    own[c] = maker ? MB_MAKER : MB_BREAKER;
    bool r = brute(b, own, !maker, maker ? n - 1 : n);
    own[c] = 0;
    if (maker && r) return true;
    if (!maker && !r) return false;
  }
  return any && !maker;
}

static char *solve_checked(const MbBoard *b, MbPosition *pos, bool maker, uint32_t n, MbOutcome *out) {
  BdOpts o;
  bd_opts_default(&o);
  o.maker_moves = n, o.maker_to_move = maker, o.want_cert = true;
  BdResult r;
  GError *e = NULL;
  g_assert_true(bd_solve(b, pos, &o, &r, &e));
  g_assert_no_error(e);
  g_assert_cmpint(r.outcome, !=, MB_UNKNOWN);
  BcReport rep;
  char *why = NULL;
  CcResult cr = bc_check(b->name, r.cert, &rep, &why);
  if (cr != CC_VALID) g_error("%s N=%u: %s", b->name, n, why);
  g_assert_cmpint(rep.maker_wins, ==, r.outcome == MB_MAKER_WINS);
  g_assert_cmpuint(rep.maker_moves, ==, n);
  g_assert_cmpint(rep.maker_to_move, ==, maker);
  if (rep.maker_wins) g_assert_cmpuint(rep.deepest, <=, n);
  bc_report_clear(&rep);
  *out = r.outcome;
  char *cert = r.cert;
  r.cert = NULL;
  bd_result_clear(&r);
  return cert;
}

static void against_brute(const char *spec, const char *moves, uint32_t maxn) {
  MbBoard *b = bs_board_new(spec, NULL);
  g_assert_nonnull(b);
  MbPosition pos;
  g_assert_true(mb_position_parse(b, moves, &pos, NULL));
  for (int maker = 0; maker < 2; maker++)
    for (uint32_t n = 0; n <= maxn; n++) {
      MbOutcome out;
      g_free(solve_checked(b, &pos, maker, n, &out));
      uint8_t *own = g_memdup2(pos.owner, b->ncells);
      bool want = brute(b, own, maker, n);
      g_free(own);
      if (want != (out == MB_MAKER_WINS))
        g_error("%s after %s, %s to move, N=%u: search %d, definition %d", spec, moves ? moves : "-",
                maker ? "Maker" : "Breaker", n, out, want);
    }
  mb_position_clear(&pos);
  bs_board_free(b);
}

static void test_brute(void) {
  against_brute("mnk:3,3,3", NULL, 5);
  against_brute("mnk:3,3,3", "M:2,2 B:1,1", 4);
  against_brute("mnk:3,3,3", "M:1,1 B:2,2 M:3,3", 3);
  against_brute("2^3", NULL, 4);
  against_brute("mnk:4,3,3", "M:2,2", 3);
  against_brute("mnk:4,3,3", "B:2,2 M:1,1", 3);
  against_brute("qcube:3,2", NULL, 4);
  against_brute("mnk:5,2,3", "M:3,1", 3);
  against_brute("mnk:4,4,3", NULL, 3);
  against_brute("torus:3,3", "B:0,0", 3);
}

/* a certificate with one line changed must not be accepted */
static void rejected(const char *spec, const char *cert, const char *from, const char *to) {
  const char *at = strstr(cert, from);
  g_assert_nonnull(at);
  GString *s = g_string_new_len(cert, at - cert);
  g_string_append(s, to);
  g_string_append(s, at + strlen(from));
  char *why = NULL;
  CcResult cr = bc_check(spec, s->str, NULL, &why);
  if (cr == CC_VALID) g_error("tampered ('%s' -> '%s') but accepted", from, to);
  g_assert_nonnull(why);
  g_assert_null(strchr(why, '\n'));
  g_free(why);
  g_string_free(s, TRUE);
}

static void test_tampered(void) {
  MbBoard *b = bs_board_new("mnk:3,3,3", NULL);
  MbPosition pos;
  mb_position_parse(b, NULL, &pos, NULL);
  MbOutcome out;
  char *win = solve_checked(b, &pos, true, 4, &out);
  g_assert_cmpint(out, ==, MB_MAKER_WINS);
  char *hold = solve_checked(b, &pos, true, 3, &out);
  g_assert_cmpint(out, ==, MB_BREAKER_WINS);
  rejected(b->name, win, "makermoves 4", "makermoves 3");      /* a line then needs 4 moves */
  rejected(b->name, win, "winner maker", "winner breaker");    /* m/W nodes in a Breaker tree */
  rejected(b->name, win, "tomove maker", "tomove breaker");
  rejected(b->name, win, "board mnk:3,3,3", "board mnk:3,3,4");
  rejected(b->name, win, "\nB ", "\nB 1,1 ");                  /* a cell listed twice or taken */
  rejected(b->name, win, "\nend", "\nW\nend");                 /* more lines than declared */
  rejected(b->name, win, "\nm 2,2\n", "\nm 1,2\n");            /* a worse first move: its tree fails */
  rejected(b->name, hold, "makermoves 3", "makermoves 4");
  rejected(b->name, hold, "winner breaker", "winner maker");
  rejected(b->name, hold, "\nH\n", "\nL\n");                   /* a link to nothing proved */
  rejected(b->name, hold, "\nM ", "\nM 9,9 ");                 /* off the board */
  {
    /* drop the first cell of the root's M list (and its whole subtree would be missing) */
    const char *m = strstr(hold, "\nM ");
    const char *sp = strchr(m + 3, ' ');
    g_autofree char *first = g_strndup(m, (gsize)(sp - m) + 1);
    rejected(b->name, hold, first, "\nM ");
  }
  rejected("mnk:3,3,3", "makerbreaker bounded 1\nboard mnk:3,3,3\n", "board", "board");
  g_free(win), g_free(hold);
  mb_position_clear(&pos);
  bs_board_free(b);
}

static char *qbf_text(const char *spec, const char *moves, bool maker, uint32_t n, QbfStats *st) {
  MbBoard *b = bs_board_new(spec, NULL);
  MbPosition pos;
  g_assert_true(mb_position_parse(b, moves, &pos, NULL));
  char *out = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&out, &len);
  g_assert_true(qbf_write(f, b, &pos, maker, n, st));
  fclose(f);
  mb_position_clear(&pos);
  bs_board_free(b);
  return out;
}

static void test_qbf(void) {
  QbfStats st;
  char *t = qbf_text("mnk:3,3,3", NULL, true, 0, &st);
  g_assert_cmpint(st.trivial, ==, -1);
  g_assert_true(g_str_has_prefix(t, "p cnf 1 2\n"));
  free(t);
  t = qbf_text("mnk:3,3,3", "M:1,1 M:2,1 M:3,1", false, 0, &st);
  g_assert_cmpint(st.trivial, ==, 1);
  free(t);
  t = qbf_text("mnk:3,3,3", NULL, true, 3, &st);
  g_assert_cmpint(st.trivial, ==, 0);
  g_assert_cmpuint(st.plies, ==, 5);
  g_assert_cmpuint(st.maker_plies, ==, 3);
  g_assert_cmpuint(st.universals, ==, 2 * 4); /* two Breaker plies, 4 bits for 9 cells */
  g_assert_nonnull(strstr(t, "\na "));
  g_assert_nonnull(strstr(t, "\ne "));
  free(t);
  t = qbf_text("mnk:3,3,3", NULL, false, 5, &st); /* Breaker first, only 9 cells: 9 plies, the last Maker's */
  g_assert_cmpuint(st.plies, ==, 8);
  g_assert_cmpuint(st.maker_plies, ==, 4);
  free(t);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/bounded/brute", test_brute);
  g_test_add_func("/bounded/tampered", test_tampered);
  g_test_add_func("/bounded/qbf", test_qbf);
  return g_test_run();
}
