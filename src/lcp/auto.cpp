// The default LCP solver of the engine and the CLI: fast on the common case, robust on the rest.
//
// Strategy (every answer verified by finalize_result in the solver that produced it):
//   1. q >= 0: z = 0.
//   1b. n >= kDenseBlockPivotingMinSize, M symmetric: block principal pivoting on a sparse factorisation
//      (block_pivoting.h), from the warm basis: a large contact LCP couples each row with few
//      others, and a dense Lemke basis costs n^3 (issue 11: a 200-body pile). A bounded number of
//      exchanges; when it does not verify, the dense attempts below run as before.
//   2. Lemke (warm-started from options.warm_basis): exact, fast, complete for the contact LCPs
//      (copositive-plus M) but may ray-terminate on the nonconvex (Egan) formulations.
//      A ray with a checked infeasibility certificate ends the solve: Infeasible. Any ray, with
//      options.copositive_plus, ends it too, as RayTermination (a ray without a checked
//      certificate is never reported Infeasible: issue 10 item 5).
//      Stewart–Trinkle-shaped M (friction): a path that breaks down gets its z polished on its
//      support (the least-squares correction of 2c) before the regularised attempts run.
//   2b. Symmetric M with a non-negative diagonal (frictionless contact LCPs, J M^-1 J^T, are PSD):
//      Lemke on M + eps I, eps = 1e-11 max|M_ii|, its answer checked against the original. Such
//      LCPs are often rank-deficient (more contacts than velocity DOFs: a 117-row cell at h = 0.05
//      on ~60 DOFs), and in floating point Lemke can end on a ray there without an infeasibility
//      certificate; the shifted matrix is positive definite (a P-matrix: no ray, one solution),
//      and eps z is far below the check's tolerance (measured: residual 5e-11 on the original).
//   2c. Stewart–Trinkle-shaped M (friction): Lemke on M + eps D (eps/max|M_ii| = 1e-9 ... 1e-5), exact on M by
//      proximal point steps and a polish on the support (regularized_polished.cpp: why),
//      each path from the warm basis first, as in 2.
//   3. Newton–FB under a fixed work budget: handles many problems where Lemke's ray termination
//      proves nothing. Up to kNewtonFallbackMaxRows rows (3b too): above, it never verified.
//   3b. Lemke again, starting from Newton's active set (a short path when Newton got close).
//   3c. Frictional M with negative diagonal entries too (PEG's accurate rows): attempt 2c at
//      eps = 1e-7 and 1e-5, after Newton.
//   4. Enumeration of complementary bases when n <= 12: exhaustive, so it finds a solution if
//      one exists (up to conditioning).
//   5. PGS when M is symmetric with a positive diagonal: an inexact attempt, accepted only
//      if the independent check passes.
//   6. Newton–FB with a larger budget and no stagnation stop: the last resort, paid only by a
//      solve that would otherwise fail.
// The first verified solution wins. If none verifies, the attempt with the smallest residual is
// returned with its own failure status (never Solved). result.attempts lists every attempt.
#include <pegsim/lcp/block_pivoting.h>
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/verify.h>

#include "min_norm_solve.h"
#include "newton_fb.h"
#include "regularized_polished.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <iterator>

#include <limits>
#include <string>

