/* certcheck_int.h — the parts of the independent checker (certcheck.h)
 * shared by its files; not a public interface.
 *
 *   certcheck.c           cc_check(): the header against the spec, then the
 *                         board and the certificate's kind
 *   certcheck_board.c     the checker's own board (CcBoard): cells and winning
 *                         sets enumerated by windows, files by its own
 *                         tokenizer; the common certificate header
 *   certcheck_pairing.c   pairing certificates: private and shared pairings,
 *                         Hall families, refutations with their DRAT proofs
 *   certcheck_strategy.c  strategy trees replayed from the rules
 *   certtok.c             (not the checker's own: shared with the strategy
 *                         reader of explain and play, certtok.h) the tokens of
 *                         a line, separated by exactly one blank
 *   certcheck_lines.c     the line-potential leaves: the board's near-lines,
 *                         found by the checker's own method, and the exact value
 *   certcheck_zones.c     the leaves' own checks and what they pass up: threat
 *                         sequences and their supports, pairing leaves and
 *                         their zones, Erdős–Selfridge values (exact), and the
 *                         omitted moves of 'R' and 'A' nodes
 * None of them shares code with the search. */
#ifndef SOLVE_CERTCHECK_INT_H
#define SOLVE_CERTCHECK_INT_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "game/boardspec.h"
#include "solve/certcheck.h"

typedef struct {
  GPtrArray *names;   /* cell names */
  GHashTable *index;  /* name -> cell + 1 */
  GArray *start;      /* uint32 offsets, nsets + 1 */
  GArray *cells;      /* uint32 */
  GHashTable *bykey;  /* sorted cells (len-prefixed) -> set + 1 */
} CcBoard;

/* certcheck_board.c */
uint32_t *cc_make_key(const uint32_t *c, uint32_t n); /* n, then the cells sorted; g_free */
guint cc_key_hash(gconstpointer key);                 /* such keys in a GHashTable */
gboolean cc_key_equal(gconstpointer a, gconstpointer b);
void cb_init(CcBoard *b);
void cb_clear(CcBoard *b);
uint32_t cb_nsets(const CcBoard *b);
const uint32_t *cb_set(const CcBoard *b, uint32_t s, uint32_t *n);
long cb_cell(const CcBoard *b, const char *name); /* -1 if not a cell */
/* The winning set named by the cells tok[0..n-1], in any order: its index + 1,
 * or 0 if it is not a set of the board; *named is false if a cell is not on
 * the board. */
uint32_t cb_lookup_set(const CcBoard *b, char **tok, guint n, bool *named);
/* the board of the spec, enumerated here; false with *why (g_malloc'ed) for an unreadable file */
bool cc_board(CcBoard *b, const BsSpec *sp, char **why);
/* The lines every certificate opens with: want[0] exactly, then lines that
 * start with want[1..n-1]; line 2 names the board (canon, or any file: board
 * for a board read from a file) and line 3 its size.  On a mismatch *why is
 * set and the result is returned; CC_VALID otherwise. */
CcResult cc_cert_header(char **lines, const char *const *want, int n, bool file_board, const char *canon,
                        uint32_t nc, uint32_t ns, char **why);

/* certcheck_pairing.c: a "makerbreaker certificate 1" (lines split at '\n') on the board B */
CcResult cc_check_pairing(const CcBoard *B, const BsSpec *sp, char **lines, CcReport *rep, char **why);
/* certcheck_strategy.c: a "makerbreaker strategy 1" on the board B */
CcResult cc_check_strategy(const CcBoard *B, const BsSpec *sp, char **lines, CcReport *rep, char **why);

/* certcheck_zones.c.  Zones and supports are bitsets of W = (cells + 63) / 64
 * words.  own[c]: 0 free, 1 Maker, 2 Breaker.  Each returns CC_VALID, or the
 * result with *why set (node is the 1-based node number for the message). */
static inline void cc_zput(uint64_t *z, uint32_t c) { z[c / 64] |= UINT64_C(1) << (c % 64); }
static inline bool cc_zhas(const uint64_t *z, uint32_t c) { return (z[c / 64] >> (c % 64)) & 1; }
/* 'T C1..Ck': Maker's threat sequence replayed from own; adds its support to
 * zc and its Maker moves to *h */
CcResult cc_leaf_threats(const CcBoard *B, const uint8_t *own, const uint32_t *cells, uint32_t n, int64_t node,
                         uint64_t *zc, uint32_t *h, char **why);
/* 'P A1 B1 ...': disjoint pairs of free cells, one inside every surviving set;
 * adds the pairs' cells to zc.  partner: scratch, one word per cell */
CcResult cc_leaf_pairing(const CcBoard *B, const uint8_t *own, const uint32_t *cells, uint32_t n, int64_t node,
                         uint32_t *partner, uint64_t *zc, char **why);
/* 'E a/b': the exact Erdős–Selfridge value of own (plus the largest cell term
 * when Maker moves) equals a/b and is below 1; adds the live cells to zc.
 * value: the token "a/b"; line: the certificate line number for messages.
 * The incidence (*inc_start, *inc) is built on first use; the caller frees it. */
CcResult cc_leaf_es(const CcBoard *B, const uint8_t *own, const uint8_t *live, bool maker_side, const char *value,
                    int64_t node, int line, uint64_t *zc, uint32_t **inc_start, uint32_t **inc, char **why);
/* exact dyadic values (certcheck_zones.c): sorted distinct exponents */
void cc_dyadic_normalize(GArray *v);
int cc_dyadic_cmp(const GArray *x, const GArray *y);
bool cc_dyadic_equals(const GArray *v, unsigned __int128 a, unsigned __int128 b);
bool cc_dyadic_parse(const char *value, unsigned __int128 *a, unsigned __int128 *b); /* "a/b" or "a" */
/* certcheck_lines.c: the board's near-lines (sets T whose every |T| - 1
 * cells form a winning set), found once per certificate */
typedef struct CcLines CcLines;
CcLines *cc_lines_new(const CcBoard *B);
void cc_lines_free(CcLines *L);
uint32_t cc_lines_count(const CcLines *L);
/* 'L a/b': the line potential of own (plus the largest gain of a free cell
 * when Maker moves) equals a/b and is below 1; adds the live cells to zc.
 * *lp is made on first use; the caller frees it (cc_lines_free). */
CcResult cc_leaf_lines(const CcBoard *B, const uint8_t *own, const uint8_t *live, bool maker_side, const char *value,
                       int64_t node, int line, uint64_t *zc, CcLines **lp, char **why);
/* 'R' ('A') with moves cells[0..k-1], czone[i*W..] the zone (support) of each
 * listed move's child, livez the free cells of surviving sets: every omitted
 * live cell lies outside some listed move's zone (support); counts omitted
 * cells in rep */
CcResult cc_omitted_moves(const CcBoard *B, char op, const uint32_t *cells, uint32_t k, const uint64_t *czone,
                          const uint64_t *livez, int64_t node, CcReport *rep, char **why);

#define BAD(code, ...) \
  do {                 \
    *why = g_strdup_printf(__VA_ARGS__); \
    res = code;        \
    goto done;         \
  } while (0)

#endif
