#!/bin/sh
# paper/notes2tex.sh NOTES HEADING | - — the body of one "## HEADING" section of
# expected/NOTES.md as LaTeX, so the report quotes the explanations that live
# in NOTES.md instead of a second, hand-kept copy.  The Markdown used there is
# small: paragraphs, "- " bullets (continued by indented lines), **bold**,
# *emphasis* and `code`.  Characters special to TeX are escaped, the symbols
# NOTES.md uses are mapped to LaTeX, and anything else outside ASCII is
# transliterated (so an unexpected character cannot break the build).
# Prints nothing if the section is absent.  With "-" as NOTES, converts the
# text on standard input instead (one field of a table, say).
notes=$1 heading=${2:-}
if [ "$notes" = - ]; then cat; else
awk -v h="## $heading" '
  $0 == h { on = 1; next }
  on && /^## / { exit }
  on { print }
' "$notes"; fi |
sed -e 's/\\/\\textbackslash /g' \
    -e 's/[{}]/\\&/g' -e 's/\\textbackslash /\\textbackslash{}/g' \
    -e 's/[&%#$_]/\\&/g' -e 's/\^/\\textasciicircum{}/g' -e 's/~/\\textasciitilde{}/g' \
    -e 's/\*\*\([^*]*\)\*\*/\\textbf{\1}/g' \
    -e 's/\*\([^* ][^*]*\)\*/\\emph{\1}/g' \
    -e 's/`\([^`]*\)`/\\texttt{\1}/g' \
    -e 's/λ/$\\lambda$/g; s/χ/$\\chi$/g; s/Σ/$\\Sigma$/g; s/∪/$\\cup$/g; s/∩/$\\cap$/g' \
    -e 's/⊆/$\\subseteq$/g; s/⊂/$\\subset$/g; s/∋/$\\ni$/g; s/∈/$\\in$/g' \
    -e 's/≥/$\\ge$/g; s/≤/$\\le$/g; s/≠/$\\ne$/g; s/×/$\\times$/g; s/→/$\\to$/g' \
    -e 's/§/\\S{}/g; s/–/--/g; s/—/---/g; s/…/\\dots{}/g; s/’/'"'"'/g' \
    -e 's/³/\\textsuperscript{3}/g; s/²/\\textsuperscript{2}/g; s/ⁿ/\\textsuperscript{n}/g' \
    -e 's/₀/\\textsubscript{0}/g; s/₁/\\textsubscript{1}/g; s/₂/\\textsubscript{2}/g; s/₃/\\textsubscript{3}/g' \
    -e 's/₄/\\textsubscript{4}/g; s/₅/\\textsubscript{5}/g; s/₆/\\textsubscript{6}/g; s/₇/\\textsubscript{7}/g' \
    -e 's/₈/\\textsubscript{8}/g; s/₉/\\textsubscript{9}/g' |
iconv -f UTF-8 -t ASCII//TRANSLIT 2>/dev/null |
awk '
  /^- / { if (!list) { print "\\begin{itemize}"; list = 1 } sub(/^- /, "\\item "); print; next }
  list && /^[ \t]+[^ \t]/ { print; next }
  list && /^[ \t]*$/ { next }
  list { print "\\end{itemize}"; list = 0 }
  { print }
  END { if (list) print "\\end{itemize}" }
'