namespace pegsim {
namespace {

constexpr int kPgsSweepsInAuto = 300;
constexpr int kExtendedNewtonFactor = 6;  // attempt 6: the last resort's budget, x attempt 3's
// Attempt 6's size limit: below it attempt 3's budget is ~4e8 / n^3 units (0.1 s), so attempt 6
// costs at most ~0.6 s; above it (budget clamped at 4 units) Newton rarely converges in budget
// (measured: two 850-row cells of a frictional pour, 1.3 s each, both unsolved).
constexpr int kExtendedNewtonMaxRows = 450;
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

// max|M_ij - M_ji| <= 1e-12 max(1, max|M|), without an n x n temporary, stopping at the first
// asymmetric pair (friction rows make most engine LCPs nonsymmetric within the first columns).
bool is_symmetric(const Mat& M) {
  if (M.rows() != M.cols()) return false;
  const double tolerance = 1e-12 * std::max(1.0, M.cwiseAbs().maxCoeff());
  for (Eigen::Index j = 0; j < M.cols(); ++j)
    for (Eigen::Index i = 0; i < j; ++i)
      if (!(std::abs(M(i, j) - M(j, i)) <= tolerance)) return false;
  return true;
}

// The shape tests below take is_symmetric(M), computed once per solve: an O(n^2) scan for the
// symmetric (frictionless) contact LCPs, which each test would otherwise repeat.
bool symmetric_with_nonnegative_diagonal(const Mat& M, bool symmetric) {
  return M.size() > 0 && (M.diagonal().array() >= 0.0).all() && M.diagonal().cwiseAbs().maxCoeff() > 0.0 && symmetric;
}

bool symmetric_with_positive_diagonal(const Mat& M, bool symmetric) {
  return !(M.diagonal().array() <= 0.0).any() && symmetric;
}

// The shape of a frictional contact LCP (Egan eqs 5-7): not symmetric, diagonal >= 0 with both
// positive entries (the impulse rows) and zeros (the slip rows).
bool stewart_trinkle_shaped(const Mat& M, bool symmetric) {
  return M.size() > 0 && (M.diagonal().array() >= 0.0).all() && M.diagonal().maxCoeff() > 0.0 &&
         M.diagonal().minCoeff() == 0.0 && !symmetric;
}

// A frictional LCP with rows of negative diagonal too (PEG's accurate rows): impulse rows (> 0),
// slip rows (0) and rows < 0. O(n) for the symmetric PSD contact LCPs (no negative diagonal).
bool friction_with_negative_rows(const Mat& M, bool symmetric) {
  return M.size() > 0 && M.diagonal().minCoeff() < 0.0 && M.diagonal().maxCoeff() > 0.0 &&
         (M.diagonal().array() == 0.0).any() && !symmetric;
}

// Attempt 2 on a frictional M: a Lemke path that stopped short ("singular basis after a small
// pivot", or a final basis whose solve misses the check by a little) often ends on the right
// support, its z off by the round-off of a near-singular basis (measured: four bins of 50 polygons
// at mu = 0.3, 19 of 77 such paths within 1e-6 of the check). The polish of 2c on that support
// makes it exact at one decomposition, where the regularised attempts cost a fresh Lemke path
// each and 0.05-0.3 s on 250-450-row cells. The original problem decides, as everywhere.
void polish_broken_path(const Lcp& lcp, double tolerance, LcpResult& r) {
  if (r.status == SolveStatus::Solved || r.z.size() != lcp.size() || !r.z.allFinite()) return;
  Vec z = r.z;
  if (!detail::polish_on_support(lcp, tolerance, z).improved) return;
  r.z = std::move(z);
  r.solver += " polished";
}

// A solver may stop on its own criterion (Lemke: "singular basis after a small pivot") with a z
// that already solves the LCP. The independent check is the judge: a finite z whose residual is
// within tolerance is a solution, whatever the path that produced it (measured: frictional pour
// cells ending so at residual 3e-13, then sent to Newton for 0.05 s and counted as failures).
void accept_if_verified(const Lcp& lcp, double tolerance, LcpResult& r) {
  if (r.status == SolveStatus::Solved || r.status == SolveStatus::InvalidInput) return;
  if (r.z.size() != lcp.size() || !r.z.allFinite()) return;
  const Verification check = verify_lcp(lcp, r.z, tolerance);
  if (!check.ok) return;
  r.message = "verified although the solver stopped with " + std::string(to_string(r.status)) +
              (r.message.empty() ? std::string() : " (" + r.message + ")");
  r.status = SolveStatus::Solved;
  r.residual = check.residual;
  r.w = check.w;
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
  std::vector<std::function<LcpResult()>> plan;
  const bool symmetric = is_symmetric(lcp.M);
  if (n >= kDenseBlockPivotingMinSize && symmetric) {  // monotone: see sparse_lcp.h
    plan.push_back([&] {
      SolveOptions bounded = options;
      bounded.max_iterations = block_pivoting_exchange_budget(n);
      return solve_block_pivoting(lcp, bounded);
    });
  }
  const bool frictional = stewart_trinkle_shaped(lcp.M, symmetric);
  plan.push_back([&] {
    LcpResult r = options.plain_lemke != nullptr ? *options.plain_lemke : solve_lemke(lcp, options);
    if (frictional) polish_broken_path(lcp, options.tolerance, r);
    return r;
  });
  if (symmetric_with_nonnegative_diagonal(lcp.M, symmetric)) {
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
  if (frictional) {
    // 2c. Stewart–Trinkle friction LCPs (Egan eqs 5-7) with more force directions than DOFs
    // (two sticking contacts on one polygon: 4 directions, 3 DOFs) have singular complementary
    // bases at their solutions: statically indeterminate, the solution set is not a point, and
    // Lemke ends with "singular basis after a small pivot" or a basis whose solve fails the
    // check (measured: every failed step of frictional pours at mu = 1). Proximal regularisation,
    // as ODE's CFM does but without keeping the softness: Lemke on M + eps D (D = 1 on the
    // positive diagonal entries: the [N D]^T M^-1 [N D] block; slip rows keep their 0), whose
    // bases are regular, then that basis's equations solved exactly on the original M by a
    // rank-revealing least-squares correction of the regularised z. The original decides.
    for (const double relative : detail::kFrictionRegularization) {
      plan.push_back([&, relative] { return detail::solve_regularized_polished(lcp, options, relative); });
    }
    // A search's rounds solve nearly the same cell again and again: when the last one needed a
    // regularised path, its plain path and smaller levels (500-900 pivots each before a
    // breakdown on 800-1200-row cells of a frictional pile) are tried last, not first.
    if (options.regularization_hint > 0.0 && n >= kRegularizationHintMinRows) {
      std::vector<std::function<LcpResult()>> hinted, rest;
      const std::size_t ladder = std::size(detail::kFrictionRegularization);
      const std::size_t ladder_begin = plan.size() - ladder;
      for (std::size_t i = 0; i < plan.size(); ++i) {
        const bool from_hint =
            i >= ladder_begin && detail::kFrictionRegularization[i - ladder_begin] >= options.regularization_hint;
        (from_hint ? hinted : rest).push_back(std::move(plan[i]));
      }
      plan = std::move(hinted);
      plan.insert(plan.end(), rest.begin(), rest.end());
    }
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
  if (!options.pivoting_only && n <= kNewtonFallbackMaxRows) plan.insert(plan.end(), fallbacks.begin(), fallbacks.end());
  if (!options.pivoting_only && friction_with_negative_rows(lcp.M, symmetric)) {
    // 3c. The same regularised, proximal Lemke (2c) for other nonsymmetric LCPs after Newton:
    // PEG's accurate rows (negative diagonal entries) keep the Stewart–Trinkle friction block and
    // its near-duplicate face contacts (measured: peg-accurate pours at h = 0.02, mu = 1).
    for (const double relative : {1e-7, 1e-5})
      plan.push_back([&, relative] { return detail::solve_regularized_polished(lcp, options, relative); });
  }
  if (n <= kEnumerationMaxSize && !options.pivoting_only) plan.push_back([&] { return solve_enumerate(lcp, options); });
  // PGS last, with a bounded number of sweeps: it is an inexact long shot, not worth seconds.
  SolveOptions pgs_options = options;
  if (pgs_options.max_iterations <= 0) pgs_options.max_iterations = kPgsSweepsInAuto;
  if (symmetric_with_positive_diagonal(lcp.M, symmetric) && !options.pivoting_only) {
    plan.push_back([&] { return solve_pgs(lcp, pgs_options); });
  }
  if (!options.pivoting_only && n <= kExtendedNewtonMaxRows) {
    // 6. Newton again, with kExtendedNewtonFactor times the budget and no stagnation stop: only
    // a step that would otherwise fail pays for it (measured, issue 10: a 210-row frictional PEG
    // LCP at mu = 1 where every Lemke path ray-terminates without a certificate and the budgeted
    // Newton stops at residual 2e-3 after 43 units; unbudgeted, Newton verifies in 66 iterations).
    plan.push_back([&] {
      detail::NewtonBudget extended = newton_budget;
      extended.total_work = kExtendedNewtonFactor * newton_budget.total_work;
      extended.stop_on_stagnation = false;
      LcpResult r = detail::solve_newton_fb_budgeted(lcp, options, extended);
      r.solver = "newton (extended)";
      return r;
    });
  }

  std::vector<std::string> attempts;
  LcpResult best;
  bool have_best = false;
  for (const auto& attempt : plan) {
    LcpResult r = attempt();
    // The sub-solver already finalized; re-check here so Auto's verdict never rests on it.
    finalize_result(lcp, options.tolerance, r);
    accept_if_verified(lcp, options.tolerance, r);
    attempts.push_back(describe(r));
    if (r.status == SolveStatus::Solved) return finish(std::move(r), std::move(attempts));
    // A checked Farkas certificate proves infeasibility: nothing else can succeed. A Lemke ray on a
    // copositive-plus M (the caller's promise) ends the solve too, reported as RayTermination.
    if ((r.status == SolveStatus::Infeasible && r.certified_infeasible) ||
        (r.status == SolveStatus::RayTermination && options.copositive_plus)) {
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
