// SparseLcp hands its matrix over without copying it (sparse_lcp.h): Eigen 3.4's SparseMatrix has
// no move, so a plain member-wise move copied every cell, candidate and island matrix. A move must
// take the source's arrays (the same storage), leave the source empty and valid, and a copy must
// still be a deep copy.
#include <pegsim/lcp/sparse_lcp.h>

#include <gtest/gtest.h>

#include <utility>
#include <vector>

namespace pegsim {
namespace {

SparseLcp small_lcp() {
  std::vector<Eigen::Triplet<double>> entries{{0, 0, 2.0}, {1, 0, -1.0}, {0, 1, -1.0}, {1, 1, 2.0}, {2, 2, 1.0}};
  SparseMat M(3, 3);
  M.setFromTriplets(entries.begin(), entries.end());
  return SparseLcp(M, Vec::Constant(3, -1.0));
}

TEST(SparseLcpMove, TakesTheArraysAndLeavesTheSourceEmpty) {
  SparseLcp a = small_lcp();
  const double* values = a.M.valuePtr();
  const double* q = a.q.data();
  SparseLcp b(std::move(a));
  EXPECT_EQ(b.M.valuePtr(), values);
  EXPECT_EQ(b.q.data(), q);
  EXPECT_EQ(b.M.nonZeros(), 5);
  EXPECT_EQ(a.M.nonZeros(), 0);  // NOLINT(bugprone-use-after-move): moved-from is empty, valid
  EXPECT_EQ(a.size(), 0);

  SparseLcp c = small_lcp();
  const double* c_values = c.M.valuePtr();
  c = std::move(b);
  EXPECT_EQ(c.M.valuePtr(), values);
  EXPECT_EQ(c.q.data(), q);
  EXPECT_EQ(b.M.nonZeros(), 0);  // NOLINT(bugprone-use-after-move): not left holding c's old arrays
  EXPECT_NE(b.M.valuePtr(), c_values);
}

TEST(SparseLcpMove, MoveIntoSwapsAndCopiesStayDeep) {
  SparseLcp a = small_lcp();
  SparseMat target;
  const double* values = a.M.valuePtr();
  move_into(target, std::move(a.M));
  EXPECT_EQ(target.valuePtr(), values);
  const SparseLcp b = small_lcp();
  const SparseLcp copy = b;  // NOLINT(performance-unnecessary-copy-initialization): the copy is the point
  EXPECT_NE(copy.M.valuePtr(), b.M.valuePtr());
  EXPECT_EQ(Mat(copy.M), Mat(b.M));
  EXPECT_EQ(copy.q, b.q);
}

}  // namespace
}  // namespace pegsim
