/* test_strategy.c — the certificate reader and player (src/solve/strategy.h):
 * the known game length of 3^3; the player, fed EVERY sequence of Breaker
 * moves on 3^3 (dead cells and passes included), always ends with a set all
 * Maker's, judged by scanning the board's sets (not the tree); the player
 * as Breaker (pairing, Erdős–Selfridge and line-potential closures) never
 * lets a random Maker complete a set; unknown node kinds and broken trees are refused;
 * positions with uneven move counts and an explicit side to move
 * (MbSolveOpts.to_move) are solved and their certificates accepted. */
#include <glib.h>
#include <string.h>

#include "solve/certcheck.h"
#include "solve/solver.h"
#include "solve/strategy.h"

static char *cert_of(const char *spec, const char *moves, int to_move, MbOutcome *out) {
  MbBoard *b = bs_board_new(spec, NULL);
  g_assert_nonnull(b);
  MbPosition pos;
  g_assert_true(mb_position_parse(b, moves, &pos, NULL));
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  o.to_move = to_move;
  MbSolveResult r;
  g_assert_true(mb_solve(b, &pos, &o, &r, NULL));
  g_assert_nonnull(r.cert);
  char *c = g_strdup(r.cert);
  if (out) *out = r.outcome;
  mb_solve_result_clear(&r);
  mb_position_clear(&pos);
  bs_board_free(b);
  return c;
}

static bool set_all(const MbBoard *b, const uint8_t *own, uint8_t who) {
  for (size_t e = 0; e < hg_ne(b->h); e++) {
    bool all = true;
    for (size_t i = 0; i < hg_edge_size(b->h, e); i++) all &= own[hg_edge(b->h, e)[i]] == who;
    if (all) return true;
  }
  return false;
}

/* 3^3: the first player wins in 4 moves (7 plies) */
static void test_length_33(void) {
  MbBoard *b = bs_board_new("3^3", NULL);
  g_autofree char *c = cert_of("3^3", NULL, 0, NULL);
  GError *e = NULL;
  Strategy *st = st_read(b, c, &e);
  g_assert_no_error(e);
  g_assert_true(st->maker_wins && st->maker_to_move);
  g_assert_cmpint(st->node[0].op, ==, 'm');
  g_assert_cmpuint(st->node[0].plies, ==, 7);
  st_free(st);
  bs_board_free(b);
}

/* every Breaker sequence: Maker (the player) always completes a set */
static uint64_t games;
static void all_breaker(StPlay *p) {
  const MbBoard *b = p->st->b;
  int over = st_play_over(p);
  if (over) {
    g_assert_cmpint(over, ==, MB_MAKER);
    g_assert_true(set_all(b, p->real, MB_MAKER));
    games++;
    return;
  }
  if (st_play_winner_to_move(p)) {
    uint32_t c;
    g_assert_true(st_play_winner(p, &c));
    g_assert_cmpuint(p->real[c], ==, MB_MAKER);
    all_breaker(p);
    return;
  }
  for (uint32_t c = 0; c < b->ncells; c++) {
    if (p->real[c] != MB_FREE) continue;
    StPlay *q = st_play_copy(p);
    g_assert_true(st_play_loser(q, c));
    g_assert_false(st_play_loser(q, c)); /* taken now (and not Breaker's turn) */
    all_breaker(q);
    st_play_free(q);
  }
}

static bool has_op(const Strategy *st, char op) {
  for (uint32_t i = 0; i < st->nnodes; i++)
    if (st->node[i].op == op) return true;
  return false;
}

/* every Breaker against the player of spec's certificate (which has a node
 * of kind op, if op): more than min_games games, all won by Maker */
static void every_breaker(const char *spec, uint64_t min_games, char op) {
  MbBoard *b = bs_board_new(spec, NULL);
  g_autofree char *c = cert_of(spec, NULL, 0, NULL);
  Strategy *st = st_read(b, c, NULL);
  g_assert_nonnull(st);
  if (op) g_assert_true(has_op(st, op));
  StPlay *p = st_play_new(st);
  games = 0;
  all_breaker(p);
  g_assert_cmpuint(games, >, min_games);
  st_play_free(p);
  st_free(st);
  bs_board_free(b);
}

static void test_every_breaker_33(void) { every_breaker("3^3", 1000, 0); }

/* the player against random losers: the winner the certificate names always
 * wins (as Breaker: no set is ever all Maker's; as Maker: a set is Maker's) */
