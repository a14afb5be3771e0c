/* makerbreaker — the workbench: Breaker's pairing strategies on any board.
 *
 *   makerbreaker info    BOARD [--after MOVES] [--write FILE] [--json]
 *   makerbreaker pairing BOARD [--after MOVES] [--kind private|shared] [--out CERT] [--json]
 *   makerbreaker check   BOARD CERT [--json]
 *   makerbreaker export  BOARD [--out FILE]
 *   makerbreaker solve   BOARD [--breaker-first | --to-move maker|breaker] [--after MOVES]
 *                              [--nodes N] [--seconds S] [--threads T] [--checkpoint FILE]
 *                              [--cert FILE] [--json] [--exit-winner]
 *   makerbreaker explain BOARD CERT [--depth D] [--picture FILE [--at N]]   (src/tools/mb_explain.c)
 *   makerbreaker play    BOARD CERT                                (src/tools/mb_explain.c)
 *   makerbreaker help    [SUBCOMMAND]
 *
 * The text of `makerbreaker --help` below is the documentation (man/makerbreaker.1
 * says the same, tests/e2e/man_pages.sh compares them; doc/makerbreaker.md has
 * examples).  Boards: src/game/boardspec.h; search and certificates:
 * src/game/pairing.h; the independent checker: src/solve/certcheck.h; info:
 * src/game/boardinfo.h; --json: src/tools/mb_json.h.  Exit 0 ok / found, 1
 * no pairing exists (or, for pairing, Maker has already won, or a
 * certificate is rejected), 2 bad input (one line on stderr, nothing
 * written), 3 an output could not be written, 4 unknown (solve's budget),
 * 10 / 11 Maker / Breaker wins (solve --exit-winner).
 */
#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/boardinfo.h"
#include "game/boardspec.h"
#include "solve/certcheck.h"
#include "game/pairing.h"
#include "solve/solver.h"
#include "plumbing/checkpoint.h"
#include "plumbing/errors.h"
#include "plumbing/input.h"
#include "plumbing/output.h"
#include "tools/mb_cmds.h"
#include "tools/mb_common.h"
#include "tools/mb_json.h"
#include "solve/boundcheck.h"
#include "solve/bounded.h"
#include "solve/qbf.h"

static const char *const PROG = "makerbreaker";

static const char HELP_MAIN[] =
    "makerbreaker — pairing strategies for Breaker on any Maker–Breaker board\n"
    "\n"
    "Usage:\n"
    "  makerbreaker info    BOARD [--after MOVES] [--write FILE] [--json]\n"
    "  makerbreaker pairing BOARD [--after MOVES] [--kind private|shared] [--out CERT] [--json]\n"
    "                             [--seconds S] [--conflicts C]\n"
    "  makerbreaker check   BOARD CERT [--json]\n"
    "  makerbreaker export  BOARD [--out FILE] [--pg [--after MOVES] [--maker-moves N] ...]\n"
    "  makerbreaker solve   BOARD [--breaker-first | --to-move maker|breaker] [--after MOVES]\n"
    "                             [--nodes N] [--seconds S] [--threads T] [--checkpoint FILE]\n"
    "                             [--cert FILE] [--json] [--exit-winner]\n"
    "                             [--maker-moves N | --fastest [--cert-hold FILE]]\n"
    "  makerbreaker qbf     BOARD [--after MOVES] [--breaker-first | --to-move ..] --maker-moves N\n"
    "                             [--out F.qdimacs]\n"
    "  makerbreaker explain BOARD CERT [--depth D] [--picture FILE [--at N]]\n"
    "  makerbreaker play    BOARD CERT\n"
    "  makerbreaker help    [info|pairing|check|export|solve|qbf|explain|play|json|boards|moves|\n"
    "                        format|pg|certificate]\n"
    "  (makerbreaker --help prints this text; makerbreaker COMMAND --help, the\n"
    "  command's own: the same as makerbreaker help COMMAND)\n"
    "\n"
    "BOARD (see `makerbreaker help boards`):\n"
    "  N^D            N^D tic-tac-toe (lines of board.h), cells a1,..,aD in 1..N\n"
    "  mnk:M,N,K      K in a row on M columns x N rows, 4 directions, cells x,y from 1\n"
    "  torus:N,K      K in a row on the N x N torus, 4 directions, wrapping, cells x,y from 0\n"
    "  qcube:N,K      the K-subcubes of Q_N, cells 0/1 strings of length N\n"
    "  lattice:S/M@W  lines of M points along the directions S inside [0,W)^d, cells from 0\n"
    "  file:PATH      a hypergraph file (`makerbreaker help format`)\n"
    "  pg:PATH        a Positional Game Description 1.0 file (`makerbreaker help pg`)\n"
    "\n"
    "MOVES (--after, see `makerbreaker help moves`): \"M:4,4,4 B:5,5,5 M:1,2,3\".\n"
    "\n"
    "--json (info, pairing, solve, check): one JSON object instead of the text\n"
    "(`makerbreaker help json`).\n"
    "\n"
    "Exit status: 0 ok / a pairing found / certificate valid / solved (whoever\n"
    "wins, also when Maker has already won) / explained / played; 1 no pairing\n"
    "exists, or (pairing) Maker has already won, or the certificate is rejected,\n"
    "or (solve) the certificate it wrote was rejected by the checker; 2 bad input\n"
    "(one line on stderr, nothing written); 3 an output could not be written;\n"
    "4 (solve, pairing --kind shared) the budget ran out and the outcome is\n"
    "unknown; with solve --exit-winner, 10 Maker wins and 11 Breaker wins.\n"
    "\n"
    "Examples:\n"
    "  makerbreaker info 8^3\n"
    "  makerbreaker pairing 9^3 --out 9cube.cert && makerbreaker check 9^3 9cube.cert\n"
    "  makerbreaker pairing 7^3 --after \"M:4,4,4 B:5,5,5 M:1,2,3 B:6,2,6\"\n"
    "  makerbreaker pairing 4^2                      # none: prints a Hall-violating family\n"
    "  makerbreaker pairing qcube:5,2 --kind shared --out q52.cert   # none: DRAT refutation\n"
    "  makerbreaker export mnk:5,5,4 > b.txt && makerbreaker info file:b.txt\n"
    "  makerbreaker solve 3^3 --cert 3.cert && makerbreaker explain 3^3 3.cert\n"
    "  makerbreaker play 3^3 3.cert                  # you are Breaker\n"
    "  makerbreaker solve mnk:4,4,3 --fastest        # Maker's speed, two checked certificates\n"
    "  makerbreaker qbf mnk:4,4,3 --maker-moves 3 --out g.qdimacs && depqbf g.qdimacs\n";

static const char HELP_INFO[] =
    "makerbreaker info BOARD [--after MOVES] [--write FILE] [--json]\n"
    "\n"
    "Prints, for the surviving sets (no Breaker cell) reduced to their free cells:\n"
    "  cells, winning sets, the position, surviving and dead sets, free cells;\n"
    "  set sizes (min..max) and cell degrees (min..max over free cells);\n"
    "  the Erdős–Selfridge sum  sum_A 2^-|A|  and the largest  sum_{A∋v} 2^-|A|,\n"
    "  as exact fractions; Breaker moving first wins if the sum is < 1, Breaker\n"
    "  moving second wins if sum + largest cell term < 1 (sufficient conditions);\n"
    "  the counting bounds a pairing must meet: private pairs need\n"
    "  2 * surviving <= free cells; shared pairs are disjoint, so at most\n"
    "  floor(free/2) of them, each inside at most c sets (c = the largest number\n"
    "  of surviving sets through two cells), so floor(free/2) * c >= surviving,\n"
    "  and every surviving set needs two free cells.\n"
    "--write FILE writes the board in the hypergraph format (like export).\n"
    "--json prints one JSON object instead (`makerbreaker help json`).\n";

static const char HELP_PAIRING[] =
    "makerbreaker pairing BOARD [--after MOVES] [--kind private|shared] [--out CERT] [--json]\n"
    "                           [--seconds S] [--conflicts C]\n"
    "\n"
    "Looks for a pairing strategy for Breaker in the position after MOVES.\n"
    "  --kind private (default): every surviving set gets a pair of free cells of\n"
    "    its own, all pairs disjoint: a matching saturating 'each set taken twice'\n"
    "    vs the free cells (Hopcroft–Karp).  If none exists, prints a family of\n"
    "    surviving sets whose free cells are fewer than twice their number (Hall's\n"
    "    condition fails; from the alternating paths of a maximum matching).\n"
    "  --kind shared: disjoint pairs, every surviving set containing one; decided\n"
    "    by CaDiCaL on a CNF (one variable per pair of free cells inside a set,\n"
    "    pairwise at-most-one per cell, one clause per set); the model is checked;\n"
    "    if none exists the DRAT refutation is verified by src/solvers/drat.c.\n"
    "Prints the answer and the pairs (or the family); --out CERT writes the\n"
    "certificate (`makerbreaker help certificate`), checkable by `check`;\n"
    "--json prints one JSON object instead of the text (`help json`).\n"
    "  --seconds S, --conflicts C (--kind shared): stop the SAT search after S\n"
    "    seconds of wall clock or C conflicts; then the answer is 'unknown' and\n"
    "    nothing is written (exit 4).  Without either the budget is --seconds 60\n"
    "    (hard inputs ran for minutes).\n"
    "Exit 0 found, 1 none exists (the certificate of that is still written) or\n"
    "Maker has already won (a set wholly Maker's: nothing to pair), 2 bad input,\n"
    "4 a budget ran out (shared).\n";

static const char HELP_CHECK[] =
    "makerbreaker check BOARD CERT [--json]\n"
    "\n"
    "The independent checker (src/solve/certcheck.c): it enumerates the board's\n"
    "cells and winning sets itself (windows along direction vectors; its own\n"
    "file reader), replays the moves and checks the certificate:\n"
    "  pairing: pairs of distinct free cells, pairwise disjoint; private: each\n"
    "    surviving set named with its own pair inside it, every one exactly once;\n"
    "    shared: every surviving set holds both cells of some pair;\n"
    "  hall: distinct surviving sets whose free cells are fewer than twice as many;\n"
    "  refutation: every variable a distinct pair of free cells, every clause\n"
    "    either (-x -y) for two pairs sharing a cell or positive holding the\n"
    "    variable of every pair inside some surviving set; the DRAT proof\n"
    "    verified by src/solvers/drat.c.\n"
    "Prints 'valid: ...' (exit 0), naming what was proved: the board, the\n"
    "position (the certificate's moves) and, for strategies, the winner, the side\n"
    "to move and the side that moved first; or 'rejected: ...' (exit 1).  A\n"
    "malformed or truncated certificate or a cell not on the board: one line on\n"
    "stderr, exit 2.  The header (magic, board, size) is read before the board\n"
    "is built, so junk is refused at once whatever the board.\n"
    "--json prints one JSON object instead, with valid and reason (`help json`).\n";

static const char HELP_EXPORT[] =
    "makerbreaker export BOARD [--out FILE]\n"
    "makerbreaker export BOARD --pg [--after MOVES] [--breaker-first | --to-move maker|breaker]\n"
    "                              [--maker-moves N] [--out FILE]\n"
    "\n"
    "Writes the board as a hypergraph file (`makerbreaker help format`) to FILE\n"
    "or standard output; file:FILE reads it back to the same hypergraph (same\n"
    "cells in the same order, same sets in the same order).\n"
    "--pg writes it, with the position after MOVES, as a Positional Game\n"
    "Description 1.0 file (`makerbreaker help pg`): Maker is black, her cells\n"
    "#blackinitials, Breaker's #whiteinitials; #times and #blackturns alternate\n"
    "from the side to move (as solve takes it) and give Maker N moves (default:\n"
    "every move she can still make, so the file asks for the whole game).  Cells\n"
    "are named by alphanumeric tokens: coordinates joined by 'x' (4x4x4, 3x2),\n"
    "a file's tokens if all are alphanumeric, else v1, v2, ...  pg:FILE reads it\n"
    "back to the same cells, sets (in order), position, side to move and N.\n";

