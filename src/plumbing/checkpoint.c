#include "plumbing/checkpoint.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plumbing/input.h"
#include "plumbing/output.h"
#include "plumbing/errors.h"

enum { SUM = 8, VERSION = 1 };
static const char MAGIC[8] = {'P', 'A', 'I', 'R', 'C', 'K', 'P', 'T'};

struct Checkpoint {
  char *path, *tmppath, *identity, *who;
  char *shown, *shown_id; /* path and identity escaped for messages (one line) */
  GMutex lock;     /* the units and the counters below */
  GMutex io;       /* held while a save writes: one writer at a time */
  GTree *units;    /* guint64 (stage << 32 | index) -> GBytes, in key order */
  GBytes *loaded;  /* the file read at open; loaded units are slices of it */
  double interval; /* seconds between saves, before the 20x-cost rule */
  gint64 last_save_us, last_cost_us;
  uint64_t puts, stop_after, saves;
  bool warned;
};

static gint key_cmp(gconstpointer a, gconstpointer b, gpointer unused) {
  (void)unused;
  guint64 x = *(const guint64 *)a, y = *(const guint64 *)b;
  return x < y ? -1 : x > y;
}

static guint64 *new_key(uint32_t stage, uint32_t index) {
  guint64 *k = g_new(guint64, 1);
  *k = (guint64)stage << 32 | index;
  return k;
}

/* ---- the file format ------------------------------------------------------ */

static void put_u32(GByteArray *b, uint32_t v) {
  uint8_t x[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
  g_byte_array_append(b, x, 4);
}

static uint32_t get_u32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put_u64(GByteArray *b, uint64_t v) {
  put_u32(b, (uint32_t)v);
  put_u32(b, (uint32_t)(v >> 32));
}

static uint64_t get_u64(const uint8_t *p) { return get_u32(p) | (uint64_t)get_u32(p + 4) << 32; }

/* The file's checksum.  It guards against truncation and stray corruption,
 * not tampering, and it runs on every save of a file of several MB, so it
 * is a simple word-at-a-time hash rather than SHA-256 (which cost 30 ms a
 * save for the 9-in-a-row file): every step maps h one-to-one for a fixed
 * word and the word one-to-one for a fixed h, so changing any single word
 * always changes the result; the length is mixed in at the end. */
static uint64_t checksum(const uint8_t *p, size_t len) {
  const uint64_t K = UINT64_C(0x9e3779b97f4a7c15);
  uint64_t h = UINT64_C(0x6a09e667f3bcc909);
  size_t i = 0;
  for (; i + 8 <= len; i += 8) {
    h = (h ^ get_u64(p + i)) * K;
    h = h << 31 | h >> 33;
  }
  uint8_t tail[8] = {0};
  memcpy(tail, p + i, len - i);
  h = (h ^ get_u64(tail)) * K;
  h ^= (uint64_t)len;
  h ^= h >> 33; /* a final avalanche (MurmurHash3's fmix64 constants) */
  h *= UINT64_C(0xff51afd7ed558ccd);
  h ^= h >> 33;
  h *= UINT64_C(0xc4ceb9fe1a85ec53);
  h ^= h >> 33;
  return h;
}

uint64_t ckpt_checksum(const void *p, size_t len) { return checksum(p, len); }

/* The units as they are now: (key, bytes) pairs with references taken, so
 * the file image can be built without holding the lock. */
typedef struct {
  guint64 key;
  GBytes *bytes;
} Unit;

static gboolean collect_unit(gpointer key, gpointer value, gpointer data) {
  Unit u = {*(guint64 *)key, g_bytes_ref(value)};
  g_array_append_val((GArray *)data, u);
  return FALSE;
}

static GArray *snapshot(Checkpoint *c) {
  GArray *units = g_array_new(FALSE, FALSE, sizeof(Unit));
  g_mutex_lock(&c->lock);
  g_tree_foreach(c->units, collect_unit, units);
  g_mutex_unlock(&c->lock);
  return units;
}

/* the whole file image of a snapshot (its references are dropped) */
static GByteArray *serialize(const Checkpoint *c, GArray *units) {
  size_t idlen = strlen(c->identity), size = sizeof MAGIC + 12 + idlen + SUM;
  for (guint i = 0; i < units->len; i++)
    size += 12 + g_bytes_get_size(g_array_index(units, Unit, i).bytes);
  GByteArray *b = g_byte_array_sized_new((guint)size);
  g_byte_array_append(b, (const guint8 *)MAGIC, sizeof MAGIC);
  put_u32(b, VERSION);
  put_u32(b, (uint32_t)idlen);
  g_byte_array_append(b, (const guint8 *)c->identity, (guint)idlen);
  put_u32(b, units->len);
  for (guint i = 0; i < units->len; i++) {
    Unit *u = &g_array_index(units, Unit, i);
    gsize len;
    const uint8_t *p = g_bytes_get_data(u->bytes, &len);
    put_u32(b, (uint32_t)(u->key >> 32));
    put_u32(b, (uint32_t)u->key);
    put_u32(b, (uint32_t)len);
    if (len) g_byte_array_append(b, p, (guint)len);
    g_bytes_unref(u->bytes);
  }
  g_array_free(units, TRUE);
  put_u64(b, checksum(b->data, b->len));
  return b;
}

/* Parses a file image into `units` (slices of `file`).  Returns NULL and
 * sets *identity (g_free it) on success, else the reason it is unusable. */
static const char *parse(GBytes *file, GTree *units, char **identity) {
  gsize len;
  const uint8_t *p = g_bytes_get_data(file, &len);
  if (len < sizeof MAGIC + 12 + SUM) return "truncated";
  if (checksum(p, len - SUM) != get_u64(p + len - SUM))
    return "checksum mismatch: truncated or corrupt";
  if (memcmp(p, MAGIC, sizeof MAGIC) != 0) return "not a checkpoint file";
  size_t at = sizeof MAGIC, end = len - SUM;
  if (get_u32(p + at) != VERSION) return "unknown version";
  uint32_t idlen = get_u32(p + at + 4);
  at += 8;
  if (idlen > end - at || end - at - idlen < 4) return "bad identity length";
  const uint8_t *id = p + at;
  at += idlen;
  uint32_t n = get_u32(p + at);
  at += 4;
  guint64 prev = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (end - at < 12) return "bad unit header";
    guint64 k = (guint64)get_u32(p + at) << 32 | get_u32(p + at + 4);
    uint32_t ulen = get_u32(p + at + 8);
    at += 12;
    if (ulen > end - at) return "bad unit length";
    if (i > 0 && k <= prev) return "units out of order";
    prev = k;
    g_tree_insert(units, new_key((uint32_t)(k >> 32), (uint32_t)k),
                  g_bytes_new_from_bytes(file, at, ulen));
    at += ulen;
  }
  if (at != end) return "trailing bytes";
  *identity = g_strndup((const char *)id, idlen);
  return NULL;
}

