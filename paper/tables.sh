#!/bin/sh
# paper/tables.sh SCOREBOARD EXPECTED_DIR NOTES GEN_DIR — the report's tables
# that summarise the scoreboard, generated so that no count is ever typed:
#
#   GEN/summary.tex      \def's of the counts (\nPubValues, \nReproduced, ...),
#                        the table paper x outcome of the front page, and one
#                        sentence per documented or open difference;
#   GEN/status-P.tex     for each paper prefix P (CT, HC, SG, KR, LD), the
#                        status table that opens the paper's section: claim,
#                        statement (expected/claims.tab), published, computed,
#                        status;
#   GEN/board.tex        the scoreboard: published values by claim id, then the
#                        statements checked, then the new results summarised.
#
# A scoreboard row is one of four kinds:
#   value      the paper printed a number, a fraction or a word (expected/);
#   implied    a number the paper does not print but that follows from what it
#              prints (a formula at a given d, a count of a printed list): its
#              source in expected/ starts with "implied"; counted apart;
#   statement  the paper asserts a property and the expected value is
#              true/false: our checker agrees with our construction of the
#              paper's object (a self-check), counted apart from values;
#   new        status beyond: no published value, checked independently.
# A value or statement equal to the paper's only under a reading chosen here
# (status reconstructed, expected/readings.tab) is counted apart everywhere,
# with its reading beside it.
sb=$1 exp=$2 notes=$3 gen=$4
here=$(dirname "$0")
. "$here/fmt.sh"
claims=$exp/claims.tab
mkdir -p "$gen"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# rows: rank claimno order claim key expected got status kind source experiment reading
# (rank = the paper's place in the report; order = the row's place in expected/;
# reading = the reading of a reconstructed row, from expected/readings.tab)
readings=$exp/readings.tab
[ -f "$readings" ] || readings=/dev/null
awk -F'\t' -v OFS='\t' -v rd="$readings" '
  BEGIN { rank["CT"] = 1; rank["HC"] = 2; rank["SG"] = 3; rank["KR"] = 4; rank["LD"] = 5; rank["MB"] = 6 }
  FILENAME ~ /scoreboard/ { if (FNR > 1) sbrow[++n] = $0; next }
  FILENAME == rd { if (FNR > 1) reading[$1 "\t" $2] = $3; next }
  FNR == 1 { next }
  { f = FILENAME; sub(/.*\//, "", f); sub(/\.tsv$/, "", f)
    k = $1 "\t" $2
    if (!(k in ord)) { ord[k] = ++o; src[k] = (FILENAME ~ /\/results\//) ? "" : $4; ex[k] = f } }
  END {
    for (i = 1; i <= n; i++) {
      split(sbrow[i], c, "\t"); k = c[1] "\t" c[2]
      p = substr(c[1], 1, 2); num = substr(c[1], 3) + 0
      kind = (c[5] == "beyond" || (c[5] == "open" && c[3] == "-")) ? "new" : ((c[3] == "true" || c[3] == "false") ? "statement" : \
             (src[k] ~ /^implied/ ? "implied" : "value"))
      r = (k in reading) ? reading[k] : ((c[1] "\t*") in reading ? reading[c[1] "\t*"] : "")
      if (c[5] != "reconstructed") r = ""
      print rank[p] + 0, num, (k in ord) ? ord[k] : 99999, c[1], c[2], c[3], c[4], c[5], kind, src[k], ex[k], r
    }
  }' "$sb" "$readings" "$exp"/*-*.tsv "$(dirname "$sb")"/results/*.tsv |
  sort -t "$(printf '\t')" -k1,1n -k2,2n -k3,3n > "$tmp/rows"
# words: claim key words, what each row's key means (paper/keys.tab)
cut -f4,5 "$tmp/rows" | sh "$here/keywords.sh" "$here/keys.tab" > "$tmp/words"

# LaTeX-escape a field (awk function shared by every program below)
ESC="$FMT"'function esc(s) { gsub(/\\/, "\\textbackslash{}", s); gsub(/[_&%#$]/, "\\\\&", s)
  gsub(/\^/, "\\textasciicircum{}", s); gsub(/~/, "\\textasciitilde{}", s); return s }
  function srcesc(s,   out, i, j, rest) { out = ""
    while ((i = index(s, "$")) > 0) { rest = substr(s, i + 1); j = index(rest, "$"); if (!j) break
      out = out esc(substr(s, 1, i - 1)) "$" substr(rest, 1, j - 1) "$"; s = substr(rest, j + 1) }
    out = out esc(s); while (match(out, /"[^"]*"/)) out = substr(out, 1, RSTART - 1) "``" substr(out, RSTART + 1, RLENGTH - 2) "\047\047" substr(out, RSTART + RLENGTH)
    return out }
  function tt(s,   t) { t = grp(esc(s)); gsub(/\\_/, "\\_\\allowbreak{}", t); gsub(/;/, ";\\allowbreak{}", t); return "\\texttt{" t "}" }'

# what(CLAIM, KEY): the words for a row's key (from $tmp/words, loaded into
# words[]), or the key in red when paper/keys.tab has none; val(V): a value,
# with "open@N" (open at a budget of N) said in words
WORDS='
  function what(c, k) { return (((c, k) in words) && words[c, k] != "") ? words[c, k] : \
    "\\textcolor{red!75!black}{\\textbf{no words for} " tt(k) "}" }
  function val(v) { return (v ~ /^open@[0-9]+$/) ? "open at " grp(substr(v, 6)) : tt(v) }'

# ---- counts and the front-page table ----------------------------------------
# printed values: checked, equal, equal under a reading (reconstructed);
# implied values apart; statements likewise; for each paper P also the macros
# \sbP<field> that the front page's verdict sentences use.
awk -F'\t' "$ESC"'
  BEGIN { name["CT"] = "Cubic tic-tac-toe \\cite{CainRaymondKallersjo}"
          name["HC"] = "Hypercube subcubes \\cite{NaimiSundberg}"
          name["SG"] = "Hypergraph NIM \\cite{BorosEtAl}"
          name["KR"] = "9-in-a-row \\cite{GyorffyLondonMakay}"
          name["LD"] = "Lattice \\cite{KruczekSundbergLattice}"
          name["MB"] = "Small games (Secs.~\\ref{sec:solver}--\\ref{sec:atlas})"
          split("CT HC SG KR LD MB", order, " ") }
  { p = substr($4, 1, 2)
    if ($8 == "documented") d[p]++; if ($8 == "differs" || $8 == "missing") x[p]++; if ($8 == "skipped") s[p]++
    if ($8 == "reconstructed") rc[p]++
    if ($9 == "value")     { v[p]++; if ($8 == "reproduced") r[p]++; if ($8 == "reconstructed") vrc[p]++; if ($8 == "open") vo++; if ($8 == "documented") vd++ }
    if ($9 == "implied")   { iv[p]++; if ($8 == "reproduced") ir[p]++; if ($8 == "reconstructed") irc++; if ($8 == "open") io++ }
    if ($9 == "statement") { t[p]++; if ($8 == "reproduced") tr[p]++; if ($8 == "reconstructed") trc[p]++ }
    if ($9 == "new")       { nv[p]++; if (!(($4) in nc)) { nc[$4] = 1; ncl[p]++ } }
    if (!(($4) in cl)) { cl[$4] = 1; ncla[p]++ } }
  function z(a) { return a + 0 }
  function red(a) { return a ? "\\textcolor{red!75!black}{\\textbf{" a "}}" : "0" }
  END {
    for (i = 1; i <= 6; i++) { p = order[i]
      NCLA += ncla[p]; V += v[p]; R += r[p]; T += t[p]; TR += tr[p]; D += d[p]; X += x[p]; S += s[p]
      NC += ncl[p]; NV += nv[p]; RC += rc[p]; VRC += vrc[p]; TRC += trc[p]; IV += iv[p]; IR += ir[p]
      printf "\\def\\sb%svalues{%d}\\def\\sb%sequal{%d}\\def\\sb%srecon{%d}\\def\\sb%simplied{%d}\\def\\sb%simpliedequal{%d}\n", \
        p, z(v[p]), p, z(r[p]), p, z(rc[p]), p, z(iv[p]), p, z(ir[p])
      printf "\\def\\sb%sstatements{%d}\\def\\sb%shold{%d}\\def\\sb%sdoc{%d}\\def\\sb%sdiffer{%d}\\def\\sb%snew{%d}\n", \
        p, z(t[p]), p, z(tr[p]), p, z(d[p]), p, z(x[p]), p, z(ncl[p]) }
    printf "\\def\\nClaims{%d}\\def\\nPubValues{%d}\\def\\nReproduced{%d}\\def\\nDocumented{%d}\n", NCLA, V, R, D
    printf "\\def\\nDiffers{%d}\\def\\nSkipped{%d}\\def\\nStatements{%d}\\def\\nStatementsHold{%d}\n", X, S, T, TR
    printf "\\def\\nNewClaims{%d}\\def\\nNewValues{%d}\\def\\nReconstructed{%d}\n", NC, NV, RC
    printf "\\def\\nValuesReconstructed{%d}\\def\\nStatementsReconstructed{%d}\n", VRC, TRC
    printf "\\def\\nImplied{%d}\\def\\nImpliedEqual{%d}\\def\\nPubOpen{%d}\\def\\nPubDocumented{%d}\\def\\nImpliedRecon{%d}\\def\\nImpliedOpen{%d}\n", IV, IR, vo, vd, irc, io
    print "\\def\\summarytable{%"
    print "\\begin{tabular}{@{}lrrrrrrrrrrr@{}}"
    print "\\toprule"
    print " & & \\multicolumn{3}{c}{printed values} & \\multicolumn{2}{c}{implied values} & \\multicolumn{3}{c}{statements} & & \\\\"
    print "\\cmidrule(lr){3-5}\\cmidrule(lr){6-7}\\cmidrule(lr){8-10}"
    print "paper & claims & checked & equal & read$^{r}$ & checked & equal & checked & hold & read$^{r}$ & differ$^{d}$ & new \\\\"
    print "\\midrule"
    for (i = 1; i <= 6; i++) { p = order[i]
      printf "%s & %d & %d & %d & %d & %d & %d & %d & %d & %d & %s & %d \\\\\n", name[p], z(ncla[p]), z(v[p]), z(r[p]), z(vrc[p]),
        z(iv[p]), z(ir[p]), z(t[p]), z(tr[p]), z(trc[p]), (x[p] ? red(x[p] + d[p]) : z(d[p])), z(ncl[p]) }
    print "\\midrule"
    printf "all & %d & %d & %d & %d & %d & %d & %d & %d & %d & %s & %d \\\\\n", NCLA, V, R, VRC, IV, IR, T, TR, TRC, (X ? red(X + D) : D), NC
    print "\\bottomrule"
    print "\\end{tabular}}"
  }' "$tmp/rows" > "$gen/summary.tex"
# one sentence per claim with a documented (or open) difference: the claim's
# statement, both values of each differing key, and the first sentence of its
# NOTES.md section (the bold line), converted to LaTeX
{
  printf '%s\n' '\def\differencelist{%'
  claimsd=$(awk -F'\t' '$8 == "documented" || $8 == "differs" || $8 == "missing" { if (!s[$4]++) print $4 }' "$tmp/rows")
  if [ -z "$claimsd" ]; then printf '%s\n' 'No published value differs from ours.'; else printf '%s\n' '\begin{itemize}'; fi
  for c in $claimsd; do
    vals=$(awk -F'\t' -v c="$c" "$ESC"'$4 == c && ($8 == "documented" || $8 == "differs" || $8 == "missing") {
        if ($9 == "statement") printf "%s%s", sep, ($6 == "true" ? "asserted by the paper, false here" : "denied by the paper, true here")
        else printf "%spublished %s, ours %s", sep, grp(esc($6)), grp(esc($7)); sep = "; " }' "$tmp/rows")
    # the section's opening sentence in bold, **...**, which may run over lines
    why=$(awk -v h="## $c" '$0 == h { on = 1; next } on && /^## / { exit }
            on && !go && /^\*\*/ { go = 1; $0 = substr($0, 3) }
            go { i = index($0, "**"); if (i) { printf "%s\n", substr($0, 1, i - 1); exit } print }' "$notes" |
          tr '\n' ' ' | sed 's/ *$//' | sh "$here/notes2tex.sh" -)
    if [ -n "$why" ]; then
      printf '\\item[\\textbf{%s}] %s (%s; Section~\\ref{diff:%s}).\n' "$c" "${why%.}" "$vals" "$c"
    else
      printf '\\item[\\textbf{%s}] \\textcolor{red!75!black}{\\textbf{unexplained difference}} (%s).\n' "$c" "$vals"
    fi
  done
  [ -z "$claimsd" ] || printf '%s\n' '\end{itemize}'
  printf '%s\n' '}'
} >> "$gen/summary.tex"

# ---- the status table of each paper ----------------------------------------
for p in CT HC SG KR LD MB; do
  awk -F'\t' -v p="$p" "$ESC$WORDS"'
    NR == FNR { if (FNR > 1) st[$1] = $3; next }
    substr($4, 1, 2) != p { next }
    ($4, $5) in row { next }
    { c = $4; row[c, $5] = 1; if (!(c in seen)) { seen[c] = 1; list[++n] = c }
      # a new result'"'"'s values are its rows but the one naming its checks
      if (!($9 == "new" && $5 == "check")) cnt[c, $9]++
      all[c]++
      if ($8 == "differs" || $8 == "missing") bad[c] = 1
      if ($8 == "documented") doc[c] = 1
      if ($8 == "skipped") skip[c]++
      if ($8 == "open") nopen[c]++
      if ($9 == "statement" && ($8 == "documented" || $8 == "differs" || $8 == "missing")) stfail[c]++
      if ($8 == "reconstructed") { recon[c]++; if ($9 == "statement") rst[c]++; else rva[c]++; if (!(c in rdg)) rdg[c] = $12 }
      if ($9 == "implied" && $8 != "skipped") nimp[c]++
      if (($9 == "value" || $9 == "implied") && $8 != "skipped") { nvals[c]++
        if (nvals[c] <= 2) { pub[c] = pub[c] (nvals[c] > 1 ? ", " : "") val($6)
                             got[c] = got[c] (nvals[c] > 1 ? ", " : "") val($7) } }
      if ($9 == "value" && ($8 == "documented" || $8 == "differs" || $8 == "missing")) {
        dpub[c] = dpub[c] (dpub[c] ? ", " : "") val($6); dgot[c] = dgot[c] (dgot[c] ? ", " : "") val($7) } }
    END {
      # a short table is a tabular (a longtable next to a float can overfill
      # the page); a long one may break across pages
      env = (n > 10) ? "longtable" : "tabular"
      print (env == "longtable") ? "{\\small\\setlength{\\tabcolsep}{4pt}" : "\\begin{center}\\small\\setlength{\\tabcolsep}{4pt}"
      print "\\begin{" env "}{@{}l>{\\raggedright}p{7.4cm}>{\\raggedright}p{2.5cm}>{\\raggedright}p{2.5cm}l@{}}"
      print "\\toprule"
      print "claim & statement & published & ours & status \\\\"
      print (env == "longtable") ? "\\midrule\\endhead" : "\\midrule"
      for (i = 1; i <= n; i++) { c = list[i]
        s = (c in bad) ? "\\statusdiffers" : (c in doc) ? "\\statusdocumented" : \
            (cnt[c, "new"] ? "\\statusbeyond" : (skip[c] == all[c] ? "\\statusskipped" : \
            (recon[c] ? "\\statusreconstructed" : (nopen[c] ? "\\statusopen" : "\\statusreproduced"))))
        if (cnt[c, "new"]) { pv = "open"; gv = cnt[c, "new"] " values" (nopen[c] ? ", " nopen[c] " open at the budget" : "") }
        else if (c in dpub) { pv = dpub[c]; gv = dgot[c] }
        else {
          pv = pub[c] (nvals[c] > 2 ? ", \\dots" : ""); gv = ""
          if (nvals[c]) gv = (nvals[c] == 1) ? "equal" : "all " nvals[c] " equal"
          if (nimp[c]) gv = gv " (" nimp[c] " implied)"
          if (cnt[c, "statement"]) {
            if (pv != "") { pv = pv "; "; gv = gv "; " }
            pv = pv (cnt[c, "statement"] == 1 ? "holds" : "all hold")
            if (stfail[c]) gv = gv (cnt[c, "statement"] - stfail[c]) ((cnt[c, "statement"] - stfail[c]) == 1 ? " holds, " : " hold, ") \
                                   stfail[c] " fail" (stfail[c] > 1 ? "" : "s")
            else gv = gv (cnt[c, "statement"] == 1 ? "holds" : "all " cnt[c, "statement"] " hold") }
          # (some rows under the reading: how many values, how many statements)
          if (recon[c]) gv = gv ((recon[c] == all[c]) ? (all[c] == 1 ? ", under the reading" : ", all under the reading") \
            : "; under the reading: " (rva[c] ? rva[c] (rva[c] > 1 ? " values" : " value") : "") \
              (rva[c] && rst[c] ? ", " : "") (rst[c] ? rst[c] (rst[c] > 1 ? " statements" : " statement") : ""))
        }
        if ((c in dpub) && recon[c]) gv = gv "; " recon[c] " equal under the reading"
        rtext = ""
        if (recon[c]) {
          if (rdg[c] in rfirst) rtext = "\\newline{\\footnotesize\\emph{Reading:} as for " rfirst[rdg[c]] ".}"
          else { rfirst[rdg[c]] = c; rtext = "\\newline{\\footnotesize\\emph{Reading:} " srcesc(rdg[c]) ".}" } }
        if (skip[c] == all[c]) { pv = "(full run only)"; gv = "" }
        printf "%s & %s%s & %s & %s & %s \\\\\n", c,
          (c in st) ? st[c] : "\\textcolor{red!75!black}{\\textbf{no statement in expected/claims.tab}}", rtext, pv, gv, s }
      print "\\bottomrule"
      print "\\end{" env "}"
      print (env == "longtable") ? "}" : "\\end{center}"
    }' "$claims" "$tmp/rows" > "$gen/status-$p.tex"
done

# ---- the scoreboard ----------------------------------------------------------
awk -F'\t' "$ESC$WORDS"'
  BEGIN { name["CT"] = "Cubic tic-tac-toe"; name["HC"] = "Hypercube subcubes"
          name["SG"] = "Symmetric hypergraph NIM"; name["KR"] = "Pairings for 9-in-a-row"
          name["LD"] = "Lattice tic-tac-toe with many directions"; name["MB"] = "Small games" }
  FILENAME ~ /words$/ { words[$1, $2] = $3; next }
  $9 == "value" || $9 == "implied" {
    p = substr($4, 1, 2)
    if (p != last) { if (last != "") print "\\midrule"
      printf "\\multicolumn{6}{@{}l}{\\textbf{%s}} \\\\*\n", name[p]; last = p }
    src = srcesc($10)
    printf "%s & %s & %s & %s & \\status%s & %s \\\\\n", ($4 == lastc ? "" : $4), what($4, $5), val($6), val($7), $8, src
    lastc = $4 }' "$tmp/words" "$tmp/rows" > "$gen/board-values.tex"

# the statements: per claim how many, and whether all hold (a failing or
# documented one points to its explanation, which names it in words), set in
# three columns of claims
awk -F'\t' "$ESC"'
  $9 == "statement" { c = $4; if (!(c in seen)) { seen[c] = 1; list[++n] = c }
    m[c]++; if ($8 == "differs" || $8 == "missing") bad[c]++; if ($8 == "reconstructed") rc[c]++
    if ($8 == "documented") dc[c]++; if ($8 == "skipped") sk[c]++ }
  function outcome(c,   h, o) {
    if (bad[c]) return "\\textcolor{red!75!black}{\\textbf{" bad[c] " fail}}"
    h = m[c] - dc[c] - sk[c]
    o = (h == m[c]) ? ((m[c] == 1) ? "holds" : "all hold") : h ((h == 1) ? " holds" : " hold")
    if (rc[c]) o = o "$^{r}$"
    if (dc[c]) o = o ", " dc[c] " \\statusdocumented{} (\\S\\ref{diff:" c "})"
    if (sk[c]) o = o ", " sk[c] " \\statusskipped"
    return o }
  END { rows = int((n + 2) / 3)
        for (r = 1; r <= rows; r++) { line = ""
          for (g = 0; g < 3; g++) { i = r + g * rows; c = list[i]
            line = line (g ? " & " : "") ((i <= n) ? c " & " m[c] " & " outcome(c) : " & & ") }
          print line " \\\\" } }' \
  "$tmp/rows" > "$gen/board-statements.tex"

# the new results: per claim its values (the rows but the one naming its
# checks, each key once, as in the status tables) and its independent checks
# in words (every check row of the claim, each kind once)
awk -F'\t' "$ESC"'
  BEGIN { kind["verifier"] = "subcube verifier"; kind["drat"] = "DRAT-checked refutation"
          kind["counting"] = "counting bound"; kind["paper-theorems"] = "the paper'"'"'s theorems"
          kind["lattice_check"] = "lattice checker"; kind["certcheck-replay"] = "certificate replay"
          kind["48-symmetry-search=closed-form"] = "symmetry search against a closed form"
          kind["grid-checker"] = "grid checker"; kind["from-scratch-matching"] = "fresh matching" }
  $9 == "new" && !(($4, $5, $7) in row) { c = $4; row[c, $5, $7] = 1
    if (!(c in seen)) { seen[c] = 1; list[++n] = c; ex[c] = $11 }
    if ($5 != "check") { if (!((c, $5) in key)) { key[c, $5] = 1; m[c]++ }; next }
    k = split($7, part, /[;+]/)
    for (j = 1; j <= k; j++) if (!((c, part[j]) in has)) { has[c, part[j]] = 1
      chk[c] = chk[c] (chk[c] == "" ? "" : ", ") ((part[j] in kind) ? kind[part[j]] : \
        "\\textcolor{red!75!black}{\\textbf{no words for} " tt(part[j]) "}") } }
  END { for (i = 1; i <= n; i++) { c = list[i]; e = ex[c]; d = index(e, "-")
          printf "%s & %d & %s & \\file{experiments/%s/%s.c} & \\ref{new:%s} \\\\\n", c, m[c], chk[c],
            esc(substr(e, 1, d - 1)), esc(substr(e, d + 1)), c } }' \
  "$tmp/rows" > "$gen/board-new.tex"