static void random_losers(const char *spec, const char *moves, int rounds, const char *want_ops, MbOutcome want) {
  MbBoard *b = bs_board_new(spec, NULL);
  MbOutcome o;
  g_autofree char *c = cert_of(spec, moves, 0, &o);
  g_assert_cmpint(o, ==, want);
  Strategy *st = st_read(b, c, NULL);
  g_assert_nonnull(st);
  for (const char *w = want_ops; *w; w++) g_assert_true(has_op(st, *w));
  GRand *r = g_rand_new_with_seed(want == MB_MAKER_WINS ? 11 : 7);
  for (int g = 0; g < rounds; g++) {
    StPlay *p = st_play_new(st);
    while (!st_play_over(p)) {
      uint32_t cell;
      if (st_play_winner_to_move(p)) {
        g_assert_true(st_play_winner(p, &cell));
        continue;
      }
      do cell = (uint32_t)g_rand_int_range(r, 0, (gint32)b->ncells);
      while (p->real[cell] != MB_FREE);
      g_assert_true(st_play_loser(p, cell));
    }
    g_assert_cmpint(st_play_over(p), ==, want == MB_MAKER_WINS ? MB_MAKER : MB_BREAKER);
    g_assert_cmpint(set_all(b, p->real, MB_MAKER), ==, want == MB_MAKER_WINS);
    st_play_free(p);
  }
  g_rand_free(r);
  st_free(st);
  bs_board_free(b);
}
static void random_makers(const char *spec, const char *moves, int rounds, const char *want_ops) {
  random_losers(spec, moves, rounds, want_ops, MB_BREAKER_WINS);
}

/* zone nodes: Maker's moves an 'R' node omits are answered through a listed
 * move whose zone misses them */
static void test_breaker_zones(void) { random_makers("mnk:5,4,4", NULL, 400, "R"); }

/* support nodes: Breaker's replies an 'A' node omits are answered by a
 * listed reply's strategy with the two cells swapped; against EVERY
 * Breaker (random ones lose anyway: the player completes any set one
 * short), then random ones on a larger board */
static void test_maker_supports(void) {
  every_breaker("mnk:5,5,4", 10000, 'A');
  random_losers("4^3", "M:1,1,1 B:4,4,4 M:4,1,1", 300, "A", MB_MAKER_WINS);
}

static void test_breaker_pairing(void) { random_makers("mnk:5,4,4", NULL, 400, "PEMb"); }
static void test_breaker_es(void) { random_makers("4^2", NULL, 400, "E"); }
/* the line potential (one L leaf at the root of torus:9,8): Breaker's
 * greedy answers keep every line with two Breaker cells */
static void test_breaker_lines(void) { random_makers("torus:9,8", NULL, 30, "L"); }

/* principal-line options: the longest reply's plies add up to the root's */
static void test_options(void) {
  MbBoard *b = bs_board_new("mnk:5,4,4", NULL);
  g_autofree char *c = cert_of("mnk:5,4,4", NULL, 0, NULL);
  Strategy *st = st_read(b, c, NULL);
  StPlay *p = st_play_new(st);
  uint32_t cells[64], plies[64];
  g_assert_false(st_play_winner_to_move(p));
  uint32_t k = st_play_options(p, cells, plies);
  g_assert_cmpuint(k, >, 0);
  uint32_t best = 0;
  for (uint32_t i = 0; i < k; i++) best = MAX(best, plies[i]);
  g_assert_cmpuint(best, ==, st_play_plies(p));
  st_play_free(p);
  st_free(st);
  bs_board_free(b);
}

static char *replace_line(const char *text, const char *prefix, const char *with) {
  g_auto(GStrv) l = g_strsplit(text, "\n", -1);
  for (int i = 0; l[i]; i++)
    if (g_str_has_prefix(l[i], prefix)) {
      g_free(l[i]);
      l[i] = g_strdup(with);
      break;
    }
  return g_strjoinv("\n", l);
}

static void refused(const MbBoard *b, const char *text, const char *want) {
  GError *e = NULL;
  Strategy *st = st_read(b, text, &e);
  g_assert_null(st);
  g_assert_nonnull(e);
  g_assert_null(strchr(e->message, '\n'));
  if (!strstr(e->message, want)) g_test_message("message: %s", e->message);
  g_assert_nonnull(strstr(e->message, want));
  g_error_free(e);
}

