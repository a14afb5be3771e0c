#!/bin/sh
# mk/claim.sh exps CLAIM OUT EXP_SRC...   the experiments behind CLAIM, one per
#   line: those whose expected/ or OUT/results/ file has rows of CLAIM, or, for
#   a claim with no rows yet, those whose source names it in its first 40 lines.
# mk/claim.sh rows CLAIM SCOREBOARD       print CLAIM's scoreboard rows as a
#   table; exit 1 if one of them differs or is missing.
set -u
what=$1 c=$2
if [ "$what" = exps ]; then
  out=$3; shift 3
  results=$(ls "$out"/results/*.tsv 2>/dev/null)
  {
    awk -F'\t' -v c="$c" 'FNR > 1 && $1 == c { f = FILENAME; sub(/.*\//, "", f); sub(/\.tsv$/, "", f); print f }' \
      expected/*.tsv $results /dev/null
    [ -n "$(awk -F'\t' -v c="$c" '$1 == c' expected/*.tsv $results /dev/null)" ] ||
      awk -v c="$c" 'FNR <= 40 && index($0, c) { f = FILENAME; sub(/^experiments\//, "", f); sub(/\.c$/, "", f);
        sub(/\//, "-", f); print f; nextfile }' "$@"
  } | sort -u
else
  sb=$3
  awk -F'\t' -v c="$c" 'NR == 1 || $1 == c' "$sb" | column -t -s "$(printf '\t')"
  ! awk -F'\t' -v c="$c" '$1 == c && ($5 == "differs" || $5 == "missing") { bad = 1 } END { exit !bad }' "$sb"
fi
