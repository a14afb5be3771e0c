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

  # a file that is not a checkpoint of ours is refused, never overwritten or deleted
  printf 'precious\n' >"$ck"; rm -f "$tmp/r.tsv"
  exit2 "not a checkpoint of $name" "$bin" --profile quick --out "$tmp/r.tsv" --checkpoint "$ck"
  [ "$(cat "$ck")" = precious ] && [ ! -e "$tmp/r.tsv" ] || die "$name: touched a file that is not its checkpoint"
  rm -f "$ck"
  # an own checkpoint corrupt further on is unusable: ignored and replaced
  stopped quick 2 1
  # (the last byte changed to another value: set to a fixed one it was, once
  # in a while, already that value, and the "corrupt" file was intact)
  last=$(tail -c 1 "$ck" | od -An -tu1 | tr -d ' ')
  printf "\\$(printf '%03o' $(( (last + 1) % 256 )))" | dd of="$ck" bs=1 seek=$(( $(stat -c %s "$ck") - 1 )) conv=notrunc 2>/dev/null
  [ "$(tail -c 1 "$ck" | od -An -tu1 | tr -d ' ')" != "$last" ] || die "$name: the checkpoint's last byte did not change"
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
# nim-jm, quick: the survey rows of n = 1..6 (1 + 3 + 7 + 15 + 31 + 63)
chain nim-jm 20 90

# SIGTERM and SIGINT in the middle of a run: the finished units are saved
# before the process dies of the signal, no .tmp is left, and the resumed run
# writes the same bytes.  The kill comes before the first timed save (1 s).
for sig in TERM INT; do
  name=ninerow-pairings bin=$BIN/ninerow-pairings ck=$tmp/sig.ckpt
  [ -s "$tmp/plain-np.tsv" ] || "$bin" --profile quick --out "$tmp/plain-np.tsv" 2>/dev/null || die "$name failed"
  rm -f "$ck" "$tmp/r.tsv"
  "$bin" --profile quick --threads 2 --out "$tmp/r.tsv" --checkpoint "$ck" 2>"$tmp/err" &
  pid=$!
  sleep 0.6
  kill -$sig $pid
  wait $pid
  rc=$?
  [ "$rc" -gt 128 ] || { cat "$tmp/err"; die "$name: exit $rc after SIG$sig, want death by the signal"; }
  [ -s "$ck" ] || { cat "$tmp/err"; die "$name: SIG$sig: the finished units were not saved"; }
  ls "$tmp" | grep -q '\.tmp$' && die "$name: SIG$sig left a .tmp behind"
  [ ! -e "$tmp/r.tsv" ] || die "$name: SIG$sig: a result file was written"
  "$bin" --profile quick --out "$tmp/r.tsv" --checkpoint "$ck" 2>"$tmp/err" || die "$name: resume failed"
  said "resuming: "
  cmp -s "$tmp/plain-np.tsv" "$tmp/r.tsv" || die "$name: SIG$sig then resume: different bytes"
  [ ! -e "$ck" ] || die "$name: checkpoint left after success"
  echo "  $name: SIG$sig saved the finished units; resumed to the same bytes"
done

# not a regular file: refused at once (a FIFO used to hang the run)
mkfifo "$tmp/fifo.ckpt"
exit2 "not a regular file" timeout 10 "$BIN/cubic-casework7" --profile quick --out "$tmp/x.tsv" --checkpoint "$tmp/fifo.ckpt"
[ -p "$tmp/fifo.ckpt" ] || die "the FIFO was replaced"
head -c 100000 /dev/zero >"$tmp/zero.ckpt"
exit2 "not a checkpoint" "$BIN/cubic-casework7" --profile quick --out "$tmp/x.tsv" --checkpoint "$tmp/zero.ckpt"
[ "$(stat -c %s "$tmp/zero.ckpt")" -eq 100000 ] || die "a file of zeros was touched"
exit2 "empty file name" "$BIN/cubic-casework7" --profile quick --out "$tmp/x.tsv" --checkpoint ''

# bad options: one line naming the option, exit 2, nothing written
for name in cubic-casework7 ninerow-pairings nim-jm; do
  exit2 "--stop-after -3 is out of range" "$BIN/$name" --checkpoint "$tmp/x.ckpt" --stop-after -3 \
    --out "$tmp/x.tsv"
  exit2 "--stop-after needs --checkpoint" "$BIN/$name" --stop-after 2 --out "$tmp/x.tsv"
  exit2 "--checkpoint $tmp/no/x.ckpt" "$BIN/$name" --checkpoint "$tmp/no/x.ckpt" --out "$tmp/x.tsv"
  [ ! -e "$tmp/x.tsv" ] && [ ! -e "$tmp/x.tsv.tmp" ] && [ ! -e "$tmp/x.ckpt" ] \
    || die "$name: a usage error wrote a file"
done
# a checkpoint path with a newline: its messages stay one line (escaped)
nl="$tmp/a
b.ckpt"
"$BIN/nim-jm" --profile quick --out "$tmp/nl.tsv" --checkpoint "$nl" 2>"$tmp/nl.err" >/dev/null \
  || die "nim-jm with a newline in the checkpoint path failed"
grep -q 'no checkpoint .*a\\nb.ckpt yet' "$tmp/nl.err" || die "the path is not escaped: $(cat "$tmp/nl.err")"
if grep -q '^b.ckpt' "$tmp/nl.err"; then die "a message broke across lines"; fi
echo "checkpoint: ok"
