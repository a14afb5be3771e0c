/* errors.h — the library's one error domain.
 *
 * Contract.
 *   Every GError the library sets (src/, not GLib's own errors passed
 *   through) is in the domain PAIRING_ERROR (the GQuark "pairing-error") with
 *   one of the codes below; the message is the one line a tool prints.  Code
 *   and message are the interface: callers branch on the code, print the
 *   message, and never parse it.  GLib's option parser keeps its own
 *   G_OPTION_ERROR for the command line; library code never uses it.
 *     PAIRING_ERROR_INPUT    input that is not acceptable text (a NUL or
 *                            control byte, bad UTF-8, a line or file too long)
 *     PAIRING_ERROR_RANGE    a value or size outside what the function accepts
 *     PAIRING_ERROR_IO       a file or directory that cannot be opened, read,
 *                            created or written (the system's reason in the text)
 *     PAIRING_ERROR_FORMAT   text that is not in the expected format (a pair
 *                            line, a grid, a proof step, a table header, a name)
 *     PAIRING_ERROR_INVALID  a well-formed object that fails its check (a
 *                            proof that does not refute, a non-automorphism)
 */
#ifndef PLUMBING_ERRORS_H
#define PLUMBING_ERRORS_H

#include <glib.h>

#define PAIRING_ERROR (pairing_error_quark())
GQuark pairing_error_quark(void);

typedef enum {
  PAIRING_ERROR_INPUT = 1,
  PAIRING_ERROR_RANGE,
  PAIRING_ERROR_IO,
  PAIRING_ERROR_FORMAT,
  PAIRING_ERROR_INVALID,
} PairingError;

#endif
