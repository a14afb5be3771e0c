#!/usr/bin/env bash
# The hypergraph-NIM command: H(2,3) on 5 piles is JM on its box, H(1,2) on 4
# piles is not and the first position where SG differs from the JM formula is
# named; a spectrum with a bad entry (0, > N, unsorted, repeated, empty, not a
# number) and other bad arguments give one line on stderr naming the problem
# and exit 2.
. "$(dirname "$0")/lib.bash"
S=$BIN/sg-solve
[ -x "$S" ] || die "sg-solve not built"
$S 5 2,3 10 3,1,4,1,5 >"$tmp/out" || die "H(2,3): exit $?"
grep -q 'minimal transversal-free: yes' "$tmp/out" || die "H(2,3): $(cat "$tmp/out")"
grep -q '^JM: SG = U on every position' "$tmp/out" || die "H(2,3): $(cat "$tmp/out")"
grep -q '^x = (3,1,4,1,5): SG 7, T 7, U 7$' "$tmp/out" || die "H(2,3) at x: $(cat "$tmp/out")"
echo "  $(tr '\n' ' ' <"$tmp/out")"
$S 4 1,2 6 >"$tmp/out" || die "H(1,2): exit $?"
grep -q 'the first at (0,1,1,1): SG 0, U 3' "$tmp/out" || die "H(1,2): $(cat "$tmp/out")"
echo "  $(tr '\n' ' ' <"$tmp/out")"

exit2 "is 0" $S 5 0,2 8
exit2 "is 6 > n = 5" $S 5 2,6 8
exit2 "is 2 after 3" $S 5 3,2 8
exit2 "repeats 2" $S 5 2,2 8
exit2 "empty spectrum" $S 5 "" 8
exit2 "not a number" $S 5 2,,3 8
exit2 "not a number" $S 5 x 8
exit2 "N must be" $S 0 1 8
exit2 "N must be" $S 17 1 8
exit2 "B must be" $S 5 2 -1
exit2 "POSITION must have N" $S 5 2 8 1,2
exit2 "POSITION entries" $S 5 2 8 1,2,3,4,9
exit2 "give N, SPECTRUM and B" $S 5 2
echo "sg_solve: ok"
