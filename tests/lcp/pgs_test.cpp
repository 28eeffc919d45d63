// Projected Gauss–Seidel / SOR (src/lcp/pgs.cpp) on contact-like Delassus problems
// J M^{-1} J^T, and the honesty of its status and residual.
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/verify.h>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace pegsim {
namespace {

// A contact-like LCP: `contacts` rows of a random Jacobian over `dofs` velocities, a diagonal
// positive inverse mass, w = J v+ with v+ = v0 + M^{-1} J^T z, gaps folded into q.
Lcp contact_lcp(int contacts, int dofs, std::mt19937_64& rng) {
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> mass(0.5, 5.0);
  Mat J(contacts, dofs);
  for (int i = 0; i < contacts; ++i)
    for (int j = 0; j < dofs; ++j) J(i, j) = normal(rng);
  Vec inverse_mass(dofs), v0(dofs), gap_over_h(contacts);
  for (int j = 0; j < dofs; ++j) {
    inverse_mass(j) = 1.0 / mass(rng);
    v0(j) = normal(rng);
  }
  for (int i = 0; i < contacts; ++i) gap_over_h(i) = 0.1 * std::abs(normal(rng));
  return {J * inverse_mass.asDiagonal() * J.transpose(), J * v0 + gap_over_h};
}

TEST(Pgs, ConvergesOnSpdContactProblems) {
  std::mt19937_64 rng(101);
  for (int trial = 0; trial < 15; ++trial) {
    const Lcp lcp = contact_lcp(4 + trial, 30, rng);  // fewer contacts than dofs: SPD
    const LcpResult r = solve_pgs(lcp);
    ASSERT_EQ(r.status, SolveStatus::Solved) << "trial " << trial << ": " << r.message;
    EXPECT_TRUE(verify_lcp(lcp, r.z).ok);
    EXPECT_EQ(r.solver, "pgs");
    // SPD: unique solution, so Newton must find the same one.
    const LcpResult newton = solve_newton_fb(lcp);
    ASSERT_EQ(newton.status, SolveStatus::Solved);
    // Residual 1e-8 on an SPD problem bounds the error by ~ cond(M) 1e-8.
    EXPECT_LT((r.z - newton.z).cwiseAbs().maxCoeff(), 1e-4) << "trial " << trial;
  }
}

// Redundant contacts (more rows than dofs): M is only PSD and singular; PGS still converges.
TEST(Pgs, ConvergesOnRedundantContacts) {
  std::mt19937_64 rng(202);
  int solved = 0;
  for (int trial = 0; trial < 10; ++trial) {
    const Lcp lcp = contact_lcp(12, 6, rng);
    const LcpResult r = solve_pgs(lcp);
    if (r.status == SolveStatus::Solved) ++solved;
    EXPECT_TRUE(r.status == SolveStatus::Solved || r.status == SolveStatus::IterationLimit);
    EXPECT_EQ(r.status == SolveStatus::Solved, verify_lcp(lcp, r.z).ok);
  }
  EXPECT_GE(solved, 8);
}

TEST(Pgs, OverRelaxationAlsoConverges) {
  std::mt19937_64 rng(303);
  const Lcp lcp = contact_lcp(10, 20, rng);
  SolveOptions sor;
  sor.pgs_relaxation = 1.4;
  const LcpResult r = solve_pgs(lcp, sor);
  ASSERT_EQ(r.status, SolveStatus::Solved) << r.message;
  EXPECT_TRUE(verify_lcp(lcp, r.z).ok);
}

TEST(Pgs, TooFewSweepsIsIterationLimitNotSolved) {
  std::mt19937_64 rng(404);
  const Lcp lcp = contact_lcp(20, 24, rng);
  SolveOptions few;
  few.max_iterations = 3;
  const LcpResult r = solve_pgs(lcp, few);
  EXPECT_EQ(r.status, SolveStatus::IterationLimit);
  EXPECT_EQ(r.iterations, 3);
  EXPECT_GT(r.residual, few.tolerance);
  EXPECT_DOUBLE_EQ(r.residual, verify_lcp(lcp, r.z).residual);  // honest residual
  EXPECT_FALSE(r.message.empty());
  EXPECT_TRUE(r.z.allFinite());
}

TEST(Pgs, NonPositiveDiagonalIsRefusedWithAMessage) {
  Mat M(2, 2);
  M << 1, 2,
       2, 0;
  const LcpResult r = solve_pgs(Lcp{M, Vec::Constant(2, -1.0)});
  EXPECT_EQ(r.status, SolveStatus::NumericalBreakdown);
  EXPECT_NE(r.message.find("M(1,1)"), std::string::npos) << r.message;
  EXPECT_TRUE(r.z.allFinite());
}

TEST(Pgs, RelaxationOutsideZeroTwoIsInvalidInput) {
  SolveOptions bad;
  bad.pgs_relaxation = 2.0;
  const LcpResult r = solve_pgs(Lcp{Mat::Identity(2, 2), Vec::Constant(2, -1.0)}, bad);
  EXPECT_EQ(r.status, SolveStatus::InvalidInput);
  EXPECT_NE(r.message.find("omega"), std::string::npos) << r.message;
}

// Positive diagonal but strongly indefinite: the iteration diverges; PGS must say so honestly.
TEST(Pgs, DivergenceIsNotSolvedAndStaysFinite) {
  Mat M(2, 2);
  M << 1, -3,
       -3, 1;
  SolveOptions options;
  options.max_iterations = 5000;
  const LcpResult r = solve_pgs(Lcp{M, Vec(Eigen::Vector2d(-1.0, -1.0))}, options);
  EXPECT_NE(r.status, SolveStatus::Solved);
  EXPECT_TRUE(r.z.allFinite());
  EXPECT_FALSE(r.message.empty());
}

TEST(Pgs, TrivialCases) {
  const LcpResult empty = solve_pgs(Lcp{Mat(0, 0), Vec(0)});
  EXPECT_EQ(empty.status, SolveStatus::Solved);
  const LcpResult zero = solve_pgs(Lcp{Mat::Identity(3, 3), Vec::Ones(3)});
  EXPECT_EQ(zero.status, SolveStatus::Solved);
  EXPECT_EQ(zero.z, Vec::Zero(3));
  const LcpResult one = solve_pgs(Lcp{Mat::Constant(1, 1, 4.0), Vec::Constant(1, -2.0)});
  ASSERT_EQ(one.status, SolveStatus::Solved);
  EXPECT_NEAR(one.z(0), 0.5, 1e-12);
}

}  // namespace
}  // namespace pegsim
