/* Unit tests for src/plumbing/checkpoint.c: saved units come back byte for byte; a
 * corrupt, truncated or foreign file, or a leftover .tmp, is ignored and never
 * crashes; --stop-after leaves exactly its units in the file; several
 * threads can put at once; the packing helpers round-trip and refuse short
 * input. */
#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

#include "plumbing/checkpoint.h"

static const char *ID = "test profile=quick exe=0123456789abcdef";

/* One directory for the whole run, made in main() and passed to the
 * subprocesses by the environment (set before any thread exists). */
static char *test_path(void) { return g_build_filename(g_getenv("CKPT_TEST_DIR"), "t.ckpt", NULL); }

static void empty_dir(const char *dir) {
  GDir *d = g_dir_open(dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name(d))) {
    g_autofree char *p = g_build_filename(dir, name, NULL);
    g_remove(p);
  }
  if (d) g_dir_close(d);
}

/* every test starts with an empty directory */
static char *fresh_dir(void) {
  char *dir = g_strdup(g_getenv("CKPT_TEST_DIR"));
  empty_dir(dir);
  return dir;
}

/* ckpt_open with stderr silenced: the notes are checked in subprocesses */
static Checkpoint *quiet_open(const char *path, const char *id) {
  fflush(stderr);
  int saved = dup(2), null = g_open("/dev/null", O_WRONLY, 0);
  dup2(null, 2);
  Checkpoint *c = ckpt_open(path, id, "test", NULL);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  close(null);
  g_assert_nonnull(c);
  return c;
}

/* three units of stage 0 and one of stage 1, one of them empty */
static void put_sample(Checkpoint *c) {
  uint8_t big[1000];
  for (int i = 0; i < 1000; i++) big[i] = (uint8_t)(i * 7);
  ckpt_put(c, 0, 0, "abc", 3);
  ckpt_put(c, 0, 5, NULL, 0);
  ckpt_put(c, 0, 2, big, sizeof big);
  ckpt_put(c, 1, 0, "stage one", 9);
}

static void assert_sample(Checkpoint *c) {
  size_t len;
  g_assert_cmpuint(ckpt_units(c), ==, 4);
  const uint8_t *p = ckpt_get(c, 0, 0, &len);
  g_assert_nonnull(p);
  g_assert_cmpmem(p, len, "abc", 3);
  g_assert_nonnull(ckpt_get(c, 0, 5, &len)); /* done, with no bytes */
  g_assert_cmpuint(len, ==, 0);
  p = ckpt_get(c, 0, 2, &len);
  g_assert_cmpuint(len, ==, 1000);
  for (int i = 0; i < 1000; i++) g_assert_cmpuint(p[i], ==, (uint8_t)(i * 7));
  p = ckpt_get(c, 1, 0, &len);
  g_assert_cmpmem(p, len, "stage one", 9);
  g_assert_null(ckpt_get(c, 0, 1, &len));
  g_assert_null(ckpt_get(c, 2, 0, &len));
}

/* the bytes of a saved sample checkpoint */
static GBytes *sample_file(const char *path) {
  Checkpoint *c = quiet_open(path, ID);
  put_sample(c);
  g_assert_true(ckpt_save(c));
  ckpt_close(c);
  char *data;
  gsize len;
  g_assert_true(g_file_get_contents(path, &data, &len, NULL));
  return g_bytes_new_take(data, len);
}

/* plain stdio: g_file_set_contents may fsync, and this runs thousands of times */
static void write_file(const char *path, const void *data, size_t len) {
  FILE *f = fopen(path, "wb");
  g_assert_nonnull(f);
  g_assert_cmpuint(fwrite(data, 1, len, f), ==, len);
  g_assert_cmpint(fclose(f), ==, 0);
}

static void test_roundtrip(void) {
  g_autofree char *dir = fresh_dir();
  g_autofree char *path = test_path();
  Checkpoint *c = quiet_open(path, ID);
  g_assert_cmpuint(ckpt_units(c), ==, 0);
  put_sample(c);
  assert_sample(c); /* visible before any save */
  g_assert_true(ckpt_save(c));
  ckpt_close(c);
  c = quiet_open(path, ID);
  assert_sample(c);
  /* a unit put again replaces the old record */
  ckpt_put(c, 0, 0, "xy", 2);
  g_assert_true(ckpt_save(c));
  ckpt_close(c);
  c = quiet_open(path, ID);
  size_t len;
  const void *p = ckpt_get(c, 0, 0, &len);
  g_assert_cmpmem(p, len, "xy", 2);
  g_assert_cmpuint(ckpt_units(c), ==, 4);
  ckpt_finish(c);
  g_assert_false(g_file_test(path, G_FILE_TEST_EXISTS));
  empty_dir(dir);
}

