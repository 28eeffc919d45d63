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

  void unite(int a, int b) { unite_with_root(a, b); }

  // unite(i, j) given r = root(j) (or j, or a former root of j), returning root(j) afterwards: a
  // caller joining many i to one j finds j's root once, not once per i. The larger root is linked
  // under the smaller.
  int unite_with_root(int i, int r) {
    if (at(r) != r) r = root(r);
    const int a = root(i);
    if (a == r) return r;
    if (a < r) {
      at(r) = a;
      return a;
    }
    at(a) = r;
    return r;
  }

  // The sets in order of their smallest member, members ascending.
  std::vector<std::vector<int>> sets() {
    const int n = static_cast<int>(parent_.size());
    std::vector<int> slot(parent_.size(), -1);
    std::vector<std::vector<int>> out;
    for (int i = 0; i < n; ++i) {
      const int r = root(i);
      if (slot[static_cast<std::size_t>(r)] < 0) {
        slot[static_cast<std::size_t>(r)] = static_cast<int>(out.size());
        out.emplace_back();
      }
      out[static_cast<std::size_t>(slot[static_cast<std::size_t>(r)])].push_back(i);
    }
    return out;
  }

 private:
  int& at(int i) { return parent_[static_cast<std::size_t>(i)]; }
  std::vector<int> parent_;
};

}  // namespace pegsim
