/* output.c — checked output files, atomic for regular targets; see output.h. */
#define _GNU_SOURCE /* O_TMPFILE, linkat */
#include "plumbing/output.h"
#include "plumbing/errors.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


struct OutFile {
  FILE *f;
  char *path;   /* as given */
  char *final;  /* what the rename replaces (the link's target for a symlink), or NULL */
  char *tmp;    /* the temporary file, or NULL when written in place */
  int slot;     /* index in the registry of temporary files, or -1 */
  bool unnamed; /* an O_TMPFILE file, named only at the commit */
  bool noreplace; /* out_open_new: the commit links the file as a new name, never over one */
};

/* temporary files to remove if the process ends before out_commit */
enum { SLOTS = 512 }; /* solve --cert-dir holds one per root move class open at once */
static char *volatile pending[SLOTS];
static bool cleanup_registered;

void out_cleanup(void) {
  for (int i = 0; i < SLOTS; i++) {
    char *p = pending[i];
    if (p) unlink(p);
  }
}

static int register_tmp(char *tmp) {
  if (!cleanup_registered) {
    atexit(out_cleanup);
    cleanup_registered = true;
  }
  for (int i = 0; i < SLOTS; i++)
    if (!pending[i]) {
      pending[i] = tmp;
      return i;
    }
  return -1;
}

static bool writable_dir(const char *dir, const char *path, GError **err) {
  struct stat st;
  if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "cannot write '%s': directory '%s' does not exist", path, dir);
    return false;
  }
  if (access(dir, W_OK | X_OK) != 0) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "cannot write '%s': directory '%s' is not writable", path, dir);
    return false;
  }
  return true;
}

bool out_check_dir(const char *dir, GError **err) {
  if (!dir || !*dir) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INPUT, "empty directory name");
    return false;
  }
  struct stat st;
  if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "'%s' is not an existing directory", dir);
    return false;
  }
  if (access(dir, W_OK | X_OK) != 0) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "directory '%s' is not writable", dir);
    return false;
  }
  return true;
}

/* Where the rename goes for a missing or regular target: the path itself, or
 * the final target of a symbolic link.  NULL (err set) if unusable; *inplace
 * set for an existing non-regular target. */
static char *resolve(const char *path, bool *inplace, GError **err) {
  *inplace = false;
  if (!path || !*path) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INPUT, "empty file name");
    return NULL;
  }
  struct stat l, st;
  bool exists = lstat(path, &l) == 0;
  if (exists && stat(path, &st) != 0) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "cannot write '%s': a symbolic link to a missing file", path);
    return NULL;
  }
  if (exists && S_ISDIR(st.st_mode)) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "cannot write '%s': it is a directory", path);
    return NULL;
  }
  if (exists && !S_ISREG(st.st_mode)) {
    if (access(path, W_OK) != 0) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "cannot write '%s': %s", path, g_strerror(errno));
      return NULL;
    }
    *inplace = true;
    return g_strdup(path);
  }
  char *final = NULL;
  if (exists && S_ISLNK(l.st_mode)) {
    char buf[PATH_MAX];
    if (!realpath(path, buf)) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "cannot write '%s': %s", path, g_strerror(errno));
      return NULL;
    }
    final = g_strdup(buf);
  } else {
    final = g_strdup(path);
  }
  g_autofree char *dir = g_path_get_dirname(final);
  if (!writable_dir(dir, path, err)) {
    g_free(final);
    return NULL;
  }
  if (exists && access(final, W_OK) != 0) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "cannot write '%s': %s", path, g_strerror(errno));
    g_free(final);
    return NULL;
  }
  return final;
}

bool out_check(const char *path, GError **err) {
  if (path && strcmp(path, "-") == 0) return true;
  bool inplace;
  char *f = resolve(path, &inplace, err);
  g_free(f);
  return f != NULL;
}

static bool open_tmp(OutFile *o, char *final, GError **err);

OutFile *out_open(const char *path, GError **err) {
  OutFile *o = g_new0(OutFile, 1);
  o->slot = -1;
  if (path && strcmp(path, "-") == 0) {
    o->f = stdout;
    o->path = g_strdup("standard output");
    return o;
  }
  bool inplace;
  char *final = resolve(path, &inplace, err);
  if (!final) {
    g_free(o);
    return NULL;
  }
  o->path = g_strdup(path);
  if (inplace) {
    g_free(final);
    o->f = fopen(path, "w");
    if (!o->f) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "cannot write '%s': %s", path, g_strerror(errno));
      g_free(o->path);
      g_free(o);
      return NULL;
    }
    return o;
  }
  return open_tmp(o, final, err) ? o : NULL;
}

OutFile *out_open_new(const char *path, GError **err) {
  if (!path || !*path) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INPUT, "empty file name");
    return NULL;
  }
  struct stat l;
  if (lstat(path, &l) == 0 || errno != ENOENT) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_RANGE, "cannot write '%s': it exists (never replaced)", path);
    return NULL;
  }
  g_autofree char *dir = g_path_get_dirname(path);
  if (!writable_dir(dir, path, err)) return NULL;
  OutFile *o = g_new0(OutFile, 1);
  o->slot = -1;
  o->path = g_strdup(path);
  o->noreplace = true;
  return open_tmp(o, g_strdup(path), err) ? o : NULL;
}