static const char MB_HELP_PG[] =
    "Positional Game Description 1.0 files (pg:PATH; written by export --pg), the\n"
    "format of the QBF community's positional-game benchmarks.  Lines; a line\n"
    "starting with '#' is a code word, alone on its line; the lines after it, up\n"
    "to the next code word, are its content: tokens separated by blanks, each an\n"
    "alphanumeric string (at most 256 bytes).\n"
    "  #positions      the vertices (cells), in order\n"
    "  #blackwins      one winning set per line: Maker's sets (black = Maker)\n"
    "  #whitewins      white's sets: a strong game if not empty, refused (exit 2)\n"
    "  #blackinitials  Maker's cells in the position\n"
    "  #whiteinitials  Breaker's cells (white = Breaker)\n"
    "  #times          the time points, in order of play\n"
    "  #blackturns     the time points at which black (Maker) moves\n"
    "  #firstmoves     a restricted first move: refused unless empty\n"
    "  #version        1.0\n"
    "Also: '%' starts a comment, blank lines are ignored, a code word may repeat\n"
    "(its contents add up).  The turns must alternate; the first time point\n"
    "names the side to move and the number of black turns is N, Maker's move\n"
    "bound: `solve pg:F` answers \"can Maker complete a set within N moves?\"\n"
    "(the bounded game, `help solve`), `qbf pg:F` encodes that question.\n"
    "--after adds moves to the file's position (in turn order; Maker's among them\n"
    "use up N).  An unknown code word, a bad token, a vertex twice, a set naming\n"
    "an unknown vertex, two equal sets, biased turns: one line on stderr, exit 2.\n";

static const char MB_HELP_QBF[] =
    "makerbreaker qbf BOARD [--after MOVES] [--breaker-first | --to-move maker|breaker]\n"
    "                       --maker-moves N [--out F.qdimacs]\n"
    "\n"
    "Writes the bounded game (can Maker complete a set within N of her moves?)\n"
    "as a quantified Boolean formula in QDIMACS, true iff Maker wins within N:\n"
    "the corrective encoding of Mayer-Eichberger and Saffidine (SAT 2020), from\n"
    "its description (src/solve/qbf.h).  Maker's moves are existential one-hot\n"
    "variables per ply, Breaker's a universal binary number per ply; when it\n"
    "names a taken cell or no cell, the existential side chooses a free cell\n"
    "for Breaker instead (a move he could have made), so illegal universal\n"
    "choices need no constraint.  Any QBF solver checks an answer of\n"
    "`solve --maker-moves N`, e.g. `depqbf F.qdimacs` (exit 10 true, 20 false).\n"
    "On a pg: board N defaults to the file's.  Prints the formula's size when\n"
    "--out is given; without it the formula goes to standard output.\n";

static const char HELP_BOARDS[] =
    "Board specs (numbers decimal, no spaces):\n"
    "  N^D            cells (a1,..,aD), 1 <= ai <= N; the lines of the paper's §2.2\n"
    "                 (n cells, each coordinate constant, increasing or decreasing);\n"
    "                 2 <= N <= 64, 1 <= D <= 8.  Example: 7^3, cell 4,4,4.\n"
    "  mnk:M,N,K      M columns x N rows, the K-windows of rows, columns and both\n"
    "                 diagonals; cells x,y with 1 <= x <= M, 1 <= y <= N.\n"
    "  torus:N,K      the N x N torus, K-windows along (1,0), (0,1), (1,1), (1,-1),\n"
    "                 wrapping (K = N: the 4N whole lines); cells x,y, 0 <= x,y < N;\n"
    "                 3 <= N, 2 <= K <= N.  torus:8,8 is the 9-in-a-row paper's torus.\n"
    "  qcube:N,K      the K-subcubes of Q_N (C(N,K) 2^(N-K) sets of 2^K vertices);\n"
    "                 cells 0/1 strings, coordinate 1 first; 1 <= K <= N <= 20.\n"
    "  lattice:S/M@W  S = direction vectors \"x,y;x,y;..\" (primitive, no two equal\n"
    "                 or opposite, dimension d <= 4), lines {p,..,p+(M-1)v} inside\n"
    "                 the window [0,W)^d; cells x0,x1,.. from 0.  \"lattice:S,M@W\"\n"
    "                 (M after the last comma) means the same.\n"
    "                 Example: lattice:1,0;0,1;1,1;1,-1/5@12.\n"
    "  file:PATH      a hypergraph file.\n"
    "  pg:PATH        a Positional Game Description 1.0 file (`help pg`): its\n"
    "                 #positions are the cells, #blackwins the sets, and its\n"
    "                 position (#blackinitials, #whiteinitials) comes first in\n"
    "                 every command's position.\n"
    "Limits: 2^24 cells, 2^24 sets, 2^26 incidences (cell-set memberships),\n"
    "checked from the spec's parameters before anything is allocated; a larger\n"
    "board is refused with one line (exit 2).  Time and memory are linear in the\n"
    "incidences: the largest boards (torus:4096,4096, 2^26 incidences) take about\n"
    "20 s and 1.5 GB for `info`; mnk:1000,1000,5 about 2 s and 0.4 GB.  solve\n"
    "takes boards of at most 256 cells.\n";

static const char HELP_MOVES[] =
    "Moves (--after): tokens separated by blanks or ';', each M:CELL (Maker) or\n"
    "B:CELL (Breaker), in any order (no turn order is enforced); a token between\n"
    "blanks that names a cell as a whole is one move even if it holds ';' (cells\n"
    "of files may).  A second --after adds its moves to the first's.  Any move\n"
    "counts are allowed: solve takes the side to move from the counts, or from\n"
    "--to-move maker|breaker.  CELL is named as\n"
    "on the board: 4,4,4 (or 4.4.4) for N^D, x,y for mnk, torus and lattice\n"
    "boards, 0110 for qcube, the token for files.  Sets holding a Breaker cell\n"
    "are dead; Maker's cells are removed from the others; a set wholly Maker's\n"
    "means Maker has already won.  A cell off the board or played twice: exit 2.\n";

static const char HELP_FORMAT[] =
    "Hypergraph files (file:PATH; written by export):\n"
    "  # a comment, to the end of the line; blank lines are ignored\n"
    "  @board 5^2          optional, informational\n"
    "  @size 25 12         optional: CELLS SETS; the file must hold exactly these\n"
    "  @cells a b c ...    optional: cells in this order (also cells in no set)\n"
    "  a b c               one winning set per line, cells separated by blanks\n"
    "  a,d,e               and/or commas\n"
    "Cells are tokens of 1..256 printable bytes other than blank, ',' and '#',\n"
    "not starting with '@', numbered in order of first appearance.  Directives\n"
    "come before the first set.  A cell twice in a set, a repeated set, control\n"
    "bytes, lines over 1 MiB: one-line error, exit 2.  Exported built-in boards\n"
    "write cell 4,4,4 as 4.4.4.\n"
    "Limits: files of at most 256 MiB, lines of at most 1 MiB (so one set has at\n"
    "most about 10^6 / (name length + 1) cells), 2^24 cells, 2^24 sets, 2^26\n"
    "incidences; beyond them the reader stops with one line (exit 2) before it\n"
    "allocates more.  Reading is linear in the file's size.\n";

static const char HELP_CERT[] =
    "Certificates (pairing --out; read by check), text lines:\n"
    "  makerbreaker certificate 1\n"
    "  board SPEC                  the canonical spec (file:PATH for files)\n"
    "  size CELLS SETS             of the whole board\n"
    "  moves M:4,4,4 B:5,5,5       or '-' for none\n"
    "  kind private|shared\n"
    "  result pairing|hall|refutation\n"
    "then, by result:\n"
    "  pairing, private: 'pair A B for C1 C2 .. Ck' per surviving set (its cells)\n"
    "  pairing, shared:  'pair A B' per pair\n"
    "  hall:             'set C1 .. Ck' per set of the Hall-violating family\n"
    "  refutation:       'var V A B' per CNF variable, 'cnf', the DIMACS CNF,\n"
    "                    'drat', the DRAT proof\n"
    "and a last line 'end'.\n"
    "\n"
    "Strategy certificates (solve --cert; read by check, explain and play alike),\n"
    "text lines whose tokens are separated by exactly one blank (a leading,\n"
    "trailing or doubled blank, a tab or a CR makes the certificate malformed):\n"
    "  makerbreaker strategy 1\n"
    "  board SPEC / size CELLS SETS / moves ... (or '-')\n"
    "  tomove maker|breaker        who moves in that position\n"
    "  winner maker|breaker        what the tree proves\n"
    "  cells NAME ...              every cell once: the order of the perm lines\n"
    "  perm ID NAME ...            a symmetry used (ID >= 1): the image of each cell;\n"
    "                              the checker verifies it maps sets onto sets\n"
    "  nodes N                     then N node lines, the tree in preorder:\n"
    "    m C      Maker's move (Maker-win tree), one subtree follows\n"
    "    b C      Breaker's move (Breaker-win tree), one subtree follows\n"
    "    F C      Breaker's forced reply: some surviving set has C as its only\n"
    "             free cell (any other reply loses at once); one subtree follows\n"
    "    B C ..   every Breaker reply on a live cell (a free cell of a set with\n"
    "             no Breaker cell), one subtree each follows, in this order\n"
    "    M C ..   every Maker move on a live cell, one subtree each (Breaker-win)\n"
    "    R C ..   some Maker moves on live cells, one subtree each (Breaker-win):\n"
    "             every live cell NOT listed must lie outside the ZONE of some\n"
    "             listed C (its subtree's zone plus C).  A zone is recomputed by\n"
    "             the checker from the tree: D {}; P its pairs' cells; E the\n"
    "             live cells; a move node the union of (child's zone + move);\n"
    "             S the image of the named node's zone.  Breaker still wins,\n"
    "             with the same side to move, when Maker is given every free\n"
    "             cell outside the zone, so a Maker move outside it is refuted\n"
    "             by the same subtree (monotonicity; the union is a zone only\n"
    "             because each live cell not listed lies outside the zone of a\n"
    "             listed one; proofs in src/solve/solver_search.c and the report)\n"
    "    A C ..   some Breaker replies on live cells, one subtree each (Maker-\n"
    "             win): every live cell NOT listed must lie outside the SUPPORT\n"
    "             of some listed C's subtree.  A support (the cells Maker may\n"
    "             take under the subtree's strategy) is recomputed by the\n"
    "             checker: W {}; T its cells and, after each, the free cells of\n"
    "             the sets one short (Maker may take those: with sets {a,c} and\n"
    "             {a,d}, 'T a' wins, but the support {a} would wrongly prune the\n"
    "             reply c); m and F the child's support + the cell;\n"
    "             B and A the union of the children's; S the mapped one.  A\n"
    "             reply b outside it loses to C's strategy with b and C swapped\n"
    "             (Maker never takes either; proof in src/solve/solver_search.c)\n"
    "    T C ..   Maker's threat sequence (Maker to move): Maker takes the cells\n"
    "             in order; after each but the last some surviving set is one\n"
    "             short and Breaker's reply is its free cell (forced, as for F);\n"
    "             the last completes a set or leaves two one-short sets with\n"
    "             different free cells (Breaker blocks one, Maker takes the other)\n"
    "    W        a set is all Maker's\n"
    "    P A B .. pairs of free cells, disjoint, each surviving set holds one\n"
    "    E a/b    the exact Erdős–Selfridge value, < 1: the sum of 2^-(free cells)\n"
    "             over surviving sets (plus the largest cell term if Maker moves);\n"
    "             a and b decimal, below 10^38 (any set size is checked exactly)\n"
    "    L a/b    the exact line potential, < 1: over the near-lines (sets T\n"
    "             whose every |T|-1 cells form a winning set, the lines of\n"
    "             torus:n,n-1), (u+2)/2^u for T with u free cells and no Breaker\n"
    "             cell, 1/2^u with one, 0 with more; plus 2^-(free cells) for\n"
    "             each other surviving set; plus, if Maker moves, the largest\n"
    "             gain of a free cell (u/2^u, 1/2^u, 2^-(free cells) per line or\n"
    "             set through it); the checker finds the near-lines itself\n"
    "    D        every set holds a Breaker cell\n"
    "    S d p    this position is the image under perm p (0: the identity) of\n"
    "             the node d lines earlier, which the tree proves: the perm is\n"
    "             checked to map sets onto sets, and that node's stones onto\n"
    "             this one's with the same side to move; having as many stones,\n"
    "             it is no ancestor, so its subtree is complete before the link\n"
    "  end\n"
    "Moves on dead cells (on no surviving set) are passes and are not listed: a\n"
    "pass is never better than a move in a Maker–Breaker game (when Maker\n"
    "passes, Breaker imagines that Maker took any free cell and answers that).\n"
    "\n"
    "Bounded-game certificates (solve --maker-moves N / --fastest --cert; read by\n"
    "check, src/solve/boundcheck.c), text lines:\n"
    "  makerbreaker bounded 1\n"
    "  board SPEC / size CELLS SETS / moves ... (or '-') / tomove maker|breaker\n"
    "  makermoves N                Maker's move bound\n"
    "  winner maker|breaker        Maker wins within N, or Breaker holds her off\n"
    "  nodes K                     then K node lines, the tree in preorder; n is\n"
    "                              Maker's moves left (N at the root).  A RELEVANT\n"
    "                              cell is a free cell of a set with no Breaker\n"
    "                              cell and at most n free cells\n"
    "    m C      Maker takes C (n >= 1); one subtree          (Maker-win trees)\n"
    "    W C      Maker to move, n >= 1, C completes a set: a leaf\n"
    "    W        a set is all Maker's: a leaf\n"
    "    F C      Breaker to move, n >= 1, C completes a set for Maker: his\n"
    "             forced reply (any other loses at once); one subtree\n"
    "    B C ..   Breaker to move, n >= 1: exactly the relevant cells, one\n"
    "             subtree each (other replies are never better)\n"
    "    b C      Breaker takes C; one subtree                 (Breaker-win trees)\n"
    "    M C ..   Maker to move, n >= 1: exactly the relevant cells, one subtree\n"
    "             each; no node may have a set all Maker's\n"
    "    H        no relevant cell (n = 0 included): Breaker holds, a leaf\n"
    "    L        the same stones as a node whose subtree came earlier\n"
    "  end\n"
    "Why moves off the relevant cells are left out: such a cell lies only on\n"
    "sets that can no longer be completed in time, for the rest of the game;\n"
    "taking it is never better than taking any other free cell (the mover plays\n"
    "as if the two were exchanged; proof in src/solve/bounded.c and the report).\n";

