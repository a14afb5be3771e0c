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
. "$(dirname "$0")/fmt.sh"
ESC="$FMT"'function esc(s) { gsub(/\^/, "\\textasciicircum{}", s); gsub(/_/, "\\_", s); return s }
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
  $2 ~ /\/maker\/decided_by$/ { split($2, p, "/"); byline[p[1]] = $3 == "implied" ? "implied" : "line" }
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
        cell = (b == "") ? " & & & " : sprintf("%s & %s & %s & %s", nm(b), o[b, "maker"], o[b, "breaker"], (o[b, "maker"] == "?") ? "--" : (b in byline) ? byline[b] : t[b])
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
  # what a win of an open game would decide besides (monotone() in atlas.c)
  $2 ~ /\/if_(maker|breaker)_decides$/ && $1 != "MB14" && $3 > 0 { split($2, p, "/"); side = p[3] == "if_maker_decides" ? "Maker" : "Breaker"
    lev[++nl] = sprintf("%06d\t%s\t%s\t%s", 999999 - $3, side, p[1], p[2]); levn[nl] = $3 }
  END { for (i = 1; i <= nb; i++) { b = bl[i]
          s = s (s ? ", " : "") nm(b) " (" (sd[b] == "maker" ? "Maker first" : sd[b] == "breaker" ? "Breaker first" : "both") ")" }
        printf "\\def\\atlasopen{%s}\n\\def\\atlasnopen{%d}\n", (k ? s : "none"), k
        # the open games whose outcome would decide the most others, most first (ties: by side, then board)
        for (i = 2; i <= nl; i++) { x = lev[i]; j = i - 1; while (j >= 1 && lev[j] > x) { lev[j + 1] = lev[j]; j-- } lev[j + 1] = x }
        t = ""; for (i = 1; i <= nl && i <= 4; i++) { split(lev[i], q, "\t")
          t = t (i > 1 ? (i == nl || i == 4 ? "; and " : "; ") : "") "a " q[2] " win of " nm(q[3]) " with " (q[4] == "maker" ? "Maker" : "Breaker") " first would decide " (999999 - q[1]) " other open game" (999999 - q[1] == 1 ? "" : "s") }
        printf "\\def\\atlasleverage{%s}\n", (t ? "By Lemma~\\ref{lem:atlas-monotone} deciding an open game can decide others: " t "." : "") }' "$res"
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
    # a decided line of the campaign (Maker'"'"'s opening, Breaker'"'"'s reply):
    # its measured expansions beside the estimate of the opening
    $2 ~ /\/line\/M:[0-9,]+(\+B:[0-9,]+)?\/(outcome|nodes)$/ { n = split($2, p, "/"); mv = p[3]; o = mv; sub(/^M:/, "", o); sub(/\+.*/, "", o)
      lv[p[1], o, p[4]] = $3; lm[p[1], o] = mv }
    END {
      print "\\def\\atlasnoprobes{0}\\def\\atlasprobetable{%"
      print "\\begin{tabular}{@{}llrrrrrrrrrllll@{}}"
      print "\\toprule"
      print "board & opening & paths & $D$ & leaves & B & M & open & \\multicolumn{3}{c}{expansions per leaf} & estimate & std.\\ error & wall-h & line \\\\"
      print " & & & & & & & & least & median & most & & & & \\\\"
      print "\\midrule"
      nr = 0; rlo = ""; rhi = ""; nall = 0
      for (i = 1; i <= m; i++) { split(ks[i], q, SUBSEP); b = q[1]; o = q[2]
        all = v[b, o, "probes_open"] == v[b, o, "probes"]
        lb = !all && v[b, o, "probe_estimate_kind"] == "lower-bound"
        meas = (lv[b, o, "outcome"] == "breaker" || lv[b, o, "outcome"] == "maker") ? lv[b, o, "nodes"] : ""
        if (meas != "" && !lb && !all) { r = meas / v[b, o, "probe_estimate"]; nr++; if (rlo == "" || r < rlo) rlo = r; if (rhi == "" || r > rhi) rhi = r }
        nall += all
        printf "%s & $(%s)$ & %d & %d & %s & %d & %d & %d & %s & %s & %s & %s%s%s & %s & %s & %s \\\\\n", \
          (b == pb ? "" : nm(b)), o, v[b, o, "probes"], v[b, o, "probe_depth"], sci(v[b, o, "probe_leaves"]), v[b, o, "probes_breaker"], \
          v[b, o, "probes_maker"], v[b, o, "probes_open"], grp(v[b, o, "probe_nodes_min"]), \
          grp(v[b, o, "probe_nodes_median"]), grp(v[b, o, "probe_nodes_max"]), (lb ? "$\\ge$\\," : ""), \
          sci(v[b, o, "probe_estimate"]), (all ? "$^\\dagger$" : ""), (all ? "--" : sci(v[b, o, "probe_estimate_se"])), \
          "\\ifcsname atlashours:" b "/o" o "\\endcsname" (lb ? "$\\ge$\\," : "") "\\csname atlashours:" b "/o" o "\\endcsname" (all ? "$^\\dagger$" : "") "\\else--\\fi", \
          (meas != "" ? sci(meas) : "--")
        pb = b; bud = v[b, o, "probe_budget"] }
      print "\\bottomrule"
      print "\\end{tabular}}"
      printf "\\def\\atlasprobebudget{%s}\n", grp(bud)
      printf "\\def\\atlasprobeallopen{%d}\n", nall
      # the measured lines against the estimate: a sentence
      if (nr) printf "\\def\\atlasprobevsline{For the %d opening%s whose line is decided, the solver'"'"'s expansions for that line are %.2f to %.2f times the estimate, so the estimate is neither an upper nor a lower bound for the solver'"'"'s own search.}\n", nr, (nr == 1 ? "" : "s"), rlo, rhi
      else printf "\\def\\atlasprobevsline{No sampled opening has a decided line to compare the estimate with.}\n"
    }' "$@"
