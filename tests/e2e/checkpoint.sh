#!/usr/bin/env bash
# The resumable experiments (--checkpoint FILE): a run interrupted with the
# --stop-after test aid exits as if killed (SIGTERM) and leaves its
# checkpoint; the rerun says it resumed, writes the same bytes as an
# uninterrupted run (thread counts alternate) and removes the checkpoint.  A
# corrupt checkpoint or one from another profile is ignored; bad checkpoint
# options are usage errors.
. "$(dirname "$0")/lib.bash"

# stopped PROFILE THREADS N: a run stopped after N units of its own
stopped() {
  rm -f "$tmp/r.tsv"
  # a background job, waited for: bash prints no "Terminated" note for it
  "$bin" --profile "$1" --threads "$2" --out "$tmp/r.tsv" --checkpoint "$ck" --stop-after "$3" \
    2>"$tmp/err" &
  wait $!
  rc=$?
  [ "$rc" -eq 143 ] || { cat "$tmp/err"; die "$name --stop-after $3: exit $rc, want 143 (SIGTERM)"; }
  grep -q "stopping after $3 units" "$tmp/err" || die "$name --stop-after $3: no stop message"
  [ -s "$ck" ] || die "$name --stop-after $3: no checkpoint file"
  [ ! -e "$tmp/r.tsv" ] || die "$name --stop-after $3: an interrupted run wrote a result file"
}

said() { grep -q -- "$1" "$tmp/err" || { cat "$tmp/err"; die "$name: stderr lacks '$1'"; }; }
not_said() { grep -q -- "$1" "$tmp/err" && { cat "$tmp/err"; die "$name: stderr says '$1'"; }; true; }

# chain NAME A B: uninterrupted; then a corrupt checkpoint, a full-profile
# checkpoint (both ignored), stops after A and B units, and the finishing run
chain() {
  name=$1 bin=$BIN/$1 ck=$tmp/$1.ckpt
  "$bin" --profile quick --threads 2 --out "$tmp/plain.tsv" 2>/dev/null || die "$name failed"

  printf 'PAIRCKPT, but not really\n' >"$ck"
  stopped quick 2 1
  said "is unusable (.*), ignored: starting from scratch"

  stopped full 2 1
  stopped quick 2 "$2"
  said "is from another run (it has '$name profile=full .*), ignored: starting from scratch"
  not_said "resuming:"

  stopped quick 1 "$3"
  said "resuming: "
  "$bin" --profile quick --threads 2 --out "$tmp/r.tsv" --checkpoint "$ck" 2>"$tmp/err" \
    || { cat "$tmp/err"; die "$name: the resumed run failed"; }
  said "resuming: "
  sed 's/^/  /' "$tmp/err"
  cmp "$tmp/plain.tsv" "$tmp/r.tsv" || die "$name: output after interruptions differs"
  [ ! -e "$ck" ] && [ ! -e "$ck.tmp" ] || die "$name: checkpoint left behind after success"
  echo "  $name: corrupt and full-profile checkpoints ignored; stopped after $2 and $3 units," \
    "resumed to the same bytes"
}

# casework, quick: 5 + 5 top-level choices (the second stop falls in CT9)
chain cubic-casework7 3 4
# ninerow, quick: 3752 classes tasks, then 511 Burnside elements (the second
# stop falls in the Burnside stage)
chain ninerow-pairings 1000 2900

# bad options: one line naming the option, exit 2, nothing written
for name in cubic-casework7 ninerow-pairings; do
  exit2 "--stop-after -3 is out of range" "$BIN/$name" --checkpoint "$tmp/x.ckpt" --stop-after -3 \
    --out "$tmp/x.tsv"
  exit2 "--stop-after needs --checkpoint" "$BIN/$name" --stop-after 2 --out "$tmp/x.tsv"
  exit2 "--checkpoint $tmp/no/x.ckpt" "$BIN/$name" --checkpoint "$tmp/no/x.ckpt" --out "$tmp/x.tsv"
  [ ! -e "$tmp/x.tsv" ] && [ ! -e "$tmp/x.tsv.tmp" ] && [ ! -e "$tmp/x.ckpt" ] \
    || die "$name: a usage error wrote a file"
done
echo "checkpoint: ok"