static const char HELP_SOLVE[] =
    "makerbreaker solve BOARD [--breaker-first | --to-move maker|breaker] [--after MOVES]\n"
    "                         [--nodes N] [--seconds S] [--threads T] [--split 1|2]\n"
    "                         [--checkpoint FILE] [--cert FILE] [--json] [--exit-winner]\n"
    "                         [--memory SIZE] [--no-zones] [--no-shared] [--no-lines] [--pair-budget N] [--pair-ratio P] [--plain-clusters]\n"
    "                         [--escalate N] [--reply-cap N]\n"
    "                         [--no-mustplay] [--all-moves [--cert-dir DIR]]\n"
    "makerbreaker solve BOARD --maker-moves N | --fastest [--cert-hold FILE]\n"
    "                         [--after MOVES] [--breaker-first | --to-move ..] [--nodes N]\n"
    "                         [--seconds S] [--memory SIZE] [--cert FILE] [--exit-winner]\n"
    "\n"
    "THE BOUNDED GAME (--maker-moves N, --fastest, and every pg: board): can Maker\n"
    "complete a winning set within N of her own moves?  An exact depth-first\n"
    "search of its own (src/solve/bounded.h; at most 256 cells) with a table of\n"
    "positions and these rules: a set Maker can complete with her next move\n"
    "wins; with no set that still has at most as many free cells as Maker has\n"
    "moves left (and no Breaker cell) Breaker holds; moves are only made on such\n"
    "sets' cells (any other move is never better, proved in src/solve/bounded.c);\n"
    "a one-short set forces Breaker's reply.  No symmetry, zones or supports.\n"
    "Both answers come with a certificate ('makerbreaker bounded 1', `help\n"
    "certificate`), always checked by the independent checker\n"
    "(src/solve/boundcheck.c) before anything is printed as decided; --cert F\n"
    "writes it.  --fastest tries N = 0, 1, 2, ... and prints Maker's speed, the\n"
    "least N she wins within; --cert writes that N's Maker-win certificate and\n"
    "--cert-hold the Breaker certificate for N - 1.  If Breaker holds for every\n"
    "move Maker can make, Maker cannot win the game at all (--cert: that\n"
    "certificate).  A pg: board's file gives the position, side to move and N\n"
    "(`help pg`); --maker-moves and --to-move override them.\n"
    "\n"
    "Who wins the Maker–Breaker game on BOARD (at most 256 cells), Maker moving\n"
    "first unless --breaker-first; after MOVES the side to move follows from the\n"
    "counts (equal counts: the first player; one more for the first player: the\n"
    "other).  --to-move maker|breaker names the side to move instead, and then\n"
    "any counts are allowed (handicap and biased positions: \"M:1,1 M:2,2\" with\n"
    "Breaker to move).  Depth-first proof-number search (src/solve/solver.h) with a table\n"
    "keyed by the canonical form under the board's automorphism group (computed\n"
    "by bliss via igraph, used when it has at most 5000 elements; a larger group\n"
    "only groups the root's moves, and with --split 2 the replies to each\n"
    "opening, into classes: the orbits of the stabiliser of the stones, computed\n"
    "from its generators by Schreier's lemma, so the K7 triangle game, order\n"
    "5040, solves one root class), Maker's threats\n"
    "(forced replies, double threats) and Breaker's closures (a private pairing by\n"
    "Hopcroft–Karp, a shared pairing where one pair may block several sets, the\n"
    "exact Erdős–Selfridge bound, the line potential where every line minus a\n"
    "cell is a winning set, as on torus:n,n-1, no surviving set).  Relevance\n"
    "zones: once a Maker move is refuted, every Maker move outside the cells\n"
    "that refutation rests on is refuted by it too ('R' nodes of the\n"
    "certificate).  Must-play:\n"
    "once a Breaker reply is proved to lose, every Breaker reply outside the\n"
    "cells Maker's winning strategy may take (its support) loses too ('A' nodes).\n"
    "The work is split into UNITS, solved --threads T at a time (the answer and\n"
    "certificate do not depend on T) and printed with their outcome and node\n"
    "counts.  --split 1: a unit is a root move (one per symmetry class);\n"
    "--split 2 (Maker to move): Maker's openings are tried in order, and a unit\n"
    "is one class of Breaker's replies to one opening.  The default is 2 when\n"
    "Maker is to move, else 1.  Once the answer is decided (the side to move wins after a\n"
    "move, every earlier move decided), later units are 'not needed' and stop.\n"
    "  --nodes N       at most N expansions per unit (then 'unknown')\n"
    "  --seconds S     stop after S seconds of wall clock (then 'unknown'); S may\n"
    "                  have a fraction (2.5), from 0.001 to 10^9\n"
    "  --checkpoint F  save each finished unit to F; a rerun resumes from it\n"
    "  --cert F        write the strategy certificate (`help certificate`); it is\n"
    "                  checked by the independent checker before it is written,\n"
    "                  and a rejected one is an internal error (exit 1); read it\n"
    "                  with `explain` and `play`\n"
    "  --memory SIZE   bound for all of the solver's large allocations together\n"
    "                  (tables, caches, scratch space, certificates; bytes, or K,\n"
    "                  M, G; default half of the RAM, or of what `ulimit -v` leaves\n"
    "                  beside the program); each running unit's table may take half\n"
    "                  of its share; when full, the undecided entries are dropped,\n"
    "                  and if that is not enough, or the bound refuses an\n"
    "                  allocation, the unit ends unknown (exit 4; the summary says\n"
    "                  which bound, with its size), never a crash; in the bounded\n"
    "                  game the bound of its table only (default 256M)\n"
    "  --all-moves     decide every move of the side to move (one unit per class,\n"
    "                  none skipped), e.g. all winning openings in one run; every\n"
    "                  live move is listed also when a rule (a threat, a pairing,\n"
    "                  Erdős–Selfridge) decides the root or the reply is forced;\n"
    "                  a list with a class left unknown is incomplete: exit 4\n"
    "  --cert-dir DIR  with --all-moves: also write each decided move class's own\n"
    "                  certificate (the position after its first move, the other\n"
    "                  side to move, whoever wins it) to DIR/moveK-CELL.cert, K\n"
    "                  its number in the list; each is checked by the independent\n"
    "                  checker first.  DIR must exist and hold no move*.cert\n"
    "                  (else exit 2 before the run); a file that appears meanwhile\n"
    "                  is never overwritten (exit 2, no certificate written); all\n"
    "                  are written or none: after a failed write (exit 3, the\n"
    "                  checkpoint kept) the same command can simply run again\n"
    "  --no-zones      no relevance-zone pruning of Maker's moves (for comparison)\n"
    "  --no-shared     no shared-pair closures (for comparison)\n"
    "  --no-lines      no line potential (for comparison): the closure that\n"
    "                  weighs a near-line (every line minus one cell a winning\n"
    "                  set, as on torus:n,n-1) as one thing ('L' leaves)\n"
    "  --plain-clusters the shared-pair search as at the start of issue 36: no\n"
    "                  propagation of the clusters' cores, each cluster's fitting\n"
    "                  configurations recounted at every node (fewer pairings\n"
    "                  found within the budget, slower; for comparison)\n"
    "  --no-mustplay   no support pruning of Breaker's moves (for comparison)\n"
    "  --pair-budget N placements per shared-pairing search (default 1024)\n"
    "  --pair-ratio P  a shared pairing is searched for only where the surviving\n"
    "                  sets are at most P percent of the live cells (default 100;\n"
    "                  0 = always; a heuristic: the same answer, other certificates)\n"
    "  --escalate N    a unit with Maker to move still open after N expansions\n"
    "                  starts again (its table kept) with Breaker's first reply\n"
    "                  searched first below each of Maker's moves (default\n"
    "                  524288; 0 = never; the same answer, other certificates)\n"
    "  --reply-cap N   split 2: Breaker's replies to an opening are widened, round\n"
    "                  r giving the first 2^r replies N 4^r expansions each (a\n"
    "                  reply stopped at its cap runs again from the start); the\n"
    "                  cheapest Breaker win of the first round that has one\n"
    "                  refutes the opening (default 0: replies strictly in\n"
    "                  order; e.g. 262144; the same answer, other certificates)\n"
    "  --json          print one JSON object instead of the text (`help json`)\n"
    "  --exit-winner   exit 10 if Maker wins and 11 if Breaker wins (instead of 0)\n"
    "Progress on stderr every 2 s: units done, nodes, rate, the running unit's\n"
    "proof and disproof numbers.\n"
    "Exit 0 decided (certificate checked and written; Maker may have won already),\n"
    "4 unknown (budget, clock or memory exhausted, or interrupted), 2 bad input,\n"
    "1 the certificate was rejected (internal error); with --exit-winner 10 Maker\n"
    "wins, 11 Breaker.\n"
    "SIGINT (Ctrl-C) or SIGTERM: the run stops within about a second as if its\n"
    "clock had run out, prints the same summary ('outcome: unknown (interrupted\n"
    "by SIGINT)', nodes, units done, time; a decided answer stays decided),\n"
    "saves the finished units to the checkpoint if one was given (a rerun\n"
    "resumes) and exits 4.  A second signal kills at once (after saving the\n"
    "checkpoint).\n";

typedef struct {
  const char *board, *cert, *after, *kind, *out, *write;
  const char *nodes, *seconds, *threads, *checkpoint, *certout, *split, *to_move, *conflicts;
  const char *memory, *pair_budget, *pair_ratio, *escalate, *reply_cap, *cert_dir, *maker_moves, *cert_hold;
  bool help, breaker_first, json, exit_winner, no_zones, no_shared, no_lines, no_mustplay, all_moves, plain_clusters;
  bool fastest, pg;
} Args;

static const char KIND_DEFAULT[] = "private";

