#!/bin/sh
# mk/bench-campaign.sh BIN MPI_BIN THREADS — bench rows for campaigns
# (src/plumbing/campaign.h): the units of ninerow-pairings' quick run (its
# classes tasks and Burnside elements), timed with THREADS threads
# (BIN/ninerow-pairings, no MPI) and on 1, 2 and 3 MPI ranks
# (MPI_BIN/ninerow-pairings under mpirun; rank 0 hands out units, so 3 ranks
# are 2 computing workers).  Rows in build/bench.tsv's format: experiment
# campaign-ninerow, variant threads-T or mpi-npN, wall seconds, units
# computed (counted by the runs themselves, CAMPAIGN_STATS=1), units per
# second.  Every run's result file must be the threaded run's bytes.
set -u
bin=$1 mpibin=$2 threads=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ "$(id -u)" = 0 ] && export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export CAMPAIGN_STATS=1
# row VARIANT COMMAND...: time one run, count its units, check its bytes
row() {
  variant=$1; shift
  t0=$(date +%s.%N)
  "$@" --profile quick --out "$tmp/$variant.tsv" </dev/null 2>"$tmp/err" \
    || { cat "$tmp/err" >&2; echo "bench-campaign: $variant failed" >&2; exit 1; }
  t1=$(date +%s.%N)
  units=$(awk '$1 == "campaign:" { for (i = 1; i < NF; i++) if ($(i + 1) == "computed,") n += $i } END { print n + 0 }' "$tmp/err")
  [ -f "$tmp/ref.tsv" ] || cp "$tmp/$variant.tsv" "$tmp/ref.tsv"
  cmp -s "$tmp/ref.tsv" "$tmp/$variant.tsv" || { echo "bench-campaign: $variant wrote other bytes" >&2; exit 1; }
  awk -v v="$variant" -v a="$t0" -v b="$t1" -v n="$units" \
    'BEGIN { s = b - a; printf "campaign-ninerow\t%s\t%.4f\t%d\t%.1f\n", v, s, n, n / s }'
}
row "threads-$threads" "$bin/ninerow-pairings" --threads "$threads"
for np in 1 2 3; do
  row "mpi-np$np" mpirun --oversubscribe -np "$np" "$mpibin/ninerow-pairings"
done
