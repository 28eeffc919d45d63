// Complementary basis enumeration: the brute-force oracle for small LCPs (n <= 12).
//
// Every solution of LCP(M, q) has a support S = {i : z_i > 0} on which w_S = 0, i.e.
// M_SS z_S = -q_S, with z_i = 0 off S. Trying all 2^n index sets S (smallest first, then by
// bitmask, so the order is deterministic) and keeping the candidates that pass the independent
// check finds every solution that is a vertex of the solution set. When M_SS is singular the
// solutions on S form an affine set; we try its minimum-norm point (complete orthogonal
// decomposition), which finds e.g. (1/2, 1/2) for M = [1 1; 1 1], q = -e, but not every point
// of a continuum.
#include <pegsim/lcp/solver.h>

#include <Eigen/LU>
#include <Eigen/QR>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <sstream>
#include <vector>

namespace pegsim {
namespace {

// All subsets of {0..n-1} as bitmasks, by size then by value.
std::vector<std::uint32_t> subsets_by_size(int n) {
  std::vector<std::uint32_t> masks(std::size_t{1} << n);
  for (std::uint32_t m = 0; m < masks.size(); ++m) masks[m] = m;
  std::stable_sort(masks.begin(), masks.end(),
                   [](std::uint32_t a, std::uint32_t b) { return std::popcount(a) < std::popcount(b); });
  return masks;
}

std::vector<int> indices_of(std::uint32_t mask, int n) {
  std::vector<int> out;
  for (int i = 0; i < n; ++i)
    if (mask & (std::uint32_t{1} << i)) out.push_back(i);
  return out;
}

// The candidate z with support S: solves M_SS z_S = -q_S (minimum-norm point if singular).
Vec candidate_on_support(const Lcp& lcp, const std::vector<int>& support) {
  const int k = static_cast<int>(support.size());
  Vec z = Vec::Zero(lcp.size());
  if (k == 0) return z;
  Mat A(k, k);
  Vec rhs(k);
  for (int a = 0; a < k; ++a) {
    rhs[a] = -lcp.q[support[a]];
    for (int b = 0; b < k; ++b) A(a, b) = lcp.M(support[a], support[b]);
  }
  Eigen::FullPivLU<Mat> lu(A);
  const Vec zs = lu.isInvertible() ? Vec(lu.solve(rhs)) : Vec(Eigen::CompleteOrthogonalDecomposition<Mat>(A).solve(rhs));
  for (int a = 0; a < k; ++a) z[support[a]] = zs[a];
  return z;
}

std::string size_error(int n) {
  std::ostringstream out;
  out << "enumeration needs n <= " << kEnumerationMaxSize << ", got n = " << n;
  return out.str();
}

bool already_listed(const std::vector<Vec>& found, const Vec& z, double tolerance) {
  const double tol = std::max(1e-9, 10.0 * tolerance) * std::max(1.0, z.cwiseAbs().maxCoeff());
  return std::any_of(found.begin(), found.end(),
                     [&](const Vec& f) { return (f - z).cwiseAbs().maxCoeff() <= tol; });
}

}  // namespace

LcpResult solve_enumerate(const Lcp& lcp, const SolveOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  LcpResult result;
  result.solver = "enumerate";
  auto finish = [&](SolveStatus status) {
    result.status = status;
    finalize_result(lcp, options.tolerance, result);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
  };
  if (const std::string problem = validate_lcp(lcp); !problem.empty()) {
    result.message = problem;
    return finish(SolveStatus::InvalidInput);
  }
  const int n = lcp.size();
  if (n > kEnumerationMaxSize) {
    result.message = size_error(n);
    return finish(SolveStatus::InvalidInput);
  }
  for (std::uint32_t mask : subsets_by_size(n)) {
    ++result.iterations;
    const std::vector<int> support = indices_of(mask, n);
    const Vec z = candidate_on_support(lcp, support);
    if (verify_lcp(lcp, z, options.tolerance).ok) {
      result.z = z;
      result.basis = support;
      return finish(SolveStatus::Solved);
    }
  }
  std::ostringstream out;
  out << "no complementary basis gives a solution (" << result.iterations << " bases tried)";
  result.message = out.str();
  result.z = Vec::Zero(n);  // no answer: the zero vector of the right size, as every solver reports
  return finish(SolveStatus::Infeasible);
}

std::vector<Vec> enumerate_all_solutions(const Lcp& lcp, double tolerance) {
  std::vector<Vec> found;
  const int n = lcp.size();
  if (!validate_lcp(lcp).empty() || n > kEnumerationMaxSize) return found;
  for (std::uint32_t mask : subsets_by_size(n)) {
    const Vec z = candidate_on_support(lcp, indices_of(mask, n));
    if (verify_lcp(lcp, z, tolerance).ok && !already_listed(found, z, tolerance)) found.push_back(z);
  }
  return found;
}

}  // namespace pegsim
