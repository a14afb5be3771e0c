#!/usr/bin/env bash
# E4: a help text that cannot be written (standard output a full device)
# ends with exit 3 and one line on stderr, never exit 0: makerbreaker's
# help, each of its topics and each subcommand's --help, and every
# experiment's --help (GLib's option parser, which exits by itself).
. "$(dirname "$0")/lib.bash"
[ -w /dev/full ] || { echo "help_full: no /dev/full here, skipped"; exit 0; }
M=$BIN/makerbreaker
full() { # command...: exit 3, one line on stderr
  "$@" >/dev/full 2>"$tmp/err"; rc=$?
  [ "$rc" -eq 3 ] || die "$* >/dev/full: exit $rc, want 3"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || { cat "$tmp/err"; die "$* >/dev/full: not one line on stderr"; }
  "$@" >/dev/null 2>&1 || die "$*: fails with a writable standard output"
}
n=0
full "$M" help; full "$M" --help; n=$((n + 2))
for t in info pairing check export solve qbf explain play json boards moves format pg certificate; do full "$M" help "$t"; n=$((n + 1)); done
for c in info pairing check export solve qbf explain play; do full "$M" "$c" --help; n=$((n + 1)); done
for x in $(experiments); do [ -x "$x" ] || die "$x not built"; full "$x" --help; n=$((n + 1)); done
echo "help_full: $n help texts to a full device: each exit 3 with one line"
