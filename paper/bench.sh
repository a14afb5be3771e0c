#!/bin/sh
# paper/bench.sh PROFILE BENCH_TSV — the report's bench table (a complete
# LaTeX tabular), from build/bench.tsv; the quick profile does not time anything.
# The solver rows (solver-*) are left to build/bench.tsv and Section solver's
# text, the campaign rows (campaign-*) to paper/cluster.sh: the report has a page limit.
profile=$1 tsv=$2
if [ "$profile" != full ] || [ ! -f "$tsv" ]; then
  printf '%s\n' 'Not measured in this run: \texttt{make bench} writes \texttt{build/bench.tsv}.'
  exit 0
fi
awk -F'\t' '
BEGIN {
  print "\\begin{tabular}{@{}llrrr@{}}"
  print "\\toprule"
  print "experiment & variant & seconds & work & rate (per s) \\\\"
  print "\\midrule"
}
NR > 1 && $1 !~ /^(solver|campaign)-/ {
  printf "\\texttt{%s} & %s & %s & %s & %.0f \\\\\n", $1, $2, $3, $4, $5
  r[$1 "/" $2] = $5
  if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 }
}
END {
  print "\\midrule"
  for (i = 1; i <= n; i++) {
    e = r[order[i] "/engine"]; b = r[order[i] "/baseline"]
    if (e && b)
      printf "\\multicolumn{5}{@{}l}{\\texttt{%s}: engine rate / baseline rate $= %.0f$} \\\\\n", order[i], e / b
  }
  print "\\bottomrule"
  print "\\end{tabular}"
}' "$tsv"