fi
# the lines of play (make campaign-atlas-lines): \atlaslines, a table of
# the lines (or a sentence when none was run), and \atlaslinetheorem, a
# theorem per board whose every class of Maker's first move opens a line
# Breaker wins (the classes: the orbits of the rectangle's symmetries,
# computed here from the coordinates and compared with the solver's
# opening_class rows), else a sentence naming the classes left
awk -F'\t' "$ESC"'
  FNR == 1 { next }
  $2 ~ /\/opening_class\/[^\/]*$/ { split($2, p, "/"); if (!(p[1] in nc)) cb[++ncb] = p[1]; nc[p[1]]++; cc[p[1], nc[p[1]]] = p[3]; csz[p[1], nc[p[1]]] = $3; next }
  $2 ~ /\/line\/[^\/]*\/[a-z_]+$/ { n = split($2, p, "/"); b = p[1]; mv = p[3]; k = p[4]
    if (!((b, mv) in seen)) { seen[b, mv] = 1; ls[++m] = b SUBSEP mv }
    v[b, mv, k] = $3 }
  # the atlas'"'"'s own verdict on a board its lines decide (games-atlas --lines,
  # which replays every line'"'"'s certificate and computes the classes)
  $2 ~ /^[^\/]+\/breaker\/(decided_by|line_classes|line_certs)$/ { split($2, p, "/"); av[p[1], p[3]] = $3; if (p[3] == "decided_by") ab[++nab] = p[1] }
  # a cube or torus that Maker wins with Maker first by her opening line M:m
  $2 ~ /^[^\/]+\/maker\/decided_by$/ && $2 !~ /^mnk:/ && $3 == "lines" { split($2, p, "/"); mfb[++nmf] = p[1] }
  function line(mv,   t, q, i, n, s) { n = split(mv, q, "+")
    for (i = 1; i <= n; i++) s = s (i > 1 ? ", " : "") (substr(q[i], 1, 1) == "M" ? "Maker" : "Breaker") " $(" substr(q[i], 3) ")$"
    return s }
  # the opening answered by a line: Maker'"'"'s first cell when the line is
  # that move alone or it and one reply of Breaker (else "")
  function opening(mv) { if (mv ~ /^M:[0-9]+,[0-9]+(\+B:[0-9]+,[0-9]+)?$/) { sub(/^M:/, "", mv); sub(/\+.*/, "", mv); return mv } return "" }
  function secs(x) { return x == "" ? "--" : grp(sprintf("%.0f", x)) }
  END {
    printf "\\def\\atlaslines{%%\n"
    if (!m) printf "No line of play was run in this build.\n"
    else {
      printf "The decided lines are in Table~\\ref{tab:atlas-lines}.\n"
      printf "\\begin{table}[tbp]\n\\centering\\small\n\\begin{tabular}{@{}llrrrrr@{}}\n\\toprule\n"
      printf "board & line & winner & expansions & tree nodes & CPU (s) & peak RSS (MB) \\\\\n\\midrule\n"
      for (i = 1; i <= m; i++) { split(ls[i], q, SUBSEP); b = q[1]; mv = q[2]; o = v[b, mv, "outcome"]
        printf "%s & %s & %s & %s & %s & %s & %s \\\\\n", (b == pb ? "" : nm(b)), line(mv),
          (o ~ /^open@/ ? "open at " grp(substr(o, 6)) : o == "maker" ? "Maker" : "Breaker"), grp(v[b, mv, "nodes"]),
          (o ~ /^open@/ ? "--" : grp(v[b, mv, "cert_nodes"])), secs(v[b, mv, "cpu_seconds"]),
          (v[b, mv, "peak_rss_kb"] == "" ? "--" : sprintf("%.0f", v[b, mv, "peak_rss_kb"] / 1024))
        pb = b
        if (v[b, mv, "cpu_seconds"] == "" && v[b, mv, "wall_seconds"] != "") { nw++; ww += v[b, mv, "wall_seconds"]; wt = v[b, mv, "threads"] } }
      printf "\\bottomrule\n\\end{tabular}\n\\caption{The lines of play of the campaign: the board, the moves that open the line, the winner, the solver'"'"'s expansions, the node lines of the checked tree, the CPU-seconds and the peak resident memory of its run.}\n\\label{tab:atlas-lines}\n\\end{table}\n"
      if (nw) printf "The CPU time of %d of these lines was not recorded by their run; it took %s seconds of wall-clock time on %d threads, so at most %s CPU-seconds.\n", nw, secs(ww), wt, secs(ww * wt)
    }
    printf "}\n\\def\\atlaslinetheorem{%%\n"
    for (i = 1; i <= ncb; i++) { b = cb[i]
      if (b !~ /^mnk:[0-9]+,[0-9]+,[0-9]+$/) continue
      split(b, d, /[:,]/); M = d[2] + 0; N = d[3] + 0; K = d[4] + 0
      # the orbits of the cells under the rectangle'"'"'s symmetries
      norb = 0; split("", orb); split("", rep)
      for (y = 1; y <= N; y++) for (x = 1; x <= M; x++) {
        if ((x "," y) in orb) continue
        norb++; r = ""
        ni = 0; im[++ni] = x "," y; im[++ni] = (M + 1 - x) "," y; im[++ni] = x "," (N + 1 - y); im[++ni] = (M + 1 - x) "," (N + 1 - y)
        if (M == N) { im[++ni] = y "," x; im[++ni] = (N + 1 - y) "," x; im[++ni] = y "," (M + 1 - x); im[++ni] = (N + 1 - y) "," (M + 1 - x) }
        for (j = 1; j <= ni; j++) orb[im[j]] = norb
        osz[norb] = 0; for (c in orb) if (orb[c] == norb) osz[norb]++ }
      # the solver'"'"'s classes must be these orbits (one listed cell each, the same sizes)
      agree = (nc[b] == norb); split("", hit)
      for (k = 1; k <= nc[b] && agree; k++) { c = cc[b, k]; if (!(c in orb) || (orb[c] in hit) || osz[orb[c]] != csz[b, k]) agree = 0; else hit[orb[c]] = 1 }
      # the orbits answered by a line Breaker wins, and the lines used
      split("", got); nl = 0; cpu = 0; nocpu = 0; exps = 0
      for (j = 1; j <= m; j++) { split(ls[j], q, SUBSEP); if (q[1] != b || v[b, q[2], "outcome"] != "breaker") continue
        c = opening(q[2]); if (c == "" || !(c in orb) || (orb[c] in got)) continue
        got[orb[c]] = q[2]; nl++; exps += v[b, q[2], "nodes"]
        if (v[b, q[2], "cpu_seconds"] != "") cpu += v[b, q[2], "cpu_seconds"]; else { nocpu++; cpubound += v[b, q[2], "wall_seconds"] * v[b, q[2], "threads"] } }
      miss = ""; reps = ""
      for (k = 1; k <= nc[b]; k++) { c = cc[b, k]; reps = reps (k > 1 ? ", " : "") "$(" c ")$"
        if (!((c in orb) && (orb[c] in got))) miss = miss (miss ? ", " : "") "$(" c ")$" }
      grp_name = (M == N ? "the dihedral group $D_4$ of the square, of order~8" : "the group of the rectangle'"'"'s reflections, of order~4")
      if (!agree) { printf "On %s the solver'"'"'s classes of Maker'"'"'s first move are not the orbits of %s; no corollary is drawn.\n", nm(b), grp_name; continue }
      if (miss) { printf "On %s, %d classes of Maker'"'"'s first move under %s; without a decided line (open): %s.\n", nm(b), norb, grp_name, miss; continue }
      printf "\\begin{theorem}\\label{thm:lines-%s}\nBreaker wins the Maker--Breaker game on %s (the $%d\\times%d$ board, the %d-in-a-row sets), with Maker first and with Breaker first.\n\\end{theorem}\n", (M "-" N "-" K), nm(b), M, N, K
      printf "\\begin{proof}\nThe symmetries of the board, %s, split its %d cells into %d orbits, the classes of Maker'"'"'s first move, with representatives %s. For each class the table above has a line of play that opens with its representative (and Breaker'"'"'s reply) and a strategy tree showing that Breaker wins from the position it reaches; \\texttt{makerbreaker check %s FILE} replays each tree from the rules. \\emph{Maker first:} whatever Maker'"'"'s first move, a symmetry $\\sigma$ maps it to a representative; Breaker plays the image under $\\sigma^{-1}$ of that line'"'"'s reply and tree. \\emph{Breaker first:} an extra cell of Breaker never helps Maker (monotonicity, \\S\\ref{sec:zones}), so Breaker takes any first cell and then follows the strategy for Maker first, treating that cell as free until the strategy asks for it and then taking any free cell instead.\n\\end{proof}\n", grp_name, M * N, norb, reps, esc(b)
      printf "\\noindent The %d lines took %s expansions", nl, grp(exps)
      if (!nocpu) printf " and %s CPU-seconds in all (%.1f CPU-hours)", secs(cpu), cpu / 3600
      else printf "; %s CPU-seconds for the %d lines whose CPU time was recorded and at most %s for the other %d, at most %.1f CPU-hours in all", secs(cpu), nl - nocpu, secs(cpubound), nocpu, (cpu + cpubound) / 3600
      printf ".%s\n", "\\ifcsname pubt@mnk-" M "-" N "-" K "\\endcsname{} The published proof of the strong game on this board took \\pubtime{mnk-" M "-" N "-" K "} on its authors'"'"' hardware and gives no certificate~\\cite{HsuEtAl775}.\\fi" }
    # n^d boards that Maker wins with Breaker first by lines B:b+M:m
    for (i = 1; i <= nab; i++) { b = ab[i]
      if (b !~ /^([0-9]+\^[0-9]+|torus:[0-9]+,[0-9]+)$/ || av[b, "decided_by"] != "lines") continue
      tor = b ~ /^torus:/
      if (tor) { split(b, d, /[:,]/); n = d[2] + 0; dd = d[3] + 0 } else { split(b, d, "^"); n = d[1] + 0; dd = d[2] + 0 }
      nl = 0; cpu = 0; exps = 0; reps = ""
      for (j = 1; j <= m; j++) { split(ls[j], q, SUBSEP); if (q[1] != b || v[b, q[2], "outcome"] != "maker" || q[2] !~ /^B:[0-9,]+\+M:[0-9,]+$/) continue
        nl++; exps += v[b, q[2], "nodes"]; cpu += v[b, q[2], "cpu_seconds"]
        c = q[2]; sub(/^B:/, "", c); sub(/\+.*/, "", c); reps = reps (nl > 1 ? ", " : "") "$(" c ")$" }
      printf "\\begin{theorem}\\label{thm:lines-%s-%d-%d}\nMaker wins the Maker--Breaker game on %s with Breaker first.\n\\end{theorem}\n", (tor ? "torus" : "cube"), n, dd, nm(b)
      if (tor) grpdesc = sprintf("The two cyclic translations of the torus map windows to windows; they split its %d cells into %d orbit%s", n * n, av[b, "line_classes"], av[b, "line_classes"] == 1 ? "" : "s")
      else grpdesc = sprintf("The permutations and reflections of the axes, and every permutation of $\\{1,\\dots,%d\\}$ that commutes with $i\\mapsto %d-i$ and, applied to every coordinate at once, maps each winning set onto a winning set (checked by the atlas on the enumerated sets), generate a group of symmetries of the board; it splits the %d cells into %d orbits", n, n + 1, n ^ dd, av[b, "line_classes"])
      cls = av[b, "line_classes"] == 1 ? "the class" : "the classes"
      printf "\\begin{proof}\n%s, %s of Breaker'"'"'s first move, with representative%s %s. For each class the table above has a line: that representative as Breaker'"'"'s first move, a reply of Maker, and a strategy tree showing that Maker wins from the position it reaches with Breaker to move; \\texttt{makerbreaker check %s FILE} replays each tree from the rules. Whatever Breaker'"'"'s first move, a symmetry $\\sigma$ maps a representative to it; Maker answers the image under $\\sigma$ of that line'"'"'s reply and then plays the image of its tree.\n\\end{proof}\n", grpdesc, cls, (nl == 1 ? "" : "s"), reps, esc(b)
      printf "\\noindent %s %s expansions and %s CPU-seconds in all.\n", (nl == 1 ? "The line took" : "The " nl " lines took"), grp(exps), secs(cpu) }
    # n^d boards and tori that Maker wins with Maker first by a line M:m
    for (i = 1; i <= nmf; i++) { b = mfb[i]; c = ""
      for (j = 1; j <= m; j++) { split(ls[j], q, SUBSEP); if (q[1] == b && v[b, q[2], "outcome"] == "maker" && q[2] ~ /^M:[0-9,]+$/) { c = q[2]; break } }
      if (c == "") continue
      cell = c; sub(/^M:/, "", cell); lab = b; gsub(/[^A-Za-z0-9]/, "-", lab)
      printf "\\begin{theorem}\\label{thm:lines-maker-first-%s}\nMaker wins the Maker--Breaker game on %s with Maker first.\n\\end{theorem}\n", lab, nm(b)
      printf "\\begin{proof}\nMaker opens on $(%s)$. The table above has the line of that opening and a strategy tree showing that Maker wins from the position it reaches, Breaker to move; \\texttt{makerbreaker check %s FILE} replays the tree from the rules.\n\\end{proof}\n", cell, esc(b)
      printf "\\noindent The line took %s expansions%s.\n", grp(v[b, c, "nodes"]), (v[b, c, "cpu_seconds"] == "" ? "" : " and " secs(v[b, c, "cpu_seconds"]) " CPU-seconds") }
    printf "}\n" }' /dev/null "$@" "$res"
