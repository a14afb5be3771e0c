#!/usr/bin/env bash
# tests/run.sh — the body of `make check`: unit tests (GTest, TAP output),
# end-to-end tests of the pipeline (tests/e2e/*.sh), and a quick reproduction
# whose every scored claim counts as one test.  Ends with the single line
# "N passed, N failed" and exits non-zero if anything failed.
set -u
cd "$(dirname "$0")/.."
BIN=${BIN:-build/bin}
MAKE=${MAKE:-make}
SANITIZE=${SANITIZE:-0}
DEBUG=${DEBUG:-0}   # exported: every make below (here and in tests/e2e) builds the same variant
export BIN SANITIZE DEBUG MAKE
pass=0
fail=0
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

echo "== unit tests ($BIN)"
for t in "$BIN"/test_*; do
  [ -x "$t" ] || continue
  name=$(basename "$t")
  "$t" --tap >"$log/$name" 2>&1
  rc=$?
  ok=$(grep -c '^ok ' "$log/$name")
  bad=$(grep -c '^not ok ' "$log/$name")
  pass=$((pass + ok))
  fail=$((fail + bad))
  if [ "$rc" -ne 0 ] && [ "$bad" -eq 0 ]; then fail=$((fail + 1)); bad=1; fi
  printf '  %-22s %3d passed, %d failed\n' "$name" "$ok" "$bad"
  [ "$bad" -eq 0 ] || tail -n 30 "$log/$name"
done

echo "== quick reproduction (make reproduce PROFILE=quick SANITIZE=$SANITIZE DEBUG=$DEBUG)"
$MAKE --no-print-directory reproduce PROFILE=quick SANITIZE="$SANITIZE" DEBUG="$DEBUG" >"$log/reproduce" 2>&1
rc=$?
tail -n 15 "$log/reproduce" | sed 's/^/  /'
sb=build/quick/scoreboard.tsv
if [ -f "$sb" ]; then
  good=$(awk -F'\t' 'NR > 1 && ($5 == "reproduced" || $5 == "reconstructed" || $5 == "documented" || $5 == "beyond" || $5 == "open")' "$sb" | wc -l)
  badc=$(awk -F'\t' 'NR > 1 && ($5 == "differs" || $5 == "missing")' "$sb" | wc -l)
  pass=$((pass + good))
  fail=$((fail + badc))
  echo "  claims: $good passed, $badc failed"
else
  badc=0
fi
if [ "$rc" -ne 0 ] && [ "$badc" -eq 0 ]; then
  fail=$((fail + 1))
  echo "  make reproduce failed (exit $rc):"
  tail -n 40 "$log/reproduce"
fi

echo "== end-to-end tests"
for s in tests/e2e/*.sh; do
  name=$(basename "$s" .sh)
  if bash "$s" >"$log/e2e-$name" 2>&1; then
    pass=$((pass + 1))
    echo "  ok      $name"
  else
    fail=$((fail + 1))
    echo "  FAILED  $name"
    tail -n 30 "$log/e2e-$name" | sed 's/^/    /'
  fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
