#!/usr/bin/env bash
# makerbreaker explain: the strategy of a certificate in words.  3^3: the
# principal line is 7 moves long and ends with Maker completing a line,
# and its moves replayed by `info --after` leave a set all Maker's; every
# Breaker reply of the first level is listed with Maker's answer; --depth 2
# lists more; the picture is a gnuplot script gnuplot turns into a PNG.
# mnk:5,4,4 (Breaker wins): a pairing closure is drawn.  mnk:5,5,4 after a
# Maker opening and a Breaker reply: Maker's threats and forced replies are
# marked.  A certificate the checker rejects: exit 1, nothing printed; bad
# input: exit 2 with one line, no picture written.
. "$(dirname "$0")/lib.bash"
M=$BIN/makerbreaker
[ -x "$M" ] || die "makerbreaker not built"
$M help explain | grep -q 'PRINCIPAL LINE' || die "help explain"
$M solve 3^3 --cert "$tmp/3.cert" >/dev/null || die "solve 3^3"
$M explain 3^3 "$tmp/3.cert" --picture "$tmp/p.gp" >"$tmp/out" || die "explain 3^3"
grep -q '^board 3^3, position -, Maker to move: Maker wins' "$tmp/out" || die "explain: first line"
grep -q '^game length: at most 7 moves' "$tmp/out" || die "explain: 3^3 is won in 7 moves"
line=$(grep -E '^ +[0-9]+\. (Maker|Breaker) ' "$tmp/out" | head -n 7)
[ "$(echo "$line" | wc -l)" -eq 7 ] || die "explain: the principal line is not 7 moves"
echo "$line" | tail -n 1 | grep -q 'completes the set' || die "explain: the line does not end with a set"
# replay the principal line with info: a set is all Maker's
moves=$(echo "$line" | awk '{ printf "%s:%s ", substr($2, 1, 1), $3 }')
$M info 3^3 --after "$moves" | grep -q '^maker has won' || die "the principal line ($moves) does not win"
[ "$(grep -c '^  Breaker .* -> Maker ' "$tmp/out")" -eq 26 ] || die "explain: not 26 replies answered"
$M explain 3^3 "$tmp/3.cert" --depth 2 >"$tmp/out2" || die "--depth 2"
[ "$(wc -l <"$tmp/out2")" -gt "$(wc -l <"$tmp/out")" ] || die "--depth 2 shows no more"
grep -q '^      Breaker .* -> Maker ' "$tmp/out2" || die "--depth 2: no second level"
grep -q '^set terminal pngcairo' "$tmp/p.gp" || die "picture: not a gnuplot script"
gnuplot "$tmp/p.gp" >"$tmp/p.png" 2>"$tmp/gp.err" || { cat "$tmp/gp.err"; die "gnuplot failed on the picture"; }
[ "$(head -c 4 "$tmp/p.png" | tail -c 3)" = PNG ] || die "picture: gnuplot did not write a PNG"
echo "  3^3: a 7-move principal line, 26 answers, a picture"
# Breaker wins: the pairing is drawn at a closure
$M solve mnk:5,4,4 --cert "$tmp/5.cert" >/dev/null || die "solve mnk:5,4,4"
$M explain mnk:5,4,4 "$tmp/5.cert" --depth 3 >"$tmp/out" || die "explain mnk:5,4,4"
grep -q 'Breaker wins' "$tmp/out" && grep -q "Breaker's pairing closure" "$tmp/out" || die "mnk:5,4,4: no pairing closure"
grep -A5 "Breaker's pairing closure" "$tmp/out" | grep -q '^ *4  [a-zXO.]' || die "mnk:5,4,4: the pairing is not drawn"
# threats on mnk:5,5,4 after a position
$M solve mnk:5,5,4 --after "M:3,3 B:2,2" --cert "$tmp/m.cert" >/dev/null || die "solve mnk:5,5,4 after"
$M explain mnk:5,5,4 "$tmp/m.cert" >"$tmp/out" || die "explain mnk:5,5,4"
grep -q 'position M:3,3 B:2,2, Maker to move: Maker wins' "$tmp/out" || die "mnk:5,5,4: header"
grep -q 'threat: Breaker must take' "$tmp/out" && grep -q ' forced$' "$tmp/out" || die "mnk:5,5,4: threats not marked"
# rejected, malformed, bad input
sed 's/^m 2,2,2$/m 1,1,1/' "$tmp/3.cert" >"$tmp/bad"
$M explain 3^3 "$tmp/bad" >"$tmp/o" 2>"$tmp/e"; [ $? -eq 1 ] || die "a rejected certificate: not exit 1"
[ ! -s "$tmp/o" ] && grep -q 'rejects' "$tmp/e" || die "a rejected certificate: printed, or no reason"
sed 's/^m 2,2,2$/Z 2,2,2/' "$tmp/3.cert" >"$tmp/z"
exit2 "unknown node" $M explain 3^3 "$tmp/z"
exit2 "--depth must be" $M explain 3^3 "$tmp/3.cert" --depth 9
exit2 "2-D and 3-D boards only" $M explain qcube:3,1 /dev/null --picture "$tmp/q.gp"
$M solve qcube:3,1 --cert "$tmp/q.cert" >/dev/null
exit2 "2-D and 3-D boards only" $M explain qcube:3,1 "$tmp/q.cert" --picture "$tmp/q.gp"
[ ! -e "$tmp/q.gp" ] || die "a refused picture was written"
mkdir "$tmp/dir"
exit2 "--picture" $M explain 3^3 "$tmp/3.cert" --picture "$tmp/dir"
exit2 "given twice" $M explain 3^3 "$tmp/3.cert" --depth 1 --depth 2
# --at: the picture's position after N moves of the line (3^3: Maker's 3rd move 2,1,2 is after 4)
$M explain 3^3 "$tmp/3.cert" --depth 0 --picture "$tmp/a.gp" --at 3 >/dev/null || die "--at 3"
grep -q "Maker's move .* (after 4 moves of the principal line)" "$tmp/a.gp" || die "--at 3: not the position after 4 moves"
[ "$(sed -n '/^\$maker << EOD/,/^EOD/p' "$tmp/a.gp" | grep -c '^[0-9]')" -eq 2 ] || die "--at 3: Maker should have 2 cells"
exit2 "give --picture" $M explain 3^3 "$tmp/3.cert" --at 3
# the game length agrees with the independent checker's count of Maker moves on the longest line
if command -v jq >/dev/null; then
  mm=$($M check 3^3 "$tmp/3.cert" --json | jq .maker_moves)
  $M explain 3^3 "$tmp/3.cert" --depth 0 | grep -q "^game length: at most $((2 * mm - 1)) moves" || die "game length is not 2*$mm-1"
