// principal_submatrix (sparse_lcp.h) cuts islands, cells and block pivoting's principal blocks out
// of a sparse M: it must equal the dense cut M(columns, columns) (+ shift on the diagonal) with
// every column's row indices sorted and distinct, whether the
// positions come in order (islands) or not (an elimination order), and whether M stores a
// diagonal entry or not. ranked_lower_transposed (the matrix block pivoting cuts its LDLT blocks
// from) must be S's stored lower triangle in the given order, transposed, entry for entry, columns
// sorted.
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
      const SparseMat B = principal_submatrix(S, columns, position, shift);
      SCOPED_TRACE(::testing::Message() << "shuffled " << shuffled << " shift " << shift);
      expect_sorted_columns(B);
      EXPECT_EQ(Mat(B), Mat(cut + shift * Mat::Identity(k, k)));
      if (shift > 0.0) {
        for (Eigen::Index b = 0; b < k; ++b) EXPECT_NE(B.coeff(b, b), 0.0) << "shift stored at " << b;
      }
    }
  }
  const SparseMat none = principal_submatrix(S, {}, std::vector<int>(static_cast<std::size_t>(n), -1));
  EXPECT_EQ(none.rows(), 0);
  EXPECT_EQ(none.nonZeros(), 0);
}

// Block pivoting cuts its LDLT blocks from S relabelled in its elimination order: the result must
// read each entry (order[r], order[c]), r >= c, from where S stores it (S not symmetric here, so
// reading the mirror would show) and hold it at (c, r); keep every stored entry of that triangle
// and nothing else, with sorted columns; cutting a rank-ordered block from it must equal the
// block's upper triangle read from S's lower entries (with the shift, also where S stores no diagonal).
TEST(RankedLowerTransposed, IsTheStoredLowerTriangleInTheGivenOrderTransposed) {
  std::mt19937 rng(12);
  const int n = 70;
  const SparseMat S = random_sparse(n, 0.12, rng);
  const Mat dense(S);
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  for (const bool shuffled : {false, true}) {
    if (shuffled) std::shuffle(order.begin(), order.end(), rng);
    SCOPED_TRACE(::testing::Message() << "shuffled " << shuffled);
    const SparseMat U = ranked_lower_transposed(S, order);
    ASSERT_EQ(U.rows(), n);
    ASSERT_EQ(U.cols(), n);
    expect_sorted_columns(U);
    Mat expected = Mat::Zero(n, n);
    Eigen::Index stored = 0;
    for (int c = 0; c < n; ++c)
      for (int r = c; r < n; ++r) {
        expected(c, r) = dense(order[static_cast<std::size_t>(r)], order[static_cast<std::size_t>(c)]);
        stored += expected(c, r) != 0.0 ? 1 : 0;
      }
    EXPECT_EQ(Mat(U), expected);
    EXPECT_EQ(U.nonZeros(), stored);
    // a free set in rank order, cut from U with a shift: the block's upper triangle, read from S's lower
    std::vector<int> ranks, rows, position_by_rank(static_cast<std::size_t>(n), -1);
    for (int r = 0; r < n; ++r) {
      if (r % 3 == 2) continue;
      position_by_rank[static_cast<std::size_t>(r)] = static_cast<int>(ranks.size());
      ranks.push_back(r);
      rows.push_back(order[static_cast<std::size_t>(r)]);
    }
    const SparseMat from_ranked = principal_submatrix(U, ranks, position_by_rank, 0.5);
    expect_sorted_columns(from_ranked);
    const auto k = static_cast<Eigen::Index>(rows.size());
    Mat upper_cut = Mat::Zero(k, k);  // (a, b), a <= b: S(rows[b], rows[a]), the stored lower entry
    for (Eigen::Index b = 0; b < k; ++b)
      for (Eigen::Index a = 0; a <= b; ++a)
        upper_cut(a, b) = dense(rows[static_cast<std::size_t>(b)], rows[static_cast<std::size_t>(a)]) + (a == b ? 0.5 : 0.0);
    EXPECT_EQ(Mat(from_ranked), upper_cut);
    for (Eigen::Index b = 0; b < k; ++b) EXPECT_NE(from_ranked.coeff(b, b), 0.0) << "shift stored at " << b;
  }
  const SparseMat empty = ranked_lower_transposed(SparseMat(0, 0), {});
  EXPECT_EQ(empty.rows(), 0);
  EXPECT_EQ(empty.nonZeros(), 0);
}

}  // namespace
}  // namespace pegsim
