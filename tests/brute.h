/* brute.h — the brute-force Maker–Breaker solver of tests/test_differential.c
 * and tests/fuzz/certcheck.c, written independently of src/solve/solver.c:
 * memoised AND/OR search over bitmask positions of at most 24 cells.
 *
 * A position is (Maker's cells, Breaker's cells, side to move).  Maker has
 * won when a set is all Maker's; Breaker has won when every set holds a
 * Breaker cell.  Otherwise the side to move tries every free cell that lies
 * on a set without a Breaker cell (a move elsewhere changes no set's fate,
 * like a pass, and a pass never helps the mover in a Maker–Breaker game; if
 * there is no such cell Breaker has won); Maker wins iff some Maker move
 * (every Breaker move) leads to a Maker win.  Looking one move ahead by the
 * rules: Maker to move completes a set if one cell does; Breaker to move
 * has lost if two different cells would each complete a set, and must take
 * the cell if one would.  No longer threat sequences, no pairings, no
 * Erdős–Selfridge, no symmetry.  Results are memoised in an open-addressing
 * table keyed by the position. */
#ifndef TESTS_BRUTE_H
#define TESTS_BRUTE_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "game/boardspec.h"

typedef struct {
  int ncells, nsets;
  uint32_t set[1024];
  uint64_t *key; /* open addressing: 0 = empty; key = M | B << 24 | side << 48 | 1 << 49 */
  uint8_t *val;  /* 1 Maker wins, 2 Breaker wins */
  size_t cap, used;
  uint64_t visits;
} Brute;

static inline uint64_t mix(uint64_t x) {
  x ^= x >> 33, x *= 0xff51afd7ed558ccdULL, x ^= x >> 33, x *= 0xc4ceb9fe1a85ec53ULL, x ^= x >> 33;
  return x;
}

static inline void memo_put(Brute *b, uint64_t k, uint8_t v);
static inline void memo_grow(Brute *b) {
  uint64_t *ok = b->key;
  uint8_t *ov = b->val;
  size_t oc = b->cap;
  b->cap = oc ? 2 * oc : 1 << 16;
  b->key = g_new0(uint64_t, b->cap), b->val = g_new0(uint8_t, b->cap), b->used = 0;
  for (size_t i = 0; i < oc; i++)
    if (ok[i]) memo_put(b, ok[i], ov[i]);
  g_free(ok), g_free(ov);
}
static inline void memo_put(Brute *b, uint64_t k, uint8_t v) {
  if (2 * (b->used + 1) > b->cap) memo_grow(b);
  size_t i = mix(k) & (b->cap - 1);
  while (b->key[i] && b->key[i] != k) i = (i + 1) & (b->cap - 1);
  if (!b->key[i]) b->used++;
  b->key[i] = k, b->val[i] = v;
}
static inline uint8_t memo_get(const Brute *b, uint64_t k) {
  if (!b->cap) return 0;
  size_t i = mix(k) & (b->cap - 1);
  while (b->key[i]) {
    if (b->key[i] == k) return b->val[i];
    i = (i + 1) & (b->cap - 1);
  }
  return 0;
}

/* true iff Maker wins from (M, B) with `maker` to move.  Only the surviving
 * sets (no Breaker cell) matter, and they are exactly the sets inside their
 * union U (a set inside U has no Breaker cell, as no surviving set has), so
 * (M & U, U, side) is the key: Breaker's cells and Maker's cells outside U
 * change nothing. */
static inline bool brute_win(Brute *b, uint32_t M, uint32_t B, bool maker) {
  b->visits++;
  uint32_t U = 0, one = 0, two = 0; /* one: free cells that complete a set; two: met twice */
  bool any = false;
  for (int s = 0; s < b->nsets; s++) {
    if (b->set[s] & B) continue;
    uint32_t f = b->set[s] & ~M;
    if (f == 0) return true; /* all Maker's */
    any = true;
    U |= b->set[s];
    if ((f & (f - 1)) == 0) two |= one & f, one |= f;
  }
  if (!any) return false;
  uint32_t live = U & ~M;
  /* the rules one move ahead: Maker to move takes a cell that completes a
   * set; Breaker to move loses if two different cells complete sets, and
   * must take the one cell that does if there is one */
  if (maker && one) return true;
  if (!maker && (one & (one - 1))) return true;
  if (!maker && one) live = one;
  uint64_t k = (uint64_t)(M & U) | (uint64_t)U << 24 | (uint64_t)maker << 48 | (uint64_t)1 << 49;
  uint8_t v = memo_get(b, k);
  if (v) return v == 1;
  bool win = !maker; /* Maker: some move wins; Breaker: every move loses */
  for (uint32_t m = live; m; m &= m - 1) {
    uint32_t c = m & -m;
    bool w = maker ? brute_win(b, M | c, B, false) : brute_win(b, M, B | c, true);
    if (maker && w) {
      win = true;
      break;
    }
    if (!maker && !w) {
      win = false;
      break;
    }
  }
  (void)two;
  memo_put(b, k, win ? 1 : 2);
  return win;
}

static inline void brute_load(Brute *br, const MbBoard *b) {
  memset(br, 0, sizeof *br);
  g_assert_cmpuint(b->ncells, <=, 24);
  g_assert_cmpuint(hg_ne(b->h), <=, G_N_ELEMENTS(br->set));
  br->ncells = (int)b->ncells, br->nsets = (int)hg_ne(b->h);
  for (int s = 0; s < br->nsets; s++) {
    const uint32_t *c = hg_edge(b->h, (size_t)s);
    for (size_t i = 0; i < hg_edge_size(b->h, (size_t)s); i++) br->set[s] |= 1u << c[i];
  }
}
static inline void brute_free(Brute *br) { g_free(br->key), g_free(br->val); }

#endif
