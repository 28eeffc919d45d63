// Lemke's path on a sparse basis in product form (src/lcp/sparse_lemke_path.h), which solve_lemke
// runs first from 600 rows: it must take lemke.cpp's decisions (the same pivot counts on the
// designed examples, ties broken lexicographically), solve contact and friction LCPs checked
// independently, and, warm-started near an answer, take few pivots.
#include "lcp/dumped_path.h"
#include "lcp/generators.h"
#include "lcp/sparse_lemke_path.h"

#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/sparse_lcp.h>
#include <pegsim/lcp/verify.h>

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

namespace pegsim {
namespace {

const std::string kHandbook = std::string(PEGSIM_SHARED_DIR) + "/data/lcp/handbook/";

std::vector<char> zero_columns(const SparseMat& M) {
  std::vector<char> zero(static_cast<std::size_t>(M.cols()), 0);
  for (int j = 0; j < M.cols(); ++j) zero[static_cast<std::size_t>(j)] = M.col(j).nonZeros() == 0;
  return zero;
}

SparsePathEnd path(const Lcp& lcp, const std::vector<int>& start = {}, int cap = 100000,
                   PathTies ties = PathTies::LargerPivotUntilCycle) {
  const SparseMat M = to_sparse(lcp).M;
  return sparse_lemke_path(M, lcp.q, start, zero_columns(M), cap, ties);
}

double residual(const Lcp& lcp, const Vec& z) { return verify_lcp(lcp, z, 1e-8).residual; }

// Murty (1988, ch. 6): 2^n pivots with d = e, as the dense path takes (lemke_test.cpp), whichever
// rule breaks ties.
TEST(SparseLemkePath, MurtyExampleTakesTheDensePathsPivots) {
  for (const PathTies ties : {PathTies::LargerPivotUntilCycle, PathTies::Lexicographic}) {
    for (int n = 3; n <= 8; ++n) {
      const Lcp lcp = testgen::murty_exponential(n);
      const SparsePathEnd end = path(lcp, {}, 100000, ties);
      ASSERT_TRUE(end.solution) << end.detail;
      EXPECT_EQ(end.pivots, 1 << n) << "n = " << n;
      EXPECT_EQ(end.pivots, solve_lemke(lcp).iterations) << "n = " << n;
      EXPECT_LT(residual(lcp, end.z), 1e-10);
    }
  }
}

// Cottle's example cycles without the lexicographic rule; with it the path ends at z = 1/3. The
// larger-pivot ties end there too, without a repeated basis.
TEST(SparseLemkePath, CottleCyclingExampleTerminatesOnTheSolution) {
  const Lcp lcp = testgen::read_handbook(kHandbook + "cottle_cycling3.txt").lcp;
  for (const PathTies ties : {PathTies::LargerPivotUntilCycle, PathTies::Lexicographic}) {
    const SparsePathEnd end = path(lcp, {}, 50, ties);
    ASSERT_TRUE(end.solution) << end.detail;
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(end.z[i], 1.0 / 3.0, 1e-12);
    EXPECT_EQ(end.lexicographic_from, ties == PathTies::Lexicographic ? 0 : -1);
  }
}

// The degenerate LCPs whose larger-pivot ties repeat a basis (generators.h): the path stops there
// and is run again lexicographically from its start, ending as the lexicographic path does (a
// solution, and a ray on the second, which is not copositive-plus), with both paths' pivots.
TEST(SparseLemkePath, LargerPivotTiesThatRepeatABasisRunThePathAgainLexicographically) {
  const std::vector<Lcp> lcps = testgen::larger_pivot_cycling_lcps();
  const Lcp& solvable = lcps[0];
  const Lcp& cycles_midway = lcps[1];
  for (const Lcp& lcp : lcps) {
    const SparsePathEnd lex = path(lcp, {}, 200, PathTies::Lexicographic);
    const SparsePathEnd larger = path(lcp, {}, 200, PathTies::LargerPivotUntilCycle);
    EXPECT_GE(larger.lexicographic_from, 2);
    EXPECT_EQ(larger.pivots, larger.lexicographic_from + lex.pivots);
    EXPECT_EQ(larger.solution, lex.solution);
    EXPECT_EQ(larger.ray, lex.ray);
    EXPECT_EQ(larger.z, lex.z);
    EXPECT_EQ(larger.basis, lex.basis);
  }
  EXPECT_TRUE(path(solvable).solution);
  EXPECT_LT(residual(solvable, path(solvable).z), 1e-12);
  EXPECT_TRUE(path(cycles_midway, {}, 200).ray);
}

// A sparse path of the frictional 100-body pile (pile2d seed 1, mu = 0.3, h = 0.01, 754 rows, warm
// started; tests/data/sparse_path_pile100_mu03_754.bin, read_dumped_path's format). Its ratio tests
// tie degenerate rows; lexicographic ties throughout ended on a basis whose z missed the check
// (residual 7e-2 when recorded), the larger pivot verifies.
TEST(SparseLemkePath, LargerPivotTiesVerifyADegeneratePileIsland) {
  const testgen::DumpedPath p = testgen::read_dumped_path(std::string(PEGSIM_SOURCE_DIR) + "/tests/data/sparse_path_pile100_mu03_754.bin");
  ASSERT_EQ(p.q.size(), 754);
  const Lcp lcp{Mat(p.M), p.q};
  const SparsePathEnd larger = sparse_lemke_path(p.M, p.q, p.start, p.zero_column, p.cap);
  const SparsePathEnd lexicographic =
      sparse_lemke_path(p.M, p.q, p.start, p.zero_column, p.cap, PathTies::Lexicographic);
  ASSERT_TRUE(larger.solution) << larger.detail;
  EXPECT_LE(residual(lcp, larger.z), 1e-8);
  EXPECT_EQ(larger.lexicographic_from, -1);  // no basis repeated
  // the rules took different paths: the ties are there (else this test checks nothing)
  EXPECT_NE(larger.pivots, lexicographic.pivots);
  EXPECT_EQ(lexicographic.lexicographic_from, 0);
}

TEST(SparseLemkePath, InfeasibleProblemEndsInARay) {
  const Lcp lcp = testgen::read_handbook(kHandbook + "infeasible_1x1.txt").lcp;
  const SparsePathEnd end = path(lcp);
  EXPECT_FALSE(end.solution);
  EXPECT_TRUE(end.ray);
  EXPECT_NE(end.detail.find("ray termination"), std::string::npos);
}

// A start whose B is singular (a slip row of zero diagonal: B_S's column -M_{:,j} is 0 in row j, where no other column reaches)
// ends the path at once, reported, with a zero z; solve_lemke then takes the textbook path.
TEST(SparseLemkePath, SingularStartIsReportedAndSolveLemkeGoesOn) {
  testgen::Rng rng(5);
  const Lcp lcp = testgen::friction_lcp(testgen::random_scene(60, 170, rng));
  const int slip_row = 3 * 170;
  ASSERT_EQ(lcp.M(slip_row, slip_row), 0.0);
  const SparsePathEnd end = path(lcp, {slip_row});
  EXPECT_FALSE(end.solution);
  EXPECT_EQ(end.detail, "singular starting basis");
  EXPECT_EQ(end.z, Vec::Zero(lcp.size()));
  const std::vector<int> warm = {slip_row};
  SolveOptions options;
  options.warm_basis = &warm;
  const LcpResult r = solve_lemke(lcp, options);
  EXPECT_EQ(r.status, SolveStatus::Solved) << r.message;
  EXPECT_LE(r.residual, kDefaultTolerance);
}

// On frictionless and Stewart–Trinkle LCPs of random contact scenes (30-160 contacts), the sparse
// path solves what the dense one solves, to the same check; where the dense one fails, so may it.
TEST(SparseLemkePath, SolvesContactAndFrictionLcpsLikeTheDensePath) {
  testgen::Rng rng(11);
  int friction_solved = 0, friction_both = 0;
  for (int trial = 0; trial < 12; ++trial) {
    const testgen::Scene2D scene = testgen::random_scene(10 + 4 * trial, 30 + 10 * trial, rng);
    const Lcp contact = testgen::contact_lcp(scene);
    const SparsePathEnd c = path(contact);
    ASSERT_TRUE(c.solution) << "trial " << trial << ": " << c.detail;
    EXPECT_LT(residual(contact, c.z), 1e-8) << "trial " << trial;
    EXPECT_LT(residual(contact, solve_lemke(contact).z), 1e-8) << "trial " << trial;

    const Lcp friction = testgen::friction_lcp(scene);
    const SparsePathEnd f = path(friction);
    const LcpResult dense = solve_lemke(friction);
    if (f.solution) {
      ++friction_solved;
      EXPECT_LT(residual(friction, f.z), 1e-7) << "trial " << trial;
    }
    friction_both += f.solution && dense.status_ok();
  }
  EXPECT_GE(friction_solved, 9);
  EXPECT_GE(friction_both, friction_solved - 1);
}

// Through solve_lemke at 600 rows and more (the sparse route): cold, warm from the answer's basis
// (no pivot) and warm from that basis with a few indices dropped (a short path), all verified.
TEST(SparseLemkePath, LargeLcpsSolveColdAndWarmThroughSolveLemke) {
  testgen::Rng rng(5);
  const testgen::Scene2D scene = testgen::random_scene(60, 170, rng);
  for (const Lcp& lcp : {testgen::contact_lcp(testgen::random_scene(200, 700, rng)), testgen::friction_lcp(scene)}) {
    ASSERT_GE(lcp.size(), 600);
    const LcpResult cold = solve_lemke(lcp);
    ASSERT_EQ(cold.status, SolveStatus::Solved) << cold.message;
    EXPECT_LE(cold.residual, kDefaultTolerance);
    ASSERT_GT(cold.iterations, 10);
    SolveOptions options;
    options.warm_basis = &cold.basis;
    const LcpResult exact = solve_lemke(lcp, options);
    ASSERT_EQ(exact.status, SolveStatus::Solved);
    EXPECT_EQ(exact.iterations, 0);
    const std::vector<int> near(cold.basis.begin() + 3, cold.basis.end());
    options.warm_basis = &near;
    const LcpResult warm = solve_lemke(lcp, options);
    ASSERT_EQ(warm.status, SolveStatus::Solved) << warm.message;
    EXPECT_LE(warm.residual, kDefaultTolerance);
    EXPECT_LT(warm.iterations, cold.iterations / 4);
  }
}

}  // namespace
}  // namespace pegsim
