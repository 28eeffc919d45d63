// Union-find over indices 0..n-1 with path halving; the smaller index is a set's root, so the
// islands come out in a deterministic order. Shared by the LCP's components (components.h,
// sparse_lcp.h) and the row guard's island count (assembly.h).
#pragma once

#include <algorithm>
#include <numeric>
#include <vector>

namespace pegsim {

class UnionFind {
 public:
  explicit UnionFind(int n) : parent_(static_cast<std::size_t>(n)) { std::iota(parent_.begin(), parent_.end(), 0); }

  int root(int i) {
    while (at(i) != i) i = at(i) = at(at(i));
    return i;
  }

  void unite(int a, int b) {
    a = root(a), b = root(b);
    if (a != b) at(std::max(a, b)) = std::min(a, b);
  }

 private:
  int& at(int i) { return parent_[static_cast<std::size_t>(i)]; }
  std::vector<int> parent_;
};

}  // namespace pegsim
