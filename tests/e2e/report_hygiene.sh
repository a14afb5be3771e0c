#!/usr/bin/env bash
# The report reads as a paper: in the last report typeset by `make check`'s
# quick reproduction (build/quick, or REPORT_DIR), the LaTeX log has no
# overfull box wider than 1 pt and no undefined reference or citation, and the
# PDF's text has a bibliography, no process words (issue numbers, the claim
# list's file name, "the issue") and no option printed with an en dash
# (`--certs` typeset as a ligature), nor a value the notes cite that no
# experiment computed (MISSING(key)), nor a claim missing from the catalogue,
# nor a table row whose key has no words in paper/keys.tab.  Each scan is first shown to catch an
# injected defect, so the test can fail.
. "$(dirname "$0")/lib.bash"
dir=${REPORT_DIR:-build/quick}
log=$dir/tex/report.log
pdf=$dir/report.pdf
[ -f "$log" ] && [ -f "$pdf" ] || die "no report in $dir (run make reproduce PROFILE=quick first)"
command -v pdftotext >/dev/null || die "pdftotext missing (poppler-utils; make deps installs it)"

# overfull LOG: the overfull boxes wider than 1 pt
overfull() { grep -hE '^Overfull \\[hv]box \(([0-9.]+)pt' "$1" |
  awk '{ w = $3; gsub(/[(pt]/, "", w); if (w + 0 > 1) print }'; }
# undefined LOG: references and citations LaTeX could not resolve
undefined() { grep -hE "LaTeX Warning: (Reference|Citation) .* undefined|There were undefined references" "$1"; }
# words TEXT: process words, and options typeset with an en dash
words() { grep -nE '\b[Ii]ssues? ?#?[0-9]+\b|CLAIMS\.md|\bthe issue\b|(^|[ (])–[a-z]|MISSING\(|no statement in|no words for' "$1"; }

printf 'Overfull \\hbox (0.65pt too wide) in paragraph at lines 1--2\nOverfull \\hbox (24.0pt too wide) in paragraph at lines 3--4\nOverfull \\vbox (46.3pt too high) has occurred while \\output is active\n' > "$tmp/bad.log"
[ "$(overfull "$tmp/bad.log" | wc -l)" -eq 2 ] || die "the overfull scan misses wide boxes or counts narrow ones"
printf "LaTeX Warning: Reference \`thm:x' on page 1 undefined on input line 3.\n" > "$tmp/undef.log"
[ -n "$(undefined "$tmp/undef.log")" ] || die "the undefined-reference scan misses one"
printf 'as issue 4 asked\nthe option –certs writes\nsee CLAIMS.md\nmin–max and log–log are fine\nround MISSING(first_below1_n7)\nCT99 no statement in expected/claims.tab\nno words for boards\n' > "$tmp/bad.txt"
[ "$(words "$tmp/bad.txt" | wc -l)" -eq 6 ] || die "the word scan misses process words or en-dashed options"

bad=$(overfull "$log")
[ -z "$bad" ] || { echo "$bad"; die "overfull boxes over 1 pt in $log"; }
bad=$(undefined "$log")
[ -z "$bad" ] || { echo "$bad"; die "undefined references in $log"; }
pdftotext -layout "$pdf" "$tmp/report.txt"
bad=$(words "$tmp/report.txt")
[ -z "$bad" ] || { echo "$bad"; die "process words or en-dashed options in the report's text"; }
# (a heading at the top of a page follows the form feed pdftotext puts there)
grep -qE '^[[:space:]]*References *$' "$tmp/report.txt" || die "the report has no bibliography"
pages=$(pdfinfo "$pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
echo "  $pdf: ${pages:-?} pages, no overfull box over 1 pt, no undefined reference, a bibliography"
