#!/usr/bin/env bash
# After `make reproduce PROFILE=quick`, nothing is out of date; a changed
# experiment source reruns that experiment (and the report), not the others.
. "$(dirname "$0")/lib.bash"
targets="build/quick/report.pdf build/quick/scoreboard.tsv"
make -q PROFILE=quick SANITIZE="${SANITIZE:-0}" $targets || {
  make -n PROFILE=quick SANITIZE="${SANITIZE:-0}" $targets | head -n 20
  die "a second run would redo work"
}
plan=$(make -n -W experiments/cubic/board.c PROFILE=quick SANITIZE="${SANITIZE:-0}" $targets)
echo "$plan" | grep -q -- "cubic-board --profile quick" || die "changed source does not rerun its experiment"
echo "$plan" | grep -q -- "hypercube-ps42 --profile" && die "an unrelated experiment would rerun"
echo "$plan" | grep -q -- "latexmk" || die "the report would not be rebuilt"
echo "incremental: ok"
