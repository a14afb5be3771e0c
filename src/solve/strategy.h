/* strategy.h — the solver's strategy certificates read for people and
 * players: the tree as nodes, the game length under the strategy, and a
 * player that answers every move of the losing side from the tree.
 *
 * Why.  A certificate (solver.h's format, `makerbreaker help certificate`)
 * is a proof for a machine; certcheck.h judges it.  This module reads a
 * certificate the checker has ACCEPTED and walks it: `makerbreaker explain`
 * prints the principal line and the winner's answers, `makerbreaker play`
 * plays the winner's side against a person.  It is not a checker: callers
 * run cc_check() first (a tree that is well-formed but wrong is not caught
 * here; the player then still plays legal moves, but may lose).
 *
 * Contract.
 *   Reading.  st_read(b, text, &err) parses the certificate for the board b
 *     (built by bs_board_new from the certificate's own board line, or an
 *     equal spec; lines split into tokens by certtok.h, as the checker
 *     splits them: exactly one blank between tokens): header lines in this order — "makerbreaker strategy 1",
 *     "board SPEC" (SPEC = b->name; a file: board only needs "file:"),
 *     "size CELLS SETS" (= b's counts), "moves ..." (or "-"), "tomove
 *     maker|breaker", "winner maker|breaker", "cells NAME.." (every cell
 *     once), "perm ID NAME.." (any number, IDs distinct, each a bijection),
 *     "nodes N" — then N node lines in preorder and "end".  Node kinds:
 *     m b F (one cell, one subtree), B M (k >= 1 distinct cells, k
 *     subtrees in that order), T (k >= 1 cells), W, D, P (an even number of
 *     cells), E (one word a/b), S d p (1 <= d <= the node's index, p = 0 or
 *     a declared perm).  Any other kind — e.g. a node kind added to the
 *     format later — is refused with a message naming the kind and the line
 *     ("unknown node kind 'Z' on line L: this reader knows m b F B M T W P
 *     E D S"), so an old reader never misreads a new certificate.  A cell
 *     name not on the board, a count mismatch, a tree that ends early or
 *     late, a link to a node that is not finished before it (an ancestor):
 *     NULL, err PAIRING_ERROR_FORMAT, one line.  The text's size is the
 *     caller's bound (input.h's in_read); allocations are linear in it.
 *   Nodes (StNode): op, the listed cells (board indices, in the tree's
 *     frame), kid[] (m b F: 1; B M: one per cell), for S the target node
 *     and the permutation (perm[c] = image of cell c; NULL = identity; the
 *     target's position maps ONTO this node's by perm), for E the value.
 *     plies = the longest game from this node under the strategy, in moves
 *     of both sides: in a Maker-win tree until Maker completes a set (a T
 *     leaf of k moves counts 2k-1, or 2k+1 when its last move leaves a
 *     double threat: Breaker blocks one, Maker takes the other; W counts 0);
 *     in a Breaker-win tree until a closure leaf (P E D count 0: from there
 *     the pairing, Erdős–Selfridge, line potential or nothing-left decides
 *     the game; L counts 0 too).
 *   Playing (StPlay).  st_play_new() starts at the certificate's position.
 *     The WINNER is the program, the LOSER the other side (a person, or a
 *     policy).  Moves alternate from the certificate's side to move.
 *     st_play_loser() plays the loser's move on any free cell (false if the
 *     cell is taken or it is not the loser's turn); st_play_winner() returns
 *     and plays the winner's answer.  Every legal loser move is answered:
 *     a move the tree lists is followed; a move it does not list (a cell on
 *     no surviving set of the tree's position, or one the player already
 *     counts as the loser's) is a PASS for the tree, and the player takes
 *     the first listed move as an imaginary move of the loser, keeping a
 *     VIRTUAL position in which the loser owns at least what it owns on the
 *     board (a pass never helps in a Maker–Breaker game, so the tree's win
 *     stands).  Maker, winning, first takes the free cell of a set one
 *     short in the virtual position (the forced reply refused, or the
 *     double threat); a T leaf is played out move by move.  Breaker, at a
 *     closure leaf: P answers Maker's cell with its partner (else takes a
 *     cell of an untouched pair, else any free cell); E takes the free cell
 *     of largest Erdős–Selfridge weight sum_{A ∋ v} 2^-|A free| over
 *     surviving sets (exact integers, first on ties; the potential never
 *     rises, so no set is completed); L takes the free cell of largest gain
 *     of the line potential (solver.h; the near-lines of game/nearlines.h;
 *     exact, first on ties); D any free cell.  Symmetry links are
 *     followed by composing their permutations (tree frame -> board).
 *     st_play_over(): 0 while undecided; MB_MAKER when a set is all
 *     Maker's; MB_BREAKER when every set holds a Breaker cell or the board
 *     is full.  st_play_options() lists the loser's moves the tree
 *     distinguishes now, with the game length after each (for the
 *     principal line and explain's answers; none inside a closure).
 *     st_play_copy() copies a player (to explore a reply).
 *   Deterministic; no global state.
 */
