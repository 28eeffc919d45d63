// SolveMemo (src/lcp/solve_memo.h): a large frictional island solved again with exactly the same
// input gets its earlier result, and any other input (one bit of M or q, the warm basis, an option)
// is solved afresh. Through solve_sparse_lcp, the repeat's z, w and basis are the first solve's to
// the bit, and its attempts say the result was reused.
#include "lcp/generators.h"
#include "lcp/recent_by_matrix.h"
#include "lcp/solve_memo.h"

#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/sparse_lcp.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace pegsim {
namespace {

// A Stewart–Trinkle LCP (not monotone) of 4 x 120 = 480 rows: above the memo's minimum.
SparseLcp frictional_island(unsigned seed) {
  testgen::Rng rng(seed);
  return to_sparse(testgen::friction_lcp(testgen::random_scene(12, 120, rng)));
}

LcpResult marked(double residual) {
  LcpResult r;
  r.status = SolveStatus::Solved;
  r.residual = residual;
  return r;
}

bool reused(const LcpResult& r) {
  return std::any_of(r.attempts.begin(), r.attempts.end(),
                     [](const std::string& a) { return a.find("repeated input") != std::string::npos; });
}

TEST(SolveMemo, FindsExactlyTheStoredInput) {
  const SparseLcp lcp = frictional_island(3);
  ASSERT_GE(lcp.size(), detail::kSolveMemoMinRows);
  const std::vector<int> basis{0, 5, 9};
  SolveOptions options;
  options.warm_basis = &basis;
  options.regularization_hint = 1e-8;
  detail::SolveMemo memo;
  EXPECT_EQ(memo.find(lcp, SolverKind::Auto, options), nullptr);
  memo.store(lcp, SolverKind::Auto, options, marked(0.25));
  const std::vector<int> same_basis = basis;  // compared by content, not by address
  SolveOptions same = options;
  same.warm_basis = &same_basis;
  const LcpResult* hit = memo.find(lcp, SolverKind::Auto, same);
  ASSERT_NE(hit, nullptr);
  EXPECT_EQ(hit->residual, 0.25);

  SparseLcp other_q = lcp;
  other_q.q[7] = std::nextafter(other_q.q[7], 1e300);
  EXPECT_EQ(memo.find(other_q, SolverKind::Auto, options), nullptr);
  SparseLcp other_m = lcp;
  other_m.M.valuePtr()[11] = std::nextafter(other_m.M.valuePtr()[11], -1e300);
  EXPECT_EQ(memo.find(other_m, SolverKind::Auto, options), nullptr);
  const std::vector<int> other_basis{0, 5};
  SolveOptions changed = options;
  changed.warm_basis = &other_basis;
  EXPECT_EQ(memo.find(lcp, SolverKind::Auto, changed), nullptr);
  changed = options;
  changed.warm_basis = nullptr;
  EXPECT_EQ(memo.find(lcp, SolverKind::Auto, changed), nullptr);
  changed = options;
  changed.regularization_hint = 1e-7;
  EXPECT_EQ(memo.find(lcp, SolverKind::Auto, changed), nullptr);
  changed = options;
  changed.tolerance *= 2.0;
  EXPECT_EQ(memo.find(lcp, SolverKind::Auto, changed), nullptr);
  changed = options;
  changed.pivoting_only = true;
  EXPECT_EQ(memo.find(lcp, SolverKind::Auto, changed), nullptr);
  changed = options;
  changed.lemke_ties = PathTies::Lexicographic;
  EXPECT_EQ(memo.find(lcp, SolverKind::Auto, changed), nullptr);
  EXPECT_EQ(memo.find(lcp, SolverKind::Lemke, options), nullptr);
}

TEST(SolveMemo, KeepsOnlyLargeIslandsWithoutACallerRunPath) {
  testgen::Rng rng(5);
  const SparseLcp small = to_sparse(testgen::friction_lcp(testgen::random_scene(10, 20, rng)));
  ASSERT_LT(small.size(), detail::kSolveMemoMinRows);
  detail::SolveMemo memo;
  memo.store(small, SolverKind::Auto, SolveOptions{}, marked(0.0));
  EXPECT_EQ(memo.size(), 0u);
  EXPECT_EQ(memo.find(small, SolverKind::Auto, SolveOptions{}), nullptr);

  const SparseLcp large = frictional_island(4);
  const LcpResult plain = marked(1.0);
  SolveOptions with_path;
  with_path.plain_lemke = &plain;
  memo.store(large, SolverKind::Auto, with_path, marked(0.0));
  EXPECT_EQ(memo.size(), 0u);
}

TEST(SolveMemo, HoldsTheLastEntriesOnly) {
  detail::SolveMemo memo;
  std::vector<SparseLcp> islands;
  for (unsigned seed = 0; seed < detail::SolveMemo::kEntries + 1; ++seed) islands.push_back(frictional_island(10 + seed));
  for (std::size_t i = 0; i < islands.size(); ++i)
    memo.store(islands[i], SolverKind::Auto, SolveOptions{}, marked(static_cast<double>(i)));
  EXPECT_EQ(memo.size(), detail::SolveMemo::kEntries);
  EXPECT_EQ(memo.find(islands.front(), SolverKind::Auto, SolveOptions{}), nullptr);  // the oldest left
  for (std::size_t i = 1; i < islands.size(); ++i) {
    const LcpResult* hit = memo.find(islands[i], SolverKind::Auto, SolveOptions{});
    ASSERT_NE(hit, nullptr);
    EXPECT_EQ(hit->residual, static_cast<double>(i));
  }
}

// The pattern both memos match on (recent_by_matrix.h): the same arrays match; a moved entry with
// the same count of nonzeros, or another size, does not.
TEST(KeptPattern, MatchesTheSameArraysOnly) {
  SparseMat S(3, 3), moved(3, 3), larger(4, 4);
  S.insert(0, 0) = 1.0;
  S.insert(2, 1) = 2.0;
  moved.insert(0, 0) = 1.0;
  moved.insert(1, 1) = 2.0;
  larger.insert(0, 0) = 1.0;
  larger.insert(2, 1) = 2.0;
  for (SparseMat* m : {&S, &moved, &larger}) m->makeCompressed();
  detail::KeptPattern kept;
  kept.assign(S);
  EXPECT_TRUE(kept.matches(S));
  SparseMat revalued = S;
  revalued.coeffRef(2, 1) = -5.0;
  EXPECT_TRUE(kept.matches(revalued));  // a pattern reads no values
  EXPECT_FALSE(kept.matches(moved));
  EXPECT_FALSE(kept.matches(larger));
}

TEST(RecentEntries, ReplacesTheOldestFirst) {
  detail::RecentEntries<int, 3> ring;
  for (int v = 1; v <= 4; ++v) ring.slot_for_next() = v;
  EXPECT_EQ(ring.size(), 3u);
  EXPECT_EQ(ring.find([](int v) { return v == 1; }), nullptr);
  for (int v = 2; v <= 4; ++v) {
    const int* hit = ring.find([v](int e) { return e == v; });
    ASSERT_NE(hit, nullptr);
    EXPECT_EQ(*hit, v);
  }
  ring.slot_for_next() = 5;  // replaces 2, the oldest left
  EXPECT_EQ(ring.find([](int v) { return v == 2; }), nullptr);
  EXPECT_NE(ring.find([](int v) { return v == 3; }), nullptr);
}

// The memo sits in solve_sparse_lcp's path for islands that are not monotone: a repeat returns
// the first answer to the bit, verified as it was, and says so; a changed q is solved afresh.
TEST(SolveMemo, ARepeatedFrictionalSolveReturnsTheFirstAnswer) {
  const SparseLcp lcp = frictional_island(21);
  ASSERT_FALSE(is_symmetric(lcp.M));
  ASSERT_EQ(largest_component(lcp.M), lcp.size());  // one island: the whole is memoised
  const LcpResult first = solve_sparse_lcp(lcp, SolverKind::Auto, SolveOptions{});
  ASSERT_TRUE(first.status_ok()) << first.message;
  EXPECT_FALSE(reused(first));
  const LcpResult again = solve_sparse_lcp(lcp, SolverKind::Auto, SolveOptions{});
  EXPECT_TRUE(reused(again));
  EXPECT_EQ(again.status, first.status);
  EXPECT_TRUE(testgen::bit_identical(again.z, first.z));
  EXPECT_TRUE(testgen::bit_identical(again.w, first.w));
  EXPECT_EQ(again.basis, first.basis);
  EXPECT_EQ(again.residual, first.residual);

  SparseLcp moved = lcp;
  moved.q.array() += 1e-3;
  const LcpResult fresh = solve_sparse_lcp(moved, SolverKind::Auto, SolveOptions{});
  EXPECT_FALSE(reused(fresh));
}

}  // namespace
}  // namespace pegsim
