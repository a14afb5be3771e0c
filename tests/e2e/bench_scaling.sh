#!/usr/bin/env bash
# bench-scaling --quick: exit 0, bench-scaling's header, and for each of the
# five engines at least three well-formed rows (positive integer size and
# work, a positive number of seconds, an instance) with strictly increasing
# sizes; everything but the seconds is the same in a second run.  Bad
# arguments give one line on stderr and exit 2.  No time is asserted.
. "$(dirname "$0")/lib.bash"
S=$BIN/bench-scaling
[ -x "$S" ] || die "bench-scaling not built"
$S --quick >"$tmp/a.tsv" 2>"$tmp/err" || { cat "$tmp/err"; die "bench-scaling --quick: exit $?"; }
[ "$(head -n 1 "$tmp/a.tsv")" = "$(printf 'engine\tsize_measure\tsize\tseconds\twork\tinstance')" ] ||
  die "header: $(head -n 1 "$tmp/a.tsv")"
awk -F'\t' '
  NR == 1 { next }
  NF != 6 { print "line " NR ": " NF " fields"; bad = 1; next }
  $3 !~ /^[1-9][0-9]*$/ || $5 !~ /^[1-9][0-9]*$/ { print "line " NR ": size or work not a positive integer"; bad = 1 }
  $4 !~ /^[0-9.]+(e-?[0-9]+)?$/ || $4 + 0 <= 0 { print "line " NR ": seconds \"" $4 "\""; bad = 1 }
  $2 == "" || $6 == "" { print "line " NR ": empty measure or instance"; bad = 1 }
  ($1 in last) && $3 + 0 <= last[$1] { print "line " NR ": size does not grow for " $1; bad = 1 }
  { last[$1] = $3 + 0; rows[$1]++ }
  END {
    n = split("cubic-pregame hypercube-verify nim-sg ninerow-enum lattice-thm1", e, " ")
    for (i = 1; i <= n; i++) if (rows[e[i]] < 3) { print e[i] ": " rows[e[i]] + 0 " rows"; bad = 1 }
    for (k in rows) if (k !~ /^(cubic-pregame|hypercube-verify|nim-sg|ninerow-enum|lattice-thm1)$/) { print "unknown engine " k; bad = 1 }
    exit bad
  }' "$tmp/a.tsv" || die "malformed rows"
$S --quick --engine nim-sg >"$tmp/b.tsv" 2>/dev/null || die "--engine nim-sg: exit $?"
cmp <(grep -v -e '^cubic' -e '^hyper' -e '^ninerow' -e '^lattice' "$tmp/a.tsv" | cut -f1-3,5,6) \
    <(cut -f1-3,5,6 "$tmp/b.tsv") || die "--engine nim-sg: other rows than the full run's"
$S --quick >"$tmp/c.tsv" 2>/dev/null || die "second run: exit $?"
cmp <(cut -f1-3,5,6 "$tmp/a.tsv") <(cut -f1-3,5,6 "$tmp/c.tsv") || die "rows differ between runs"
sh paper/scaling-fit.sh "$tmp/a.tsv" | grep -c '^#fit' | grep -qx 5 || die "scaling-fit.sh: not five fits"
echo "  $(($(wc -l <"$tmp/a.tsv") - 1)) rows, five engines"
exit2 "unknown engine 'chess'" $S --quick --engine chess
exit2 "unexpected argument 'extra'" $S --quick extra
exit2 "no-such-option" $S --no-such-option
echo "bench_scaling: ok"
