#!/bin/sh
# paper/trace.sh [--tsv] OUT BIN EXPERIMENT... — the traceability table: for
# each experiment, the claims its result file holds, the
# library modules it links, read from the build's own link data
# (BIN/<experiment>.srcs, written from the linker's map), and the unit tests
# that cover them: tests/test_<module>.c, or failing that the tests/test_*.c
# that include the module's header (or its internal header, for a module
# split into parts).  The plumbing every experiment links is
# counted, not listed.  With --tsv: the table itself, tab-separated with a
# header line (make reproduce writes it to OUT/traceability.tsv; the report
# points there).  Without: LaTeX definitions for the report,
# \traceexperiments (the rows) and \traceuntested (the modules no unit test
# covers, in red, or nothing).
mode=tex
[ "${1:-}" != --tsv ] || { mode=tsv; shift; }
out=$1 bin=$2
shift 2
[ "$mode" = tex ] || printf 'experiment\tclaims\tmodules\tunit_tests\tuntested\n'
n=0 allun=
tex() { sed 's/_/\\_/g'; }
for e in "$@"; do
  res=$out/results/$e.tsv
  claims=$( [ -f "$res" ] && awk -F'\t' 'FNR > 1 && !s[$1]++ { printf "%s%s", sep, $1; sep = ", " }' "$res")
  # a module split into parts sharing an internal header (src/D/M_int.h,
  # e.g. the solver's solver_eval.c, solver_search.c, ...) counts as one, M
  mods=$(grep -E '^src/.*\.(c|cc)$' "$bin/$e.srcs" 2>/dev/null | sed -e 's|^src/||' -e 's|\.cc\?$||' |
    while read -r m; do
      base=${m%_*}
      if [ "$base" != "$m" ] && [ -f "src/${base}_int.h" ]; then echo "$base"; else echo "$m"; fi
    done | sort -u)
  list='' untested='' tests='' plumb=0
  for m in $mods; do
    b=$(basename "$m")
    if [ -f "tests/test_$b.c" ]; then by=$b
    else by=$(grep -l "#include \"$m.h\"" tests/test_*.c 2>/dev/null | sed -e 's|^tests/test_||' -e 's|\.c$||'); fi
    [ ! -f "src/${m}_int.h" ] || by="$by $(grep -l "#include \"${m}_int.h\"" tests/test_*.c 2>/dev/null |
      sed -e 's|^tests/test_||' -e 's|\.c$||' | paste -sd' ' -)"
    [ -n "$by" ] || untested="${untested:+$untested, }$m"
    case $m in
      plumbing/*) plumb=$((plumb + 1)) ;;
      *) list="${list:+$list, }$m"; tests="$tests $by" ;;
    esac
  done
  [ "$plumb" -eq 0 ] || list="${list:+$list, }plumbing ($plumb)"
  tests=$(printf '%s\n' $tests | sort -u | paste -sd, - | sed 's/,/, /g')
  n=$((n + 1))
  for u in $(printf '%s' "$untested" | tr -d ','); do # each module once
    case ", $allun, " in *", $u, "*) ;; *) allun="${allun:+$allun, }$u" ;; esac
  done
  [ "$mode" = tex ] || printf '%s\t%s\t%s\t%s\t%s\n' "$e" "${claims:--}" "${list:--}" "${tests:--}" "${untested:--}"
done
if [ "$mode" = tex ]; then
  printf '\\newcommand{\\traceexperiments}{%s}\n' "$n"
  if [ -n "$allun" ]; then
    printf '\\newcommand{\\traceuntested}{\\textcolor{red!75!black}{\\textbf{Modules without a unit test: \\texttt{%s}.}}}\n' "$(printf '%s' "$allun" | tex)"
  else
    printf '\\newcommand{\\traceuntested}{}\n'
  fi
fi
