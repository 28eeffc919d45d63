// Independent blocks of an LCP (components.h).
#include <pegsim/lcp/components.h>
#include <pegsim/lcp/union_find.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <numeric>
#include <string>
#include <system_error>
#include <thread>

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

// solve_block(c) for every component, in up to `threads` threads when two or more components have
// kParallelBlockMinRows rows (largest first; each result in its own slot, exceptions rethrown in
// component order), so the slots do not depend on the thread count.
std::vector<LcpResult> solve_blocks(const std::vector<std::vector<int>>& components, int threads,
                                    const std::function<LcpResult(std::size_t)>& solve_block, int& threads_used) {
  const std::size_t count = components.size();
  std::vector<LcpResult> results(count);
  std::vector<std::exception_ptr> errors(count);
  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return components[a].size() > components[b].size(); });
  const auto worth_a_thread = static_cast<int>(std::count_if(components.begin(), components.end(), [](const auto& c) {
    return static_cast<int>(c.size()) >= kParallelBlockMinRows;
  }));
  threads_used = std::max(1, std::min(threads, worth_a_thread));
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t k = next++; k < count; k = next++) {
      const std::size_t c = order[k];
      try {
        results[c] = solve_block(c);
      } catch (...) {  // rethrown below, the first in component order
        errors[c] = std::current_exception();
      }
    }
  };
  std::vector<std::thread> helpers;
  try {
    for (int t = 1; t < threads_used; ++t) helpers.emplace_back(work);
  } catch (const std::system_error&) {  // no more threads (a limit, a build without them): fewer do the work
  }
  threads_used = static_cast<int>(helpers.size()) + 1;
  work();
  for (std::thread& helper : helpers) helper.join();
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
  return results;
}

// The blocks' z and basis scattered into rows 0..n-1; status Solved when every block solved, else
// the first failing block's (named); iterations summed; solver and attempts the largest block's.
LcpResult merge_blocks(int n, const std::vector<std::vector<int>>& components, const std::vector<LcpResult>& blocks) {
  LcpResult result;
  result.status = SolveStatus::Solved;
  result.z = Vec::Zero(n);
  result.islands = static_cast<int>(components.size());
  std::size_t largest = 0;
  for (std::size_t c = 0; c < components.size(); ++c) {
    const std::vector<int>& rows = components[c];
    const LcpResult& r = blocks[c];
    for (std::size_t a = 0; a < rows.size(); ++a) result.z[rows[a]] = r.z.size() > static_cast<Eigen::Index>(a) ? r.z[a] : 0.0;
    for (int b : r.basis) result.basis.push_back(rows[static_cast<std::size_t>(b)]);
    result.iterations += r.iterations;
    result.regularization = std::max(result.regularization, r.regularization);
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
  return result;
}

// A warm basis over the whole split into each component's local indices.
std::vector<std::vector<int>> warm_bases_of(const std::vector<std::vector<int>>& components, int n,
                                            const std::vector<int>* warm_basis) {
  std::vector<std::vector<int>> warm(components.size());
  if (warm_basis == nullptr) return warm;
  std::vector<int> block_of(static_cast<std::size_t>(n), -1), local(static_cast<std::size_t>(n));
  for (std::size_t c = 0; c < components.size(); ++c) {
    for (std::size_t a = 0; a < components[c].size(); ++a) {
      block_of[static_cast<std::size_t>(components[c][a])] = static_cast<int>(c);
      local[static_cast<std::size_t>(components[c][a])] = static_cast<int>(a);
    }
  }
  for (int i : *warm_basis) {
    if (i >= 0 && i < n && block_of[static_cast<std::size_t>(i)] >= 0)
      warm[static_cast<std::size_t>(block_of[static_cast<std::size_t>(i)])].push_back(local[static_cast<std::size_t>(i)]);
  }
  return warm;
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

LcpResult solve_islands(int n, const std::vector<std::vector<int>>& components, const SolveOptions& options,
                        const std::function<LcpResult(std::size_t, const SolveOptions&)>& solve_island) {
  const std::vector<std::vector<int>> warm = warm_bases_of(components, n, options.warm_basis);
  int threads_used = 1;
  const std::vector<LcpResult> blocks = solve_blocks(
      components, options.threads,
      [&](std::size_t c) {
        SolveOptions island_options = options;
        island_options.warm_basis = options.warm_basis != nullptr ? &warm[c] : nullptr;
        return solve_island(c, island_options);
      },
      threads_used);
  LcpResult result = merge_blocks(n, components, blocks);
  result.threads = threads_used;
  return result;
}

LcpResult solve_by_components(const Lcp& lcp, const std::vector<std::vector<int>>& components, SolverKind kind,
                              const SolveOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  LcpResult result = solve_islands(lcp.size(), components, options, [&](std::size_t c, const SolveOptions& o) {
    return solve_lcp_whole(sub_lcp(lcp, components[c]), kind, o);
  });
  finalize_result(lcp, options.tolerance, result);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace pegsim
