// UnionFind (union_find.h): islands come out in the order of their smallest member, members
// ascending, whatever order the joins came in; unite_with_root is unite with a remembered root.
#include "lcp/generators.h"

#include <pegsim/lcp/union_find.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace pegsim {
namespace {

// The connected components of the graph, by depth-first search: the reference.
std::vector<std::vector<int>> components_by_search(int n, const std::vector<std::pair<int, int>>& edges) {
  std::vector<std::vector<int>> next(static_cast<std::size_t>(n));
  for (const auto& [a, b] : edges) {
    next[static_cast<std::size_t>(a)].push_back(b);
    next[static_cast<std::size_t>(b)].push_back(a);
  }
  std::vector<int> label(static_cast<std::size_t>(n), -1);
  std::vector<std::vector<int>> out;
  for (int s = 0; s < n; ++s) {
    if (label[static_cast<std::size_t>(s)] >= 0) continue;
    out.emplace_back();
    std::vector<int> stack{s};
    label[static_cast<std::size_t>(s)] = static_cast<int>(out.size()) - 1;
    while (!stack.empty()) {
      const int v = stack.back();
      stack.pop_back();
      out.back().push_back(v);
      for (int u : next[static_cast<std::size_t>(v)]) {
        if (label[static_cast<std::size_t>(u)] >= 0) continue;
        label[static_cast<std::size_t>(u)] = label[static_cast<std::size_t>(s)];
        stack.push_back(u);
      }
    }
    std::sort(out.back().begin(), out.back().end());
  }
  return out;
}

TEST(UnionFind, SetsAreTheComponentsInOrderWhicheverWayTheyWereJoined) {
  testgen::Rng rng(46);
  int several = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 1 + trial % 60;
    std::vector<std::pair<int, int>> edges;
    for (int e = 0; e < n * 2 / 3; ++e)
      edges.emplace_back(static_cast<int>(rng() % static_cast<unsigned>(n)), static_cast<int>(rng() % static_cast<unsigned>(n)));
    const std::vector<std::vector<int>> expected = components_by_search(n, edges);
    several += expected.size() > 1 && expected.size() < static_cast<std::size_t>(n) ? 1 : 0;

    UnionFind plain(n);
    for (const auto& [a, b] : edges) plain.unite(a, b);
    EXPECT_EQ(plain.sets(), expected) << "trial " << trial;

    // runs of joins to one node through a remembered root, as symmetric_lcp_components does;
    // the remembered root goes stale when a join elsewhere moves it
    std::sort(edges.begin(), edges.end(), [](const auto& x, const auto& y) { return x.second < y.second; });
    UnionFind runs(n);
    int node = -1, root = -1;
    for (std::size_t e = 0; e < edges.size(); ++e) {
      const auto [a, b] = edges[e];
      if (b != node) node = b, root = b;
      if (e % 5 == 4) runs.unite(a, b);  // may move b's root: the remembered one is stale
      root = runs.unite_with_root(a, root);
      EXPECT_EQ(root, runs.root(b)) << "trial " << trial;
    }
    EXPECT_EQ(runs.sets(), expected) << "trial " << trial;
  }
  EXPECT_GT(several, 100);
}

}  // namespace
}  // namespace pegsim
