#!/usr/bin/env bash
# Every fuzz harness (tests/fuzz/NAME.c) replayed on its committed seeds
# (tests/fuzz/corpus/NAME/) and on every input that once crashed it
# (tests/fuzz/crashes/NAME/), through the replay driver built with the
# project's compiler ($BIN/fuzz-NAME: the normal build, or ASan + UBSan with
# SANITIZE=1): every input must run to the end, no property may fail, no
# sanitizer may report.  No clang needed.
. "$(dirname "$0")/lib.bash"
n=0
for src in tests/fuzz/*.c; do
  name=$(basename "$src" .c)
  [ "$name" = replay ] && continue
  bin=$BIN/fuzz-$name
  [ -x "$bin" ] || die "$bin not built (make all)"
  dirs=(tests/fuzz/corpus/"$name")
  [ -d tests/fuzz/crashes/"$name" ] && dirs+=(tests/fuzz/crashes/"$name")
  [ -n "$(ls tests/fuzz/corpus/"$name" 2>/dev/null)" ] || die "$name: no seeds in tests/fuzz/corpus/$name"
  "$bin" "${dirs[@]}" >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ "$rc" -eq 0 ] || { tail -n 20 "$tmp/err"; die "fuzz-$name: exit $rc on a saved input"; }
  echo "  $name: $(cat "$tmp/out")"
  n=$((n + 1))
done
[ "$n" -ge 8 ] || die "only $n harnesses"
echo "fuzz_replay: ok"
