#!/bin/sh
# paper/ld4table.sh TABLE_DAT — the report's summary table of LD4, one row per
# window of directions and number of directions |S|, from
# results/lattice-conjecture-table.dat (one row per orbit of direction sets,
# written by experiments/lattice/conjecture.c: d n S m T pairs least_m below
# seconds group family).  The per-set table itself stays in that file.
awk -F'\t' '
/^#/ { next }
{ w = ($11 == "box3") ? "$[-3,3]^2$" : ($1 == 2 ? "$[-2,2]^2$" : "$[-1,1]^3$")
  k = w SUBSEP $2; if (!(k in cnt)) order[++nk] = k
  cnt[k]++; m[k] = $4
  if ($6 == "adjacent" && $5 == 2 * $2) per[k]++
  full = 1; for (j = 0; j < $1; j++) full *= $5
  if ($10 > 0 && $10 < full) quo[k]++
  if ($8 == "refuted") ref[k]++; if ($8 != "-") tried[k]++
  if (!(k in lo) || $7 < lo[k]) lo[k] = $7; if ($7 > hi[k]) hi[k] = $7
  sec[k] += $9; if ($9 > mx[k]) mx[k] = $9 }
# seconds summed from the per-set times (4 decimals); a sum below 0.005 s,
# zero included (times below 0.0001 s print as 0.0000), is shown as "<0.01",
# not as a rounded 0.00
function secs(x) { return (x < 0.005) ? "$<$0.01" : sprintf("%.2f", x) }
END {
  print "\\begin{tabular}{@{}lrrrrrrrr@{}}"
  print "\\toprule"
  print "window & $|S|$ & orbits & $2|S|{+}1$ & least $m$ & adjacent, $T{=}2|S|$ & quotient & $2|S|$ refuted & seconds (max) \\\\"
  print "\\midrule"
  for (i = 1; i <= nk; i++) { k = order[i]; split(k, wn, SUBSEP)
    lm = (lo[k] == hi[k]) ? lo[k] : lo[k] "--" hi[k]
    rf = (k in tried) ? ref[k] + 0 : "--"
    printf "%s & %s & %d & %s & %s & %d & %d & %s & %s (%s) \\\\\n", wn[1], wn[2], cnt[k], m[k], lm,
      per[k], quo[k], rf, secs(sec[k]), secs(mx[k]) }
  print "\\bottomrule"
  print "\\end{tabular}"
}' "$1"
