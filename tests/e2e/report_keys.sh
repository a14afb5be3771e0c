#!/usr/bin/env bash
# The report names values in words: no result key (a row name of a result
# file, second column of REPORT_DIR/results/*.tsv, default build/) that
# contains an underscore appears in the text of REPORT_DIR/report.pdf.  A key
# printed by a table that has no words for it (paper/keys.tab), a \checked
# that failed, or a file name built from a key all show up here.  Skips, with
# a message and exit 0, when there is no report or no pdftotext.  The scan is
# first shown to catch an injected key, so the test can fail.
. "$(dirname "$0")/lib.bash"
dir=${REPORT_DIR:-build}
pdf=$dir/report.pdf
[ -f "$pdf" ] || { echo "  skipped: no $pdf (make reproduce or make paper writes it)"; exit 0; }
command -v pdftotext >/dev/null || { echo "  skipped: pdftotext missing (poppler-utils; make deps installs it)"; exit 0; }
ls "$dir"/results/*.tsv >/dev/null 2>&1 || { echo "  skipped: no result files in $dir/results"; exit 0; }

# the keys with an underscore, one per line
awk -F'\t' 'FNR > 1 && $2 ~ /_/ { print $2 }' "$dir"/results/*.tsv | sort -u > "$tmp/keys"
# keys KEYS TEXT: "line:key" for each key found as a whole word in TEXT; a
# key broken over two lines after an underscore (a table cell may break
# there) is joined first, so the line numbers are those after the joining
keys() { sed -e ':a' -e '/_$/{N;s/\n//;ba' -e '}' "$2" | grep -noFwf "$1"; }

printf 'lines_n3_d2\nfirst_below1_n7\n' > "$tmp/k"
printf 'the winning lines of 3^2\nrow first_below1_n7 says\ntable cell lines_\nn3_d2 broken\nfirst_below1_n7x is not a key\n' > "$tmp/t"
[ "$(keys "$tmp/k" "$tmp/t" | wc -l)" -eq 2 ] || die "the key scan misses a key or finds one that is not there"

pdftotext "$pdf" "$tmp/report.txt"
bad=$(keys "$tmp/keys" "$tmp/report.txt")
if [ -n "$bad" ]; then
  echo "$bad" | head -n 10 | sed 's/^/  line /'
  die "$(echo "$bad" | wc -l) result keys in the text of $pdf (first ones above; name them in words, paper/keys.tab for tables)"
fi
echo "  $pdf: no result key with an underscore in its text ($(wc -l < "$tmp/keys") keys checked)"
