/* certtok.h — the one tokenizer of certificate lines, shared by the
 * independent checker (certcheck.h) and the strategy reader behind explain
 * and play (strategy.h), so that the two read a certificate the same way
 * (issue 37, E10: a doubled blank in a 'cells' line was skipped by the
 * checker and read as an empty cell name by the reader).  It is no part of
 * the search: the checker still shares no code with the solver.
 *
 * Grammar.  A line's tokens are separated by exactly ONE blank (0x20).  A
 * line that is empty, begins or ends with a blank, holds two blanks in a
 * row, or holds a tab or a carriage return anywhere (a CRLF line ending
 * included) is malformed.  The solver writes no other form.
 *
 * ct_split(line, &why): the tokens as a NULL-terminated vector (g_strfreev;
 * *n, if not NULL, their number), or NULL with *why a static one-line
 * reason (not to be freed).  No global state. */
#ifndef SOLVE_CERTTOK_H
#define SOLVE_CERTTOK_H

#include <glib.h>

char **ct_split(const char *line, guint *n, const char **why);

#endif
