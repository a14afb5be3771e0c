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
echo "cert_write_errors: ok"
