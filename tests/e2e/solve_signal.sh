#!/usr/bin/env bash
# makerbreaker solve stopped by SIGINT (issue 30): the run stops within a
# few seconds, prints the summary it prints at a budget ("outcome: unknown
# (interrupted by SIGINT)", units, nodes, time), exits 4, keeps the finished
# units in its checkpoint, and a rerun resumes from them.
. "$(dirname "$0")/lib.bash"
M=$BIN/makerbreaker
[ -x "$M" ] || die "makerbreaker not built"
$M help solve | grep -q 'SIGINT' || die "help solve does not document SIGINT"
# 4^3 on one thread: 35 units, the first ones done within a second or two,
# the whole run about 13 s (mnk:7,7,5, used before, now ends in half a second)
$M solve 4^3 --threads 1 --checkpoint "$tmp/ck" >"$tmp/out" 2>"$tmp/err" &
pid=$!
for _ in $(seq 1 240); do # until a progress line shows a finished unit
  grep -Eq ': [1-9][0-9]*/[0-9]+ units done' "$tmp/err" && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.25
done
kill -0 $pid 2>/dev/null || die "the solve ended before it could be interrupted: $(tail -3 "$tmp/out")"
t0=$(date +%s%N)
kill -INT $pid
wait $pid; rc=$?
ms=$((($(date +%s%N) - t0) / 1000000))
[ "$rc" -eq 4 ] || die "interrupted solve: exit $rc, want 4"
[ "$ms" -lt 5000 ] || die "the run took $ms ms to stop"
grep -q '^outcome: unknown (interrupted by SIGINT)$' "$tmp/out" || die "no interrupted summary: $(tail -4 "$tmp/out")"
grep -Eq '^units: [0-9]+ of 35 decided or not needed$' "$tmp/out" || die "no units line: $(tail -4 "$tmp/out")"
grep -Eq '^nodes: [0-9]+; proof: 0 certificate nodes; [0-9.]+ s$' "$tmp/out" || die "no nodes line"
echo "  stopped after $ms ms: $(grep '^units:' "$tmp/out")"
[ -s "$tmp/ck" ] || die "no checkpoint after SIGINT"
# the rerun resumes the finished units (and stops at its own clock)
$M solve 4^3 --threads 1 --checkpoint "$tmp/ck" --seconds 0.5 >"$tmp/out2" 2>"$tmp/err2"; rc=$?
[ "$rc" -eq 4 ] || [ "$rc" -eq 0 ] || die "resumed solve: exit $rc"
grep -Eq 'resuming: [1-9][0-9]*/35 units done in an earlier run' "$tmp/err2" || die "no resume: $(cat "$tmp/err2")"
echo "  $(grep -o 'resuming:.*' "$tmp/err2")"
# SIGTERM without a checkpoint: the same summary
$M solve 4^3 >"$tmp/out3" 2>/dev/null &
pid=$!
sleep 1
kill -TERM $pid
wait $pid; rc=$?
[ "$rc" -eq 4 ] || die "SIGTERM: exit $rc, want 4"
grep -q '^outcome: unknown (interrupted by SIGTERM)$' "$tmp/out3" || die "no SIGTERM summary"
# --json says so too
$M solve 4^3 --json >"$tmp/out4" 2>/dev/null &
pid=$!
sleep 1
kill -INT $pid
wait $pid; rc=$?
[ "$rc" -eq 4 ] || die "SIGINT --json: exit $rc, want 4"
grep -q '"interrupted" *: *"SIGINT"' "$tmp/out4" || die "--json lacks interrupted: $(cat "$tmp/out4")"
grep -q '"outcome" *: *"unknown"' "$tmp/out4" || die "--json: outcome not unknown"
echo "PASS"
