// Internal to src/lcp: the semismooth Newton–Fischer–Burmeister core shared by solve_newton_fb
// (an LCP is the MLCP with no free block) and solve_mlcp (the whole MLCP, singular A allowed).
#pragma once

#include <pegsim/lcp/problem.h>
#include <pegsim/lcp/result.h>
#include <pegsim/lcp/solver.h>

#include <string>

namespace pegsim::detail {

struct NewtonFbOutcome {
  Vec u, z;                 // best iterate found (always finite)
  double residual = 0.0;    // max(scaled complementarity, scaled equality) residual, as verify.h
  bool converged = false;   // residual <= options.tolerance
  SolveStatus status = SolveStatus::IterationLimit;  // Solved when converged
  int iterations = 0;       // Newton iterations over all starting points
  std::string message;
};

// Semismooth Newton on  A u + C z + a = 0,  phi(z_i, (D u + B z + b)_i) = 0.
// The caller validates the data and verifies the answer independently.
NewtonFbOutcome newton_fb_mixed(const Mlcp& mlcp, const SolveOptions& options);

}  // namespace pegsim::detail
