// Auto's attempt 2c (src/lcp/regularized_polished.h) in its two forms, and its use on a hinted
// sparse island (solve_sparse_lcp): the sparse form follows the dense one's Lemke path and
// verifies on the original LCP, without a dense copy.
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/sparse_lcp.h>
#include <pegsim/lcp/verify.h>

#include <gtest/gtest.h>

#include "lcp/generators.h"
#include "lcp/regularized_polished.h"

#include <string>

namespace pegsim {
namespace {

// A frictional LCP, one island large enough for the hint and for Lemke's sparse path
// (kSparseLemkeMinRows): few bodies, one contact in five between two of them.
Lcp large_frictional_lcp(std::uint64_t seed) {
  testgen::Rng rng(seed);
  const Lcp lcp = testgen::friction_lcp(testgen::random_scene(12, kSparseLemkeMinRows / 4 + 10, rng));
  EXPECT_GE(largest_component(to_sparse(lcp).M), std::max(kSparseLemkeMinRows, kRegularizationHintMinRows));
  return lcp;
}

TEST(RegularizedPolished, TheSparseFormVerifiesWhereTheDenseOneDoesAndAgreesWithIt) {
  for (const std::uint64_t seed : {5u, 11u}) {
    const Lcp lcp = large_frictional_lcp(seed);
    const SparseLcp sparse = to_sparse(lcp);
    for (const double level : {1e-8, 1e-6}) {
      const LcpResult dense = detail::solve_regularized_polished(lcp, {}, level);
      const LcpResult r = detail::solve_regularized_polished(sparse, {}, level);
      ASSERT_EQ(dense.status, SolveStatus::Solved) << dense.message;
      ASSERT_EQ(r.status, SolveStatus::Solved) << "seed " << seed << " level " << level << ": " << r.message;
      EXPECT_TRUE(verify_lcp(lcp, r.z).ok) << "the original LCP decides";
      EXPECT_EQ(r.regularization, level);
      EXPECT_EQ(r.solver.rfind("lemke (regularized", 0), 0u) << r.solver;
      // the same regularised path; the polish differs only in how it forms -q_B - (M z)_B
      EXPECT_LE((r.z - dense.z).cwiseAbs().maxCoeff(), 1e-6 * std::max(1.0, dense.z.cwiseAbs().maxCoeff()));
    }
  }
}

// The polish moves a regularised answer (eps = 1e-8) towards an exact one on M, in both forms.
TEST(RegularizedPolished, ThePolishOnTheSupportLowersTheResidualInBothForms) {
  const Lcp lcp = large_frictional_lcp(7);
  Lcp shifted = lcp;
  const double eps = 1e-8 * lcp.M.diagonal().cwiseAbs().maxCoeff();
  for (int i = 0; i < lcp.size(); ++i)
    if (lcp.M(i, i) > 0.0) shifted.M(i, i) += eps;
  const LcpResult off = solve_lemke(shifted);
  ASSERT_EQ(off.status, SolveStatus::Solved) << off.message;
  const double before = verify_lcp(lcp, off.z).residual;
  ASSERT_GT(before, kDefaultTolerance) << "the regularised answer should miss the check on M";
  Vec dense_z = off.z, sparse_z = off.z;
  const detail::Polish dense = detail::polish_on_support(lcp, kDefaultTolerance, dense_z);
  const detail::Polish sparse = detail::polish_on_support(to_sparse(lcp), kDefaultTolerance, sparse_z);
  EXPECT_TRUE(dense.improved);
  EXPECT_TRUE(sparse.improved);
  EXPECT_LT(sparse.residual, before);
  EXPECT_EQ(sparse.residual, verify_lcp(lcp, sparse_z).residual);
  EXPECT_TRUE((sparse_z.array() >= 0.0).all());
}

// A search cell's island whose last solve needed a regularised path starts there, on the sparse
// island; without the hint the plain sparse path comes first.
TEST(SparseLcp, AHintedFrictionalIslandStartsWithTheRegularisedPathOnTheSparseIsland) {
  const Lcp lcp = large_frictional_lcp(5);
  SolveOptions hinted;
  hinted.regularization_hint = 1e-8;
  const LcpResult r = solve_sparse_lcp(to_sparse(lcp), SolverKind::Auto, hinted);
  ASSERT_EQ(r.status, SolveStatus::Solved) << r.message;
  EXPECT_TRUE(verify_lcp(lcp, r.z).ok);
  EXPECT_EQ(r.regularization, 1e-8);
  ASSERT_FALSE(r.attempts.empty());
  EXPECT_EQ(r.attempts.front().rfind("lemke (regularized 1e-08)", 0), 0u) << r.attempts.front();
  EXPECT_NE(r.attempts.front().find("(sparse island): solved"), std::string::npos) << r.attempts.front();

  const LcpResult plain = solve_sparse_lcp(to_sparse(lcp), SolverKind::Auto, {});
  ASSERT_EQ(plain.status, SolveStatus::Solved) << plain.message;
  ASSERT_FALSE(plain.attempts.empty());
  EXPECT_EQ(plain.attempts.front().rfind("lemke (sparse island)", 0), 0u) << plain.attempts.front();
}

TEST(RegularizedPolished, TheHintedLevelIsTheFirstLevelAtOrAboveTheHint) {
  EXPECT_EQ(detail::hinted_regularization(1e-8), 1e-8);
  EXPECT_EQ(detail::hinted_regularization(2e-8), 1e-7);
  EXPECT_EQ(detail::hinted_regularization(1e-12), 1e-9);
  EXPECT_EQ(detail::hinted_regularization(1e-3), 0.0);
}

}  // namespace
}  // namespace pegsim
