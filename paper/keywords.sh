#!/bin/sh
# paper/keywords.sh KEYS.tab < "CLAIM<TAB>KEY" lines — for each line, the
# words that say what the result key means (paper/keys.tab, whose header
# describes the patterns): prints "CLAIM<TAB>KEY<TAB>WORDS", WORDS empty when
# no line of KEYS.tab matches, so that the caller can flag the row.
keys=$1
awk -F'\t' -v OFS='\t' '
  # words of entry e for key k, or "" when the pattern does not match: the
  # pattern is split at each *, each piece must follow in order (the first at
  # the start, the last at the end) and the text between two pieces is a
  # capture, put in for @1, @2, ... in the words
  function fit(e, k,   n, piece, i, j, cap, w, rest) {
    n = split(pat[e], piece, "*")
    if (n == 1) return (k == pat[e]) ? words[e] : ""
    if (substr(k, 1, length(piece[1])) != piece[1]) return ""
    rest = substr(k, length(piece[1]) + 1)
    for (i = 2; i <= n; i++) {
      if (i == n && piece[i] == "") { cap[i - 1] = rest; rest = ""; break }
      j = index(rest, piece[i]); if (j < 2) return ""
      cap[i - 1] = substr(rest, 1, j - 1); rest = substr(rest, j + length(piece[i]))
    }
    if (rest != "") return ""
    w = words[e]
    for (i = n - 1; i >= 1; i--) gsub("@" i, cap[i], w)
    return w
  }
  NR == FNR { if ($0 !~ /^#/ && $1 != "claim" && NF >= 3) { ne++; cl[ne] = $1; pat[ne] = $2; words[ne] = $3 }; next }
  { w = ""
    for (e = 1; e <= ne && w == ""; e++) if (cl[e] == "*" || cl[e] == $1) w = fit(e, $2)
    print $1, $2, w }' "$keys" -
