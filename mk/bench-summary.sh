#!/bin/sh
# mk/bench-summary.sh BENCH.tsv SCALING.tsv   after `make bench`: each
#   engine's rate over its baseline's, and the fitted growth exponents.
awk -F'\t' 'NR > 1 { r[$1 "/" $2] = $5; if (!($1 in seen)) { seen[$1] = 1; o[++n] = $1 } }
  END { for (i = 1; i <= n; i++) if (r[o[i] "/engine"] && r[o[i] "/baseline"])
    printf "%s: engine rate / baseline rate = %.0f\n", o[i], r[o[i] "/engine"] / r[o[i] "/baseline"]
    for (i = 1; i <= n; i++) if ((o[i] "/previous") in r) {
      if (r[o[i] "/previous"] > 0) printf "%s: today's engine / the engine before zones and shared pairs = %.1f\n", o[i], r[o[i] "/engine"] / r[o[i] "/previous"]
      else printf "%s: the engine before zones and shared pairs did not decide it within its budget\n", o[i] } }' "$1"
sh paper/scaling-fit.sh "$2" | awk -F'\t' '$1 == "#fit" {
  printf "%s: seconds ~ %s^%s on the larger half of %d sizes %s .. %s (on all: ^%s)\n", $2, $3, $10, $4, $7, $8, $9 }'
