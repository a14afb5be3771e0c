#!/usr/bin/env bash
# The 7^3 certificate command and the grid checker, end to end: a certificate
# printed by cubic7-pairing passes pairgrid-check; a grid with one pair moved
# off its line, or a survivor's pair removed, fails it; bad input to either
# program exits 2 with one line on stderr and nothing on stdout.
. "$(dirname "$0")/lib.bash"
P=$BIN/cubic7-pairing
C=$BIN/pairgrid-check
[ -x "$P" ] && [ -x "$C" ] || die "cubic7-pairing / pairgrid-check not built"

# one board of each case: certificate found, checker accepts it
for moves in "4,4,4 1,2,3 7,7,7 1,1,2" "1,1,1 2,3,4 7,7,7" "1,1,1 7,7,7 3,3,3"; do
  $P $moves >"$tmp/cert" || die "cubic7-pairing $moves: exit $?"
  grep -q '^pairgrid n=7 d=3' "$tmp/cert" || die "cubic7-pairing $moves: no grid"
  $C "$tmp/cert" >"$tmp/ok" || die "pairgrid-check rejects the certificate of $moves: $(cat "$tmp/ok")"
  grep -q '^valid: ' "$tmp/ok" || die "pairgrid-check: no 'valid' line"
  echo "  $moves: $(cat "$tmp/ok")"
done
grep -q 'uncovered case' "$tmp/cert" || die "1,1,1 7,7,7 is not reported as CT13's uncovered case"

# tampering: drop one pair (both its cells become '.'), the checker must object
$P 4,4,4 1,2,3 7,7,7 1,1,2 >"$tmp/cert"
awk '/^pairgrid/ { sub(/pairs=166/, "pairs=165") } { print }' "$tmp/cert" |
  sed -E 's/(^| )166( |$)/\1  .\2/g' >"$tmp/bad"
$C "$tmp/bad" >"$tmp/out"; rc=$?
[ "$rc" -eq 1 ] || die "pairgrid-check accepted a grid with a pair removed (exit $rc)"
grep -q '^invalid: surviving line' "$tmp/out" || die "unexpected verdict: $(cat "$tmp/out")"
# tampering: a Maker cell turned into a Breaker cell is no longer the board...
# ...but a pair label on three cells is malformed as a strategy
sed -E '0,/ 17( |$)/s// 16\1/' "$tmp/cert" >"$tmp/bad2"
$C "$tmp/bad2" >"$tmp/out"; rc=$?
[ "$rc" -eq 1 ] || die "pairgrid-check accepted a grid with a pair on three cells (exit $rc)"

one_line_exit2() { # program, arguments...
  "$@" >"$tmp/stdout" 2>"$tmp/stderr" </dev/null
  rc=$?
  [ "$rc" -eq 2 ] || die "$*: exit $rc, want 2"
  [ "$(wc -l <"$tmp/stderr")" -eq 1 ] || { cat "$tmp/stderr"; die "$*: not one line on stderr"; }
  [ ! -s "$tmp/stdout" ] || die "$*: printed on stdout"
  echo "  $(basename "$1") ${*:2}: $(cat "$tmp/stderr")"
}
one_line_exit2 $P 4,4,4 1,2,3 8,7,7 1,1,2      # off the board
one_line_exit2 $P 4,4,4 1,2,3 0,1,1 1,1,2      # off the board
one_line_exit2 $P 4,4,4 1,2,3 7,7,7 1,2,3      # repeated move
one_line_exit2 $P 4,4,4 1,2,3 5,5,5 1,1,1      # Breaker's cell
one_line_exit2 $P 4,4,4 3,2,1 7,7,7 1,1,2      # x > y: outside the enumeration
one_line_exit2 $P 1,1,1 2,2,2                  # too few moves
one_line_exit2 $P 4,4,4 1,2,3 7,7,7            # the centre case takes 4
one_line_exit2 $P a,b,c 1,1,1 2,2,2            # not a cell
one_line_exit2 $P --case nonsense 1,1,1 2,2,2 3,3,3
one_line_exit2 $P --no-such-option 1,1,1 2,2,2 3,3,3
printf 'pairgrid n=7 d=3 pairs=0\nz=1\n' >"$tmp/short"
one_line_exit2 $C "$tmp/short"
one_line_exit2 $C "$tmp/does-not-exist"
one_line_exit2 $C a b
echo "certificates: ok"
