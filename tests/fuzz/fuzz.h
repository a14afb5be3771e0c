/* fuzz.h — what every harness in tests/fuzz/ shares.
 *
 * A harness defines LLVMFuzzerTestOneInput(data, size): it feeds the bytes
 * to one reader of the artefact exactly as the tool or experiment does
 * (arguments as lines, files as text), and checks what must hold whatever
 * the input (round trips, independent checks); a violated property aborts.
 * The same file is linked either with libFuzzer (clang, `make fuzz`) or with
 * tests/fuzz/replay.c (gcc, `make check`), which runs it on saved inputs.
 * Harnesses never exit(): a reader that would exit on bad input is called
 * through the library function behind it.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <glib.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* a violated property: say which and abort (a crash for both drivers) */
#define FUZZ_ASSERT(cond)                                                          \
  do {                                                                             \
    if (!(cond)) {                                                                 \
      fprintf(stderr, "%s:%d: fuzz property failed: %s\n", __FILE__, __LINE__, #cond); \
      abort();                                                                     \
    }                                                                              \
  } while (0)

/* The input as at most `max` NUL-terminated lines (split at '\n'; the last
 * line takes the rest, newlines included), like the arguments of a command
 * line.  g_strfreev the result.  A NUL byte ends the input, as it ends an
 * argument. */
static inline char **fuzz_lines(const uint8_t *data, size_t size, int max) {
  char *s = g_strndup((const char *)data, size);
  char **v = g_strsplit(s, "\n", max);
  g_free(s);
  return v;
}

#endif
