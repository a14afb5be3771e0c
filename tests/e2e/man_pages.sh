#!/usr/bin/env bash
# The man pages man/*.1 (issue 40) lint clean with `mandoc -T lint` and say
# what the programs' own help says:
#  - makerbreaker.1: one subsection of COMMANDS per command of `makerbreaker
#    help`, and one section per help topic (TOPIC_SECTION below; a new topic
#    without a section fails); in each, exactly the options the topic's help
#    text names, and over the whole page exactly the options of all the help
#    texts; the board kinds of `help boards`; the exit statuses of `help`;
#  - games-atlas.1: exactly the options of `games-atlas --help`, each with
#    the default its help line gives;
#  - every source path either page names exists.
# Shown to fail on an option dropped from a page and on one added to it.
. "$(dirname "$0")/lib.bash"
command -v mandoc >/dev/null || die "mandoc is not installed (make deps installs it for make check)"
M=$BIN/makerbreaker
A=$BIN/games-atlas
[ -x "$M" ] && [ -x "$A" ] || die "makerbreaker or games-atlas not built"

# lint (from man/, where mandoc finds the pages the others refer to)
( cd man && mandoc -T lint ./*.1 ) >"$tmp/lint" 2>&1 || { cat "$tmp/lint"; die "mandoc -T lint: messages"; }
[ ! -s "$tmp/lint" ] || { cat "$tmp/lint"; die "mandoc -T lint: messages"; }
echo "  mandoc -T lint: $(ls man/*.1 | wc -l) pages, no message"

render() { mandoc -T ascii -O width=1000 "$1" | sed 's/.\x08//g'; }
# section FILE SECTION [SUBSECTION]: the rendered text of a section (or of one subsection)
section() {
  awk -v s="$2" -v ss="${3:-}" '
    /^[A-Z]/ { insec = ($0 == s); insub = (ss == ""); next }
    insec && ss != "" && /^   [^ ]/ { t = $0; sub(/^ +/, "", t); insub = (t == ss); next }
    insec && insub' "$1"
}
opts() { grep -o -- '--[a-z][a-z0-9-]*' | sed 's/-*$//' | sort -u; }
# same WHAT A B: the sorted lists A and B are equal, else say what differs
same() {
  if ! diff -q "$2" "$3" >/dev/null; then
    echo "only in the help:"; comm -23 "$2" "$3" | sed 's/^/    /'
    echo "only in the man page:"; comm -13 "$2" "$3" | sed 's/^/    /'
    die "$1 differ between the help and the man page"
  fi
}

# compare MAN: the makerbreaker checks on the page MAN (run on a copy too)
compare() {
  local page=$1
  render "$page" >"$tmp/page"
  # commands: the usage lines of `makerbreaker help`; subsections of COMMANDS
  "$M" help >"$tmp/help-main" || die "makerbreaker help failed"
  sed -n 's/^  makerbreaker \([a-z][a-z]*\) .*/\1/p' "$tmp/help-main" | sort -u >"$tmp/h"
  section "$tmp/page" COMMANDS | sed -n 's/^   \([^ ].*\)$/\1/p' | sort -u >"$tmp/cmds"
  same "commands" "$tmp/h" "$tmp/cmds" || return 1
  # topics: the ones `makerbreaker help` names when asked for one it lacks
  "$M" help no-such-topic 2>&1 >/dev/null | sed -n 's/.*(\(.*\))$/\1/p' | tr -d ' ' | tr , '\n' >"$tmp/topics"
  [ "$(wc -l <"$tmp/topics")" -ge 8 ] || die "cannot read the help topics"
  "$M" --help >"$tmp/all"
  while read -r t; do
    case $t in
      json) sec="JSON OUTPUT" sub= ;;
      boards) sec=BOARDS sub= ;;
      moves) sec=MOVES sub= ;;
      format) sec="HYPERGRAPH FILES" sub= ;;
      certificate) sec=CERTIFICATES sub= ;;
      pg) sec="PGD FILES" sub= ;;
      *) grep -qx "$t" "$tmp/cmds" || die "help topic '$t' has no section in the man page (add one, and a line here)"
         sec=COMMANDS sub=$t ;;
    esac
    "$M" help "$t" >"$tmp/help-$t" || die "makerbreaker help $t failed"
    cat "$tmp/help-$t" >>"$tmp/all"
    section "$tmp/page" "$sec" "$sub" >"$tmp/sec"
    [ -s "$tmp/sec" ] || die "no section '$sec${sub:+ / $sub}' in the man page for help topic '$t'"
    opts <"$tmp/help-$t" >"$tmp/h"; opts <"$tmp/sec" >"$tmp/m"
    same "the options of '$t'" "$tmp/h" "$tmp/m" || return 1
    grep -qw -- "$t" <(section "$tmp/page" COMMANDS help) || die "the man page's help subsection does not name the topic '$t'"
  done <"$tmp/topics"
  opts <"$tmp/all" >"$tmp/h"; opts <"$tmp/page" >"$tmp/m"
  same "the options of all help texts and of the whole page" "$tmp/h" "$tmp/m" || return 1
  # the board kinds of `help boards` and of BOARDS
  sed -n 's/^  \([^ ][^ ]*\)  .*/\1/p' "$tmp/help-boards" | sort -u >"$tmp/h"
  section "$tmp/page" BOARDS | sed -n 's/^     \([^ ][^ ]*\)  .*/\1/p' | sort -u >"$tmp/m"
  [ "$(wc -l <"$tmp/h")" -ge 5 ] || die "cannot read the board kinds of help boards"
  same "the board kinds" "$tmp/h" "$tmp/m" || return 1
  # the exit statuses of `makerbreaker help` and of EXIT STATUS
  sed -n '/^Exit status:/,/^$/p' "$tmp/help-main" | grep -oE '\b[0-9]+\b' | sort -un >"$tmp/h"
  section "$tmp/page" "EXIT STATUS" | sed -n 's/^     \([0-9][0-9]*\) .*/\1/p' | sort -un >"$tmp/m"
  same "the exit statuses" "$tmp/h" "$tmp/m" || return 1
}
compare man/makerbreaker.1
echo "  makerbreaker.1: $(wc -l <"$tmp/topics") help topics, $(wc -l <"$tmp/h") exit statuses, $(opts <"$tmp/page" | wc -l) options: the same as the help"

