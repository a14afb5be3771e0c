/* result.h — the result-row writer every experiment uses.
 *
 * Contract.
 *   A result file is UTF-8 text: one header line "claim\tkey\tvalue", then one
 *   row per computed value, tab-separated, '\n'-terminated, in the order the
 *   experiment emits them (experiments emit in a fixed order, so files are
 *   byte-identical across runs and thread counts).
 *   Values are integers, exact rationals "a/b" (reduced, b > 1), "true"/"false",
 *   or short words.  Claim ids, keys and words must be non-empty and contain no
 *   tab, newline or space; a violation aborts (it is a programming error).
 *   rw_open(path) with path == NULL or "-" writes to stdout.  Otherwise the
 *   file is opened with out_open() (output.h): a regular target is written to
 *   a temporary file beside it and renamed over it by rw_close(), so a reader
 *   never sees a half-written file and a crashed run leaves the old file in
 *   place; a device or FIFO is written in place.  rw_open() returns NULL
 *   after one line "PROG: cannot write ..." on stderr (PROG is
 *   g_get_prgname()).  Every write is checked: rw_close() returns 0 on
 *   success, -1 on any I/O error, after one line "PROG: cannot write ...".
 */
#ifndef RESULT_H
#define RESULT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct ResultWriter ResultWriter;

ResultWriter *rw_open(const char *path);
void rw_int(ResultWriter *w, const char *claim, const char *key, int64_t v);
void rw_bool(ResultWriter *w, const char *claim, const char *key, bool v);
void rw_word(ResultWriter *w, const char *claim, const char *key, const char *word);
/* num/den is reduced before writing; den must be > 0.  den == 1 writes an integer. */
void rw_rational(ResultWriter *w, const char *claim, const char *key, int64_t num, int64_t den);
int rw_close(ResultWriter *w);

/* Validation helper shared with the comparison step: true iff s is a legal
 * claim/key/word token (non-empty, printable, no whitespace). */
bool rw_is_token(const char *s);

#endif
