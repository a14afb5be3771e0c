#!/usr/bin/env bash
# games-atlas (experiments/games/atlas.c): every certificate it writes (of
# each game, and of each decided first move of a first player's win) is
# accepted by `makerbreaker check` and a tampered one is not; a budget too
# small gives open@B and no certificate; the opening units (--openings)
# resume from a checkpoint to the same bytes as an uninterrupted run; bad
# input is one line on stderr, exit 2, nothing written.
. "$(dirname "$0")/lib.bash"
A=$BIN/games-atlas M=$BIN/makerbreaker
[ -x "$A" ] && [ -x "$M" ] || die "games-atlas or makerbreaker not built"
mkdir "$tmp/c"
"$A" --board mnk:4,4,3 --board 4^2 --board torus:4,4 --certs "$tmp/c" --out "$tmp/a.tsv" 2>/dev/null || die "atlas run"
n=0
for f in "$tmp"/c/*.cert; do
  b=$(sed -n 's/^board //p' "$f")
  $M check "$b" "$f" | grep -q '^valid: ' || die "$f not accepted"
  n=$((n + 1))
done
# one per game (6) and one per decided first move of a first player's win
# (mnk:4,4,3 Maker first: 3 classes; torus:4,4 Breaker first: 1)
[ "$n" -eq 10 ] || die "$n certificates, want 10"
[ "$(ls "$tmp/c" | grep -c -E -- '-(maker|breaker)\.cert$')" -eq 6 ] || die "not 6 game certificates"
grep -q $'^MB10\tmnk:4,4,3/maker/moves_certs\t3$' "$tmp/a.tsv" || die "mnk:4,4,3: not 3 first-move certificates"
grep -q $'^MB10\tmnk:4,4,3/maker/outcome\tmaker$' "$tmp/a.tsv" || die "mnk:4,4,3 not a Maker win"
grep -q $'^MB10\tmnk:4,4,3/maker/speed\t3$' "$tmp/a.tsv" || die "mnk:4,4,3: Maker's speed not 3"
grep -q $'^MB11\t4\\^2/maker/outcome\tbreaker$' "$tmp/a.tsv" || die "4^2 not a Breaker win"
grep -q $'^MB9\t4\\^2/maker/outcome\tbreaker$' "$tmp/a.tsv" || die "4^2 not compared under MB9"
# a Maker move of a Maker-win tree changed: rejected
f=$tmp/c/mnk_4_4_3-maker.cert
first=$(grep -n '^nodes ' "$f" | cut -d: -f1)
sed "$((first + 1))s/.*/m 1,1/" "$f" >"$tmp/bad"
cmp -s "$f" "$tmp/bad" && die "no move changed"
$M check mnk:4,4,3 "$tmp/bad" >/dev/null 2>&1 && die "a tampered certificate accepted"
# budget: open at 1 expansion per unit, no certificate
mkdir "$tmp/c1"
"$A" --board mnk:5,5,4 --nodes 1 --certs "$tmp/c1" --out "$tmp/o.tsv" 2>/dev/null || die "budget run"
grep -q $'^MB10\tmnk:5,5,4/maker/outcome\topen@1$' "$tmp/o.tsv" || die "no open@1 row"
[ -z "$(ls "$tmp/c1")" ] || die "a certificate written for an open row"
# the opening units, interrupted and resumed
"$A" --openings --board 3^3 --board mnk:4,4,3 --out "$tmp/full.tsv" 2>/dev/null || die "openings run"
"$A" --openings --board 3^3 --board mnk:4,4,3 --checkpoint "$tmp/ck" --stop-after 2 --out "$tmp/r.tsv" 2>/dev/null
[ -e "$tmp/ck" ] || die "no checkpoint after --stop-after"
"$A" --openings --board 3^3 --board mnk:4,4,3 --checkpoint "$tmp/ck" --out "$tmp/r.tsv" 2>"$tmp/err" || die "resume"
grep -q 'resuming' "$tmp/err" || die "did not resume: $(cat "$tmp/err")"
cmp -s "$tmp/full.tsv" "$tmp/r.tsv" || die "resumed run wrote other bytes"
grep -q $'^MB14\t3\\^3/o2,2,2/outcome\tmaker$' "$tmp/full.tsv" || die "3^3 centre opening not a Maker win"
# bad input
exit2 "needs at least one --board" "$A" --openings --out "$tmp/x.tsv"
exit2 "more than 256 cells" "$A" --board mnk:20,20,5 --out "$tmp/x.tsv"
exit2 "--board" "$A" --board nonsense:1 --out "$tmp/x.tsv"
exit2 "--nodes" "$A" --nodes 0 --out "$tmp/x.tsv"
exit2 "--moves-nodes" "$A" --moves-nodes -1 --out "$tmp/x.tsv"
# --moves-board (E5): a board of the run with coordinates, else nothing is written
exit2 "is not N^D" "$A" --board mnk:3,3,3 --moves-board junk --figdata "$tmp/mb" --out "$tmp/x.tsv"
exit2 "not an mnk or n^d board" "$A" --board mnk:3,3,3 --moves-board torus:4,3 --figdata "$tmp/mb" --out "$tmp/x.tsv"
exit2 "not one of this run" "$A" --board mnk:3,3,3 --moves-board mnk:5,5,4 --figdata "$tmp/mb" --out "$tmp/x.tsv"
[ ! -e "$tmp/mb-moves.dat" ] && [ ! -e "$tmp/x.tsv" ] || die "--moves-board refused, yet a file was written"
exit2 "--probes needs --openings" "$A" --board mnk:5,5,4 --probes 3 --out "$tmp/x.tsv"
exit2 "--probe-depth" "$A" --openings --board mnk:5,5,4 --probes 3 --probe-depth 13 --out "$tmp/x.tsv"
exit2 "--probes" "$A" --openings --board mnk:5,5,4 --probes -1 --out "$tmp/x.tsv"
[ ! -e "$tmp/x.tsv" ] || die "a result file written on bad input"
echo "atlas: ok"
