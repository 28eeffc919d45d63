// min_norm_solve (src/lcp/min_norm_solve.h), whichever backend the build has, below and above
// kLapackMinRows: on full-rank, singular consistent and singular inconsistent systems it gives the
// least-squares solution of least norm, as Eigen's CompleteOrthogonalDecomposition does (to rounding).
// sparse_min_norm_solve gives the same on sparse systems whose singular values are not tiny, and
// leaves out (mostly) the directions of tiny ones.
#include "lcp/generators.h"
#include "lcp/min_norm_solve.h"

#include <Eigen/QR>
#include <gtest/gtest.h>

#include <cstring>

namespace pegsim {
namespace {

// An n x n matrix of rank r: a product of random n x r and r x n factors.
Mat rank_deficient(int n, int r, testgen::Rng& rng) {
  return testgen::gaussian_matrix(n, r, rng) * testgen::gaussian_matrix(r, n, rng);
}

double relative(const Vec& a, const Vec& b) { return (a - b).norm() / std::max(1.0, b.norm()); }

// A small system (Eigen's path in every build) and one past kLapackMinRows (LAPACK's with OpenBLAS).
const int kSizes[] = {60, detail::kLapackMinRows + 40};

TEST(MinNormSolve, SolvesAFullRankSystem) {
  for (const int n : kSizes) {
    testgen::Rng rng(1);
    const Mat A = testgen::gaussian_matrix(n, n, rng);
    const Vec x_true = testgen::gaussian_vector(n, rng);
    const Vec x = detail::min_norm_solve(A, A * x_true);
    EXPECT_LT(relative(x, x_true), 1e-9) << n << " rows, " << detail::min_norm_solver_name();
  }
}

TEST(MinNormSolve, GivesTheLeastNormSolutionOfASingularConsistentSystem) {
  for (const int n : kSizes) {
    testgen::Rng rng(2);
    const int rank = n * 2 / 3;
    const Mat A = rank_deficient(n, rank, rng);
    const Vec b = A * testgen::gaussian_vector(n, rng);  // consistent: b in A's range
    const Vec x = detail::min_norm_solve(A, b);
    EXPECT_LT((A * x - b).norm() / b.norm(), 1e-10) << n;
    const Eigen::CompleteOrthogonalDecomposition<Mat> cod(A);
    EXPECT_EQ(cod.rank(), rank);
    EXPECT_LT(relative(x, cod.solve(b)), 1e-8) << n;
    // x in the range of A^T: its projection there, A^T (A A^T)^+ A x, is x itself
    const Mat AAt = A * A.transpose();
    const Vec projected = A.transpose() * Eigen::CompleteOrthogonalDecomposition<Mat>(AAt).solve(A * x);
    EXPECT_LT(relative(projected, x), 1e-7) << n;
  }
}

TEST(MinNormSolve, GivesTheLeastSquaresSolutionOfASingularInconsistentSystem) {
  for (const int n : kSizes) {
    testgen::Rng rng(3);
    const Mat A = rank_deficient(n, n / 2, rng);
    const Vec b = testgen::gaussian_vector(n, rng);  // almost surely not in A's range
    const Vec x = detail::min_norm_solve(A, b);
    EXPECT_LT(relative(x, Eigen::CompleteOrthogonalDecomposition<Mat>(A).solve(b)), 1e-8) << n;
    // the residual is orthogonal to A's range (normal equations)
    EXPECT_LT((A.transpose() * (A * x - b)).norm(), 1e-10 * A.norm() * b.norm()) << n;
  }
}

TEST(MinNormSolve, LeavesItsInputsAlone) {
  testgen::Rng rng(4);
  const Mat A = rank_deficient(detail::kLapackMinRows, 100, rng);
  const Vec b = testgen::gaussian_vector(detail::kLapackMinRows, rng);
  const Mat A_before = A;
  const Vec b_before = b;
  (void)detail::min_norm_solve(A, b);
  EXPECT_EQ(std::memcmp(A.data(), A_before.data(), sizeof(double) * A.size()), 0);
  EXPECT_EQ(std::memcmp(b.data(), b_before.data(), sizeof(double) * b.size()), 0);
}

// A sparse n x n matrix shaped like a contact LCP's support block: a dominant diagonal and a few
// couplings a row. With `duplicates`, every 7th row repeats the row before it, as two contacts on
// one face repeat their friction rows: rank n - n/7, and the null space is not along coordinates.
SparseMat contact_like(int n, bool duplicates, testgen::Rng& rng) {
  Mat A = Mat::Zero(n, n);
  for (int i = 0; i < n; ++i) {
    A(i, i) = testgen::uniform(rng, 5.0, 10.0);
    for (int c = 0; c < 4; ++c) A(i, static_cast<int>(rng() % static_cast<unsigned>(n))) += testgen::uniform(rng, -1.0, 1.0);
  }
  if (duplicates)
    for (int i = 7; i < n; i += 7) A.row(i) = A.row(i - 1);
  return A.sparseView();
}

TEST(SparseMinNormSolve, SolvesAFullRankSystem) {
  testgen::Rng rng(5);
  const SparseMat A = contact_like(600, false, rng);
  const Vec x_true = testgen::gaussian_vector(600, rng);
  const Vec x = detail::sparse_min_norm_solve(A, A * x_true);
  ASSERT_EQ(x.size(), 600);
  EXPECT_LT(relative(x, x_true), 1e-9);
}

TEST(SparseMinNormSolve, MatchesTheDenseLeastNormSolutionOnSingularSystems) {
  testgen::Rng rng(6);
  const SparseMat A = contact_like(600, true, rng);
  const Mat dense(A);
  const Eigen::CompleteOrthogonalDecomposition<Mat> cod(dense);
  ASSERT_EQ(cod.rank(), 600 - 600 / 7);
  // Consistent (the polish's case when the support is right): to rounding.
  const Vec consistent = A * testgen::gaussian_vector(600, rng);
  const Vec x = detail::sparse_min_norm_solve(A, consistent);
  ASSERT_EQ(x.size(), 600);
  EXPECT_LT((dense * x - consistent).norm(), 1e-10 * consistent.norm());
  EXPECT_LT(relative(x, cod.solve(consistent)), 1e-8);
  EXPECT_LT(relative(x, detail::min_norm_solve(dense, consistent)), 1e-8);
  // Inconsistent: b's part outside A's range is amplified by 1 / delta before A^T cancels it, so
  // rounding leaves ~1e-5 of x off the least-norm least-squares solution (measured 1.5e-5).
  const Vec inconsistent = testgen::gaussian_vector(600, rng);
  const Vec y = detail::sparse_min_norm_solve(A, inconsistent);
  ASSERT_EQ(y.size(), 600);
  EXPECT_LT(relative(y, cod.solve(inconsistent)), 1e-4);
  EXPECT_LT((dense.transpose() * (dense * y - inconsistent)).norm(), 1e-5 * dense.norm() * inconsistent.norm());
}

// A singular value of 1e-9 of the largest (dgelsy keeps it: its cut is n epsilon) would put a
// component of 1e9 into x; the sparse solve's Tikhonov shift keeps it near k sigma / delta.
TEST(SparseMinNormSolve, LeavesOutTheDirectionsOfTinySingularValues) {
  const int n = 300;
  Vec diagonal = Vec::Ones(n);
  diagonal[n - 1] = 1e-9;
  const SparseMat A = Mat(diagonal.asDiagonal()).sparseView();
  const Vec b = Vec::Ones(n);
  const Vec dense = detail::min_norm_solve(Mat(A), b);
  EXPECT_NEAR(dense[n - 1], 1e9, 1e3);
  const Vec x = detail::sparse_min_norm_solve(A, b);
  ASSERT_EQ(x.size(), n);
  EXPECT_LT(relative(x.head(n - 1), Vec::Ones(n - 1)), 1e-12);
  EXPECT_LT(std::abs(x[n - 1]), 1e5);
}

TEST(SparseMinNormSolve, AZeroMatrixGivesZero) {
  const SparseMat A(50, 50);
  const Vec x = detail::sparse_min_norm_solve(A, Vec::Ones(50));
  ASSERT_EQ(x.size(), 50);
  EXPECT_EQ(x, Vec::Zero(50));
}

}  // namespace
}  // namespace pegsim
