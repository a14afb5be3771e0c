#!/usr/bin/env bash
# makerbreaker solve --memory (issue 37):
#  E3  the bound covers the whole solve, not its tables only: on runs that
#      fill their tables (4^3 on two threads, --memory 32M and 64M, stopped
#      by the clock) the peak resident memory is at most 1.05 x the bound
#      plus 16 MiB — the margin is the program and its libraries (about
#      10-12 MB resident for a solve of 3^3) and the small allocations that
#      are not counted (before: 1.6-3.2 x the bound, 107 MB for 64M);
#  D5  under `ulimit -v` the solve ends with exit 0 or 4 (or 2/3 with one
#      line on stderr), never a signal (before: GLib's out-of-memory abort,
#      or SIGSEGV while a certificate was written);
#  U3  a small solve touches little memory: mnk:3,9,3 (27 units) peaks
#      below 20 MB resident (before: 40 MB, each unit clearing a 14 MiB
#      evaluation cache and its table eagerly, 80% of its time; the time
#      itself is the `solver-sweep` bench row, never asserted here);
#  U2  the summary names the bound that was reached with its own size (a
#      unit's table bound is half of the unit's share, not --memory), the
#      peak counted stays within the bound, and an --all-moves list left
#      incomplete by it exits 4.
# Memory sizes are checked, never times.  Under sanitizers (SANITIZE=1) the
# resident size and ulimit -v checks are skipped (ASan reserves terabytes of
# address space and keeps freed memory in quarantine).
. "$(dirname "$0")/lib.bash"
M=$BIN/makerbreaker
[ -x "$M" ] || die "makerbreaker not built"
$M help solve | grep -q "all of the solver's large allocations" || die "help solve does not say what --memory bounds"
if [ "${SANITIZE:-0}" = 1 ]; then
  echo "  (peak memory and ulimit -v checks skipped under sanitizers)"
else
  # U3
  /usr/bin/time -f %M -o "$tmp/rss" $M solve mnk:3,9,3 >"$tmp/out" 2>/dev/null || die "solve mnk:3,9,3: exit $?"
  rss=$(tail -n 1 "$tmp/rss")
  [ "$rss" -lt 20480 ] || die "solve mnk:3,9,3: peak RSS $rss KB (the units' tables cleared eagerly?)"
  echo "  mnk:3,9,3: peak RSS $rss KB"
  # E3
  for mem in 32 64; do
    /usr/bin/time -f %M -o "$tmp/rss" $M solve 4^3 --threads 2 --memory ${mem}M --seconds 15 >"$tmp/out" 2>/dev/null
    rc=$?
    [ "$rc" -eq 0 ] || [ "$rc" -eq 4 ] || die "4^3 --memory ${mem}M: exit $rc"
    rss=$(tail -n 1 "$tmp/rss")
    want=$((mem * 1024 * 105 / 100 + 16 * 1024))
    [ "$rss" -le "$want" ] || die "4^3 --memory ${mem}M: peak RSS $rss KB > $want KB (1.05 x bound + 16 MiB)"
    echo "  4^3 --memory ${mem}M: peak RSS $rss KB (at most $want), exit $rc"
  done
  # D5: a solve under an address-space limit, with and without --memory
  for v in 120000 150000; do
    (ulimit -v $v; exec $M solve 4^3 --threads 2 --memory 32M --seconds 10) >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ "$rc" -lt 128 ] || die "ulimit -v $v, --memory 32M: killed by signal $((rc - 128)): $(grep -v 'units done' "$tmp/err" | tail -2)"
    case $rc in
    0 | 4) ;;
    2 | 3) [ "$(grep -vc 'units done' "$tmp/err")" -eq 1 ] || die "ulimit -v $v: exit $rc without one line" ;;
    *) die "ulimit -v $v, --memory 32M: exit $rc" ;;
    esac
    echo "  ulimit -v $v, --memory 32M: exit $rc"
  done
  (ulimit -v 100000; exec $M solve 4^3 --threads 2 --seconds 5) >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ "$rc" -eq 0 ] || [ "$rc" -eq 4 ] || die "ulimit -v 100000, default --memory: exit $rc: $(grep -v 'units done' "$tmp/err" | tail -2)"
  echo "  ulimit -v 100000, the default bound: exit $rc"
fi
# U2: a bound so small that a unit's table fills: the line names the table's
# bound, the unit's share and the whole bound, each no larger than the next
$M solve mnk:7,7,5 --all-moves --memory 1M --threads 1 --nodes 100000 >"$tmp/out" 2>/dev/null
rc=$?
[ "$rc" -eq 4 ] || die "--all-moves with --memory 1M: exit $rc, want 4"
grep -q '^outcome: unknown (the memory bound was reached)$' "$tmp/out" || die "no memory outcome: $(grep '^outcome' "$tmp/out")"
line=$(grep "^memory: a unit's table reached its bound of " "$tmp/out") || die "no table line: $(grep '^memory' "$tmp/out")"
kib() { # "25 KiB" / "1.5 MiB" -> KiB
  awk -v n="$1" -v u="$2" 'BEGIN { printf "%d", u == "KiB" ? n : u == "MiB" ? n * 1024 : n * 1048576 }'
}
set -- $(echo "$line" | sed -E 's/.*bound of ([0-9.]+) (KiB|MiB|GiB) \(half of its share, ([0-9.]+) (KiB|MiB|GiB), of the memory bound ([0-9.]+) (KiB|MiB|GiB).*/\1 \2 \3 \4 \5 \6/')
[ $# -eq 6 ] || die "table line not understood: $line"
table=$(kib $1 $2) share=$(kib $3 $4) bound=$(kib $5 $6)
[ "$bound" -eq 1024 ] || die "the bound printed is $bound KiB, not --memory 1M: $line"
[ "$table" -le "$share" ] && [ "$share" -le "$bound" ] || die "table $table KiB, share $share KiB, bound $bound KiB: $line"
peak=$(sed -nE 's/^memory: ([0-9.]+) (KiB|MiB|GiB) counted at the peak$/\1 \2/p' "$tmp/out")
[ -n "$peak" ] || die "no peak line"
[ "$(kib $peak)" -le "$bound" ] || die "counted $peak, more than the bound"
echo "  $line"
echo "PASS"
