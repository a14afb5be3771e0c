#!/bin/sh
# paper/atlas.sh RESULTS [CAMPAIGN_TSV...] — the atlas section's generated
# parts, from games-atlas's result rows (experiments/games/atlas.c) and, when
# given, the rows of `make campaign-atlas` (or the stored ones in
# campaigns/atlas/):
#   \atlastable     the cubes, tori and subcube boards side by side: for each
#                   board the winner with Maker first and with Breaker first
#                   (M, B, or ? when open at the budget) and the size of the
#                   Maker-first tree;
#   \atlasopen      the undecided rows of the atlas, as a sentence;
#   \atlascampaign  the campaign's rows: boards decided beyond the budget,
#                   and for each opening board the openings decided.
# Nothing here is typed: every word comes from a result row.
res=$1; shift
ESC='function esc(s) { gsub(/\^/, "\\textasciicircum{}", s); gsub(/_/, "\\_", s); return s }
  function grp(s,   t) { if (s !~ /^[0-9][0-9][0-9][0-9][0-9]+$/) return s
    t = ""; while (length(s) > 3) { t = "\\," substr(s, length(s) - 2) t; s = substr(s, 1, length(s) - 3) }
    return s t }
  function w(v) { return v == "maker" ? "M" : v == "breaker" ? "B" : "?" }
  function nm(b,   i, S, r, m, W) { if (b ~ /^[0-9]+\^[0-9]+$/) { i = index(b, "^"); return "$" substr(b, 1, i - 1) "^{" substr(b, i + 1) "}$" }
    if (b ~ /^lattice:.*,[0-9]+@[0-9]+$/) { S = substr(b, 9); r = S; sub(/,[0-9]+@[0-9]+$/, "", S); sub(/^.*,/, "", r)
      m = r; sub(/@.*/, "", m); W = r; sub(/.*@/, "", W)
      S = S == "1,0;0,1;1,1;1,-1" ? "\\mathcal{S}_4" : S ~ /^1,0;1,[0-9]+$/ ? "\\mathcal{S}_{1," substr(S, 7) "}" : "\\{" S "\\}"
      return "$" S ",\\,m{=}" m ",\\,W{=}" W "$" }
    return "\\texttt{" esc(b) "}" }'
awk -F'\t' "$ESC"'
  $2 ~ /\/outcome$/ && ($1 == "MB11" || $1 == "MB12" || $1 == "MB13" || $1 == "MB15") {
    split($2, p, "/"); b = p[1]; c1 = $1 == "MB15" ? "MB11" : $1   # the lattice games under the cubes
    if (!(b in seen)) { seen[b] = 1; n[c1]++; name[c1, n[c1]] = b }
    o[b, p[2]] = w($3) }
  $2 ~ /\/maker\/cert_nodes$/ { split($2, p, "/"); t[p[1]] = $3 }
  END {
    print "\\def\\atlastable{%"
    print "\\begin{tabular}{@{}lccr@{\\qquad}lccr@{\\qquad}lccr@{}}"
    print "\\toprule"
    print "board & M & B & tree & board & M & B & tree & board & M & B & tree \\\\"
    print "\\midrule"
    rows = n["MB11"]; if (n["MB12"] > rows) rows = n["MB12"]; if (n["MB13"] > rows) rows = n["MB13"]
    split("MB11 MB12 MB13", c, " ")
    for (i = 1; i <= rows; i++) {
      line = ""
      for (j = 1; j <= 3; j++) {
        b = name[c[j], i]
        cell = (b == "") ? " & & & " : sprintf("%s & %s & %s & %s", nm(b), o[b, "maker"], o[b, "breaker"], (o[b, "maker"] == "?") ? "--" : t[b])
        line = line (j > 1 ? " & " : "") cell
      }
      print line " \\\\"
    }
    print "\\bottomrule"
    print "\\end{tabular}}"
  }' "$res"
