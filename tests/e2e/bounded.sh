#!/usr/bin/env bash
# pg: boards and the bounded game end to end: a PGD file (the format's own
# example) read and solved; export --pg read back to the same board,
# position, side to move and N; bad PGD files refused in one line (exit 2,
# nothing written); solve --maker-moves N and --fastest with certificates
# that `check` accepts, and tampered ones it rejects (exit 1).
. "$(dirname "$0")/lib.bash"
MB=$BIN/makerbreaker
cat >"$tmp/ttt.pg" <<'PG'
#version
1.0
#times
t4 t5 t6 t7 t8 t9
#blackturns
t5 t7 t9
#positions
a1 a2 a3
b1 b2 b3
c1 c2 c3
#blackwins
a1 b1 c1
a2 b2 c2
a3 b3 c3
a1 a2 a3
b1 b2 b3
c1 c2 c3
a1 b2 c3
a3 b2 c1
#blackinitials
b2 c3
#whiteinitials
a1
PG
# the file's question: Breaker to move, Maker has three moves
$MB solve pg:"$tmp/ttt.pg" --cert "$tmp/ttt.cert" >"$tmp/out" || die "solve pg: exit $?"
grep -q "position M:b2 M:c3 B:a1, Breaker to move" "$tmp/out" || { cat "$tmp/out"; die "the file's position"; }
grep -q "within 3 of her moves? (the file's #blackturns)" "$tmp/out" || die "the file's N"
grep -q "outcome: Maker wins within 3 moves" "$tmp/out" || die "the example: Maker wins"
$MB check pg:"$tmp/ttt.pg" "$tmp/ttt.cert" | grep -q "^valid: Maker wins within 3" || die "check pg certificate"
echo "  pg example: $(grep outcome "$tmp/out")"
# --after continues the file's game in turn order (Breaker, then Maker)
$MB solve pg:"$tmp/ttt.pg" --after "B:a3 M:c1" | grep -q "position M:b2 M:c3 B:a1 B:a3 M:c1, Breaker to move" ||
  die "--after on a pg: board"
exit2 "not an alternating continuation" $MB solve pg:"$tmp/ttt.pg" --after "M:a3"
# export --pg and back: same sets in the same order, same position, side and N
$MB export mnk:4,4,3 --pg --after "M:2,2 B:3,3" --maker-moves 3 --out "$tmp/b.pg" || die "export --pg"
$MB export mnk:4,4,3 >"$tmp/orig.txt"
$MB export pg:"$tmp/b.pg" >"$tmp/back.txt"
diff <(grep -v '^[#@]' "$tmp/orig.txt" | tr -d '.') <(grep -v '^[#@]' "$tmp/back.txt" | tr -d 'x') >/dev/null ||
  die "export --pg: the sets differ read back"
a=$($MB solve mnk:4,4,3 --after "M:2,2 B:3,3" --maker-moves 3 | grep outcome)
b=$($MB solve pg:"$tmp/b.pg" | grep outcome)
[ "$a" = "$b" ] || die "round trip: '$a' vs '$b'"
$MB export 3^3 --pg --breaker-first --maker-moves 4 --out "$tmp/c.pg" || die "export 3^3"
$MB solve pg:"$tmp/c.pg" | grep -q "position -, Breaker to move" || die "round trip: Breaker first"
$MB export pg:"$tmp/c.pg" --pg --out "$tmp/c2.pg" || die "re-export"
cmp -s "$tmp/c.pg" "$tmp/c2.pg" || die "export --pg of a pg: board is not the same file"
echo "  export --pg: mnk:4,4,3 with a position, 3^3 Breaker first: read back the same"
# bad files: one line, exit 2, nothing written
printf '#positions\na b\n#whitewins\na b\n' >"$tmp/strong.pg"
exit2 "strong game" $MB solve pg:"$tmp/strong.pg" --cert "$tmp/never.cert"
[ ! -e "$tmp/never.cert" ] || die "a certificate was written for a refused file"
printf '#positions\na b\n#neighbours\na b\n' >"$tmp/hex.pg"
exit2 "unknown code word" $MB info pg:"$tmp/hex.pg"
printf '#positions\na b c\n#blackwins\na b\n#times\nt1 t2 t3\n#blackturns\nt1 t2\n' >"$tmp/biased.pg"
exit2 "do not alternate" $MB solve pg:"$tmp/biased.pg"
printf '#positions\na b\n#blackwins\na z\n' >"$tmp/unknown.pg"
exit2 "not a vertex" $MB qbf pg:"$tmp/unknown.pg"
exit2 "cannot read board file" $MB info pg:"$tmp/absent.pg"
exit2 "go with --pg" $MB export mnk:3,3,3 --after M:1,1
# the bounded game: both answers certified and checked
$MB solve mnk:3,3,3 --maker-moves 4 --cert "$tmp/w.cert" --exit-winner >"$tmp/out"; rc=$?
[ "$rc" -eq 10 ] || die "mnk:3,3,3 N=4: exit $rc, want 10"
$MB solve mnk:3,3,3 --maker-moves 3 --cert "$tmp/h.cert" --exit-winner >"$tmp/out"; rc=$?
[ "$rc" -eq 11 ] || die "mnk:3,3,3 N=3: exit $rc, want 11"
$MB check mnk:3,3,3 "$tmp/w.cert" | grep -q "^valid: Maker wins within 4" || die "check: Maker-win certificate"
$MB check mnk:3,3,3 "$tmp/h.cert" | grep -q "^valid: Breaker holds Maker off for 3" || die "check: Breaker certificate"
$MB solve mnk:4,4,3 --fastest --cert "$tmp/f.cert" --cert-hold "$tmp/fh.cert" >"$tmp/out" || die "--fastest: exit $?"
grep -q "Maker's speed is 3" "$tmp/out" || { cat "$tmp/out"; die "mnk:4,4,3 speed"; }
$MB check mnk:4,4,3 "$tmp/f.cert" | grep -q "valid: Maker wins within 3" || die "--fastest --cert"
$MB check mnk:4,4,3 "$tmp/fh.cert" | grep -q "valid: Breaker holds Maker off for 2" || die "--fastest --cert-hold"
$MB solve mnk:4,4,4 --fastest --breaker-first | grep -q "Maker cannot win" || die "mnk:4,4,4: Maker never wins"
echo "  bounded: mnk:3,3,3 N=4 Maker, N=3 Breaker; mnk:4,4,3 speed 3 (both certificates checked)"
# tampered certificates: rejected (exit 1), never accepted
tamper() { # FILE FROM TO
  sed "0,/$2/s//$3/" "$1" >"$tmp/bad.cert"
  cmp -s "$1" "$tmp/bad.cert" && die "tamper $2: nothing changed"
  $MB check mnk:3,3,3 "$tmp/bad.cert" >"$tmp/cout" 2>&1; rc=$?
  [ "$rc" -ne 0 ] || die "tampered ($2 -> $3) but accepted"
  echo "  tampered $2 -> $3: exit $rc, $(head -c 100 "$tmp/cout")"
}
tamper "$tmp/w.cert" "^makermoves 4" "makermoves 3"
tamper "$tmp/w.cert" "^winner maker" "winner breaker"
tamper "$tmp/w.cert" "^m 2,2" "m 1,2"
tamper "$tmp/h.cert" "^makermoves 3" "makermoves 4"
tamper "$tmp/h.cert" "^H" "L"
tamper "$tmp/h.cert" "^M [^ ]* " "M "
echo "bounded: ok"
