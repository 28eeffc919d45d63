// Independent blocks of an LCP (components.h).
#include <pegsim/lcp/components.h>
#include <pegsim/lcp/union_find.h>

#include <algorithm>
#include <chrono>
#include <numeric>
#include <string>

namespace pegsim {
namespace {

Lcp sub_lcp(const Lcp& lcp, const std::vector<int>& rows) {
  const int k = static_cast<int>(rows.size());
  Lcp sub;
  sub.M.resize(k, k);
  sub.q.resize(k);
  for (int a = 0; a < k; ++a) {
    sub.q[a] = lcp.q[rows[a]];
    for (int b = 0; b < k; ++b) sub.M(a, b) = lcp.M(rows[a], rows[b]);
  }
  return sub;
}

}  // namespace

std::vector<std::vector<int>> lcp_components(const Mat& M) {
  const int n = static_cast<int>(M.rows());
  UnionFind islands(n);
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < j; ++i) {
      if (M(i, j) != 0.0 || M(j, i) != 0.0) islands.unite(i, j);
    }
  }
  return islands.sets();
}

int largest_component(const Mat& M) {
  std::size_t largest = 0;
  for (const std::vector<int>& c : lcp_components(M)) largest = std::max(largest, c.size());
  return static_cast<int>(largest);
}

LcpResult solve_by_components(const Lcp& lcp, const std::vector<std::vector<int>>& components, SolverKind kind,
                              const SolveOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const int n = lcp.size();
  std::vector<int> block_of(static_cast<std::size_t>(n)), local(static_cast<std::size_t>(n));
  for (std::size_t c = 0; c < components.size(); ++c) {
    for (std::size_t a = 0; a < components[c].size(); ++a) {
      block_of[static_cast<std::size_t>(components[c][a])] = static_cast<int>(c);
      local[static_cast<std::size_t>(components[c][a])] = static_cast<int>(a);
    }
  }
  std::vector<std::vector<int>> warm(components.size());
  if (options.warm_basis != nullptr) {
    for (int i : *options.warm_basis) {
      if (i >= 0 && i < n) warm[static_cast<std::size_t>(block_of[i])].push_back(local[i]);
    }
  }

  LcpResult result;
  result.status = SolveStatus::Solved;
  result.z = Vec::Zero(n);
  std::size_t largest = 0;
  for (std::size_t c = 0; c < components.size(); ++c) {
    const std::vector<int>& rows = components[c];
    SolveOptions block_options = options;
    block_options.warm_basis = options.warm_basis != nullptr ? &warm[c] : nullptr;
    const LcpResult r = solve_lcp_whole(sub_lcp(lcp, rows), kind, block_options);
    for (std::size_t a = 0; a < rows.size(); ++a) result.z[rows[a]] = r.z.size() > static_cast<Eigen::Index>(a) ? r.z[a] : 0.0;
    for (int b : r.basis) result.basis.push_back(rows[static_cast<std::size_t>(b)]);
    result.iterations += r.iterations;
    if (rows.size() > components[largest].size() || c == 0) {
      largest = c;
      result.solver = r.solver;
      result.attempts = r.attempts;
    }
    if (result.status == SolveStatus::Solved && r.status != SolveStatus::Solved) {
      result.status = r.status;
      result.certified_infeasible = r.certified_infeasible;
      result.message = "island " + std::to_string(c + 1) + " of " + std::to_string(components.size()) + " (" +
                       std::to_string(rows.size()) + " rows): " + r.message;
    }
  }
  std::sort(result.basis.begin(), result.basis.end());
  finalize_result(lcp, options.tolerance, result);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace pegsim
