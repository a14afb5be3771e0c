/* boardspec.h — boards of the makerbreaker workbench: one grammar of board
 * specs, the plain-text hypergraph format, cell names.
 *
 * Contract.
 *   A BOARD is one of these specs (numbers decimal, no spaces):
 *     N^D           the N^D tic-tac-toe board of board.h: cells (a_1..a_D),
 *                   1 <= a_i <= N, named "a1,a2,...,aD"; the lines of
 *                   board.h in its order.  2 <= N <= 64, 1 <= D <= 8.
 *     mnk:M,N,K     K in a row on M columns x N rows, four directions
 *                   (rows, columns, both diagonals); cells "x,y", 1 <= x <= M,
 *                   1 <= y <= N, index (x-1) + M(y-1).  Sets by direction
 *                   E, N, NE, SE, then by start cell.  1 <= K.
 *     torus:N,K     the toric K-in-a-row: the N x N torus (coordinates mod N),
 *                   windows of K consecutive cells along (1,0), (0,1), (1,1),
 *                   (1,-1), wrapping; cells "x,y", 0 <= x,y < N, index x + N y
 *                   (torus.h's cells).  When K = N a window is a whole coset
 *                   and each coset is one set (4N sets).  3 <= N, 2 <= K <= N.
 *     qcube:N,K     the K-subcubes of Q_N: cells are the 2^N vertices, named
 *                   as 0/1 strings of length N, coordinate 1 first (vertex
 *                   index bit i-1 = coordinate i, as cube.h); sets ordered by
 *                   star mask (increasing, popcount K), then by fixing
 *                   (increasing); each set's vertices increasing.
 *                   1 <= K <= N <= 20.
 *     lattice:S/M@W the lattice game of lattice.h on the window [0,W)^d: S is
 *                   a direction set in lat_dirs_parse()'s grammar ("1,0;0,1;
 *                   1,1;1,-1"), M the line length (2 <= M), W the window side;
 *                   the sets are the lines {p, p+v, .., p+(M-1)v}, v in S,
 *                   lying inside the window, ordered by v (as listed) then p;
 *                   cells "x0,x1,..", 0 <= x_i < W, index x0 + W x1 + ...
 *                   "lattice:S,M@W" (M after the last comma) is accepted too.
 *     file:PATH     a hypergraph file (format below); cells named by tokens.
 *     pg:PATH       a Positional Game Description 1.0 file (pgd.h): cells
 *                   are its #positions (named by their tokens, in order),
 *                   sets its #blackwins (in order); the file's position
 *                   (#blackinitials = Maker, #whiteinitials = Breaker), side
 *                   to move and Maker's move bound N (#times, #blackturns)
 *                   are kept in MbBoard.game (game.present); a strong game
 *                   (#whitewins) and the other refusals of pgd.h: one line.
 *   Limits (checked from the declared sizes BEFORE anything is allocated):
 *   at most BS_MAX_CELLS cells, BS_MAX_SETS sets and BS_MAX_INCID cell-set
 *   incidences; files at most BS_MAX_FILE bytes, lines IN_MAX_LINE bytes,
 *   text checked by in_check_text (input.h); every number by in_int64.
 *   Built-in boards never hold two equal sets (coinciding windows are kept
 *   once); a hypergraph file with two equal sets is rejected.
 *
 *   The hypergraph file format ("makerbreaker hypergraph"):
 *     - '#' starts a comment (to the end of the line); blank lines are ignored;
 *     - every other line is one winning set: its cells separated by blanks
 *       and/or commas;
 *     - a cell is a token of 1..BS_MAX_NAME bytes, any printable characters
 *       except blank, ',' and '#', not starting with '@'; cells are numbered
 *       in order of first appearance;
 *     - optional directives, lines whose first token starts with '@':
 *         @size CELLS SETS   (before any set, at most once) declares the
 *                            counts; the file must then hold exactly that
 *                            many sets and cells;
 *         @cells NAME...     declares cells in this order (so cells in no
 *                            set exist and the numbering is fixed); may
 *                            repeat, a name may not;
 *         @board SPEC        informational (what the file was exported from).
 *     - a cell repeated in one set, a repeated set, an empty or overlong
 *       token: one-line error naming the line.
 *   bs_write() writes any board in this format: "@board", "@size", "@cells"
 *   (all cells in index order, 16 per line), then one set per line in the
 *   board's order.  A built-in board's cell name "a,b,c" is written "a.b.c"
 *   there (commas separate cells); reading the file back gives the same
 *   hypergraph: same cells in the same order, same sets in the same order,
 *   each with its cells in the same order.
 *   Cell names on command lines and in certificates: bs_cell_name() gives
 *   the canonical name ("4,4,4", "0110", a file's token); bs_cell_parse()
 *   accepts the canonical name, and for coordinate boards '.' instead of ','.
 *   No global state.
 */
