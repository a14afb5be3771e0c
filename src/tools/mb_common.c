/* mb_common.c — see mb_common.h. */
#include "tools/mb_common.h"

#include <stdarg.h>
#include <stdio.h>

#include "plumbing/input.h"

int mb_bad(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  g_autofree char *m = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  in_error_line("makerbreaker", m);
  return 2;
}

int mb_put_help(const char *text) {
  fputs(text, stdout);
  if (fflush(stdout) != 0 || ferror(stdout)) return mb_bad("cannot write standard output"), 3;
  return 0;
}