/* ---- open / load ----------------------------------------------------------- */

/* Is this file image one of our checkpoints, of this program?  Only the
 * header is looked at (magic, version, and an identity that starts with
 * "WHO "): a checkpoint of WHO that is corrupt further on is still ours to
 * replace; anything else is somebody's file and is never touched. */
static bool ours(const uint8_t *p, size_t len, const char *who) {
  size_t wl = strlen(who);
  if (len < sizeof MAGIC + 8 || memcmp(p, MAGIC, sizeof MAGIC) != 0) return false;
  if (get_u32(p + sizeof MAGIC) != VERSION) return false;
  uint32_t idlen = get_u32(p + sizeof MAGIC + 4);
  const uint8_t *id = p + sizeof MAGIC + 8;
  return idlen > wl && idlen <= len - sizeof MAGIC - 8 && memcmp(id, who, wl) == 0 && id[wl] == ' ';
}

/* Reads a regular file (never following a symbolic link, never blocking on
 * a FIFO), at most `max` bytes; NULL with err set otherwise.  *missing is
 * set when it does not exist. */
static uint8_t *read_regular(const char *path, size_t max, size_t *len, bool *missing,
                             GError **err) {
  *missing = false;
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    *missing = errno == ENOENT;
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO,
                errno == ELOOP ? "'%s' is a symbolic link, not a checkpoint file" : "cannot read '%s': %s",
                path, g_strerror(errno));
    return NULL;
  }
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "'%s' is not a regular file", path);
    close(fd);
    return NULL;
  }
  if ((uint64_t)st.st_size > max) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO,
                "'%s' is larger than a checkpoint may be (%zu bytes)", path, max);
    close(fd);
    return NULL;
  }
  size_t n = (size_t)st.st_size, got = 0;
  uint8_t *data = g_malloc(n + 1);
  while (got < n) { /* never more than the size fstat gave */
    ssize_t r = read(fd, data + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    got += (size_t)r;
  }
  close(fd);
  *len = got;
  return data;
}

