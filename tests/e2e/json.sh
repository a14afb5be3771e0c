#!/usr/bin/env bash
# makerbreaker --json: info, pairing, solve and check print one JSON object
# (jq parses it) whose members agree with the text output of the same run;
# exit statuses are those of the text runs; errors stay one line on stderr
# with nothing on stdout; solve --exit-winner exits 10 / 11; --to-move
# positions with uneven counts; the minor option rules (a second --after
# adds up, other options once, fractional --seconds).
. "$(dirname "$0")/lib.bash"
M=$BIN/makerbreaker
[ -x "$M" ] || die "makerbreaker not built"
command -v jq >/dev/null || die "jq is missing (make deps installs it)"
$M help json | grep -q 'schema 1' || die "help json"
j() { jq -r "$1" "$tmp/j"; }
# info
$M info 4^2 --after "M:1,1 B:2,2" --json >"$tmp/j" || die "info --json"
[ "$(j .schema)" = 1 ] && [ "$(j .command)" = info ] && [ "$(j .board)" = 4^2 ] || die "info: header"
$M info 4^2 --after "M:1,1 B:2,2" >"$tmp/t"
grep -q "surviving sets:   $(j .surviving) ($(j .dead) dead), on $(j .free_cells) free cells" "$tmp/t" || die "info: counts differ from the text"
grep -q "ES sum:           $(j .es_sum) " "$tmp/t" || die "info: es_sum differs"
[ "$(j .maker_won)" = null ] || die "info: maker_won"
# pairing: found, none (Hall), shared refutation, Maker already won (exit 1)
$M pairing 5^2 --json >"$tmp/j" || die "pairing 5^2 --json"
[ "$(j .found)" = true ] && [ "$(j '.pairs | length')" = "$(j .surviving)" ] || die "pairing 5^2: one pair per surviving set"
[ "$(j '.pairs[0][2] | length')" = 5 ] || die "pairing 5^2: a private pair names its set"
$M pairing 4^2 --json >"$tmp/j"; [ $? -eq 1 ] || die "pairing 4^2 --json: not exit 1"
[ "$(j .found)" = false ] && [ "$(j '.hall | length')" -gt 0 ] || die "pairing 4^2: no Hall family"
[ "$(j .hall_free_cells)" -lt $((2 * $(j '.hall | length'))) ] || die "pairing 4^2: the family is not Hall-violating"
$M pairing 4^2 --kind shared --json >"$tmp/j"; [ $? -eq 1 ] || die "shared none: not exit 1"
[ "$(j .cnf.variables)" -gt 0 ] && [ "$(j .proof_bytes)" -gt 0 ] || die "shared: cnf or proof missing"
$M pairing 3^2 --after "M:1,1 M:2,2 M:3,3" --json >"$tmp/j"; [ $? -eq 1 ] || die "maker won: not exit 1"
[ "$(j '.maker_won | join(" ")')" = "1,1 2,2 3,3" ] && [ "$(j .found)" = null ] || die "maker won: $(cat "$tmp/j")"
# solve and check
$M solve 3^3 --json --cert "$tmp/3.cert" >"$tmp/j" || die "solve --json"
[ "$(j .outcome)" = maker ] && [ "$(j .winner)" = maker ] && [ "$(j .to_move)" = maker ] || die "solve 3^3: outcome"
[ "$(j '.units[0].move')" = 2,2,2 ] && [ "$(j '.units[1].skipped')" = true ] && [ "$(j '.units[1].outcome')" = null ] || die "solve 3^3: units"
$M check 3^3 "$tmp/3.cert" --json >"$tmp/j" || die "check --json"
[ "$(j .valid)" = true ] && [ "$(j .winner)" = maker ] && [ "$(j .nodes)" = "$(grep -c '^[mbFBMTWPEDS]\( \|$\)' "$tmp/3.cert")" ] || die "check: $(cat "$tmp/j")"
sed 's/^m 2,2,2$/m 1,1,1/' "$tmp/3.cert" >"$tmp/bad"
$M check 3^3 "$tmp/bad" --json >"$tmp/j"; [ $? -eq 1 ] || die "check a bad certificate --json: not exit 1"
[ "$(j .valid)" = false ] && [ "$(j .reason)" != null ] || die "check bad: $(cat "$tmp/j")"
exit2 "No such file" $M check 3^3 "$tmp/none" --json
exit2 "takes no value" $M info 3^3 --json=1
# exit statuses that tell the winner
$M solve 3^3 --exit-winner >/dev/null; [ $? -eq 10 ] || die "--exit-winner: Maker wins is not 10"
$M solve 4^2 --exit-winner >/dev/null; [ $? -eq 11 ] || die "--exit-winner: Breaker wins is not 11"
$M solve 4^2 >/dev/null || die "without --exit-winner a decided run exits 0"
$M solve 4^4 --nodes 1 --exit-winner >/dev/null 2>&1; [ $? -eq 4 ] || die "--exit-winner: unknown is not 4"
echo "  exit statuses: 10 Maker, 11 Breaker, 4 unknown"
# --to-move: uneven counts
exit2 "--to-move" $M solve 3^3 --after "M:1,1,1 M:2,2,2" --cert "$tmp/never"
[ ! -e "$tmp/never" ] || die "a refused solve wrote its certificate"
$M solve 3^3 --after "M:1,1,1 M:2,2,2" --to-move breaker --json --cert "$tmp/tm.cert" >"$tmp/j" || die "--to-move breaker"
[ "$(j .to_move)" = breaker ] && [ "$(j .winner)" = maker ] || die "--to-move: $(cat "$tmp/j")"
grep -q '^tomove breaker$' "$tmp/tm.cert" || die "--to-move: certificate's tomove"
$M check 3^3 "$tmp/tm.cert" | grep -q '^valid: Maker wins' || die "--to-move certificate not accepted"
$M solve mnk:3,3,3 --after "B:2,2 B:1,1" --to-move maker | grep -q 'outcome: Breaker wins' || die "Breaker with two extra cells"
exit2 "--to-move must be maker or breaker" $M solve 3^3 --to-move nobody
exit2 "not both" $M solve 3^3 --to-move maker --breaker-first
# minor option rules
$M info 3^3 --after "M:2,2,2" --after "B:1,1,1" | grep -q 'position:         M:2,2,2 B:1,1,1 (1 Maker, 1 Breaker' || die "a second --after did not add up"
exit2 "given twice" $M solve 3^3 --nodes 5 --nodes 6
exit2 "given twice" $M pairing 3^3 --kind shared --kind private
$M solve 3^3 --seconds 2.5 >/dev/null || die "--seconds 2.5"
exit2 "--seconds must be" $M solve 3^3 --seconds 0
exit2 "--seconds must be" $M solve 3^3 --seconds 1x
# ';' inside a file's cell name is one move; between names it separates moves
printf 'a;b c d\na;b e f\n' >"$tmp/semi.txt"
$M info "file:$tmp/semi.txt" --after "M:a;b B:c" | grep -q 'position:         M:a;b B:c (1 Maker, 1 Breaker' || die "';' inside a cell name split the move"
$M info "file:$tmp/semi.txt" --after "M:c;B:e" | grep -q 'position:         M:c B:e' || die "';' between moves no longer separates"
echo "  --after adds up, ';' in cell names, options once, fractional seconds"
# E1: a certificate path that is not UTF-8 still gives valid JSON (the bytes
# that are not UTF-8 shown as U+FFFD)
$M solve 3^3 --cert "$tmp/33.cert" >/dev/null || die "solve 3^3 failed"
odd=$(printf '%s/c\377x.cert' "$tmp")
cp "$tmp/33.cert" "$odd"
$M check 3^3 "$odd" --json >"$tmp/j" || die "check --json of a non-UTF-8 path failed"
[ "$(j .valid)" = true ] || die "check --json: not valid JSON, or not valid: $(cat "$tmp/j")"
j .certificate | grep -q "c.x.cert" || die "check --json lost the path: $(j .certificate)"
echo "  a non-UTF-8 certificate path: valid JSON"
