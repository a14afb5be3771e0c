# tests/e2e/lib.bash — helpers shared by the end-to-end tests (sourced).
set -u
cd "$(dirname "$0")/../.."
BIN=${BIN:-build/bin}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
die() { echo "FAIL: $*"; exit 1; }
# experiment binaries: every file under $BIN named like experiments/<paper>/<group>.c
experiments() {
  for src in experiments/*/*.c; do
    rel=${src#experiments/}
    echo "$BIN/$(echo "${rel%.c}" | tr / -)"
  done
}
# exit2 WANT COMMAND...: the command must exit 2 with one line on stderr
# containing WANT and print nothing on stdout
exit2() {
  want=$1; shift
  "$@" >"$tmp/stdout" 2>"$tmp/stderr"; rc=$?
  [ "$rc" -eq 2 ] || die "$*: exit $rc, want 2"
  [ "$(wc -l <"$tmp/stderr")" -eq 1 ] || { cat "$tmp/stderr"; die "$*: not one line on stderr"; }
  grep -q -- "$want" "$tmp/stderr" || die "$*: message lacks '$want': $(cat "$tmp/stderr")"
  [ ! -s "$tmp/stdout" ] || die "$*: printed on stdout"
  echo "  $(cat "$tmp/stderr")"
}
