// The default solver (src/lcp/auto.cpp): what it tries, what it records, and that it never
// claims a solution that the independent check rejects.
#include <pegsim/lcp/components.h>
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/verify.h>

#include <gtest/gtest.h>

#include "lcp/generators.h"

#include <cmath>
#include <random>
#include <string>

namespace pegsim {
namespace {

Mat random_matrix(int rows, int cols, std::mt19937_64& rng) {
  std::normal_distribution<double> normal(0.0, 1.0);
  Mat m(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) m(i, j) = normal(rng);
  return m;
}

// Delassus LCP of `contacts` random contact rows over `dofs` velocities (unit masses).
Lcp contact_lcp(const Mat& J, std::mt19937_64& rng) {
  const Vec v0 = random_matrix(static_cast<int>(J.cols()), 1, rng);
  const Vec gap_over_h = random_matrix(static_cast<int>(J.rows()), 1, rng).cwiseAbs() * 0.1;
  return {J * J.transpose(), J * v0 + gap_over_h};
}

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.rfind(prefix, 0) == 0;
}

TEST(Auto, NonNegativeQIsTrivial) {
  const LcpResult r = solve_auto(Lcp{-Mat::Identity(3, 3), Vec::Ones(3)});
  EXPECT_EQ(r.status, SolveStatus::Solved);
  EXPECT_EQ(r.z, Vec::Zero(3));
  ASSERT_EQ(r.attempts.size(), 1u);
  EXPECT_TRUE(starts_with(r.attempts.front(), "trivial")) << r.attempts.front();
}

TEST(Auto, ContactProblemIsSolvedByLemkeFirst) {
  std::mt19937_64 rng(77);
  const Lcp lcp = contact_lcp(random_matrix(8, 12, rng), rng);
  const LcpResult r = solve_auto(lcp);
  ASSERT_EQ(r.status, SolveStatus::Solved) << r.message;
  EXPECT_EQ(r.solver, "lemke");
  ASSERT_EQ(r.attempts.size(), 1u);
  EXPECT_TRUE(starts_with(r.attempts.front(), "lemke: solved (")) << r.attempts.front();
  EXPECT_NE(r.attempts.front().find("pivots"), std::string::npos) << r.attempts.front();
  EXPECT_TRUE(verify_lcp(lcp, r.z).ok);
}

TEST(Auto, WarmBasisIsPassedToLemke) {
  std::mt19937_64 rng(78);
  const Lcp lcp = contact_lcp(random_matrix(30, 40, rng), rng);
  const LcpResult cold = solve_auto(lcp);
  ASSERT_EQ(cold.status, SolveStatus::Solved);
  SolveOptions warm;
  warm.warm_basis = &cold.basis;
  const LcpResult hot = solve_auto(lcp, warm);
  ASSERT_EQ(hot.status, SolveStatus::Solved) << hot.message;
  EXPECT_LE(hot.iterations, cold.iterations);
  EXPECT_LT((hot.z - cold.z).cwiseAbs().maxCoeff(), 1e-6);  // SPD: unique
}

// w = -z - 1: no solution. Lemke's ray dz = 1 is a Farkas certificate (M^T dz = -1 <= 0,
// q^T dz = -1 < 0): Auto reports Infeasible after that one attempt, and every other solver agrees.
TEST(Auto, InfeasibleOneByOneIsNotSolved) {
  const Lcp lcp{Mat::Constant(1, 1, -1.0), Vec::Constant(1, -1.0)};
  const LcpResult r = solve_auto(lcp);
  EXPECT_EQ(r.status, SolveStatus::Infeasible);
  EXPECT_TRUE(r.certified_infeasible);
  EXPECT_TRUE(std::isfinite(r.residual));
  EXPECT_TRUE(r.z.allFinite());
  ASSERT_EQ(r.attempts.size(), 1u);
  EXPECT_TRUE(starts_with(r.attempts[0], "lemke: infeasible"));
  EXPECT_FALSE(r.message.empty());
  EXPECT_NE(solve_newton_fb(lcp).status, SolveStatus::Solved);
  EXPECT_NE(solve_enumerate(lcp).status, SolveStatus::Solved);
}

// Auto with Lemke capped at one pivot, before its ray: a failure without a certificate.
LcpResult uncertified_failure(const Lcp& lcp) {
  SolveOptions capped;
  capped.max_iterations = 1;
  const LcpResult r = solve_auto(lcp, capped);
  EXPECT_NE(r.status, SolveStatus::Solved);
  EXPECT_FALSE(r.certified_infeasible);
  EXPECT_GT(r.residual, capped.tolerance);
  return r;
}

// Without a certificate (Lemke capped before its ray), Auto tries everything applicable.
TEST(Auto, UncertifiedFailureTriesEverySolver) {
  const LcpResult r = uncertified_failure(Lcp{Mat::Constant(1, 1, -1.0), Vec::Constant(1, -1.0)});
  // lemke, newton, lemke from Newton's active set, enumerate, the last-resort Newton; no pgs
  // (M_11 < 0)
  ASSERT_EQ(r.attempts.size(), 5u) << r.attempts[0];
  EXPECT_TRUE(starts_with(r.attempts[1], "newton: "));
  EXPECT_TRUE(starts_with(r.attempts[2], "lemke: "));
  EXPECT_TRUE(starts_with(r.attempts[3], "enumerate: "));
  EXPECT_TRUE(starts_with(r.attempts[4], "newton (extended): "));
}

// The same failure above kNewtonFallbackMaxRows rows: no Newton and no path from its active set
// (4 dense factorisations there cost seconds to minutes and never verified, solver.h). Lemke's
// failure is still reported, unsolved.
TEST(Auto, UncertifiedFailureOfALargeLcpSkipsNewton) {
  const int n = kNewtonFallbackMaxRows + 1;
  Lcp lcp{-Mat::Identity(n, n), Vec::Constant(n, -1.0)};
  lcp.M(0, 1) = 0.5;  // not symmetric: no block pivoting first
  const LcpResult r = uncertified_failure(lcp);
  ASSERT_EQ(r.attempts.size(), 1u) << r.attempts[0];
  EXPECT_TRUE(starts_with(r.attempts[0], "lemke: ")) << r.attempts[0];
  EXPECT_FALSE(starts_with(r.attempts[0], "lemke: solved")) << r.attempts[0];
}

// A contact problem plus a copy of contact 0 with the opposite normal and a gap that makes the
// two incompatible: rows 0 and k of M are opposite, so w_0 + w_k = q_0 + q_k < 0 for every z.
TEST(Auto, ContactProblemWithInfeasibleShiftIsNotSolved) {
  std::mt19937_64 rng(79);
  Mat J = random_matrix(6, 9, rng);
  Mat J_conflict(7, 9);
  J_conflict << J, -J.row(0);
  Lcp lcp = contact_lcp(J_conflict, rng);
  lcp.q(6) = -lcp.q(0) - 0.5;
  const LcpResult r = solve_auto(lcp);
  EXPECT_EQ(r.status, SolveStatus::Infeasible) << r.message;
  EXPECT_TRUE(r.certified_infeasible);
  EXPECT_TRUE(std::isfinite(r.residual));
  EXPECT_GT(r.residual, SolveOptions{}.tolerance);
  EXPECT_TRUE((r.z.array() >= 0.0).all());
  // The certificate is right: no other solver finds a solution either.
  for (const LcpResult& single : {solve_newton_fb(lcp), solve_enumerate(lcp), solve_pgs(lcp)})
    EXPECT_NE(single.status, SolveStatus::Solved) << single.solver;
}

// The same on 2D rigid-body scenes (generators.h): two opposing contacts on one line of action
// that both demand separation. Larger than the enumeration limit for most seeds. M is symmetric
// PSD (frictionless), so Lemke's ray is a proof and Auto reports Infeasible without more attempts.
TEST(Auto, InfeasibleRigidBodyScenesAreNotSolved) {
  testgen::Rng rng(80);
  for (int trial = 0; trial < 5; ++trial) {
    const Lcp lcp = testgen::infeasible_contact_lcp(testgen::random_scene(3, 4 + 4 * trial, rng), rng);
    const LcpResult r = solve_auto(lcp);
    EXPECT_EQ(r.status, SolveStatus::Infeasible) << "trial " << trial << ": " << r.message;
    EXPECT_TRUE(std::isfinite(r.residual));
    EXPECT_GT(r.residual, SolveOptions{}.tolerance);
    EXPECT_TRUE(r.z.allFinite());
    EXPECT_TRUE((r.z.array() >= 0.0).all());
    EXPECT_TRUE(r.certified_infeasible);
    ASSERT_EQ(r.attempts.size(), 1u);
    EXPECT_TRUE(starts_with(r.attempts[0], "lemke: infeasible")) << r.attempts[0];
    EXPECT_FALSE(r.message.empty());
  }
}

// Stewart–Trinkle friction LCPs are neither symmetric nor PSD; they always have a solution
// (Stewart–Trinkle), and Auto must find a verified one.
TEST(AutoProperty, FrictionalContactScenesAreSolved) {
  testgen::Rng rng(81);
  for (int trial = 0; trial < 30; ++trial) {
    const Lcp lcp = testgen::friction_lcp(testgen::random_scene(1 + trial % 4, 1 + trial % 9, rng));
    const LcpResult r = solve_auto(lcp);
    ASSERT_EQ(r.status, SolveStatus::Solved) << "trial " << trial << ": " << r.message;
    EXPECT_TRUE(verify_lcp(lcp, r.z).ok);
  }
}

// The regularisation hint (SolveOptions::regularization_hint): on a frictional LCP of
// kRegularizationHintMinRows+ rows the regularised paths from the hinted level come first, the
// answer still verifies, and the result names the level that solved it; below that size, or
// without a hint, the plain path is first and a plain answer reports 0.
TEST(Auto, RegularizationHintPutsTheHintedLevelFirstOnLargeFrictionalLcps) {
  testgen::Rng rng(5);
  const Lcp large = testgen::friction_lcp(testgen::random_scene(30, kRegularizationHintMinRows / 4 + 5, rng));
  ASSERT_GE(large.size(), kRegularizationHintMinRows);
  SolveOptions hinted;
  hinted.regularization_hint = 1e-8;
  const LcpResult r = solve_auto(large, hinted);
  ASSERT_EQ(r.status, SolveStatus::Solved) << r.message;
  EXPECT_TRUE(verify_lcp(large, r.z).ok);
  ASSERT_FALSE(r.attempts.empty());
  EXPECT_TRUE(starts_with(r.attempts.front(), "lemke (regularized 1e-08)")) << r.attempts.front();
  EXPECT_TRUE(starts_with(r.solver, "lemke (regularized 1e-08)")) << r.solver;
  EXPECT_EQ(r.regularization, 1e-8);

  const LcpResult plain = solve_auto(large);
  ASSERT_EQ(plain.status, SolveStatus::Solved) << plain.message;
  EXPECT_TRUE(starts_with(plain.attempts.front(), "lemke:")) << plain.attempts.front();
  EXPECT_EQ(plain.regularization, 0.0);

  const Lcp small = testgen::friction_lcp(testgen::random_scene(4, 10, rng));
  ASSERT_LT(small.size(), kRegularizationHintMinRows);
  const LcpResult s = solve_auto(small, hinted);
  ASSERT_EQ(s.status, SolveStatus::Solved) << s.message;
  EXPECT_TRUE(starts_with(s.attempts.front(), "lemke:")) << s.attempts.front();
}

// Over islands the largest level any island needed is reported (the next cell's hint).
TEST(Auto, RegularizationOfIslandsIsTheLargest) {
  testgen::Rng rng(6);
  const Lcp a = testgen::friction_lcp(testgen::random_scene(30, kRegularizationHintMinRows / 4 + 5, rng));
  const Lcp b = testgen::friction_lcp(testgen::random_scene(3, 6, rng));
  Lcp both{Mat::Zero(a.size() + b.size(), a.size() + b.size()), Vec(a.size() + b.size())};
  both.M.topLeftCorner(a.size(), a.size()) = a.M;
  both.M.bottomRightCorner(b.size(), b.size()) = b.M;
  both.q << a.q, b.q;
  SolveOptions hinted;
  hinted.regularization_hint = 1e-7;
  // as two islands (a's random scene may itself fall apart, and its parts are under the hint's size)
  std::vector<std::vector<int>> islands(2);
  for (int i = 0; i < both.size(); ++i) islands[i < a.size() ? 0 : 1].push_back(i);
  const LcpResult r = solve_by_components(both, islands, SolverKind::Auto, hinted);
  ASSERT_EQ(r.status, SolveStatus::Solved) << r.message;
  EXPECT_EQ(r.islands, 2);
  EXPECT_TRUE(verify_lcp(both, r.z).ok);
  EXPECT_EQ(r.regularization, 1e-7);
}

// Seeded families: any Solved answer verifies independently; whenever the oracle (enumeration)
// knows a solution exists, Auto finds one.
TEST(AutoProperty, SolvesWhateverTheOracleCanSolve) {
  std::mt19937_64 rng(2718);
  std::normal_distribution<double> normal(0.0, 1.0);
  for (int trial = 0; trial < 150; ++trial) {
    const int n = 1 + trial % 8;
    Lcp lcp{random_matrix(n, n, rng), Vec(n)};
    if (trial % 3 == 1) lcp.M = lcp.M * lcp.M.transpose();
    for (int i = 0; i < n; ++i) lcp.q(i) = normal(rng);

    const LcpResult r = solve_auto(lcp);
    ASSERT_FALSE(r.attempts.empty());
    EXPECT_TRUE(r.z.allFinite());
    EXPECT_TRUE(std::isfinite(r.residual));
    const Verification check = verify_lcp(lcp, r.z);
    EXPECT_EQ(r.status == SolveStatus::Solved, check.ok) << "trial " << trial;
    if (r.status == SolveStatus::Solved) {
      EXPECT_TRUE(starts_with(r.attempts.back(), r.solver + ": ")) << r.attempts.back();
    }
    if (!enumerate_all_solutions(lcp).empty()) {
      EXPECT_EQ(r.status, SolveStatus::Solved) << "trial " << trial << ": " << r.message;
    }
  }
}

// Murty's example needs 2^n Lemke pivots (Murty 1988, ch. 6): with n = 16 and a cap of 500
// (pivots for Lemke, iterations per start for Newton) Lemke must give up, and Auto must fall back
// to Newton (the matrix is a P-matrix, so Newton is reliable; it needs ~30 iterations).
TEST(Auto, FallsBackToNewtonWhenLemkeGivesUp) {
  const Lcp lcp = testgen::murty_exponential(16);
  SolveOptions capped;
  capped.max_iterations = 500;
  const LcpResult r = solve_auto(lcp, capped);
  ASSERT_EQ(r.status, SolveStatus::Solved) << r.message;
  EXPECT_TRUE(verify_lcp(lcp, r.z).ok);
  ASSERT_EQ(r.attempts.size(), 2u);
  EXPECT_TRUE(starts_with(r.attempts[0], "lemke: ")) << r.attempts[0];
  EXPECT_FALSE(starts_with(r.attempts[0], "lemke: solved")) << r.attempts[0];
  EXPECT_TRUE(starts_with(r.attempts[1], "newton: solved (")) << r.attempts[1];
  EXPECT_EQ(r.solver, "newton");
}

TEST(AutoProperty, LargeContactProblemsAreSolved) {
  std::mt19937_64 rng(3141);
  for (int trial = 0; trial < 10; ++trial) {
    const Lcp lcp = contact_lcp(random_matrix(40 + 10 * trial, 60, rng), rng);  // often redundant
    const LcpResult r = solve_auto(lcp);
    ASSERT_EQ(r.status, SolveStatus::Solved) << "trial " << trial << ": " << r.message;
    EXPECT_TRUE(verify_lcp(lcp, r.z).ok);
  }
}

TEST(Auto, InvalidInputIsReported) {
  const LcpResult r = solve_auto(Lcp{Mat::Identity(2, 3), Vec::Ones(2)});
  EXPECT_EQ(r.status, SolveStatus::InvalidInput);
  EXPECT_FALSE(r.message.empty());
  EXPECT_FALSE(r.attempts.empty());
}

}  // namespace
}  // namespace pegsim
