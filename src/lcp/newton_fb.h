// Internal to src/lcp: the semismooth Newton–Fischer–Burmeister core shared by solve_newton_fb
// (an LCP is the MLCP with no free block), solve_mlcp (the whole MLCP, singular A allowed) and
// solve_auto (with a total work budget, so that a failing step stays cheap).
#pragma once

#include <pegsim/lcp/problem.h>
#include <pegsim/lcp/result.h>
#include <pegsim/lcp/solver.h>

#include <string>

namespace pegsim::detail {

// Deterministic work limits, counted in O(N^3) "work units" (N = size of the whole system):
//   one Newton iteration = 1 (LU of the Jacobian), + 2 when the Levenberg–Marquardt step is
//   formed (J^T J and its LDLT cost about three LUs), one active-set polish = 1, one projected
//   unconstrained starting point = 1 (3 when the LU is too ill-conditioned and the complete
//   orthogonal decomposition is used). Every start and every proximal subproblem consumes at
//   least one unit, even when it ends before its first iteration, so no loop can run unbounded.
struct NewtonBudget {
  int per_start = 100;  // Newton iterations for one starting point (plain Newton + proximal stage)
  int total_work = 0;   // work units over the whole solve; 0: unlimited (only per_start caps)
  // Budgeted mode (Auto): stop after a start that did not improve the best residual by 10%, and
  // end a proximal continuation after kProximalPatience subproblems without improvement.
  bool stop_on_stagnation = false;
};

// per_start = options.max_iterations (or 100), no total limit: the standalone solver's behaviour.
NewtonBudget default_newton_budget(const SolveOptions& options);

struct NewtonFbOutcome {
  Vec u, z;                 // best iterate found (always finite)
  double residual = 0.0;    // max(scaled complementarity, scaled equality) residual, as verify.h
  bool converged = false;   // residual <= options.tolerance
  SolveStatus status = SolveStatus::IterationLimit;  // Solved when converged
  int iterations = 0;       // Newton iterations over all starting points (<= work)
  int work = 0;             // work units spent (see NewtonBudget)
  std::string message;
};

// Semismooth Newton on  A u + C z + a = 0,  phi(z_i, (D u + B z + b)_i) = 0.
// The caller validates the data and verifies the answer independently.
NewtonFbOutcome newton_fb_mixed(const Mlcp& mlcp, const SolveOptions& options, const NewtonBudget& budget);
NewtonFbOutcome newton_fb_mixed(const Mlcp& mlcp, const SolveOptions& options);

// solve_newton_fb with an explicit budget (Auto). result.iterations = Newton iterations.
LcpResult solve_newton_fb_budgeted(const Lcp& lcp, const SolveOptions& options, const NewtonBudget& budget);

}  // namespace pegsim::detail
