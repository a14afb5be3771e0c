#!/usr/bin/env bash
# Certificates (--certs DIR) of hypercube-pvalues and hypercube-pnew go
# through the safe outputs: a write error on one (here: its name is a link to
# /dev/full) is one line "PROG: cannot write 'PATH': ..." and exit 3; no
# result file, no temporary file left in DIR, and the certificates of an
# earlier run that this run did not reach are kept as they were.  A normal
# run replaces an old certificate with a complete new one.
. "$(dirname "$0")/lib.bash"
for exp in hypercube-pvalues hypercube-pnew; do
  [ -x "$BIN/$exp" ] || die "$exp not built"
  d=$tmp/$exp
  mkdir -p "$d"
  case $exp in
    hypercube-pvalues) args=(); bad=q3_2.pairs; later=q5_3.pairs ;;
    hypercube-pnew) args=(--profile quick --max-n 5 --plain-max-n 5 --verify-max 8); bad=q3_1.drat; later=q5_2.drat ;;
  esac
  ln -s /dev/full "$d/$bad"
  echo "an earlier run's certificate" >"$d/$later"
  "$BIN/$exp" "${args[@]}" --certs "$d" --out "$tmp/$exp.tsv" >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ "$rc" -eq 3 ] || die "$exp with $bad -> /dev/full: exit $rc, want 3"
  [ "$(grep -c "^$exp: " "$tmp/err")" -eq 1 ] || die "$exp: not one error line: $(cat "$tmp/err")"
  grep -q "^$exp: cannot write '$d/$bad': No space left on device$" "$tmp/err" \
    || die "$exp: message: $(grep "^$exp: " "$tmp/err")"
  [ ! -e "$tmp/$exp.tsv" ] || die "$exp: result file written despite the write error"
  ! ls "$d" | grep -q '\.tmp$' || die "$exp: temporary file left: $(ls "$d")"
  [ "$(cat "$d/$later")" = "an earlier run's certificate" ] || die "$exp: $later changed"
  [ -L "$d/$bad" ] || die "$exp: the link $bad was replaced"
  echo "  $(grep "^$exp: " "$tmp/err")"
  # a good run replaces the old certificate with a complete one
  rm "$d/$bad"
  "$BIN/$exp" "${args[@]}" --certs "$d" --out "$tmp/$exp.tsv" >/dev/null 2>&1 || die "$exp: second run failed"
  [ "$(cat "$d/$later")" != "an earlier run's certificate" ] || die "$exp: $later not rewritten"
  ! ls "$d" | grep -q '\.tmp$' || die "$exp: temporary file left after a good run"