/* Loads c->path.  False (err set) if it exists and is not ours. */
static bool load(Checkpoint *c, GError **err) {
  size_t len = 0;
  bool missing;
  GError *rerr = NULL;
  uint8_t *data = read_regular(c->path, CKPT_MAX_FILE, &len, &missing, &rerr);
  if (!data) {
    if (missing) {
      g_error_free(rerr);
      fprintf(stderr, "%s: no checkpoint %s yet: starting from scratch\n", c->who, c->shown);
      return true;
    }
    g_propagate_error(err, rerr);
    return false;
  }
  if (!ours(data, len, c->who)) {
    g_free(data);
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO,
                "'%s' exists and is not a checkpoint of %s: refusing to overwrite it", c->path,
                c->who);
    return false;
  }
  GBytes *file = g_bytes_new_take(data, len);
  g_autofree char *identity = NULL;
  const char *why = parse(file, c->units, &identity);
  if (why == NULL && strcmp(identity, c->identity) == 0) {
    c->loaded = file;
    return true;
  }
  g_tree_destroy(c->units); /* drop whatever a bad file put there */
  c->units = g_tree_new_full(key_cmp, NULL, g_free, (GDestroyNotify)g_bytes_unref);
  g_bytes_unref(file);
  g_autofree char *eid = identity ? in_escape(identity, 300) : NULL;
  if (why)
    fprintf(stderr, "%s: checkpoint %s is unusable (%s), ignored: starting from scratch\n",
            c->who, c->shown, why);
  else
    fprintf(stderr,
            "%s: checkpoint %s is from another run (it has '%s', this run is '%s'), ignored: "
            "starting from scratch\n",
            c->who, c->shown, eid, c->shown_id);
  return true;
}

/* ---- signals: save before dying --------------------------------------------- */

static GMutex sig_lock;           /* guards sig_ck */
static Checkpoint *sig_ck;        /* the checkpoint a SIGTERM/SIGINT saves */
static bool sig_thread_started;
static volatile sig_atomic_t *sig_flag; /* ckpt_set_signal_flag: the first signal only sets it */

void ckpt_set_signal_flag(volatile sig_atomic_t *flag) { sig_flag = flag; }

static gpointer sig_thread(gpointer data) {
  sigset_t *set = data;
  int sig = 0;
  for (;;) {
    while (sigwait(set, &sig) != 0) {
    }
    if (!sig_flag || *sig_flag) break;
    *sig_flag = sig; /* the program stops by itself and saves; a second signal kills */
  }
  g_mutex_lock(&sig_lock); /* held until the end: close/finish wait for us */
  if (sig_ck) {
    fprintf(stderr, "%s: %s: saving the finished units before exit\n", sig_ck->who,
            g_strsignal(sig));
    ckpt_save(sig_ck);
  }
  out_cleanup(); /* no half-written output left behind */
  fflush(stderr);
  signal(sig, SIG_DFL);
  sigset_t one;
  sigemptyset(&one);
  sigaddset(&one, sig);
  pthread_sigmask(SIG_UNBLOCK, &one, NULL);
  raise(sig); /* dies of the signal, as if the save had not been there */
  _exit(128 + sig);
}

/* From now on SIGTERM and SIGINT go to a thread that saves c first.  The
 * signals are blocked in the calling thread, so threads created later (the
 * workers) inherit the block and never die of them halfway. */
static void catch_signals(Checkpoint *c) {
  g_mutex_lock(&sig_lock);
  sig_ck = c;
  g_mutex_unlock(&sig_lock);
  if (sig_thread_started) return;
  static sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGINT);
  pthread_sigmask(SIG_BLOCK, &set, NULL);
  g_thread_unref(g_thread_new("ckpt-signals", sig_thread, &set));
  sig_thread_started = true;
}

