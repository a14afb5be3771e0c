#!/usr/bin/env bash
# make install / make uninstall (issue 40; mk/install.mk, mk/install.sh):
#  - into a temp PREFIX that already holds a user's files: the programs,
#    their man pages, libmakerbreaker.a and .so, every header of the
#    library's layers under include/makerbreaker/<layer>/, makerbreaker.pc;
#  - a small C program built against the installed library through
#    pkg-config, linked shared and linked static: it solves 3^3 and has the
#    independent checker accept the certificate; the installed makerbreaker
#    checks the certificate the program wrote, and `man` renders both pages
#    with MANPATH set;
#  - a user's file where a program would go is refused (exit 2, one line,
#    nothing written); a reinstall replaces its own files and removes those
#    it no longer writes;
#  - DESTDIR stages the tree (the .pc names PREFIX), and uninstall with it
#    keeps a file changed since the install;
#  - uninstall leaves the prefix exactly as it was before the install, and a
#    second uninstall says there is nothing to remove (exit 2).
. "$(dirname "$0")/lib.bash"
command -v pkg-config >/dev/null || die "pkg-config is not installed"
command -v man >/dev/null || die "man is not installed (make deps installs man-db for make check)"
mk() { ${MAKE:-make} --no-print-directory "$@" SANITIZE="${SANITIZE:-0}" DEBUG="${DEBUG:-0}"; }
# snap DIR: every directory, file (with its hash) and link under DIR
snap() { ( cd "$1" && find . -type d | sort && find . -type f -exec sha256sum {} + | sort && find . -type l -printf '%p -> %l\n' | sort ); }

p=$tmp/prefix
mkdir -p "$p/bin" "$p/share/man/man1"
echo "a user's program" >"$p/bin/other"
echo "a user's page" >"$p/share/man/man1/other.1"
snap "$p" >"$tmp/before"
mk install PREFIX="$p" >"$tmp/log" 2>&1 || { tail -n 20 "$tmp/log"; die "make install failed"; }
tail -n 1 "$tmp/log" | sed 's/^/  /'
for f in bin/makerbreaker bin/games-atlas share/man/man1/makerbreaker.1 share/man/man1/games-atlas.1 \
         lib/libmakerbreaker.a lib/libmakerbreaker.so lib/pkgconfig/makerbreaker.pc; do
  [ -e "$p/$f" ] || die "not installed: $f"
done
# the headers: every src/<layer>/*.h but src/tools/, the same bytes, at the same place
n=0
for h in src/*/*.h; do
  case $h in src/tools/*) [ ! -e "$p/include/makerbreaker/${h#src/}" ] || die "a tool's header was installed: $h"; continue ;; esac
  cmp -s "$h" "$p/include/makerbreaker/${h#src/}" || die "header not installed as is: $h"
  n=$((n + 1))
done
[ "$(find "$p/include/makerbreaker" -name '*.h' | wc -l)" -eq "$n" ] || die "headers installed that src/ does not have"
echo "  installed: makerbreaker, games-atlas, 2 man pages, libmakerbreaker.a and .so, $n headers, makerbreaker.pc"

# a program against the installed library, through pkg-config only
export PKG_CONFIG_PATH=$p/lib/pkgconfig
pkg-config --validate makerbreaker || die "makerbreaker.pc does not validate"
[ "$(pkg-config --variable=prefix makerbreaker)" = "$p" ] || die "the .pc's prefix is not PREFIX"
inc=$p/include/makerbreaker
solver_h=$(cd "$inc" && ls -- */solver.h) certcheck_h=$(cd "$inc" && ls -- */certcheck.h)
cat >"$tmp/prog.c" <<EOF
#include <stdio.h>
#include "$certcheck_h"
#include "$solver_h"
int main(int argc, char **argv) { /* solve 3^3, check the certificate, write it to argv[1] */
  MbBoard *b = bs_board_new("3^3", NULL);
  MbPosition pos;
  MbSolveOpts o;
  MbSolveResult r;
  if (argc != 2 || !b || !mb_position_parse(b, NULL, &pos, NULL)) return 2;
  mb_solve_opts_default(&o);
  if (!mb_solve(b, &pos, &o, &r, NULL) || !r.cert) return 2;
  char *why = NULL;
  CcReport rep;
  CcResult c = cc_check("3^3", r.cert, &rep, &why);
  printf("%s wins; the certificate (%llu nodes) is %s\n", mb_outcome_word(r.outcome),
         (unsigned long long)rep.nodes, c == CC_VALID ? "valid" : why);
  FILE *f = fopen(argv[1], "w");
  int ok = f && fputs(r.cert, f) >= 0 && fclose(f) == 0 && c == CC_VALID && r.outcome == MB_MAKER_WINS;
  mb_solve_result_clear(&r), mb_position_clear(&pos), bs_board_free(b), g_free(why);
  return ok ? 0 : 1;
}
EOF
CC=${CC:-cc}
( cd "$tmp" && $CC -std=gnu11 -Wall -Wextra -Werror prog.c $(pkg-config --cflags --libs makerbreaker) -o prog ) ||
  die "the program does not build against the installed library (shared)"
