#!/usr/bin/env bash
# makerbreaker solve and its strategy certificates: known small outcomes,
# certificates accepted by the independent checker, the same certificate
# with 1 and 2 threads (split 1 and 2), later units not needed, tampered
# certificates (a move changed, a reply dropped, a pairing cell changed, a
# non-automorphism, a threat sequence shortened) rejected, a budget
# giving 'unknown' (exit 4), a checkpoint resumed, bad input (one line on
# stderr, exit 2, no certificate written).
. "$(dirname "$0")/lib.bash"
M=$BIN/makerbreaker
[ -x "$M" ] || die "makerbreaker not built"
$M help solve | grep -q 'Exit 0 decided' || die "help solve"
$M help certificate | grep -q 'makerbreaker strategy 1' || die "help certificate lacks the strategy format"
$M solve 3^3 --cert "$tmp/3.cert" >"$tmp/out" || die "solve 3^3"
grep -q '^outcome: Maker wins' "$tmp/out" || die "3^3: $(cat "$tmp/out")"
$M check 3^3 "$tmp/3.cert" | grep -q '^valid: Maker wins' || die "check 3^3"
$M solve 4^2 --cert "$tmp/4.cert" | grep -q '^outcome: Breaker wins' || die "solve 4^2"
$M check 4^2 "$tmp/4.cert" | grep -q '^valid: Breaker wins' || die "check 4^2"
$M solve mnk:4,4,4 --after "M:1,1 B:2,2" --cert "$tmp/p.cert" >/dev/null || die "solve after"
$M check mnk:4,4,4 "$tmp/p.cert" >/dev/null || die "check after"
$M solve mnk:4,4,3 --breaker-first --threads 1 --cert "$tmp/t1" >/dev/null || die "threads 1"
$M solve mnk:4,4,3 --breaker-first --threads 2 --cert "$tmp/t2" >/dev/null || die "threads 2"
cmp -s "$tmp/t1" "$tmp/t2" || die "certificate depends on --threads"
# units: openings after the first win are not needed; split 2 (Breaker's
# replies as units) gives the same answer, the same bytes on 1 and 2 threads
grep -q 'not needed' "$tmp/out" || die "3^3: later openings not skipped"
for sp in 1 2; do
  for t in 1 2; do
    $M solve mnk:5,4,4 --split $sp --threads $t --cert "$tmp/s$sp-$t" >"$tmp/so$sp-$t" || die "split $sp threads $t"
  done
  cmp -s "$tmp/s$sp-1" "$tmp/s$sp-2" || die "split $sp: certificate depends on --threads"
  $M check mnk:5,4,4 "$tmp/s$sp-1" | grep -q '^valid: Breaker wins' || die "split $sp: certificate not accepted"
done
grep -q '^  reply ' "$tmp/so2-1" || die "split 2: no reply units printed"
# tampering
first=$(grep -n '^nodes ' "$tmp/3.cert" | cut -d: -f1)
sed "$((first + 1))s/.*/m 1,1,1/" "$tmp/3.cert" >"$tmp/bad1"
$M check 3^3 "$tmp/bad1" >/dev/null && die "a changed Maker move accepted"
sed '0,/^B /s/^\(B .*\) [^ ]*$/\1/' "$tmp/3.cert" >"$tmp/bad2"
cmp -s "$tmp/3.cert" "$tmp/bad2" && die "no reply dropped"
$M check 3^3 "$tmp/bad2" >/dev/null; [ $? -eq 1 ] || die "a dropped reply accepted"
sed "$((first + 2))d" "$tmp/3.cert" >"$tmp/bad3"
$M check 3^3 "$tmp/bad3" >/dev/null && die "a removed node accepted"
sed '0,/^perm /s/^\(perm [0-9]*\) [^ ]* [^ ]*/\1 1,1,1 1,1,1/' "$tmp/3.cert" >"$tmp/bad4"
$M check 3^3 "$tmp/bad4" >/dev/null && die "a non-permutation accepted"
if grep -q '^P ' "$tmp/p.cert"; then
  sed '0,/^P /s/^P \([^ ]*\) [^ ]*/P \1 \1/' "$tmp/p.cert" >"$tmp/bad5"
  $M check mnk:4,4,4 "$tmp/bad5" >/dev/null && die "a changed pairing cell accepted"
