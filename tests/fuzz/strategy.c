/* Harness: the strategy-certificate reader of explain and play
 * (src/solve/strategy.h) on any text.
 * Input: a board spec on the first line (3^3, mnk:4,4,3 or mnk:5,4,4; any
 * other line means 3^3), then the certificate text.
 * Properties: st_read returns a strategy or NULL with a one-line message;
 * every certificate the independent checker accepts is read, and the
 * player built on it wins against the loser that always takes the first
 * free cell and against the one that takes the last (the winner the
 * board's sets show at the end is the certificate's). */
#include <string.h>

#include "fuzz.h"
#include "solve/certcheck.h"
#include "solve/strategy.h"

static void play_out(const Strategy *st, bool last) {
  StPlay *p = st_play_new(st);
  uint32_t nc = st->b->ncells;
  for (uint32_t guard = 0; !st_play_over(p) && guard <= 2 * nc; guard++) {
    uint32_t c = UINT32_MAX;
    if (st_play_winner_to_move(p)) {
      FUZZ_ASSERT(st_play_winner(p, &c));
      continue;
    }
    for (uint32_t k = 0; k < nc; k++) {
      uint32_t i = last ? nc - 1 - k : k;
      if (p->real[i] == MB_FREE) {
        c = i;
        break;
      }
    }
    FUZZ_ASSERT(c != UINT32_MAX && st_play_loser(p, c));
  }
  FUZZ_ASSERT(st_play_over(p) == (st->maker_wins ? MB_MAKER : MB_BREAKER));
  st_play_free(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static MbBoard *boards[3];
  static const char *specs[3] = {"3^3", "mnk:4,4,3", "mnk:5,4,4"};
  if (!boards[0])
    for (int i = 0; i < 3; i++) boards[i] = bs_board_new(specs[i], NULL);
  char **arg = fuzz_lines(data, size, 2);
  int k = 0;
  for (int i = 0; arg[0] && i < 3; i++)
    if (strcmp(arg[0], specs[i]) == 0) k = i;
  const char *text = arg[0] && arg[1] ? arg[1] : "";
  GError *e = NULL;
  Strategy *st = st_read(boards[k], text, &e);
  FUZZ_ASSERT((st == NULL) == (e != NULL));
  if (e) {
    FUZZ_ASSERT(strchr(e->message, '\n') == NULL);
    g_error_free(e);
  }
  char *why = NULL;
  if (strlen(text) == strnlen(text, size) && cc_check(specs[k], text, NULL, &why) == CC_VALID) {
    FUZZ_ASSERT(st != NULL);
    play_out(st, false);
    play_out(st, true);
  }
  g_free(why);
  st_free(st);
  g_strfreev(arg);
  return 0;
}
