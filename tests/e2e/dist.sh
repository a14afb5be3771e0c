#!/usr/bin/env bash
# make dist (mk/dist.sh): the tarball of the committed tree, and the SWHID
# it prints is the one the report prints (swh:1:dir: + HEAD's tree), as
# recomputed from the unpacked files; a second run refuses to overwrite it.
. "$(dirname "$0")/lib.bash"
git rev-parse HEAD >/dev/null 2>&1 || { echo "dist: not a git checkout, skipped"; exit 0; }
sh mk/dist.sh "$tmp/d" >"$tmp/out" 2>&1 || { cat "$tmp/out"; die "make dist failed"; }
want="swh:1:dir:$(git rev-parse 'HEAD^{tree}')"
grep -q "^source tree $want " "$tmp/out" || die "dist printed $(cat "$tmp/out"), want $want"
tarball=$(head -1 "$tmp/out")
[ -s "$tarball" ] || die "no tarball $tarball"
tar -tzf "$tarball" | grep -q '/Makefile$' || die "the tarball has no Makefile"
sum=$(md5sum <"$tarball")
sh mk/dist.sh "$tmp/d" >"$tmp/out2" 2>"$tmp/err2" && die "a second make dist overwrote the tarball"
grep -q "exists" "$tmp/err2" || die "no message for an existing tarball"
[ "$(md5sum <"$tarball")" = "$sum" ] || die "the tarball changed"
echo "dist: $want recomputed from the tarball; an existing tarball is kept"
