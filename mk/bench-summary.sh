#!/bin/sh
# mk/bench-summary.sh BENCH.tsv SCALING.tsv   after `make bench`: each
#   engine's rate over its baseline's, and the fitted growth exponents.
awk -F'\t' 'NR > 1 { r[$1 "/" $2] = $5; if (!($1 in seen)) { seen[$1] = 1; o[++n] = $1 } }
  END { for (i = 1; i <= n; i++) if (r[o[i] "/engine"] && r[o[i] "/baseline"])
    printf "%s: engine rate / baseline rate = %.0f\n", o[i], r[o[i] "/engine"] / r[o[i] "/baseline"]
    for (i = 1; i <= n; i++) if ((o[i] "/previous") in r) {
      if (r[o[i] "/previous"] > 0) printf "%s: the engine / the engine before zones and shared pairs = %.1f\n", o[i], r[o[i] "/engine"] / r[o[i] "/previous"]
      else printf "%s: the engine before zones and shared pairs did not decide it within its budget\n", o[i] }
    for (i = 1; i <= n; i++) if ((o[i] "/engine-1thread") in r && r[o[i] "/engine"] > 0 && r[o[i] "/engine-1thread"] > 0)
      printf "%s: two threads / one thread = %.2f times as fast\n", o[i], r[o[i] "/engine"] / r[o[i] "/engine-1thread"] }' "$1"
# the published solving times (expected/solver-times.tab) beside ours: the
# bench row solver-TAG/engine (2 threads), when it decided the board
if [ -f expected/solver-times.tab ]; then
  awk -F'\t' 'FNR == 1 { f++ } f == 1 && FNR > 1 && $2 == "engine" { secs[$1] = $3; dec[$1] = $4 > 0 }
    f == 2 && FNR > 1 && NF >= 3 { split($3, a, " "); m = a[2] == "h" ? 3600 : a[2] == "min" ? 60 : 1
      t = "solver-" $1
      if ((t in secs) && dec[t]) printf "%s: %.2f s here (2 threads) against %s published (%s): ours / published = %.2f\n", $2, secs[t], $3, $4, secs[t] / (a[1] * m)
      else if (t in secs) printf "%s: not decided here within the bench budget; published %s (%s)\n", $2, $3, $4 }' \
    "$1" expected/solver-times.tab
fi
sh paper/scaling-fit.sh "$2" | awk -F'\t' '$1 == "#fit" {
  printf "%s: seconds ~ %s^%s on the larger half of %d sizes %s .. %s (on all: ^%s)\n", $2, $3, $10, $4, $7, $8, $9 }'
