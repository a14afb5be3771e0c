/* pgd.h — Positional Game Description 1.0 files (".pg"), the exchange
 * format of the QBF community's positional-game benchmarks, read and
 * written for Maker–Breaker games (black = Maker, white = Breaker).
 *
 * Contract.
 *   The format (as its public description defines it; this reader is our
 *   own): a file is lines; a line whose first non-blank byte is '#' is a
 *   CODE WORD, alone on its line, and the lines after it, up to the next
 *   code word or the end, are its content, each a list of tokens separated
 *   by blanks or tabs.  Tokens (vertices and time points) are alphanumeric
 *   strings ([A-Za-z0-9]+, at most BS_MAX_NAME bytes).  The code words:
 *     #positions      the vertices (the cells), in order; each once
 *     #blackwins      one black winning set per line (Maker's sets)
 *     #whitewins      one white winning set per line: a STRONG game when
 *                     not empty, refused ("not a Maker–Breaker game")
 *     #blackinitials  vertices black owns before the game (Maker's cells)
 *     #whiteinitials  vertices white owns (Breaker's cells)
 *     #times          the time points, in the order of the game
 *     #blackturns     the time points at which black plays (a subset)
 *     #firstmoves     vertices the first move must be chosen from: refused
 *                     when not empty (a restricted first move is not a
 *                     position of the game)
 *     #version        "1.0"
 *   Also accepted: '%' starts a comment to the end of the line (the
 *   community's scripts skip such lines), blank lines, '\r' before '\n', a
 *   code word given twice (its contents add up).  #positions must be given
 *   and not empty; every other section may be missing (empty).
 *   The game: the players claim free vertices at the time points in order,
 *   black at black turns; black wins iff it owns all vertices of some black
 *   winning set by the end.  The turns must ALTERNATE (no two consecutive
 *   time points of one colour; a biased game is refused); the first time
 *   point names the side to move, and the number of black turns is the
 *   bound N of "can Maker win within N of her moves?" (pg_game.maker_moves).
 *   No time points: N = 0, side to move black.
 *   Refused, one line each (err, PG_ERR quark): unknown code word, tokens
 *   before the first code word, a token that is not alphanumeric or too
 *   long, a vertex listed twice in #positions or twice in one set, a set
 *   or initial naming an unknown vertex, two equal black sets, a vertex in
 *   both initials (or twice in one), a repeated time point, a black turn
 *   that is no time point, non-alternating turns, a non-empty #whitewins or
 *   #firstmoves, a #version other than 1.0, more than BS_MAX_CELLS
 *   vertices, BS_MAX_SETS sets or BS_MAX_INCID incidences; text as
 *   in_check_text (IN_MAX_LINE).
 *   pgd_write() writes a Maker–Breaker game in the format: #version 1.0,
 *   #positions, #blackwins (one set per line, the given order), the two
 *   initials, #times t1..tT alternating from the side to move, T the
 *   plies that matter (N black turns; white's turns between them, and one
 *   before the first when white moves first), #blackturns.  Reading it
 *   back gives the same vertices, sets, initials, side to move and N.
 *   No global state.
 */
#ifndef GAME_PGD_H
#define GAME_PGD_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
  GPtrArray *names;     /* vertices, in #positions order (owned strings) */
  GHashTable *byname;   /* name -> index + 1 */
  GArray *start;        /* uint32: nsets + 1 offsets into cells */
  GArray *cells;        /* uint32: the black sets' vertices, in file order */
  GArray *black, *white; /* uint32: initials, in file order */
  bool black_to_move;   /* who plays at the first time point */
  uint32_t maker_moves; /* black turns */
  uint32_t ntimes;
} PgGame;

bool pgd_parse(const char *text, const char *label, PgGame *g, GError **err);
void pgd_clear(PgGame *g);
/* true iff tok is a valid PGD token */
bool pgd_token_ok(const char *tok);

/* writes the game: names[ncells] (valid tokens, distinct), sets as
 * start[nsets+1]/cells, owner[ncells] (0 free, 1 black, 2 white); false on
 * a write error */
bool pgd_write(FILE *f, uint32_t ncells, char *const *names, uint32_t nsets, const uint32_t *start,
              const uint32_t *cells, const uint8_t *owner, bool black_to_move, uint32_t maker_moves);

#endif
