#!/bin/sh
# paper/speed.sh RESULTS — the atlas's table of Maker's speed (the least N
# such that she wins within N of her moves; KEY/speed rows of
# games-atlas.tsv, each N certified both ways), as \atlasspeedtable: a
# complete tabular, or a sentence when the run has no speed rows.
tsv=$1
awk -F'\t' '
function tt(s) { gsub(/\^/, "\\textasciicircum{}", s); return "\\texttt{" s "}" }
$2 ~ /\/(maker|breaker)\/speed$/ {
  split($2, p, "/")
  if (!(p[1] in seen)) { seen[p[1]] = 1; order[++n] = p[1] }
  v[p[1], p[2]] = $3
}
END {
  if (n == 0) { print "\\def\\atlasspeedtable{No board of this run has a speed row.}"; exit }
  half = int((n + 1) / 2)
  print "\\def\\atlasspeedtable{\\begin{tabular}{@{}lrr@{\\qquad}lrr@{}}"
  print "\\toprule"
  print "board & Maker first & Breaker first & board & Maker first & Breaker first \\\\"
  print "\\midrule"
  for (i = 1; i <= half; i++) {
    line = ""
    for (k = 0; k < 2; k++) {
      j = i + k * half
      if (j > n) { line = line " & & &"; continue }
      b = order[j]
      m = (b SUBSEP "maker") in v ? v[b, "maker"] : "--"
      r = (b SUBSEP "breaker") in v ? v[b, "breaker"] : "--"
      sub(/^open@.*/, "open", m); sub(/^open@.*/, "open", r)
      line = line (k ? " & " : "") tt(b) " & " m " & " r
    }
    print line " \\\\"
  }
  print "\\bottomrule"
  print "\\end{tabular}}"
  printf "\\def\\atlasspeedboards{%d}\n", n
}' "$tsv"