done
# E2: solve decides, then cannot write its certificate (exit 3): the
# checkpoint stays and says so, and the same command then writes the
# certificate from it (every unit resumed) and removes it
M=$BIN/makerbreaker
$M solve mnk:5,5,4 --checkpoint "$tmp/e2.ckpt" --cert /dev/full >/dev/null 2>"$tmp/e2.err"; rc=$?
[ "$rc" -eq 3 ] || die "solve with its certificate to /dev/full: exit $rc, want 3"
[ -s "$tmp/e2.ckpt" ] || die "a failed certificate write deleted the checkpoint"
grep -q "is kept: run the same command again" "$tmp/e2.err" || die "no word on the kept checkpoint: $(cat "$tmp/e2.err")"
$M solve mnk:5,5,4 --checkpoint "$tmp/e2.ckpt" --cert "$tmp/e2.cert" >"$tmp/e2.out" 2>"$tmp/e2.err2" || die "the rerun failed"
grep -q "resuming" "$tmp/e2.err2" || die "the rerun did not resume"
$M check mnk:5,5,4 "$tmp/e2.cert" >/dev/null || die "the rerun's certificate is rejected"
[ ! -e "$tmp/e2.ckpt" ] || die "the checkpoint was not removed after a complete run"
# E2 (rest, issue 37): solve --all-moves --cert-dir DIR writes all of its
# certificates or none.  A write that fails part-way (the fourth of mnk:5,5,4's
# six is 37 KB: over a file size limit of 16 KB) leaves no move*.cert (nor a
# temporary file) in DIR, says in one line how to go on, and the same command
# then writes the whole set (it used to leave three, and the rerun refused
# to start: "already holds move certificates")
mkdir "$tmp/cd"
( trap '' XFSZ; ulimit -f 16; exec $M solve mnk:5,5,4 --all-moves --cert-dir "$tmp/cd" ) >"$tmp/cd.out" 2>"$tmp/cd.err"; rc=$?
[ "$rc" -eq 3 ] || die "--cert-dir over a file size limit: exit $rc, want 3: $(cat "$tmp/cd.err")"
grep -q "^makerbreaker: cannot write '$tmp/cd/move4-2_1.cert': File too large$" "$tmp/cd.err" || die "message: $(cat "$tmp/cd.err")"
grep -q "run the same command again" "$tmp/cd.err" || die "no word on how to go on: $(cat "$tmp/cd.err")"
[ -z "$(ls -A "$tmp/cd")" ] || die "a failed --cert-dir left files: $(ls -A "$tmp/cd")"
$M solve mnk:5,5,4 --all-moves --cert-dir "$tmp/cd" >"$tmp/cd.out2" 2>&1 || die "the rerun failed: $(cat "$tmp/cd.out2")"
[ "$(ls "$tmp/cd" | wc -l)" -eq 6 ] || die "the rerun wrote $(ls "$tmp/cd" | wc -l) certificates, not 6"
echo "  --cert-dir over a file size limit: nothing left, the rerun writes all 6"
# a full file system (a small tmpfs, where this test may mount one): the
# checkpoint is kept and the same command resumes from it and writes the set
if [ "$(id -u)" -eq 0 ] && mkdir "$tmp/full" && mount -t tmpfs -o size=40k tmpfs "$tmp/full" 2>/dev/null; then
  trap 'umount "$tmp/full" 2>/dev/null; rm -rf "$tmp"' EXIT
  $M solve mnk:5,5,4 --all-moves --cert-dir "$tmp/full" --checkpoint "$tmp/full.ckpt" >/dev/null 2>"$tmp/full.err"; rc=$?
  [ "$rc" -eq 3 ] || die "--cert-dir on a full file system: exit $rc, want 3"
  grep -q "No space left on device" "$tmp/full.err" || die "message: $(cat "$tmp/full.err")"
  grep -q "is kept: run the same command again" "$tmp/full.err" || die "no word on the kept checkpoint"
  [ -s "$tmp/full.ckpt" ] || die "the checkpoint was not kept"
  [ -z "$(ls -A "$tmp/full")" ] || die "a full file system kept a partial set: $(ls -A "$tmp/full")"
  mount -o remount,size=1m "$tmp/full"
  $M solve mnk:5,5,4 --all-moves --cert-dir "$tmp/full" --checkpoint "$tmp/full.ckpt" >/dev/null 2>"$tmp/full.err2" \
    || die "the rerun on the enlarged file system failed: $(cat "$tmp/full.err2")"
  grep -q "resuming: 6/6" "$tmp/full.err2" || die "the rerun did not resume: $(cat "$tmp/full.err2")"
  [ "$(ls "$tmp/full" | wc -l)" -eq 6 ] || die "the rerun wrote $(ls "$tmp/full" | wc -l) certificates"
  [ ! -e "$tmp/full.ckpt" ] || die "the checkpoint stayed after a complete run"
  umount "$tmp/full"
  echo "  --cert-dir on a full tmpfs: the checkpoint kept, the rerun resumes and writes all 6"
else
  echo "  (no tmpfs could be mounted here: the full file system case is skipped)"
fi
# a checkpoint of a run without --all-moves (other units: Breaker's replies)
# is not resumed by one with it, whose units are the root moves
$M solve mnk:7,7,5 --checkpoint "$tmp/am.ckpt" --nodes 200 >/dev/null 2>&1
[ -s "$tmp/am.ckpt" ] || die "no checkpoint kept by an unfinished run"
$M solve mnk:7,7,5 --checkpoint "$tmp/am.ckpt" --nodes 200 --all-moves >"$tmp/am.out" 2>"$tmp/am.err"
grep -q "resuming" "$tmp/am.err" && die "--all-moves resumed another run's units: $(cat "$tmp/am.err")"
grep -q "from the checkpoint" "$tmp/am.out" && die "--all-moves listed another run's units"
echo "cert_write_errors: ok"