LD_LIBRARY_PATH=$p/lib "$tmp/prog" "$tmp/shared.cert" >"$tmp/out" || { cat "$tmp/out"; die "the program (shared) failed"; }
LD_LIBRARY_PATH=$p/lib ldd "$tmp/prog" | grep -q "$p/lib/libmakerbreaker.so.0" || die "the program does not use the installed shared library"
grep -q '^maker wins; the certificate (.* nodes) is valid$' "$tmp/out" || { cat "$tmp/out"; die "unexpected output"; }
echo "  linked shared: $(cat "$tmp/out")"
static_libs=$(pkg-config --static --libs makerbreaker | sed "s|-lmakerbreaker|$p/lib/libmakerbreaker.a|")
( cd "$tmp" && $CC -std=gnu11 -Wall -Wextra -Werror prog.c $(pkg-config --cflags makerbreaker) $static_libs -o prog-static ) ||
  die "the program does not build against the installed library (static, pkg-config --static)"
! ldd "$tmp/prog-static" | grep -q makerbreaker || die "the static program loads libmakerbreaker"
"$tmp/prog-static" "$tmp/static.cert" >"$tmp/out" || { cat "$tmp/out"; die "the program (static) failed"; }
echo "  linked static: $(cat "$tmp/out")"
cmp -s "$tmp/shared.cert" "$tmp/static.cert" || die "the two programs wrote different certificates"

# the installed programs and their man pages
( cd "$tmp" && PATH=$p/bin:/usr/bin:/bin makerbreaker check 3^3 shared.cert ) >"$tmp/out" || { cat "$tmp/out"; die "the installed makerbreaker rejects the certificate"; }
grep -q '^valid: ' "$tmp/out" || die "the installed makerbreaker: $(cat "$tmp/out")"
"$p/bin/games-atlas" --board mnk:3,3,3 --out "$tmp/atlas.tsv" 2>/dev/null || die "the installed games-atlas failed"
grep -q 'mnk:3,3,3/maker/outcome' "$tmp/atlas.tsv" || die "the installed games-atlas wrote no outcome"
for m in makerbreaker games-atlas; do
  [ "$(MANPATH=$p/share/man man -w "$m")" = "$p/share/man/man1/$m.1" ] || die "man -w $m does not find the installed page"
  MANPATH=$p/share/man MANWIDTH=80 man "$m" >"$tmp/man-$m" 2>"$tmp/man-err" || die "man $m failed"
  [ ! -s "$tmp/man-err" ] || { cat "$tmp/man-err"; die "man $m: messages while rendering"; }
  grep -q '^SYNOPSIS' "$tmp/man-$m" && grep -q "^ *$m " "$tmp/man-$m" || die "man $m did not render the page"
done
grep -q 'makerbreaker solve BOARD' "$tmp/man-makerbreaker" || die "man makerbreaker lacks the solve command"
echo "  the installed makerbreaker accepts the certificate; man renders makerbreaker(1) and games-atlas(1)"

# a user's file where the install would write: refused, nothing written
q=$tmp/q
mkdir -p "$q/bin"
echo "mine" >"$q/bin/makerbreaker"
snap "$q" >"$tmp/q-before"
mk install PREFIX="$q" >"$tmp/log" 2>"$tmp/err" && die "install overwrote a user's bin/makerbreaker"
grep -q "$q/bin/makerbreaker exists and is not from an earlier install" "$tmp/err" || { cat "$tmp/err"; die "refusal not explained"; }
[ "$(grep -c '^install: ' "$tmp/err")" -eq 1 ] || { cat "$tmp/err"; die "not one line"; }
snap "$q" | diff - "$tmp/q-before" >/dev/null || die "a refused install wrote something"
echo "  $(grep '^install: ' "$tmp/err" | sed "s|$tmp|TMP|g")"
# a directory the user may not write in: refused before anything is written
# (as root, the check runs as nobody)
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
  chmod 755 "$tmp"; mkdir -p "$tmp/ro"; echo x >"$tmp/x.h"; cp mk/install.sh "$tmp/install.sh"; chmod 644 "$tmp/x.h" "$tmp/install.sh"
  printf 'file 644 %s %s\n' "$tmp/x.h" "$tmp/ro/include/x.h" |
    setpriv --reuid 65534 --regid 65534 --clear-groups sh "$tmp/install.sh" install "" "$tmp/ro/share/manifest" 2>"$tmp/err" &&
    die "an install into a directory the user may not write in succeeded"
  grep -q "cannot write in $tmp/ro" "$tmp/err" || { cat "$tmp/err"; die "no permissions: not explained"; }
  [ -z "$(ls -A "$tmp/ro")" ] || die "a refused install (permissions) wrote something"
  echo "  as nobody into root's directory: $(sed "s|$tmp|TMP|g" "$tmp/err")"
