// satbudget.cc — see satbudget.h: CaDiCaL with a conflict limit (C++ API:
// proof tracing is C++ only in Debian's CaDiCaL 1.5).
#include <cadical.hpp>

#include <chrono>
#include <climits>

#include "satbudget.h"

extern "C" int satbudget_solve(const int *lits, size_t nlits, int nvars, int64_t conflicts,
                               FILE *proof, uint8_t *model, SatbudgetStats *st) {
  if (nlits > 0 && lits[nlits - 1] != 0) return -1;
  for (size_t i = 0; i < nlits; i++)
    if (lits[i] > nvars || lits[i] < -nvars) return -1;
  CaDiCaL::Solver s;
  s.set("quiet", 1);
  if (proof) {
    s.set("binary", 0);
    s.trace_proof(proof, "proof");
  }
  for (size_t i = 0; i < nlits; i++) s.add(lits[i]);
  if (conflicts >= 0) s.limit("conflicts", conflicts > INT_MAX ? INT_MAX : (int)conflicts);
  auto t0 = std::chrono::steady_clock::now();
  int r = s.solve();
  auto t1 = std::chrono::steady_clock::now();
  if (r == SATBUDGET_SAT && model) {
    model[0] = 0;
    for (int v = 1; v <= nvars; v++) model[v] = s.val(v) > 0;
  }
  if (proof) {
    s.flush_proof_trace();
    fflush(proof);
  }
  if (st) {
    st->seconds = std::chrono::duration<double>(t1 - t0).count();
  }
  return r;
}
