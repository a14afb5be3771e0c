#!/usr/bin/env bash
# Every command-line tool the README and the pages of doc/ show works right
# after `make reproduce` (which `make check` has just run; the tools of $BIN):
# each line of their ```sh blocks that starts with build/bin/ is run as
# written, with DIR replaced by a fresh directory (one per page) and the
# trailing comment dropped, and must exit 0.  The lines of a page run in its
# order, so a command that writes certificates to DIR comes before the one
# that checks them.  First shown to fail on a missing tool.  Also: every
# source path the pages name exists (a moved file leaves no stale reference),
# and the doc/ pages the README links to exist.
. "$(dirname "$0")/lib.bash"
pages=(README.md doc/*.md)
[ "${#pages[@]}" -ge 2 ] || die "no pages in doc/"
run() { ( cd "$tmp" && PATH=/usr/bin:/bin timeout 300 bash -c "$1" ) >"$tmp/out" 2>&1; }
mkdir -p "$tmp/DIR"
run "$PWD/$BIN/no-such-tool 1 2" && die "a missing tool was not noticed"
total=0
for page in "${pages[@]}"; do
  awk '/^```sh/ { on = 1; next } /^```/ { on = 0 } on && /^build\/bin\// { sub(/[ \t]+#.*$/, ""); print }' "$page" \
    >"$tmp/commands"
  n=$(wc -l <"$tmp/commands")
  [ "$n" -gt 0 ] || continue
  rm -rf "$tmp/DIR" && mkdir "$tmp/DIR"
  echo "$page: $n commands"
  while IFS= read -r cmd; do
    line=$(printf '%s' "$cmd" | sed -e "s|build/bin/|$PWD/$BIN/|g")
    run "$line" || { tail -n 5 "$tmp/out"; die "$page: command failed: $cmd"; }
    echo "  ok: $cmd"
  done <"$tmp/commands"
  total=$((total + n))
done
# the README alone had 28 such commands before its long sections moved to doc/
[ "$total" -ge 28 ] || die "only $total build/bin commands found in README.md and doc/*.md"
[ "$(awk '/^```sh/ { on = 1; next } /^```/ { on = 0 } on && /^build\/bin\//' README.md | wc -l)" -ge 3 ] ||
  die "the README shows fewer than 3 build/bin commands"
echo "$total commands run"

# every file path under the source folders that a page names exists
grep -ohP '(?<![\w./$-])(src|experiments|mk|tests|expected|figures|paper|campaigns|doc|man)/[\w./*-]*[\w*]' "${pages[@]}" |
  sort -u >"$tmp/paths"
while read -r p; do
  [ "$p" = tests/test_ ] && continue  # tests/test_<module>.c, a pattern
  compgen -G "$p" >/dev/null || die "a page names $p, which does not exist"
done <"$tmp/paths"
echo "$(wc -l <"$tmp/paths") paths named by the pages exist"
grep -oE '\]\(doc/[^)]*\)' README.md | sed 's/^](//; s/)$//' | sort -u | while read -r p; do
  [ -f "$p" ] || die "the README links to $p, which does not exist"
done || exit 1