/* whether a value option was given already (each may appear once; --after adds up) */
static bool seen_option(const Args *a, const char *name) {
  const char *v = strcmp(name, "out") == 0 ? a->out : strcmp(name, "write") == 0 ? a->write
                : strcmp(name, "nodes") == 0 ? a->nodes : strcmp(name, "seconds") == 0 ? a->seconds
                : strcmp(name, "threads") == 0 ? a->threads : strcmp(name, "checkpoint") == 0 ? a->checkpoint
                : strcmp(name, "cert") == 0 ? a->certout : strcmp(name, "split") == 0 ? a->split
                : strcmp(name, "to-move") == 0 ? a->to_move : strcmp(name, "memory") == 0 ? a->memory
                : strcmp(name, "pair-budget") == 0 ? a->pair_budget : strcmp(name, "pair-ratio") == 0 ? a->pair_ratio : strcmp(name, "conflicts") == 0 ? a->conflicts
                : strcmp(name, "escalate") == 0 ? a->escalate : strcmp(name, "reply-cap") == 0 ? a->reply_cap
                : strcmp(name, "cert-dir") == 0 ? a->cert_dir
                : strcmp(name, "maker-moves") == 0 ? a->maker_moves : strcmp(name, "cert-hold") == 0 ? a->cert_hold
                                                                      : NULL;
  if (strcmp(name, "kind") == 0) return a->kind != KIND_DEFAULT;
  return v != NULL;
}

/* argv after the subcommand: positionals and the options in `allowed` */
static int parse_args(int argc, char **argv, const char *allowed, int npos, Args *a) {
  memset(a, 0, sizeof *a);
  a->kind = KIND_DEFAULT;
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
      if (strcmp(name, "breaker-first") == 0 || strcmp(name, "json") == 0 || strcmp(name, "exit-winner") == 0 ||
          strcmp(name, "no-zones") == 0 || strcmp(name, "no-shared") == 0 || strcmp(name, "no-lines") == 0 || strcmp(name, "all-moves") == 0 ||
          strcmp(name, "plain-clusters") == 0 || strcmp(name, "fastest") == 0 || strcmp(name, "pg") == 0 ||
          strcmp(name, "no-mustplay") == 0) {
        if (eq) return mb_bad("option '%s' takes no value", shown);
        if (strcmp(name, "json") == 0) a->json = true;
        else if (strcmp(name, "exit-winner") == 0) a->exit_winner = true;
        else if (strcmp(name, "no-zones") == 0) a->no_zones = true;
        else if (strcmp(name, "no-shared") == 0) a->no_shared = true;
        else if (strcmp(name, "no-lines") == 0) a->no_lines = true;
        else if (strcmp(name, "plain-clusters") == 0) a->plain_clusters = true;
        else if (strcmp(name, "no-mustplay") == 0) a->no_mustplay = true;
        else if (strcmp(name, "all-moves") == 0) a->all_moves = true;
        else if (strcmp(name, "fastest") == 0) a->fastest = true;
        else if (strcmp(name, "pg") == 0) a->pg = true;
        else a->breaker_first = true;
        continue;
      }
      const char *val = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
      if (!val) return mb_bad("option '%s' needs a value", shown);
      if (strcmp(name, "after") == 0) { /* a second --after adds its moves to the first's */
        static GString *all;
        if (!all) all = g_string_new(NULL);
        if (a->after) g_string_append_c(all, ' ');
        else g_string_truncate(all, 0);
        g_string_append(all, val);
        a->after = all->str;
        continue;
      }
      if (seen_option(a, name)) return mb_bad("option '--%s' given twice", name);
      if (strcmp(name, "to-move") == 0) a->to_move = val;
      if (strcmp(name, "kind") == 0) a->kind = val;
      if (strcmp(name, "out") == 0) a->out = val;
      if (strcmp(name, "write") == 0) a->write = val;
      if (strcmp(name, "nodes") == 0) a->nodes = val;
      if (strcmp(name, "seconds") == 0) a->seconds = val;
      if (strcmp(name, "threads") == 0) a->threads = val;
      if (strcmp(name, "checkpoint") == 0) a->checkpoint = val;
      if (strcmp(name, "cert") == 0) a->certout = val;
      if (strcmp(name, "split") == 0) a->split = val;
      if (strcmp(name, "memory") == 0) a->memory = val;
      if (strcmp(name, "pair-budget") == 0) a->pair_budget = val;
      if (strcmp(name, "pair-ratio") == 0) a->pair_ratio = val;
      if (strcmp(name, "escalate") == 0) a->escalate = val;
      if (strcmp(name, "reply-cap") == 0) a->reply_cap = val;
      if (strcmp(name, "conflicts") == 0) a->conflicts = val;
      if (strcmp(name, "cert-dir") == 0) a->cert_dir = val;
      if (strcmp(name, "maker-moves") == 0) a->maker_moves = val;
      if (strcmp(name, "cert-hold") == 0) a->cert_hold = val;
      continue;
    }
    if (pos == 0) a->board = s;
    if (pos == 1) a->cert = s;
    if (++pos > npos) {
      g_autofree char *shown = in_escape(s, 40);
      return mb_bad("unexpected argument '%s'", shown);
    }
  }
  if (!a->help && pos < npos)
    return mb_bad(npos == 2 ? "give BOARD and CERT" : "give a BOARD (e.g. 7^3, mnk:7,7,5, qcube:5,3, file:PATH)");
  if (strcmp(a->kind, "private") && strcmp(a->kind, "shared")) {
    g_autofree char *shown = in_escape(a->kind, 40);
    return mb_bad("--kind must be private or shared, not '%s'", shown);
  }
  return 0;
}

static int check_out(const char *opt, const char *path) {
  GError *e = NULL;
  if (path && !out_check(path, &e)) {
    int r = mb_bad("%s: %s", opt, e->message);
    g_error_free(e);
    return r;
  }
  return 0;
}

typedef bool (*Writer)(FILE *f, void *ctx);
static int write_out(const char *path, Writer w, void *ctx) {
  GError *e = NULL;
  OutFile *o = out_open(path, &e);
  if (!o) {
    in_error_line(PROG, e->message);
    g_error_free(e);
    return 3;
  }
  if (!w(out_stream(o), ctx)) {
    out_abort(o);
    return mb_bad("cannot write %s", path), 3;
  }
  if (!out_commit(o, &e)) {
    in_error_line(PROG, e->message);
    g_error_free(e);
    return 3;
  }
  return 0;
}

static bool write_board(FILE *f, void *ctx) { return bs_write(f, ctx); }

/* board and position from the arguments; 0 or an exit status */
static int load(const Args *a, MbBoard **b, MbPosition *pos) {
  GError *e = NULL;
  *b = bs_board_new(a->board, &e);
  if (!*b) {
    int r = mb_bad("%s", e->message);
    g_error_free(e);
    return r;
  }
  g_autofree char *moves = (*b)->game.present && *(*b)->game.moves
                               ? g_strdup_printf("%s%s%s", (*b)->game.moves, a->after ? " " : "", a->after ? a->after : "")
                               : g_strdup(a->after);
  if (!mb_position_parse(*b, moves, pos, &e)) {
    int r = mb_bad("--after: %s", e->message);
    g_error_free(e);
    bs_board_free(*b);
    *b = NULL;
    return r;
  }
  return 0;
}

static void print_set(const MbBoard *b, uint32_t e) {
  for (size_t i = 0; i < hg_edge_size(b->h, e); i++) {
    g_autofree char *n = bs_cell_name(b, hg_edge(b->h, e)[i]);
    printf(" %s", n);
  }
}

static void print_info(const MbBoard *b, const MbPosition *p, const MbSurvivors *sv, const MbInfo *inp) {
  MbPosition pos = *p;
  MbSurvivors s = *sv;
  MbInfo in = *inp;
  g_autofree char *mv = mb_position_string(b, &pos);
  printf("board:            %s\n", b->name);
  printf("cells:            %u\n", in.cells);
  printf("winning sets:     %u\n", in.sets);
  printf("position:         %s (%u Maker, %u Breaker cells)\n", mv, pos.nmaker, pos.nbreaker);
  printf("surviving sets:   %u (%u dead), on %u free cells\n", in.surviving, in.dead, in.free_cells);
  if (s.maker_won >= 0) {
    printf("maker has won:    set");
    print_set(b, (uint32_t)s.maker_won);
    printf(" is all Maker's\n");
  }
  printf("set sizes:        %u..%u (free cells per surviving set)\n", in.min_size, in.max_size);
  printf("degrees:          %u..%u (surviving sets per free cell)\n", in.min_deg, in.max_deg);
  printf("ES sum:           %s   (sum over sets of 2^-|A|)\n", in.es_sum);
  printf("ES max cell:      %s   (max over cells v of sum over A containing v)\n", in.es_max_cell);
  printf("breaker first:    %s   (Erdős–Selfridge: sum < 1)\n",
         in.breaker_first_es ? "wins" : "not proved");
  printf("breaker second:   %s   (sum + max cell = %s %s 1)\n",
         in.breaker_second_es ? "wins" : "not proved", in.es_total, in.breaker_second_es ? "<" : ">=");
  printf("private pairs:    2*%u = %llu %s %u free cells: %s\n", in.surviving,
         2ULL * in.surviving, in.private_count_ok ? "<=" : ">", in.free_cells,
         in.private_count_ok ? "the counting bound holds" : "impossible");
  if (in.codeg_known)
    printf("shared pairs:     at most %u disjoint pairs, each in at most %llu sets: %llu %s %u%s: %s\n",
           in.free_cells / 2, (unsigned long long)in.max_codeg,
           (unsigned long long)(in.free_cells / 2) * in.max_codeg,
           (uint64_t)(in.free_cells / 2) * in.max_codeg >= in.surviving ? ">=" : "<", in.surviving,
           in.small_sets ? ", but some set has < 2 free cells" : "",
           in.shared_count_ok ? "the counting bound holds" : "impossible");
  else
    printf("shared pairs:     the co-degree bound is not computed (too many pairs)\n");
}

static int cmd_info(int argc, char **argv) {
  Args a;
  int r = parse_args(argc, argv, " after write json ", 1, &a);
  if (r) return r;
  if (a.help) return mb_put_help(HELP_INFO);
  if ((r = check_out("--write", a.write))) return r;
  MbBoard *b;
  MbPosition pos;
  if ((r = load(&a, &b, &pos))) return r;
  MbSurvivors s;
  mb_survivors(b, &pos, &s);
  MbInfo in;
  mb_info(b, &s, &in);
  if (a.json) mbj_info(stdout, b, &pos, &s, &in);
  else
    print_info(b, &pos, &s, &in);
  mb_info_clear(&in);
  mb_survivors_clear(&s);
  mb_position_clear(&pos);
  if (a.write) r = write_out(a.write, write_board, b);
  bs_board_free(b);
  if (fflush(stdout) != 0 || ferror(stdout)) return mb_bad("cannot write standard output"), 3;
  return r;
}

typedef struct {
  const MbBoard *b;
  const MbPosition *pos;
  const char *kind;
  const MbResult *r;
} CertCtx;
static bool write_cert(FILE *f, void *ctx) {
  CertCtx *c = ctx;
  return mb_write_cert(f, c->b, c->pos, c->kind, c->r);
}

