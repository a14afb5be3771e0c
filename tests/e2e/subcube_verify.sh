#!/usr/bin/env bash
# The strategy verifier command: PS(4,2) of the hypercube paper (§2, typed as
# the test's input) blocks every 2-subcube of Q4; without one pair it does
# not, and the first hole is named; malformed strategy files (odd pair, vertex
# out of range, duplicate vertex) and bad arguments give one line on stderr
# naming the problem and exit 2.
. "$(dirname "$0")/lib.bash"
V=$BIN/subcube-verify
[ -x "$V" ] || die "subcube-verify not built"
cat >"$tmp/ps42" <<'PAIRS'
# PS(4,2): (*,0,0,0) (0,*,1,0) (0,0,*,1) (0,1,0,*) (*,1,1,1) (1,*,0,1) (1,1,*,0) (1,0,1,*)
0000 1000
0010 0110
0001 0011
0100 0101
0111 1111
1001 1101
1100 1110
1010 1011
PAIRS
$V 4 2 "$tmp/ps42" >"$tmp/out" || die "PS(4,2) not accepted: $(cat "$tmp/out")"
grep -q '^blocked: all 24 subcubes' "$tmp/out" || die "unexpected: $(cat "$tmp/out")"
echo "  PS(4,2): $(cat "$tmp/out")"
grep -v '^1100 1110' "$tmp/ps42" >"$tmp/hole"
$V 4 2 "$tmp/hole" >"$tmp/out"; rc=$?
[ "$rc" -eq 1 ] || die "PS(4,2) minus a pair: exit $rc, want 1"
grep -q '^unblocked: (' "$tmp/out" || die "no hole named: $(cat "$tmp/out")"
echo "  minus (1,1,*,0): $(cat "$tmp/out")"
$V 4 2 - <"$tmp/ps42" >/dev/null || die "reading stdin failed"

printf '0000 1000\n0010\n' >"$tmp/odd";        exit2 "line 2" $V 4 2 "$tmp/odd"
printf '0000 1000\n0010 0120\n' >"$tmp/range"; exit2 "line 2" $V 4 2 "$tmp/range"
printf '0000 1000\n00100 0110\n' >"$tmp/long"; exit2 "line 2" $V 4 2 "$tmp/long"
printf '0000 1000\n0010 1000\n' >"$tmp/dup";   exit2 "line 2" $V 4 2 "$tmp/dup"
exit2 "N must be" $V 0 2 "$tmp/ps42"
exit2 "K must be" $V 4 5 "$tmp/ps42"
exit2 "give N, K" $V 4 2
exit2 "No such file" $V 4 2 "$tmp/none"
echo "subcube_verify: ok"
