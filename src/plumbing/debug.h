/* debug.h — invariant checks that only the DEBUG=1 build pays for.
 *
 * Contract.
 *   PAIRING_CHECK(cond, fmt, ...) checks an invariant of hot code.  In a build
 *   with -DPAIRING_DEBUG (`make ... DEBUG=1`, objects in build/debug/) it
 *   evaluates cond and, when it is false, aborts with one line
 *   "invariant violated at FILE:LINE: <message>" (g_error; status 133 on
 *   Linux).  In every other build cond is NOT evaluated (it is only type-
 *   checked), so it may be as expensive as it likes but must have no side
 *   effects.  PAIRING_DEBUG_ON is 1 in the debug build and 0 otherwise, for
 *   code that prepares what a check needs (a snapshot to compare with):
 *   write it as `if (PAIRING_DEBUG_ON) { ... }` so both builds compile it.
 *   Results never depend on the build: a check only reads.
 */
#ifndef PLUMBING_DEBUG_H
#define PLUMBING_DEBUG_H

#include <glib.h>

#ifdef PAIRING_DEBUG
#define PAIRING_DEBUG_ON 1
#define PAIRING_CHECK(cond, ...)                                                             \
  do {                                                                                       \
    if (!(cond)) {                                                                           \
      g_autofree char *pairing_check_msg_ = g_strdup_printf(__VA_ARGS__);                    \
      g_error("invariant violated at %s:%d: %s", __FILE__, __LINE__, pairing_check_msg_);    \
    }                                                                                        \
  } while (0)
#else
#define PAIRING_DEBUG_ON 0
#define PAIRING_CHECK(cond, ...) ((void)sizeof(!(cond)))
#endif

#endif