#ifndef GAME_BOARDSPEC_H
#define GAME_BOARDSPEC_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "game/board.h"
#include "solvers/hypergraph.h"
#include "game/latdirs.h"

enum {
  BS_MAX_CELLS = 1 << 24,
  BS_MAX_SETS = 1 << 24,
  BS_MAX_INCID = 1 << 26,
  BS_MAX_NAME = 256,
};
#define BS_MAX_FILE ((size_t)1 << 28)

typedef enum { BS_CUBE, BS_MNK, BS_TORUS, BS_QCUBE, BS_LATTICE, BS_FILE, BS_PG } BsKind;

/* a parsed spec: the parameters only (no sets, no file read) */
typedef struct {
  BsKind kind;
  int n, d;    /* cube: n^d; torus: n, k in k; qcube: n, k in k */
  int m, k;    /* mnk: m columns, n rows, k; lattice: m = line length */
  int w;       /* lattice window side (d = S.d) */
  LatDirs S;   /* lattice */
  char *path;  /* file and pg */
  uint64_t ncells, nsets_bound, incid_bound; /* declared sizes (files: 0) */
} BsSpec;

bool bs_spec_parse(const char *text, BsSpec *sp, GError **err);
char *bs_spec_canonical(const BsSpec *sp); /* "7^3", "mnk:7,7,5", ... */
void bs_spec_clear(BsSpec *sp);
/* coordinates per cell name: D for n^d and lattice, 2 for mnk and torus, 0
 * for qcube, files and pg */
int bs_spec_coords(const BsSpec *sp);

typedef struct {
  BsSpec spec;
  char *name;          /* canonical spec ("file:PATH" for files) */
  uint32_t ncells;
  Hypergraph *h;       /* vertices = cells, edges = winning sets, finalized */
  Board *cube;         /* n^d: board.h's board owning h */
  GPtrArray *names;    /* files and pg: the cell names */
  GHashTable *byname;  /* files and pg: name -> index + 1 */
  struct {             /* pg: the file's game */
    bool present;
    char *moves;          /* its position as --after moves ("M:a1 B:b2"; "" for none) */
    bool maker_to_move;   /* the side at the first time point */
    uint32_t maker_moves; /* black turns: N */
    uint32_t nmaker, nbreaker; /* the initials */
  } game;
} MbBoard;

MbBoard *bs_board_new(const char *spec, GError **err);
/* a hypergraph file's text; label names it in messages */
MbBoard *bs_board_from_text(const char *text, const char *label, GError **err);
void bs_board_free(MbBoard *b);

char *bs_cell_name(const MbBoard *b, uint32_t cell);      /* canonical; g_free */
char *bs_cell_token(const MbBoard *b, uint32_t cell);     /* the file form */
bool bs_cell_parse(const MbBoard *b, const char *text, uint32_t *cell, GError **err);

/* the board in the hypergraph format; false on a write error */
bool bs_write(FILE *f, const MbBoard *b);
/* cell c's name in a PGD file: a file's or pg board's token when every
 * token of the board is alphanumeric, else "v" and c + 1; coordinates
 * joined by 'x' ("4x4x4") on coordinate boards; qcube's 0/1 string */
char *bs_cell_pg_token(const MbBoard *b, uint32_t cell);
/* the board, owner[] (pairing.h's 0 free, 1 Maker, 2 Breaker) as the
 * initials, side to move and Maker's bound N as a PGD 1.0 file (pgd.h) */
bool bs_write_pg(FILE *f, const MbBoard *b, const uint8_t *owner, bool maker_to_move, uint32_t maker_moves);

#endif
