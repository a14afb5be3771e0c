/* mb_explain.c — `makerbreaker explain` and `makerbreaker play`: a strategy
 * certificate (solve --cert), checked by the independent checker
 * (certcheck.h) and then read by strategy.h, shown to a person as the
 * principal line and the winner's answers, or played against in the
 * terminal.  Help texts below; man/makerbreaker.1 says the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/boardspec.h"
#include "game/boardview.h"
#include "solve/certcheck.h"
#include "game/pairing.h"
#include "solve/strategy.h"
#include "plumbing/input.h"
#include "plumbing/output.h"
#include "tools/mb_cmds.h"
#include "tools/mb_common.h"

static const char *const PROG = "makerbreaker";

const char MB_HELP_EXPLAIN[] =
    "makerbreaker explain BOARD CERT [--depth D] [--picture FILE [--at N]]\n"
    "\n"
    "Reads a strategy certificate (solve --cert), has the independent checker\n"
    "judge it first (a rejected certificate: exit 1, nothing printed), and\n"
    "prints the strategy for a person:\n"
    "  - who wins from the certificate's position, and the GAME LENGTH: the\n"
    "    most moves (both sides) the strategy allows until Maker completes a\n"
    "    set (Maker wins) or until Breaker's closure is reached (Breaker wins:\n"
    "    a pairing, the Erdős–Selfridge bound, or no surviving set);\n"
    "  - the PRINCIPAL LINE: that longest game move by move (the loser always\n"
    "    picks the reply that keeps the game longest, the first such in the\n"
    "    certificate's order), Maker's threats and forced replies marked, with\n"
    "    the final position drawn (2-D boards as a grid, 3-D boards as layers\n"
    "    z=1.. side by side; X Maker, O Breaker, * the winner's last move);\n"
    "    at a pairing closure the pairs are drawn as letters (a a, b b, ..);\n"
    "  - the ANSWERS: the winner's move, then every reply the certificate\n"
    "    distinguishes (every loser move on a live cell) with the winner's\n"
    "    answer and the longest game left, D levels deep (--depth D, default\n"
    "    1, at most 8).  Replies that are symmetric images of earlier ones are\n"
    "    answered by mapping the earlier answer (the certificate's 'S' links).\n"
    "  --picture FILE  writes a gnuplot script (2-D and 3-D boards) of the\n"
    "    position where the winner first moves on the principal line (--at N:\n"
    "    first moves after at least N moves of the line; past its end, the last\n"
    "    position), the winner's move ringed: `gnuplot FILE > picture.png`.\n"
    "Exit 0; 1 the certificate is rejected; 2 bad input; 3 FILE not written.\n";

const char MB_HELP_PLAY[] =
    "makerbreaker play BOARD CERT\n"
    "\n"
    "Play against the certified strategy in the terminal: the program plays the\n"
    "winning side from the certificate (checked by the independent checker\n"
    "first), you the other, from the certificate's position.  The board is\n"
    "drawn after each move (2-D grid, 3-D layers z=1.. side by side, other\n"
    "boards as lists; X Maker, O Breaker).  Type a free cell (named as on the\n"
    "board, e.g. 1,1,1 on 3^3) and Enter; 'quit' (or end of input) stops.\n"
    "Every legal move is answered: a move the certificate lists is followed;\n"
    "any other (a cell on no surviving set, a pass for the strategy) is met\n"
    "as if you had played the first listed move, which can only help the\n"
    "program (a pass never helps in a Maker–Breaker game).  The game ends when\n"
    "Maker completes a set or every set holds a Breaker cell (or the board\n"
    "is full).  A taken or unknown cell is refused and asked again.\n"
    "Exit 0 when the game ends or you quit; 1 the certificate is rejected;\n"
    "2 bad input (the board or the certificate).\n";

typedef struct {
  const char *board, *cert, *depth, *picture, *at;
  bool help;
} XArgs;

static int xargs(int argc, char **argv, const char *allowed, XArgs *a) {
  memset(a, 0, sizeof *a);
  int pos = 0;
  for (int i = 0; i < argc; i++) {
    const char *s = argv[i];
    if (strcmp(s, "--help") == 0 || strcmp(s, "-h") == 0) {
      a->help = true;
      continue;
    }
    if (g_str_has_prefix(s, "--")) {
      const char *eq = strchr(s, '=');
      g_autofree char *name = eq ? g_strndup(s + 2, (size_t)(eq - s - 2)) : g_strdup(s + 2);
      g_autofree char *shown = in_escape(s, 40);
      g_autofree char *key = g_strdup_printf(" %s ", name);
      if (!strstr(allowed, key)) return mb_bad("unknown option '%s'", shown);
      const char *val = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
      if (!val) return mb_bad("option '%s' needs a value", shown);
      const char **slot = strcmp(name, "depth") == 0 ? &a->depth : strcmp(name, "at") == 0 ? &a->at : &a->picture;
      if (*slot) return mb_bad("option '--%s' given twice", name);
      *slot = val;
      continue;
    }
    if (pos == 0) a->board = s;
    if (pos == 1) a->cert = s;
    if (++pos > 2) {
      g_autofree char *shown = in_escape(s, 40);
      return mb_bad("unexpected argument '%s'", shown);
    }
  }
  if (!a->help && pos < 2) return mb_bad("give BOARD and CERT (a strategy certificate written by solve --cert)");
  return 0;
}

/* the board, the certificate checked and read; 0 or an exit status */
static int load(const XArgs *a, MbBoard **b, Strategy **st) {
  GError *e = NULL;
  *b = NULL, *st = NULL;
  g_autofree char *text = in_read(a->cert, IN_MAX_FILE, IN_MAX_LINE, &e);
  if (!text) {
    int r = mb_bad("certificate: %s", e->message);
    g_error_free(e);
    return r;
  }
  if (!g_str_has_prefix(text, "makerbreaker strategy 1\n"))
    return mb_bad("%s is not a strategy certificate (solve --cert writes them; pairing certificates are read by check)",
               a->cert);
  char *why = NULL;
  CcReport rep;
  CcResult cr = cc_check(a->board, text, &rep, &why);
  if (cr != CC_VALID) {
    g_autofree char *w = in_escape(why, 300);
    g_free(why);
    if (cr == CC_MALFORMED) return mb_bad("%s", w);
    g_autofree char *m = g_strdup_printf("the checker rejects the certificate: %s", w);
    in_error_line(PROG, m);
    return 1;
  }
  *b = bs_board_new(a->board, &e);
  if (!*b) {
    int r = mb_bad("%s", e->message);
    g_error_free(e);
    return r;
  }
  *st = st_read(*b, text, &e);
  if (!*st) {
    int r = mb_bad("%s", e->message);
    g_error_free(e);
    bs_board_free(*b);
    *b = NULL;
    return r;
  }
  return 0;
}

