#!/usr/bin/env bash
# games-atlas --lines DIR: an mnk board the atlas leaves open is decided for
# Breaker (both first players) only when the stored lines of play answer
# every class of Maker's first move under the square's symmetries, each
# line's certificate being for that board and line and accepted by the
# checker.  On mnk:7,7,5 at a budget of 1 expansion (open without lines):
# ten lines decide it; nine do not; a line of three moves does not answer
# its class; a tampered certificate or one of another line fails the run.
# And n^d with Breaker first: Maker's lines on 3^3 (below).
. "$(dirname "$0")/lib.bash"
A=$BIN/games-atlas
[ -x "$A" ] && [ -x "$BIN/makerbreaker" ] || die "games-atlas or makerbreaker not built"
L=""
for c in 1,1 2,1 3,1 4,1 2,2 3,2 4,2 3,3 4,3; do L="$L mnk:7,7,5@M:$c"; done
sh mk/atlas-lines.sh "$BIN" "$tmp/l" 300000 1 $L mnk:7,7,5@M:4,4+B:4,3 >"$tmp/lines.log" 2>&1 || { cat "$tmp/lines.log"; die "the lines of mnk:7,7,5 failed"; }
[ "$(grep -c $'/outcome\tbreaker$' "$tmp/l/lines.tsv")" -eq 10 ] || die "not ten Breaker lines"
atlas() { "$A" --profile full --board mnk:7,7,5 --nodes 1 --out "$tmp/out.tsv" "$@" 2>"$tmp/err"; }
oc() { awk -F'\t' -v k="mnk:7,7,5/$1/outcome" '$1 == "MB10" && $2 == k { print $3 }' "$tmp/out.tsv"; }
atlas || die "games-atlas without --lines failed"
[ "$(oc maker)" = open@1 ] || die "mnk:7,7,5 is not open at 1 expansion: $(oc maker)"
atlas --lines "$tmp/l" || { cat "$tmp/err"; die "games-atlas --lines failed"; }
[ "$(oc maker)" = breaker ] && [ "$(oc breaker)" = breaker ] || die "ten lines did not decide mnk:7,7,5: $(oc maker) $(oc breaker)"
grep -q $'^MB10\tmnk:7,7,5/maker/line_classes\t10$' "$tmp/out.tsv" || die "not 10 classes"
grep -q $'^MB10\tmnk:7,7,5/breaker/decided_by\tlines+extra-move$' "$tmp/out.tsv" || die "no decided_by row"
echo "  ten lines: mnk:7,7,5 a Breaker win with either side first"
# nine lines: the class of (4,4) unanswered
cp -r "$tmp/l" "$tmp/n"
grep -v 'M:4,4' "$tmp/l/lines.tsv" >"$tmp/n/lines.tsv"
atlas --lines "$tmp/n" || die "games-atlas with nine lines failed"
[ "$(oc maker)" = open@1 ] || die "nine lines decided the board"
# the (4,4) class answered only after three moves: not a refutation of the opening
sed 's|M:4,4+B:4,3/|M:4,4+B:4,3+M:3,3/|' "$tmp/l/lines.tsv" >"$tmp/n/lines.tsv"
cp "$tmp/l/lines/mnk_7_7_5_M_4_4_B_4_3.cert.xz" "$tmp/n/lines/mnk_7_7_5_M_4_4_B_4_3_M_3_3.cert.xz"
atlas --lines "$tmp/n" || die "games-atlas with a three-move line failed"
[ "$(oc maker)" = open@1 ] || die "a three-move line answered its opening"
echo "  nine lines, or a three-move line: open"
# a row with no moves ("mnk:7,7,5/line/outcome") is no line: skipped, no crash
grep -v 'M:4,4' "$tmp/l/lines.tsv" >"$tmp/n/lines.tsv"
printf 'MB14\tmnk:7,7,5/line/outcome\tbreaker\n' >>"$tmp/n/lines.tsv"
atlas --lines "$tmp/n" || die "games-atlas with a row without moves failed (exit $?)"
[ "$(oc maker)" = open@1 ] || die "a row without moves answered a class"
# a tampered certificate (a node line dropped): the check fails, exit 1
cp -r "$tmp/l" "$tmp/t"
xz -dc "$tmp/l/lines/mnk_7_7_5_M_3_3.cert.xz" | awk '/^nodes / { print; getline; getline } { print }' | xz >"$tmp/t/lines/mnk_7_7_5_M_3_3.cert.xz"
atlas --lines "$tmp/t"; rc=$?
[ "$rc" -eq 1 ] || die "a tampered line certificate: exit $rc, want 1"
[ "$(oc maker)" = rejected ] || die "a tampered line certificate was not rejected: $(oc maker)"
grep -q 'M:3,3 is rejected' "$tmp/err" || die "no message naming the line"
# another line's (valid) certificate under this line's name
cp "$tmp/l/lines/mnk_7_7_5_M_2_2.cert.xz" "$tmp/t/lines/mnk_7_7_5_M_3_3.cert.xz"
atlas --lines "$tmp/t"; rc=$?
[ "$rc" -eq 1 ] && grep -q 'not this board and line' "$tmp/err" || die "another line's certificate was accepted (exit $rc)"
echo "  a tampered certificate, or another line's: rejected (exit 1)"

