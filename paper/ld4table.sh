#!/bin/sh
# paper/ld4table.sh TABLE_DAT — the report's summary table of LD4, one row per
# dimension d and number of directions |S|, from
# results/lattice-conjecture-table.dat (one row per orbit of direction sets,
# written by experiments/lattice/conjecture.c: d n S m T pairs least_m below
# seconds).  The per-set table itself stays in that file.
awk -F'\t' '
/^#/ { next }
{ k = $1 SUBSEP $2; if (!(k in cnt)) order[++nk] = k
  cnt[k]++; m[k] = $4
  if ($7 == $4) tight[k]++
  if ($6 == "adjacent") adj[k]++
  if ($5 == 2 * $2) per[k]++
  if ($8 == "refuted") ref[k]++
  if (!(k in lo) || $7 < lo[k]) lo[k] = $7; if ($7 > hi[k]) hi[k] = $7
  sec[k] += $9; if ($9 > mx[k]) mx[k] = $9 }
END {
  print "\\begin{tabular}{@{}rrrrrrrrr@{}}"
  print "\\toprule"
  print "$d$ & $|S|$ & orbits & $2|S|{+}1$ & least $m$ blocked & period $2|S|$ & adjacent pairs & $2|S|$ refuted & solver s, sum (max) \\\\"
  print "\\midrule"
  for (i = 1; i <= nk; i++) { k = order[i]; split(k, dn, SUBSEP)
    lm = (lo[k] == hi[k]) ? lo[k] : lo[k] "--" hi[k]
    printf "%s & %s & %d & %s & %s & %d & %d & %d & %.2f (%.2f) \\\\\n", dn[1], dn[2], cnt[k], m[k], lm,
      per[k], adj[k], ref[k], sec[k], mx[k] }
  print "\\bottomrule"
  print "\\end{tabular}"
}' "$1"