enum { PAIRING_SECONDS = 60 }; /* pairing --kind shared without --seconds or --conflicts */
static int cmd_pairing(int argc, char **argv) {
  Args a;
  int r = parse_args(argc, argv, " after kind out json seconds conflicts ", 1, &a);
  if (r) return r;
  if (a.help) return mb_put_help(HELP_PAIRING);
  int64_t secs = 0, confl = -1; /* budgets of --kind shared (issue 26, defect 16) */
  if ((a.seconds || a.conflicts) && strcmp(a.kind, "shared") != 0)
    return mb_bad("--seconds and --conflicts are budgets of --kind shared (private pairing is polynomial)");
  if (a.seconds && !in_int64(a.seconds, 1, 1000000000, &secs)) return mb_bad("--seconds must be an integer from 1 to 10^9");
  if (a.conflicts && !in_int64(a.conflicts, 1, 1000000000, &confl))
    return mb_bad("--conflicts must be an integer from 1 to 10^9");
  /* (issue 37, D13) neither given: the SAT search gets PAIRING_SECONDS, as
   * hard inputs ran for minutes or hours; the environment variable
   * MB_PAIRING_SECONDS (an integer from 1 to 10^9) replaces it, a test aid */
  bool dflt = !a.seconds && !a.conflicts;
  if (dflt) {
    const char *env = g_getenv("MB_PAIRING_SECONDS");
    if (!env || !in_int64(env, 1, 1000000000, &secs)) secs = PAIRING_SECONDS;
  }
  if ((r = check_out("--out", a.out))) return r;
  MbBoard *b;
  MbPosition pos;
  if ((r = load(&a, &b, &pos))) return r;
  MbSurvivors s;
  mb_survivors(b, &pos, &s);
  g_autofree char *mv = mb_position_string(b, &pos);
  if (!a.json) {
    printf("board %s: %u cells, %zu winning sets\n", b->name, b->ncells, hg_ne(b->h));
    printf("position %s: %u surviving sets (%u dead) on %u free cells\n", mv, s.nsurv, s.dead, s.nfree);
  }
  int status = 0;
  if (s.maker_won >= 0) {
    if (a.json) mbj_pairing(stdout, b, &pos, &s, a.kind, NULL);
    else {
      printf("Maker has already won: the set");
      print_set(b, (uint32_t)s.maker_won);
      printf(" is all Maker's\n");
    }
    status = 1;
    goto out;
  }
  MbResult res;
  bool private = strcmp(a.kind, "private") == 0;
  if (private) {
    mb_private(b, &s, &res);
    if (a.json) {
    } else if (res.found) {
      printf("private pairing: found, %u pairs (one per surviving set)\n", res.pairs->len);
    } else {
      printf("private pairing: none; Hall's condition fails: %u surviving sets have %u free cells "
             "among them, fewer than 2*%u = %u\n",
             res.hall->len, res.hall_nbhd, res.hall->len, 2 * res.hall->len);
      for (guint i = 0; i < res.hall->len; i++) {
        printf("set");
        print_set(b, g_array_index(res.hall, uint32_t, i));
        printf("\n");
      }
    }
  } else {
    GError *e = NULL;
    int sat = mb_shared_budget(b, &s, &res, (long)confl, (double)secs, &e);
    if (sat == 0) { /* a budget ran out: no answer, no certificate */
      if (dflt)
        printf("shared pairing: unknown (budget exhausted after %.2f s: the default budget of %lld s; give --seconds "
               "or --conflicts for another)\n",
               res.seconds, (long long)secs);
      else
        printf("shared pairing: unknown (budget exhausted after %.2f s: --seconds %s, --conflicts %s)\n", res.seconds,
               a.seconds ? a.seconds : "none", a.conflicts ? a.conflicts : "none");
      mb_result_clear(&res);
      status = 4;
      goto out;
    }
    if (sat < 0) {
      r = mb_bad("%s", e->message);
      g_error_free(e);
      mb_result_clear(&res);
      mb_survivors_clear(&s);
      mb_position_clear(&pos);
      bs_board_free(b);
      return r;
    }
    if (a.json) {
    } else if (res.found)
      printf("shared pairing: found, %u pairs (CNF: %d variables, %zu clauses; model checked)\n",
             res.pairs->len, res.nvars, res.nclauses);
    else
      printf("shared pairing: none; the CNF (%d variables, %zu clauses) is unsatisfiable and its "
             "DRAT refutation (%zu bytes) is verified by src/solvers/drat.c\n",
             res.nvars, res.nclauses, res.proof ? strlen(res.proof) : (size_t)0);
  }
  if (a.json) mbj_pairing(stdout, b, &pos, &s, a.kind, &res);
  else if (res.found)
    for (guint i = 0; i < res.pairs->len; i++) {
      MbPair p = g_array_index(res.pairs, MbPair, i);
      g_autofree char *x = bs_cell_name(b, p.a), *y = bs_cell_name(b, p.b);
      printf("pair %s %s\n", x, y);
    }
  status = res.found ? 0 : 1;
  if (a.out) {
    CertCtx c = {b, &pos, a.kind, &res};
    /* self-check on write: the independent checker must accept it first */
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    bool wrote = mem && write_cert(mem, &c);
    if (mem) fclose(mem);
    char *why = NULL;
    CcReport rep;
    if (!wrote || cc_check(b->name, text, &rep, &why) != CC_VALID) {
      g_autofree char *m = g_strdup_printf("internal error: the certificate was rejected by its checker (%s); nothing written",
                                           why ? why : "could not be rendered");
      in_error_line(PROG, m);
      status = 1;
    } else {
      if (fflush(stdout) != 0) status = 3;
      int w = write_out(a.out, write_cert, &c);
      if (w) status = w;
    }
    free(text);
    g_free(why);
  }
  mb_result_clear(&res);
out:
  mb_survivors_clear(&s);
  mb_position_clear(&pos);
  bs_board_free(b);
  if (fflush(stdout) != 0 || ferror(stdout)) return mb_bad("cannot write standard output"), 3;
  return status;
}

static int cmd_check(int argc, char **argv) {
  Args a;
  int r = parse_args(argc, argv, " json ", 2, &a);
  if (r) return r;
  if (a.help) return mb_put_help(HELP_CHECK);
  GError *e = NULL;
  g_autofree char *text = in_read(a.cert, IN_MAX_FILE, IN_MAX_LINE, &e);
  if (!text) {
    r = mb_bad("certificate: %s", e->message);
    g_error_free(e);
    return r;
  }
  if (g_str_has_prefix(text, "makerbreaker bounded 1\n")) {
    if (a.json) return mb_bad("--json is not available for bounded-game certificates");
    BcReport br;
    char *bwhy = NULL;
    CcResult bcr = bc_check(a.board, text, &br, &bwhy);
    if (bcr == CC_MALFORMED) {
      r = mb_bad("%s", bwhy);
      g_free(bwhy);
      return r;
    }
    if (bcr == CC_INVALID) {
      g_autofree char *w = in_escape(bwhy, 300);
      printf("rejected: %s\n", w);
      g_free(bwhy);
      bc_report_clear(&br);
      return 1;
    }
    BsSpec sp;
    g_autofree char *canon = bs_spec_parse(a.board, &sp, NULL) ? bs_spec_canonical(&sp) : g_strdup(a.board);
    bs_spec_clear(&sp);
    g_autofree char *shown_b = in_escape(canon, 200), *shown_m = in_escape(br.moves ? br.moves : "-", 300);
    if (br.maker_wins)
      printf("valid: Maker wins within %u of her moves on %s, position %s, %s to move; the tree has %" G_GUINT64_FORMAT
             " nodes (%" G_GUINT64_FORMAT " leaves, %" G_GUINT64_FORMAT " transpositions; at most %u Maker moves on a line)\n",
             br.maker_moves, shown_b, shown_m, br.maker_to_move ? "Maker" : "Breaker", br.nodes, br.leaves, br.links,
             br.deepest);
    else
      printf("valid: Breaker holds Maker off for %u of her moves on %s, position %s, %s to move; the tree has %" G_GUINT64_FORMAT
             " nodes (%" G_GUINT64_FORMAT " leaves, %" G_GUINT64_FORMAT " transpositions)\n",
             br.maker_moves, shown_b, shown_m, br.maker_to_move ? "Maker" : "Breaker", br.nodes, br.leaves, br.links);
    bc_report_clear(&br);
    if (fflush(stdout) != 0 || ferror(stdout)) return mb_bad("cannot write standard output"), 3;
    return 0;
  }
  CcReport rep;
  char *why = NULL;
  CcResult cr = cc_check(a.board, text, &rep, &why);
  if (cr == CC_MALFORMED) {
    r = mb_bad("%s", why);
    g_free(why);
    return r;
  }
  if (a.json) {
    g_autofree char *w = why ? in_escape(why, 300) : NULL;
    g_free(why);
    bool ok = mbj_check(stdout, a.board, a.cert, cr, &rep, w);
    if (!ok || fflush(stdout) != 0 || ferror(stdout)) return mb_bad("cannot write standard output"), 3;
    return cr == CC_VALID ? 0 : 1;
  }
  if (cr == CC_INVALID) {
    g_autofree char *w = in_escape(why, 300);
    printf("rejected: %s\n", w);
    g_free(why);
    return 1;
  }
  /* what was proved: the board, the position (the certificate's moves line) and who moves */
  g_autofree char *what = NULL;
  {
    BsSpec sp;
    g_autofree char *canon = bs_spec_parse(a.board, &sp, NULL) ? bs_spec_canonical(&sp) : g_strdup(a.board);
    bs_spec_clear(&sp);
    const char *mv = strstr(text, "\nmoves ");
    g_autofree char *moves = mv ? g_strndup(mv + 7, strcspn(mv + 7, "\n")) : g_strdup("-");
    g_autofree char *shown_b = in_escape(canon, 200), *shown_m = in_escape(moves, 300);
    what = *rep.tomove ? g_strdup_printf("on %s, position %s, %s to move (%s moving first)", shown_b, shown_m,
                                         strcmp(rep.tomove, "maker") == 0 ? "Maker" : "Breaker",
                                         strcmp(rep.first, "maker") == 0 ? "Maker" : "Breaker")
                       : g_strdup_printf("on %s, position %s", shown_b, shown_m);
  }
  if (strcmp(rep.kind, "strategy") == 0)
    printf("valid: %s wins %s; the strategy tree has %llu nodes (%llu leaves, %llu symmetry or "
           "transposition links, %llu symmetries each checked to be an automorphism; at most %u Maker moves)\n",
           strcmp(rep.result, "maker") == 0 ? "Maker" : "Breaker", what, (unsigned long long)rep.nodes,
           (unsigned long long)rep.leaves, (unsigned long long)rep.links, (unsigned long long)rep.perms,
           rep.maker_moves);
  else if (strcmp(rep.result, "pairing") == 0)
    printf("valid: %s pairing %s, %llu pairs; all %llu surviving sets of %llu hold a pair%s\n", rep.kind, what,
           (unsigned long long)rep.pairs, (unsigned long long)rep.surviving,
           (unsigned long long)rep.sets, strcmp(rep.kind, "private") == 0 ? " of their own" : "");
  else if (strcmp(rep.result, "hall") == 0)
    printf("valid: no private pairing %s: %llu surviving sets have %llu free cells, fewer than %llu\n", what,
           (unsigned long long)rep.family, (unsigned long long)rep.union_free,
           2ULL * rep.family);
  else
    printf("valid: no shared pairing %s: the CNF (%llu variables, %llu clauses) encodes the position and "
           "its DRAT refutation is verified (%llu lemmas)\n", what,
           (unsigned long long)rep.vars, (unsigned long long)rep.clauses,
           (unsigned long long)rep.lemmas);
  if (fflush(stdout) != 0 || ferror(stdout)) return mb_bad("cannot write standard output"), 3;
  return 0;
}

static int game_side(const Args *a, const MbBoard *b, const MbPosition *pos, bool *maker, uint32_t *bound);
static int parse_maker_moves(const Args *a, uint32_t *n);
typedef struct {
  const MbBoard *b;
  const MbPosition *pos;
  bool maker;
  uint32_t n;
  QbfStats st;
} QbfCtx;
static bool write_qbf(FILE *f, void *ctx) {
  QbfCtx *q = ctx;
  return qbf_write(f, q->b, q->pos, q->maker, q->n, &q->st);
}
static bool write_pg(FILE *f, void *ctx) {
  QbfCtx *q = ctx;
  return bs_write_pg(f, q->b, q->pos->owner, q->maker, q->n);
}

static int cmd_export(int argc, char **argv) {
  Args a;
  int r = parse_args(argc, argv, " out pg after breaker-first to-move maker-moves ", 1, &a);
  if (r) return r;
  if (a.help) return mb_put_help(HELP_EXPORT);
  if ((r = check_out("--out", a.out))) return r;
  if (!a.pg && (a.after || a.breaker_first || a.to_move || a.maker_moves))
    return mb_bad("--after, --breaker-first, --to-move and --maker-moves go with --pg (the hypergraph format has no position)");
  if (a.pg) {
    uint32_t want = 0;
    if (a.maker_moves && (r = parse_maker_moves(&a, &want))) return r;
    MbBoard *b;
    MbPosition pos;
    if ((r = load(&a, &b, &pos))) return r;
    QbfCtx q = {b, &pos, true, 0, {0}};
    uint32_t bound;
    if (!(r = game_side(&a, b, &pos, &q.maker, &bound))) {
      q.n = a.maker_moves ? want : bound;
      r = write_out(a.out ? a.out : "-", write_pg, &q);
    }
    mb_position_clear(&pos);
    bs_board_free(b);
    return r;
  }
  GError *e = NULL;
  MbBoard *b = bs_board_new(a.board, &e);
  if (!b) {
    r = mb_bad("%s", e->message);
    g_error_free(e);
    return r;
  }
  r = write_out(a.out ? a.out : "-", write_board, b);
  bs_board_free(b);
  return r;
}