# n^d, Breaker first: lines B:b+M:m that Maker wins, one per class of
# Breaker's first cell (3^3: corner, edge, face, centre under the cube's 48
# symmetries).  3^3 with Breaker first is open at 1 expansion; four lines
# decide it for Maker; without the face line it stays open.
C="3^3@B:1,1,1+M:2,2,2 3^3@B:2,1,1+M:2,2,2 3^3@B:2,2,1+M:2,2,2 3^3@B:2,2,2+M:1,1,1"
sh mk/atlas-lines.sh "$BIN" "$tmp/c" 300000 1 $C >"$tmp/clines.log" 2>&1 || { cat "$tmp/clines.log"; die "the lines of 3^3 failed"; }
[ "$(grep -c $'/outcome\tmaker$' "$tmp/c/lines.tsv")" -eq 4 ] || die "not four Maker lines on 3^3"
grep -q '^tomove breaker$' "$tmp/c/lines/3_3_B_1_1_1_M_2_2_2.cert" || die "a Breaker-first line was not solved with Breaker to move"
catlas() { "$A" --profile full --board '3^3' --nodes 1 --out "$tmp/cout.tsv" "$@" 2>"$tmp/err"; }
coc() { awk -F'\t' -v k="3^3/$1/outcome" '$1 == "MB11" && $2 == k { print $3 }' "$tmp/cout.tsv"; }
catlas --lines "$tmp/c" || { cat "$tmp/err"; die "games-atlas --lines on 3^3 failed"; }
[ "$(coc breaker)" = maker ] || die "four lines did not decide 3^3 with Breaker first: $(coc breaker)"
grep -q $'^MB11\t3^3/breaker/line_classes\t4$' "$tmp/cout.tsv" || die "not 4 classes on 3^3"
grep -q $'^MB11\t3^3/breaker/decided_by\tlines$' "$tmp/cout.tsv" || die "no decided_by row on 3^3"
cp -r "$tmp/c" "$tmp/c3"
grep -v 'B:2,2,1' "$tmp/c/lines.tsv" >"$tmp/c3/lines.tsv"
catlas --lines "$tmp/c3" || die "games-atlas with three cube lines failed"
[ "$(coc breaker)" = open@1 ] || die "three lines decided 3^3 with Breaker first"
# a Maker-first certificate under a Breaker-first line's name: rejected
"$BIN/makerbreaker" solve '3^3' --after 'B:2,2,1 M:2,2,2' --to-move maker --cert "$tmp/mf.cert" >/dev/null 2>&1
grep -q '^tomove maker$' "$tmp/mf.cert" || die "no Maker-first certificate to plant"
xz -c "$tmp/mf.cert" >"$tmp/c3/lines/3_3_B_2_2_1_M_2_2_2.cert.xz"
cp "$tmp/c/lines.tsv" "$tmp/c3/lines.tsv"
catlas --lines "$tmp/c3"; rc=$?
[ "$rc" -eq 1 ] && grep -q 'B:2,2,1+M:2,2,2 is rejected' "$tmp/err" || die "a certificate of another position was accepted (exit $rc)"
echo "  3^3, Breaker first: four lines decide it for Maker; three do not; a wrong certificate is rejected"
# the torus: the translations are transitive, so one line decides it
sh mk/atlas-lines.sh "$BIN" "$tmp/tt" 300000 1 'torus:5,4@B:0,0+M:2,2' >"$tmp/tlines.log" 2>&1 || { cat "$tmp/tlines.log"; die "the line of torus:5,4 failed"; }
"$A" --profile full --board torus:5,4 --nodes 1 --out "$tmp/tout.tsv" 2>/dev/null || die "games-atlas on torus:5,4 failed"
grep -q $'^MB12\ttorus:5,4/breaker/outcome\topen@1$' "$tmp/tout.tsv" || die "torus:5,4 with Breaker first is not open at 1 expansion"
"$A" --profile full --board torus:5,4 --nodes 1 --out "$tmp/tout.tsv" --lines "$tmp/tt" 2>/dev/null || die "games-atlas --lines on torus:5,4 failed"
grep -q $'^MB12\ttorus:5,4/breaker/outcome\tmaker$' "$tmp/tout.tsv" && grep -q $'^MB12\ttorus:5,4/breaker/line_classes\t1$' "$tmp/tout.tsv" \
  || die "one line did not decide torus:5,4 with Breaker first"