/* ckpt_open that may refuse: NULL (and the file unchanged) or a checkpoint
 * with no unit loaded */
static void open_bad(const char *path, const uint8_t *bytes, size_t len) {
  fflush(stderr);
  int saved = dup(2), null = g_open("/dev/null", O_WRONLY, 0);
  dup2(null, 2);
  GError *err = NULL;
  Checkpoint *c = ckpt_open(path, ID, "test", &err);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  close(null);
  if (c) {
    g_assert_cmpuint(ckpt_units(c), ==, 0);
    ckpt_close(c);
  } else {
    g_assert_nonnull(err);
    g_clear_error(&err);
  }
  char *data;
  gsize n;
  g_assert_true(g_file_get_contents(path, &data, &n, NULL));
  g_assert_cmpmem(data, n, bytes, len); /* opening never changes the file */
  g_free(data);
}

/* every single-byte change and every proper prefix is refused */
static void test_corrupt_and_truncated(void) {
  g_autofree char *dir = fresh_dir();
  g_autofree char *path = test_path();
  g_autoptr(GBytes) good = sample_file(path);
  gsize n;
  const uint8_t *orig = g_bytes_get_data(good, &n);
  uint8_t *buf = g_memdup2(orig, n);
  for (gsize i = 0; i < n; i++) {
    buf[i] ^= 0x5a;
    write_file(path, buf, n);
    open_bad(path, buf, n);
    buf[i] = orig[i];
  }
  for (gsize len = 0; len < n; len++) {
    write_file(path, orig, len);
    open_bad(path, orig, len);
  }
  /* a checkpoint of ours that is corrupt further on is replaced by the first save */
  buf[n - 1] ^= 1;
  write_file(path, buf, n);
  Checkpoint *c = quiet_open(path, ID);
  g_assert_cmpuint(ckpt_units(c), ==, 0);
  ckpt_put(c, 3, 4, "z", 1);
  g_assert_true(ckpt_save(c));
  ckpt_close(c);
  c = quiet_open(path, ID);
  g_assert_cmpuint(ckpt_units(c), ==, 1);
  ckpt_finish(c);
  g_assert_false(g_file_test(path, G_FILE_TEST_EXISTS));
  g_free(buf);
  empty_dir(dir);
}

/* A file that is not ours is never read as one, overwritten or deleted: a
 * text file, a FIFO (no hang), a symbolic link, a copy of /dev/zero, another
 * program's checkpoint, an empty name. */
static void test_foreign(void) {
  g_autofree char *dir = fresh_dir();
  g_autofree char *path = test_path();
  GError *err = NULL;
  write_file(path, "precious\n", 9);
  g_assert_null(ckpt_open(path, ID, "test", &err));
  g_assert_nonnull(strstr(err->message, "not a checkpoint of test"));
  g_clear_error(&err);
  open_bad(path, (const uint8_t *)"precious\n", 9);
  uint8_t zero[4096] = {0};
  write_file(path, zero, sizeof zero);
  g_assert_null(ckpt_open(path, ID, "test", &err));
  g_clear_error(&err);
  /* another program's checkpoint */
  g_remove(path);
  Checkpoint *o = quiet_open(path, ID);
  put_sample(o);
  g_assert_true(ckpt_save(o));
  ckpt_close(o);
  g_assert_null(ckpt_open(path, "other profile=quick", "other", &err));
  g_clear_error(&err);
  g_assert_true(g_file_test(path, G_FILE_TEST_EXISTS));
  g_remove(path);
  /* a FIFO: refused at once */
  g_assert_cmpint(mkfifo(path, 0600), ==, 0);
  g_assert_null(ckpt_open(path, ID, "test", &err));
  g_assert_nonnull(strstr(err->message, "not a regular file"));
  g_clear_error(&err);
  g_remove(path);
  /* a symbolic link, even to a checkpoint */
  g_autofree char *real = g_build_filename(dir, "real.ckpt", NULL);
  o = quiet_open(real, ID);
  put_sample(o);
  g_assert_true(ckpt_save(o));
  ckpt_close(o);
  g_assert_cmpint(symlink(real, path), ==, 0);
  g_assert_null(ckpt_open(path, ID, "test", &err));
  g_clear_error(&err);
  g_remove(path);
  g_assert_null(ckpt_open("", ID, "test", &err));
  g_clear_error(&err);
  /* a stale PATH.tmp that is not ours survives a save (which then fails) */
  g_autofree char *tmp = g_strdup_printf("%s.tmp", path);
  write_file(tmp, "precious\n", 9);
  Checkpoint *c = quiet_open(path, ID);
  ckpt_put(c, 0, 0, "a", 1);
  fflush(stderr);
  int saved = dup(2), null = g_open("/dev/null", O_WRONLY, 0);
  dup2(null, 2);
  g_assert_false(ckpt_save(c));
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  close(null);
  ckpt_finish(c);
  char *data;
  g_assert_true(g_file_get_contents(tmp, &data, NULL, NULL));
  g_assert_cmpstr(data, ==, "precious\n");
  g_free(data);
  empty_dir(dir);
}

