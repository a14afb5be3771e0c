#!/bin/sh
# mk/layers.sh [SRCDIR] — the dependency rule of the layered library: every
# #include "..." of a file under SRCDIR (default src) names a header by its
# path below SRCDIR, and that header lies in the same layer or a lower one:
#
#   0 plumbing   1 solvers   2 game   3 solve   4 cubic hypercube lattice nim ninerow   5 tools
#
# game/ holds boards, specs, symmetry and pairings; solve/ the game solver, its
# closures, its certificate writer and checker and the strategy reader, and the
# bounded game (bounded.c), its checker (boundcheck.c) and its QBF encoding (qbf.c).
#
# The per-paper folders (layer 3) do not include one another, except for the
# pairs in ALLOW below (each with its reason).  Prints one line per violation,
# "FILE:LINE: LAYER/ includes HEADER (LAYER/)", and exits 1 if there is one.
src=${1:-src}
# lattice/ builds its CNF with hypercube/cubesat.h's clause list and AMO encoder
ALLOW="lattice>hypercube"
find "$src" -name '*.[ch]' -o -name '*.cc' | sort | while read -r f; do
  grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" /dev/null
done | awk -v src="$src/" -v allow="$ALLOW" '
  function rank(d) {
    if (d == "plumbing") return 0; if (d == "solvers") return 1; if (d == "game") return 2
    if (d == "solve") return 3
    if (d ~ /^(cubic|hypercube|lattice|nim|ninerow)$/) return 4
    if (d == "tools") return 5; return -1
  }
  BEGIN { n = split(allow, a, " "); for (i = 1; i <= n; i++) ok[a[i]] = 1 }
  {
    file = $0; sub(/:.*/, "", file); rest = substr($0, length(file) + 2)
    line = rest; sub(/:.*/, "", line)
    hdr = rest; sub(/^[^"]*"/, "", hdr); sub(/".*/, "", hdr)
    from = substr(file, length(src) + 1); sub(/\/.*/, "", from)
    to = hdr; if (to !~ /\//) to = ""; else sub(/\/.*/, "", to)
    why = ""
    if (rank(from) < 0) why = "a file outside the layers"
    else if (to == "" || rank(to) < 0) why = "a header without its layer path"
    else if (rank(to) > rank(from)) why = "a higher layer"
    else if (rank(to) == 4 && rank(from) == 4 && to != from && !ok[from ">" to]) why = "another paper"
    if (why != "") { printf "%s:%s: %s/ includes %s (%s)\n", file, line, from, hdr, why; bad = 1 }
  }
  END { exit bad }'