static void release_signals(Checkpoint *c) {
  g_mutex_lock(&sig_lock);
  if (sig_ck == c) sig_ck = NULL;
  g_mutex_unlock(&sig_lock);
}

Checkpoint *ckpt_open(const char *path, const char *identity, const char *who, GError **err) {
  if (!path || !*path) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INPUT, "empty file name");
    return NULL;
  }
  g_autofree char *dir = g_path_get_dirname(path);
  if (!g_file_test(dir, G_FILE_TEST_IS_DIR) || g_access(dir, W_OK) != 0) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "directory '%s' is missing or not writable",
                dir);
    return NULL;
  }
  if (g_file_test(path, G_FILE_TEST_IS_DIR)) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "'%s' is a directory", path);
    return NULL;
  }
  Checkpoint *c = g_new0(Checkpoint, 1);
  c->path = g_strdup(path);
  c->shown = in_escape(path, 300);
  c->tmppath = g_strdup_printf("%s.tmp", path);
  c->identity = g_strdup(identity);
  c->shown_id = in_escape(identity, 300);
  c->who = g_strdup(who);
  g_mutex_init(&c->lock);
  g_mutex_init(&c->io);
  c->units = g_tree_new_full(key_cmp, NULL, g_free, (GDestroyNotify)g_bytes_unref);
  c->interval = 1.0;
  /* a test aid: CKPT_SAVE_INTERVAL=S (seconds, 0..60) instead of the 1 s */
  const char *iv = g_getenv("CKPT_SAVE_INTERVAL");
  if (iv) {
    char *end = NULL;
    double x = g_ascii_strtod(iv, &end);
    if (end && end != iv && *end == '\0' && x >= 0 && x <= 60) c->interval = x;
  }
  c->last_save_us = g_get_monotonic_time();
  if (!load(c, err)) {
    ckpt_close(c);
    return NULL;
  }
  catch_signals(c);
  return c;
}

/* ---- units ------------------------------------------------------------------ */

const void *ckpt_get(Checkpoint *c, uint32_t stage, uint32_t index, size_t *len) {
  static const uint8_t empty[1];
  *len = 0;
  if (!c) return NULL;
  guint64 k = (guint64)stage << 32 | index;
  g_mutex_lock(&c->lock);
  GBytes *b = g_tree_lookup(c->units, &k);
  g_mutex_unlock(&c->lock);
  if (!b) return NULL;
  gsize n;
  const void *p = g_bytes_get_data(b, &n);
  *len = n;
  return n ? p : empty; /* an empty result is still a done unit */
}

void ckpt_resume_note(Checkpoint *c, uint32_t done, uint32_t total, const char *what) {
  if (c && done)
    fprintf(stderr, "%s: resuming: %u/%u %s done in an earlier run\n", c->who, done, total, what);
}

uint64_t ckpt_units(Checkpoint *c) {
  if (!c) return 0;
  g_mutex_lock(&c->lock);
  uint64_t n = (uint64_t)g_tree_nnodes(c->units);
  g_mutex_unlock(&c->lock);
  return n;
}

uint64_t ckpt_saves(Checkpoint *c) {
  if (!c) return 0;
  g_mutex_lock(&c->lock);
  uint64_t n = c->saves;
  g_mutex_unlock(&c->lock);
  return n;
}

/* ---- saving ------------------------------------------------------------------ */

static bool write_all(int fd, const uint8_t *p, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    p += w;
    n -= (size_t)w;
  }
  return true;
}

/* A PATH.tmp already there is removed only if it is a regular file that
 * begins as our checkpoints do (a save of ours cut short); else EEXIST. */
static bool stale_tmp_removed(const Checkpoint *c) {
  size_t len = 0;
  bool missing;
  uint8_t *d = read_regular(c->tmppath, CKPT_MAX_FILE, &len, &missing, NULL);
  bool mine = d && (len < sizeof MAGIC + 8 ? memcmp(d, MAGIC, MIN(len, sizeof MAGIC)) == 0
                                           : ours(d, len, c->who));
  g_free(d);
  if (missing) return true;
  if (!mine) {
    errno = EEXIST;
    return false;
  }
  return g_unlink(c->tmppath) == 0;
}

