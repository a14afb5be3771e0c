#!/bin/sh
# mk/dist.sh OUTDIR — `make dist`: the committed source tree as a tarball,
# OUTDIR/pairing-COMMIT.tar.gz (git archive of HEAD), and its Software
# Heritage identifier, swh:1:dir: followed by the tree's hash.  The
# identifier printed is checked, not assumed: the tarball is unpacked into a
# fresh directory and the identifier of what it holds is computed there by a
# new git repository (git hashes a directory exactly as the SWHID
# specification, v1.1 section 5.2, defines it); it must equal HEAD's tree.
# Uncommitted changes are not in the tarball (a note says so).  An existing
# tarball of the same name is never overwritten: exit 2.
set -eu
out=$1
command -v git >/dev/null && git rev-parse HEAD >/dev/null 2>&1 || { echo "dist: not a git checkout" >&2; exit 2; }
c=$(git rev-parse --short=12 HEAD) t=$(git rev-parse 'HEAD^{tree}')
tar=$out/pairing-$c.tar.gz
[ ! -e "$tar" ] || { echo "dist: $tar exists (remove it to make it again)" >&2; exit 2; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git archive --format=tar.gz --prefix="pairing-$c/" -o "$tmp/a.tar.gz" HEAD
mkdir "$tmp/x"
tar -xzf "$tmp/a.tar.gz" -C "$tmp/x"
d=$tmp/x/pairing-$c
git -C "$d" init -q
git -C "$d" add -A -f
got=$(git -C "$d" write-tree)
[ "$got" = "$t" ] || { echo "dist: the unpacked tarball's tree $got is not HEAD's $t" >&2; exit 1; }
mv "$tmp/a.tar.gz" "$tar"
echo "$tar"
echo "source tree swh:1:dir:$t (recomputed from the unpacked tarball)"
[ -z "$(git status --porcelain --untracked-files=no)" ] || echo "note: uncommitted changes are not in the tarball"