/* the temporary file of o, which will be committed to `final` (taken);
 * false (err set, o freed) if it cannot be made */
static bool open_tmp(OutFile *o, char *final, GError **err) {
  const char *path = o->path;
  o->final = final;
  /* an unnamed file in the target's directory (O_TMPFILE): a process killed
   * before out_commit (SIGKILL too) leaves nothing behind; it gets a name
   * only at the commit, for the instant between link and rename.  Where the
   * file system cannot, a named temporary file as before. */
  int fd = -1;
  if (access("/proc/self/fd", X_OK) == 0) {
    g_autofree char *dir = g_path_get_dirname(final);
    fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
  }
  if (fd >= 0) o->unnamed = true;
  else {
    o->tmp = g_strdup_printf("%s.XXXXXX.tmp", final);
    fd = g_mkstemp_full(o->tmp, O_WRONLY | O_CLOEXEC, 0666);
  }
  if (fd < 0) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "cannot write '%s': %s", path, g_strerror(errno));
    g_free(o->tmp);
    g_free(o->final);
    g_free(o->path);
    g_free(o);
    return false;
  }
  struct stat st;
  mode_t mode;
  if (stat(final, &st) == 0) mode = st.st_mode & 07777;
  else {
    mode_t um = umask(0);
    umask(um);
    mode = 0666 & ~um;
  }
  (void)fchmod(fd, mode);
  if (o->tmp) o->slot = register_tmp(o->tmp);
  o->f = fdopen(fd, "w");
  return true;
}

FILE *out_stream(OutFile *o) { return o->f; }

bool out_flush(OutFile *o, GError **err) {
  errno = 0;
  if (fflush(o->f) == 0 && !ferror(o->f)) return true;
  g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "cannot write '%s': %s", o->path, g_strerror(errno ? errno : EIO));
  return false;
}
const char *out_path(const OutFile *o) { return o->path; }

static void release(OutFile *o) {
  if (o->slot >= 0) pending[o->slot] = NULL;
  g_free(o->tmp);
  g_free(o->final);
  g_free(o->path);
  g_free(o);
}

bool out_commit(OutFile *o, GError **err) {
  bool ok = true;
  int e = 0;
  if (fflush(o->f) != 0) ok = false, e = errno;
  if (ferror(o->f) && ok) ok = false, e = errno ? errno : EIO;
  if (ok && o->unnamed && o->noreplace) { /* the target's name at once, never over an existing file */
    g_autofree char *proc = g_strdup_printf("/proc/self/fd/%d", fileno(o->f));
    if (linkat(AT_FDCWD, proc, AT_FDCWD, o->final, AT_SYMLINK_FOLLOW) != 0) ok = false, e = errno;
  } else if (ok && o->unnamed) { /* a name beside the target, then the rename over it */
    g_autofree char *proc = g_strdup_printf("/proc/self/fd/%d", fileno(o->f));
    for (int tries = 0; ok; tries++) {
      g_free(o->tmp);
      o->tmp = g_strdup_printf("%s.%06x.tmp", o->final, g_random_int() & 0xffffff);
      if (linkat(AT_FDCWD, proc, AT_FDCWD, o->tmp, AT_SYMLINK_FOLLOW) == 0) break;
      if (errno != EEXIST || tries > 100) {
        ok = false, e = errno;
        g_clear_pointer(&o->tmp, g_free);
      }
    }
    if (o->tmp) o->slot = register_tmp(o->tmp);
  }
  if (o->f != stdout) {
    if (fclose(o->f) != 0 && ok) ok = false, e = errno;
  }
  if (ok && o->tmp && o->noreplace) { /* a named temporary file: linked as the target, never over one */
    if (link(o->tmp, o->final) != 0) ok = false, e = errno;
    else {
      unlink(o->tmp);
      g_clear_pointer(&o->tmp, g_free);
    }
  } else if (ok && o->tmp && rename(o->tmp, o->final) != 0)
    ok = false, e = errno;
  if (!ok) {
    g_set_error(err, PAIRING_ERROR, o->noreplace && e == EEXIST ? PAIRING_ERROR_RANGE : PAIRING_ERROR_IO,
                "cannot write %s%s%s: %s", o->f == stdout ? "" : "'", o->path,
                o->f == stdout ? "" : "'", g_strerror(e ? e : EIO));
    if (o->tmp) unlink(o->tmp);
  }
  release(o);
  return ok;
}

void out_abort(OutFile *o) {
  if (!o) return;
  if (o->f != stdout) fclose(o->f);
  if (o->tmp) unlink(o->tmp);
  release(o);
}

int out_stdout_status(const char *prog, int rc) {
  errno = 0;
  bool bad = fflush(stdout) != 0 || ferror(stdout);
  if (!bad || rc == 2) return rc;
  fprintf(stderr, "%s: cannot write standard output: %s\n", prog, g_strerror(errno ? errno : EIO));
  return 3;
}
