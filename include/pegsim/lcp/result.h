// What every solver returns: a status that is only "Solved" when the independent check passed.
#pragma once

#include <pegsim/lcp/problem.h>

#include <string>
#include <vector>

namespace pegsim {

enum class SolveStatus {
  Solved,              // verified: residual <= tolerance, z >= 0, w >= 0 (within tolerance), all finite
  Infeasible,          // no solution: a checked Farkas certificate (Lemke's ray), or enumeration exhausted
  IterationLimit,      // iteration or pivot cap reached (includes detected cycling)
  NumericalBreakdown,  // singular basis, NaN/Inf produced, line search failure, ...
  InvalidInput,        // dimensions mismatch, non-finite data
  // Appended (issue 10 item 5): a Lemke ray is not a proof of infeasibility unless its Farkas
  // certificate checks; without one it is only what it is.
  RayTermination,      // Lemke ended on a ray that is no infeasibility certificate: undecided
  Jammed,              // Stewart–Trinkle LCP with a checked jam certificate (lcp/jam.h): d in SOL(0, M)
                       // with q.d < 0, so Lemke's sufficient condition fails; jammed_contacts lists it
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
  std::vector<int> jammed_contacts;   // Jammed: the contacts with c_k > 0 in the certificate (lcp/jam.h)
  int islands = 1;  // independent blocks solved apart (components.h)
  int threads = 1;  // threads that solved them (SolveOptions::threads)
  // Auto on a frictional LCP: the relative regularisation of the Lemke path that solved it (0: the
  // plain path); over islands, the largest. A hint for the next cell (SolveOptions).
  double regularization = 0.0;
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