fi
# E10 (issue 37): check and explain/play read a certificate with one
# tokenizer: a doubled blank in 'cells' or 'perm' (check said valid, explain
# refused), a tab, a trailing blank or a CR is malformed for all three, with
# the same line
sed 's/^cells \([^ ]*\) /cells \1  /' "$tmp/3.cert" >"$tmp/v1"
sed '0,/^perm \([^ ]*\) /s//perm \1  /' "$tmp/3.cert" >"$tmp/v2"
sed '0,/^perm \([^ ]*\) /s//perm \1\t/' "$tmp/3.cert" >"$tmp/v3"
sed 's/^cells .*/& /' "$tmp/3.cert" >"$tmp/v4"
sed 's/^m 2,2,2$/m 2,2,2\r/' "$tmp/3.cert" >"$tmp/v5"
for v in v1 v2 v3 v4 v5; do
  cmp -s "$tmp/3.cert" "$tmp/$v" && die "E10 variant $v changed nothing"
  exit2 "certificate line" $M check 3^3 "$tmp/$v"; line=$(cat "$tmp/stderr")
  exit2 "certificate line" $M explain 3^3 "$tmp/$v"
  [ "$(cat "$tmp/stderr")" = "$line" ] || die "E10 $v: check and explain differ: $line / $(cat "$tmp/stderr")"
  exit2 "certificate line" $M play 3^3 "$tmp/$v" </dev/null
done
echo "explain: a blank too many, a tab or a CR is malformed for check, explain and play alike"