static void solve_status(void *ctx, const MbSolveStatus *st) {
  const char *board = ctx;
  double rate = st->seconds > 0 ? (double)st->nodes / st->seconds : 0;
  char pn[32], dn[32];
  snprintf(pn, sizeof pn, st->root_pn >= MB_PN_INF ? "inf" : "%u", st->root_pn);
  snprintf(dn, sizeof dn, st->root_dn >= MB_PN_INF ? "inf" : "%u", st->root_dn);
  fprintf(stderr, "makerbreaker solve %s: %u/%u units done, %llu nodes, %.0f/s, unit %u: pn %s dn %s",
          board, st->units_done, st->units, (unsigned long long)st->nodes, rate, st->unit + 1, pn, dn);
  if (st->units_done > 0 && st->units_done < st->units)
    fprintf(stderr, ", ETA %.0f s", st->seconds / st->units_done * (st->units - st->units_done));
  fputc('\n', stderr);
}

/* "1.5 MiB", "16 KiB", "2.0 GiB" */
static void size_text(char *out, uint64_t bytes) {
  if (bytes >= (UINT64_C(1) << 30)) snprintf(out, 32, "%.1f GiB", bytes / 1073741824.0);
  else if (bytes >= (UINT64_C(1) << 20)) snprintf(out, 32, "%.1f MiB", bytes / 1048576.0);
  else snprintf(out, 32, "%.0f KiB", bytes / 1024.0);
}

static void print_unit(const char *what, const MbUnitResult *u) {
  printf("%s %-10s (%u by symmetry): ", what, u->move, u->copies);
  if (u->skipped && u->nodes) /* split 2, replies widened: its runs stopped at a cap count */
    printf("not needed (%llu nodes in runs stopped at a cap)\n", (unsigned long long)u->nodes);
  else if (u->skipped) printf("not needed\n");
  else
    printf("%-8s %llu nodes%s%s\n", mb_outcome_word(u->outcome), (unsigned long long)u->nodes,
           u->leaf ? " (decided at once)" : "", u->resumed ? " (from the checkpoint)" : "");
}

typedef struct {
  const char *text;
} TextCtx;
static bool write_text(FILE *f, void *ctx) { return fputs(((TextCtx *)ctx)->text, f) >= 0; }

/* SIGINT/SIGTERM during solve: the first one sets this (the solver reads
 * it beside its clock, MbSolveOpts.stop), the run stops as at a budget and
 * prints its summary; a second one kills (SA_RESETHAND; with a checkpoint
 * its signal thread saves first, checkpoint.h) */
static volatile sig_atomic_t solve_signal;
static void on_solve_signal(int sig) { solve_signal = sig; }
static void catch_solve_signals(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_solve_signal;
  sa.sa_flags = SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  ckpt_set_signal_flag(&solve_signal);
}

/* --cert-dir DIR: before the run, DIR must be a writable directory holding
 * no "move*.cert" yet (so a long run does not end in a refusal) */
static int check_cert_dir(const Args *a) {
  if (!a->all_moves) return mb_bad("--cert-dir needs --all-moves (it writes one certificate per root move class)");
  GError *e = NULL;
  if (!out_check_dir(a->cert_dir, &e)) {
    int r = mb_bad("--cert-dir: %s", e->message);
    g_error_free(e);
    return r;
  }
  g_autofree char *dir = in_escape(a->cert_dir, 200);
  GDir *d = g_dir_open(a->cert_dir, 0, NULL);
  if (!d) return mb_bad("--cert-dir: cannot list %s", dir);
  const char *n;
  while ((n = g_dir_read_name(d)))
    if (g_str_has_prefix(n, "move") && g_str_has_suffix(n, ".cert")) {
      g_autofree char *shown = in_escape(n, 60);
      g_dir_close(d);
      return mb_bad("--cert-dir: %s already holds move certificates (%s); give a directory without them", dir, shown);
    }
  g_dir_close(d);
  return 0;
}

/* the file of root move class k (0-based) of n: DIR/moveK-CELL.cert, K
 * zero-padded to n's digits, CELL's bytes other than letters, digits, '.'
 * and '-' as '_', at most 64 of them (K alone makes the name unique; a cell
 * name may have 256 bytes, more than a file name) */
static char *move_cert_path(const char *dir, uint32_t k, uint32_t n, const char *cell) {
  int width = 1;
  for (uint32_t x = n; x >= 10; x /= 10) width++;
  g_autofree char *safe = g_strndup(cell, 64);
  for (char *p = safe; *p; p++)
    if (!g_ascii_isalnum(*p) && *p != '.' && *p != '-') *p = '_';
  g_autofree char *base = g_strdup_printf("move%0*u-%s.cert", width, k + 1, safe);
  return g_build_filename(dir, base, NULL);
}

/* write each decided root move class's certificate (checked by the solver
 * before it returned it), all or none (E2): every one is written and
 * flushed to a temporary file in DIR first (out_open_new), then each is
 * linked under its name, never over a file; if any step fails (a full
 * disk, a file that appeared), those already linked by this run are removed
 * again, so DIR holds no partial set that would make a rerun refuse to
 * start, and no file of the user's is touched.  2 if a target exists
 * (nothing written), 3 if a write failed, else 0 */
static int write_cert_dir(const Args *a, const MbSolveResult *res) {
  uint32_t n = 0, linked = 0;
  OutFile **o = g_new0(OutFile *, res->nunits + 1);
  char **path = g_new0(char *, res->nunits + 1);
  const char *bad = NULL; /* the file that failed */
  GError *e = NULL;
  int r = 0;
  for (uint32_t k = 0; k < res->nunits && !r; k++) {
    if (!res->units[k].cert) continue;
    path[n] = move_cert_path(a->cert_dir, k, res->nunits, res->units[k].move);
    bad = path[n];
    if (!(o[n] = out_open_new(path[n], &e))) {
      r = e->code == PAIRING_ERROR_RANGE ? 2 : 3;
      n++;
      break;
    }
    errno = 0;
    if (fputs(res->units[k].cert, out_stream(o[n])) < 0) { /* the system's reason, before the flush */
      g_set_error(&e, PAIRING_ERROR, PAIRING_ERROR_IO, "cannot write '%s': %s", path[n], g_strerror(errno ? errno : EIO));
      n++, r = 3;
    } else if (!out_flush(o[n++], &e))
      r = 3;
  }
  for (; linked < n && !r; linked++) { /* all written: now the names */
    bad = path[linked];
    bool ok = out_commit(o[linked], &e);
    o[linked] = NULL; /* freed either way */
    if (!ok) {
      r = e->code == PAIRING_ERROR_RANGE ? 2 : 3;
      break;
    }
  }
  if (r == 2) {
    g_autofree char *shown = in_escape(bad, 300);
    mb_bad("--cert-dir: %s appeared during the run; nothing written", shown);
  } else if (r == 3) {
    in_error_line(PROG, e->message);
  }
  for (uint32_t i = 0; i < n; i++) {
    if (r) out_abort(o[i]);                        /* not linked: its temporary file goes */
    if (r && i < linked) g_unlink(path[i]);        /* linked by this run: removed again */
    g_free(path[i]);
  }
  g_clear_error(&e);
  g_free(o), g_free(path);
  if (!r && !a->json)
    printf("certificates: %u written to %s (moveK-CELL.cert, one per decided move class, each checked)\n", n,
           a->cert_dir);
  return r;
}

/* ---- the bounded game: side to move, Maker's bound -------------------------- */

/* The side to move and Maker's move bound for the bounded game, export --pg
 * and qbf: --to-move, else for a pg: board the file's game (its side to move
 * at its own position; moves added by --after must keep the turn order, and
 * Maker's moves among them use up the file's N), else the counts (Maker
 * first unless --breaker-first).  *bound is the file's remaining N for pg:
 * boards, else every move Maker can still make.  0 or an exit status. */
static int game_side(const Args *a, const MbBoard *b, const MbPosition *pos, bool *maker, uint32_t *bound) {
  if (a->to_move) {
    if (strcmp(a->to_move, "maker") && strcmp(a->to_move, "breaker")) {
      g_autofree char *shown = in_escape(a->to_move, 40);
      return mb_bad("--to-move must be maker or breaker, not '%s'", shown);
    }
    if (a->breaker_first) return mb_bad("give --breaker-first or --to-move, not both (--to-move names the side to move now)");
    *maker = strcmp(a->to_move, "maker") == 0;
  } else if (b->game.present && !a->breaker_first) {
    int64_t dm = (int64_t)pos->nmaker - b->game.nmaker, db = (int64_t)pos->nbreaker - b->game.nbreaker;
    int64_t ahead = b->game.maker_to_move ? dm - db : db - dm;
    if (ahead != 0 && ahead != 1)
      return mb_bad("--after: %" G_GINT64_FORMAT " Maker and %" G_GINT64_FORMAT " Breaker moves after the file's position, "
                    "where %s is to move: not an alternating continuation (give --to-move maker|breaker)",
                    dm, db, b->game.maker_to_move ? "Maker" : "Breaker");
    *maker = b->game.maker_to_move == (ahead == 0);
    if (dm > (int64_t)b->game.maker_moves)
      return mb_bad("--after: %" G_GINT64_FORMAT " Maker moves, more than the file's %u", dm, b->game.maker_moves);
    *bound = b->game.maker_moves - (uint32_t)dm;
    return 0;
  } else {
    int64_t diff = a->breaker_first ? (int64_t)pos->nbreaker - pos->nmaker : (int64_t)pos->nmaker - pos->nbreaker;
    if (diff != 0 && diff != 1)
      return mb_bad("--after: %u Maker and %u Breaker cells cannot arise with %s moving first (give --to-move maker|breaker)",
                    pos->nmaker, pos->nbreaker, a->breaker_first ? "Breaker" : "Maker");
    *maker = a->breaker_first ? diff == 1 : diff == 0;
  }
  *bound = b->game.present ? b->game.maker_moves : bd_max_moves(b, pos, *maker);
  return 0;
}

static int parse_maker_moves(const Args *a, uint32_t *n) {
  int64_t v;
  if (!in_int64(a->maker_moves, 0, 1000, &v)) return mb_bad("--maker-moves must be an integer from 0 to 1000");
  *n = (uint32_t)v;
  return 0;
}

/* solve with --maker-moves or --fastest, or on a pg: board: the bounded game
 * (src/solve/bounded.h); every certificate is checked by src/solve/boundcheck.c */
static int bounded_check(const MbBoard *b, const char *cert, BcReport *rep) {
  char *why = NULL;
  CcResult cr = bc_check(b->name, cert, rep, &why);
  if (cr != CC_VALID) {
    g_autofree char *m = g_strdup_printf("internal error: the bounded certificate was rejected by its checker (%s); nothing written",
                                         why ? why : "?");
    in_error_line(PROG, m);
    g_free(why);
    return 1;
  }
  return 0;
}

