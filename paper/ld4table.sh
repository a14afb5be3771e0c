#!/bin/sh
# paper/ld4table.sh TABLE_DAT — the report's per-set table of LD4 (a complete
# longtable), from results/lattice-conjecture-table.dat written by
# experiments/lattice/conjecture.c: d n S m T pairs least_m below seconds.
awk -F'\t' '
BEGIN {
  print "\\begin{longtable}{@{}rrlrrlrlr@{}}"
  print "\\toprule"
  print "$d$ & $|S|$ & $S$ (one set per orbit) & $2|S|{+}1$ & period & pairs & least $m$ & $m=2|S|$ & s \\\\"
  print "\\midrule\\endhead"
}
/^#/ { next }
{
  s = $3; gsub(/\)\(/, ")\\,(", s)
  printf "%s & %s & $%s$ & %s & $%s^{%s}$ & %s & %s & %s & %s \\\\\n", $1, $2, s, $4, $5, $1, $6, $7, $8, $9
}
END {
  print "\\bottomrule"
  print "\\end{longtable}"
}' "$1"