/* tmp, fsync, rename, fsync of the directory (so the rename is durable) */
static bool write_atomic(const Checkpoint *c, const GByteArray *b) {
  int fd = open(c->tmppath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0 && errno == EEXIST && stale_tmp_removed(c))
    fd = open(c->tmppath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) return false;
  bool ok = write_all(fd, b->data, b->len) && fsync(fd) == 0;
  ok &= close(fd) == 0;
  if (ok) ok = rename(c->tmppath, c->path) == 0;
  if (!ok) {
    int saved = errno;
    g_unlink(c->tmppath);
    errno = saved;
    return false;
  }
  g_autofree char *dir = g_path_get_dirname(c->path);
  int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    fsync(dfd); /* some file systems refuse; the rename itself is done */
    close(dfd);
  }
  return true;
}

/* Writes the file; the caller holds c->io (and not c->lock). */
static bool save_locked_io(Checkpoint *c) {
  gint64 t0 = g_get_monotonic_time();
  GByteArray *b = serialize(c, snapshot(c)); /* the workers go on meanwhile */
  bool ok = write_atomic(c, b);
  int saved = errno;
  g_byte_array_unref(b);
  gint64 t1 = g_get_monotonic_time();
  g_mutex_lock(&c->lock);
  c->last_save_us = t1;
  c->last_cost_us = t1 - t0;
  c->saves += ok;
  bool warn = !ok && !c->warned;
  c->warned |= !ok;
  g_mutex_unlock(&c->lock);
  if (warn)
    fprintf(stderr, "%s: cannot save checkpoint %s (%s); going on without\n", c->who, c->shown,
            g_strerror(saved));
  return ok;
}

bool ckpt_save(Checkpoint *c) {
  if (!c) return true;
  g_mutex_lock(&c->io);
  bool ok = save_locked_io(c);
  g_mutex_unlock(&c->io);
  return ok;
}

void ckpt_set_interval(Checkpoint *c, double seconds) {
  if (c) c->interval = seconds < 0 ? 0 : seconds;
}

void ckpt_set_stop_after(Checkpoint *c, uint64_t n) {
  if (c) c->stop_after = n;
}

static void stop_as_if_killed(const Checkpoint *c) {
  fprintf(stderr, "%s: stopping after %llu units (--stop-after), as if killed\n", c->who,
          (unsigned long long)c->stop_after);
  fflush(stderr);
  if (sig_thread_started) { /* saved already: the signal thread just ends the process */
    release_signals((Checkpoint *)c);
    kill(getpid(), SIGTERM);
    for (;;) pause();
  }
  raise(SIGTERM);
  _exit(128 + SIGTERM); /* only if SIGTERM is blocked or ignored */
}

void ckpt_put(Checkpoint *c, uint32_t stage, uint32_t index, const void *data, size_t len) {
  if (!c) return;
  GBytes *b = g_bytes_new(data, len);
  g_mutex_lock(&c->lock);
  g_tree_replace(c->units, new_key(stage, index), b);
  c->puts++;
  bool stop = c->stop_after > 0 && c->puts == c->stop_after;
  /* a save costs a full rewrite: at most every interval, and never more
   * often than 20x its own cost, so saving stays under about 5% */
  double wait_us = c->interval > 0 ? MAX(c->interval * 1e6, 20.0 * (double)c->last_cost_us) : 0;
  bool due = stop || (double)(g_get_monotonic_time() - c->last_save_us) >= wait_us;
  g_mutex_unlock(&c->lock);
  if (!due) return;
  if (stop)
    g_mutex_lock(&c->io); /* this unit must be in the file before we stop */
  else if (!g_mutex_trylock(&c->io))
    return; /* another thread is saving right now; the next put will */
  save_locked_io(c);
  g_mutex_unlock(&c->io);
  if (stop) stop_as_if_killed(c);
}

/* ---- the end ------------------------------------------------------------------ */

