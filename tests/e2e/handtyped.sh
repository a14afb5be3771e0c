#!/usr/bin/env bash
# No hand-typed results in paper/: every published value of expected/*.tsv
# with at least three digits (and every fraction a/b with b >= 10), and every
# number of 1000 or more in CLAIMS.md, must not appear in the report's sources
# except through \result{CLAIM}{KEY} (computed) or \published{CLAIM}{KEY}
# (quoted from expected/).  Numbers are compared after removing thousands
# separators (22,163,142; 22{,}163{,}142; 22\,163\,142).  Smaller numbers are
# too often parameters (n = 10, a 12 x 12 window) to be searched mechanically;
# they were audited by hand.  The scan is first shown to catch an injected
# value, so the test can fail.
. "$(dirname "$0")/lib.bash"
claims=${CLAIMS_MD:-../shared/CLAIMS.md}
{ awk -F'\t' 'FNR > 1 { print $3 }' expected/*.tsv | tr ',;' '\n\n' | grep -E '^[0-9]+(/[0-9]+)?$' |
    awk -F/ '($2 == "" && $1 + 0 >= 100) || $2 + 0 >= 10'
  [ -f "$claims" ] && grep -oE '[0-9]{1,3}(,[0-9]{3})+|[0-9]+' "$claims" | tr -d , | awk '$1 + 0 >= 1000'
} | sort -u > "$tmp/published"
[ "$(wc -l < "$tmp/published")" -ge 20 ] || die "too few published numbers found: $(wc -l < "$tmp/published")"

# scan FILE...: "file:line: number" for every published number typed in them
scan() {
  for f in "$@"; do
    sed -e 's/\([^\\]\)%.*/\1/' -e 's/^%.*//' "$f" |
    sed -e 's/\\result{[^}]*}{[^}]*}//g' -e 's/\\published{[^}]*}{[^}]*}//g' \
        -e ':a' -e 's/\([0-9]\)\({,}\|\\,\|,\)\([0-9][0-9][0-9]\)/\1\3/' -e 'ta' |
    grep -n -oE '(^|[^A-Za-z0-9_@.])[0-9]+(/[0-9]+)?' | sed 's/:[^0-9]*/:/' |
    while IFS=: read -r line num; do
      grep -qx "$num" "$tmp/published" && echo "$f:$line: $num"
    done
  done
  return 0
}

# the scan catches a typed value in each of its spellings
big=$(awk -F'\t' '$1 == "CT8" && $2 == "boards" { print $3 }' expected/cubic-casework7.tsv)
[ -n "$big" ] || die "no CT8 boards row in expected/"
sep=$(printf '%s' "$big" | sed -e ':a' -e 's/\([0-9]\)\([0-9][0-9][0-9]\)\($\|,\)/\1,\2\3/' -e 'ta')
printf 'There are %s boards.\nOr %s.\n%% %s in a comment is fine\nOr $%s$ boards.\n' \
  "$big" "$sep" "$big" "$(printf '%s' "$sep" | sed 's/,/{,}/g')" > "$tmp/injected.tex"
[ "$(scan "$tmp/injected.tex" | wc -l)" -eq 3 ] || { scan "$tmp/injected.tex"; die "the scan misses typed values"; }
printf 'There are \\result{CT8}{boards} boards, the paper says \\published{CT8}{boards}.\n' > "$tmp/macros.tex"
[ -z "$(scan "$tmp/macros.tex")" ] || die "the scan flags macros"

hits=$(scan paper/*.tex paper/*.sh)
[ -z "$hits" ] || { echo "$hits"; die "published numbers typed in paper/ (use \\result or \\published)"; }
echo "handtyped: ok ($(wc -l < "$tmp/published") published numbers, none typed in paper/)"