/* a sentence printed in lines of at most 96 columns, each indented */
static void wrap(const char *indent, const char *text) {
  g_auto(GStrv) w = g_strsplit(text, " ", -1);
  GString *ln = g_string_new(indent);
  size_t base = strlen(indent);
  for (int i = 0; w[i]; i++) {
    if (!*w[i]) continue;
    if (ln->len > base && g_utf8_strlen(ln->str, -1) + 1 + g_utf8_strlen(w[i], -1) > 96) {
      printf("%s\n", ln->str);
      g_string_assign(ln, indent);
      g_string_append(ln, "  ");
    } else if (ln->len > base)
      g_string_append_c(ln, ' ');
    g_string_append(ln, w[i]);
  }
  printf("%s\n", ln->str);
  g_string_free(ln, TRUE);
}

static const char *side(bool maker) { return maker ? "Maker" : "Breaker"; }

/* the marks of a position: X Maker, O Breaker, '.' free */
static char *marks_of(const MbBoard *b, const uint8_t *own) {
  char *m = g_malloc(b->ncells + 1);
  for (uint32_t c = 0; c < b->ncells; c++) m[c] = own[c] == MB_MAKER ? 'X' : own[c] == MB_BREAKER ? 'O' : '.';
  m[b->ncells] = 0;
  return m;
}

static void draw(const MbBoard *b, const char *marks, const char *indent) {
  GString *s = g_string_new(NULL);
  bv_text(b, marks, s);
  g_auto(GStrv) ln = g_strsplit(s->str, "\n", -1);
  for (int i = 0; ln[i] && *ln[i]; i++) printf("%s%s\n", indent, ln[i]);
  g_string_free(s, TRUE);
}