void ckpt_close(Checkpoint *c) {
  if (!c) return;
  release_signals(c);
  g_tree_destroy(c->units);
  if (c->loaded) g_bytes_unref(c->loaded);
  g_mutex_clear(&c->lock);
  g_mutex_clear(&c->io);
  g_free(c->path);
  g_free(c->shown), g_free(c->shown_id);
  g_free(c->tmppath);
  g_free(c->identity);
  g_free(c->who);
  g_free(c);
}

void ckpt_finish(Checkpoint *c) {
  if (!c) return;
  release_signals(c);
  size_t len = 0;
  bool missing;
  uint8_t *d = read_regular(c->path, CKPT_MAX_FILE, &len, &missing, NULL);
  if (d && ours(d, len, c->who)) g_unlink(c->path); /* only ever our own file */
  g_free(d);
  stale_tmp_removed(c);
  ckpt_close(c);
}

char *ckpt_exe_fingerprint(void) {
  char *data = NULL;
  gsize len = 0;
  if (!g_file_get_contents("/proc/self/exe", &data, &len, NULL)) return g_strdup("unknown");
  GChecksum *h = g_checksum_new(G_CHECKSUM_SHA256); /* once per run: the real thing */
  g_checksum_update(h, (const guchar *)data, (gssize)len);
  uint8_t d[32];
  gsize n = sizeof d;
  g_checksum_get_digest(h, d, &n);
  g_checksum_free(h);
  g_free(data);
  GString *s = g_string_new(NULL);
  for (int i = 0; i < 8; i++) g_string_append_printf(s, "%02x", d[i]);
  return g_string_free(s, FALSE);
}

/* ---- packing --------------------------------------------------------------------- */

void ckpt_pack_u64(GByteArray *b, uint64_t v) {
  uint8_t x[10];
  int n = 0;
  do {
    x[n] = (uint8_t)(v & 0x7f);
    v >>= 7;
    if (v) x[n] |= 0x80;
    n++;
  } while (v);
  g_byte_array_append(b, x, (guint)n);
}

void ckpt_pack_counts(GByteArray *b, const uint64_t *a, size_t n) {
  uint64_t nz = 0;
  for (size_t i = 0; i < n; i++) nz += a[i] != 0;
  ckpt_pack_u64(b, nz);
  size_t next = 0; /* the least index the next entry can have */
  for (size_t i = 0; i < n; i++)
    if (a[i]) {
      ckpt_pack_u64(b, i - next);
      ckpt_pack_u64(b, a[i]);
      next = i + 1;
    }
}

void ckpt_pack_bytes(GByteArray *b, const void *p, size_t n) {
  ckpt_pack_u64(b, n);
  if (n) g_byte_array_append(b, p, (guint)n);
}

void ckpt_reader_init(CkptReader *r, const void *data, size_t len) {
  r->p = data;
  r->end = r->p + (data ? len : 0);
  r->ok = true;
}

uint64_t ckpt_unpack_u64(CkptReader *r) {
  uint64_t v = 0;
  for (int shift = 0; r->ok; shift += 7) {
    if (r->p == r->end || shift > 63) break;
    uint8_t x = *r->p++;
    if (shift == 63 && (x & 0x7e)) break; /* more than 64 bits */
    v |= (uint64_t)(x & 0x7f) << shift;
    if (!(x & 0x80)) return v;
  }
  r->ok = false;
  return 0;
}

void ckpt_unpack_add_counts(CkptReader *r, uint64_t *a, size_t n) {
  uint64_t nz = ckpt_unpack_u64(r);
  size_t next = 0;
  for (uint64_t j = 0; j < nz && r->ok; j++) {
    uint64_t gap = ckpt_unpack_u64(r), v = ckpt_unpack_u64(r);
    if (!r->ok || gap >= n - next) {
      r->ok = false;
      return;
    }
    a[next + gap] += v;
    next += gap + 1;
  }
}

const uint8_t *ckpt_unpack_bytes(CkptReader *r, size_t *len) {
  uint64_t n = ckpt_unpack_u64(r);
  *len = 0;
  if (!r->ok || n > (uint64_t)(r->end - r->p)) {
    r->ok = false;
    return NULL;
  }
  const uint8_t *p = r->p;
  r->p += n;
  *len = (size_t)n;
  return p;
}

bool ckpt_reader_done(const CkptReader *r) { return r->ok && r->p == r->end; }