static void test_mismatch(void) {
  g_autofree char *dir = fresh_dir();
  g_autofree char *path = test_path();
  g_autoptr(GBytes) good = sample_file(path);
  Checkpoint *c = quiet_open(path, "test profile=full exe=0123456789abcdef");
  g_assert_cmpuint(ckpt_units(c), ==, 0);
  ckpt_close(c);
  c = quiet_open(path, ID); /* not destroyed by being ignored */
  assert_sample(c);
  ckpt_finish(c);
  empty_dir(dir);
}

/* A run killed while saving leaves PATH.tmp: it is never read, whether it
 * holds a cut-short save or a complete checkpoint that did not get renamed;
 * the next save replaces it (it begins as ours do). */
static void test_tmp_ignored(void) {
  g_autofree char *dir = fresh_dir();
  g_autofree char *path = test_path();
  g_autofree char *tmp = g_strdup_printf("%s.tmp", path);
  g_autoptr(GBytes) good = sample_file(path);
  write_file(tmp, "PAIRC", 5); /* a save cut short */
  Checkpoint *c = quiet_open(path, ID);
  assert_sample(c);
  g_assert_true(ckpt_save(c));
  g_assert_false(g_file_test(tmp, G_FILE_TEST_EXISTS));
  ckpt_close(c);
  /* a complete newer file still at .tmp: PATH wins */
  Checkpoint *d = quiet_open(tmp, ID);
  ckpt_put(d, 9, 9, "newer", 5);
  g_assert_true(ckpt_save(d)); /* writes tmp.tmp, renamed to tmp */
  ckpt_close(d);
  c = quiet_open(path, ID);
  assert_sample(c);
  g_assert_null(ckpt_get(c, 9, 9, &(size_t){0}));
  /* a save replaces PATH and the stale .tmp, and leaves no .tmp */
  g_assert_true(ckpt_save(c));
  g_assert_false(g_file_test(tmp, G_FILE_TEST_EXISTS));
  write_file(tmp, g_bytes_get_data(good, NULL), g_bytes_get_size(good));
  ckpt_finish(c); /* removes both */
  g_assert_false(g_file_test(path, G_FILE_TEST_EXISTS));
  g_assert_false(g_file_test(tmp, G_FILE_TEST_EXISTS));
  /* only a .tmp: nothing to resume */
  write_file(tmp, g_bytes_get_data(good, NULL), g_bytes_get_size(good));
  c = quiet_open(path, ID);
  g_assert_cmpuint(ckpt_units(c), ==, 0);
  ckpt_finish(c);
  empty_dir(dir);
}

/* ---- the notes on stderr, in subprocesses ---- */

static void note_open(void) {
  g_autofree char *path = test_path();
  Checkpoint *c = ckpt_open(path, ID, "test", NULL);
  uint32_t done = 0;
  for (uint32_t i = 0; i < 10; i++) done += ckpt_get(c, 0, i, &(size_t){0}) != NULL;
  ckpt_resume_note(c, done, 10, "things");
  ckpt_close(c);
}

