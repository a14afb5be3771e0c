/* output.h — output files that are checked before the work and written safely.
 *
 * Why.  An experiment may compute for minutes before it writes; a bad output
 * path must be found before that, a write error must never pass silently, and
 * writing must never replace what is not ours to replace (a device, a FIFO,
 * the target of a symbolic link).
 *
 * Contract.
 *   out_check(path, &err): true iff `path` can be written as an output file:
 *     non-empty; if it exists (following symbolic links) it is not a
 *     directory; a symbolic link must lead to an existing file; for a regular
 *     or missing target the directory that will hold the temporary file
 *     exists and is writable; an existing non-regular target (device, FIFO)
 *     must be writable.  "-" (standard output) is always accepted.  Nothing
 *     is created.  err's message is one line and names the path.
 *   out_check_dir(dir, &err): true iff `dir` is a writable directory.
 *   out_open(path, &err): opens for writing.  "-" is standard output.  A
 *     missing or regular target is written to a new unnamed file (O_TMPFILE)
 *     in its directory, which out_commit links as "PATH.XXXXXX.tmp" and at
 *     once renames over the target (mode as a new file or the old file's),
 *     so readers see the old file or the complete new one, and a process
 *     killed before the commit, by any signal, leaves no file behind.  Where
 *     the file system has no O_TMPFILE, the file is a named temporary file
 *     "PATH.XXXXXX.tmp" from the start (removed on exit and on the signals
 *     the program handles, not on SIGKILL).  A symbolic link to a regular file: the same
 *     beside the link's final target (the link stays).  Any other existing
 *     target (device, FIFO, /proc/self/fd/N) is written in place, never
 *     replaced.
 *   out_open_new(path, &err): the same for a file that must be NEW: refused
 *     (code PAIRING_ERROR_RANGE) if anything exists at path (a link
 *     included), else written to a temporary file (unnamed where possible)
 *     in its directory that out_commit LINKS as path, never replacing what
 *     has appeared there meanwhile (then code PAIRING_ERROR_RANGE, the
 *     temporary removed).  For sets of files published together (solve
 *     --cert-dir): every one written and flushed before the first commit.
 *   out_stream(o): the FILE* to write with stdio.
 *   out_flush(o, &err): flushes and checks every earlier write (a full
 *     disk shows here); false (err one line) on any error; o stays open.
 *   out_commit(o, &err): flushes, checks every earlier write (ferror), closes
 *     and renames; false (err one line, the temporary file removed, the
 *     target untouched) on any error.  Frees o either way.
 *   out_abort(o): removes the temporary file and frees o.
 *   out_stdout_status(prog, rc): what a program returns from main once its
 *     verdict is printed: flushes standard output and, if that or any
 *     earlier write to it failed (a full disk, /dev/full, a closed pipe),
 *     prints one line "PROG: cannot write standard output: ..." and returns 3
 *     (unless rc is 2, bad input, which wrote nothing); otherwise rc.
 *   out_cleanup(): removes the temporary files of every output still open;
 *     async-signal-safe (for signal handlers; also run at exit).
 */
#ifndef OUTPUT_H
#define OUTPUT_H

#include <glib.h>
#include <stdbool.h>
#include <stdio.h>

typedef struct OutFile OutFile;

bool out_check(const char *path, GError **err);
bool out_check_dir(const char *dir, GError **err);
OutFile *out_open(const char *path, GError **err);
OutFile *out_open_new(const char *path, GError **err);
bool out_flush(OutFile *o, GError **err);
FILE *out_stream(OutFile *o);
const char *out_path(const OutFile *o);
bool out_commit(OutFile *o, GError **err);
void out_abort(OutFile *o);
void out_cleanup(void);
int out_stdout_status(const char *prog, int rc);

#endif
