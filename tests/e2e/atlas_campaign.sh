#!/usr/bin/env bash
# `make campaign-atlas` (mk/campaign.mk) end to end on tiny boards: its
# steps (the boards with every winning first move's own certificate, the
# opening units with their reply classes, the probes of the openings' cost
# estimate, each path's leaf and weight recomputed by makerbreaker) run once without a stop, and
# once stopped twice as if killed (ATLAS_STOP_AFTER: first in the boards
# step, then in the openings step) and resumed; the rows, the figure data
# and every certificate are the same bytes.  Each certificate is accepted by
# `makerbreaker check`.  With Open MPI, the same campaign on 2 ranks
# (ATLAS_MPI=2) writes the same bytes too.
. "$(dirname "$0")/lib.bash"
M=$BIN/makerbreaker
[ -x "$M" ] || die "makerbreaker not built"
camp() { # DIR [VAR=VALUE...]: the tiny campaign into DIR
  d=$1; shift
  $MAKE --no-print-directory campaign-atlas SANITIZE="${SANITIZE:-0}" DEBUG="${DEBUG:-0}" THREADS=2 ATLAS_DIR="$d" \
    ATLAS_BOARDS='mnk:5,5,4 3^3' ATLAS_NODES=20000 ATLAS_MOVES_NODES=20000 ATLAS_MEMORY_MB=64 \
    ATLAS_MOVES_BOARD=mnk:5,5,4 ATLAS_OPENINGS=mnk:5,5,4 ATLAS_OPEN_NODES=2000 \
    ATLAS_PROBES=3 ATLAS_PROBE_DEPTH=2 ATLAS_PROBE_NODES=3000 ATLAS_LINES='mnk:5,5,4@M:2,2+B:3,3' ATLAS_LINE_NODES=2000 "$@"
}
same() { # DIR1 DIR2: rows, figure data, certificates
  for f in boards.tsv openings.tsv probes.tsv lines.tsv boards-moves.dat; do
    cmp -s "$1/$f" "$2/$f" || die "$f differs between $1 and $2"
  done
  diff -r -q "$1/certs" "$2/certs" >/dev/null || die "certificates differ: $(diff -r -q "$1/certs" "$2/certs" | head -3)"
}
camp "$tmp/u" >"$tmp/u.log" 2>&1 || { tail -20 "$tmp/u.log"; die "campaign-atlas failed"; }
grep -q $'^MB10\tmnk:5,5,4/maker/moves_certs\t6$' "$tmp/u/boards.tsv" || die "mnk:5,5,4: not 6 first-move certificates"
grep -q $'^MB14\tmnk:5,5,4/o2,1/outcome\topen@2000$' "$tmp/u/openings.tsv" || die "no open opening unit"
grep -q $'^MB14\tmnk:5,5,4/o1,1/r[0-9,]*/outcome\tbreaker$' "$tmp/u/openings.tsv" || die "no reply-class rows"
[ "$(wc -l <"$tmp/u/boards-moves.dat")" -eq 25 ] || die "boards-moves.dat: not 25 cells"
# E8: a step whose new arguments are bad (exit 2) keeps the earlier run's rows
cp "$tmp/u/boards.tsv" "$tmp/boards.keep"
camp "$tmp/u" ATLAS_BOARDS='nonsense:1' >"$tmp/bad.log" 2>&1 && die "a campaign with a bad board succeeded"
cmp -s "$tmp/u/boards.tsv" "$tmp/boards.keep" || die "a failed step destroyed the earlier boards rows"
rm -f "$tmp/u/boards.tsv.new"
# the probes step: each path replayed outside the atlas.  Its leaf (the
# opening, then the path) is solved by makerbreaker to the same outcome,
# and its weight is the number of live cells Maker had, as `makerbreaker
# info` counts them (free cells of the surviving sets) after the opening and
# Breaker's greedy reply.
np=0
for k in $(awk -F'\t' '$2 ~ /\/p[0-9]+\/path$/ { print $2 }' "$tmp/u/probes.tsv"); do
  key=${k%/path}; o=${key#mnk:5,5,4/o}; o=${o%%/*}
  path=$(awk -F'\t' -v k="$k" '$2 == k { print $3 }' "$tmp/u/probes.tsv")
  leaf=$(awk -F'\t' -v k="$key/leaf" '$2 == k { print $3 }' "$tmp/u/probes.tsv")
  wt=$(awk -F'\t' -v k="$key/weight" '$2 == k { print $3 }' "$tmp/u/probes.tsv")
  moves="M:$o ${path//+/ }"
  first2=$(echo "$moves" | cut -d' ' -f1-2)
  live=$($M info mnk:5,5,4 --after "$first2" | sed -n 's/^surviving sets: .* on \([0-9]*\) free cells$/\1/p')
  [ -n "$live" ] && [ "$wt" = "$live" ] || die "$key: weight $wt, but $live live cells after $first2"
  case $leaf in open@*) ;; *)
    got=$($M solve mnk:5,5,4 --after "$moves" | sed -n 's/^outcome: \(Maker\|Breaker\) wins$/\1/p' | tr A-Z a-z)
    [ "$got" = "$leaf" ] || die "$key: the leaf $moves is '$leaf' in the atlas, '$got' by makerbreaker solve" ;;
  esac
  np=$((np + 1))