# the open rows of the atlas
awk -F'\t' "$ESC"'
  $2 ~ /\/outcome$/ && $3 ~ /^open@/ && $1 != "MB9" && $1 != "MB14" {
    split($2, p, "/"); if (!(p[1] in sd)) bl[++nb] = p[1]; sd[p[1]] = sd[p[1]] p[2]; k++ }
  END { for (i = 1; i <= nb; i++) { b = bl[i]
          s = s (s ? ", " : "") nm(b) " (" (sd[b] == "maker" ? "Maker first" : sd[b] == "breaker" ? "Breaker first" : "both") ")" }
        printf "\\def\\atlasopen{%s}\n\\def\\atlasnopen{%d}\n", (k ? s : "none"), k }' "$res"
# the campaign
# a campaign's --times file (seconds per unit), when given, is read as it is
tsv= texs=
for f in "$@"; do case $f in *.tex) texs="$texs $f" ;; *) tsv="$tsv $f" ;; esac; done
set -- $tsv
for f in $texs; do cat "$f"; echo; done
printf '%s\n' '\def\atlascampaign{%'
if [ $# -eq 0 ]; then
  printf '%s\n' 'No campaign rows are present in this build.'
else
  awk -F'\t' -v secs="${texs:+1}" "$ESC"'
    FNR == 1 { next }
    $1 != "MB9" && $2 ~ /\/(maker|breaker)\/(outcome|nodes|cert_nodes)$/ { split($2, p, "/"); bo[p[1], p[2], p[3]] = $3 }
    $2 ~ /\/(maker|breaker)\/check_leaves$/ { split($2, p, "/"); v = bo[p[1], p[2], "outcome"]
      # a Breaker win at the root (a pairing, no expansion) with either side
      # first: the board is listed once at the end
      if (v == "breaker" && bo[p[1], p[2], "nodes"] == 0) { if (++triv[p[1]] == 2) tl = tl (tl ? ", " : "") nm(p[1]); next }
      printf "%s with %s first: %s; ", nm(p[1]), (p[2] == "maker" ? "Maker" : "Breaker"),
        (v ~ /^open@/ ? "open at " grp(substr(v, 6)) " expansions per unit (" grp(bo[p[1], p[2], "nodes"]) " spent)" : \
         (v == "maker" ? "Maker" : "Breaker") " wins (" grp(bo[p[1], p[2], "nodes"]) " expansions, " (bo[p[1], p[2], "cert_nodes"] == 1 ? "a one-line tree" : "a tree of " grp(bo[p[1], p[2], "cert_nodes"]) " node lines") ", checked)") }
    $2 ~ /\/(maker|breaker)\/(first_classes|winning_first|moves_nodes|moves_certs)$/ { split($2, p, "/"); mv[p[1], p[2], p[3]] = $3
      if (p[3] == "moves_certs") { wf = mv[p[1], p[2], "winning_first"]; gsub(/\+/, ")$, $(", wf)
        printf "%s winning first moves up to symmetry: %s of %s classes (%s expansions; %s classes decided, each by a certificate checked in the run); ", \
          (p[2] == "maker" ? "Maker\047s" : "Breaker\047s"), (wf == "all" ? "all" : "$(" wf ")$"), mv[p[1], p[2], "first_classes"],
          grp(mv[p[1], p[2], "moves_nodes"]), $3 } }
    $2 ~ /\/o[^\/]*\/r[^\/]*\/nodes$/ { split($2, p, "/"); rn[p[1], p[2], p[3]] = $3 }
    $2 ~ /\/o[^\/]*\/r[^\/]*\/outcome$/ { split($2, p, "/"); ro[p[1], p[2], p[3]] = $3; rb[p[1]]++
      rk[p[1], rb[p[1]]] = p[2] SUBSEP p[3] }
    $2 ~ /\/o[^\/]*\/outcome$/ { split($2, p, "/"); b = p[1]; op = substr(p[2], 2)
      if (!(b in nb)) { nb[b] = 1; bl[++m] = b }
      tot[b]++; if ($3 ~ /^open@/) { open[b]++; bud = substr($3, 6) } else if ($3 == "breaker") { nbr[b]++; bro[b, nbr[b]] = op } else mk[b] = mk[b] (mk[b] ? ", " : "") "$(" op ")$" }
    $2 ~ /\/o[^\/]*\/reply$/ { split($2, p, "/"); rep[p[1], substr(p[2], 2)] = $3 }
    $1 == "MB14" && $2 ~ /^(all|decided)_(sample|nodes_min|nodes_median|nodes_max)$/ { st[$2] = $3 }
    END {
      if (tl) printf "Breaker wins at once, by a pairing, with either side first: %s. ", tl
      # the reply classes: the units of the estimate (decided: their
      # expansions; open: the budget, a lower bound)
      for (i = 1; i <= m; i++) { b = bl[i]; nd = 0; no = 0; sum = 0; sq = 0; lo = ""; hi = ""
        for (j = 1; j <= rb[b]; j++) { split(rk[b, j], q, SUBSEP); o = ro[b, q[1], q[2]]; x = rn[b, q[1], q[2]]
          if (o ~ /^open@/) { no++; rbud = substr(o, 6); continue }
          nd++; sum += x; sq += x * x; if (lo == "" || x + 0 < lo + 0) lo = x; if (hi == "" || x + 0 > hi + 0) hi = x }
        if (!rb[b]) continue
        if (nd) { mean = sum / nd; sd = nd > 1 ? sqrt((sq - nd * mean * mean) / (nd - 1)) : 0
          printf "%s, the %d reply classes of %d opening%s: %d decided, expansions mean %s, standard deviation %s, least %s, most %s", nm(b), rb[b], tot[b], (tot[b] == 1 ? "" : "s"), nd, \
            grp(sprintf("%.0f", mean)), grp(sprintf("%.0f", sd)), grp(lo), grp(hi) }
        else printf "%s, the %d reply classes of %d opening%s: none decided", nm(b), rb[b], tot[b], (tot[b] == 1 ? "" : "s")
        printf "; %d open at %s expansions each%s. ", no, grp(rbud), (nd ? " (a lower bound each)" : ""); anyd += nd; anyr = 1 }
      if (anyr && anyd) printf "The mean and spread describe the reply classes decided within the budget only, the cheap ones; a reply class left open cost at least the budget. "
      if (anyr && !anyd) printf "So these openings stay open here, and their finished units give no cost to measure, only a lower bound (the budget per reply class); the estimate below is made on a deeper split instead. "
      if (st["all_sample"] != "" && !anyr)
        printf "The sample: %d opening units, %d decided; expansions per unit %s (least), %s (median), %s (most). ", \
          st["all_sample"], st["decided_sample"], grp(st["all_nodes_min"]), grp(st["all_nodes_median"]), grp(st["all_nodes_max"])
      if (st["all_sample"] != "" && secs && !anyr) printf "Seconds per unit: \\atlasunitsmin{} to \\atlasunitsmax{} (median \\atlasunitsmed). "
      for (i = 1; i <= m; i++) { b = bl[i]; if (anyr && !nbr[b] && !mk[b]) continue
        for (j = 1; j <= nbr[b]; j++) br[b] = br[b] (j > 1 ? ", " : "") "$(" bro[b, j] ")$ (by the reply $(" rep[b, bro[b, j]] ")$)"
        printf "%s: %d opening class%s sampled%s%s, %d open%s. ", nm(b), tot[b], (tot[b] == 1 ? "" : "es"),
          (br[b] ? ", Breaker wins after " br[b] : ""), (mk[b] ? ", Maker wins after " mk[b] : ""), open[b],
          (open[b] ? " at " grp(bud) " expansions per reply class" : "") } }' "$@"
fi
printf '%s\n' '}'
# the probes (games-atlas --probes): per board and opening, the estimate,
# as the table \atlasprobetable (empty: \atlasnoprobes is 1)
if [ $# -eq 0 ] || ! grep -q '/probe_estimate	' "$@" 2>/dev/null; then
  printf '%s\n' '\def\atlasnoprobes{1}\def\atlasprobetable{}'
else
  awk -F'\t' "$ESC"'
    function sci(v,   m, e) { if (v !~ /e/) return "$" grp(v) "$"; m = v; sub(/e.*/, "", m); e = v; sub(/.*e/, "", e); e += 0
      return "$" m "\\cdot10^{" e "}$" }
    FNR == 1 { next }
    $2 ~ /\/o[^\/]*\/(probes|probes_[a-z]*|probe_[a-z_]*)$/ { n = split($2, p, "/"); b = p[1]; o = substr(p[2], 2); k = p[3]
      if (!((b, o) in seen)) { seen[b, o] = 1; ks[++m] = b SUBSEP o }
      v[b, o, k] = $3 }
    END {
      print "\\def\\atlasnoprobes{0}\\def\\atlasprobetable{%"
      print "\\begin{tabular}{@{}llrrrrrrrrrlll@{}}"
      print "\\toprule"
      print "board & opening & paths & $D$ & leaves & B & M & open & \\multicolumn{3}{c}{expansions per leaf} & estimate & std.\\ error & CPU-h \\\\"
      print " & & & & & & & & least & median & most & & & \\\\"
      print "\\midrule"
      for (i = 1; i <= m; i++) { split(ks[i], q, SUBSEP); b = q[1]; o = q[2]
        lb = v[b, o, "probe_estimate_kind"] == "lower-bound"
        printf "%s & $(%s)$ & %d & %d & %s & %d & %d & %d & %s & %s & %s & %s%s & %s & %s \\\\\n", \
          (b == pb ? "" : nm(b)), o, v[b, o, "probes"], v[b, o, "probe_depth"], sci(v[b, o, "probe_leaves"]), v[b, o, "probes_breaker"], \
          v[b, o, "probes_maker"], v[b, o, "probes_open"], grp(v[b, o, "probe_nodes_min"]), \
          grp(v[b, o, "probe_nodes_median"]), grp(v[b, o, "probe_nodes_max"]), (lb ? "$\\ge$\\," : ""), \
          sci(v[b, o, "probe_estimate"]), sci(v[b, o, "probe_estimate_se"]), \
          "\\ifcsname atlashours:" b "/o" o "\\endcsname" (lb ? "$\\ge$\\," : "") "\\csname atlashours:" b "/o" o "\\endcsname\\else--\\fi"
        pb = b; bud = v[b, o, "probe_budget"] }
      print "\\bottomrule"
      print "\\end{tabular}}"
      printf "\\def\\atlasprobebudget{%s}\n", grp(bud)
    }' "$@"
fi
# the lines of play (make campaign-atlas-lines): \atlaslines, a sentence
# per line, and \atlaslinetheorem, a theorem for the decided ones
awk -F'\t' "$ESC"'
  FNR == 1 { next }
  $2 ~ /\/opening_class\/[^\/]*$/ { split($2, p, "/"); if (!(p[1] in nc)) cb[++ncb] = p[1]; nc[p[1]]++; cc[p[1], nc[p[1]]] = p[3]; csz[p[1], nc[p[1]]] = $3; next }
  $2 ~ /\/line\/[^\/]*\/(outcome|nodes|cert_nodes)$/ { n = split($2, p, "/"); b = p[1]; mv = p[3]; k = p[4]
    if (!((b, mv) in seen)) { seen[b, mv] = 1; ls[++m] = b SUBSEP mv }
    v[b, mv, k] = $3 }
  function line(mv,   t, q, i, n, s) { n = split(mv, q, "+")
    for (i = 1; i <= n; i++) s = s (i > 1 ? ", " : "") (substr(q[i], 1, 1) == "M" ? "Maker" : "Breaker") " $(" substr(q[i], 3) ")$"
    return s }
  function tag(b, mv,   t) { t = b "@" mv; gsub(/[\^:,;@+]/, "_", t); return t }
  END {
    printf "\\def\\atlaslines{%%\n"
    if (!m) printf "No line of play was run in this build. "
    for (i = 1; i <= m; i++) { split(ls[i], q, SUBSEP); b = q[1]; mv = q[2]; o = v[b, mv, "outcome"]
      if (o ~ /^open@/) printf "%s after %s: open at %s expansions per unit (%s spent). ", nm(b), line(mv), grp(substr(o, 6)), grp(v[b, mv, "nodes"])
      else printf "%s after %s: %s wins (%s expansions; a tree of %s node lines, \\file{lines/%s.cert}, checked). ", nm(b), line(mv),
        (o == "maker" ? "Maker" : "Breaker"), grp(v[b, mv, "nodes"]), grp(v[b, mv, "cert_nodes"]), tag(b, mv) }
    printf "}\n\\def\\atlaslinetheorem{%%\n"
    # one theorem per board and winner: the decided lines, each with its certificate
    for (i = 1; i <= m; i++) { split(ls[i], q, SUBSEP); b = q[1]; mv = q[2]; o = v[b, mv, "outcome"]
      if (o ~ /^open@/) continue
      if (!((b, o) in nth)) { nth[b, o] = 0; th[++t] = b SUBSEP o }
      k = ++nth[b, o]; item[b, o, k] = mv }
    for (i = 1; i <= t; i++) { split(th[i], q, SUBSEP); b = q[1]; o = q[2]; n = nth[b, o]; who = (o == "maker" ? "Maker" : "Breaker")
      printf "\\begin{theorem}\nIn the Maker--Breaker game on %s with Maker first, %s wins after %s:\n\\begin{itemize}\n", nm(b), who, (n == 1 ? "this line of play" : "each of these lines of play")
      for (k = 1; k <= n; k++) printf "\\item %s;\n", line(item[b, o, k])
      printf "\\end{itemize}\n\\end{theorem}\n\\begin{proof}\nFor each line, the strategy tree \\file{lines/BOARD@MOVES.cert} of the campaign (with \\texttt{\\textasciicircum{} : , ; @ +} written \\texttt{\\_}) gives %s\047s move at each of its positions and covers every move of the other side on a live cell; its leaves are verified from the winning sets alone. Their sizes: ", who
      for (k = 1; k <= n; k++) printf "%s%s node lines", (k > 1 ? ", " : ""), grp(v[b, item[b, o, k], "cert_nodes"])
      printf ". Each was accepted by \\file{src/game/certcheck.c} in the run, and again by \\texttt{makerbreaker check %s FILE}.\n\\end{proof}\n", esc(b) }
    # the openings answered: a board all of whose classes of first moves
    # open a line Breaker wins is a Breaker win
    for (i = 1; i <= ncb; i++) { b = cb[i]; miss = ""; tot = 0
      for (k = 1; k <= nc[b]; k++) { c = cc[b, k]; tot += csz[b, k]; got = 0
        for (j = 1; j <= m; j++) { split(ls[j], q, SUBSEP); if (q[1] != b || v[b, q[2], "outcome"] != "breaker") continue
          if (q[2] == "M:" c || index(q[2], "M:" c "+") == 1) got = 1 }
        if (!got) miss = miss (miss ? ", " : "") "$(" c ")$" }
      if (miss) { printf "On %s, %d classes of Maker\047s first move; without a decided line (open): %s. ", nm(b), nc[b], miss; continue }
      printf "\\begin{corollary}\nBreaker wins the Maker--Breaker game on %s, with Maker first and with Breaker first.\n\\end{corollary}\n", nm(b)
      printf "\\begin{proof}\nThe board\047s automorphism group splits the %d cells into %d classes of Maker\047s first move, and a line above opens with a cell of each. Whatever Maker\047s first move, an automorphism maps it to that cell; Breaker follows the image of that line\047s strategy (its reply, when the line names one, then its certificate). With Breaker first, Breaker ignores his first cell and plays this strategy (when it asks for a cell he already holds he takes any free one): an extra cell of Breaker never helps Maker.\n\\end{proof}\n", tot, nc[b] }
    printf "}\n" }' /dev/null "$@"
