// The independent check (verify.h) and the names/dispatcher (names.cpp).
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/verify.h>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace pegsim {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

Lcp one_by_one(double m, double q) { return Lcp{Mat::Constant(1, 1, m), Vec::Constant(1, q)}; }

TEST(VerifyLcp, EmptyProblemIsTriviallySolved) {
  const Verification v = verify_lcp(Lcp{Mat(0, 0), Vec(0)}, Vec(0));
  EXPECT_TRUE(v.ok);
  EXPECT_EQ(v.residual, 0.0);
  EXPECT_EQ(v.w.size(), 0);
}

TEST(VerifyLcp, OneByOneSolutionAndNonSolutions) {
  const Lcp lcp = one_by_one(2.0, -1.0);  // z = 0.5, w = 0
  EXPECT_TRUE(verify_lcp(lcp, Vec::Constant(1, 0.5)).ok);
  // z = 0: w = -1 < 0, residual |min(0, -1)| / max(1, 1) = 1.
  const Verification zero = verify_lcp(lcp, Vec::Zero(1));
  EXPECT_FALSE(zero.ok);
  EXPECT_DOUBLE_EQ(zero.residual, 1.0);
  EXPECT_DOUBLE_EQ(zero.w[0], -1.0);
  // z = 1: w = 1, both positive: complementarity violated by min(1, 1) = 1.
  EXPECT_DOUBLE_EQ(verify_lcp(lcp, Vec::Constant(1, 1.0)).residual, 1.0);
  // z = -0.5: negative z counts even though w = -2 is also negative: |min| = 2.
  EXPECT_DOUBLE_EQ(verify_lcp(lcp, Vec::Constant(1, -0.5)).residual, 2.0);
}

TEST(VerifyLcp, ResidualIsRelativeToLargeQAndAbsoluteForSmallQ) {
  // q = -1e6: an error of 1 in w is 1e-6 relative.
  const Lcp big = one_by_one(1.0, -1e6);
  EXPECT_NEAR(verify_lcp(big, Vec::Constant(1, 1e6 - 1.0)).residual, 1e-6, 1e-15);
  // q = -1e-3: scale is 1, so the residual is in units of q.
  const Lcp small = one_by_one(1.0, -1e-3);
  EXPECT_NEAR(verify_lcp(small, Vec::Zero(1)).residual, 1e-3, 1e-15);
  EXPECT_FALSE(verify_lcp(small, Vec::Zero(1)).ok);
}

TEST(VerifyLcp, ToleranceDecides) {
  const Lcp lcp = one_by_one(1.0, -1.0);
  const Vec almost = Vec::Constant(1, 1.0 - 1e-9);
  EXPECT_TRUE(verify_lcp(lcp, almost, 1e-8).ok);
  EXPECT_FALSE(verify_lcp(lcp, almost, 1e-10).ok);
}

TEST(VerifyLcp, NonFiniteMeansInfiniteResidual) {
  const Lcp lcp = one_by_one(1.0, -1.0);
  EXPECT_EQ(verify_lcp(lcp, Vec::Constant(1, kNaN)).residual, kInf);
  EXPECT_FALSE(verify_lcp(lcp, Vec::Constant(1, kNaN)).ok);
  EXPECT_EQ(verify_lcp(lcp, Vec::Constant(1, kInf)).residual, kInf);
  EXPECT_EQ(verify_lcp(one_by_one(kNaN, -1.0), Vec::Zero(1)).residual, kInf);
  EXPECT_EQ(verify_lcp(one_by_one(1.0, kNaN), Vec::Zero(1)).residual, kInf);
}

TEST(VerifyLcp, SizeMismatchMeansInfiniteResidual) {
  const Lcp lcp{Mat::Identity(2, 2), Vec::Constant(2, -1.0)};
  EXPECT_EQ(verify_lcp(lcp, Vec::Ones(3)).residual, kInf);
  EXPECT_FALSE(verify_lcp(lcp, Vec::Ones(3)).ok);
  const Lcp rectangular{Mat::Identity(2, 3), Vec::Constant(2, -1.0)};
  EXPECT_EQ(verify_lcp(rectangular, Vec::Ones(2)).residual, kInf);
}

TEST(ValidateLcp, NamesTheProblem) {
  EXPECT_EQ(validate_lcp(Lcp{Mat::Identity(2, 2), Vec::Ones(2)}), "");
  EXPECT_NE(validate_lcp(Lcp{Mat::Identity(2, 3), Vec::Ones(2)}).find("M is 2x3"), std::string::npos);
  Lcp nan_q{Mat::Identity(2, 2), Vec::Ones(2)};
  nan_q.q[1] = kNaN;
  EXPECT_NE(validate_lcp(nan_q).find("q(1)"), std::string::npos);
  Lcp inf_m{Mat::Identity(2, 2), Vec::Ones(2)};
  inf_m.M(0, 1) = kInf;
  EXPECT_NE(validate_lcp(inf_m).find("M(0,1)"), std::string::npos);
}

TEST(FinalizeResult, ZeroFillsNaNAndDowngradesClaimedSolved) {
  const Lcp lcp = one_by_one(1.0, -1.0);
  LcpResult r;
  r.status = SolveStatus::Solved;
  r.z = Vec::Constant(1, kNaN);
  finalize_result(lcp, kDefaultTolerance, r);
  EXPECT_EQ(r.status, SolveStatus::NumericalBreakdown);
  EXPECT_EQ(r.z[0], 0.0);
  EXPECT_DOUBLE_EQ(r.w[0], -1.0);
  EXPECT_DOUBLE_EQ(r.residual, 1.0);
  EXPECT_FALSE(r.message.empty());
}

TEST(FinalizeResult, ZeroFillsWrongSizeEvenWhenNotClaimingSuccess) {
  const Lcp lcp{Mat::Identity(3, 3), Vec::Constant(3, 1.0)};
  LcpResult r;
  r.status = SolveStatus::IterationLimit;
  finalize_result(lcp, kDefaultTolerance, r);
  EXPECT_EQ(r.status, SolveStatus::IterationLimit);  // never upgraded, although z = 0 solves it
  ASSERT_EQ(r.z.size(), 3);
  EXPECT_EQ(r.z.cwiseAbs().maxCoeff(), 0.0);
  EXPECT_EQ(r.residual, 0.0);
}

TEST(FinalizeResult, KeepsNaNOutOfWForInvalidData) {
  Lcp bad = one_by_one(std::numeric_limits<double>::infinity(), -1.0);
  LcpResult r;
  r.status = SolveStatus::InvalidInput;
  finalize_result(bad, kDefaultTolerance, r);  // w = inf * 0 - 1 = NaN
  EXPECT_EQ(r.status, SolveStatus::InvalidInput);
  EXPECT_TRUE(r.w.allFinite());
  EXPECT_TRUE(r.z.allFinite());
  EXPECT_EQ(r.residual, kInf);
}

TEST(FinalizeResult, KeepsVerifiedSolvedAndRecomputesW) {
  const Lcp lcp{Mat::Identity(2, 2) * 2.0, Vec(Eigen::Vector2d(-1.0, 3.0))};
  LcpResult r;
  r.status = SolveStatus::Solved;
  r.z = Eigen::Vector2d(0.5, 0.0);
  r.w = Eigen::Vector2d(42.0, 42.0);  // whatever the solver said
  finalize_result(lcp, kDefaultTolerance, r);
  EXPECT_EQ(r.status, SolveStatus::Solved);
  EXPECT_DOUBLE_EQ(r.w[0], 0.0);
  EXPECT_DOUBLE_EQ(r.w[1], 3.0);
}

TEST(FinalizeResult, DowngradesAWrongClaim) {
  const Lcp lcp = one_by_one(1.0, -1.0);
  LcpResult r;
  r.status = SolveStatus::Solved;
  r.z = Vec::Constant(1, 0.9);
  finalize_result(lcp, kDefaultTolerance, r);
  EXPECT_EQ(r.status, SolveStatus::NumericalBreakdown);
  EXPECT_NEAR(r.residual, 0.1, 1e-15);
  EXPECT_NE(r.message.find("independent check failed"), std::string::npos);
}

// MLCP: u + z - 1 = 0 (A = 1, C = 1, a = -1), w = -u + z + 0 (D = -1, B = 1, b = 0):
// u = 1 - z, w = 2z - 1 => z = 1/2, u = 1/2, w = 0.
Mlcp tiny_mlcp() {
  return Mlcp{Mat::Ones(1, 1), Mat::Ones(1, 1), -Mat::Ones(1, 1), Mat::Ones(1, 1), -Vec::Ones(1), Vec::Zero(1)};
}

TEST(VerifyMlcp, AcceptsTheSolutionAndMeasuresBothParts) {
  const Mlcp m = tiny_mlcp();
  EXPECT_TRUE(verify_mlcp(m, Vec::Constant(1, 0.5), Vec::Constant(1, 0.5)).ok);
  // u = 0.6, z = 0.5: equality residual |0.6 + 0.5 - 1| = 0.1, w = -0.6 + 0.5 = -0.1.
  const Verification v = verify_mlcp(m, Vec::Constant(1, 0.6), Vec::Constant(1, 0.5));
  EXPECT_NEAR(v.residual, 0.1, 1e-15);
  EXPECT_NEAR(v.w[0], -0.1, 1e-15);
  // Equality rows scaled by 100: residual 10 relative to ||a|| = 100 is still 0.1.
  Mlcp scaled = m;
  scaled.a *= 100.0, scaled.A *= 100.0, scaled.C *= 100.0;
  EXPECT_NEAR(verify_mlcp(scaled, Vec::Constant(1, 0.6), Vec::Constant(1, 0.5)).residual, 0.1, 1e-14);
  EXPECT_EQ(verify_mlcp(m, Vec::Ones(2), Vec::Ones(1)).residual, kInf);
  EXPECT_EQ(verify_mlcp(m, Vec::Constant(1, kNaN), Vec::Ones(1)).residual, kInf);
}

TEST(ValidateMlcp, NamesTheBlock) {
  EXPECT_EQ(validate_mlcp(tiny_mlcp()), "");
  Mlcp bad = tiny_mlcp();
  bad.C = Mat::Ones(1, 2);
  EXPECT_NE(validate_mlcp(bad).find("C is 1x2"), std::string::npos);
  Mlcp nan = tiny_mlcp();
  nan.b[0] = kNaN;
  EXPECT_NE(validate_mlcp(nan).find("b(0)"), std::string::npos);
}

TEST(Names, StatusAndSolverStringsRoundTrip) {
  EXPECT_STREQ(to_string(SolveStatus::Solved), "solved");
  EXPECT_STREQ(to_string(SolveStatus::Infeasible), "infeasible");
  EXPECT_STREQ(to_string(SolveStatus::IterationLimit), "iteration_limit");
  EXPECT_STREQ(to_string(SolveStatus::NumericalBreakdown), "numerical_breakdown");
  EXPECT_STREQ(to_string(SolveStatus::InvalidInput), "invalid_input");
  EXPECT_STREQ(to_string(SolveStatus::RayTermination), "ray_termination");
  EXPECT_STREQ(to_string(SolveStatus::Jammed), "jammed");
  for (SolverKind k : {SolverKind::Auto, SolverKind::Lemke, SolverKind::Newton, SolverKind::Pgs, SolverKind::Enumerate})
    EXPECT_EQ(parse_solver_kind(to_string(k)), k);
  EXPECT_FALSE(parse_solver_kind("Lemke").has_value());
  EXPECT_FALSE(parse_solver_kind("").has_value());
}

TEST(Names, DispatcherCallsTheNamedSolver) {
  const Lcp lcp{Mat::Identity(2, 2), Vec::Constant(2, -1.0)};
  EXPECT_EQ(solve_lcp(lcp, SolverKind::Lemke).solver, "lemke");
  EXPECT_EQ(solve_lcp(lcp, SolverKind::Enumerate).solver, "enumerate");
  for (SolverKind k : {SolverKind::Auto, SolverKind::Lemke, SolverKind::Newton, SolverKind::Pgs, SolverKind::Enumerate}) {
    const LcpResult r = solve_lcp(lcp, k);
    EXPECT_EQ(r.status, SolveStatus::Solved) << to_string(k);
    EXPECT_TRUE(verify_lcp(lcp, r.z).ok) << to_string(k);
  }
}

}  // namespace
}  // namespace pegsim
