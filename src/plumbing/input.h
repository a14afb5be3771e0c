/* input.h — the one input discipline every reader of the artefact follows.
 *
 * Why.  Tools and experiments read numbers from arguments, option values,
 * strategy files, grids, DIMACS formulas, DRAT proofs and checkpoints.  Each
 * used to parse in its own way (sscanf %d wrapping at 32 bits, NUL bytes
 * ending the text early, error messages echoing raw newlines).  This module
 * is the single place where untrusted text becomes numbers and messages.
 *
 * Contract.
 *   Integers.  in_int64(s, lo, hi, &v) accepts exactly an optional sign and
 *     1..19 decimal digits (no spaces, no "0x", nothing after) whose value,
 *     computed in 64 bits without wrapping, lies in lo..hi; anything else
 *     returns false and leaves *v alone.  in_int() is the same into an int
 *     (lo and hi are ints).  in_scan_int64(&p, lo, hi, &v) parses such a
 *     number at *p (a prefix: it stops at the first non-digit) and advances
 *     *p past it; false (p unchanged) if there is no digit or the value
 *     overflows or leaves lo..hi.
 *   Text.  in_check_text(data, len, max_line, &err) is true iff data[0..len)
 *     is valid UTF-8 with no NUL and no control byte other than tab, CR and
 *     LF, and no line is longer than max_line bytes; otherwise err says which
 *     line (1-based) and why.  in_read(path, max_bytes, max_line, &err) reads
 *     a whole file ("-": standard input), refusing a directory, more than
 *     max_bytes bytes (it never reads more than max_bytes + 1) and text that
 *     fails in_check_text; returns a NUL-terminated copy (g_free it) or NULL.
 *   Messages.  in_escape(s, max) returns a one-line printable copy of s
 *     (g_free it): backslash, tab, CR, LF as \\ \t \r \n, other bytes below
 *     0x20 and 0x7f as \xNN, invalid UTF-8 bytes as \xNN; cut after max bytes
 *     of output with "...".  in_fail(prog, code, fmt, ...) prints
 *     "PROG: MESSAGE" on stderr, the message escaped (one line) and exits
 *     with `code`.  in_error_line(prog, msg) prints the same without exiting.
 *   Limits used across the artefact: IN_MAX_LINE bytes per line of any text
 *   input, IN_MAX_FILE bytes per file.
 */
#ifndef INPUT_H
#define INPUT_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define IN_MAX_LINE ((size_t)1 << 20)  /* 1 MiB */
#define IN_MAX_FILE ((size_t)1 << 30)  /* 1 GiB */

bool in_int64(const char *s, int64_t lo, int64_t hi, int64_t *out);
bool in_int(const char *s, int lo, int hi, int *out);
bool in_scan_int64(const char **p, int64_t lo, int64_t hi, int64_t *out);

bool in_check_text(const char *data, size_t len, size_t max_line, GError **err);
char *in_read(const char *path, size_t max_bytes, size_t max_line, GError **err);

char *in_escape(const char *s, size_t max);
void in_error_line(const char *prog, const char *msg);
G_NORETURN void in_fail(const char *prog, int code, const char *fmt, ...) G_GNUC_PRINTF(3, 4);

#endif