sh paper/atlas.sh "$tmp/tout.tsv" "$tmp/tt/lines.tsv" | grep -q 'Maker wins the Maker--Breaker game on .texttt{torus:5,4} with Breaker first' \
  || die "the report states no theorem for torus:5,4"
echo "  torus:5,4, Breaker first: one line decides it for Maker, and the report states it"
# Maker first on a torus or n^d: her opening line M:m alone, a Maker win,
# decides it; a certificate of another position under its name is rejected
sh mk/atlas-lines.sh "$BIN" "$tmp/tm" 300000 1 'torus:5,4@M:0,0' >"$tmp/tmlines.log" 2>&1 || { cat "$tmp/tmlines.log"; die "the opening line of torus:5,4 failed"; }
# the lemma of monotonicity: Maker winning with Breaker first wins with
# Maker first, so the Breaker-first line decides that game too ("implied")
grep -q $'^MB12\ttorus:5,4/maker/outcome\tmaker$' "$tmp/tout.tsv" && grep -q $'^MB12\ttorus:5,4/maker/decided_by\timplied$' "$tmp/tout.tsv" \
  && grep -q $'^MB12\ttorus:5,4/maker/implied_by\ttorus:5,4/breaker$' "$tmp/tout.tsv" && grep -q $'^MB12\timplied\t1$' "$tmp/tout.tsv" \
  || die "Maker's win with Breaker first did not imply her win with Maker first on torus:5,4"
echo "  torus:5,4, Maker first: implied by the Breaker-first line (monotonicity)"
"$A" --profile full --board torus:5,4 --nodes 1 --out "$tmp/bare.tsv" 2>/dev/null || die "games-atlas on torus:5,4 failed"
grep -q $'^MB12\ttorus:5,4/maker/outcome\topen@1$' "$tmp/bare.tsv" || die "torus:5,4 with Maker first is not open at 1 expansion"
# both open: a Maker win with Breaker first would decide the other, a
# Breaker win with Maker first too; the other two would decide nothing
lev() { awk -F'\t' -v k="torus:5,4/$1/if_$2_decides" '$2 == k { print $3 }' "$tmp/bare.tsv"; }
[ "$(lev breaker maker)$(lev maker breaker)$(lev maker maker)$(lev breaker breaker)" = 1100 ] \
  || die "what a decision would decide: $(lev breaker maker) $(lev maker breaker) $(lev maker maker) $(lev breaker breaker), not 1 1 0 0"
sh paper/atlas.sh "$tmp/bare.tsv" | grep -q 'a Breaker win of .texttt{torus:5,4} with Maker first would decide 1 other open game;' \
  || die "the report does not say what a decision would decide"
"$A" --profile full --board torus:5,4 --nodes 1 --out "$tmp/mout.tsv" --lines "$tmp/tm" 2>/dev/null || die "games-atlas --lines (opening line) on torus:5,4 failed"
grep -q $'^MB12\ttorus:5,4/maker/outcome\tmaker$' "$tmp/mout.tsv" && grep -q $'^MB12\ttorus:5,4/maker/decided_by\tlines$' "$tmp/mout.tsv" \
  || die "the opening line did not decide torus:5,4 with Maker first"
grep -q $'^MB12\ttorus:5,4/breaker/outcome\topen@1$' "$tmp/mout.tsv" || die "an opening line decided the game Breaker starts"
sh paper/atlas.sh "$tmp/mout.tsv" "$tmp/tm/lines.tsv" | grep -q 'Maker wins the Maker--Breaker game on .texttt{torus:5,4} with Maker first' \
  || die "the report states no Maker-first theorem for torus:5,4"
cp -r "$tmp/tm" "$tmp/tm2"
cp "$tmp/tt/lines/torus_5_4_B_0_0_M_2_2.cert.xz" "$tmp/tm2/lines/torus_5_4_M_0_0.cert.xz"
"$A" --profile full --board torus:5,4 --nodes 1 --out "$tmp/mout.tsv" --lines "$tmp/tm2" 2>"$tmp/err"; rc=$?
[ "$rc" -eq 1 ] && grep -q 'M:0,0 is rejected' "$tmp/err" || die "another line's certificate was accepted for an opening line (exit $rc)"
echo "  torus:5,4, Maker first: her opening line decides it, and the report states it; a wrong certificate is rejected"
echo "atlas_lines: ok"
