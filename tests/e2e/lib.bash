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
