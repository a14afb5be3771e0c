#!/bin/sh
# mk/texdefs.sh MACRO FILE...   one \MACRO{claim}{key}{value} line per row of
#   the claim/key/value TSV files (header skipped), TeX specials escaped; for
#   \resultdef, integers of five or more digits get thin-space separators.
m=$1; shift
awk -F'\t' -v m="$m" 'FNR > 1 { v = $3; gsub(/[_&%#$]/, "\\\\&", v);
  if (m == "resultdef" && v ~ /^[0-9][0-9][0-9][0-9][0-9]+$/) { t = "";
    while (length(v) > 3) { t = "\\," substr(v, length(v) - 2) t; v = substr(v, 1, length(v) - 3) } v = v t }
  printf "\\%s{%s}{%s}{%s}\n", m, $1, $2, v }' "$@"
