#!/bin/sh
# paper/soltimes.sh TAB — the published solving times of expected/solver-times.tab
# as LaTeX macros: \pubtime{TAG}, the time as published (an unknown TAG
# gives a dash).  The values are read, never typed here.
tab=$1
[ -f "$tab" ] || { echo "soltimes.sh: no file '$tab'" >&2; exit 1; }
printf '%s\n' '\newcommand{\pubtime}[1]{\ifcsname pubt@#1\endcsname\csname pubt@#1\endcsname\else--\fi}'
awk -F'\t' 'NR > 1 && NF >= 4 {
  printf "\\expandafter\\def\\csname pubt@%s\\endcsname{%s}\n", $1, $3 }' "$tab"