fi
mk install PREFIX=relative/dir >"$tmp/log" 2>&1 && die "a relative PREFIX was accepted"
grep -q "PREFIX must be an absolute path" "$tmp/log" || die "relative PREFIX: $(cat "$tmp/log")"

# a reinstall replaces its own files and removes the ones it no longer writes
# (the script alone, with a header that has moved between two installs)
s=$tmp/s
printf 'file 644 src/plumbing/result.h %s\nfile 644 mk/install.sh %s\n' "$s/include/old/x.h" "$s/share/y" |
  sh mk/install.sh install "" "$s/share/manifest" >/dev/null || die "mk/install.sh install failed"
printf 'file 644 src/plumbing/result.h %s\nfile 644 mk/install.sh %s\n' "$s/include/new/x.h" "$s/share/y" |
  sh mk/install.sh install "" "$s/share/manifest" >"$tmp/out" || die "mk/install.sh reinstall failed"
[ ! -e "$s/include/old/x.h" ] && [ -f "$s/include/new/x.h" ] || die "the reinstall kept a file it no longer writes"
sh mk/install.sh uninstall "" "$s/share/manifest" >/dev/null && [ ! -e "$s" ] || die "uninstall after a reinstall left files: $(find "$s")"
echo "  a reinstall removes the file it no longer writes; uninstall then removes all"

# DESTDIR: a staged tree for PREFIX; a file changed since the install is kept
d=$tmp/stage
mk install DESTDIR="$d" PREFIX=/opt/mbtest >"$tmp/log" 2>&1 || { tail "$tmp/log"; die "make install DESTDIR= failed"; }
[ -x "$d/opt/mbtest/bin/makerbreaker" ] || die "DESTDIR: nothing under DESTDIR/PREFIX"
[ "$(PKG_CONFIG_PATH=$d/opt/mbtest/lib/pkgconfig pkg-config --variable=prefix makerbreaker)" = /opt/mbtest ] ||
  die "DESTDIR: the .pc does not name PREFIX"
grep -q " /opt/mbtest/bin/makerbreaker$" "$d/opt/mbtest/share/makerbreaker/install-manifest" || die "DESTDIR: the manifest names staged paths"
[ ! -e /opt/mbtest ] || die "DESTDIR: something was written to PREFIX itself"
echo "my notes" >>"$d/opt/mbtest/share/man/man1/games-atlas.1"
mk uninstall DESTDIR="$d" PREFIX=/opt/mbtest >"$tmp/log" 2>&1 || die "make uninstall DESTDIR= failed"
grep -q "kept $d/opt/mbtest/share/man/man1/games-atlas.1: it changed since the install" "$tmp/log" || { cat "$tmp/log"; die "the changed file was not kept"; }
[ "$(cd "$d" && find . -type f)" = ./opt/mbtest/share/man/man1/games-atlas.1 ] || die "DESTDIR uninstall: $(cd "$d" && find . -type f)"
echo "  DESTDIR stages PREFIX; uninstall keeps the file changed since the install"

# uninstall: the prefix as it was, user's files and all
mk uninstall PREFIX="$p" >"$tmp/log" 2>&1 || { cat "$tmp/log"; die "make uninstall failed"; }
snap "$p" | diff "$tmp/before" - || die "after uninstall the prefix is not as it was before the install"
sed 's/^/  /' "$tmp/log" | sed "s|$tmp|TMP|g" | grep uninstall
mk uninstall PREFIX="$p" >"$tmp/log" 2>&1 && die "a second uninstall succeeded"
grep -q "nothing to uninstall" "$tmp/log" || die "second uninstall: $(cat "$tmp/log")"
echo "  uninstall left the prefix as it was; a second one has nothing to remove"
