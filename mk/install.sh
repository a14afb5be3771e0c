#!/bin/sh
# mk/install.sh — `make install` and `make uninstall` (mk/install.mk).
#
#   mk/install.sh check     ROOT MANIFEST < LIST   may LIST be installed? (nothing written)
#   mk/install.sh install   ROOT MANIFEST < LIST   install it, then write MANIFEST
#   mk/install.sh uninstall ROOT MANIFEST          remove what MANIFEST lists
#
# LIST has one line per thing to install, every DEST an absolute path:
#   file MODE SRC DEST     a copy of SRC, with mode MODE
#   link TARGET DEST       a symbolic link DEST -> TARGET (TARGET a plain name)
# ROOT is $(DESTDIR), prefixed to every DEST and to MANIFEST when writing
# (empty: none).  MANIFEST (an absolute path, written under ROOT) records
# what the install wrote: the directories it created, each file with its
# SHA-256 and each link with its target, as paths without ROOT, so a staged
# tree keeps a manifest that is true once copied to /.
#
# A user's file is never overwritten or deleted: install refuses (one line
# on stderr, exit 2, nothing written) when a DEST exists and is not the
# unchanged file or link of an earlier install recorded in MANIFEST, or when
# MANIFEST exists and is not one of ours.  A reinstall replaces the earlier
# install's files and removes those it no longer writes (a header that has
# moved).  Uninstall removes exactly the files and links MANIFEST lists that
# are still as installed (one changed since is kept, with a note), then
# MANIFEST, then the directories the install created if they are empty.
set -u
what=${1:-} root=${2:-} manifest=${3:-}
MAGIC="makerbreaker install manifest 1"
who=$what; [ "$what" = check ] && who=install   # check is install's first step
bad() { echo "$who: $*" >&2; exit 2; }
case $what in check | install | uninstall) ;; *) echo "mk/install.sh: check, install or uninstall, not '$what'" >&2; exit 2 ;; esac
case $manifest in /*) ;; *) bad "the manifest path must be absolute, not '$manifest'" ;; esac
sha() { sha256sum <"$1" | cut -c1-64; }
M=$root$manifest
tmp=$(mktemp -d) || bad "cannot make a temporary directory"
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/old"
if [ -e "$M" ] || [ -L "$M" ]; then
  [ -f "$M" ] && [ ! -L "$M" ] && [ "$(head -n 1 "$M")" = "$MAGIC" ] ||
    bad "$M exists and is not a manifest of makerbreaker's install (left alone)"
  tail -n +2 "$M" >"$tmp/old"
elif [ "$what" = uninstall ]; then
  bad "nothing to uninstall: no manifest $M (the same PREFIX and DESTDIR as the install?)"
fi

# an earlier install's entry for PATH: "file SHA" or "link TARGET", or nothing
old_entry() { awk -v p="$1" '$1 != "dir" { k = $1; v = $2; $1 = ""; $2 = ""; sub(/^  /, ""); if ($0 == p) print k, v }' "$tmp/old"; }
# is ROOT/PATH exactly what the earlier install wrote there?
as_installed() {
  e=$(old_entry "$1")
  case $e in
    file\ *) [ -f "$root$1" ] && [ ! -L "$root$1" ] && [ "$(sha "$root$1")" = "${e#file }" ] ;;
    link\ *) [ -L "$root$1" ] && [ "$(readlink "$root$1")" = "${e#link }" ] ;;
    *) false ;;
  esac
}

if [ "$what" = uninstall ]; then
  removed=0 kept=0
  while read -r kind val path; do
    [ "$kind" = dir ] && continue
    if [ ! -e "$root$path" ] && [ ! -L "$root$path" ]; then
      echo "uninstall: $root$path was already gone"
    elif as_installed "$path"; then
      rm -f "$root$path" && removed=$((removed + 1))
    else
      echo "uninstall: kept $root$path: it changed since the install"; kept=$((kept + 1))
    fi
  done <"$tmp/old"
  rm -f "$M"
  # the directories the install created, deepest first, if nothing else is in them
  grep '^dir ' "$tmp/old" | cut -c5- | sort -r | while IFS= read -r d; do
    [ -d "$root$d" ] && ! rmdir "$root$d" 2>/dev/null && echo "uninstall: kept $root$d: not empty"
  done
  echo "uninstall: removed $removed files and links${root:+ under DESTDIR $root}; kept $kept"
  exit 0
fi

# check and install: read and validate LIST
cat >"$tmp/list"
: >"$tmp/new"
n=0
while read -r kind a b c; do
  case $kind in
    file) mode=$a src=$b dest=$c
      case $mode in [0-7][0-7][0-7]) ;; *) bad "bad mode '$mode' for $dest" ;; esac ;;
    link) src=$a dest=$b
      case $src in '' | */*) bad "a link target must be a plain name, not '$src'" ;; esac ;;
    *) bad "bad line in the list: $kind $a $b $c" ;;
  esac
  case $dest in /*) ;; *) bad "not an absolute path: '$dest'" ;; esac
  case $dest in *[[:space:]]*) bad "a path with blanks: '$dest'" ;; esac
  if [ "$what" = install ] && [ "$kind" = file ]; then
    [ -f "$src" ] && [ -r "$src" ] || bad "$src: not built (run make all)"
  fi
  if [ -e "$root$dest" ] || [ -L "$root$dest" ]; then
    as_installed "$dest" ||
      bad "$root$dest exists and is not from an earlier install (remove it, or choose another PREFIX or DESTDIR)"
  fi
  # every missing parent must be creatable: no file where a directory goes,
  # and the directory that exists must be writable (a half-done install
  # would leave files no manifest records)
  d=${dest%/*}
  while [ -n "$d" ] && [ ! -d "$root$d" ]; do
    { [ -e "$root$d" ] || [ -L "$root$d" ]; } && bad "$root$d is not a directory"
    d=${d%/*}
  done
  if [ -z "$root" ] || [ -d "$root" ]; then
    [ -w "$root${d:-/}" ] || bad "cannot write in $root${d:-/} (permissions: run as a user who may, or choose another PREFIX)"
  fi
  echo "$kind $dest" >>"$tmp/new"
  n=$((n + 1))
done <"$tmp/list"
[ "$n" -gt 0 ] || bad "nothing to install"
[ "$what" = check ] && exit 0

# the directories to create (top first): the parents of every DEST and of MANIFEST
{ cut -d' ' -f2- "$tmp/new"; echo "$manifest"; } | while IFS= read -r p; do
  d=${p%/*}
  while [ -n "$d" ] && [ ! -d "$root$d" ]; do echo "$d"; d=${d%/*}; done
done | sort -u >"$tmp/mkdirs"
# the earlier install's directories stay ours while they exist
grep '^dir ' "$tmp/old" | cut -c5- | while IFS= read -r d; do [ -d "$root$d" ] && echo "$d"; done >"$tmp/olddirs"
# the earlier install's files that this one does not write: removed if unchanged
grep -v '^dir ' "$tmp/old" | while read -r kind val path; do
  grep -qxF "file $path" "$tmp/new" || grep -qxF "link $path" "$tmp/new" || {
    if as_installed "$path"; then rm -f "$root$path" && echo "install: removed $root$path (no longer installed)"; fi
  }
done

# a write that fails half-way (a full disk) still leaves the manifest of what
# was written, so that uninstall removes it
save_manifest() { cp "$tmp/manifest" "$M.install-tmp" && mv -fT "$M.install-tmp" "$M"; }
fail() {
  echo "install: $*" >&2
  [ -s "$tmp/manifest" ] && [ -d "${M%/*}" ] && save_manifest
  exit 3
}
# DESTDIR itself is created if missing (a staging directory; not in the manifest)
[ -z "$root" ] || [ -d "$root" ] || mkdir -p "$root" || fail "cannot create DESTDIR $root"
{ echo "$MAGIC"; sed 's/^/dir /' "$tmp/olddirs"; } >"$tmp/manifest"
while IFS= read -r d; do
  mkdir "$root$d" || fail "cannot create $root$d"
  echo "dir $d" >>"$tmp/manifest"
done <"$tmp/mkdirs"
# each file is written beside its target and renamed over it, so no half-written DEST is left
while read -r kind a b c; do
  if [ "$kind" = file ]; then
    t=$root$c.install-tmp
    cp "$b" "$t" && chmod "$a" "$t" && mv -fT "$t" "$root$c" || { rm -f "$t"; fail "cannot write $root$c"; }
    echo "file $(sha "$root$c") $c" >>"$tmp/manifest"
  else
    t=$root$b.install-tmp
    ln -sfn "$a" "$t" && mv -fT "$t" "$root$b" || { rm -f "$t"; fail "cannot write $root$b"; }
    echo "link $a $b" >>"$tmp/manifest"
  fi
done <"$tmp/list"
save_manifest || { echo "install: cannot write $M" >&2; exit 3; }
echo "install: $n files and links${root:+ under DESTDIR $root}; manifest $M (make uninstall removes them)"