static void test_refused(void) {
  MbBoard *b = bs_board_new("3^3", NULL);
  g_autofree char *c = cert_of("3^3", NULL, 0, NULL);
  g_autofree char *z = replace_line(c, "m 2,2,2", "Z 2,2,2");
  refused(b, z, "unknown node kind 'Z'");
  g_autofree char *zz = replace_line(c, "m 2,2,2", "zone 2,2,2");
  refused(b, zz, "unknown node kind 'zone'");
  g_autofree char *off = replace_line(c, "m 2,2,2", "m 4,4,4");
  refused(b, off, "not a cell of 3^3");
  g_autofree char *nodes = replace_line(c, "nodes ", "nodes 3");
  refused(b, nodes, "incomplete");
  g_autofree char *board = replace_line(c, "board ", "board 4^3");
  refused(b, board, "not 3^3");
  g_autofree char *magic = replace_line(c, "makerbreaker strategy", "makerbreaker certificate 1");
  refused(b, magic, "not a strategy certificate");
  /* a link to its own ancestor (the root): never finished before it */
  g_autofree char *anc = replace_line(c, "S 1 6", "S 2 6");
  refused(b, anc, "not finished before it");
  refused(b, "", "not a strategy certificate");
  /* a node line naming more cells than the board has (S1: it overran the
   * reader's buffer of CELLS+1 names): refused with a message */
  GString *many = g_string_new("B");
  for (int i = 0; i < 40; i++) g_string_append(many, " 1,1,1");
  g_autofree char *big = replace_line(c, "m 2,2,2", many->str);
  g_string_free(many, TRUE);
  refused(b, big, "names more cells than 3^3 has");
  bs_board_free(b);
}

/* E10 (issue 37): the checker and the reader read a certificate with one
 * tokenizer (certtok.h), so they give the same verdict on every variant of
 * a valid certificate with a doubled, leading or trailing blank, a tab for
 * a blank or a CR at a line's end (a doubled blank in 'cells' or 'perm'
 * was valid for the checker and refused by the reader): both refuse each,
 * the token lines as malformed; CRLF line endings throughout too.  Blank
 * lines after 'end' stay accepted by both. */
static int same_verdict(const char *spec, const MbBoard *b, const char *text, bool want_valid) {
  char *why = NULL;
  CcResult cr = cc_check(spec, text, NULL, &why);
  GError *e = NULL;
  Strategy *st = st_read(b, text, &e);
  if ((cr == CC_VALID) != (st != NULL) || (st != NULL) != want_valid)
    g_test_fail_printf("%s: checker %s (%s), reader %s (%s), want both %s; the text:\n%s", spec,
                       cr == CC_VALID ? "valid" : "refuses", why ? why : "", st ? "reads it" : "refuses",
                       e ? e->message : "", want_valid ? "valid" : "refusing", text);
  g_free(why);
  g_clear_error(&e);
  st_free(st);
  return cr;
}

static void test_same_verdict(void) {
  static const struct {
    const char *spec, *moves;
  } cases[] = {{"3^3", NULL}, {"mnk:4,4,3", "M:2,2 B:1,1"}, {"mnk:5,4,4", NULL}, {"4^2", NULL}};
  int variants = 0;
  for (size_t k = 0; k < G_N_ELEMENTS(cases); k++) {
    MbBoard *b = bs_board_new(cases[k].spec, NULL);
    g_autofree char *c = cert_of(cases[k].spec, cases[k].moves, 0, NULL);
    same_verdict(cases[k].spec, b, c, true);
    g_autofree char *tail = g_strconcat(c, "\n\n", NULL);
    same_verdict(cases[k].spec, b, tail, true);
    g_auto(GStrv) l = g_strsplit(c, "\n", -1);
    guint nl = g_strv_length(l);
    bool perm = false;
    for (guint i = 0; i + 1 < nl; i++) { /* l[nl - 1] is the empty text after the final newline */
      perm |= g_str_has_prefix(l[i], "perm ");
      bool token_line = g_str_has_prefix(l[i], "cells ") || g_str_has_prefix(l[i], "perm ") ||
                        g_str_has_prefix(l[i], "moves M") || g_str_has_prefix(l[i], "moves B") ||
                        (strlen(l[i]) > 2 && l[i][1] == ' ' && i > 7);
      for (int m = 0; m < 5; m++) {
        const char *sp = strchr(l[i], ' ');
        if ((m == 0 || m == 1) && !sp) continue;
        g_autofree char *orig = l[i];
        size_t at = sp ? (size_t)(sp - orig) : 0;
        /* 0 a doubled blank, 1 a tab for a blank, 2 a trailing blank, 3 a leading blank, 4 a CR at the end */
        l[i] = m == 0   ? g_strdup_printf("%.*s  %s", (int)at, orig, sp + 1)
               : m == 1 ? g_strdup_printf("%.*s\t%s", (int)at, orig, sp + 1)
               : m == 2 ? g_strconcat(orig, " ", NULL)
               : m == 3 ? g_strconcat(" ", orig, NULL)
                        : g_strconcat(orig, "\r", NULL);
        g_autofree char *v = g_strjoinv("\n", l);
        g_free(l[i]);
        l[i] = g_steal_pointer(&orig);
        int cr = same_verdict(cases[k].spec, b, v, false);
        if (token_line && cr != CC_MALFORMED)
          g_test_fail_printf("%s line %u variant %d: the checker says %d, not malformed", cases[k].spec, i + 1, m, cr);
        variants++;
      }
    }
    if (k == 0) g_assert_true(perm); /* 3^3 has perm lines: they are varied too */
    g_autofree char *crlf = g_strjoinv("\r\n", l);
    same_verdict(cases[k].spec, b, crlf, false);
    bs_board_free(b);
  }
  g_test_message("%d variants, each refused by both the checker and the reader", variants);
}

