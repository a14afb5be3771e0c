#!/usr/bin/env bash
# The library's layers (mk/layers.sh): no file under src/ includes a header of
# a higher layer or of another paper, and every include names its layer.  The
# checker itself must catch an injected violation: a copy of src/ where a
# plumbing module includes a solver, a solver includes a paper's header,
# the boards include the game solver, and one paper includes another's.
. "$(dirname "$0")/lib.bash"
sh mk/layers.sh src >"$tmp/out" || { cat "$tmp/out"; die "src/ breaks the layer order"; }
echo "  src/: every #include points down ($(grep -rh '^#include "' src | wc -l) includes)"
cp -r src "$tmp/src"
echo '#include "solvers/matching.h"' >>"$tmp/src/plumbing/result.c"
echo '#include "hypercube/cube.h"' >>"$tmp/src/solvers/drat.h"
echo '#include "nim/sgnim.h"' >>"$tmp/src/ninerow/torus.c"
echo '#include "expt.h"' >>"$tmp/src/game/board.c"
echo '#include "solve/solver.h"' >>"$tmp/src/game/pairing.c"
if sh mk/layers.sh "$tmp/src" >"$tmp/out"; then die "the injected violations were not caught"; fi
for want in "plumbing/result.c:.*plumbing/ includes solvers/matching.h (a higher layer)" \
            "solvers/drat.h:.*solvers/ includes hypercube/cube.h (a higher layer)" \
            "ninerow/torus.c:.*ninerow/ includes nim/sgnim.h (another paper)" \
            "game/board.c:.*game/ includes expt.h (a header without its layer path)" \
            "game/pairing.c:.*game/ includes solve/solver.h (a higher layer)"; do
  grep -q "$want" "$tmp/out" || { cat "$tmp/out"; die "not reported: $want"; }
done
[ "$(wc -l <"$tmp/out")" -eq 5 ] || { cat "$tmp/out"; die "expected exactly the 5 injected violations"; }
sed 's/^/  injected: /' "$tmp/out"
