/* mb_cmds.h — subcommands of makerbreaker kept in files of their own
 * (src/tools/makerbreaker.c dispatches to them; mk/build.mk links them in).
 *
 *   mb_cmd_explain(argc, argv)   `makerbreaker explain BOARD CERT ...`
 *   mb_cmd_play(argc, argv)      `makerbreaker play BOARD CERT`
 * argv holds the arguments after the subcommand; the return value is the
 * exit status (0 ok, 1 the certificate is rejected by the checker, 2 bad
 * input with one line on stderr and nothing written, 3 a write failed).
 * MB_HELP_EXPLAIN and MB_HELP_PLAY are their `help` texts.  This file
 * depends only on mb_common.h (mb_bad, mb_put_help), never on
 * makerbreaker.c, so the tool's files form no cycle:
 * makerbreaker.c -> mb_explain.c, mb_json.c -> mb_common.c.
 */
#ifndef TOOLS_MB_CMDS_H
#define TOOLS_MB_CMDS_H

#include <glib.h>

extern const char MB_HELP_EXPLAIN[];
extern const char MB_HELP_PLAY[];
int mb_cmd_explain(int argc, char **argv);
int mb_cmd_play(int argc, char **argv);

#endif
