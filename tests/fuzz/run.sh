#!/usr/bin/env bash
# tests/fuzz/run.sh — one harness for a while (the body of `make fuzz`).
#
#   bash tests/fuzz/run.sh build/fuzz/bin/NAME SECONDS TIMEOUT
#
# Runs libFuzzer from the committed seeds tests/fuzz/corpus/NAME/ and the
# inputs it learnt earlier (build/fuzz/corpus/NAME/, where new ones go) for
# SECONDS in all (wall clock).  A crash, hang (> TIMEOUT s) or out-of-memory
# input is saved to tests/fuzz/crashes/NAME/ and fuzzing goes on with the time
# left.  Prints one line: executions, the CPU seconds the harness used (user +
# system, by /usr/bin/time: on a loaded machine fewer than SECONDS), coverage
# (cov: edges, ft: features), corpus size and the inputs saved; exit 1 if any
# was saved.
set -u
bin=$1 secs=$2 timeout=$3
name=$(basename "$bin")
seeds=tests/fuzz/corpus/$name work=build/fuzz/corpus/$name crashes=tests/fuzz/crashes/$name
mkdir -p "$seeds" "$work" "$crashes"
log=build/fuzz/$name.log
: >"$log"
end=$(($(date +%s) + secs)) execs=0 found=0 cpu=0
while :; do
  left=$((end - $(date +%s)))
  [ "$left" -gt 0 ] || break
  /usr/bin/time -f '%U %S' -o "$log.cpu" \
    "$bin" -max_total_time="$left" -timeout="$timeout" -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$crashes/" "$work" "$seeds" >"$log.run" 2>&1
  rc=$?
  # (the last line: /usr/bin/time puts "Command exited with ..." before it)
  cpu=$(tail -n 1 "$log.cpu" | awk -v c="$cpu" '{ c += $1 + $2 } END { printf "%.1f", c }')
  cat "$log.run" >>"$log"
  n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log.run" | tail -n 1)
  execs=$((execs + ${n:-0}))
  saved=$(grep -c 'Test unit written to' "$log.run")
  found=$((found + saved))
  [ "$rc" -eq 0 ] && break
  [ "$saved" -gt 0 ] || { echo "fuzz $name: libFuzzer failed (exit $rc), see $log"; exit 1; }
done
rm -f "$log.run" "$log.cpu"
last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
cov=$(printf '%s\n' "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
ft=$(printf '%s\n' "$last" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
corp=$(printf '%s\n' "$last" | sed -n 's/.*corp: \([0-9]*\/[0-9a-zA-Z]*\).*/\1/p')
echo "fuzz $name: ${secs}s, $execs executions, $cpu CPU-seconds, cov $cov, ft $ft, corpus $corp, $found new inputs in $crashes"
[ "$found" -eq 0 ]
