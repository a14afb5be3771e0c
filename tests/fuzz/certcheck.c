/* Harness: the certificate checker (src/solve/certcheck.c cc_check, behind
 * `makerbreaker check`), on pairing and strategy certificates.
 * Input: a first line, the board spec (a built-in board of at most 4096
 * cells and 2^16 incidences; files are not read here), then the
 * certificate text.
 * Truncation: inputs up to 8 KiB are also judged cut at line boundaries
 * (with and without the newline: all of them up to 2 KiB, about 48 spread
 * evenly beyond) and at one byte position derived from the input, so every
 * seed is replayed in its truncations
 * (issue 26, defect 1: a certificate cut at a line boundary crashed check).
 * Properties: a verdict is VALID, INVALID or MALFORMED, and every refusal
 * says why in one line; a proper line prefix of a valid certificate is
 * never VALID unless all that was cut is the last newline; a VALID strategy
 * certificate on a board of at most 16 cells names the winner that the
 * brute force of tests/brute.h finds from the certificate's position. */
#include <string.h>

#include "../brute.h"
#include "fuzz.h"
#include "game/boardspec.h"
#include "solve/certcheck.h"
#include "game/pairing.h"
#include "plumbing/input.h"

static CcResult judge(const char *spec, const char *cert, CcReport *rep) {
  char *why = NULL;
  CcResult r = cc_check(spec, cert, rep, &why);
  FUZZ_ASSERT(r == CC_VALID || r == CC_INVALID || r == CC_MALFORMED);
  FUZZ_ASSERT((r == CC_VALID) == (why == NULL));
  if (why) FUZZ_ASSERT(strchr(why, '\n') == NULL && *why);
  g_free(why);
  return r;
}

/* a VALID strategy certificate: the brute force agrees on the winner */
static void agree(const char *spec, const char *cert, const CcReport *rep) {
  if (strcmp(rep->kind, "strategy") != 0) return;
  MbBoard *b = bs_board_new(spec, NULL);
  FUZZ_ASSERT(b != NULL);
  if (b->ncells <= 16 && hg_ne(b->h) <= 1024) { /* 20 cells: up to seconds under ASan, too slow here */
    const char *mv = strstr(cert, "\nmoves ");
    g_autofree char *moves = mv ? g_strndup(mv + 7, strcspn(mv + 7, "\n")) : g_strdup("-");
    MbPosition pos;
    FUZZ_ASSERT(mb_position_parse(b, strcmp(moves, "-") ? moves : NULL, &pos, NULL));
    uint32_t M = 0, B = 0;
    for (uint32_t c = 0; c < b->ncells; c++) {
      if (pos.owner[c] == MB_MAKER) M |= 1u << c;
      if (pos.owner[c] == MB_BREAKER) B |= 1u << c;
    }
    Brute br;
    brute_load(&br, b);
    bool maker = brute_win(&br, M, B, strcmp(rep->tomove, "maker") == 0);
    brute_free(&br);
    mb_position_clear(&pos);
    if (maker != (strcmp(rep->result, "maker") == 0))
      fprintf(stderr, "certcheck accepted a certificate that %s wins on %s; the brute force says %s\n", rep->result,
              spec, maker ? "maker" : "breaker");
    FUZZ_ASSERT(maker == (strcmp(rep->result, "maker") == 0));
  }
  bs_board_free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *nl = memchr(data, '\n', size);
  if (!nl) return 0;
  g_autofree char *spec = g_strndup((const char *)data, (size_t)(nl - (const char *)data));
  BsSpec sp;
  if (!bs_spec_parse(spec, &sp, NULL)) return 0;
  bool small = sp.kind != BS_FILE && sp.ncells <= 4096 && sp.incid_bound <= (1u << 16);
  bs_spec_clear(&sp);
  if (!small) return 0;
  const char *body = nl + 1;
  size_t len = size - (size_t)(body - (const char *)data);
  if (memchr(body, '\0', len)) return 0; /* `check` reads text: in_read refuses NUL */
  g_autofree char *cert = g_strndup(body, len);
  CcReport rep;
  CcResult whole = judge(spec, cert, &rep);
  if (whole == CC_VALID) agree(spec, cert, &rep);
  if (len > 8192) return 0;
  /* truncations: every line boundary of inputs up to 2 KiB; of longer ones
   * (each cut replays the whole tree) about 48 line boundaries spread evenly
   * over the text, so that a run stays well under libFuzzer's timeout */
  size_t step = len <= 2048 ? 1 : len / 48;
  for (size_t cut = 0, next = 0; cut < len; cut++) {
    bool at_line = (cert[cut] == '\n' || (cut > 0 && cert[cut - 1] == '\n')) && cut >= next;
    bool derived = cut == (size_t)(data[size - 1] * 7919u + (size > 1 ? data[size - 2] : 0)) % len;
    if (!at_line && !derived) continue;
    if (at_line) next = cut + step;
    g_autofree char *pre = g_strndup(cert, cut);
    CcReport r2;
    CcResult res = judge(spec, pre, &r2);
    if (res == CC_VALID) {
      agree(spec, pre, &r2);
      /* of a valid certificate, only the final newline (and blank lines after "end") may be cut */
      const char *rest = cert + cut;
      if (whole == CC_VALID) FUZZ_ASSERT(rest[strspn(rest, "\n")] == '\0');
    }
  }
  return 0;
}
