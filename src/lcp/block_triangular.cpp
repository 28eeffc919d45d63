// Block-by-block solution of reducible LCPs (block_triangular.h).
#include <pegsim/lcp/block_triangular.h>

#include <algorithm>

namespace pegsim {
namespace {

// One row: w = m z + q. z = 0 when q >= 0; else z = -q / m needs m > 0.
std::optional<double> solve_one_row(double m, double q) {
  if (q >= 0.0) return 0.0;
  if (!(m > 0.0)) return std::nullopt;
  return -q / m;
}

}  // namespace

// Tarjan's algorithm, iterative: blocks come out in reverse topological order of the "depends
// on" edges, i.e. every block after the blocks it depends on.
std::vector<std::vector<int>> dependency_blocks(const Mat& M) {
  const int n = static_cast<int>(M.rows());
  std::vector<int> index(static_cast<std::size_t>(n), -1), low(static_cast<std::size_t>(n), 0), stack;
  std::vector<char> on_stack(static_cast<std::size_t>(n), 0);
  std::vector<std::vector<int>> blocks;
  int counter = 0;
  struct Frame {
    int node, next;
  };
  auto open = [&](int v, std::vector<Frame>& frames) {
    index[static_cast<std::size_t>(v)] = low[static_cast<std::size_t>(v)] = counter++;
    stack.push_back(v);
    on_stack[static_cast<std::size_t>(v)] = 1;
    frames.push_back({v, 0});
  };
  for (int root = 0; root < n; ++root) {
    if (index[static_cast<std::size_t>(root)] >= 0) continue;
    std::vector<Frame> frames;
    open(root, frames);
    while (!frames.empty()) {
      Frame& f = frames.back();
      const auto v = static_cast<std::size_t>(f.node);
      if (f.next < n) {
        const int w = f.next++;
        if (w == f.node || M(f.node, w) == 0.0) continue;
        if (index[static_cast<std::size_t>(w)] < 0) {
          open(w, frames);  // invalidates f
        } else if (on_stack[static_cast<std::size_t>(w)]) {
          low[v] = std::min(low[v], index[static_cast<std::size_t>(w)]);
        }
        continue;
      }
      if (low[v] == index[v]) {
        std::vector<int> block;
        int w = -1;
        do {
          w = stack.back();
          stack.pop_back();
          on_stack[static_cast<std::size_t>(w)] = 0;
          block.push_back(w);
        } while (w != f.node);
        std::sort(block.begin(), block.end());
        blocks.push_back(std::move(block));
      }
      const int finished = f.node;
      frames.pop_back();
      if (!frames.empty()) {
        const auto parent = static_cast<std::size_t>(frames.back().node);
        low[parent] = std::min(low[parent], low[static_cast<std::size_t>(finished)]);
      }
    }
  }
  return blocks;
}

std::optional<Vec> solve_block_triangular(const Lcp& lcp, const SolveOptions& options) {
  Vec z = Vec::Zero(lcp.size());
  for (const std::vector<int>& block : dependency_blocks(lcp.M)) {
    const auto m = static_cast<Eigen::Index>(block.size());
    Lcp sub;
    sub.M.resize(m, m);
    sub.q.resize(m);
    for (Eigen::Index a = 0; a < m; ++a) {
      const int k = block[static_cast<std::size_t>(a)];
      sub.q[a] = lcp.q[k] + lcp.M.row(k).dot(z);  // z is still zero on this block and later ones
      for (Eigen::Index b = 0; b < m; ++b) sub.M(a, b) = lcp.M(k, block[static_cast<std::size_t>(b)]);
    }
    if (m == 1) {
      const std::optional<double> zk = solve_one_row(sub.M(0, 0), sub.q[0]);
      if (!zk) return std::nullopt;
      z[block.front()] = *zk;
      continue;
    }
    const LcpResult r = solve_lcp(sub, m <= kEnumerationMaxSize ? SolverKind::Enumerate : SolverKind::Auto, options);
    if (!r.status_ok()) return std::nullopt;
    for (Eigen::Index a = 0; a < m; ++a) z[block[static_cast<std::size_t>(a)]] = r.z[a];
  }
  return z;
}

}  // namespace pegsim
