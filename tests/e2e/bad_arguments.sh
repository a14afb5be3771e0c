#!/usr/bin/env bash
# Every experiment given a bad argument exits 2 with a one-line message on
# stderr, prints nothing on stdout and writes no result file.
. "$(dirname "$0")/lib.bash"
check() { # binary, arguments...
  bin=$1; shift
  out="$tmp/r.tsv"
  rm -f "$out" "$out.tmp"
  "$bin" "$@" --out "$out" >"$tmp/stdout" 2>"$tmp/stderr"
  rc=$?
  [ "$rc" -eq 2 ] || die "$(basename "$bin") $*: exit $rc, want 2"
  [ "$(wc -l <"$tmp/stderr")" -eq 1 ] || { cat "$tmp/stderr"; die "$(basename "$bin") $*: not one line on stderr"; }
  [ ! -s "$tmp/stdout" ] || die "$(basename "$bin") $*: printed on stdout"
  [ ! -e "$out" ] && [ ! -e "$out.tmp" ] || die "$(basename "$bin") $*: wrote a result file"
  echo "  $(basename "$bin") $*: $(cat "$tmp/stderr")"
}
n=0
for bin in $(experiments); do
  [ -x "$bin" ] || die "$bin not built"
  check "$bin" --profile nonsense
  check "$bin" --threads -1
  check "$bin" --threads 0
  check "$bin" --no-such-option
  check "$bin" stray-argument
  # every size option the experiment offers, given a negative value
  for opt in $("$bin" --help | grep -o -E -- '--max-[a-z-]+' | sort -u); do
    check "$bin" "$opt" -3
  done
  n=$((n + 1))
done
[ "$n" -gt 0 ] || die "no experiments found"
echo "bad_arguments: $n experiments ok"