static int cmd_solve_bounded(const Args *a) {
  static const char *const not_here[] = {"threads", "split", "checkpoint", "cert-dir", "pair-budget", "pair-ratio", "escalate", "reply-cap", NULL};
  (void)not_here;
  if (a->threads || a->split || a->checkpoint || a->cert_dir || a->pair_budget || a->pair_ratio || a->escalate || a->reply_cap || a->all_moves || a->no_zones || a->no_lines ||
      a->no_shared || a->no_mustplay || a->plain_clusters || a->json)
    return mb_bad("the bounded game (--maker-moves, --fastest, pg: boards) takes --after, --breaker-first, --to-move, "
                  "--nodes, --seconds, --memory, --cert, --cert-hold and --exit-winner only");
  if (a->maker_moves && a->fastest) return mb_bad("give --maker-moves N or --fastest, not both");
  if (a->cert_hold && !a->fastest) return mb_bad("--cert-hold needs --fastest (it is the certificate for N - 1)");
  BdOpts o;
  bd_opts_default(&o);
  int64_t v;
  if (a->nodes) {
    if (!in_int64(a->nodes, 1, INT64_MAX, &v)) return mb_bad("--nodes must be an integer from 1 up");
    o.node_limit = (uint64_t)v;
  }
  if (a->seconds) {
    char *end = NULL;
    double sec = g_ascii_isdigit(a->seconds[0]) ? g_ascii_strtod(a->seconds, &end) : 0;
    if (!end || *end || !(sec >= 0.001 && sec <= 1e9))
      return mb_bad("--seconds must be a number of seconds from 0.001 to 10^9 (e.g. 90 or 2.5)");
    o.seconds = sec;
  }
  if (a->memory) {
    size_t len = strlen(a->memory);
    uint64_t mult = 1;
    g_autofree char *num = g_strdup(a->memory);
    if (len > 1 && strchr("KMG", a->memory[len - 1]))
      mult = a->memory[len - 1] == 'K' ? 1u << 10 : a->memory[len - 1] == 'M' ? 1u << 20 : 1u << 30, num[len - 1] = 0;
    if (!in_int64(num, 1, INT64_MAX / (1 << 30), &v) || (uint64_t)v * mult < (1u << 16))
      return mb_bad("--memory must be a size of at least 64K (bytes, or with K, M or G), e.g. 512M");
    o.memory = (uint64_t)v * mult;
  }
  uint32_t want = 0;
  int r;
  if (a->maker_moves && (r = parse_maker_moves(a, &want))) return r;
  if ((r = check_out("--cert", a->certout))) return r;
  if ((r = check_out("--cert-hold", a->cert_hold))) return r;
  if (a->certout && a->cert_hold && strcmp(a->certout, a->cert_hold) == 0) return mb_bad("--cert and --cert-hold name the same file");
  MbBoard *b;
  MbPosition pos;
  if ((r = load(a, &b, &pos))) return r;
  bool maker;
  uint32_t bound;
  if ((r = game_side(a, b, &pos, &maker, &bound))) goto out0;
  if (b->ncells > BD_MAX_CELLS) {
    r = mb_bad("the bounded game handles boards of at most %d cells; %s has %u", BD_MAX_CELLS, b->name, b->ncells);
    goto out0;
  }
  catch_solve_signals();
  o.stop = &solve_signal;
  o.maker_to_move = maker;
  o.want_cert = true;
  {
    g_autofree char *mv = mb_position_string(b, &pos);
    printf("board %s: %u cells, %zu winning sets\n", b->name, b->ncells, hg_ne(b->h));
    printf("position %s, %s to move\n", mv, maker ? "Maker" : "Breaker");
  }
  uint32_t most = bd_max_moves(b, &pos, maker);
  char *cert = NULL, *hold = NULL;
  BdResult res;
  memset(&res, 0, sizeof res);
  GError *e = NULL;
  uint64_t nodes = 0;
  double secs = 0;
  MbOutcome outcome = MB_UNKNOWN;
  uint32_t N = a->fastest ? 0 : a->maker_moves ? want : bound;
  if (!a->fastest)
    printf("bounded game: can Maker complete a set within %u of her moves?%s\n", N,
           a->maker_moves ? "" : b->game.present ? " (the file's #blackturns)" : "");
  for (;; N++) {
    o.maker_moves = N;
    if (!bd_solve(b, &pos, &o, &res, &e)) {
      r = e->code == PAIRING_ERROR_INVALID ? (in_error_line(PROG, e->message), 1) : mb_bad("%s", e->message);
      g_error_free(e);
      goto out;
    }
    nodes += res.nodes, secs += res.seconds;
    outcome = res.outcome;
    if (a->fastest)
      printf("N = %u: %s (%" G_GUINT64_FORMAT " nodes, %.2f s)\n", N,
             outcome == MB_MAKER_WINS ? "Maker wins" : outcome == MB_BREAKER_WINS ? "Breaker holds" : "unknown",
             res.nodes, res.seconds);
    if (outcome != MB_UNKNOWN) {
      BcReport rep;
      if ((r = bounded_check(b, res.cert, &rep))) goto out;
      if (!a->fastest || outcome == MB_MAKER_WINS || N >= most)
        printf("certificate: %" G_GUINT64_FORMAT " nodes (%" G_GUINT64_FORMAT " leaves, %" G_GUINT64_FORMAT
               " transpositions, at most %u Maker moves on a line), checked\n",
               rep.nodes, rep.leaves, rep.links, rep.deepest);
      bc_report_clear(&rep);
    }
    if (!a->fastest || outcome != MB_BREAKER_WINS || N >= most) break;
    g_free(hold);
    hold = res.cert, res.cert = NULL;
    bd_result_clear(&res);
  }
  cert = res.cert, res.cert = NULL;
  if (outcome == MB_UNKNOWN)
    printf("outcome: unknown (%s)\n", solve_signal ? "interrupted" : "budget exhausted");
  else if (!a->fastest)
    printf("outcome: %s %u moves\n", outcome == MB_MAKER_WINS ? "Maker wins within" : "Breaker holds Maker off for", N);
  else if (outcome == MB_MAKER_WINS)
    printf("outcome: Maker's speed is %u: she wins within %u moves%s\n", N, N,
           N == 0 ? " (a set is hers already)" : " and Breaker holds her off for one fewer (both certificates checked)");
  else
    printf("outcome: Maker cannot win: Breaker holds her off for %u moves, all she can make\n", N);
  printf("nodes: %" G_GUINT64_FORMAT "; %.2f s\n", nodes, secs);
  r = outcome == MB_UNKNOWN ? 4 : !a->exit_winner ? 0 : outcome == MB_MAKER_WINS ? 10 : 11;
  if (outcome != MB_UNKNOWN && a->certout) {
    if (fflush(stdout) != 0) r = 3;
    TextCtx t = {cert};
    int w = write_out(a->certout, write_text, &t);
    if (w) r = w;
  }
  if (outcome == MB_MAKER_WINS && a->cert_hold && hold) {
    TextCtx t = {hold};
    int w = write_out(a->cert_hold, write_text, &t);
    if (w) r = w;
  } else if (a->cert_hold && outcome != MB_UNKNOWN)
    printf("cert-hold: none (%s)\n", outcome == MB_MAKER_WINS ? "N = 0: nothing to hold" : "Maker never wins");
out:
  g_free(cert), g_free(hold);
  bd_result_clear(&res);
out0:
  mb_position_clear(&pos);
  bs_board_free(b);
  if (fflush(stdout) != 0 || ferror(stdout)) return mb_bad("cannot write standard output"), 3;
  return r;
}

static int cmd_qbf(int argc, char **argv) {
  Args a;
  int r = parse_args(argc, argv, " after breaker-first to-move maker-moves out ", 1, &a);
  if (r) return r;
  if (a.help) return mb_put_help(MB_HELP_QBF);
  uint32_t want = 0;
  if (a.maker_moves && (r = parse_maker_moves(&a, &want))) return r;
  if ((r = check_out("--out", a.out))) return r;
  MbBoard *b;
  MbPosition pos;
  if ((r = load(&a, &b, &pos))) return r;
  QbfCtx q = {b, &pos, true, 0, {0}};
  uint32_t bound;
  if ((r = game_side(&a, b, &pos, &q.maker, &bound))) goto out;
  if (!a.maker_moves && !b->game.present) {
    r = mb_bad("give --maker-moves N (Maker's move bound; a pg: board's file gives its own)");
    goto out;
  }
  if (b->ncells > QBF_MAX_CELLS) {
    r = mb_bad("qbf handles boards of at most %d cells; %s has %u", QBF_MAX_CELLS, b->name, b->ncells);
    goto out;
  }
  q.n = a.maker_moves ? want : bound;
  r = write_out(a.out ? a.out : "-", write_qbf, &q);
  if (!r && a.out)
    printf("qbf: %s, %s to move, Maker within %u moves: %" G_GUINT64_FORMAT " variables (%" G_GUINT64_FORMAT
           " universal), %" G_GUINT64_FORMAT " clauses, %u plies%s written to %s\n",
           b->name, q.maker ? "Maker" : "Breaker", q.n, q.st.vars, q.st.universals, q.st.clauses, q.st.plies,
           q.st.trivial > 0 ? " (trivially true: a set is Maker's)" : q.st.trivial < 0 ? " (trivially false)" : "", a.out);
out:
  mb_position_clear(&pos);
  bs_board_free(b);
  if (fflush(stdout) != 0 || ferror(stdout)) return mb_bad("cannot write standard output"), 3;
  return r;
}

