// Reducible LCPs solved block by block (block_triangular.h): the block order is a dependency
// order, answers pass the independent check, a unique solution is the one Lemke finds on the whole
// problem, Egan's max auxiliaries (where Lemke alone can end on a ray) get their closed-form
// values, and a block without a solution is reported as such.
#include <pegsim/lcp/block_triangular.h>
#include <pegsim/lcp/verify.h>

#include <gtest/gtest.h>

#include "generators.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace pegsim {
namespace {

// Every block comes after each block it depends on, and the blocks partition 0..n-1.
void expect_dependency_order(const Mat& M, const std::vector<std::vector<int>>& blocks) {
  const int n = static_cast<int>(M.rows());
  std::vector<int> position(static_cast<std::size_t>(n), -1);
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    for (int k : blocks[b]) {
      ASSERT_EQ(position[static_cast<std::size_t>(k)], -1) << "index " << k << " in two blocks";
      position[static_cast<std::size_t>(k)] = static_cast<int>(b);
    }
  }
  for (int k = 0; k < n; ++k) {
    ASSERT_GE(position[static_cast<std::size_t>(k)], 0) << "index " << k << " in no block";
    for (int j = 0; j < n; ++j) {
      if (j != k && M(k, j) != 0.0) {
        EXPECT_LE(position[static_cast<std::size_t>(j)], position[static_cast<std::size_t>(k)])
            << "row " << k << " depends on " << j << ", solved later";
      }
    }
  }
}

TEST(DependencyBlocks, CyclesFormOneBlockAndComeBeforeTheirDependents) {
  // 0: itself; 1 <-> 2: a cycle; 3 depends on 0 and 1; 4: zero row and column.
  Mat M = Mat::Zero(5, 5);
  M(0, 0) = 1.0;
  M(1, 2) = 1.0;
  M(2, 1) = 2.0;
  M(3, 0) = -1.0;
  M(3, 1) = 0.5;
  M(3, 3) = 1.0;
  const auto blocks = dependency_blocks(M);
  expect_dependency_order(M, blocks);
  const std::set<std::vector<int>> got(blocks.begin(), blocks.end());
  EXPECT_EQ(got, (std::set<std::vector<int>>{{0}, {1, 2}, {3}, {4}}));
  EXPECT_TRUE(dependency_blocks(Mat(0, 0)).empty());
}

TEST(DependencyBlocks, ADenseMatrixIsOneBlock) {
  const auto blocks = dependency_blocks(Mat::Ones(6, 6));
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks.front(), (std::vector<int>{0, 1, 2, 3, 4, 5}));
}

// Seeded reducible P-matrix problems: random P-matrix diagonal blocks (1 to 4 rows), random
// coupling to earlier blocks, rows and columns shuffled. Block-triangular with P diagonal blocks
// is a P-matrix (its principal minors are products of the blocks'): one solution, which Lemke on
// the whole problem must also find.
TEST(BlockTriangular, ReducibleProblemsAgreeWithLemkeOnTheWhole) {
  testgen::Rng rng(11);
  for (int trial = 0; trial < 40; ++trial) {
    std::vector<int> sizes;
    int n = 0;
    while (n < 14) {
      sizes.push_back(1 + static_cast<int>(rng() % 4));
      n += sizes.back();
    }
    Mat M = Mat::Zero(n, n);
    int start = 0;
    for (int size : sizes) {
      M.block(start, start, size, size) = testgen::random_p_matrix(size, 1.0, rng).M;
      for (int r = start; r < start + size; ++r)
        for (int c = 0; c < start; ++c)
          if (rng() % 3 == 0) M(r, c) = testgen::uniform(rng, -2.0, 2.0);
      start += size;
    }
    std::vector<int> perm(static_cast<std::size_t>(n));
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng);
    Lcp lcp;
    lcp.M.resize(n, n);
    lcp.q = testgen::gaussian_vector(n, rng);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) lcp.M(r, c) = M(perm[static_cast<std::size_t>(r)], perm[static_cast<std::size_t>(c)]);

    expect_dependency_order(lcp.M, dependency_blocks(lcp.M));
    const std::optional<Vec> z = solve_block_triangular(lcp);
    ASSERT_TRUE(z.has_value()) << "trial " << trial;
    EXPECT_TRUE(verify_lcp(lcp, *z).ok) << "trial " << trial;
    const LcpResult lemke = solve_lemke(lcp);
    ASSERT_TRUE(lemke.status_ok()) << "trial " << trial;
    EXPECT_LE((*z - lemke.z).cwiseAbs().maxCoeff(), 1e-8) << "trial " << trial;
  }
}

