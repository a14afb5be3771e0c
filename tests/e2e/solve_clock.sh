#!/usr/bin/env bash
# makerbreaker solve on a board of many units (issue 37, D6): a random board
# of 256 cells and 20,000 six-sets has 256 x 255 = 65,280 units (split 2).
# Once the clock's budget has passed, or SIGTERM came, no unit starts any
# more: before, every remaining unit still set up its tables and evaluated
# its root after the clock (minutes), and a SIGTERM was read only inside a
# unit's search.  Wall times are checked loosely (3 x the budget; the
# machine may be loaded), never tightly.
. "$(dirname "$0")/lib.bash"
M=$BIN/makerbreaker
[ -x "$M" ] || die "makerbreaker not built"
# the board: cells c0..c255, 20,000 distinct sets of six cells, drawn by
# the Park-Miller generator from seed 37 (the same file on every machine)
awk -v N=20000 'BEGIN { x = 37; n = 0
  printf "@cells"; for (i = 0; i < 256; i++) printf " c%d", i; printf "\n"
  while (n < N) {
    k = 0; split("", in_set)
    while (k < 6) { x = (x * 16807) % 2147483647; c = x % 256; if (c in in_set) continue; in_set[c] = 1; a[k++] = c }
    for (i = 1; i < 6; i++) { v = a[i]; for (j = i - 1; j >= 0 && a[j] > v; j--) a[j + 1] = a[j]; a[j + 1] = v }
    line = "c" a[0]; for (i = 1; i < 6; i++) line = line " c" a[i]
    if (line in seen) continue; seen[line] = 1; print line; n++
  } }' >"$tmp/hg.txt"
[ "$(wc -l <"$tmp/hg.txt")" -eq 20001 ] || die "the board was not generated"
$M info "file:$tmp/hg.txt" | grep -q '^winning sets: *20000$' || die "info: $($M info "file:$tmp/hg.txt" | head -4)"
# --seconds 3: exit 4 (unknown) well before 3 x 3 s
t0=$(date +%s%N)
timeout -k 5 120 $M solve "file:$tmp/hg.txt" --seconds 3 >"$tmp/out" 2>"$tmp/err"; rc=$?
ms=$((($(date +%s%N) - t0) / 1000000))
[ "$rc" -eq 4 ] || die "--seconds 3: exit $rc after $ms ms, want 4: $(tail -3 "$tmp/out")"
[ "$ms" -lt 9000 ] || die "--seconds 3 took $ms ms (the units not started went on after the clock)"
grep -q '^outcome: unknown (budget exhausted)$' "$tmp/out" || die "no unknown outcome: $(tail -4 "$tmp/out")"
grep -Eq '^units: [0-9]+ of 65280 decided or not needed$' "$tmp/out" || die "no units line: $(tail -4 "$tmp/out")"
echo "  --seconds 3: exit 4 after $ms ms"
# SIGTERM (no clock budget): the run ends promptly with the summary, exit 4
$M solve "file:$tmp/hg.txt" >"$tmp/out2" 2>"$tmp/err2" &
pid=$!
for _ in $(seq 1 40); do # until the search runs (a progress line), at most 10 s
  grep -q 'units done' "$tmp/err2" && break
  sleep 0.25
done
kill -0 $pid 2>/dev/null || die "the solve ended before it could be interrupted"
t0=$(date +%s%N)
kill -TERM $pid
for _ in $(seq 1 120); do kill -0 $pid 2>/dev/null || break; sleep 0.25; done
if kill -0 $pid 2>/dev/null; then
  kill -KILL $pid
  die "SIGTERM was not honoured within 30 s"
fi
wait $pid; rc=$?
ms=$((($(date +%s%N) - t0) / 1000000))
[ "$rc" -eq 4 ] || die "SIGTERM: exit $rc, want 4"
[ "$ms" -lt 5000 ] || die "SIGTERM: the run took $ms ms to stop"
grep -q '^outcome: unknown (interrupted by SIGTERM)$' "$tmp/out2" || die "no SIGTERM summary: $(tail -4 "$tmp/out2")"
echo "  SIGTERM: exit 4 after $ms ms"
echo "PASS"
