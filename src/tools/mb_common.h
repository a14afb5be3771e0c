/* mb_common.h — what every file of makerbreaker shares (mb_common.c):
 *   mb_bad(fmt, ...)   bad input: one line on stderr, "makerbreaker:
 *                      MESSAGE"; returns 2 (the exit status)
 *   mb_put_help(text)  a help text on standard output: 0, or 3 with one
 *                      line on stderr if it cannot be written
 * It depends on no other file of the tool. */
#ifndef TOOLS_MB_COMMON_H
#define TOOLS_MB_COMMON_H

#include <glib.h>

int mb_bad(const char *fmt, ...) G_GNUC_PRINTF(1, 2);
int mb_put_help(const char *text);

#endif
