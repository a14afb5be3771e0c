/* certtok.c — the tokenizer of certificate lines (certtok.h). */
#include "solve/certtok.h"

#include <string.h>

char **ct_split(const char *line, guint *n, const char **why) {
  if (n) *n = 0;
  if (!line || !*line) return *why = "an empty line where tokens are wanted", NULL;
  if (line[0] == ' ' || line[strlen(line) - 1] == ' ' || strstr(line, "  "))
    return *why = "a leading, trailing or doubled blank (tokens are separated by one blank)", NULL;
  if (strpbrk(line, "\t\r")) return *why = "a tab or carriage return (tokens are separated by one blank)", NULL;
  char **t = g_strsplit(line, " ", -1);
  if (n) *n = g_strv_length(t);
  return t;
}
