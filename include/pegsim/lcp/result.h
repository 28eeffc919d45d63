// What every solver returns: a status that is only "Solved" when the independent check passed.
#pragma once

#include <pegsim/lcp/problem.h>

#include <string>
#include <vector>

namespace pegsim {

enum class SolveStatus {
  Solved,              // verified: residual <= tolerance, z >= 0, w >= 0 (within tolerance), all finite
  Infeasible,          // proven or reported no solution (e.g. Lemke ray termination)
  IterationLimit,      // iteration or pivot cap reached (includes detected cycling)
  NumericalBreakdown,  // singular basis, NaN/Inf produced, line search failure, ...
  InvalidInput,        // dimensions mismatch, non-finite data
};

const char* to_string(SolveStatus status);

struct LcpResult {
  SolveStatus status = SolveStatus::InvalidInput;
  Vec z;                  // never contains NaN: zero-filled when the solver produced none
  Vec w;                  // M z + q, recomputed by the verifier
  double residual = 0.0;  // verify.h: scaled natural residual, computed independently of the solver
  int iterations = 0;     // pivots (Lemke, enumeration bases) or iterations (Newton, PGS)
  double seconds = 0.0;
  std::string solver;     // name of the solver that produced z ("lemke", "newton", ...)
  std::string message;    // human-readable detail for non-Solved outcomes
  std::vector<int> basis; // indices i with z_i basic at the end (warm start for the next solve)
  std::vector<std::string> attempts;  // Auto: what was tried, in order, with each outcome
  bool certified_infeasible = false;  // Infeasible with a checked Farkas certificate (Lemke's ray)
  bool status_ok() const { return status == SolveStatus::Solved; }
};

struct MlcpResult {
  SolveStatus status = SolveStatus::InvalidInput;
  Vec u, z, w;
  double residual = 0.0;  // max of the complementarity residual and the scaled equality residual
  int iterations = 0;
  double seconds = 0.0;
  std::string solver;
  std::string message;
  std::vector<std::string> attempts;
};

}  // namespace pegsim
