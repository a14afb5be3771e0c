#!/bin/sh
# paper/notes2tex.sh NOTES HEADING | - — the body of one "## HEADING" section of
# expected/NOTES.md as LaTeX, so the report quotes the explanations that live
# in NOTES.md instead of a second, hand-kept copy.  The Markdown used there is
# small: paragraphs, "- " bullets (continued by indented lines), **bold**,
# *emphasis*, `code` and mathematics in $...$, which is LaTeX already and is
# passed through untouched.  Outside mathematics, characters special to TeX
# are escaped, "quotes" become ``quotes'', the few symbols used in prose are
# mapped to LaTeX, and anything else outside ASCII is transliterated (so an
# unexpected character cannot break the build).  Prints nothing if the section
# is absent.  With "-" as NOTES, converts standard input instead.
notes=$1 heading=${2:-}
math=$(mktemp) prose=$(mktemp)
trap 'rm -f "$math" "$prose"' EXIT
if [ "$notes" = - ]; then cat; else
awk -v h="## $heading" '
  $0 == h { on = 1; next }
  on && /^## / { exit }
  on { print }
' "$notes"; fi |
# 1. set the mathematics aside: each $...$ becomes the token QQMATHnQQ
awk -v m="$math" '{
  out = ""; s = $0
  while ((i = index(s, "$")) > 0) {
    rest = substr(s, i + 1); j = index(rest, "$")
    if (j == 0) break
    n++; print "$" substr(rest, 1, j - 1) "$" > m
    out = out substr(s, 1, i - 1) "QQMATH" n "QQ"; s = substr(rest, j + 1)
  }
  print out s }' > "$prose"
# 2. the prose (once the mathematics is all set aside)
sed -e 's/\\/\\textbackslash /g' \
    -e 's/[{}]/\\&/g' -e 's/\\textbackslash /\\textbackslash{}/g' \
    -e 's/[&%#$_]/\\&/g' -e 's/\^/\\textasciicircum{}/g' -e 's/~/\\textasciitilde{}/g' \
    -e 's/\*\*\([^*]*\)\*\*/\\textbf{\1}/g' \
    -e 's/\*\([^* ][^*]*\)\*/\\emph{\1}/g' \
    -e 's/`\([^`]*\)`/\\texttt{\1}/g' -e 's/\\_/\\_\\allowbreak{}/g' \
    -e 's/\//\/\\allowbreak{}/g' \
    -e 's/"\([^"]*\)"/``\1'"''"'/g' \
    -e 's/λ/$\\lambda$/g; s/×/$\\times$/g; s/→/$\\to$/g' \
    -e 's/≥/$\\ge$/g; s/≤/$\\le$/g; s/≠/$\\ne$/g' \
    -e 's/§/\\S{}/g; s/–/--/g; s/—/---/g; s/…/\\dots{}/g; s/’/'"'"'/g' "$prose" |
iconv -f UTF-8 -t ASCII//TRANSLIT 2>/dev/null |
# 3. the mathematics back
awk -v m="$math" '
  BEGIN { while ((getline l < m) > 0) mm[++n] = l }
  { while (match($0, /QQMATH[0-9]+QQ/)) {
      k = substr($0, RSTART + 6, RLENGTH - 8) + 0
      $0 = substr($0, 1, RSTART - 1) mm[k] substr($0, RSTART + RLENGTH) }
    print }' |
# 4. lists
awk '
  /^- / { if (!list) { print "\\begin{itemize}"; list = 1 } sub(/^- /, "\\item "); print; next }
  list && /^[ \t]+[^ \t]/ { print; next }
  list && /^[ \t]*$/ { next }
  list { print "\\end{itemize}"; list = 0 }
  { print }
  END { if (list) print "\\end{itemize}" }
'
