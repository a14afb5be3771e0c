#!/usr/bin/env bash
# A tampered published value must make the comparison say `differs` and fail;
# a note for the claim turns it into `documented` (and passes); a dropped result
# row is `missing` (and fails).  Runs on the quick results of `make check`.
. "$(dirname "$0")/lib.bash"
res=build/quick/results
[ -f "$res/cubic-board.tsv" ] || die "no quick results: run make reproduce PROFILE=quick first"
cp -r expected "$tmp/expected"
# add one to the first integer value of cubic-board's expected file
awk -F'\t' -v OFS='\t' 'NR > 1 && !done && $3 ~ /^[0-9]+$/ { $3 = $3 + 1; claim = $1; key = $2; done = 1 }
  { print } END { print claim "\t" key > "/dev/stderr" }' expected/cubic-board.tsv \
  >"$tmp/expected/cubic-board.tsv" 2>"$tmp/which"
read -r claim key <"$tmp/which"
# the real notes (so the repository's documented differences stay documented),
# minus any heading for the tampered claim
grep -v -E "^## $claim([^0-9]|$)" expected/NOTES.md >"$tmp/NOTES.md"
"$BIN/compare" --expected "$tmp/expected" --results "$res" --notes "$tmp/NOTES.md" \
  --profile quick --out "$tmp/sb.tsv" >"$tmp/out" 2>&1
rc=$?
cat "$tmp/out"
[ "$rc" -eq 1 ] || die "compare exited $rc on a tampered expected value, want 1"
awk -F'\t' -v c="$claim" -v k="$key" '$1 == c && $2 == k && $5 == "differs" { f = 1 } END { exit !f }' \
  "$tmp/sb.tsv" || die "$claim $key is not 'differs'"
grep -q "differs $claim $key" "$tmp/out" || die "summary does not name $claim $key"
[ "$(awk -F'\t' '$5 == "differs"' "$tmp/sb.tsv" | wc -l)" -eq 1 ] || die "more than one row differs"

printf '\n## %s — test reason\nexplained\n' "$claim" >>"$tmp/NOTES.md"
"$BIN/compare" --expected "$tmp/expected" --results "$res" --notes "$tmp/NOTES.md" \
  --profile quick --out "$tmp/sb2.tsv" >/dev/null || die "documented difference still fails"
awk -F'\t' -v c="$claim" -v k="$key" '$1 == c && $2 == k && $5 == "documented" { f = 1 } END { exit !f }' \
  "$tmp/sb2.tsv" || die "$claim $key is not 'documented' with a note"

mkdir "$tmp/res"
cp "$res"/*.tsv "$tmp/res/"
grep -v -P "^CT1\tlemma21\t" "$res/cubic-board.tsv" >"$tmp/res/cubic-board.tsv"
"$BIN/compare" --expected expected --results "$tmp/res" --notes expected/NOTES.md \
  --profile quick --out "$tmp/sb3.tsv" >/dev/null
[ $? -eq 1 ] || die "a missing result row does not fail"
grep -q -P "^CT1\tlemma21\ttrue\t-\tmissing$" "$tmp/sb3.tsv" || die "CT1 lemma21 not 'missing'"
echo "tampered_expected: ok"