static void note_open_other(void) {
  g_autofree char *path = test_path();
  ckpt_close(ckpt_open(path, "test profile=full", "test", NULL));
}

static void test_notes(void) {
  g_autofree char *dir = fresh_dir();
  g_autofree char *path = test_path();
  g_test_trap_subprocess("/checkpoint/notes/open/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed();
  g_test_trap_assert_stderr("test: no checkpoint */t.ckpt yet: starting from scratch\n");
  g_autoptr(GBytes) good = sample_file(path);
  g_test_trap_subprocess("/checkpoint/notes/open/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed();
  g_test_trap_assert_stderr("test: resuming: 3/10 things done in an earlier run\n");
  g_test_trap_subprocess("/checkpoint/notes/other/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed();
  g_test_trap_assert_stderr("test: checkpoint * is from another run (it has 'test "
                            "profile=quick *', this run is 'test profile=full'), ignored: "
                            "starting from scratch\n");
  write_file(path, g_bytes_get_data(good, NULL), g_bytes_get_size(good) - 1);
  g_test_trap_subprocess("/checkpoint/notes/open/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed();
  g_test_trap_assert_stderr("test: checkpoint * is unusable (*), ignored: starting from scratch\n");
  empty_dir(dir);
}

/* ---- stop-after: exactly N units saved, then killed by SIGTERM ---- */

static void stop_child(void) {
  g_autofree char *path = test_path();
  Checkpoint *c = ckpt_open(path, ID, "test", NULL);
  ckpt_set_interval(c, 1e9); /* no timed saves: only the stop saves */
  ckpt_set_stop_after(c, 3);
  for (uint32_t i = 0; i < 5; i++) ckpt_put(c, 0, i, &i, sizeof i);
  ckpt_finish(c); /* never reached */
}

static void test_stop_after(void) {
  g_autofree char *dir = fresh_dir();
  g_autofree char *path = test_path();
  g_test_trap_subprocess("/checkpoint/stop-after/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed();
  g_test_trap_assert_stderr("*test: stopping after 3 units (--stop-after), as if killed\n");
  Checkpoint *c = quiet_open(path, ID);
  g_assert_cmpuint(ckpt_units(c), ==, 3);
  for (uint32_t i = 0; i < 3; i++) {
    size_t len;
    const void *p = ckpt_get(c, 0, i, &len);
    g_assert_cmpmem(p, len, &i, sizeof i);
  }
  ckpt_finish(c);
  empty_dir(dir);
}

/* ---- ckpt_set_signal_flag: the first signal sets the flag, the second kills ---- */

static volatile sig_atomic_t got_signal;
static void flag_child(void) {
  g_autofree char *path = test_path();
  ckpt_set_signal_flag(&got_signal);
  Checkpoint *c = ckpt_open(path, ID, "test", NULL);
  ckpt_set_interval(c, 1e9);
  for (uint32_t i = 0; i < 2; i++) ckpt_put(c, 0, i, &i, sizeof i);
  kill(getpid(), SIGTERM);
  for (int k = 0; k < 500 && !got_signal; k++) g_usleep(10000);
  printf("alive, flag %d\n", (int)got_signal);
  fflush(stdout);
  ckpt_put(c, 0, 2, &(uint32_t){2}, sizeof(uint32_t));
  kill(getpid(), SIGINT); /* the second: saves the three units and dies */
  g_usleep(5000000);
  printf("not killed\n");
}

static void test_signal_flag(void) {
  g_autofree char *dir = fresh_dir();
  g_autofree char *path = test_path();
  g_test_trap_subprocess("/checkpoint/signal-flag/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed();
  g_test_trap_assert_stdout("alive, flag 15\n");
  g_test_trap_assert_stderr("*saving the finished units before exit*");
  Checkpoint *c = quiet_open(path, ID);
  g_assert_cmpuint(ckpt_units(c), ==, 3);
  ckpt_finish(c);
  empty_dir(dir);
}

/* ---- several threads putting at once, timed saves in between ---- */

typedef struct {
  Checkpoint *c;
  uint32_t stage;
} PutJob;

static gpointer put_many(gpointer data) {
  PutJob *j = data;
  for (uint32_t i = 0; i < 200; i++) {
    uint32_t v[2] = {j->stage, i * i};
    ckpt_put(j->c, j->stage, i, v, sizeof v);
  }
  return NULL;
}

static void test_threads(void) {
  g_autofree char *dir = fresh_dir();
  g_autofree char *path = test_path();
  Checkpoint *c = quiet_open(path, ID);
  ckpt_set_interval(c, 0); /* saves race with puts; a busy writer is skipped */
  PutJob jobs[2] = {{c, 0}, {c, 1}};
  GThread *t0 = g_thread_new("p0", put_many, &jobs[0]);
  GThread *t1 = g_thread_new("p1", put_many, &jobs[1]);
  g_thread_join(t0);
  g_thread_join(t1);
  g_assert_cmpuint(ckpt_saves(c), >=, 1);
  g_assert_true(ckpt_save(c));
  ckpt_close(c);
  c = quiet_open(path, ID);
  g_assert_cmpuint(ckpt_units(c), ==, 400);
  for (uint32_t s = 0; s < 2; s++)
    for (uint32_t i = 0; i < 200; i++) {
      size_t len;
      const void *p = ckpt_get(c, s, i, &len);
      uint32_t v[2]; /* loaded bytes have no alignment: copy them out */
      g_assert_cmpuint(len, ==, sizeof v);
      memcpy(v, p, sizeof v);
      g_assert_cmpuint(v[0], ==, s);
      g_assert_cmpuint(v[1], ==, i * i);
    }
  ckpt_finish(c);
  empty_dir(dir);
}

/* interval 0: every put saves; a long interval: none until asked */
static void test_interval(void) {
  g_autofree char *dir = fresh_dir();
  g_autofree char *path = test_path();
  Checkpoint *c = quiet_open(path, ID);
  ckpt_set_interval(c, 0);
  for (uint32_t i = 0; i < 5; i++) ckpt_put(c, 0, i, NULL, 0);
  g_assert_cmpuint(ckpt_saves(c), ==, 5);
  ckpt_set_interval(c, 1e9);
  for (uint32_t i = 5; i < 10; i++) ckpt_put(c, 0, i, NULL, 0);
  g_assert_cmpuint(ckpt_saves(c), ==, 5);
  ckpt_close(c);
  c = quiet_open(path, ID);
  g_assert_cmpuint(ckpt_units(c), ==, 5);
  ckpt_finish(c);
  empty_dir(dir);
}

static void test_bad_path(void) {
  g_autoptr(GError) err = NULL;
  g_assert_null(ckpt_open("/nonexistent-dir-for-ckpt/x.ckpt", ID, "prog", &err));
  g_assert_nonnull(err);
  g_assert_nonnull(strstr(err->message, "nonexistent-dir-for-ckpt"));
  g_clear_error(&err);
  g_assert_null(ckpt_open(g_getenv("CKPT_TEST_DIR"), ID, "prog", &err)); /* not a file */
  g_assert_nonnull(err);
}

/* checkpointing off: every call is a no-op */
static void test_null(void) {
  size_t len = 7;
  g_assert_null(ckpt_get(NULL, 0, 0, &len));
  g_assert_cmpuint(len, ==, 0);
  ckpt_put(NULL, 0, 0, "x", 1);
  g_assert_true(ckpt_save(NULL));
  ckpt_resume_note(NULL, 3, 10, "x");
  g_assert_cmpuint(ckpt_units(NULL), ==, 0);
  ckpt_set_interval(NULL, 1);
  ckpt_set_stop_after(NULL, 1);
  ckpt_close(NULL);
  ckpt_finish(NULL);
}

static void test_fingerprint(void) {
  g_autofree char *a = ckpt_exe_fingerprint();
  g_autofree char *b = ckpt_exe_fingerprint();
  g_assert_cmpstr(a, ==, b);
  g_assert_cmpuint(strlen(a), ==, 16);
  for (const char *p = a; *p; p++) g_assert_true(g_ascii_isxdigit(*p));
}

/* ---- packing ---- */

static void test_pack(void) {
  static const uint64_t vals[] = {0, 1, 127, 128, 300, UINT64_C(1) << 35, INT64_MAX, UINT64_MAX};
  uint64_t counts[50] = {0};
  counts[0] = 3;
  counts[17] = UINT64_MAX;
  counts[49] = 1;
  GByteArray *b = g_byte_array_new();
  for (size_t i = 0; i < G_N_ELEMENTS(vals); i++) ckpt_pack_u64(b, vals[i]);
  ckpt_pack_counts(b, counts, 50);
  ckpt_pack_bytes(b, "hello", 5);
  ckpt_pack_bytes(b, NULL, 0);
  CkptReader r;
  ckpt_reader_init(&r, b->data, b->len);
  for (size_t i = 0; i < G_N_ELEMENTS(vals); i++)
    g_assert_cmpuint(ckpt_unpack_u64(&r), ==, vals[i]);
  uint64_t back[50];
  for (int i = 0; i < 50; i++) back[i] = 1; /* unpacking adds */
  ckpt_unpack_add_counts(&r, back, 50);
  for (int i = 0; i < 50; i++) g_assert_cmpuint(back[i], ==, counts[i] + 1);
  size_t len;
  const uint8_t *p = ckpt_unpack_bytes(&r, &len);
  g_assert_cmpmem(p, len, "hello", 5);
  ckpt_unpack_bytes(&r, &len);
  g_assert_cmpuint(len, ==, 0);
  g_assert_true(ckpt_reader_done(&r));
  /* every proper prefix fails somewhere, and never reads past its end */
  for (guint n = 0; n < b->len; n++) {
    uint8_t *cut = g_memdup2(b->data, n); /* exact size, so ASan sees overreads */
    ckpt_reader_init(&r, cut, n);
    for (size_t i = 0; i < G_N_ELEMENTS(vals); i++) ckpt_unpack_u64(&r);
    ckpt_unpack_add_counts(&r, back, 50);
    ckpt_unpack_bytes(&r, &len);
    ckpt_unpack_bytes(&r, &len);
    g_assert_false(ckpt_reader_done(&r));
    g_free(cut);
  }
  /* counters into too short an array */
  ckpt_reader_init(&r, b->data, b->len);
  for (size_t i = 0; i < G_N_ELEMENTS(vals); i++) ckpt_unpack_u64(&r);
  ckpt_unpack_add_counts(&r, back, 20);
  g_assert_false(r.ok);
  /* an 11-byte varint is malformed */
  static const uint8_t long_varint[11] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                          0xff, 0xff, 0xff, 0xff, 0x01};
  ckpt_reader_init(&r, long_varint, sizeof long_varint);
  ckpt_unpack_u64(&r);
  g_assert_false(r.ok);
  g_byte_array_unref(b);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_autofree char *dir = NULL;
  if (!g_test_subprocess()) {
    dir = g_dir_make_tmp("ckpt-XXXXXX", NULL);
    g_assert_nonnull(dir);
    g_setenv("CKPT_TEST_DIR", dir, TRUE);
  }
  g_test_add_func("/checkpoint/roundtrip", test_roundtrip);
  g_test_add_func("/checkpoint/corrupt-and-truncated", test_corrupt_and_truncated);
  g_test_add_func("/checkpoint/mismatch", test_mismatch);
  g_test_add_func("/checkpoint/foreign", test_foreign);
  g_test_add_func("/checkpoint/tmp-ignored", test_tmp_ignored);
  g_test_add_func("/checkpoint/notes", test_notes);
  g_test_add_func("/checkpoint/notes/open/subprocess", note_open);
  g_test_add_func("/checkpoint/notes/other/subprocess", note_open_other);
  g_test_add_func("/checkpoint/stop-after", test_stop_after);
  g_test_add_func("/checkpoint/stop-after/subprocess", stop_child);
  g_test_add_func("/checkpoint/signal-flag", test_signal_flag);
  g_test_add_func("/checkpoint/signal-flag/subprocess", flag_child);
  g_test_add_func("/checkpoint/threads", test_threads);
  g_test_add_func("/checkpoint/interval", test_interval);
  g_test_add_func("/checkpoint/bad-path", test_bad_path);
  g_test_add_func("/checkpoint/null", test_null);
  g_test_add_func("/checkpoint/fingerprint", test_fingerprint);
  g_test_add_func("/checkpoint/pack", test_pack);
  int rc = g_test_run();
  if (dir) {
    empty_dir(dir);
    g_rmdir(dir);
  }
  return rc;
}
