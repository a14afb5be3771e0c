/* Harness: checkpoint loading (src/checkpoint.c ckpt_open) and the unit
 * decoders (ckpt_unpack_*).
 * Input: a checkpoint file.  Each input is tried twice: as it is, and with
 * its last 8 bytes replaced by the right checksum (ckpt_checksum), so that
 * mutations reach the parser behind the checksum.  The program name and
 * identity are taken from the file's own header (when it has one), so that
 * the file is "ours" and its units are loaded.
 * Properties: ckpt_open either refuses (one-line error) or loads; every
 * loaded unit can be read back and decoded without reading past its end;
 * the file is never modified by loading; ckpt_close leaves it as it was. */
#include <string.h>
#include <unistd.h>

#include "plumbing/checkpoint.h"
#include "fuzz.h"

static uint32_t get_u32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void decode(const void *p, size_t len) {
  CkptReader r;
  uint64_t counts[64] = {0};
  size_t bl;
  ckpt_reader_init(&r, p, len);
  ckpt_unpack_u64(&r);
  ckpt_unpack_add_counts(&r, counts, 64);
  const uint8_t *b = ckpt_unpack_bytes(&r, &bl);
  if (b) FUZZ_ASSERT(b >= (const uint8_t *)p && b + bl <= (const uint8_t *)p + len);
  else FUZZ_ASSERT(bl == 0);
  while (r.ok && !ckpt_reader_done(&r)) ckpt_unpack_u64(&r);
  FUZZ_ASSERT(r.p <= r.end);
}

static void try_file(const char *path, const uint8_t *data, size_t size) {
  if (!g_file_set_contents(path, (const char *)data, (gssize)size, NULL)) return;
  /* who and identity from the header: "PAIRCKPT" u32 version u32 idlen id */
  char *identity = NULL, *who = NULL;
  if (size >= 16 && get_u32(data + 12) <= size - 16) {
    identity = g_strndup((const char *)data + 16, get_u32(data + 12));
    /* who is a program name (never read from a file): letters, digits, '-' */
    size_t wl = strspn(identity, "abcdefghijklmnopqrstuvwxyz0123456789-_");
    who = wl > 0 && identity[wl] == ' ' ? g_strndup(identity, wl) : NULL;
  }
  if (!who) who = g_strdup("fuzz");
  if (!identity) identity = g_strdup("fuzz profile=quick");
  GError *err = NULL;
  Checkpoint *c = ckpt_open(path, identity, who, &err);
  if (!c) {
    FUZZ_ASSERT(err && strchr(err->message, '\n') == NULL);
    g_error_free(err);
  } else {
    uint64_t units = ckpt_units(c);
    size_t len;
    uint64_t seen = 0;
    /* every unit of a loaded file: walk the file's own unit headers */
    if (units) {
      size_t at = 16 + get_u32(data + 12) + 4;
      for (uint64_t i = 0; i < units; i++) {
        uint32_t stage = get_u32(data + at), index = get_u32(data + at + 4);
        uint32_t ulen = get_u32(data + at + 8);
        const void *p = ckpt_get(c, stage, index, &len);
        FUZZ_ASSERT(p && len == ulen && memcmp(p, data + at + 12, len) == 0);
        decode(p, len);
        at += 12 + ulen;
        seen++;
      }
    }
    FUZZ_ASSERT(seen == units);
    ckpt_close(c);
  }
  gchar *after;
  gsize alen;
  FUZZ_ASSERT(g_file_get_contents(path, &after, &alen, NULL));
  FUZZ_ASSERT(alen == size && memcmp(after, data, size) == 0); /* loading never writes */
  g_free(after);
  unlink(path);
  g_free(who);
  g_free(identity);
}

static char *dir, *path;

static void remove_dir(void) {
  unlink(path);
  rmdir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!dir) {
    dir = g_dir_make_tmp("fuzz-ckpt-XXXXXX", NULL);
    if (!dir) abort();
    path = g_build_filename(dir, "c.ckpt", NULL);
    atexit(remove_dir);
  }
  try_file(path, data, size);
  decode(data, size);
  if (size >= 8) {
    uint8_t *fixed = g_memdup2(data, size);
    uint64_t h = ckpt_checksum(fixed, size - 8);
    for (int i = 0; i < 8; i++) fixed[size - 8 + i] = (uint8_t)(h >> (8 * i));
    try_file(path, fixed, size);
    g_free(fixed);
  }
  return 0;
}
