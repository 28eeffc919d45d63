// principal_submatrix (sparse_lcp.h) cuts islands, cells and block pivoting's principal blocks out
// of a sparse M: it must equal the dense cut M(columns, columns) (+ shift on the diagonal, lower
// triangle only when asked) with every column's row indices sorted and distinct, whether the
// positions come in order (islands) or not (an elimination order), and whether M stores a
// diagonal entry or not.
#include <pegsim/lcp/sparse_lcp.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

namespace pegsim {
namespace {

SparseMat random_sparse(int n, double density, std::mt19937& rng) {
  std::uniform_real_distribution<double> value(-1.0, 1.0), coin(0.0, 1.0);
  std::vector<Eigen::Triplet<double>> entries;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      if (coin(rng) < density && !(i == j && j % 3 == 0)) entries.emplace_back(i, j, value(rng));  // some diagonals absent
  SparseMat S(n, n);
  S.setFromTriplets(entries.begin(), entries.end());
  return S;
}

void expect_sorted_columns(const SparseMat& B) {
  ASSERT_TRUE(B.isCompressed());
  for (Eigen::Index j = 0; j < B.cols(); ++j)
    for (int p = B.outerIndexPtr()[j]; p + 1 < B.outerIndexPtr()[j + 1]; ++p)
      EXPECT_LT(B.innerIndexPtr()[p], B.innerIndexPtr()[p + 1]) << "column " << j;
}

TEST(PrincipalSubmatrix, EqualsTheDenseCutInAnyOrderWithShiftAndLowerTriangle) {
  std::mt19937 rng(11);
  const int n = 60;
  const SparseMat S = random_sparse(n, 0.15, rng);
  const Mat dense(S);
  std::vector<int> columns;
  for (int i = 0; i < n; ++i)
    if (i % 4 != 1) columns.push_back(i);
  for (const bool shuffled : {false, true}) {
    if (shuffled) std::shuffle(columns.begin(), columns.end(), rng);
    std::vector<int> position(static_cast<std::size_t>(n), -1);
    for (std::size_t b = 0; b < columns.size(); ++b) position[static_cast<std::size_t>(columns[b])] = static_cast<int>(b);
    const auto k = static_cast<Eigen::Index>(columns.size());
    Mat cut(k, k);
    for (Eigen::Index a = 0; a < k; ++a)
      for (Eigen::Index b = 0; b < k; ++b)
        cut(a, b) = dense(columns[static_cast<std::size_t>(a)], columns[static_cast<std::size_t>(b)]);
    for (const double shift : {0.0, 0.25}) {
      for (const bool lower_only : {false, true}) {
        const SparseMat B = principal_submatrix(S, columns, position, shift, lower_only);
        SCOPED_TRACE(::testing::Message() << "shuffled " << shuffled << " shift " << shift << " lower " << lower_only);
        expect_sorted_columns(B);
        Mat expected = cut + shift * Mat::Identity(k, k);
        if (lower_only) expected = Mat(expected.triangularView<Eigen::Lower>());
        EXPECT_EQ(Mat(B), expected);
        if (shift > 0.0) {
          for (Eigen::Index b = 0; b < k; ++b) EXPECT_NE(B.coeff(b, b), 0.0) << "shift stored at " << b;
        }
      }
    }
  }
  const SparseMat none = principal_submatrix(S, {}, std::vector<int>(static_cast<std::size_t>(n), -1));
  EXPECT_EQ(none.rows(), 0);
  EXPECT_EQ(none.nonZeros(), 0);
}

}  // namespace
}  // namespace pegsim
