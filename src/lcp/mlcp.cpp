// Mixed LCP (Siconos layout, problem.h):  A u + C z + a = 0,  0 <= z ⟂ w = D u + B z + b >= 0.
//
// Two routes:
// - Schur complement (Lemke, PGS, Enumerate, Auto) when A is invertible, judged by a
//   rank-revealing full-pivot LU with a relative pivot threshold:
//     u = -A^{-1}(C z + a),   LCP(B - D A^{-1} C,  b - D A^{-1} a).
//   In a time step A is the mass matrix, C = -J^T, D = J, so the reduced M = J A^{-1} J^T + B.
// - Semismooth Newton–FB on the whole MLCP (Newton; also the fallback when A is singular, and
//   Auto's second attempt when the Schur route fails its check on the original MLCP).
// Every answer is checked by verify_mlcp on the original data; "Solved" only when it passes.
#include "newton_fb.h"

#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/verify.h>

#include <chrono>
#include <cstdio>
#include <limits>
#include <string>

namespace pegsim {
namespace {

constexpr double kRankThreshold = 1e-10;  // pivot / largest pivot below this counts as zero

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The MLCP counterpart of finalize_result: never NaN out, never Solved without the check.
void finalize_mlcp(const Mlcp& mlcp, double tolerance, MlcpResult& r) {
  if (r.u.size() != mlcp.free_size() || !r.u.allFinite()) r.u = Vec::Zero(mlcp.free_size());
  if (r.z.size() != mlcp.complementarity_size() || !r.z.allFinite())
    r.z = Vec::Zero(mlcp.complementarity_size());
  const Verification check = verify_mlcp(mlcp, r.u, r.z, tolerance);
  r.w = check.w.allFinite() ? check.w : Vec(Vec::Zero(mlcp.complementarity_size()));
  r.residual = check.residual;
  if (r.status == SolveStatus::Solved && !check.ok) {
    r.status = SolveStatus::NumericalBreakdown;
    char buf[120];
    std::snprintf(buf, sizeof buf, "independent MLCP check failed (residual %.3g > %.3g)",
                  check.residual, tolerance);
    r.message = r.message.empty() ? buf : r.message + "; " + buf;
  }
}

std::string summary(const std::string& solver, SolveStatus status, double residual, int iterations,
                    double seconds) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s: %s (residual %.3g, %d iterations, %.2g s)", solver.c_str(),
                to_string(status), residual, iterations, seconds);
  return buf;
}

LcpResult solve_reduced_lcp(const Lcp& lcp, SolverKind kind, const SolveOptions& options) {
  switch (kind) {
    case SolverKind::Lemke: return solve_lemke(lcp, options);
    case SolverKind::Pgs: return solve_pgs(lcp, options);
    case SolverKind::Enumerate: return solve_enumerate(lcp, options);
    case SolverKind::Newton: return solve_newton_fb(lcp, options);
    case SolverKind::Auto: break;
  }
  return solve_auto(lcp, options);
}

MlcpResult solve_by_newton(const Mlcp& mlcp, const SolveOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  detail::NewtonFbOutcome run = detail::newton_fb_mixed(mlcp, options);
  MlcpResult r;
  r.solver = "newton";
  r.status = run.status;
  r.u = std::move(run.u);
  r.z = std::move(run.z);
  r.iterations = run.iterations;
  r.message = std::move(run.message);
  finalize_mlcp(mlcp, options.tolerance, r);
  r.seconds = seconds_since(t0);
  r.attempts.push_back(summary(r.solver, r.status, r.residual, r.iterations, r.seconds));
  return r;
}

