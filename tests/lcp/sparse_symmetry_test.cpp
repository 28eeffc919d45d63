// is_symmetric on sparse matrices (sparse_lcp.h) decides whether a cell goes to the monotone
// (LDLT, proximal) path: it must agree with the dense definition max|M_ij - M_ji| <= 1e-12
// max(1, max|M|) on every pattern, including mirrors that are absent or stored as zeros; its
// one-pass island split (symmetric_lcp_components) must be lcp_components'.
#include "lcp/generators.h"

#include <pegsim/lcp/sparse_lcp.h>

#include <gtest/gtest.h>

#include <vector>

namespace pegsim {
namespace {

bool dense_symmetric(const Mat& M) {
  if (M.rows() != M.cols()) return false;
  const double scale = std::max(1.0, M.cwiseAbs().maxCoeff());
  return (M - M.transpose()).cwiseAbs().maxCoeff() <= 1e-12 * scale;
}

SparseMat sparse_of(const Mat& M, bool keep_zeros_at_mirrors) {
  std::vector<Eigen::Triplet<double>> entries;
  for (Eigen::Index j = 0; j < M.cols(); ++j)
    for (Eigen::Index i = 0; i < M.rows(); ++i)
      if (M(i, j) != 0.0 || (keep_zeros_at_mirrors && M(j, i) != 0.0))
        entries.emplace_back(static_cast<int>(i), static_cast<int>(j), M(i, j));
  SparseMat S(M.rows(), M.cols());
  S.setFromTriplets(entries.begin(), entries.end());
  return S;
}

// A random symmetric matrix with about `density` of its off-diagonal pairs nonzero.
Mat random_symmetric(int n, double density, testgen::Rng& rng) {
  Mat M = Mat::Zero(n, n);
  for (int j = 0; j < n; ++j) {
    M(j, j) = testgen::uniform(rng, 0.5, 2.0);
    for (int i = j + 1; i < n; ++i)
      if (testgen::uniform(rng, 0.0, 1.0) < density) M(i, j) = M(j, i) = testgen::uniform(rng, -1.0, 1.0);
  }
  return M;
}

TEST(SparseSymmetry, AgreesWithTheDenseDefinitionOnPerturbedPatterns) {
  testgen::Rng rng(2027);
  int symmetric = 0, asymmetric = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 1 + trial % 40;
    Mat M = random_symmetric(n, 0.15, rng);
    const int i = static_cast<int>(rng() % static_cast<unsigned>(n));
    const int j = static_cast<int>(rng() % static_cast<unsigned>(n));
    switch (trial % 5) {
      case 0: break;                                   // symmetric as built
      case 1: M(i, j) += 1e-6; break;                  // one entry off (asymmetric unless i == j)
      case 2: M(i, j) = 0.0; break;                    // a mirror dropped (asymmetric if it was set)
      case 3: M(i, j) += 1e-15; break;                 // round-off: still symmetric
      case 4: M(i, j) = M(i, j) == 0.0 ? 0.25 : 0.0; break;  // an entry without a mirror appears or goes
    }
    const bool expected = dense_symmetric(M);
    (expected ? symmetric : asymmetric) += 1;
    EXPECT_EQ(is_symmetric(sparse_of(M, false)), expected) << "trial " << trial << " n " << n;
    EXPECT_EQ(is_symmetric(sparse_of(M, true)), expected) << "trial " << trial << " (zeros stored)";
  }
  // both answers occur often enough for the comparison to mean something
  EXPECT_GT(symmetric, 100);
  EXPECT_GT(asymmetric, 100);
}

// symmetric_lcp_components is is_symmetric and lcp_components in one pass: the same answer, and
// when symmetric the same islands in the same order, including lone round-off entries (tolerated
// as symmetric, yet coupling their rows) in either triangle and exact zeros stored at mirrors.
TEST(SparseSymmetry, ComponentsInTheSamePassAsTheTest) {
  testgen::Rng rng(2046);
  int split = 0, joined_by_round_off = 0, asymmetric = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 2 + trial % 40;
    Mat M = random_symmetric(n, 0.04, rng);
    const int i = static_cast<int>(rng() % static_cast<unsigned>(n));
    const int j = static_cast<int>(rng() % static_cast<unsigned>(n));
    const bool lone = i != j && M(i, j) == 0.0 && M(j, i) == 0.0;
    switch (trial % 4) {
      case 0: break;
      case 1: M(i, j) += 1e-15; break;  // lone below or above the diagonal when M_ij was 0
      case 2: M(i, j) += 1e-6; break;
      case 3: M(i, j) = M(j, i) = 0.0; break;  // a coupling removed (stored as zeros below)
    }
    for (const bool zeros : {false, true}) {
      const SparseMat S = sparse_of(M, zeros);
      const auto components = symmetric_lcp_components(S);
      ASSERT_EQ(components.has_value(), is_symmetric(S)) << "trial " << trial;
      if (!components) {
        asymmetric += zeros ? 0 : 1;
        continue;
      }
      const std::vector<std::vector<int>> expected = lcp_components(S);
      EXPECT_EQ(*components, expected) << "trial " << trial << (zeros ? " (zeros stored)" : "");
      if (!zeros) {
        split += expected.size() > 1 ? 1 : 0;
        if (trial % 4 == 1 && lone) {
          M(i, j) = 0.0;  // without the round-off entry: one island more
          joined_by_round_off += lcp_components(sparse_of(M, false)).size() > expected.size() ? 1 : 0;
        }
      }
    }
  }
  EXPECT_GT(split, 100);
  EXPECT_GT(joined_by_round_off, 10);
  EXPECT_GT(asymmetric, 30);
}

TEST(SparseSymmetry, NonSquareAndUncompressedMatrices) {
  SparseMat wide(2, 3);
  wide.insert(0, 1) = 1.0;
  wide.makeCompressed();
  EXPECT_FALSE(is_symmetric(wide));

  SparseMat S(3, 3);  // filled by insert: uncompressed until makeCompressed
  S.insert(2, 0) = 4.0;
  S.insert(0, 2) = 4.0;
  S.insert(1, 1) = 1.0;
  ASSERT_FALSE(S.isCompressed());
  EXPECT_TRUE(is_symmetric(S));
  S.coeffRef(0, 2) = 4.5;
  EXPECT_FALSE(is_symmetric(S));
  EXPECT_TRUE(is_symmetric(SparseMat(3, 3)));  // empty
  EXPECT_FALSE(symmetric_lcp_components(wide).has_value());
  EXPECT_FALSE(symmetric_lcp_components(S).has_value());
  S.coeffRef(0, 2) = 4.0;
  ASSERT_FALSE(S.isCompressed());
  EXPECT_EQ(symmetric_lcp_components(S), (std::vector<std::vector<int>>{{0, 2}, {1}}));
}

}  // namespace
}  // namespace pegsim
