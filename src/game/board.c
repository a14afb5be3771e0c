#include "game/board.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

uint64_t ipow(uint64_t base, int exp) {
  uint64_t r = 1;
  while (exp-- > 0) r *= base;
  return r;
}

uint64_t board_lines_formula(int n, int d) {
  return (ipow((uint64_t)n + 2, d) - ipow((uint64_t)n, d)) / 2;
}

uint32_t board_cell(const Board *b, const int *coords) {
  uint32_t idx = 0;
  for (int i = b->d - 1; i >= 0; i--) idx = idx * (uint32_t)b->n + (uint32_t)(coords[i] - 1);
  return idx;
}

void board_coords(const Board *b, uint32_t cell, int *coords) {
  for (int i = 0; i < b->d; i++) {
    coords[i] = (int)(cell % (uint32_t)b->n) + 1;
    cell /= (uint32_t)b->n;
  }
}

Board *board_new(int n, int d) {
  if (d < 1 || d > 8 || n < 2 || n > 64 || ipow((uint64_t)n, d) > (UINT64_C(1) << 24)) {
    fprintf(stderr, "board: unsupported size %d^%d\n", n, d);
    abort();
  }
  Board *b = g_new0(Board, 1);
  b->n = n;
  b->d = d;
  b->ncells = (uint32_t)ipow((uint64_t)n, d);
  b->lines = hg_new(b->ncells);
  int dir[8], fixed[8], coords[8];
  uint32_t cells[64];
  int ndir = 1;
  for (int i = 0; i < d; i++) ndir *= 3;
  for (int code = 0; code < ndir; code++) {
    /* digit 0,1,2 -> direction -1,0,+1 */
    int c = code, first = 0, nfree = 0;
    for (int i = 0; i < d; i++) {
      dir[i] = c % 3 - 1;
      c /= 3;
    }
    for (int i = 0; i < d && first == 0; i++) first = dir[i];
    if (first != 1) continue; /* zero vector, or the reversal of another direction */
    for (int i = 0; i < d; i++) nfree += dir[i] == 0;
    uint64_t nchoice = ipow((uint64_t)n, nfree);
    for (uint64_t ch = 0; ch < nchoice; ch++) {
      uint64_t r = ch;
      for (int i = 0; i < d; i++)
        if (dir[i] == 0) {
          fixed[i] = (int)(r % (uint64_t)n) + 1;
          r /= (uint64_t)n;
        }
      for (int t = 0; t < n; t++) {
        for (int i = 0; i < d; i++)
          coords[i] = dir[i] == 0 ? fixed[i] : dir[i] > 0 ? t + 1 : n - t;
        cells[t] = board_cell(b, coords);
      }
      hg_add_edge(b->lines, cells, (size_t)n);
    }
  }
  hg_finalize(b->lines);
  return b;
}

void board_free(Board *b) {
  if (!b) return;
  hg_free(b->lines);
  g_free(b);
}

uint64_t board_lines_by_endpoints(int n, int d, uint32_t *deg) {
  uint32_t ncells = (uint32_t)ipow((uint64_t)n, d);
  int ca[8], cb[8];
  uint64_t count = 0;
  if (deg)
    for (uint32_t c = 0; c < ncells; c++) deg[c] = 0;
  for (uint32_t a = 0; a < ncells; a++) {
    uint32_t r = a;
    for (int i = 0; i < d; i++, r /= (uint32_t)n) ca[i] = (int)(r % (uint32_t)n) + 1;
    for (uint32_t b = a + 1; b < ncells; b++) {
      uint32_t s = b;
      bool ok = true;
      for (int i = 0; i < d && ok; i++, s /= (uint32_t)n) {
        cb[i] = (int)(s % (uint32_t)n) + 1;
        ok = ca[i] == cb[i] || (ca[i] == 1 && cb[i] == n) || (ca[i] == n && cb[i] == 1);
      }
      if (!ok) continue; /* a != b, so some coordinate runs */
      count++;
      if (!deg) continue;
      for (int t = 0; t < n; t++) {
        uint32_t cell = 0;
        for (int i = d - 1; i >= 0; i--) {
          int x = ca[i] == cb[i] ? ca[i] : ca[i] < cb[i] ? 1 + t : n - t;
          cell = cell * (uint32_t)n + (uint32_t)(x - 1);
        }
        deg[cell]++;
      }
    }
  }
  return count;
}
