#!/bin/sh
# paper/peers.sh PEERS_TSV — the Performance chapter's table of our solver
# against DepQBF (build/bench-peers.tsv, `make bench-peers`): a table
# environment, or one sentence when the file is absent.  A run that hit the
# cap is shown as "> cap", never dropped.
tsv=$1
if [ ! -f "$tsv" ]; then
  printf '%s\n' 'The comparison with DepQBF on the QBF encoding was not measured in this run: \texttt{make bench-peers} writes \file{build/bench-peers.tsv}.'
  exit 0
fi
awk -F'\t' '
function tt(s) { gsub(/\^/, "\\textasciicircum{}", s); return "\\texttt{" s "}" }
function sec(s, c) { return s == "timeout" ? "$>" c "$" : sprintf("%.2f", s) }
function ans(a) { return a == "maker" ? "M" : a == "breaker" ? "B" : "--" }
function rat(r) { if (r == "-") return "--"; if (r ~ /^>/) return "$>" substr(r, 2) "$"; if (r ~ /^</) return "$<" substr(r, 2) "$"; return r }
BEGIN {
  print "Table~\\ref{tab:perf-peers} times both."
  print "\\begin{table}[!htbp]"
  print "\\centering\\footnotesize"
  print "\\begin{tabular}{@{}llrcrcr@{}}"
  print "\\toprule"
  print "board & question & ours (s) & & DepQBF (s) & & DepQBF / ours \\\\"
  print "\\midrule"
}
NR > 1 {
  cap = $7
  q = $2 == "full" ? "whole game" : "$N=" substr($2, 3) "$"
  printf "%s & %s & %s & %s & %s & %s & %s \\\\\n", tt($1), q, sec($3, cap), ans($4), sec($5, cap), ans($6), rat($8)
}
END {
  print "\\bottomrule"
  print "\\end{tabular}"
  printf "\\caption{Our solver against a peer on the same questions (\\texttt{make bench-peers}, Maker first, one run each, wall clock capped at %s\\,s: $>%s$ means no answer within it). ``Can Maker win within $N$ of her moves?\047\047: ours is the bounded search of Section~\\ref{sec:speed}, the whole game the proof-number solver; the peer is DepQBF~5.01 on our corrective QBF encoding of the same question (the whole game: $N$ = every move Maker can make). The encoding leaves out the sets that can no longer be completed in time, so a question no set can meet is a trivial formula. M: Maker wins; B: Breaker holds. From \\file{build/bench-peers.tsv}.}\n", cap, cap
  print "\\label{tab:perf-peers}"
  print "\\end{table}"
}' "$tsv"
