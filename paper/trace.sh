#!/bin/sh
# paper/trace.sh OUT BIN EXPERIMENT... — the report's traceability table
# (LaTeX rows): for each experiment, the claims its result file holds, the
# library modules it links, read from the build's own link data
# (BIN/<experiment>.srcs, written from the linker's map), and the unit tests
# that cover them: tests/test_<module>.c, or failing that the tests/test_*.c
# that include the module's header (or its internal header, for a module
# split into parts).  The plumbing every experiment links is
# counted, not listed; a module no unit test covers is named in red.
out=$1 bin=$2
shift 2
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
  red=''
  [ -z "$untested" ] || red="; \\textcolor{red!75!black}{untested: \\texttt{$untested}}"
  printf '\\texttt{%s} & %s & \\texttt{%s} & \\texttt{%s}%s \\\\\n' "$e" "${claims:--}" \
    "$(printf '%s' "${list:--}" | tex)" "$(printf '%s' "${tests:--}" | tex)" "$(printf '%s' "$red" | tex)"
done