// u = -A^{-1}(C z + a) and LCP(B - D A^{-1} C, b - D A^{-1} a) with the factorisation of A.
MlcpResult solve_by_schur(const Mlcp& mlcp, const Eigen::FullPivLU<Mat>& lu, SolverKind kind,
                          const SolveOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  const int m = mlcp.complementarity_size();
  const Mat Ainv_C = m > 0 ? Mat(lu.solve(mlcp.C)) : Mat(mlcp.free_size(), 0);  // no 0-column solve
  const Vec Ainv_a = lu.solve(mlcp.a);
  Lcp reduced{mlcp.B - mlcp.D * Ainv_C, mlcp.b - mlcp.D * Ainv_a};
  LcpResult lcp_result = solve_reduced_lcp(reduced, kind, options);

  MlcpResult r;
  r.solver = "schur+" + lcp_result.solver;
  r.status = lcp_result.status;
  r.z = lcp_result.z;
  r.u = -lu.solve(mlcp.C * r.z + mlcp.a);
  r.iterations = lcp_result.iterations;
  r.message = lcp_result.message;
  finalize_mlcp(mlcp, options.tolerance, r);
  r.seconds = seconds_since(t0);
  if (lcp_result.attempts.empty()) {
    r.attempts.push_back(summary(r.solver, r.status, r.residual, r.iterations, r.seconds));
  } else {
    for (const std::string& a : lcp_result.attempts) r.attempts.push_back("schur+" + a);
  }
  return r;
}

MlcpResult invalid_mlcp(const Mlcp& mlcp, const std::string& why) {
  MlcpResult r;
  r.status = SolveStatus::InvalidInput;
  r.solver = "mlcp";
  r.message = why;
  r.u = Vec::Zero(std::max<Eigen::Index>(0, mlcp.a.size()));
  r.z = Vec::Zero(std::max<Eigen::Index>(0, mlcp.b.size()));
  r.w = r.z;
  r.residual = std::numeric_limits<double>::infinity();
  r.attempts.push_back("validate: InvalidInput: " + why);
  return r;
}

}  // namespace

MlcpResult solve_mlcp(const Mlcp& mlcp, SolverKind kind, const SolveOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::string invalid = validate_mlcp(mlcp);
  if (!invalid.empty()) return invalid_mlcp(mlcp, invalid);

  if (kind == SolverKind::Newton) return solve_by_newton(mlcp, options);

  const int n = mlcp.free_size();
  if (n == 0) {  // nothing to eliminate: the MLCP is LCP(B, b)
    const auto t1 = std::chrono::steady_clock::now();
    LcpResult lcp_result = solve_reduced_lcp(Lcp{mlcp.B, mlcp.b}, kind, options);
    MlcpResult r;
    r.solver = lcp_result.solver;
    r.status = lcp_result.status;
    r.z = lcp_result.z;
    r.u = Vec::Zero(0);
    r.iterations = lcp_result.iterations;
    r.message = lcp_result.message;
    r.attempts = lcp_result.attempts;
    finalize_mlcp(mlcp, options.tolerance, r);
    r.seconds = seconds_since(t1);
    if (r.attempts.empty())
      r.attempts.push_back(summary(r.solver, r.status, r.residual, r.iterations, r.seconds));
    return r;
  }

  Eigen::FullPivLU<Mat> lu(mlcp.A);
  lu.setThreshold(kRankThreshold);
  if (!lu.isInvertible()) {
    char buf[120];
    std::snprintf(buf, sizeof buf, "schur: A singular (rank %d of %d); newton on the whole MLCP",
                  static_cast<int>(lu.rank()), n);
    MlcpResult r = solve_by_newton(mlcp, options);
    r.attempts.insert(r.attempts.begin(), buf);
    r.seconds = seconds_since(t0);
    return r;
  }

  MlcpResult schur = solve_by_schur(mlcp, lu, kind, options);
  if (schur.status == SolveStatus::Solved || kind != SolverKind::Auto) {
    schur.seconds = seconds_since(t0);
    return schur;
  }
  // Auto: the Schur route failed (or lost accuracy through A^{-1}); try Newton on the whole MLCP.
  MlcpResult newton = solve_by_newton(mlcp, options);
  MlcpResult& chosen =
      newton.status == SolveStatus::Solved || newton.residual < schur.residual ? newton : schur;
  std::vector<std::string> all = schur.attempts;
  all.insert(all.end(), newton.attempts.begin(), newton.attempts.end());
  MlcpResult out = std::move(chosen);
  out.attempts = std::move(all);
  out.seconds = seconds_since(t0);
  return out;
}

}  // namespace pegsim
