#!/usr/bin/env bash
# Output files: a bad --out/--figdata/--certs path is found before computing
# (one line, exit 2, nothing written); a write error is one line naming the
# program, exit 3; a device, a FIFO or a symbolic link given as the output is
# written through, never replaced by a regular file.
. "$(dirname "$0")/lib.bash"
exp=$BIN/nim-classic
mkdir "$tmp/d"
exit2 "cannot write '$tmp/no/r.tsv'" "$exp" --profile quick --out "$tmp/no/r.tsv"
exit2 "empty file name" "$exp" --profile quick --out ''
exit2 "is a directory" "$exp" --profile quick --out "$tmp/d"
chmod 555 "$tmp/d"
if [ ! -w "$tmp/d" ]; then # (root writes anywhere)
  exit2 "not writable" "$exp" --profile quick --out "$tmp/d/r.tsv"
fi
chmod 755 "$tmp/d"
# found before the work: a long experiment with a directory as --out fails at once
start=$(date +%s)
exit2 "is a directory" "$BIN/cubic-casework7" --profile quick --out "$tmp/d"
exit2 "is a directory" "$BIN/cubic-board" --profile quick --out "$tmp/r.tsv" --figdata "$tmp/d"
echo plain >"$tmp/plain"
exit2 "--certs" "$BIN/hypercube-pvalues" --profile quick --out "$tmp/r.tsv" --certs "$tmp/plain/x"
exit2 "--certs" "$BIN/hypercube-pnew" --profile quick --out "$tmp/r.tsv" --certs ''
exit2 "--certs" "$BIN/hypercube-q6cost" --profile quick --out "$tmp/r.tsv" --certs "$tmp/no/such"
exit2 "checkpoint" "$BIN/ninerow-pairings" --profile quick --out "$tmp/r.tsv" --checkpoint ''
exit2 "does not exist" "$BIN/ninerow-graph" --profile quick --out "$tmp/r.tsv" --figdata "$tmp/d/x/y"
exit2 "is a directory" "$BIN/cubic-danger" --profile quick --out "$tmp/r.tsv" --figdata-random "$tmp/d"
[ $(( $(date +%s) - start )) -le 5 ] || die "bad output paths were found only after computing"
[ ! -e "$tmp/r.tsv" ] || die "a usage error wrote the result file"
ls "$tmp" | grep -q '\.tmp$' && die "a usage error left a temporary file"
rm "$tmp/plain"

# write errors: one line with the program's name, exit 3
"$exp" --profile quick >/dev/full 2>"$tmp/err"; rc=$?
[ "$rc" -eq 3 ] || die "nim-classic > /dev/full: exit $rc, want 3"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q '^nim-classic: cannot write' "$tmp/err" \
  || die "nim-classic > /dev/full: message '$(cat "$tmp/err")'"
"$BIN/cubic-board" --profile quick --out "$tmp/r.tsv" --figdata /dev/full 2>"$tmp/err"; rc=$?
[ "$rc" -eq 3 ] || die "cubic-board --figdata /dev/full: exit $rc, want 3"
grep -q '^cubic-board: cannot write .*/dev/full' "$tmp/err" || die "cubic-board: message '$(cat "$tmp/err")'"
[ "$(wc -l <"$tmp/err")" -eq 1 ] || die "cubic-board: not one line"
[ ! -e "$tmp/r.tsv" ] || die "cubic-board: results written although the figure data failed"

# non-regular targets are written in place, never replaced
"$exp" --profile quick --out "$tmp/ref.tsv" || die "nim-classic failed"
"$exp" --profile quick --out /dev/null || die "--out /dev/null failed"
[ -c /dev/null ] || die "/dev/null is no longer a device"
"$exp" --profile quick --out /proc/self/fd/1 >"$tmp/viafd.tsv" || die "--out /proc/self/fd/1 failed"
cmp -s "$tmp/ref.tsv" "$tmp/viafd.tsv" || die "--out /proc/self/fd/1 did not write through"
mkfifo "$tmp/fifo"
cat "$tmp/fifo" >"$tmp/viafifo.tsv" &
"$exp" --profile quick --out "$tmp/fifo" || die "--out FIFO failed"
wait
[ -p "$tmp/fifo" ] || die "the FIFO was replaced"
cmp -s "$tmp/ref.tsv" "$tmp/viafifo.tsv" || die "--out FIFO did not write through"
# a symbolic link to a regular file: the target is replaced, the link stays
echo old >"$tmp/target.tsv"
ln -s target.tsv "$tmp/link.tsv"
"$exp" --profile quick --out "$tmp/link.tsv" || die "--out symlink failed"
[ -L "$tmp/link.tsv" ] || die "the symbolic link was replaced"
cmp -s "$tmp/ref.tsv" "$tmp/target.tsv" || die "the link's target was not written"
ls "$tmp" | grep -q '\.tmp$' && die "a temporary file was left"
echo "output_paths: ok"
