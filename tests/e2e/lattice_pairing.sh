#!/usr/bin/env bash
# The lattice command: Theorem 1's pairing for the standard four directions
# and for a three-dimensional set blocks exactly 3|S|; a direction set with a
# zero vector, a non-primitive vector, a vector and its negative, a repeated
# vector, mixed dimensions or a non-integer gives one line on stderr naming
# the problem and exit 2.
. "$(dirname "$0")/lib.bash"
L=$BIN/lattice-pairing
[ -x "$L" ] || die "lattice-pairing not built"
$L "1,0;0,1;1,1;1,-1" >"$tmp/out" || die "standard: exit $?"
grep -q '^least m blocked: 12 (3|S| = 12): Theorem 1 holds$' "$tmp/out" || die "standard: $(cat "$tmp/out")"
$L "1,0,0;0,1,1;1,-1,2" 5 >"$tmp/out" || die "d = 3: exit $?"
grep -q '^least m blocked: 9 (3|S| = 9): Theorem 1 holds$' "$tmp/out" || die "d = 3: $(cat "$tmp/out")"
echo "  $(tail -n 1 "$tmp/out")"

exit2 "vector (0,0) is zero" $L "1,0;0,0"
exit2 "vector (2,2) is not primitive (gcd 2)" $L "1,0;2,2"
exit2 "vectors (1,-1) and (-1,1) are opposite" $L "1,-1;0,1;-1,1"
exit2 "vector (0,1) is repeated" $L "0,1;1,0;0,1"
exit2 "has 3 coordinates, the first has 2" $L "1,0;1,1,1"
exit2 "not an integer" $L "1,a"
exit2 "empty direction set" $L ";"
exit2 "SEED must be" $L "1,0" -4
exit2 "give the direction set" $L
echo "lattice_pairing: ok"
