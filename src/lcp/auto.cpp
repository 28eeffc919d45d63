// The default LCP solver of the engine and the CLI: fast on the common case, robust on the rest.
//
// Strategy (every answer verified by finalize_result in the solver that produced it):
//   1. q >= 0: z = 0.
//   2. Lemke (warm-started from options.warm_basis): exact, fast, complete for the contact LCPs
//      (copositive-plus M) but may ray-terminate on the nonconvex (Egan) formulations.
//      A ray with a checked infeasibility certificate (or any ray, with options.copositive_plus)
//      ends the solve: Infeasible.
//   2b. Symmetric M with a non-negative diagonal (frictionless contact LCPs, J M^-1 J^T, are PSD):
//      Lemke on M + eps I, eps = 1e-11 max|M_ii|, its answer checked against the original. Such
//      LCPs are often rank-deficient (more contacts than velocity DOFs: a 117-row cell at h = 0.05
//      on ~60 DOFs), and in floating point Lemke can end on a ray there without an infeasibility
//      certificate; the shifted matrix is positive definite (a P-matrix: no ray, one solution),
//      and eps z is far below the check's tolerance (measured: residual 5e-11 on the original).
//   3. Newton–FB under a fixed work budget: handles many problems where Lemke's ray termination
//      proves nothing.
//   3b. Lemke again, starting from Newton's active set (a short path when Newton got close).
//   4. Enumeration of complementary bases when n <= 12: exhaustive, so it finds a solution if
//      one exists (up to conditioning).
//   5. PGS when M is symmetric with a positive diagonal: an inexact last attempt, accepted only
//      if the independent check passes.
// The first verified solution wins. If none verifies, the attempt with the smallest residual is
// returned with its own failure status (never Solved). result.attempts lists every attempt.
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/verify.h>

#include "newton_fb.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <limits>
#include <string>

