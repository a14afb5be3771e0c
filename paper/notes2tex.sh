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
# 1. set the mathematics and the code aside: each $...$ and each `...` becomes
#    the token QQMATHnQQ (code as \texttt, escaped, breakable after _ and /)
awk -v m="$math" '
  function esc(t) { gsub(/\\/, "\\textbackslash ", t); gsub(/[{}]/, "\\&", t); gsub(/\\textbackslash /, "\\textbackslash{}", t)
    gsub(/[&%#$]/, "\\&", t); gsub(/_/, "\\_\\allowbreak{}", t); gsub(/\//, "/\\allowbreak{}", t)
    gsub(/\^/, "\\textasciicircum{}", t); gsub(/~/, "\\textasciitilde{}", t)
    gsub(/--/, "-{}-", t); return t }  # no en-dash ligature in an option
  # prose quotes, "..." (possibly over lines), become ``...''
  function quotes(t,   i, r) { r = ""
    while ((i = index(t, "\"")) > 0) { r = r substr(t, 1, i - 1) (inq ? "\047\047" : "``"); inq = !inq; t = substr(t, i + 1) }
    return r t }
  { out = ""; s = $0
    while (match(s, /[$`]/)) {
      q = substr(s, RSTART, 1); rest = substr(s, RSTART + 1); j = index(rest, q)
      if (j == 0) break
      body = substr(rest, 1, j - 1); n++
      if (q == "$") print "$" body "$" > m; else print "\\texttt{" esc(body) "}" > m
      out = out quotes(substr(s, 1, RSTART - 1)) "QQMATH" n "QQ"; s = substr(rest, j + 1)
    }
    print out quotes(s) }' > "$prose"
# 2. the prose (once the mathematics is all set aside)
sed -e 's/\\/\\textbackslash /g' \
    -e 's/[{}]/\\&/g' -e 's/\\textbackslash /\\textbackslash{}/g' \
    -e 's/[&%#$_]/\\&/g' -e 's/\^/\\textasciicircum{}/g' -e 's/~/\\textasciitilde{}/g' \
    -e 's/\*\*\([^*]*\)\*\*/\\textbf{\1}/g' \
    -e 's/\*\([^* ][^*]*\)\*/\\emph{\1}/g' \
    -e 's/\//\/\\allowbreak{}/g' \
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
