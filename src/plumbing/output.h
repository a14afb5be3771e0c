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
 *     missing or regular target is written to a new temporary file beside it
 *     (created exclusively, "PATH.XXXXXX.tmp", mode as a new file or the old
 *     file's) and renamed over it by out_commit, so readers see the old file
 *     or the complete new one.  A symbolic link to a regular file: the same
 *     beside the link's final target (the link stays).  Any other existing
 *     target (device, FIFO, /proc/self/fd/N) is written in place, never
 *     replaced.
 *   out_stream(o): the FILE* to write with stdio.
 *   out_commit(o, &err): flushes, checks every earlier write (ferror), closes
 *     and renames; false (err one line, the temporary file removed, the
 *     target untouched) on any error.  Frees o either way.
 *   out_abort(o): removes the temporary file and frees o.
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
FILE *out_stream(OutFile *o);
const char *out_path(const OutFile *o);
bool out_commit(OutFile *o, GError **err);
void out_abort(OutFile *o);
void out_cleanup(void);

#endif
