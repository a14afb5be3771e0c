#!/usr/bin/env bash
# Result files are byte-identical whatever the thread count, and from run to run.
. "$(dirname "$0")/lib.bash"
for bin in $(experiments); do
  "$bin" --profile quick --threads 1 --out "$tmp/a.tsv" 2>/dev/null || die "$bin failed"
  "$bin" --profile quick --threads 2 --out "$tmp/b.tsv" 2>/dev/null || die "$bin failed"
  "$bin" --profile quick --threads 2 --out "$tmp/c.tsv" 2>/dev/null || die "$bin failed"
  cmp "$tmp/a.tsv" "$tmp/b.tsv" || die "$(basename "$bin"): output depends on --threads"
  cmp "$tmp/b.tsv" "$tmp/c.tsv" || die "$(basename "$bin"): output differs between runs"
done
echo "determinism: ok"
