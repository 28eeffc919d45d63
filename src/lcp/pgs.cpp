// Projected Gauss–Seidel / SOR for LCPs with positive diagonal (meant for symmetric PSD M, e.g.
// the contact Delassus matrix J M^{-1} J^T; converges for symmetric PSD M with M_ii > 0 and
// 0 < omega < 2, Cottle–Pang–Stone sec. 5.2):
//
//   z_i <- max(0, z_i - omega (M z + q)_i / M_ii),   i = 1..n, in order (one sweep).
//
// After every sweep the residual of verify.h is recomputed from scratch (w = M z + q), so the
// stopping test is the independent one; an unconverged run reports IterationLimit honestly.
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/verify.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <sstream>

namespace pegsim {
namespace {

constexpr int kDefaultSweeps = 10000;

double natural_residual(const Lcp& lcp, const Vec& z) {
  const Vec w = lcp.M * z + lcp.q;
  if (!z.allFinite() || !w.allFinite()) return std::numeric_limits<double>::infinity();
  const double scale = std::max(1.0, lcp.q.lpNorm<Eigen::Infinity>());
  return z.cwiseMin(w).cwiseAbs().maxCoeff() / scale;
}

// Returns an empty string when PGS can run, else why not.
std::string pgs_precondition(const Lcp& lcp, double omega) {
  if (!(omega > 0.0 && omega < 2.0)) {
    std::ostringstream msg;
    msg << "pgs: relaxation omega = " << omega << " must lie in (0, 2)";
    return msg.str();
  }
  for (int i = 0; i < lcp.size(); ++i) {
    if (!(lcp.M(i, i) > 0.0)) {
      std::ostringstream msg;
      msg << "pgs: needs a positive diagonal, but M(" << i << "," << i << ") = " << lcp.M(i, i);
      return msg.str();
    }
  }
  return {};
}

void sweep(const Lcp& lcp, double omega, Vec& z) {
  for (int i = 0; i < lcp.size(); ++i) {
    const double wi = lcp.M.row(i).dot(z) + lcp.q(i);
    z(i) = std::max(0.0, z(i) - omega * wi / lcp.M(i, i));
  }
}

}  // namespace

LcpResult solve_pgs(const Lcp& lcp, const SolveOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  LcpResult result;
  result.solver = "pgs";
  const std::string invalid = validate_lcp(lcp);
  if (!invalid.empty()) {
    result.status = SolveStatus::InvalidInput;
    result.message = invalid;
    result.z = Vec::Zero(std::max<Eigen::Index>(0, lcp.q.size()));
    result.residual = std::numeric_limits<double>::infinity();
    return result;
  }
  const int n = lcp.size();
  result.z = Vec::Zero(n);
  if (n == 0 || (lcp.q.array() >= 0.0).all()) {
    result.status = SolveStatus::Solved;  // z = 0 complements w = q >= 0
  } else if (const std::string why = pgs_precondition(lcp, options.pgs_relaxation); !why.empty()) {
    result.status = options.pgs_relaxation > 0.0 && options.pgs_relaxation < 2.0
                        ? SolveStatus::NumericalBreakdown
                        : SolveStatus::InvalidInput;
    result.message = why;
  } else {
    const int cap = options.max_iterations > 0 ? options.max_iterations : kDefaultSweeps;
    Vec z = Vec::Zero(n);
    Vec last_finite = z;
    double residual = natural_residual(lcp, z);
    result.status = SolveStatus::IterationLimit;
    while (result.iterations < cap && residual > options.tolerance) {
      sweep(lcp, options.pgs_relaxation, z);
      ++result.iterations;
      if (!z.allFinite()) {
        result.status = SolveStatus::NumericalBreakdown;
        break;
      }
      last_finite = z;
      residual = natural_residual(lcp, z);
    }
    result.z = last_finite;
    std::ostringstream msg;
    if (residual <= options.tolerance) {
      result.status = SolveStatus::Solved;
    } else if (result.status == SolveStatus::NumericalBreakdown) {
      msg << "pgs: iterate overflowed after " << result.iterations << " sweeps (M not PSD?)";
    } else {
      msg << "pgs: " << cap << " sweeps reached, residual " << residual << " > tolerance "
          << options.tolerance;
    }
    result.message = msg.str();
  }
  for (int i = 0; i < n; ++i)
    if (result.z(i) > 0.0) result.basis.push_back(i);
  finalize_result(lcp, options.tolerance, result);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return result;
}

}  // namespace pegsim
