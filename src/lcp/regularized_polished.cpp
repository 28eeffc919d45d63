// Auto's attempt 2c on frictional LCPs (regularized_polished.h), dense and sparse.
#include "regularized_polished.h"

#include "min_norm_solve.h"

#include <pegsim/lcp/verify.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

namespace pegsim::detail {
namespace {

// Attempt 2c (solve_auto): Lemke on M + eps D, made exact on M by proximal steps and a polish.
//
// Why (issue 10, measured on the frictional pour's failed steps): two contacts on one flat face
// have the same tangent Jacobian up to the geometry's round-off (their lever arms differ only
// along the normal, by gap noise ~1e-8 m), so their friction rows of M agree to 1e-7..1e-11.
// Lemke's exact path (the same path in long double, and with a refactorisation at every pivot)
// then passes through complementary bases holding both rows, of condition 1e9..1e13, where its
// pivots shrink to 1e-11 of their column and the next basis is numerically singular ("singular
// basis after a small pivot"). The solution set is not a point there (the split of the friction
// force between the two contacts is free), and no pivoting rule on M alone avoids those bases.
// On M + eps D (D = 1 on the positive diagonal entries) every such pair is separated by eps, so
// Lemke's path is regular; its answer z_0 is off by O(eps z). Proximal point steps remove that:
// z_{k+1} solves LCP(M + eps D, q - eps D z_k) (warm-started from z_k's basis: a few pivots),
// whose residual on M is eps |D (z_{k+1} - z_k)|, and each is polished on its basis
// (z_B <- z_B + M_BB^+ (-q_B - M_BB z_B), complete orthogonal decomposition: a consistent
// singular system gets the exact solution nearest to the regularised one). The original decides.
constexpr int kProximalSteps = 8;
constexpr double kProximalMargin = 1e-2;
constexpr double kProximalProgress = 0.9;  // a step must cut the best residual by 10 % to go on

// Supports of kSparsePolishMinRows or more try the sparse least squares first (min_norm_solve.h).
constexpr int kSparsePolishMinRows = 500;
// Above this many rows the dense correction (dgelsy, O(k^3)) is not tried after the sparse one.
// Measured on a 4412-row island of a frictional 500-body pile that no attempt solved: 13 dgelsy
// calls on supports of 2179-2740 rows, 1.2-3.5 s each (~30 s of the solve's 55 s), of which one
// lowered the residual, from 1.39e-8 to 1.39e-8; the sparse correction took 0.02 s each.
constexpr int kDenseCorrectionMaxRows = 1500;

// The two forms of an LCP, for the one algorithm below.
LcpResult lemke(const Lcp& lcp, const SolveOptions& options) { return solve_lemke(lcp, options); }
LcpResult lemke(const SparseLcp& lcp, const SolveOptions& options) { return solve_lemke_sparse(lcp, options); }
Verification check(const Lcp& lcp, const Vec& z, double tolerance) { return verify_lcp(lcp, z, tolerance); }
Verification check(const SparseLcp& lcp, const Vec& z, double tolerance) { return verify_sparse_lcp(lcp, z, tolerance); }
void finalize(const Lcp& lcp, double tolerance, LcpResult& r) { finalize_result(lcp, tolerance, r); }
void finalize(const SparseLcp& lcp, double tolerance, LcpResult& r) { finalize_sparse_result(lcp, tolerance, r); }

// M + eps on the diagonal entries that are positive in `diagonal` (M's own: the impulse rows)
void add_on_positive_diagonal(Mat& M, const Vec& diagonal, double eps) {
  for (Eigen::Index i = 0; i < diagonal.size(); ++i)
    if (diagonal[i] > 0.0) M(i, i) += eps;
}
void add_on_positive_diagonal(SparseMat& M, const Vec& diagonal, double eps) {
  for (Eigen::Index i = 0; i < diagonal.size(); ++i)
    if (diagonal[i] > 0.0) M.coeffRef(i, i) += eps;  // stored: it is nonzero
}

// The polish's system on the support B: M_BB and -q_B - (M z)_B (current: the check of z).
Mat support_block(const Lcp& lcp, const std::vector<int>& basic, const Vec& z, const Verification&, Vec& residual) {
  const int k = static_cast<int>(basic.size());
  Mat Mbb(k, k);
  residual.resize(k);
  for (int a = 0; a < k; ++a) {
    residual[a] = -lcp.q[basic[a]] - lcp.M.row(basic[a]).dot(z);
    for (int b = 0; b < k; ++b) Mbb(a, b) = lcp.M(basic[a], basic[b]);
  }
  return Mbb;
}
SparseMat support_block(const SparseLcp& lcp, const std::vector<int>& basic, const Vec&, const Verification& current,
                        Vec& residual) {
  const int k = static_cast<int>(basic.size());
  std::vector<int> position(static_cast<std::size_t>(lcp.size()), -1);
  residual.resize(k);
  for (int a = 0; a < k; ++a) {
    position[static_cast<std::size_t>(basic[static_cast<std::size_t>(a)])] = a;
    residual[a] = -current.w[basic[static_cast<std::size_t>(a)]];  // w = M z + q
  }
  return principal_submatrix(lcp.M, basic, position, 0.0);
}
SparseMat sparse_of(const Mat& M) { return M.sparseView(); }
const SparseMat& sparse_of(const SparseMat& M) { return M; }
const Mat& dense_of(const Mat& M) { return M; }
Mat dense_of(const SparseMat& M) { return Mat(M); }

template <class Problem>
Polish polish(const Problem& lcp, double tolerance, Vec& z) {
  const int n = lcp.size();
  Polish out;
  Verification current = check(lcp, z, tolerance);
  for (int round = 0; round < 3 && !current.ok; ++round) {
    std::vector<int> basic;
    for (int i = 0; i < n; ++i)
      if (z[i] > 0.0) basic.push_back(i);
    if (basic.empty()) break;
    const int k = static_cast<int>(basic.size());
    Vec residual;
    const auto Mbb = support_block(lcp, basic, z, current, residual);
    Vec polished;
    Verification next;
    const auto lowers_residual = [&](const Vec& correction) {
      if (correction.size() != k) return false;
      polished = z;
      for (int a = 0; a < k; ++a) polished[basic[a]] = std::max(0.0, polished[basic[a]] + correction[a]);
      next = check(lcp, polished, tolerance);
      return next.residual < current.residual;
    };
    // Large supports: the sparse correction first (sparse_min_norm_solve: 10-20x cheaper than
    // dgelsy, which was 56 % of a frictional 500-body pile's slow steps), dgelsy when it does not
    // help, up to kDenseCorrectionMaxRows.
    const bool sparse_helped = k >= kSparsePolishMinRows && lowers_residual(sparse_min_norm_solve(sparse_of(Mbb), residual));
    if (!sparse_helped && (k > kDenseCorrectionMaxRows || !lowers_residual(min_norm_solve(dense_of(Mbb), residual)))) break;
    z = std::move(polished);
    current = std::move(next);
    out.improved = true;
  }
  out.residual = current.residual;
  return out;
}

template <class Problem>
LcpResult regularized_polished(const Problem& lcp, const SolveOptions& options, double relative) {
  const auto start = std::chrono::steady_clock::now();
  const int n = lcp.size();
  const Vec diagonal = lcp.M.diagonal();
  const double eps = relative * diagonal.cwiseAbs().maxCoeff();
  Problem shifted = lcp;
  add_on_positive_diagonal(shifted.M, diagonal, eps);
  // From the caller's warm basis, like the plain attempt: its path is short, and a failed warm
  // path falls back to the textbook one inside solve_lemke (measured: the 100-body pile at mu 0.3,
  // where these attempts ran cold, 380 pivots each on ~1500 rows).
  LcpResult r = lemke(shifted, options);
  char name[64];
  std::snprintf(name, sizeof name, "lemke (regularized %.0e)", relative);
  r.solver = name;
  r.regularization = relative;
  if (r.z.size() == n && r.z.allFinite()) {
    Vec best = r.z;
    const Polish first = polish(lcp, options.tolerance, best);
    if (first.improved) r.solver += " polished";
    double best_residual = first.residual;
    // Proximal steps from the regularised answer, when it solved the shifted problem (a failed
    // shifted path is no point to continue from) and its residual on M is not already below a
    // margin under the check's tolerance (kProximalMargin: an answer at 0.8 of the tolerance is
    // one rounding away from a failed step); they go on while they make progress.
    Vec z = r.z;
    std::vector<int> basis = r.basis;
    int steps = 0;
    Problem proximal = shifted;  // its q changes on the impulse rows, step by step
    for (int step = 0; step < kProximalSteps && r.status == SolveStatus::Solved &&
                       !(best_residual <= kProximalMargin * options.tolerance);
         ++step) {
      for (int i = 0; i < n; ++i)
        if (diagonal[i] > 0.0) proximal.q[i] = lcp.q[i] - eps * z[i];
      SolveOptions step_options = options;
      step_options.warm_basis = &basis;
      const LcpResult s = lemke(proximal, step_options);
      r.iterations += s.iterations;
      if (s.status != SolveStatus::Solved || s.z.size() != n || !s.z.allFinite()) break;
      ++steps;
      z = s.z;
      basis = s.basis;
      Vec candidate = z;
      const double residual = polish(lcp, options.tolerance, candidate).residual;
      const bool progress = residual < kProximalProgress * best_residual;
      if (residual < best_residual) best = std::move(candidate), best_residual = residual;
      if (!progress) break;  // stalled (the drift along a free force split): more steps buy nothing
    }
    if (steps > 0) r.solver += ", " + std::to_string(steps) + " proximal steps";
    r.z = std::move(best);
  }
  r.status = r.z.allFinite() ? SolveStatus::Solved : SolveStatus::NumericalBreakdown;
  finalize(lcp, options.tolerance, r);  // the original problem decides
  // the whole attempt: the polish's least squares can cost more than the paths
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace

double hinted_regularization(double hint) {
  for (const double level : kFrictionRegularization)
    if (level >= hint) return level;
  return 0.0;
}

LcpResult solve_regularized_polished(const Lcp& lcp, const SolveOptions& options, double relative) {
  return regularized_polished(lcp, options, relative);
}

LcpResult solve_regularized_polished(const SparseLcp& lcp, const SolveOptions& options, double relative) {
  return regularized_polished(lcp, options, relative);
}

Polish polish_on_support(const Lcp& lcp, double tolerance, Vec& z) { return polish(lcp, tolerance, z); }

Polish polish_on_support(const SparseLcp& lcp, double tolerance, Vec& z) { return polish(lcp, tolerance, z); }

}  // namespace pegsim::detail
