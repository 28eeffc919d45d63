// min_norm_solve (src/lcp/min_norm_solve.h), whichever backend the build has, below and above
// kLapackMinRows: on full-rank, singular consistent and singular inconsistent systems it gives the
// least-squares solution of least norm, as Eigen's CompleteOrthogonalDecomposition does (to rounding).
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

}  // namespace
}  // namespace pegsim
