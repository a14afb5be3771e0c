#!/usr/bin/env bash
# The makerbreaker workbench: info, pairing and check on every kind of board
# spec and on an exported file; a private pairing, a Hall family and a shared
# refutation each pass the independent checker; a tampered certificate is
# rejected; bad input (spec, moves, file, certificate) gives one line on
# stderr, exit 2 and no output file.
. "$(dirname "$0")/lib.bash"
M=$BIN/makerbreaker
[ -x "$M" ] || die "makerbreaker not built"
$M --help | grep -q '^Exit status' || die "--help lacks the exit codes"
for t in info pairing check export boards moves format certificate; do
  $M help $t >/dev/null || die "help $t"
done
# every kind: info, pairing (private), check; and shared on small ones
for b in 5^2 4^2 8^3 "mnk:5,5,4" "mnk:4,4,3" "torus:8,8" "torus:5,3" "qcube:4,2" \
         "lattice:1,0;0,1;1,1;1,-1/5@12" "lattice:1,0;0,1/4@6"; do
  $M info "$b" >"$tmp/info" || die "info $b: exit $?"
  grep -q '^ES sum:' "$tmp/info" || die "info $b: no ES sum"
  $M pairing "$b" --out "$tmp/c" >"$tmp/out"; rc=$?
  [ "$rc" -le 1 ] || die "pairing $b: exit $rc"
  $M check "$b" "$tmp/c" >"$tmp/chk" || die "check $b: $(cat "$tmp/chk")"
  echo "  $b: $(sed -n 3p "$tmp/out" | cut -c1-60); $(cut -c1-50 "$tmp/chk")"
done
for b in "qcube:4,2" "qcube:5,2" "mnk:4,4,3"; do
  $M pairing "$b" --kind shared --out "$tmp/s" >/dev/null; rc=$?
  [ "$rc" -le 1 ] || die "pairing $b --kind shared: exit $rc"
  $M check "$b" "$tmp/s" >/dev/null || die "check shared $b"
done
$M pairing qcube:5,2 --kind shared >/dev/null && die "Q(5,2) has no shared pairing"
$M pairing 5^2 >/dev/null || die "5^2 has a pairing"
$M pairing 4^2 >/dev/null && die "4^2 has no private pairing"
$M pairing 4^2 --after "M:1,1 B:3,3" >/dev/null || die "4^2 after (1,1), (3,3)"
$M pairing 4^2 --after "M:1,1 M:2,1 M:3,1 M:4,1" >"$tmp/out" && die "Maker has won: exit 0"
grep -q 'Maker has already won' "$tmp/out" || die "Maker's win not said"
# a file: export, read back, same answers; a hand-written file with tokens
$M export mnk:5,5,4 --out "$tmp/b.txt" || die "export"
$M info "file:$tmp/b.txt" | sed -n '2,3p' >"$tmp/fi"
$M info mnk:5,5,4 | sed -n '2,3p' >"$tmp/bi"
cmp -s "$tmp/fi" "$tmp/bi" || die "exported board differs"
printf '# a triangle with tails\nx y\ny z\nz,x\nx a b\n' >"$tmp/h.txt"
$M pairing "file:$tmp/h.txt" --after "M:a" --kind shared --out "$tmp/h.cert" >/dev/null; rc=$?
[ "$rc" -le 1 ] || die "file board: exit $rc"
$M check "file:$tmp/h.txt" "$tmp/h.cert" >/dev/null || die "file board certificate"
# tampering: a pair cell swapped, the board changed
$M pairing 5^2 --out "$tmp/p" >/dev/null
sed '0,/^pair \([^ ]*\) /s//pair 3,3 /' "$tmp/p" >"$tmp/t"
cmp -s "$tmp/p" "$tmp/t" && die "tampering did nothing"
$M check 5^2 "$tmp/t" >"$tmp/out"; rc=$?
[ "$rc" -ge 1 ] || die "tampered certificate accepted"
$M check 6^2 "$tmp/p" >/dev/null && die "certificate accepted for another board"
echo "  tampered: $(cat "$tmp/out")"
# bad input: one line, exit 2, nothing written
exit2 "is not N^D" $M pairing "7x3" --out "$tmp/none"
exit2 "cannot read board file" $M info "file:$tmp/missing.txt"
exit2 "off the board" $M pairing 7^3 --after "M:8,1,1" --out "$tmp/none"
exit2 "already taken" $M pairing 7^3 --after "M:4,4,4 B:4,4,4" --out "$tmp/none"
exit2 "is not M:CELL" $M pairing 7^3 --after "X:4,4,4"
printf 'a b a\n' >"$tmp/dup.txt"
exit2 "twice in one set" $M pairing "file:$tmp/dup.txt" --out "$tmp/none"
exit2 "--kind must be" $M pairing 5^2 --kind both
exit2 "unknown subcommand" $M resolve 5^2
exit2 "certificate" $M check 5^2 "$tmp/missing.cert"
printf 'not a certificate\n' >"$tmp/bad.cert"
exit2 "want" $M check 5^2 "$tmp/bad.cert"
exit2 "--out" $M pairing 5^2 --out "$tmp"
[ ! -e "$tmp/none" ] || die "an output was written on bad input"
echo "makerbreaker: ok"
