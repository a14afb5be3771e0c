// satproof.cc — the C++ side of satproof.h: CaDiCaL's proof tracing.
#include <cadical.hpp>
#include <chrono>

#include "solvers/satproof.h"

extern "C" int satproof_solve(const int *lits, size_t nlits, int nvars, FILE *proof,
                              uint8_t *model) {
  return satproof_solve_limited(lits, nlits, nvars, -1, proof, model);
}

extern "C" int satproof_solve_limited(const int *lits, size_t nlits, int nvars, long conflicts,
                                      FILE *proof, uint8_t *model) {
  return satproof_solve_budget(lits, nlits, nvars, conflicts, 0, proof, model);
}

namespace {
// asks CaDiCaL to stop once the wall clock passes the deadline (it polls
// terminate() often: every few propagations' worth of work)
struct Deadline : CaDiCaL::Terminator {
  std::chrono::steady_clock::time_point end;
  bool terminate() override { return std::chrono::steady_clock::now() >= end; }
};
}  // namespace

extern "C" int satproof_solve_budget(const int *lits, size_t nlits, int nvars, long conflicts, double seconds,
                                     FILE *proof, uint8_t *model) {
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
  if (conflicts >= 0) s.limit("conflicts", conflicts > INT32_MAX ? INT32_MAX : (int)conflicts);
  Deadline d;
  if (seconds > 0) {
    d.end = std::chrono::steady_clock::now() +
            std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
    s.connect_terminator(&d);
  }
  int r = s.solve();
  if (seconds > 0) s.disconnect_terminator();
  if (r == SATPROOF_SAT && model) {
    model[0] = 0;
    for (int v = 1; v <= nvars; v++) model[v] = s.val(v) > 0;
  }
  if (proof) {
    s.flush_proof_trace();
    fflush(proof);
  }
  return r;
}

extern "C" bool satproof_satisfies(const int *lits, size_t nlits, const uint8_t *model) {
  bool sat = false;
  for (size_t i = 0; i < nlits; i++) {
    int l = lits[i];
    if (l == 0) {
      if (!sat) return false;
      sat = false;
    } else if (model[l > 0 ? l : -l] == (l > 0)) {
      sat = true;
    }
  }
  return true;
}
