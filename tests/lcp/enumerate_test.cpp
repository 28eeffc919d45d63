// Complementary basis enumeration: the oracle. Checked against solutions stated by the sources
// (handbook '#' lines, worked-examples.md), not against our own output.
#include <pegsim/lcp/solver.h>

#include <gtest/gtest.h>

#include "generators.h"

#include <string>
#include <vector>

namespace pegsim {
namespace {

const std::string kHandbook = std::string(PEGSIM_SHARED_DIR) + "/data/lcp/handbook/";

bool contains(const std::vector<Vec>& list, const Vec& z, double tol = 1e-9) {
  for (const Vec& v : list)
    if ((v - z).cwiseAbs().maxCoeff() <= tol) return true;
  return false;
}

TEST(Enumerate, RefusesLargeProblems) {
  const Lcp lcp{Mat::Identity(13, 13), Vec::Constant(13, -1.0)};
  const LcpResult r = solve_enumerate(lcp);
  EXPECT_EQ(r.status, SolveStatus::InvalidInput);
  EXPECT_NE(r.message.find("n <= 12"), std::string::npos);
  EXPECT_TRUE(enumerate_all_solutions(lcp).empty());
}

TEST(Enumerate, EmptyAndTrivialProblems) {
  EXPECT_EQ(solve_enumerate(Lcp{Mat(0, 0), Vec(0)}).status, SolveStatus::Solved);
  const LcpResult r = solve_enumerate(Lcp{Mat::Identity(2, 2), Vec::Ones(2)});
  ASSERT_EQ(r.status, SolveStatus::Solved);
  EXPECT_EQ(r.iterations, 1);  // the empty support comes first
  EXPECT_TRUE(r.basis.empty());
}

TEST(Enumerate, InfeasibleProblemHasNoSolution) {
  const Lcp lcp = testgen::read_handbook(kHandbook + "infeasible_1x1.txt").lcp;
  const LcpResult r = solve_enumerate(lcp);
  EXPECT_EQ(r.status, SolveStatus::Infeasible);
  EXPECT_EQ(r.iterations, 2);
  EXPECT_EQ(r.z.size(), lcp.q.size());
  EXPECT_EQ(r.message.find("wrong size"), std::string::npos) << r.message;
  EXPECT_TRUE(enumerate_all_solutions(lcp).empty());
}

TEST(Enumerate, Handbook_10_2_2_AllThreeListedSolutions) {
  const Lcp lcp = testgen::read_handbook(kHandbook + "handbook_10_2_2.txt").lcp;
  const std::vector<Vec> all = enumerate_all_solutions(lcp);
  EXPECT_EQ(all.size(), 3u);
  EXPECT_TRUE(contains(all, Eigen::Vector2d(1, 0)));
  EXPECT_TRUE(contains(all, Eigen::Vector2d(0, 1)));
  EXPECT_TRUE(contains(all, Eigen::Vector2d(0.5, 0.5)));  // min-norm point of the singular basis
}

TEST(Enumerate, HandbookStatedSolutionsAreListed) {
  EXPECT_TRUE(contains(enumerate_all_solutions(testgen::read_handbook(kHandbook + "cottle_cycling3.txt").lcp),
                       Eigen::Vector3d::Constant(1.0 / 3.0)));
  EXPECT_TRUE(contains(enumerate_all_solutions(testgen::read_handbook(kHandbook + "handbook_10_2_3.txt").lcp),
                       Eigen::Vector3d(0, 1, 3)));
  const std::vector<Vec> game = enumerate_all_solutions(testgen::read_handbook(kHandbook + "handbook_10_2_4_bimatrix.txt").lcp);
  EXPECT_TRUE(contains(game, Eigen::Vector4d(1.0 / 90, 2.0 / 45, 1.0 / 90, 2.0 / 45)));
  for (double l : {1.0, 16.0}) {
    const Lcp lcp = testgen::read_handbook(kHandbook + "handbook_10_2_9_l" + std::to_string(static_cast<int>(l)) + ".txt").lcp;
    EXPECT_TRUE(contains(enumerate_all_solutions(lcp),
                         Eigen::Vector4d((l + 16) / 13, (l + 16) / 13, 2 * (23 - l) / 13, (1286 - 9 * l) / 13)));
  }
  const Lcp n16 = testgen::read_handbook(kHandbook + "handbook_10_2_1_n16.txt").lcp;  // n = 16: refused
  EXPECT_EQ(solve_enumerate(n16).status, SolveStatus::InvalidInput);
}

TEST(Enumerate, EveryListedSolutionVerifiesAndFirstMatchesSolve) {
  testgen::Rng rng(3);
  for (int trial = 0; trial < 10; ++trial) {
    const Lcp lcp = testgen::random_psd_rank_deficient(6, 3, 2, rng);
    const std::vector<Vec> all = enumerate_all_solutions(lcp);
    ASSERT_FALSE(all.empty());
    for (const Vec& z : all) EXPECT_TRUE(verify_lcp(lcp, z).ok);
    const LcpResult first = solve_enumerate(lcp);
    ASSERT_EQ(first.status, SolveStatus::Solved);
    EXPECT_LT((first.z - all.front()).cwiseAbs().maxCoeff(), 1e-9);
  }
}

// Egan max formulation: (a) has the unique solution z_a; every solution of (b) ends at one of
// the three positions of worked-examples.md, and each of the three is reached.
TEST(EnumerateEgan, MaxFormulationSolutionSets) {
  const testgen::EganCorner a{Eigen::Vector2d(-2.0, 0.0)}, b{Eigen::Vector2d(-2.0, -1.0)};
  const std::vector<Vec> sa = enumerate_all_solutions(testgen::egan_max_lcp(a, 100.0));
  ASSERT_EQ(sa.size(), 1u);
  EXPECT_TRUE(contains(sa, (Vec(10) << 2.5, 0.5, 99.5, 0, 1, 1.5, 0, 0, 0, 0).finished()));

  const std::vector<Vec> sb = enumerate_all_solutions(testgen::egan_max_lcp(b, 100.0));
  const std::vector<Eigen::Vector2d> ends{{0, 0}, {0, -1}, {-3, 0}};
  std::vector<bool> reached(3, false);
  for (const Vec& z : sb) {
    const Eigen::Vector2d end = testgen::egan_end_position(b, z[8], z[9]);
    bool known = false;
    for (int i = 0; i < 3; ++i)
      if ((end - ends[i]).norm() < 1e-9) known = reached[i] = true;
    EXPECT_TRUE(known) << end.transpose();
  }
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(reached[i]) << ends[i].transpose();
  // The hand-derived solutions of worked-examples.md are solutions.
  for (const Vec& z : {(Vec(10) << 1, 1, 99, 0, 1, 0, 0, 0, 1.5, 0.5).finished(),
                       (Vec(10) << 1, 1.5, 99, 1, 0, 0, 0.5, 0, 1.5, 0).finished(),
                       (Vec(10) << 2.5, 1, 99, 0, 1, 1.5, 0, 0, 0, 0.5).finished()})
    EXPECT_TRUE(verify_lcp(testgen::egan_max_lcp(b, 100.0), z).ok) << z.transpose();
}

TEST(EnumerateEgan, SummationFormulationSolutionSets) {
  const testgen::EganCorner a{Eigen::Vector2d(-2.0, 0.0)}, b{Eigen::Vector2d(-2.0, -1.0)};
  const std::vector<Vec> sa = enumerate_all_solutions(testgen::egan_sum_lcp(a, 0.02));
  ASSERT_EQ(sa.size(), 1u);
  EXPECT_TRUE(contains(sa, Eigen::Vector4d(0, 0.51, 0, 0)));
  const Lcp lb = testgen::egan_sum_lcp(b, 0.02);
  const std::vector<Vec> sb = enumerate_all_solutions(lb);
  ASSERT_FALSE(sb.empty());
  for (const Vec& z : sb) {
    const Eigen::Vector2d end = testgen::egan_end_position(b, z[2], z[3]);
    EXPECT_TRUE(end.x() >= -1e-9 || end.y() >= -1e-9 || end.x() + end.y() >= -0.02 - 1e-9) << end.transpose();
  }
  // The re-derived members of the continuum (worked-examples.md) solve the corrected LCP.
  for (const Vec& z : {Vec(Eigen::Vector4d(0, 0.01, 0.5, 0.5)), Vec(Eigen::Vector4d(0.005, 0.005, 1.495, 0.495)),
                       Vec(Eigen::Vector4d(0.01, 0, 1.5, 0.13))})
    EXPECT_TRUE(verify_lcp(lb, z).ok) << z.transpose();
}

TEST(Enumerate, IsDeterministic) {
  testgen::Rng rng(5);
  const Lcp lcp = testgen::random_psd_rank_deficient(8, 4, 3, rng);
  const std::vector<Vec> a = enumerate_all_solutions(lcp), b = enumerate_all_solutions(lcp);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i], b[i]);
}

}  // namespace
}  // namespace pegsim
