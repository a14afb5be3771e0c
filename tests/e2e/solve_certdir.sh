#!/usr/bin/env bash
# solve --all-moves --cert-dir DIR (issue 30): one certificate per decided
# root move class, each valid for the position after that move (whoever wins
# it); DIR must exist and hold no move*.cert, a rerun into it is refused
# (exit 2, one line, the files untouched), as is a target that appears during
# the run; the K7 triangle game (orbit classes) and Breaker to move work too.
. "$(dirname "$0")/lib.bash"
M=$BIN/makerbreaker
[ -x "$M" ] || die "makerbreaker not built"
$M help solve | grep -q -- '--cert-dir DIR' || die "help solve lacks --cert-dir"
D=$tmp/d
mkdir "$D"
$M solve mnk:5,5,4 --all-moves --cert-dir "$D" >"$tmp/out" || die "solve --cert-dir: exit $?"
grep -q "^certificates: 6 written to $D" "$tmp/out" || die "no certificates line: $(tail -2 "$tmp/out")"
[ "$(ls "$D" | wc -l)" -eq 6 ] || die "want 6 certificates: $(ls "$D")"
maker=0 breaker=0
for f in "$D"/move*.cert; do
  $M check mnk:5,5,4 "$f" >"$tmp/chk" || die "check $f: $(cat "$tmp/chk")"
  grep -q '^valid: Maker wins' "$tmp/chk" && maker=$((maker + 1))
  grep -q '^valid: Breaker wins' "$tmp/chk" && breaker=$((breaker + 1))
done
# the three winning opening classes of mnk:5,5,4 (9 openings) and three losing ones
[ "$maker" -eq 3 ] && [ "$breaker" -eq 3 ] || die "want 3 Maker and 3 Breaker certificates, got $maker and $breaker"
$M check mnk:5,5,4 "$D/move1-3_3.cert" | grep -q 'position M:3,3, Breaker to move' || die "move1 is not the position after 3,3"
echo "  6 certificates, each valid: $maker won by Maker, $breaker by Breaker"
# a tampered one is rejected
sed '0,/^[AB] /s/^\([AB]\) \([^ ]*\) /\1 /' "$D/move1-3_3.cert" >"$tmp/bad.cert"
cmp -s "$D/move1-3_3.cert" "$tmp/bad.cert" && die "tampering changed nothing"
$M check mnk:5,5,4 "$tmp/bad.cert" >/dev/null && die "a dropped reply was accepted"
# refusals: the directory already holds them; no --all-moves; no directory
sum=$(cat "$D"/* | md5sum)
exit2 "already holds move certificates" $M solve mnk:5,5,4 --all-moves --cert-dir "$D"
[ "$(cat "$D"/* | md5sum)" = "$sum" ] || die "a refused run changed the certificates"
exit2 "needs --all-moves" $M solve mnk:5,5,4 --cert-dir "$tmp/e"
exit2 "cert-dir" $M solve mnk:5,5,4 --all-moves --cert-dir "$tmp/missing"
: >"$tmp/file"
exit2 "cert-dir" $M solve mnk:5,5,4 --all-moves --cert-dir "$tmp/file"
# a target that appears during the run is never overwritten: exit 2, and no
# other certificate is written (before the run or after it, either way)
mkdir "$tmp/e"
$M solve mnk:5,5,4 --all-moves --cert-dir "$tmp/e" >/dev/null 2>"$tmp/err" &
pid=$!
echo mine >"$tmp/e/move1-3_3.cert"
wait $pid; rc=$?
[ "$rc" -eq 2 ] || die "a target made during the run: exit $rc, want 2"
[ "$(cat "$tmp/e/move1-3_3.cert")" = mine ] || die "the user's file was overwritten"
[ "$(ls "$tmp/e" | wc -l)" -eq 1 ] || die "certificates written beside the refusal: $(ls "$tmp/e")"
echo "  $(cat "$tmp/err")"
# the same after the check made before the run: mnk:6,5,4 --all-moves takes
# seconds, and once its first progress line (at 2 s) is out the check is past
mkdir "$tmp/late"
$M solve mnk:6,5,4 --all-moves --nodes 300000 --cert-dir "$tmp/late" >"$tmp/lout" 2>"$tmp/lerr" &
pid=$!
for _ in $(seq 1 200); do
  grep -q 'units done' "$tmp/lerr" && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.1
done
if kill -0 $pid 2>/dev/null; then
  echo mine >"$tmp/late/move1-3_3.cert"
  wait $pid; rc=$?
  [ "$rc" -eq 2 ] || die "a target made after the check: exit $rc, want 2"
  [ "$(cat "$tmp/late/move1-3_3.cert")" = mine ] || die "the user's file was overwritten"
  [ "$(ls "$tmp/late" | wc -l)" -eq 1 ] || die "certificates written beside the refusal: $(ls "$tmp/late")"
  grep -q 'appeared during the run; nothing written' "$tmp/lerr" || die "no refusal line: $(tail -2 "$tmp/lerr")"
  echo "  $(grep 'appeared' "$tmp/lerr")"
else
  wait $pid
  echo "  (mnk:6,5,4 ended before its first progress line: the late target was not tried)"
fi
# the K7 triangle game: its one root class (orbits of a group of order 5040)
{
  for a in 1 2 3 4 5 6 7; do for b in 1 2 3 4 5 6 7; do for c in 1 2 3 4 5 6 7; do
    [ "$a" -lt "$b" ] && [ "$b" -lt "$c" ] && echo "$a$b $a$c $b$c"
  done; done; done
} >"$tmp/k7.txt"
mkdir "$tmp/k7"
$M solve "file:$tmp/k7.txt" --all-moves --cert-dir "$tmp/k7" >/dev/null || die "K7 --cert-dir: exit $?"
[ "$(ls "$tmp/k7")" = "move1-12.cert" ] || die "K7: want one certificate: $(ls "$tmp/k7")"
$M check "file:$tmp/k7.txt" "$tmp/k7/move1-12.cert" >/dev/null || die "check K7 move"
# Breaker to move at the root
mkdir "$tmp/b"
$M solve mnk:4,4,3 --breaker-first --all-moves --cert-dir "$tmp/b" >/dev/null || die "breaker first: exit $?"
for f in "$tmp/b"/*.cert; do $M check mnk:4,4,3 "$f" >/dev/null || die "check $f"; done
echo "  mnk:4,4,3 Breaker first: $(ls "$tmp/b" | wc -l) certificates, each valid"
echo "PASS"
