#!/usr/bin/env bash
# Every shell script of the build, the report, the tests and CI parses (sh -n
# or bash -n by its first line): a script that `make bench` or the report
# runs only in the full profile would otherwise fail first in a long run
# (mk/bench-summary.sh once had an apostrophe inside its awk program and
# `make bench` died at its summary).  Then the bench summary, on a small
# bench.tsv, prints each ratio it promises.  The parse check is first shown to
# catch an injected error, so the test can fail.
. "$(dirname "$0")/lib.bash"
parses() { # FILE: its interpreter's -n
  case "$(head -n 1 "$1")" in
    *bash*) bash -n "$1" 2>/dev/null ;;
    *) sh -n "$1" 2>/dev/null ;;
  esac
}
printf '#!/bin/sh\nawk '"'"'{ print "today'"'"'s" }'"'"' x\n' > "$tmp/bad.sh"
parses "$tmp/bad.sh" && die "the parse check misses a quote error"
n=0
for f in mk/*.sh paper/*.sh tests/*.sh tests/e2e/*.sh tests/e2e/*.bash tests/fuzz/*.sh tests/cluster/*.sh .ci/run; do
  [ -f "$f" ] || continue
  parses "$f" || die "$f does not parse"
  n=$((n + 1))
done
[ "$n" -gt 20 ] || die "only $n scripts found"
printf 'experiment\tvariant\tseconds\twork\trate\n' > "$tmp/bench.tsv"
printf 'solver-mnk-7-7-5\tengine\t2.000\t1\t0.5\nsolver-mnk-7-7-5\tengine-1thread\t4.000\t1\t0.25\n' >> "$tmp/bench.tsv"
printf 'solver-mnk-7-7-5\tprevious\t120.000\t0\t0\nsolver-mnk-8-8-5\tengine\t120.000\t0\t0\n' >> "$tmp/bench.tsv"
printf 'x\tengine\t1\t10\t10\nx\tbaseline\t1\t1\t1\n' >> "$tmp/bench.tsv"
printf 'engine\tsize_measure\tsize\tseconds\twork\tinstance\n' > "$tmp/scaling.tsv"
sh mk/bench-summary.sh "$tmp/bench.tsv" "$tmp/scaling.tsv" > "$tmp/out" 2>/dev/null
grep -q '^x: engine rate / baseline rate = 10$' "$tmp/out" || die "bench summary: no engine/baseline ratio"
grep -q '^solver-mnk-7-7-5: two threads / one thread = 2.00 times as fast$' "$tmp/out" || die "bench summary: no thread ratio"
grep -q 'did not decide it within its budget' "$tmp/out" || die "bench summary: no word on the earlier engine"
grep -q '^mnk:7,7,5: 2.00 s here .*ours / published = 0.80$' "$tmp/out" || die "bench summary: no published ratio"
grep -q '^mnk:8,8,5: not decided here' "$tmp/out" || die "bench summary: mnk:8,8,5 not reported"
echo "ok: $n scripts parse; the bench summary prints its ratios"