namespace pegsim {
namespace {

constexpr int kPgsSweepsInAuto = 300;
// Newton inside Auto is a fallback: a fixed work budget (newton_fb.h units, about that many dense
// factorisations) keeps a failing step as cheap as a few Lemke solves, deterministically. Small
// budget is about 4e8 / n^3 units (~3e8 flops of factorisations, some 0.1 s), between 4 and 400:
// small problems get many cheap iterations, a huge one only a few.
int newton_work_budget(int n) {
  const double cube = static_cast<double>(n) * n * n;
  return static_cast<int>(std::clamp(4e8 / cube, 4.0, 400.0));
}

std::string describe(const LcpResult& r) {
  const char* unit = r.solver.rfind("lemke", 0) == 0 ? "pivots" : r.solver == "enumerate" ? "bases"
                     : r.solver == "pgs"  ? "sweeps"
                                          : "iterations";
  char buf[160];
  if (r.status == SolveStatus::Solved) {
    std::snprintf(buf, sizeof buf, "%s: %s (%d %s, %.2g s)", r.solver.c_str(), to_string(r.status),
                  r.iterations, unit, r.seconds);
  } else {
    std::snprintf(buf, sizeof buf, "%s: %s (residual %.3g, %d %s, %.2g s)", r.solver.c_str(),
                  to_string(r.status), r.residual, r.iterations, unit, r.seconds);
  }
  std::string text = buf;
  if (r.status != SolveStatus::Solved && !r.message.empty()) text += ": " + r.message;
  return text;
}

constexpr double kRegularization = 1e-11;  // attempt 2b: relative to max|M_ii|

bool is_symmetric(const Mat& M) {
  const double scale = std::max(1.0, M.cwiseAbs().maxCoeff());
  return (M - M.transpose()).cwiseAbs().maxCoeff() <= 1e-12 * scale;
}

bool symmetric_with_nonnegative_diagonal(const Mat& M) {
  return M.size() > 0 && (M.diagonal().array() >= 0.0).all() && M.diagonal().cwiseAbs().maxCoeff() > 0.0 &&
         is_symmetric(M);
}

bool symmetric_with_positive_diagonal(const Mat& M) {
  return !(M.diagonal().array() <= 0.0).any() && is_symmetric(M);
}

}  // namespace

LcpResult solve_auto(const Lcp& lcp, const SolveOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  const auto finish = [&](LcpResult r, std::vector<std::string> attempts) {
    r.attempts = std::move(attempts);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
  };

  const std::string invalid = validate_lcp(lcp);
  if (!invalid.empty()) {
    LcpResult r;
    r.status = SolveStatus::InvalidInput;
    r.solver = "auto";
    r.message = invalid;
    r.z = Vec::Zero(std::max<Eigen::Index>(0, lcp.q.size()));
    r.residual = std::numeric_limits<double>::infinity();
    return finish(std::move(r), {"validate: InvalidInput: " + invalid});
  }

  const int n = lcp.size();
  if (n == 0 || (lcp.q.array() >= 0.0).all()) {
    LcpResult r;
    r.status = SolveStatus::Solved;
    r.solver = "trivial";
    r.z = Vec::Zero(n);
    finalize_result(lcp, options.tolerance, r);
    return finish(std::move(r), {"trivial: solved (q >= 0, z = 0)"});
  }

  detail::NewtonBudget newton_budget = detail::default_newton_budget(options);
  newton_budget.total_work = newton_work_budget(n);
  newton_budget.stop_on_stagnation = true;
  std::vector<int> newton_active;  // Newton's active set {i : z_i > w_i}, a warm start for Lemke
  std::vector<std::function<LcpResult()>> plan = {
      [&] { return solve_lemke(lcp, options); },
  };
  if (symmetric_with_nonnegative_diagonal(lcp.M)) {
    plan.push_back([&] {
      Lcp shifted = lcp;
      shifted.M.diagonal().array() += kRegularization * lcp.M.diagonal().cwiseAbs().maxCoeff();
      SolveOptions shifted_options = options;
      shifted_options.warm_basis = nullptr;
      LcpResult r = solve_lemke(shifted, shifted_options);
      r.solver = "lemke (regularized)";
      finalize_result(lcp, options.tolerance, r);  // the original problem decides
      return r;
    });
  }
  const std::vector<std::function<LcpResult()>> fallbacks = {
      [&] {
        LcpResult r = detail::solve_newton_fb_budgeted(lcp, options, newton_budget);
        const Vec w = lcp.M * r.z + lcp.q;
        for (int i = 0; i < n; ++i)
          if (r.z(i) > w(i)) newton_active.push_back(i);
        return r;
      },
      [&] {
        // Lemke from Newton's near-solution basis: a short path to an exact answer when Newton
        // got close but not to tolerance (degenerate or badly conditioned contact LCPs).
        SolveOptions warm = options;
        warm.warm_basis = &newton_active;
        warm.warm_path_only = true;  // the textbook path already failed in attempt 1
        LcpResult r = solve_lemke(lcp, warm);
        r.solver = "lemke";
        return r;
      },
  };
  plan.insert(plan.end(), fallbacks.begin(), fallbacks.end());
  if (n <= kEnumerationMaxSize) plan.push_back([&] { return solve_enumerate(lcp, options); });
  // PGS last, with a bounded number of sweeps: it is an inexact long shot, not worth seconds.
  SolveOptions pgs_options = options;
  if (pgs_options.max_iterations <= 0) pgs_options.max_iterations = kPgsSweepsInAuto;
  if (symmetric_with_positive_diagonal(lcp.M)) plan.push_back([&] { return solve_pgs(lcp, pgs_options); });

  std::vector<std::string> attempts;
  LcpResult best;
  bool have_best = false;
  for (const auto& attempt : plan) {
    LcpResult r = attempt();
    // The sub-solver already finalized; re-check here so Auto's verdict never rests on it.
    finalize_result(lcp, options.tolerance, r);
    attempts.push_back(describe(r));
    if (r.status == SolveStatus::Solved) return finish(std::move(r), std::move(attempts));
    // A checked Farkas certificate, or a Lemke ray on a copositive-plus M (the caller's promise),
    // proves infeasibility: nothing else can succeed.
    if (r.status == SolveStatus::Infeasible && (r.certified_infeasible || options.copositive_plus)) {
      r.message = "auto: " + r.message;
      return finish(std::move(r), std::move(attempts));
    }
    const bool better = !have_best || r.residual < best.residual;
    if (better) {
      best = std::move(r);
      have_best = true;
    }
  }
  best.message = "auto: no attempt verified; returning the smallest residual (" + best.solver +
                 "): " + best.message;
  return finish(std::move(best), std::move(attempts));
}

}  // namespace pegsim
