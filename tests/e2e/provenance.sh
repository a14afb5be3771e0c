#!/usr/bin/env bash
# Provenance and staleness (after `make reproduce PROFILE=quick`): every result
# has a .prov record (run time, finish time, commit); the report's provenance
# says "current" for all of them; a result older than one of its sources is
# flagged; `make claim-ID` reruns one claim alone and rejects an unknown id.
. "$(dirname "$0")/lib.bash"
out=build/quick
prov=$out/gen/prov.tex
[ -f "$prov" ] || die "$prov missing"
for b in $(experiments); do
  e=$(basename "$b")
  p=$out/results/$e.prov
  [ -f "$p" ] || die "$p missing"
  awk -F'\t' 'NR == 1 && $4 != "commit" { exit 1 } NR == 2 && (NF != 7 || $2 !~ /^[0-9.]+$/ || $4 == "") { exit 1 }' "$p" \
    || die "$p malformed: $(cat "$p")"
  path=experiments/${e%%-*}/${e#*-}.c
  grep -qF "\\provdef{$path}{" "$prov" || die "no provenance for $path"
  [ -s "$BIN/$e.srcs" ] && grep -qx "$path" "$BIN/$e.srcs" || die "$BIN/$e.srcs does not list $path"
done
grep '^\\provdef' "$prov" | grep -v '{current}$' && die "results not current after a full quick run"

# A copy of one result made before its source changed is flagged as stale ...
mkdir -p "$tmp/results"
cp $out/results/cubic-four.tsv $out/results/cubic-four.prov "$tmp/results/"
touch -d '2000-01-01' "$tmp/results/cubic-four.tsv"
sh paper/provenance.sh "$tmp" "$BIN" cubic-four | grep -q '{source newer' || die "an old result is not flagged"
# ... a fresh one is current, and one without its record says so
touch "$tmp/results/cubic-four.tsv"
sh paper/provenance.sh "$tmp" "$BIN" cubic-four | grep -q '{current}$' || die "a fresh copy is not current"
rm "$tmp/results/cubic-four.prov"
sh paper/provenance.sh "$tmp" "$BIN" cubic-four | grep -q '{no record}$' || die "a result without a record is not flagged"
# ... and figures map to the program that made their data
sh paper/provenance.sh "$tmp" "$BIN" -- pairing-threshold=experiments/cubic/board.c \
  | grep -qxF '\figdef{pairing-threshold}{experiments/cubic/board.c}' || die "figure sources"

# Every figure's caption cites its data, script and commit through \figsource.
for g in figures/*.gp; do
  n=$(basename "$g" .gp)
  [ "$n" = style ] && continue
  grep -qF "\\figsource{$n}" paper/*.tex || die "no \\figsource{$n} in paper/ (caption without its provenance)"
done

# One claim alone: its experiment reruns and its rows are printed.
make --no-print-directory PROFILE=quick SANITIZE="${SANITIZE:-0}" claim-CT5 >"$tmp/claim" 2>&1 \
  || { cat "$tmp/claim"; die "make claim-CT5 failed"; }
grep -q 'rerunning cubic-four' "$tmp/claim" || die "claim-CT5 did not rerun cubic-four"
grep -q '^CT5 .*reproduced' "$tmp/claim" || die "claim-CT5 printed no reproduced row"
grep -v '^CT5 \|^claim \|^run \|^cc \|^claim CT5' "$tmp/claim" | grep -q '^[A-Z][A-Z]*[0-9]' && die "claim-CT5 printed other claims"
make --no-print-directory PROFILE=quick claim-NOSUCH9 >"$tmp/claim" 2>&1 && die "claim-NOSUCH9 succeeded"
grep -q "no experiment computes claim 'NOSUCH9'" "$tmp/claim" || die "unclear error for an unknown claim"
# leave the quick build up to date for the tests after this one
make --no-print-directory PROFILE=quick SANITIZE="${SANITIZE:-0}" pipeline >/dev/null 2>&1 || die "pipeline after claim-CT5"
echo "provenance: ok"