/* a set one short in the real position (its free cell), or UINT32_MAX; *two: another with a different cell */
static uint32_t threat_cell(const MbBoard *b, const uint8_t *own, bool *two) {
  uint32_t first = UINT32_MAX;
  *two = false;
  for (size_t e = 0; e < hg_ne(b->h); e++) {
    const uint32_t *c = hg_edge(b->h, e);
    size_t k = hg_edge_size(b->h, e);
    uint32_t fr = 0, last = 0;
    bool dead = false;
    for (size_t i = 0; i < k; i++) dead |= own[c[i]] == MB_BREAKER, fr += own[c[i]] == MB_FREE, last = own[c[i]] == MB_FREE ? c[i] : last;
    if (dead || fr != 1) continue;
    if (first == UINT32_MAX) first = last;
    else if (last != first) *two = true;
  }
  return first;
}

/* the set all Maker's, as text */
static char *won_set(const MbBoard *b, const uint8_t *own) {
  for (size_t e = 0; e < hg_ne(b->h); e++) {
    const uint32_t *c = hg_edge(b->h, e);
    size_t k = hg_edge_size(b->h, e);
    bool all = true;
    for (size_t i = 0; i < k; i++) all &= own[c[i]] == MB_MAKER;
    if (!all) continue;
    GString *s = g_string_new(NULL);
    for (size_t i = 0; i < k; i++) {
      g_autofree char *n = bs_cell_name(b, c[i]);
      g_string_append_printf(s, "%s%s", i ? " " : "", n);
    }
    return g_string_free(s, FALSE);
  }
  return g_strdup("?");
}

/* a sentence on the closure the player is in (Breaker-win trees) */
static void closure_words(const StPlay *p, GString *out) {
  const StNode *nd = st_play_node(p);
  const MbBoard *b = p->st->b;
  if (nd->op == 'P') {
    g_string_append_printf(out, "Breaker's pairing closure: %u disjoint pairs of free cells, every surviving set holds one; "
                                "Breaker answers each Maker cell with its partner:",
                           nd->n / 2);
    uint32_t *m = g_new(uint32_t, nd->n ? nd->n : 1);
    st_play_map(p, nd->cells, nd->n, m);
    for (uint32_t i = 0; i < nd->n; i += 2) {
      g_autofree char *x = bs_cell_name(b, m[i]), *y = bs_cell_name(b, m[i + 1]);
      g_string_append_printf(out, " %s-%s", x, y);
    }
    g_free(m);
  } else if (nd->op == 'E')
    g_string_append_printf(out, "Breaker's Erdős–Selfridge closure: the sum of 2^-(free cells) over the surviving sets%s "
                                "is %s < 1; Breaker takes the cell of largest weight each move",
                           p->maker_to_move ? " plus the largest cell term" : "", nd->es);
  else if (nd->op == 'L')
    g_string_append_printf(out, "Breaker's line potential: over the near-lines (every line minus one cell is a winning set), "
                                "(u+2)/2^u for a line with u free cells and no Breaker cell, 1/2^u with one, plus 2^-(free cells) "
                                "for any other surviving set%s, is %s < 1; Breaker takes the cell of largest gain each move",
                           p->maker_to_move ? ", plus the largest cell gain" : "", nd->es);
  else if (nd->op == 'D')
    g_string_append(out, "every winning set holds a Breaker cell");
  else
    g_string_append(out, "?");
}