// The auxiliaries of one two-sided Egan max group with the side gaps a fixed (egan_max.cpp rows,
// eqs 13-22), variables c1 c2 d g1 g2 h1 h2 p. Closed form: c_i = |min(a_i, 1) - 1|,
// d = gamma - min c_i, g on the side attaining min c_i, h_i = |min(a_i, 0)|; p's row is slack.
TEST(BlockTriangular, EganMaxAuxiliariesGetTheirClosedForm) {
  const double gamma = 10.0;
  const double a[2] = {0.0, -0.5};
  enum { c1, c2, d, g1, g2, h1, h2, p, n };
  Lcp lcp{Mat::Zero(n, n), Vec::Zero(n)};
  for (int i = 0; i < 2; ++i) {
    lcp.M(c1 + i, c1 + i) = 1.0, lcp.q[c1 + i] = a[i] - 1.0;                             // (13)-(14)
    lcp.M(g1 + i, c1 + i) = 1.0, lcp.M(g1 + i, d) = 1.0, lcp.q[g1 + i] = -gamma;         // (16)-(17)
    lcp.M(h1 + i, h1 + i) = 1.0, lcp.q[h1 + i] = a[i];                                   // (18)-(19)
    lcp.M(d, g1 + i) = 1.0;                                                              // (15)
  }
  lcp.q[d] = -1.0;
  lcp.M(p, d) = 1.0, lcp.q[p] = 1.0 - gamma;  // (20): p's column is zero

  const std::optional<Vec> z = solve_block_triangular(lcp);
  ASSERT_TRUE(z.has_value());
  EXPECT_TRUE(verify_lcp(lcp, *z).ok);
  const Vec& v = *z;
  EXPECT_DOUBLE_EQ(v[c1], 1.0);
  EXPECT_DOUBLE_EQ(v[c2], 1.5);
  EXPECT_DOUBLE_EQ(v[d], gamma - 1.0);
  EXPECT_DOUBLE_EQ(v[g1], 1.0);
  EXPECT_DOUBLE_EQ(v[g2], 0.0);
  EXPECT_DOUBLE_EQ(v[h1], 0.0);
  EXPECT_DOUBLE_EQ(v[h2], 0.5);
  EXPECT_DOUBLE_EQ(v[p], 0.0);
}

TEST(BlockTriangular, ABlockWithoutSolutionIsReported) {
  // One row, w = 0 z - 1: no z >= 0 makes w >= 0.
  EXPECT_FALSE(solve_block_triangular(Lcp{Mat::Zero(1, 1), Vec::Constant(1, -1.0)}).has_value());
  // Row 1 depends on row 0: z0 = 1, then w1 = -z0 + 0 z1 + 0 = -1 < 0 whatever z1 is.
  Mat M = Mat::Zero(2, 2);
  M(0, 0) = 1.0;
  M(1, 0) = -1.0;
  EXPECT_FALSE(solve_block_triangular(Lcp{M, Vec(Eigen::Vector2d(-1.0, 0.0))}).has_value());
  // The same with room to spare: w1 = 2 - z0 = 1.
  const std::optional<Vec> z = solve_block_triangular(Lcp{M, Vec(Eigen::Vector2d(-1.0, 2.0))});
  ASSERT_TRUE(z.has_value());
  EXPECT_DOUBLE_EQ((*z)[0], 1.0);
  EXPECT_DOUBLE_EQ((*z)[1], 0.0);
}

}  // namespace
}  // namespace pegsim
