/* checkpoint.h — resumable long runs: completed work units saved to a file.
 *
 * Why.  A long experiment splits its work into deterministic units (the
 * top-level choices of the 7^3 casework, the search tasks of the 9-in-a-row
 * enumeration).  A checkpoint remembers, for every unit finished so far, that
 * unit's partial result, so a run that was killed resumes where it stopped
 * instead of starting over.  The final result is the sum (or union) of the
 * units' partial results, so it does not depend on which run, which thread or
 * in which order a unit was done: resumed and uninterrupted runs write the
 * same bytes.
 *
 * Contract.
 *   Units.  A unit is named by (stage, index), both 0..2^32-1: the stage tells
 *   apart the phases of one run (say CT8 and CT9), index the unit within it.
 *   Its partial result is opaque bytes (possibly none), owned by the caller's
 *   format; ckpt_pack_* / ckpt_unpack_* below are helpers for it.
 *   Identity.  Every checkpoint records an identity string: whatever decides
 *   the results (experiment, profile, arguments that change the output, and a
 *   fingerprint of the program, ckpt_exe_fingerprint()).  Thread counts do not
 *   belong in it: a run may resume with any --threads.
 *   ckpt_open(path, identity, who, &err) prepares checkpointing to `path`.
 *     It fails (NULL, err set, nothing written, nothing deleted) when `path`
 *     is empty, its directory does not exist or is not writable, or `path`
 *     exists and is not OURS: not a regular file (a FIFO, device, directory
 *     or symbolic link), larger than CKPT_MAX_FILE, or a file whose header
 *     (magic, version, identity beginning "WHO ") does not show it is a
 *     checkpoint of this program: a usage error.  Only an existing file that
 *     is ours may ever be overwritten or removed.  Reading is bounded by the
 *     file's size (and CKPT_MAX_FILE) and never blocks.  An own checkpoint
 *     that is corrupt or truncated further on (bad checksum or lengths), or
 *     one with another identity (another profile or build) is ignored with
 *     ONE line on stderr, "WHO: checkpoint PATH ...: starting from scratch",
 *     and the run starts with no unit done; a missing file likewise.
 *   Signals.  From ckpt_open on, SIGTERM and SIGINT are blocked in the
 *     calling thread (so in the workers it creates later) and taken by a
 *     thread that saves the checkpoint (the units finished so far), removes
 *     the temporary files of open outputs (output.h's out_cleanup) and then
 *     dies of the same signal.  A killed run therefore loses no finished unit
 *     and leaves no PATH.tmp.
 *   ckpt_set_signal_flag(flag) (process-wide, before or after ckpt_open):
 *     the FIRST SIGTERM/SIGINT only stores the signal's number in *flag, and
 *     the program is expected to notice it, stop, save and exit by itself
 *     (makerbreaker solve prints its summary); a second signal saves and
 *     dies as above.  NULL (the default) restores that behaviour.
 *   ckpt_get(c, stage, index, &len): the saved partial result of a unit done
 *     earlier (or put in this run), NULL if the unit is not done.  The bytes
 *     have no particular alignment (copy them out, or use the readers below)
 *     and stay valid until ckpt_finish/ckpt_close, as long as the unit is not
 *     put again.
 *   ckpt_resume_note(c, done, total, what): if done > 0, prints one line "WHO:
 *     resuming: DONE/TOTAL WHAT done in an earlier run".  The caller counts
 *     only the units whose saved data it decoded (a unit that fails to decode
 *     is redone, not counted).
 *   ckpt_put(c, stage, index, data, len): records a finished unit (replacing
 *     an earlier record of the same unit).  Safe to call from several threads.
 *     The file is rewritten when at least the save interval has passed since
 *     the last save: 1 s, raised to 20x the time the last save took so that
 *     saving never costs more than about 5% of the run (ckpt_set_interval
 *     changes the 1 s; 0 saves on every put, cost or not; so does
 *     the environment variable CKPT_SAVE_INTERVAL=S, 0 <= S <= 60, a test aid
 *     for killing a run soon after its first save; other values are ignored).  A save that
 *     fails prints one warning and the run goes on (its results do not
 *     depend on the file).
 *   ckpt_save(c): writes the file now; false (with a warning) if it failed.
 *     A save is atomic: the whole file goes to PATH.tmp (created
 *     exclusively), is fsync'ed and renamed over PATH (and the directory
 *     fsync'ed), so PATH is always either the previous checkpoint or the new
 *     one; a PATH.tmp left behind is never read, and removed before a save
 *     only if it begins as our checkpoints do (else the save fails with a
 *     warning and the run goes on).
 *   ckpt_set_stop_after(c, n), a test aid: after the n-th ckpt_put of this
 *     run (n > 0), the checkpoint is saved, one line "WHO: stopping after N
 *     units (--stop-after), as if killed" goes to stderr and the process
 *     raises SIGTERM on itself, exactly as if it had been killed then.
 *   ckpt_finish(c): the run completed: removes PATH (and a stale PATH.tmp)
 *     if, read again now, it is still ours; frees c.
 *   ckpt_close(c): frees c and leaves the file as it is.
 *   Every function accepts c == NULL (checkpointing off) and then does
 *   nothing (ckpt_get returns NULL, ckpt_resume_note 0).
 *
 * File format (integers little-endian):
 *   "PAIRCKPT" | u32 version (1) | u32 identity length | identity bytes |
 *   u32 number of units | per unit, in increasing (stage, index):
 *   u32 stage, u32 index, u32 length, bytes | u64 checksum of everything
 *   before (a fast word-wise hash: it catches truncation and corruption).
 */
