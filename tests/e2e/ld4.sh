#!/usr/bin/env bash
# LD4 (lattice-conjecture): the faster search keeps the verdicts of the
# search it replaced.  tests/data/ld4-before.tsv and ld4-before-table.dat are
# the result and per-set table of the earlier binary (commit 97261cc, full
# profile, kept as they were written); this run covers the same planar sets
# (|S| <= 8 in [-2,2]^2) and the spatial ones of up to 3 directions, and every
# row of the earlier file for those sets, and every set's m, period, kind of
# pairs, least m and lower side, must be the same.  Then the work units: a run
# stopped after some units (one thread) and resumed (two threads) writes the
# same bytes; a bad --method is a usage error.
. "$(dirname "$0")/lib.bash"
bin=$BIN/lattice-conjecture
"$bin" --profile quick --max-size 8 --box-size 0 --threads 2 --out "$tmp/new.tsv" \
  --figdata "$tmp/new" 2>/dev/null || die "lattice-conjecture failed"
# the rows: every earlier row whose key concerns these sets
grep -E 'LD4	(check|d2_|d3_n[23]_|conjecture_holds_all|optimal_all|pairings_verified|below_refuted|drat_verified)' \
  tests/data/ld4-before.tsv > "$tmp/want"
n=$(wc -l < "$tmp/want")
[ "$n" -ge 20 ] || die "too few earlier rows ($n)"
while IFS= read -r row; do
  grep -qxF "$row" "$tmp/new.tsv" || die "earlier row missing or changed: $row"
done < "$tmp/want"
# the sets, one by one (columns d n S m T pairs least_m below)
awk -F'\t' '!/^#/ && ($1 == 2 || $2 <= 3) { print $1 "\t" $2 "\t" $3 "\t" $4 "\t" $5 "\t" $6 "\t" $7 "\t" $8 }' \
  tests/data/ld4-before-table.dat | sort > "$tmp/a"
awk -F'\t' '!/^#/ && $11 == "core" { print $1 "\t" $2 "\t" $3 "\t" $4 "\t" $5 "\t" $6 "\t" $7 "\t" $8 }' \
  "$tmp/new-table.dat" | sort > "$tmp/b"
[ "$(wc -l < "$tmp/a")" -eq 114 ] || die "expected 80 + 34 earlier sets"
cmp -s "$tmp/a" "$tmp/b" || { diff "$tmp/a" "$tmp/b" | head; die "a set's verdict changed"; }
echo "  $n earlier rows and 114 sets: the same verdicts"

# units: stopped after 40 of them, resumed with another thread count
ck=$tmp/ld4.ckpt
"$bin" --profile quick --max-size 8 --box-size 0 --threads 1 --out "$tmp/r.tsv" --checkpoint "$ck" \
  --stop-after 40 2>"$tmp/err" &
wait $!
rc=$?
[ "$rc" -eq 143 ] && [ -s "$ck" ] && [ ! -e "$tmp/r.tsv" ] || { cat "$tmp/err"; die "stop-after: exit $rc"; }
"$bin" --profile quick --max-size 8 --box-size 0 --threads 2 --out "$tmp/r.tsv" --checkpoint "$ck" \
  2>"$tmp/err" || { cat "$tmp/err"; die "the resumed run failed"; }
grep -q "resuming: 40/" "$tmp/err" || { cat "$tmp/err"; die "no resume note"; }
cmp "$tmp/new.tsv" "$tmp/r.tsv" || die "resumed run: other bytes"
[ ! -e "$ck" ] || die "checkpoint left behind"
echo "  stopped after 40 units, resumed with 2 threads: the same bytes"
exit2 "--method" "$bin" --method fast --out "$tmp/x.tsv"
exit2 "--box-size" "$bin" --box-size 1 --out "$tmp/x.tsv"
[ ! -e "$tmp/x.tsv" ] || die "a usage error wrote a file"
echo "ld4: ok"