# games-atlas: the options of --help, each entry with its default
atlas() {
  render "$1" >"$tmp/apage"
  "$A" --help >"$tmp/ahelp" || die "games-atlas --help failed"
  opts <"$tmp/ahelp" >"$tmp/h"; opts <"$tmp/apage" >"$tmp/m"
  same "games-atlas's options" "$tmp/h" "$tmp/m" || return 1
  sed -n 's/^  \(--[a-z-]*\)[= ].*(default \([^;)]*\).*/\1 \2/p' "$tmp/ahelp" >"$tmp/defaults"
  [ "$(wc -l <"$tmp/defaults")" -ge 5 ] || die "cannot read the defaults of games-atlas --help"
  while read -r o d; do
    section "$tmp/apage" OPTIONS | awk -v o="$o" '/^     --/ { on = ($1 == o) } on' | grep -qF "default $d" ||
      die "games-atlas.1: $o does not say 'default $d' as --help does"
  done <"$tmp/defaults"
}
atlas man/games-atlas.1
echo "  games-atlas.1: $(wc -l <"$tmp/h") options and $(wc -l <"$tmp/defaults") defaults, as in --help"

# every src/, experiments/ or mk/ path the pages name exists
grep -ohE '\b(src|experiments|mk)/[A-Za-z0-9_./-]*[A-Za-z0-9_]' man/*.1 | sort -u | while read -r p; do
  [ -e "$p" ] || die "a man page names $p, which does not exist"
done || exit 1

# the comparison catches a dropped option and an added one
sed '/^\.It Fl \\-no\\-mustplay$/,+1d' man/makerbreaker.1 >"$tmp/drop.1"
sed 's/^\.Op Fl \\-no\\-mustplay$//' -i "$tmp/drop.1"
( compare "$tmp/drop.1" ) >"$tmp/out" 2>&1 && die "an option dropped from makerbreaker.1 was not noticed"
grep -q 'only in the help:' "$tmp/out" && grep -q -- '--no-mustplay' "$tmp/out" || { cat "$tmp/out"; die "the dropped option is not named"; }
sed 's/^\.Op Fl \\-nodes Ar N$/.Op Fl \\-nodes Ar N\n.Op Fl \\-fast/' man/games-atlas.1 >"$tmp/add.1"
( atlas "$tmp/add.1" ) >"$tmp/out" 2>&1 && die "an option added to games-atlas.1 was not noticed"
grep -q -- '--fast' "$tmp/out" || { cat "$tmp/out"; die "the added option is not named"; }
echo "  a dropped and an added option are caught"