#ifndef CHECKPOINT_H
#define CHECKPOINT_H

#include <glib.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Checkpoint Checkpoint;

Checkpoint *ckpt_open(const char *path, const char *identity, const char *who, GError **err);
const void *ckpt_get(Checkpoint *c, uint32_t stage, uint32_t index, size_t *len);
#define CKPT_MAX_FILE ((size_t)1 << 30) /* 1 GiB: the largest checkpoint read */

void ckpt_resume_note(Checkpoint *c, uint32_t done, uint32_t total, const char *what);
void ckpt_put(Checkpoint *c, uint32_t stage, uint32_t index, const void *data, size_t len);
bool ckpt_save(Checkpoint *c);
void ckpt_set_interval(Checkpoint *c, double seconds);
void ckpt_set_stop_after(Checkpoint *c, uint64_t n);
void ckpt_set_signal_flag(volatile sig_atomic_t *flag);
void ckpt_finish(Checkpoint *c);
void ckpt_close(Checkpoint *c);

/* Number of units done (loaded or put), all stages. */
uint64_t ckpt_units(Checkpoint *c);
/* Number of saves written so far in this run (for tests and measurements). */
uint64_t ckpt_saves(Checkpoint *c);

/* Test hook (tests/ and tests/fuzz/ only, not part of the contract): the
 * checksum a checkpoint file ends with, of its p[0..len) before it, so a
 * test or fuzz harness can build files that get past it. */
uint64_t ckpt_checksum(const void *p, size_t len);

/* The first 16 hex digits of the SHA-256 of the running program
 * (/proc/self/exe), or "unknown" where it cannot be read.  g_free it. */
char *ckpt_exe_fingerprint(void);

/* ---- packing partial results ----
 * Unsigned integers as LEB128 varints (7 bits a byte, small values short);
 * a counter array as the number of non-zero entries and then, for each, the
 * gap from the previous one and the value (histograms are mostly zero);
 * a byte string as its length and the bytes.  Reading never runs past the
 * end: a reader that meets a short or malformed input sets ok = false and
 * from then on returns zeros. */
void ckpt_pack_u64(GByteArray *b, uint64_t v);
void ckpt_pack_counts(GByteArray *b, const uint64_t *a, size_t n);
void ckpt_pack_bytes(GByteArray *b, const void *p, size_t n);

typedef struct {
  const uint8_t *p, *end;
  bool ok;
} CkptReader;

void ckpt_reader_init(CkptReader *r, const void *data, size_t len);
uint64_t ckpt_unpack_u64(CkptReader *r);
/* ADDS the packed counters to a[0..n-1] (an index >= n makes ok false) */
void ckpt_unpack_add_counts(CkptReader *r, uint64_t *a, size_t n);
/* a pointer into the input and its length, or NULL (len 0) */
const uint8_t *ckpt_unpack_bytes(CkptReader *r, size_t *len);
/* true iff every read succeeded and the whole input was consumed */
bool ckpt_reader_done(const CkptReader *r);

#endif
