#!/bin/sh
# mk/bench-solver.sh BIN — `make bench` rows for the solver on the boards of
# issue 25, each board solved by today's engine and by the engine before
# relevance zones, shared pairs and Maker's supports (--no-zones --no-shared
# --no-mustplay --split 1, the defaults it had; 4^3 keeps split 2, which it
# had), and on 4^3 also by today's engine without Maker's supports
# (--no-mustplay: what the support pruning alone contributes), and by the
# engine at the start of issue 36 (--plain-clusters --escalate 0 --reply-cap 0 --pair-ratio 0:
# the plain cluster search, no escalation, Breaker's replies in order, every
# family searched for a shared pairing; variant start36) on 7,7,5, 4^3 and the
# line M:1,1 B:4,4 of mnk:8,8,5, and on the line by today's engine without
# escalation (--escalate 0: what the escalation alone contributes), with
# Breaker's replies widened (--reply-cap 262144, variant widened: what the
# widening gives) and with shared pairings searched in every family
# (--pair-ratio 0, variant all-pairs: what the default ratio 100 saves), in one run: rows in bench.tsv's format (work = 1 if the
# board was decided, with its certificate checked; rate = work/seconds), and
# on stderr the expansions and the peak resident memory of each run
# (/usr/bin/time -v), and the units and opening classes decided.  Each board is also solved by today's engine on one
# thread (variant engine-1thread: what the second thread buys; the rows
# `engine` use two).  First the cross-check: every mnk board of at most 20
# cells, both sides first, against plain minimax (bench-solver --cross), and a
# sweep of 729 small positions against memoised minimax (bench-solver --sweep).  The earlier engine gets a clock budget (PREV_SECONDS,
# default 120 s); when it runs out its work is 0.  The rows of 7,7,5 and 4^3
# by today's engine and the engine at the start of issue 36 are each the
# median of five runs, those of the line by today's engine the median of
# three (every run on stderr); the others one run.  Times are never asserted.
set -u
BIN=$1
PREV=${PREV_SECONDS:-120}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# row NAME VARIANT ARGS...: REPS runs (default 1), the row's time their
# median (each run's time on stderr); work = 1 only if every run decided it
REPS=1
row() {
  name=$1 variant=$2; shift 2
  threads=2
  case $variant in *-1thread) threads=1 ;; esac
  i=0 times= work=1
  while [ $i -lt $REPS ]; do
    i=$((i + 1))
    start=$(date +%s.%N)
    /usr/bin/time -v "$BIN/makerbreaker" solve "$@" --threads $threads >"$tmp/out" 2>"$tmp/err"
    rc=$?
    end=$(date +%s.%N)
    secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
    [ $rc -eq 0 ] || [ $rc -eq 4 ] || { echo "bench-solver: $name $variant: exit $rc" >&2; cat "$tmp/err" >&2; exit 1; }
    [ $rc -eq 0 ] || work=0
    times="$times $secs"
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/err")
    nodes=$(sed -n 's/^nodes: \([0-9]*\);.*/\1/p' "$tmp/out")
    outcome=$(sed -n 's/^outcome: //p' "$tmp/out")
    units=$(sed -n 's/^units: //p' "$tmp/out")
    openings=$(grep -c '^move .*: \(maker\|breaker\)' "$tmp/out")
    moves=$(grep -c '^move ' "$tmp/out")
    run=; [ "$REPS" -gt 1 ] && run=" (run $i of $REPS)"
    echo "bench-solver: $name $variant$run: $outcome, $nodes expansions, $secs s, peak RSS $rss KB${units:+, units: $units}, opening classes decided: $openings of $moves" >&2
  done
  med=$(printf '%s\n' $times | sort -n | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }')
  awk -v n="$name" -v v="$variant" -v s="$med" -v w="$work" 'BEGIN { printf "%s\t%s\t%.3f\t%d\t%.6f\n", n, v, s, w, w / s }'
}
"$BIN/bench-solver" --cross || exit 1
# a sweep of small positions, one solve each (issue 37, U3): every position
# of mnk:3,9,3 after one Maker move, and after one Maker move and one
# Breaker reply (729), against memoised minimax (rows solver-sweep)
"$BIN/bench-solver" --sweep || exit 1
# the boards that take seconds are timed five times each (the median; on
# this 2-core VM the same 4^3 run takes 5.9 to 6.6 s on two threads)
REPS=5
row solver-mnk-7-7-5 engine mnk:7,7,5 || exit 1
row solver-mnk-7-7-5 engine-1thread mnk:7,7,5 || exit 1
# the engine at the start of issue 36 differs from today's in the cluster
# search of the shared pairings (--plain-clusters: no propagation of the
# clusters' cores, every cluster recounted at every node), in the
# escalation of long units (--escalate 0) and in Breaker's replies taken
# in order (--reply-cap 0)
row solver-mnk-7-7-5 start36 mnk:7,7,5 --plain-clusters --escalate 0 --reply-cap 0 --pair-ratio 0 || exit 1
row solver-mnk-7-7-5 start36-1thread mnk:7,7,5 --plain-clusters --escalate 0 --reply-cap 0 --pair-ratio 0 || exit 1
row solver-4-3 engine 4^3 || exit 1
row solver-4-3 engine-1thread 4^3 || exit 1
row solver-4-3 start36 4^3 --plain-clusters --escalate 0 --reply-cap 0 --pair-ratio 0 || exit 1
row solver-4-3 start36-1thread 4^3 --plain-clusters --escalate 0 --reply-cap 0 --pair-ratio 0 || exit 1
# (the earlier engines, up to PREV seconds each, and the line: one run each)
REPS=1
row solver-mnk-7-7-5 previous mnk:7,7,5 --no-zones --no-shared --no-mustplay --split 1 --seconds "$PREV" || exit 1
row solver-4-3 no-supports 4^3 --no-mustplay --seconds "$PREV" || exit 1
row solver-4-3 previous 4^3 --no-zones --no-shared --no-mustplay --seconds "$PREV" || exit 1
# a line of mnk:8,8,5 (Maker's corner opening, Breaker's greedy reply): the
# first of the ten lines of its theorem, on 1 and 2 threads, today's search,
# today's without escalation, with Breaker's replies widened, with every
# family searched for a shared pairing, and the engine at the start of issue
# 36, each within LINE_SECONDS (default 900 s)
for v in engine engine-1thread widened widened-1thread no-escalate no-escalate-1thread all-pairs all-pairs-1thread start36 start36-1thread; do
  case $v in
    start36*) pc="--plain-clusters --escalate 0 --reply-cap 0 --pair-ratio 0" ;;
    no-escalate*) pc="--escalate 0" ;;
    all-pairs*) pc="--pair-ratio 0" ;;
    widened*) pc="--reply-cap 262144" ;;
    *) pc= ;;
  esac
  case $v in engine*) REPS=3 ;; *) REPS=1 ;; esac
  row solver-mnk-8-8-5-line-1-1 $v mnk:8,8,5 --after "M:1,1 B:4,4" --seconds "${LINE_SECONDS:-900}" $pc || exit 1
done
REPS=1
# mnk:8,8,5 (Hsu et al.: 17.4 h): attempted within BIG_SECONDS (default 120 s),
# resumable (the checkpoint is kept in the temporary directory of this run
# only); work = 1 only if decided; stderr says how many openings were decided
row solver-mnk-8-8-5 engine mnk:8,8,5 --seconds "${BIG_SECONDS:-120}" --checkpoint "$tmp/885.ckpt" || exit 1
