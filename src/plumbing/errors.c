/* errors.c — see errors.h. */
#include "plumbing/errors.h"

G_DEFINE_QUARK(pairing-error, pairing_error)