/* the pairing drawn: letters for the pairs, X and O for the cells taken */
static void draw_pairing(const StPlay *p, const char *indent) {
  const StNode *nd = st_play_node(p);
  const MbBoard *b = p->st->b;
  g_autofree char *mk = marks_of(b, p->real);
  uint32_t *m = g_new(uint32_t, nd->n ? nd->n : 1);
  st_play_map(p, nd->cells, nd->n, m);
  static const char L[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWYZ0123456789";
  for (uint32_t i = 0; i < nd->n; i += 2) {
    char ch = i / 2 < sizeof L - 1 ? L[i / 2] : '+';
    mk[m[i]] = mk[m[i + 1]] = ch;
  }
  g_free(m);
  draw(b, mk, indent);
}

/* ---- explain ---- */

typedef struct {
  uint32_t at;           /* the picture: the winner's first move after at least `at` moves */
  GString *picture;      /* the gnuplot script */
} Explain;

static void explain_line(const Strategy *st, Explain *x) {
  const MbBoard *b = st->b;
  StPlay *p = st_play_new(st);
  uint32_t *cells = g_new(uint32_t, b->ncells + 1), *plies = g_new(uint32_t, b->ncells + 1);
  uint32_t n = 0, last = UINT32_MAX;
  printf("principal line (the longest game this strategy allows; %s, losing, always picks the reply\n"
         "that keeps the game longest):\n",
         side(!st->maker_wins));
  for (;;) {
    if (st_play_over(p)) break;
    if (st_play_winner_to_move(p)) {
      uint32_t c;
      if (!x->picture && n >= x->at) {
        StPlay *q = st_play_copy(p);
        if (st_play_winner(q, &c)) {
          x->picture = g_string_new(NULL);
          g_autofree char *cn = bs_cell_name(b, c);
          g_autofree char *title = g_strdup_printf("%s: %s's move %s (after %u move%s of the principal line)",
                                                   b->name, side(st->maker_wins), cn, n, n == 1 ? "" : "s");
          if (!bv_gnuplot(b, p->real, c, title, x->picture)) g_string_free(x->picture, TRUE), x->picture = NULL;
        }
        st_play_free(q);
      }
      if (!st_play_winner(p, &c)) break;
      last = c;
      g_autofree char *cn = bs_cell_name(b, c);
      GString *ln = g_string_new(NULL);
      g_string_append_printf(ln, "  %3u. %-7s %-10s", ++n, side(st->maker_wins), cn);
      if (st_play_over(p) == MB_MAKER) {
        g_autofree char *s = won_set(b, p->real);
        g_string_append_printf(ln, " completes the set %s", s);
      } else if (st->maker_wins) {
        bool two;
        uint32_t t = threat_cell(b, p->real, &two);
        g_autofree char *tn = t != UINT32_MAX ? bs_cell_name(b, t) : NULL;
        if (two) g_string_append(ln, " double threat: two sets one short");
        else if (tn) g_string_append_printf(ln, " threat: Breaker must take %s", tn);
      }
      printf("%s\n", g_strchomp(ln->str));
      g_string_free(ln, TRUE);
      continue;
    }
    uint32_t k = st_play_options(p, cells, plies);
    if (k == 0) break;
    uint32_t best = 0;
    for (uint32_t i = 1; i < k; i++)
      if (plies[i] > plies[best]) best = i;
    g_autofree char *cn = bs_cell_name(b, cells[best]);
    g_autofree char *ln = g_strdup_printf("  %3u. %-7s %-10s%s", ++n, side(!st->maker_wins), cn, k == 1 ? " forced" : "");
    printf("%s\n", g_strchomp(ln));
    st_play_loser(p, cells[best]);
  }
  if (!x->picture) { /* past the line's end: its last position, the winner's last move ringed */
    x->picture = g_string_new(NULL);
    g_autofree char *title = g_strdup_printf("%s: the end of the principal line (%u moves)", b->name, n);
    bv_gnuplot(b, p->real, last, title, x->picture);
  }
  g_autofree char *mk = marks_of(b, p->real);
  if (last != UINT32_MAX) mk[last] = '*';
  if (st_play_over(p) == MB_MAKER) printf("  Maker wins after %u moves; the final position (* Maker's last move):\n", n);
  else {
    GString *w = g_string_new(NULL);
    closure_words(p, w);
    g_autofree char *sent = g_strdup_printf("after %u moves, %s.", n, w->str);
    wrap("  ", sent);
    g_string_free(w, TRUE);
    if (st_play_node(p)->op == 'P') {
      printf("  the position with the pairs drawn (a a, b b, ..: a pair; X Maker, O Breaker):\n");
      draw_pairing(p, "    ");
      mk[0] = 0;
    } else
      printf("  the position (X Maker, O Breaker%s):\n", last != UINT32_MAX ? ", * Breaker's last move" : "");
  }
  if (mk[0] || b->ncells == 0) draw(b, mk, "    ");
  g_free(cells), g_free(plies);
  st_play_free(p);
}

/* the winner's answers: from p (loser to move), `depth` levels */
static void explain_answers(StPlay *p, int depth, int indent) {
  const Strategy *st = p->st;
  const MbBoard *b = st->b;
  uint32_t *cells = g_new(uint32_t, b->ncells + 1), *plies = g_new(uint32_t, b->ncells + 1);
  uint32_t k = st_play_options(p, cells, plies);
  for (uint32_t i = 0; i < k; i++) {
    StPlay *q = st_play_copy(p);
    st_play_loser(q, cells[i]);
    g_autofree char *rn = bs_cell_name(b, cells[i]);
    printf("%*s%s %-10s ->", indent, "", side(!st->maker_wins), rn);
    uint32_t c;
    if (st_play_over(q)) printf(" %s has won\n", side(st_play_over(q) == MB_MAKER));
    else if (st_play_winner(q, &c)) {
      g_autofree char *cn = bs_cell_name(b, c);
      printf(" %s %s", side(st->maker_wins), cn);
      if (st_play_over(q) == MB_MAKER) printf(", completing a set\n");
      else if (q->mode == ST_CLOSURE) {
        GString *w = g_string_new(NULL);
        closure_words(q, w);
        printf(" then:\n");
        g_autofree char *ind = g_strdup_printf("%*s", indent + 4, "");
        wrap(ind, w->str);
        if (st_play_node(q)->op == 'P') draw_pairing(q, ind);
        g_string_free(w, TRUE);
      } else {
        uint32_t left = st_play_plies(q);
        printf(", then at most %u more move%s\n", left, left == 1 ? "" : "s");
        if (depth > 1) explain_answers(q, depth - 1, indent + 4);
      }
    } else {
      GString *w = g_string_new(NULL);
      closure_words(q, w);
      printf("\n");
      g_autofree char *ind = g_strdup_printf("%*s", indent + 4, "");
      wrap(ind, w->str);
      g_string_free(w, TRUE);
    }
    st_play_free(q);
  }
  g_free(cells), g_free(plies);
}

static bool write_text(FILE *f, const GString *s) { return fwrite(s->str, 1, s->len, f) == s->len; }

int mb_cmd_explain(int argc, char **argv) {
  XArgs a;
  int r = xargs(argc, argv, " depth picture at ", &a);
  if (r) return r;
  if (a.help) return mb_put_help(MB_HELP_EXPLAIN);
  int depth = 1;
  if (a.depth && !in_int(a.depth, 0, 8, &depth)) return mb_bad("--depth must be an integer from 0 to 8");
  int at = 0;
  if (a.at && !in_int(a.at, 0, 1 << 24, &at)) return mb_bad("--at must be a number of moves from 0 up");
  if (a.at && !a.picture) return mb_bad("--at chooses the position of --picture; give --picture FILE too");
  GError *e = NULL;
  if (a.picture && !out_check(a.picture, &e)) {
    r = mb_bad("--picture: %s", e->message);
    g_error_free(e);
    return r;
  }
  if (a.picture) { /* before anything is read */
    BsSpec sp;
    if (bs_spec_parse(a.board, &sp, NULL)) {
      int d = bs_spec_coords(&sp);
      g_autofree char *name = bs_spec_canonical(&sp);
      bs_spec_clear(&sp);
      if (d != 2 && d != 3) return mb_bad("--picture draws 2-D and 3-D boards only; %s is neither", name);
    }
  }
  MbBoard *b;
  Strategy *st;
  if ((r = load(&a, &b, &st))) return r;
  g_autofree char *mv = mb_position_string(b, &st->root);
  printf("board %s, position %s, %s to move: %s wins (the certificate is valid: %u tree nodes)\n", b->name, mv,
         side(st->maker_to_move), side(st->maker_wins), st->nnodes);
  const StNode *root = &st->node[0];
  StPlay *p = st_play_new(st);
  if (st->maker_wins)
    printf("game length: at most %u moves from here until Maker completes a set\n", st_play_plies(p));
  else
    printf("game length: at most %u moves from here until Breaker's closure decides the game\n", st_play_plies(p));
  (void)root;
  printf("\n");
  Explain x = {(uint32_t)at, NULL};
  explain_line(st, &x);
  if (depth > 0 && !st_play_over(p)) {
    printf("\n%s's answers (%d level%s; --depth):\n", side(st->maker_wins), depth, depth == 1 ? "" : "s");
    uint32_t c;
    if (st_play_winner_to_move(p) && st_play_winner(p, &c)) {
      g_autofree char *cn = bs_cell_name(b, c);
      printf("%s plays %s", side(st->maker_wins), cn);
      if (st_play_over(p)) printf(" and has won\n");
      else printf("; then\n");
    }
    if (!st_play_over(p)) {
      if (p->mode == ST_CLOSURE) {
        GString *w = g_string_new(NULL);
        closure_words(p, w);
        wrap("  ", w->str);
        g_string_free(w, TRUE);
      } else
        explain_answers(p, depth, 2);
    }
  }
  st_play_free(p);
  r = 0;
  if (fflush(stdout) != 0 || ferror(stdout)) r = mb_bad("cannot write standard output"), r = 3;
  if (a.picture && r == 0) {
    if (!x.picture) {
      x.picture = g_string_new(NULL);
      bv_gnuplot(b, st->root.owner, UINT32_MAX, b->name, x.picture);
    }
    OutFile *o = out_open(a.picture, &e);
    if (!o) {
      in_error_line(PROG, e->message);
      g_error_free(e);
      r = 3;
    } else if (!write_text(out_stream(o), x.picture)) {
      out_abort(o);
      r = mb_bad("cannot write %s", a.picture), r = 3;
    } else if (!out_commit(o, &e)) {
      in_error_line(PROG, e->message);
      g_error_free(e);
      r = 3;
    }
  }
  if (x.picture) g_string_free(x.picture, TRUE);
  st_free(st);
  bs_board_free(b);
  return r;
}

/* ---- play ---- */

static void show(const StPlay *p, uint32_t last) {
  const MbBoard *b = p->st->b;
  g_autofree char *mk = marks_of(b, p->real);
  (void)last;
  draw(b, mk, "  ");
}

int mb_cmd_play(int argc, char **argv) {
  XArgs a;
  int r = xargs(argc, argv, " ", &a);
  if (r) return r;
  if (a.help) return mb_put_help(MB_HELP_PLAY);
  MbBoard *b;
  Strategy *st;
  if ((r = load(&a, &b, &st))) return r;
  bool you_maker = !st->maker_wins;
  g_autofree char *mv = mb_position_string(b, &st->root);
  printf("makerbreaker play %s (position %s): you are %s; the program plays %s from the certificate,\n"
         "which proves that %s wins.  X Maker, O Breaker.  Type a free cell and Enter; 'quit' ends.\n",
         b->name, mv, side(you_maker), side(!you_maker), side(!you_maker));
  StPlay *p = st_play_new(st);
  show(p, UINT32_MAX);
  char *line = NULL;
  size_t cap = 0;
  int over;
  while (!(over = st_play_over(p))) {
    if (st_play_winner_to_move(p)) {
      uint32_t c;
      if (!st_play_winner(p, &c)) break;
      g_autofree char *cn = bs_cell_name(b, c);
      printf("%s plays %s\n", side(!you_maker), cn);
      show(p, c);
      continue;
    }
    printf("your move (%s): ", side(you_maker));
    fflush(stdout);
    /* a whole line, however long (E7: a long line was read as several
     * inputs); a NUL byte in it is not a cell name: refused, try again */
    ssize_t got = getline(&line, &cap, stdin);
    if (got < 0) {
      printf("\nend of input: the game is left unfinished\n");
      break;
    }
    if (memchr(line, '\0', (size_t)got)) {
      printf("a NUL byte is not part of a cell name; try again\n");
      continue;
    }
    g_strstrip(line);
    if (!*line) continue;
    if (strcmp(line, "quit") == 0 || strcmp(line, "q") == 0) {
      printf("you quit after %u moves\n", p->moves);
      break;
    }
    uint32_t c;
    GError *e = NULL;
    if (!bs_cell_parse(b, line, &c, &e)) {
      printf("%s; try again\n", e->message);
      g_error_free(e);
      continue;
    }
    if (p->real[c] != MB_FREE) {
      g_autofree char *cn = bs_cell_name(b, c);
      printf("%s is taken; try again\n", cn);
      continue;
    }
    st_play_loser(p, c);
    g_autofree char *cn = bs_cell_name(b, c);
    printf("you play %s\n", cn);
    show(p, c);
  }
  if (over == MB_MAKER) {
    g_autofree char *s = won_set(b, p->real);
    printf("Maker has completed the set %s: Maker wins after %u moves.\n", s, p->moves);
  } else if (over == MB_BREAKER)
    printf("Every winning set holds a Breaker cell: Breaker wins after %u moves.\n", p->moves);
  if (p->imaginary) printf("(%u of your moves were passes for the strategy, answered as the first listed move)\n", p->imaginary);
  free(line);
  st_play_free(p);
  st_free(st);
  bs_board_free(b);
  if (fflush(stdout) != 0 || ferror(stdout)) return mb_bad("cannot write standard output"), 3;
  return 0;
}
