// Sparse LCPs (sparse_lcp.h).
#include <pegsim/lcp/block_pivoting.h>
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

bool is_symmetric(const SparseMat& M) {
  const SparseMat D = M - SparseMat(M.transpose());
  double scale = 1.0, diff = 0.0;
  for (int k = 0; k < M.outerSize(); ++k)
    for (SparseMat::InnerIterator it(M, k); it; ++it) scale = std::max(scale, std::abs(it.value()));
  for (int k = 0; k < D.outerSize(); ++k)
    for (SparseMat::InnerIterator it(D, k); it; ++it) diff = std::max(diff, std::abs(it.value()));
  return diff <= 1e-12 * scale;
}

int largest_component(const SparseMat& M) {
  const int n = static_cast<int>(M.rows());
  UnionFind islands(n);
  for (int j = 0; j < M.outerSize(); ++j)
    for (SparseMat::InnerIterator it(M, j); it; ++it)
      if (it.value() != 0.0) islands.unite(static_cast<int>(it.row()), j);
  std::vector<int> size(static_cast<std::size_t>(n), 0);
  int largest = 0;
  for (int i = 0; i < n; ++i) largest = std::max(largest, ++size[static_cast<std::size_t>(islands.root(i))]);
  return largest;
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
    if (r.status_ok() || !dense_fallback) {
      r.attempts = std::move(attempts);
      return r;
    }
    warm = std::move(r.basis);
  }
  // the dense attempts start from block pivoting's last guess: near the answer, Lemke's path is short
  SolveOptions dense_options = options;
  if (!warm.empty()) dense_options.warm_basis = &warm;
  LcpResult r = solve_lcp(to_dense(lcp), kind, dense_options);
  attempts.insert(attempts.end(), r.attempts.begin(), r.attempts.end());
  r.attempts = std::move(attempts);
  return r;
}

}  // namespace pegsim