done
[ "$np" -ge 6 ] || die "only $np probe paths"
grep -q $'^MB14\tmnk:5,5,4/o1,1/probe_estimate\t' "$tmp/u/probes.tsv" || die "no estimate row"
echo "  probes: $np paths, each leaf and weight recomputed by makerbreaker"
n=0
for f in "$tmp"/u/certs/*.cert; do
  $M check "$(sed -n 's/^board //p' "$f")" "$f" | grep -q '^valid: ' || die "$f not accepted"
  n=$((n + 1))
done
[ "$n" -ge 20 ] || die "only $n certificates"
echo "  uninterrupted: $n certificates, each accepted by makerbreaker check"
# stopped in the boards step (2 of 4 units), then in the openings step (3 of 6)
camp "$tmp/r" ATLAS_STOP_AFTER=2 >"$tmp/r1.log" 2>&1 && die "the first stop did not stop"
grep -q 'stopping after 2 units' "$tmp/r1.log" || { tail "$tmp/r1.log"; die "no stop in the boards step"; }
[ -e "$tmp/r/boards.ckpt" ] && [ ! -e "$tmp/r/boards.tsv" ] || die "boards step: no checkpoint or rows already written"
camp "$tmp/r" ATLAS_STOP_AFTER=3 >"$tmp/r2.log" 2>&1 && die "the second stop did not stop"
grep -q 'resuming' "$tmp/r2.log" || { tail "$tmp/r2.log"; die "the boards step did not resume"; }
[ -e "$tmp/r/openings.ckpt" ] && [ ! -e "$tmp/r/openings.tsv" ] || die "openings step: no checkpoint or rows already written"
camp "$tmp/r" >"$tmp/r3.log" 2>&1 || { tail -20 "$tmp/r3.log"; die "the resumed campaign failed"; }
grep -q 'resuming' "$tmp/r3.log" || { tail "$tmp/r3.log"; die "the openings step did not resume"; }
same "$tmp/u" "$tmp/r"
[ ! -e "$tmp/r/boards.ckpt" ] && [ ! -e "$tmp/r/openings.ckpt" ] && [ ! -e "$tmp/r/probes.ckpt" ] || die "a checkpoint left after completion"
echo "  stopped twice and resumed: the same bytes"
if command -v mpirun >/dev/null; then
  [ "$(id -u)" = 0 ] && export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
  camp "$tmp/m" ATLAS_MPI=2 >"$tmp/m.log" 2>&1 </dev/null || { tail -20 "$tmp/m.log"; die "campaign-atlas ATLAS_MPI=2 failed"; }
  same "$tmp/u" "$tmp/m"
  echo "  ATLAS_MPI=2 (mpirun -np 2): the same bytes"
fi
# rerun_skips FN TSV WORD N VAR=VALUE...: a rerun of the step FN solves
# nothing again (N lines of its log say WORD) and leaves TSV as it was
rerun_skips() {
  fn=$1 tsv=$2 word=$3 n=$4; shift 4
  cp "$tsv" "$tmp/before.tsv"
  $fn "$@" >"$tmp/again.log" 2>&1 || die "the rerun of $fn failed"
  [ "$(grep -c "$word" "$tmp/again.log")" -eq "$n" ] || { cat "$tmp/again.log"; die "the rerun of $fn solved again"; }
  cmp -s "$tsv" "$tmp/before.tsv" || die "the rerun of $fn changed $tsv"
}
# refuses FN WANT VAR=VALUE...: the step FN fails with a message saying WANT
refuses() {
  fn=$1 want=$2; shift 2
  $fn "$@" >"$tmp/bad.log" 2>&1 && die "$fn accepted $*"
  grep -q "$want" "$tmp/bad.log" || die "$fn: no message '$want' for $*"
}
# the lines step: a decided line (its certificate accepted by makerbreaker
# check), an open one, a rerun that solves nothing again, a malformed line
lines() { $MAKE --no-print-directory campaign-atlas-lines SANITIZE="${SANITIZE:-0}" DEBUG="${DEBUG:-0}" THREADS=2 \
  ATLAS_DIR="$tmp/l" ATLAS_LINE_NODES=300 "$@"; }
lines ATLAS_LINES='mnk:5,5,4@M:1,1+B:3,3 4^3@M:1,1,1+B:2,2,2' >"$tmp/l1.log" 2>&1 || { tail "$tmp/l1.log"; die "campaign-atlas-lines failed"; }
grep -q $'^MB14\tmnk:5,5,4/line/M:1,1+B:3,3/outcome\tbreaker$' "$tmp/l/lines.tsv" || die "the 5,5,4 line is not a Breaker win"
grep -q $'^MB14\t4^3/line/M:1,1,1+B:2,2,2/outcome\topen@300$' "$tmp/l/lines.tsv" || die "the 4^3 line is not open at 300"
$M check mnk:5,5,4 "$tmp/l/lines/mnk_5_5_4_M_1_1_B_3_3.cert" | grep -q '^valid: ' || die "the line's certificate is not accepted"
rerun_skips lines "$tmp/l/lines.tsv" 'is done (' 2 ATLAS_LINES='mnk:5,5,4@M:1,1+B:3,3 4^3@M:1,1,1+B:2,2,2'
refuses lines "is not BOARD@MOVES" ATLAS_LINES='mnk:5,5,4'
# a board all of whose opening classes open a line Breaker wins: the
# report (paper/atlas.sh) states the corollary; one class short, it does not
lines ATLAS_DIR="$tmp/c" ATLAS_LINES='mnk:6,6,5@M:1,1 mnk:6,6,5@M:2,1 mnk:6,6,5@M:3,1 mnk:6,6,5@M:2,2 mnk:6,6,5@M:3,2 mnk:6,6,5@M:3,3' \
  >"$tmp/c.log" 2>&1 || die "lines of mnk:6,6,5 failed"
[ "$(grep -c $'^MB14\tmnk:6,6,5/opening_class/' "$tmp/c/lines.tsv")" -eq 6 ] || die "mnk:6,6,5: not 6 opening classes"
sh paper/atlas.sh /dev/null "$tmp/c/lines.tsv" | grep -q 'begin{theorem}' || die "no theorem for a board whose every opening is answered"
grep -v $'^MB14\tmnk:6,6,5/line/M:2,2/' "$tmp/c/lines.tsv" >"$tmp/c2.tsv"
sh paper/atlas.sh /dev/null "$tmp/c2.tsv" | grep -q 'begin{theorem}' && die "a theorem with an opening class unanswered"
echo "  lines: a decided line checked, an open one, a rerun skipped, a bad line refused; the theorem only with every opening answered"
# the open-games step: a game decided within its budget (its certificate
# accepted), one left open (expansions, CPU seconds and peak RSS recorded),
# a rerun that solves nothing again, a malformed game refused; the report's
# table reads the rows
opn() { $MAKE --no-print-directory campaign-atlas-open SANITIZE="${SANITIZE:-0}" DEBUG="${DEBUG:-0}" THREADS=1 \
  ATLAS_DIR="$tmp/o" ATLAS_OPEN_SECONDS=1 "$@"; }
opn ATLAS_OPEN='mnk:5,5,4/maker 5^3/breaker' >"$tmp/o1.log" 2>&1 || { tail "$tmp/o1.log"; die "campaign-atlas-open failed"; }
grep -q $'^MB14\tmnk:5,5,4/maker/open_run/outcome\tmaker$' "$tmp/o/open.tsv" || die "mnk:5,5,4 with Maker first is not a Maker win"
grep -q $'^MB14\t5^3/breaker/open_run/outcome\topen$' "$tmp/o/open.tsv" || die "5^3 is not open at one second"
xzcat "$tmp/o/open/mnk_5_5_4_maker.cert.xz" >"$tmp/o.cert" && $M check mnk:5,5,4 "$tmp/o.cert" | grep -q '^valid: ' || die "the open step's certificate is not accepted"
grep -q $'^MB14\t5^3/breaker/open_run/peak_rss_kb\t[1-9][0-9]*$' "$tmp/o/open-times.tsv" || die "no peak RSS for 5^3"
rerun_skips opn "$tmp/o/open.tsv" 'is measured (' 2 ATLAS_OPEN='mnk:5,5,4/maker 5^3/breaker'
refuses opn "is not BOARD/maker or BOARD/breaker" ATLAS_OPEN='mnk:5,5,4'
printf 'key\tvalue\ncommit\t0123456789\nstarted_utc\t2026-01-01T00:00:00Z\nfinished_utc\t2026-01-01T00:01:00Z\nthreads\t1\nmachine\ttest machine\n' >"$tmp/o/run.tsv"
sh paper/atlas-open.sh "$tmp/o" | grep -q '^\\texttt{5\^3} & Breaker & open & ' || die "the report's table has no open row for 5^3"
echo "  open games: a decided game checked, an open one measured, a rerun skipped, a bad game refused; the report's table"
# the depth step: a line solved backwards to its first move (each position's
# certificate accepted), one stopped at its first open position, a rerun
# that solves nothing again, a bad profile refused, the report's table and
# the figure's data
dep() { $MAKE --no-print-directory campaign-atlas-depth SANITIZE="${SANITIZE:-0}" DEBUG="${DEBUG:-0}" THREADS=1 \
  ATLAS_DIR="$tmp/d" ATLAS_DEPTH_SECONDS=1 ATLAS_DEPTH_MEMORY=1G "$@"; }
dprof='mnk:5,5,4/maker@M:3,3+B:2,2+M:2,3+B:4,3 5^3/breaker@B:1,1,1+M:3,3,3+B:1,1,2+M:3,3,2'
dep ATLAS_DEPTH="$dprof" >"$tmp/d1.log" 2>&1 || { tail "$tmp/d1.log"; die "campaign-atlas-depth failed"; }
for k in 4 2 0; do
  grep -q "^MB14	mnk:5,5,4/maker/depth/$k/outcome	maker$" "$tmp/d/depth.tsv" || die "mnk:5,5,4 after $k moves is not a Maker win"
  xzcat "$tmp/d/depth/mnk_5_5_4_maker_$k.cert.xz" >"$tmp/d.cert" && $M check mnk:5,5,4 "$tmp/d.cert" | grep -q '^valid: ' ||
    die "the depth step's certificate after $k moves is not accepted"
done
grep -q $'^MB14\t5^3/breaker/depth/4/outcome\topen$' "$tmp/d/depth.tsv" || die "5^3 after 4 moves is not open at one second"
grep -q '5^3/breaker/depth/2/' "$tmp/d/depth.tsv" && die "the depth step went back past an open position"
grep -q $'^MB14\t5^3/breaker/depth/4/peak_rss_kb\t[1-9][0-9]*$' "$tmp/d/depth-times.tsv" || die "no peak RSS for 5^3 after 4 moves"
rerun_skips dep "$tmp/d/depth.tsv" 'is measured' 2 ATLAS_DEPTH="$dprof"
refuses dep "with the first move SIDE's" ATLAS_DEPTH='mnk:5,5,4/maker@B:3,3'
refuses dep "is not a line of moves" ATLAS_DEPTH='mnk:5,5,4/maker@M:3,3+'
refuses dep "is not a size" ATLAS_DEPTH='mnk:5,5,4/maker@M:3,3' ATLAS_DEPTH_MEMORY=lots
printf 'key\tvalue\ncommit\t0123456789\nstarted_utc\t2026-01-01T00:00:00Z\nfinished_utc\t2026-01-01T00:01:00Z\nthreads\t1\nmachine\ttest machine\n' >"$tmp/d/run.tsv"
sh paper/atlas-depth.sh "$tmp/d" | grep -q '^ & 2 & Maker wins & ' || die "the report's table has no row for mnk:5,5,4 after 2 moves"
sh paper/atlas-depth.sh "$tmp/d" | grep -q 'after 4 moves stayed open' || die "the report does not name 5^3's first open position"
[ "$(sh paper/atlas-depth.sh --dat "$tmp/d" | grep -Ec $'^[0-9]+\t[0-9]+\t[01]$')" -eq 4 ] || die "the figure's data does not have the four positions"
echo "  depth: a line solved back to its first move and checked, one stopped at an open position, a rerun skipped, bad profiles refused; the report's table and figure data"
echo "atlas_campaign: ok"