#ifndef SOLVE_STRATEGY_H
#define SOLVE_STRATEGY_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "game/boardspec.h"
#include "game/nearlines.h"
#include "game/pairing.h"

typedef struct {
  char op;               /* m b F B M R T W P E L D S */
  uint32_t n;            /* cells listed */
  uint32_t *cells;       /* board cell indices, tree frame */
  uint32_t *kid;         /* m b F: 1 entry; B M R: n entries; else NULL */
  uint32_t target;       /* S: the linked node */
  const uint32_t *perm;  /* S: target's position -> this node's (NULL = identity) */
  uint32_t perm_id;      /* S: the perm's ID (0 = identity) */
  char *es;              /* E, L: "a/b" */
  uint32_t plies;        /* the longest game from here under the strategy */
  uint64_t *zone;        /* Breaker-win trees: the subtree's relevance zone (tree frame,
                            the rules of certcheck.c); an R node's unlisted Maker move
                            is answered by the subtree of a listed move whose zone
                            (plus the move) misses it, Maker given every free cell
                            outside that zone in the imagined position */
  bool done;             /* (while reading) its subtree is complete */
} StNode;

typedef struct {
  const MbBoard *b;
  MbPosition root;       /* the certificate's moves */
  bool maker_to_move;    /* at the root */
  bool maker_wins;       /* the winner the tree proves */
  uint32_t nnodes;
  StNode *node;
  uint32_t nperms;
  uint32_t **perm;       /* each declared perm: image of every cell */
  uint32_t *perm_ids;
  MbNearLines *near;     /* the board's near-lines when the tree has an L leaf, else NULL */
} Strategy;

Strategy *st_read(const MbBoard *b, const char *text, GError **err);
void st_free(Strategy *st);

typedef enum { ST_TREE, ST_THREATS, ST_CLOSURE, ST_OVER } StMode;

typedef struct {
  const Strategy *st;
  StMode mode;
  uint32_t node;         /* ST_TREE / ST_THREATS / ST_CLOSURE: the current node (no S) */
  uint32_t tnext;        /* ST_THREATS: the next threat move */
  uint32_t tstart;       /* ST_THREATS: moves played when it began */
  uint32_t last;         /* the loser's last move (UINT32_MAX: none yet) */
  uint32_t *phi;         /* tree frame -> board */
  uint32_t *phinv;
  uint8_t *real, *virt;  /* owners (MB_FREE, MB_MAKER, MB_BREAKER) */
  bool maker_to_move;
  uint32_t moves;        /* moves played since the root */
  uint32_t imaginary;    /* passes the player answered with an imaginary move */
} StPlay;

StPlay *st_play_new(const Strategy *st);
StPlay *st_play_copy(const StPlay *p);
void st_play_free(StPlay *p);
bool st_play_winner_to_move(const StPlay *p);
int st_play_over(const StPlay *p);
bool st_play_loser(StPlay *p, uint32_t cell);
/* the winner's move (played); false if the game is over or it is not the winner's turn */
bool st_play_winner(StPlay *p, uint32_t *cell);
/* the loser's moves the tree tells apart now (board cells) and the game
 * length after each; returns how many (0 inside a closure or when over);
 * cells and plies need room for the board's cells */
uint32_t st_play_options(const StPlay *p, uint32_t *cells, uint32_t *plies);
/* the longest game left from here under the strategy (the current node's
 * plies, adjusted inside a threat sequence; 0 in a closure) */
uint32_t st_play_plies(const StPlay *p);
/* the current node (after links) and, for P leaves, the pairs mapped to the board */
const StNode *st_play_node(const StPlay *p);
void st_play_map(const StPlay *p, const uint32_t *tree_cells, uint32_t n, uint32_t *board_cells);

#endif