/* uneven counts with the side to move given: solved, checked, read */
static void test_to_move(void) {
  MbOutcome o;
  /* Maker has two cells of a line and Breaker none, Breaker to move: Breaker blocks, but 3^3 is
     still Maker's; with Maker to move Maker completes at once */
  g_autofree char *c1 = cert_of("3^3", "M:1,1,1 M:2,2,2", MB_TO_MOVE_BREAKER, &o);
  g_assert_cmpint(o, ==, MB_MAKER_WINS);
  g_autofree char *c2 = cert_of("3^3", "M:1,1,1 M:2,2,2", MB_TO_MOVE_MAKER, &o);
  g_assert_cmpint(o, ==, MB_MAKER_WINS);
  /* Breaker has two extra cells on mnk:3,3,3, Maker to move: Breaker wins */
  g_autofree char *c3 = cert_of("mnk:3,3,3", "B:2,2 B:1,1", MB_TO_MOVE_MAKER, &o);
  g_assert_cmpint(o, ==, MB_BREAKER_WINS);
  const char *spec[] = {"3^3", "3^3", "mnk:3,3,3"};
  const char *certs[] = {c1, c2, c3};
  for (int i = 0; i < 3; i++) {
    char *why = NULL;
    g_assert_cmpint(cc_check(spec[i], certs[i], NULL, &why), ==, CC_VALID);
    MbBoard *b = bs_board_new(spec[i], NULL);
    Strategy *st = st_read(b, certs[i], NULL);
    g_assert_nonnull(st);
    g_assert_true(st->maker_to_move == (i != 0));
    st_free(st);
    bs_board_free(b);
  }
  g_assert_nonnull(strstr(c1, "tomove breaker"));
  /* without to_move the counts decide, and these are refused */
  MbBoard *b = bs_board_new("3^3", NULL);
  MbPosition pos;
  g_assert_true(mb_position_parse(b, "M:1,1,1 M:2,2,2", &pos, NULL));
  MbSolveOpts so;
  mb_solve_opts_default(&so);
  MbSolveResult r;
  GError *e = NULL;
  g_assert_false(mb_solve(b, &pos, &so, &r, &e));
  g_assert_nonnull(strstr(e->message, "--to-move"));
  g_error_free(e);
  mb_position_clear(&pos);
  bs_board_free(b);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/strategy/zones", test_breaker_zones);
  g_test_add_func("/strategy/supports", test_maker_supports);
  g_test_add_func("/strategy/length-3x3x3", test_length_33);
  g_test_add_func("/strategy/every-breaker-3x3x3", test_every_breaker_33);
  g_test_add_func("/strategy/breaker-pairing", test_breaker_pairing);
  g_test_add_func("/strategy/breaker-erdos-selfridge", test_breaker_es);
  g_test_add_func("/strategy/breaker-line-potential", test_breaker_lines);
  g_test_add_func("/strategy/options", test_options);
  g_test_add_func("/strategy/refused", test_refused);
  g_test_add_func("/strategy/same-verdict", test_same_verdict);
  g_test_add_func("/strategy/to-move", test_to_move);
  return g_test_run();
}