static int cmd_solve(int argc, char **argv) {
  Args a;
  int r = parse_args(argc, argv,
                     " after breaker-first nodes seconds threads split checkpoint cert json to-move exit-winner memory "
                     "pair-budget pair-ratio no-zones no-shared no-lines no-mustplay all-moves cert-dir plain-clusters maker-moves fastest escalate "
                     "reply-cap cert-hold ",
                     1, &a);
  if (r) return r;
  if (a.help) return mb_put_help(HELP_SOLVE);
  if (a.maker_moves || a.fastest || a.cert_hold || g_str_has_prefix(a.board, "pg:")) return cmd_solve_bounded(&a);
  MbSolveOpts o;
  mb_solve_opts_default(&o);
  o.breaker_first = a.breaker_first;
  int64_t v;
  if (a.nodes) {
    if (!in_int64(a.nodes, 1, INT64_MAX, &v)) return mb_bad("--nodes must be an integer from 1 up");
    o.node_limit = (uint64_t)v;
  }
  if (a.seconds) {
    /* plain decimal only (E6): digits with at most one point, as every
     * other number option reads; no sign, blanks, exponent or hex */
    bool plain = g_ascii_isdigit(a.seconds[0]);
    for (const char *q = a.seconds, *dot = NULL; *q && plain; q++)
      if (*q == '.') plain = !dot && q[1] && g_ascii_isdigit(q[1]), dot = q;
      else plain = g_ascii_isdigit(*q);
    char *end = NULL;
    double sec = plain ? g_ascii_strtod(a.seconds, &end) : 0;
    if (!plain || *end || !(sec >= 0.001 && sec <= 1e9))
      return mb_bad("--seconds must be a number of seconds from 0.001 to 10^9 (e.g. 90 or 2.5)");
    o.seconds = sec;
  }
  if (a.to_move) {
    if (strcmp(a.to_move, "maker") && strcmp(a.to_move, "breaker")) {
      g_autofree char *shown = in_escape(a.to_move, 40);
      return mb_bad("--to-move must be maker or breaker, not '%s'", shown);
    }
    if (a.breaker_first) return mb_bad("give --breaker-first or --to-move, not both (--to-move names the side to move now)");
    o.to_move = strcmp(a.to_move, "maker") == 0 ? MB_TO_MOVE_MAKER : MB_TO_MOVE_BREAKER;
  }
  if (a.threads) {
    if (!in_int64(a.threads, 1, 64, &v)) return mb_bad("--threads must be an integer from 1 to 64");
    o.threads = (int)v;
  }
  if (a.split) {
    if (!in_int64(a.split, 1, 2, &v)) return mb_bad("--split must be 1 or 2");
    o.split = (int)v;
  }
  if (a.memory) {
    /* SIZE: bytes, or a number with K, M or G (powers of 1024) */
    size_t len = strlen(a.memory);
    uint64_t mult = 1;
    g_autofree char *num = g_strdup(a.memory);
    if (len > 1 && strchr("KMG", a.memory[len - 1]))
      mult = a.memory[len - 1] == 'K' ? 1u << 10 : a.memory[len - 1] == 'M' ? 1u << 20 : 1u << 30, num[len - 1] = 0;
    if (!in_int64(num, 1, INT64_MAX / (1 << 30), &v) || (uint64_t)v * mult < (1u << 16))
      return mb_bad("--memory must be a size of at least 64K (bytes, or with K, M or G), e.g. 512M");
    o.memory = (uint64_t)v * mult;
  }
  if (a.pair_budget) {
    if (!in_int64(a.pair_budget, 0, 1000000000, &v)) return mb_bad("--pair-budget must be an integer from 0 to 10^9");
    o.pair_budget = (uint32_t)v;
  }
  if (a.pair_ratio) {
    if (!in_int64(a.pair_ratio, 0, 1000000, &v)) return mb_bad("--pair-ratio must be an integer from 0 to 10^6 (percent)");
    o.pair_ratio = (uint32_t)v;
  }
  if (a.escalate) {
    if (!in_int64(a.escalate, 0, INT64_MAX, &v)) return mb_bad("--escalate must be an integer from 0 up");
    o.escalate = (uint64_t)v;
  }
  if (a.reply_cap) {
    if (!in_int64(a.reply_cap, 0, INT64_MAX, &v)) return mb_bad("--reply-cap must be an integer from 0 up");
    o.reply_cap = (uint64_t)v;
  }
  o.zones = !a.no_zones;
  o.mustplay = !a.no_mustplay;
  o.all_moves = a.all_moves;
  o.shared = !a.no_shared;
  o.lines = !a.no_lines;
  o.plain_clusters = a.plain_clusters;
  if ((r = check_out("--cert", a.certout))) return r;
  if ((r = check_out("--checkpoint", a.checkpoint))) return r;
  if (a.cert_dir && (r = check_cert_dir(&a))) return r;
  o.unit_certs = a.cert_dir != NULL;
  MbBoard *b;
  MbPosition pos;
  if ((r = load(&a, &b, &pos))) return r;
  if (b->ncells > MB_SOLVE_MAX_CELLS) {
    r = mb_bad("solve handles boards of at most %d cells; %s has %u", MB_SOLVE_MAX_CELLS, b->name, b->ncells);
    goto out0;
  }
  GError *e = NULL;
  Checkpoint *ck = NULL;
  catch_solve_signals();
  if (a.checkpoint) {
    g_autofree char *mv = mb_position_string(b, &pos);
    g_autofree char *fp = ckpt_exe_fingerprint();
    /* --all-moves makes other units (every root move, split 1): its
       checkpoints are not another run's (the identity without it unchanged) */
    g_autofree char *id = g_strdup_printf("makerbreaker solve %s after %s first %s nodes %s split %s%s fp %s", b->name,
                                          mv, a.to_move ? (strcmp(a.to_move, "maker") == 0 ? "to-move-maker" : "to-move-breaker")
                                          : a.breaker_first ? "breaker" : "maker", a.nodes ? a.nodes : "-",
                                          a.split ? a.split : "auto", a.all_moves ? " all-moves" : "", fp);
    ck = ckpt_open(a.checkpoint, id, PROG, &e);
    if (!ck) {
      r = mb_bad("--checkpoint: %s", e->message);
      g_error_free(e);
      goto out0;
    }
  }
  o.ckpt = ck;
  o.stop = &solve_signal;
  o.status = solve_status;
  o.status_ctx = b->name;
  MbSolveResult res;
  if (!mb_solve(b, &pos, &o, &res, &e)) {
    r = e->code == PAIRING_ERROR_INVALID ? (in_error_line(PROG, e->message), 1)
        : a.checkpoint && strstr(e->message, "checkpoint") ? mb_bad("--checkpoint %s: %s", a.checkpoint, e->message)
                                                        : mb_bad("%s", e->message);
    g_error_free(e);
    ckpt_close(ck);
    goto out0;
  }
  char *mv = mb_position_string(b, &pos);
  const char *signame = !solve_signal ? NULL : solve_signal == SIGINT ? "SIGINT" : "SIGTERM";
  if (a.json) mbj_solve(stdout, b, &pos, &res, signame);
  else {
    printf("board %s: %u cells, %zu winning sets; automorphism group of order %s%s\n", b->name, b->ncells,
           hg_ne(b->h), res.group_size,
           res.group_used     ? ""
           : res.group_orbits ? " (too large to enumerate: moves grouped by its orbits at the root and the first "
                                "replies, no symmetry inside the search)"
                              : " (not used)");
    printf("position %s, %s to move\n", mv, res.maker_to_move ? "Maker" : "Breaker");
    if (res.root_leaf) printf("decided at the root: %s\n", res.root_leaf);
    for (uint32_t i = 0; i < res.nunits; i++) {
      print_unit("move", &res.units[i]);
      for (uint32_t j = 0; j < res.units[i].nsub && !res.units[i].skipped; j++) print_unit("  reply", &res.units[i].sub[j]);
    }
    g_autofree char *why = signame          ? g_strdup_printf(" (interrupted by %s)", signame)
                           : res.memory_hit ? g_strdup(" (the memory bound was reached)")
                                            : g_strdup(" (budget exhausted)");
    printf("outcome: %s%s\n", res.outcome == MB_MAKER_WINS ? "Maker wins" : res.outcome == MB_BREAKER_WINS ? "Breaker wins" : "unknown",
           res.outcome == MB_UNKNOWN ? why : "");
    uint32_t udone = 0, uall = 0;
    for (uint32_t i = 0; i < res.nunits; i++) {
      const MbUnitResult *u = &res.units[i];
      for (uint32_t j = 0; j < (u->nsub ? u->nsub : 1); j++) {
        const MbUnitResult *x = u->nsub ? &u->sub[j] : u;
        uall++;
        udone += x->skipped || x->outcome != MB_UNKNOWN;
      }
    }
    if (res.outcome == MB_UNKNOWN) printf("units: %u of %u decided or not needed\n", udone, uall);
    printf("nodes: %llu; proof: %llu certificate nodes; %.2f s\n", (unsigned long long)res.nodes,
           (unsigned long long)res.proof, res.seconds);
  }
  if (!a.json) {
    printf("pruning: %llu Maker moves refuted by a zone; %llu Breaker moves proved by a support; "
           "%llu of %llu shared-pairing searches found a pairing\n",
           (unsigned long long)res.zone_cuts, (unsigned long long)res.must_cuts, (unsigned long long)res.pair_found, (unsigned long long)res.pair_tried);
    /* (U2) which bound was reached, with its own number: a unit's table
     * bound is half of the unit's share of --memory, not --memory itself */
    char tb[32], sh[32], bd[32], pk[32];
    size_text(tb, res.memory_table), size_text(sh, res.memory_share), size_text(bd, res.memory_bound);
    size_text(pk, res.memory_peak);
    if (res.memory_hit && (res.memory_why & MB_MEM_TABLE))
      printf("memory: a unit's table reached its bound of %s (half of its share, %s, of the memory bound %s, or "
             "its first size); its unit is unknown\n", tb, sh, bd);
    if (res.memory_hit && (res.memory_why & MB_MEM_TOTAL))
      printf("memory: the memory bound of %s (--memory or its default: all of the solver's tables, caches and "
             "certificates together) refused an allocation; the unit needing it is unknown\n", bd);
    if (res.memory_hit) printf("memory: %s counted at the peak\n", pk);
  }
  r = res.outcome == MB_UNKNOWN ? 4 : !a.exit_winner ? 0 : res.outcome == MB_MAKER_WINS ? 10 : 11;
  if (a.all_moves && r != 4) { /* (U2) a list with classes left unknown is not complete: exit 4 */
    uint32_t unk = 0;
    for (uint32_t i = 0; i < res.nunits; i++) unk += !res.units[i].skipped && res.units[i].outcome == MB_UNKNOWN;
    if (unk) {
      if (!a.json) printf("all-moves: %u of %u move classes unknown: the list is incomplete\n", unk, res.nunits);
      r = 4;
    }
  }
  bool refused = false; /* --cert-dir: a target exists, nothing is written */
  bool dir_failed = false; /* --cert-dir: a write failed, nothing is left in DIR */
  if (a.cert_dir) {
    int w = write_cert_dir(&a, &res);
    if (w) r = w, refused = w == 2, dir_failed = w == 3;
  }
  if (a.certout && res.cert && !refused) {
    TextCtx t = {res.cert};
    if (fflush(stdout) != 0) r = 3;
    int w = write_out(a.certout, write_text, &t);
    if (w) r = w;
  }
  /* the checkpoint goes only when everything was written (E2): after a
   * failed write it stays, so that the same command writes the answer again
   * from it at once */
  bool written = r == 0 || r == 10 || r == 11;
  if (res.outcome != MB_UNKNOWN && written && !refused) ckpt_finish(ck);
  else {
    if (ck && res.outcome != MB_UNKNOWN && !written && !refused)
      fprintf(stderr, "%s: the checkpoint %s is kept: run the same command again to write the answer from it\n", PROG,
              a.checkpoint);
    else if (!ck && dir_failed)
      fprintf(stderr, "%s: no certificate was left in %s: run the same command again to write them (with --checkpoint "
                      "FILE a rerun keeps the finished units)\n", PROG, a.cert_dir);
    ckpt_close(ck);
  }
  mb_solve_result_clear(&res);
  g_free(mv);
out0:
  mb_position_clear(&pos);
  bs_board_free(b);
  if (fflush(stdout) != 0 || ferror(stdout)) return mb_bad("cannot write standard output"), 3;
  return r;
}

static int cmd_help(int argc, char **argv) {
  if (argc == 0) return mb_put_help(HELP_MAIN);
  if (argc > 1) return mb_bad("help takes at most one topic");
  const char *t = argv[0];
  const char *text = strcmp(t, "info") == 0          ? HELP_INFO
                     : strcmp(t, "pairing") == 0     ? HELP_PAIRING
                     : strcmp(t, "check") == 0       ? HELP_CHECK
                     : strcmp(t, "export") == 0      ? HELP_EXPORT
                     : strcmp(t, "solve") == 0       ? HELP_SOLVE
                     : strcmp(t, "boards") == 0      ? HELP_BOARDS
                     : strcmp(t, "moves") == 0       ? HELP_MOVES
                     : strcmp(t, "format") == 0      ? HELP_FORMAT
                     : strcmp(t, "certificate") == 0 ? HELP_CERT
                     : strcmp(t, "explain") == 0     ? MB_HELP_EXPLAIN
                     : strcmp(t, "play") == 0        ? MB_HELP_PLAY
                     : strcmp(t, "json") == 0        ? MB_HELP_JSON
                     : strcmp(t, "qbf") == 0         ? MB_HELP_QBF
                     : strcmp(t, "pg") == 0          ? MB_HELP_PG
                                                     : NULL;
  if (!text) {
    g_autofree char *shown = in_escape(t, 40);
    return mb_bad("no help topic '%s' (info, pairing, check, export, solve, qbf, explain, play, json, boards, "
               "moves, format, pg, certificate)", shown);
  }
  return mb_put_help(text);
}

/* a help text on standard output: 0, or 3 (one line on stderr) when it
 * cannot be written (a full disk, a closed pipe) */

int main(int argc, char **argv) {
  g_set_prgname(PROG);
  if (argc < 2) return mb_bad("give a subcommand: info, pairing, check, export, solve, explain, play or help (see --help)");
  const char *sub = argv[1];
  if (strcmp(sub, "--help") == 0 || strcmp(sub, "-h") == 0) return cmd_help(0, NULL);
  if (strcmp(sub, "help") == 0) return cmd_help(argc - 2, argv + 2);
  if (strcmp(sub, "info") == 0) return cmd_info(argc - 2, argv + 2);
  if (strcmp(sub, "pairing") == 0) return cmd_pairing(argc - 2, argv + 2);
  if (strcmp(sub, "check") == 0) return cmd_check(argc - 2, argv + 2);
  if (strcmp(sub, "export") == 0) return cmd_export(argc - 2, argv + 2);
  if (strcmp(sub, "solve") == 0) return cmd_solve(argc - 2, argv + 2);
  if (strcmp(sub, "qbf") == 0) return cmd_qbf(argc - 2, argv + 2);
  if (strcmp(sub, "explain") == 0) return mb_cmd_explain(argc - 2, argv + 2);
  if (strcmp(sub, "play") == 0) return mb_cmd_play(argc - 2, argv + 2);
  g_autofree char *shown = in_escape(sub, 40);
  return mb_bad("unknown subcommand '%s' (info, pairing, check, export, solve, explain, play, help)", shown);
}
