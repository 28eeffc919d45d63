// Sparse LCPs (sparse_lcp.h).
#include <pegsim/lcp/block_pivoting.h>
#include <pegsim/lcp/components.h>
#include <pegsim/lcp/sparse_lcp.h>
#include <pegsim/lcp/union_find.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace pegsim {
namespace {


}  // namespace

SparseLcp to_sparse(const Lcp& lcp) {
  std::vector<Eigen::Triplet<double>> entries;
  for (Eigen::Index j = 0; j < lcp.M.cols(); ++j)
    for (Eigen::Index i = 0; i < lcp.M.rows(); ++i)
      if (lcp.M(i, j) != 0.0) entries.emplace_back(static_cast<int>(i), static_cast<int>(j), lcp.M(i, j));
  SparseLcp out;
  out.M.resize(lcp.M.rows(), lcp.M.cols());
  out.M.setFromTriplets(entries.begin(), entries.end());
  out.q = lcp.q;
  return out;
}

Lcp to_dense(const SparseLcp& lcp) { return Lcp{Mat(lcp.M), lcp.q}; }

Verification verify_sparse_lcp(const SparseLcp& lcp, const Vec& z, double tolerance) {
  Verification v;
  const Eigen::Index n = lcp.q.size();
  if (lcp.M.rows() != n || lcp.M.cols() != n || z.size() != n) {
    v.residual = std::numeric_limits<double>::infinity();
    return v;
  }
  v.w = lcp.M * z + lcp.q;
  const double scale = n == 0 ? 1.0 : std::max(1.0, lcp.q.cwiseAbs().maxCoeff());
  double worst = 0.0;
  bool finite = z.allFinite() && v.w.allFinite() && std::isfinite(scale);
  for (Eigen::Index i = 0; i < n && finite; ++i) worst = std::max(worst, std::abs(std::min(z[i], v.w[i])));
  v.residual = finite ? worst / scale : std::numeric_limits<double>::infinity();
  v.ok = std::isfinite(v.residual) && v.residual <= tolerance;
  return v;
}

void finalize_sparse_result(const SparseLcp& lcp, double tolerance, LcpResult& result) {
  finalize_result_with(lcp.q.size(), tolerance, result,
                       [&](const Vec& z) { return verify_sparse_lcp(lcp, z, tolerance); });
}

bool is_symmetric(const SparseMat& M) {
  // A nonsymmetric M (friction rows) almost always shows in (M - M^T) x for a fixed x with
  // incommensurate entries: two O(nnz) products instead of building M - M^T. Only when that test
  // passes is the exact check below needed.
  if (M.rows() != M.cols()) return false;
  Vec x(M.cols());
  for (Eigen::Index i = 0; i < x.size(); ++i) x[i] = 1.0 + std::sqrt(2.0) * static_cast<double>(i % 97);
  const Vec skew = M * x - M.transpose() * x;
  double scale = 1.0;
  for (int k = 0; k < M.outerSize(); ++k)
    for (SparseMat::InnerIterator it(M, k); it; ++it) scale = std::max(scale, std::abs(it.value()));
  if (skew.size() > 0 && !(skew.cwiseAbs().maxCoeff() <= 1e-9 * scale * x.cwiseAbs().sum())) return false;
  const SparseMat D = M - SparseMat(M.transpose());
  double diff = 0.0;
  for (int k = 0; k < D.outerSize(); ++k)
    for (SparseMat::InnerIterator it(D, k); it; ++it) diff = std::max(diff, std::abs(it.value()));
  return diff <= 1e-12 * scale;
}

std::vector<std::vector<int>> lcp_components(const SparseMat& M) {
  UnionFind islands(static_cast<int>(M.rows()));
  for (int j = 0; j < M.outerSize(); ++j)
    for (SparseMat::InnerIterator it(M, j); it; ++it)
      if (it.value() != 0.0) islands.unite(static_cast<int>(it.row()), j);
  return islands.sets();
}

int largest_component(const SparseMat& M) {
  std::size_t largest = 0;
  for (const std::vector<int>& c : lcp_components(M)) largest = std::max(largest, c.size());
  return static_cast<int>(largest);
}

LcpResult solve_sparse_lcp(const SparseLcp& lcp, SolverKind kind, const SolveOptions& options, bool dense_fallback) {
  const int n = lcp.size();
  std::vector<std::string> attempts;
  if (kind == SolverKind::Auto && n > 0 && (lcp.q.array() >= 0.0).all() && lcp.q.allFinite()) {
    LcpResult r;
    r.status = SolveStatus::Solved;
    r.solver = "trivial";
    r.z = Vec::Zero(n);
    const Verification check = verify_sparse_lcp(lcp, r.z, options.tolerance);
    r.w = check.w;
    r.residual = check.residual;
    r.attempts = {"trivial: solved (q >= 0, z = 0)"};
    return r;
  }
  std::vector<int> warm;
  if (kind == SolverKind::Auto && n >= kBlockPivotingMinSize && is_symmetric(lcp.M)) {
    SolveOptions bounded = options;
    bounded.max_iterations = block_pivoting_exchange_budget(n);
    LcpResult r = solve_block_pivoting(lcp, bounded);
    attempts.push_back(std::string("block-pivoting (sparse): ") + to_string(r.status));
    attempts.insert(attempts.end(), r.attempts.begin(), r.attempts.end());
    if (r.status_ok() || !dense_fallback) {
      r.attempts = std::move(attempts);
      return r;
    }
    warm = std::move(r.basis);
  }
  // the dense attempts start from block pivoting's last guess: near the answer, Lemke's path is short
  SolveOptions dense_options = options;
  if (!warm.empty()) dense_options.warm_basis = &warm;
  // islands from the sparse pattern, O(nonzeros), not from the dense copy's n^2 entries
  LcpResult r = solve_split_or_whole(to_dense(lcp), kind, dense_options, [&] { return lcp_components(lcp.M); });
  attempts.insert(attempts.end(), r.attempts.begin(), r.attempts.end());
  r.attempts = std::move(attempts);
  return r;
}

}  // namespace pegsim
