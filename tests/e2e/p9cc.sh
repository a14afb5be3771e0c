#!/usr/bin/env bash
# hypercube-p9cc, the cube-and-conquer campaign, on instances small enough
# for a test: Q(5,2) (no pairing: every cube refuted, proofs checked, answer
# unsat) and Q(6,3) (pairings: SAT cubes verified, the certificate passes
# subcube-verify).  A campaign stopped after some units (--stop-after, as if
# killed) resumes from its checkpoint to the same bytes as an uninterrupted
# run, with another thread count; a sample is the same for 1 and 2 threads;
# bad arguments are one line and exit 2, nothing written.
. "$(dirname "$0")/lib.bash"
bin=$BIN/hypercube-p9cc
[ -x "$bin" ] || die "$bin missing"

# Q(5,2): decided, no pairing
"$bin" --n 5 --k 2 --depth 2 --units all --out "$tmp/q52.tsv" 2>/dev/null || die "Q(5,2) campaign failed"
grep -q "q5_2_cc_cover	true" "$tmp/q52.tsv" || die "Q(5,2): cover not checked"
grep -q "q5_2_cc_unit_answer	unsat" "$tmp/q52.tsv" || die "Q(5,2): not refuted"
cubes=$(awk -F'\t' '$2 == "q5_2_cc_cubes" { print $3 }' "$tmp/q52.tsv")
grep -q "q5_2_cc_unit_refuted	$cubes\$" "$tmp/q52.tsv" || die "Q(5,2): not every cube refuted"
echo "  Q(5,2): all $cubes cubes refuted, proofs checked"

# Q(6,3), cubes 1-30 (cube 0, no edge at all, takes seconds): uninterrupted
args="--n 6 --k 3 --depth 1 --units 1-30"
"$bin" $args --threads 1 --out "$tmp/plain.tsv" --certs "$tmp/certs" 2>/dev/null || die "Q(6,3) run failed"
grep -q "q6_3_cc_unit_answer	sat" "$tmp/plain.tsv" || die "Q(6,3): no pairing found"
"$BIN/subcube-verify" 6 3 "$tmp/certs/q6_3.pairs" >/dev/null || die "Q(6,3): certificate rejected"
echo "  Q(6,3): a pairing found, certificate verified by subcube-verify"

# stopped twice, resumed: the same bytes
ck=$tmp/p.ckpt
for stop in 4 11; do
  "$bin" $args --threads 2 --out "$tmp/r.tsv" --checkpoint "$ck" --stop-after $stop 2>"$tmp/err" &
  wait $!
  rc=$?
  [ "$rc" -eq 143 ] || { cat "$tmp/err"; die "--stop-after $stop: exit $rc, want 143"; }
  [ -s "$ck" ] && [ ! -e "$tmp/r.tsv" ] || die "--stop-after $stop: no checkpoint, or a result file"
done
"$bin" $args --threads 2 --out "$tmp/r.tsv" --checkpoint "$ck" 2>"$tmp/err" || { cat "$tmp/err"; die "resumed run failed"; }
grep -q "resuming: " "$tmp/err" || die "the resumed run did not resume"
cmp "$tmp/plain.tsv" "$tmp/r.tsv" || die "resumed output differs from the uninterrupted run"
[ ! -e "$ck" ] || die "checkpoint left behind"
echo "  stopped after 4 and 11 more units, resumed to the same bytes"

# a sample: the same cubes and rows for 1 and 2 threads
"$bin" --n 5 --k 2 --depth 2 --sample 7 --seed 3 --threads 1 --out "$tmp/s1.tsv" 2>/dev/null || die "sample failed"
"$bin" --n 5 --k 2 --depth 2 --sample 7 --seed 3 --threads 2 --out "$tmp/s2.tsv" 2>/dev/null || die "sample failed"
cmp "$tmp/s1.tsv" "$tmp/s2.tsv" || die "sample differs between thread counts"
grep -q "q5_2_cc_est_refuted	7" "$tmp/s1.tsv" || die "sample: not all 7 refuted"
echo "  sample of 7: same rows for 1 and 2 threads"

# the orbit split (cubeorbit.h): Q(5,2) refuted cube by cube with the reduction
# checked; Q(6,3) has a verified pairing
"$bin" --n 5 --k 2 --split orbit --depth 3 --units all --out "$tmp/o52.tsv" 2>/dev/null || die "Q(5,2) orbit campaign failed"
grep -q "q5_2_oc_cover	true" "$tmp/o52.tsv" || die "Q(5,2) orbit: reduction not checked"
grep -q "q5_2_oc_unit_answer	unsat" "$tmp/o52.tsv" || die "Q(5,2) orbit: not refuted"
"$bin" --n 6 --k 3 --split orbit --depth 2 --units all --certs "$tmp/ocerts" --out "$tmp/o63.tsv" 2>/dev/null \
  || die "Q(6,3) orbit run failed"
grep -q "q6_3_oc_unit_answer	sat" "$tmp/o63.tsv" || die "Q(6,3) orbit: no pairing found"
"$BIN/subcube-verify" 6 3 "$tmp/ocerts/q6_3.pairs" >/dev/null || die "Q(6,3) orbit: certificate rejected"
echo "  orbit split: Q(5,2) refuted, Q(6,3) a verified pairing"

# bad arguments
o=$tmp/never.tsv
exit2 "--split" "$bin" --n 5 --k 2 --split lex --out "$o"
exit2 "--depth" "$bin" --n 5 --k 2 --split orbit --depth 9 --out "$o"
exit2 "--units" "$bin" --n 5 --k 2 --units seven --out "$o"
exit2 "--units" "$bin" --n 5 --k 2 --units 5-3 --out "$o"
exit2 "does not exist" "$bin" --n 5 --k 2 --units 0-99999 --out "$o"
exit2 "exclude each other" "$bin" --n 5 --k 2 --units 0 --sample 2 --out "$o"
exit2 "--sample" "$bin" --n 5 --k 2 --sample 99999 --out "$o"
exit2 "--n" "$bin" --n 13 --out "$o"
exit2 "--depth" "$bin" --n 5 --k 2 --depth 3 --out "$o"
exit2 "--conflicts" "$bin" --n 5 --k 2 --conflicts 0 --out "$o"
exit2 "--tag" "$bin" --n 5 --k 2 --tag 'a b' --out "$o"
[ ! -e "$o" ] || die "a bad argument wrote a result file"
