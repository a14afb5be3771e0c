/* pairgrid.h — pairing strategies on the n^d board as labelled grids, and the
 * independent checker that validates them.
 *
 * Contract.
 *   A PairGrid gives every cell of the n^d board (board.h's cell order: index
 *   sum (a_i - 1) n^(i-1)) one label:
 *     PG_MAKER  a cell Maker holds        (printed X)
 *     PG_BREAKER a cell Breaker holds     (printed O)
 *     PG_FREE   a free cell in no pair    (printed .)
 *     k >= 1    a free cell of pair k     (printed k; each pair has two cells)
 *   Breaker's pairing strategy: when Maker takes a cell of pair k, Breaker
 *   takes the other one.  It wins if every surviving line (one without an O)
 *   holds both cells of some pair.
 *   Text format (pg_write / pg_parse), for d = 2 or 3:
 *     pairgrid n=<n> d=<d> pairs=<P>
 *     then for d = 3 a line "z=<k>" before each layer k = 1..n, and for each
 *     layer (d = 2: the one layer) n rows y = 1..n, each with n
 *     space-separated tokens for x = 1..n.
 *   Blank lines and lines starting with '#' are ignored by the parser.
 *   pg_parse() rejects anything malformed with a one-line message (GError);
 *   numbers are read in 64 bits against explicit limits (input.h: n 2..64,
 *   d 2 or 3, pairs 0..n^d/2, labels 1..10^6), never wrapped.
 *   The checker (PgChecker) enumerates the lines ITSELF, as the pairs of cells
 *   that are a line's two endpoints, independently of board.c, and
 *   pg_check() returns true iff
 *     (a) every pair label 1..P occurs on exactly two cells and no other
 *         positive label occurs, and
 *     (b) every line without a Breaker cell contains both cells of one pair.
 *   On failure *why (if non-NULL) receives a newly allocated one-line reason.
 *   PgStats reports what was checked.
 */
#ifndef PAIRGRID_H
#define PAIRGRID_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum { PG_FREE = 0, PG_MAKER = -1, PG_BREAKER = -2 };

typedef struct {
  int n, d;
  uint32_t ncells;
  int32_t npairs;
  int32_t *label; /* ncells entries */
} PairGrid;

PairGrid *pg_new(int n, int d); /* every cell PG_FREE, no pairs */
void pg_free(PairGrid *g);
/* Adds pair number npairs+1 on the free cells a != b; returns its number. */
int32_t pg_add_pair(PairGrid *g, uint32_t a, uint32_t b);

void pg_write(FILE *f, const PairGrid *g);
char *pg_to_string(const PairGrid *g); /* the same text, g_free() it */
PairGrid *pg_parse(const char *text, GError **err);

typedef struct PgChecker PgChecker;
typedef struct {
  uint32_t lines, surviving, pairs, free_unpaired;
} PgStats;

/* the largest board the checker takes: 64^3, every grid pg_parse accepts */
#define PG_MAX_CELLS 262144u
PgChecker *pg_checker_new(int n, int d); /* 2 <= n, d in {1,2,3,4}, n^d <= PG_MAX_CELLS */
void pg_checker_free(PgChecker *c);
uint32_t pg_checker_lines(const PgChecker *c);
bool pg_check(const PgChecker *c, const PairGrid *g, PgStats *stats, char **why);

#endif
