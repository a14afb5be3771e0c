#!/usr/bin/env bash
# Every command-line tool the README shows works right after `make reproduce`
# (which `make check` has just run; the tools of $BIN): each line of the README's ```sh blocks
# that starts with build/bin/ is run as written, with DIR replaced by a fresh
# directory and the trailing comment dropped, and must exit 0.  The lines run
# in README order, so a command that writes certificates to DIR comes before
# the one that checks them.  First shown to fail on a missing tool.
. "$(dirname "$0")/lib.bash"
awk '/^```sh/ { on = 1; next } /^```/ { on = 0 } on && /^build\/bin\// { sub(/[ \t]+#.*$/, ""); print }' README.md \
  > "$tmp/commands"
[ "$(wc -l < "$tmp/commands")" -ge 5 ] || die "too few build/bin commands found in README.md"
mkdir -p "$tmp/DIR"
run() { ( cd "$tmp" && PATH=/usr/bin:/bin timeout 300 bash -c "$1" ) >"$tmp/out" 2>&1; }
run "$PWD/$BIN/no-such-tool 1 2" && die "a missing tool was not noticed"
while IFS= read -r cmd; do
  line=$(printf '%s' "$cmd" | sed -e "s|build/bin/|$PWD/$BIN/|g")
  run "$line" || { tail -n 5 "$tmp/out"; die "README command failed: $cmd"; }
  echo "  ok: $cmd"
done < "$tmp/commands"