fi
$M check mnk:4,4,3 "$tmp/3.cert" >/dev/null && die "a certificate for another board accepted"
# a threat sequence cut short (its last move dropped)
grep -q '^T [^ ]* [^ ]*' "$tmp/3.cert" || die "3^3: no threat sequence of two moves"
sed '0,/^T [^ ]* [^ ]*/s/^\(T .*\) [^ ]*$/\1/' "$tmp/3.cert" >"$tmp/bad6"
cmp -s "$tmp/3.cert" "$tmp/bad6" && die "no threat move dropped"
$M check 3^3 "$tmp/bad6" >/dev/null; [ $? -eq 1 ] || die "a shortened threat sequence accepted"
# budget and checkpoint
$M solve 4^3 --nodes 20 >"$tmp/out"; rc=$?
[ $rc -eq 4 ] || die "budget: exit $rc, want 4"
grep -q '^outcome: unknown' "$tmp/out" || die "budget: not unknown"
$M solve mnk:4,4,3 --checkpoint "$tmp/ck" --cert "$tmp/c1" >/dev/null || die "checkpoint run"
[ ! -e "$tmp/ck" ] || die "checkpoint left after a complete run"
$M solve 4^3 --nodes 20 --checkpoint "$tmp/ck2" >/dev/null
[ -e "$tmp/ck2" ] || die "no checkpoint after an undecided run"
$M solve 4^3 --nodes 20 --checkpoint "$tmp/ck2" 2>"$tmp/err" >/dev/null
grep -q 'resuming' "$tmp/err" || die "no resume: $(cat "$tmp/err")"
# Breaker's replies widened with a small cap: some reply is not needed
# after runs stopped at its cap, and one and two threads print the same
# (but the time)
$M solve mnk:7,7,5 --reply-cap 50 --threads 1 --cert "$tmp/w1.cert" | grep -v ' s$' >"$tmp/w1" || die "widened run"
$M solve mnk:7,7,5 --reply-cap 50 --threads 2 --cert "$tmp/w2.cert" | grep -v ' s$' >"$tmp/w2" || die "widened run, 2 threads"
cmp -s "$tmp/w1" "$tmp/w2" || die "widened: 1 and 2 threads differ: $(diff "$tmp/w1" "$tmp/w2" | head -3)"
cmp -s "$tmp/w1.cert" "$tmp/w2.cert" || die "widened: 1 and 2 threads give other certificates"
grep -q 'not needed ([0-9]* nodes in runs stopped at a cap)' "$tmp/w1" || die "widened: no reply stopped at a cap"
$M check mnk:7,7,5 "$tmp/w1.cert" >/dev/null || die "widened: certificate rejected"
# every family searched for a shared pairing (--pair-ratio 0): the same
# answer, more searches than with the default ratio
$M solve mnk:7,7,5 --pair-ratio 0 >"$tmp/p0" || die "pair-ratio 0 run"
$M solve mnk:7,7,5 >"$tmp/p1" || die "default run"
grep -q '^outcome: Breaker wins' "$tmp/p0" || die "pair-ratio 0: not a Breaker win"
tried() { sed -n 's/.* of \([0-9]*\) shared-pairing searches.*/\1/p' "$1"; }
[ "$(tried "$tmp/p0")" -gt "$(tried "$tmp/p1")" ] || die "pair-ratio: the default skipped no search ($(tried "$tmp/p0") vs $(tried "$tmp/p1"))"
# bad input
exit2 "unknown option" $M solve 3^3 --bogus 1
exit2 "--nodes" $M solve 3^3 --nodes 0
exit2 "--threads" $M solve 3^3 --threads 99
exit2 "--split" $M solve 3^3 --split 3
for v in -1 abc 1.5; do exit2 "--reply-cap must be" $M solve 3^3 --reply-cap "$v"; done
for v in -1 abc 1.5 1000001; do exit2 "--pair-ratio must be" $M solve 3^3 --pair-ratio "$v"; done
exit2 "takes --after" $M solve mnk:4,4,3 --fastest --pair-ratio 50
# --seconds reads plain decimals only, as every other number option (E6)
for v in 0x10 " 5" 1e2 +3 5. .5 1.2.3 ""; do exit2 "--seconds must be" $M solve 3^3 --seconds "$v"; done
exit2 "at most 256 cells" $M solve 7^3 --cert "$tmp/never"
[ ! -e "$tmp/never" ] || die "a certificate written on bad input"
exit2 "cannot arise" $M solve 3^3 --after "B:1,1,1 B:2,2,2" --cert "$tmp/never"
[ ! -e "$tmp/never" ] || die "a certificate written on bad input"
exit2 "--after" $M solve 3^3 --after "M:9,9,9"
# the memory bound: a tiny --memory ends unknown (exit 4), says so, no certificate
$M solve 4^3 --memory 256K --threads 1 --cert "$tmp/mem.cert" >"$tmp/out" 2>/dev/null; rc=$?
[ $rc -eq 4 ] || die "memory bound: exit $rc, want 4"
grep -q '^outcome: unknown (the memory bound was reached)$' "$tmp/out" || die "memory bound: not in the outcome"
grep -q "^memory: .*bound of 256 KiB" "$tmp/out" || die "memory bound: not reported with its size: $(grep '^memory' "$tmp/out")"
[ ! -e "$tmp/mem.cert" ] || die "memory bound: a certificate written"
exit2 "--memory" $M solve 3^3 --memory 12Q
# zones: mnk:7,7,5 after Maker's 3,3 is a Breaker win whose certificate has
# 'R' nodes, and check accepts it
$M solve mnk:7,7,5 --after M:3,3 --cert "$tmp/z.cert" >"$tmp/out" 2>/dev/null || die "7,7,5 after 3,3: exit $?"
grep -q "^R " "$tmp/z.cert" || die "no zone node in the 7,7,5 certificate"
$M check mnk:7,7,5 "$tmp/z.cert" | grep -q "^valid: Breaker wins" || die "the zone certificate is not accepted"
# --all-moves: every opening of mnk:5,5,4 decided in one run; the winning
# ones, counted with their symmetric copies, are Maker's winning openings
$M solve mnk:5,5,4 --all-moves >"$tmp/out" 2>/dev/null || die "--all-moves: exit $?"
grep -q "not needed" "$tmp/out" && die "--all-moves skipped a move"
wins=$(awk '/^move/ && $NF == "nodes" && $(NF-2) == "maker" { gsub(/\(/, "", $3); s += $3 } END { print s + 0 }' "$tmp/out")
[ "$wins" -gt 0 ] || die "--all-moves: no winning opening counted"
all=$(awk '/^move/ { gsub(/\(/, "", $3); s += $3 } END { print s }' "$tmp/out")
[ "$all" -eq 25 ] || die "--all-moves: the classes cover $all cells, not 25"
echo "solve: mnk:5,5,4 has $wins winning openings for Maker"
echo "solve: ok"
# U2: an --all-moves list with classes left unknown is incomplete: exit 4
# and a line saying so, even when a winning move decided the answer
$M solve mnk:5,5,4 --all-moves --nodes 300 >"$tmp/am.out" 2>/dev/null; rc=$?
[ "$rc" -eq 4 ] || die "an incomplete --all-moves list: exit $rc, want 4"
grep -q '^outcome: Maker wins' "$tmp/am.out" || die "the incomplete list lost its decided answer"
grep -q '^all-moves: [0-9]* of 6 move classes unknown' "$tmp/am.out" || die "no line on the incomplete list"
echo "solve: an incomplete --all-moves list exits 4"
# U1 (issue 37): --all-moves lists every live move also when a rule decides
# the root (here a threat sequence: 10 of Maker's 16 live moves win) or
# Breaker's reply is forced (every other reply loses at once)
$M solve mnk:2,10,3 --after "M:1,5 B:1,7 M:1,10 B:2,1" --all-moves >"$tmp/u1.out" 2>/dev/null || die "U1: exit $?"
grep -q '^decided at the root: threat-sequence' "$tmp/u1.out" || die "U1: the root is not the rule's"
[ "$(grep -c '^move ' "$tmp/u1.out")" -eq 16 ] || die "U1: want 16 moves listed: $(cat "$tmp/u1.out")"
[ "$(grep -c '^move .*: maker ' "$tmp/u1.out")" -eq 10 ] || die "U1: want 10 winning moves"
$M solve mnk:3,3,3 --after "M:1,1 B:3,3 M:1,2" --all-moves >"$tmp/u1f.out" 2>/dev/null || die "U1 forced: exit $?"
[ "$(grep -c '^move .*: maker ' "$tmp/u1f.out")" -eq 6 ] || die "U1 forced: want all 6 replies listed as lost"
echo "solve: --all-moves lists every live move where a rule decides the root or forces the reply"
