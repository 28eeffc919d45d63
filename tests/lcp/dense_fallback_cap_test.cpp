// SolveOptions::dense_max_rows: solve_sparse_lcp gives an island above it no dense copy. Its sparse
// attempts decide, and a failure says so (status, residual, the skipped line) instead of an O(n^3)
// dense fallback that ran for minutes at 4.5 GB on a frictional 500-body pile. Below the cap the
// dense attempts still run: the same LCPs then end as they did before.
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/sparse_lcp.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace pegsim {
namespace {

constexpr int kRows = 700;  // above kSparseLemkeMinRows: the island's Lemke path runs sparse

bool mentions(const LcpResult& r, const std::string& text) {
  return std::any_of(r.attempts.begin(), r.attempts.end(),
                     [&](const std::string& a) { return a.find(text) != std::string::npos; });
}

// A connected, infeasible, non-symmetric LCP: M couples row i to i + 1 by +1 and i + 1 to i by -1,
// q = -1. The last row reads w = -z_{n-2} - 1 < 0 for every z >= 0: no solution.
SparseLcp skew_chain(int n) {
  std::vector<Eigen::Triplet<double>> entries;
  for (int i = 0; i + 1 < n; ++i) {
    entries.emplace_back(i, i + 1, 1.0);
    entries.emplace_back(i + 1, i, -1.0);
  }
  SparseLcp lcp;
  lcp.M.resize(n, n);
  lcp.M.setFromTriplets(entries.begin(), entries.end());
  lcp.q = Vec::Constant(n, -1.0);
  return lcp;
}

// A connected, infeasible, symmetric PSD LCP: M = J J^T with rows 2k and 2k + 1 of J opposite
// (e_k + e_{k+1}/2 and its negative), q = -1. v = e_{2k} + e_{2k+1} >= 0 has M v = 0 and q.v < 0.
SparseLcp opposed_pairs(int n) {
  const int pairs = n / 2;
  std::vector<Eigen::Triplet<double>> rows;
  for (int k = 0; k < pairs; ++k) {
    for (int sign = 0; sign < 2; ++sign) {
      const double s = sign == 0 ? 1.0 : -1.0;
      rows.emplace_back(2 * k + sign, k, s);
      if (k + 1 < pairs) rows.emplace_back(2 * k + sign, k + 1, 0.5 * s);
    }
  }
  SparseMat J(2 * pairs, pairs);
  J.setFromTriplets(rows.begin(), rows.end());
  SparseLcp lcp;
  lcp.M = SparseMat(J * J.transpose());
  lcp.q = Vec::Constant(2 * pairs, -1.0);
  return lcp;
}

TEST(DenseFallbackCap, AFrictionalIslandAboveItEndsOnItsSparsePath) {
  const SparseLcp lcp = skew_chain(kRows);
  ASSERT_EQ(largest_component(lcp.M), kRows);
  SolveOptions capped;
  capped.dense_max_rows = kRows - 1;
  const LcpResult r = solve_sparse_lcp(lcp, SolverKind::Auto, capped);
  EXPECT_EQ(r.status, SolveStatus::RayTermination);  // no certificate checked: never Infeasible
  EXPECT_GT(r.residual, capped.tolerance);
  EXPECT_TRUE(mentions(r, "dense attempts skipped: 700 rows > dense_max_rows 699"));
  ASSERT_EQ(r.attempts.size(), 2u);  // the sparse path and the skip, nothing dense

  SolveOptions uncapped;
  uncapped.dense_max_rows = kRows;
  const LcpResult dense = solve_sparse_lcp(lcp, SolverKind::Auto, uncapped);
  EXPECT_EQ(dense.status, SolveStatus::Infeasible);  // the dense search checked the ray's certificate
  EXPECT_FALSE(mentions(dense, "dense attempts skipped"));
}

TEST(DenseFallbackCap, AMonotoneIslandAboveItEndsOnBlockPivoting) {
  const SparseLcp lcp = opposed_pairs(kRows);
  ASSERT_TRUE(is_symmetric(lcp.M));
  ASSERT_EQ(largest_component(lcp.M), kRows);
  SolveOptions capped;
  capped.dense_max_rows = kRows - 1;
  const LcpResult r = solve_sparse_lcp(lcp, SolverKind::Auto, capped);
  EXPECT_FALSE(r.status_ok());
  EXPECT_GT(r.residual, capped.tolerance);
  EXPECT_TRUE(mentions(r, "dense attempts skipped: 700 rows > dense_max_rows 699"));
  EXPECT_FALSE(mentions(r, "lemke"));  // block pivoting only

  SolveOptions uncapped;
  uncapped.dense_max_rows = kRows;
  const LcpResult dense = solve_sparse_lcp(lcp, SolverKind::Auto, uncapped);
  EXPECT_FALSE(dense.status_ok());
  EXPECT_TRUE(mentions(dense, "lemke"));  // the dense attempts ran
  EXPECT_FALSE(mentions(dense, "dense attempts skipped"));
}

}  // namespace
}  // namespace pegsim
