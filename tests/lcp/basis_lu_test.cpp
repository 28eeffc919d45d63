// BasisLu (src/lcp/basis_lu.h): the factors of a Lemke basis shaped matrix (identity columns for
// basic w's, -M columns for basic z's, z0's dense column) solve B x = b and B^T y = c to rounding,
// and a singular basis is reported as such, not factorised.
#include "lcp/basis_lu.h"
#include "lcp/generators.h"

#include <pegsim/lcp/sparse_lcp.h>

#include <gtest/gtest.h>

#include <vector>

namespace pegsim {
namespace {

// n x n: column j is e_j for even j, a sparse random column with a dominant diagonal for odd j,
// and the last column dense (z0's -d).
SparseMat basis_like(int n, testgen::Rng& rng) {
  std::vector<Eigen::Triplet<double>> entries;
  for (int j = 0; j < n - 1; ++j) {
    if (j % 2 == 0) {
      entries.emplace_back(j, j, 1.0);
      continue;
    }
    entries.emplace_back(j, j, 4.0 + testgen::uniform(rng, 0.0, 1.0));
    for (int k = 0; k < 3; ++k) {
      const int i = static_cast<int>(testgen::uniform(rng, 0.0, n - 1e-9));
      if (i != j) entries.emplace_back(i, j, testgen::uniform(rng, -1.0, 1.0));
    }
  }
  for (int i = 0; i < n; ++i) entries.emplace_back(i, n - 1, i == n - 1 ? 5.0 : -1.0 / n);
  SparseMat B(n, n);
  B.setFromTriplets(entries.begin(), entries.end());
  return B;
}

TEST(BasisLu, SolvesWithTheBasisAndItsTranspose) {
  testgen::Rng rng(7);
  for (int n : {5, 60, 700}) {
    const SparseMat B = basis_like(n, rng);
    detail::BasisLu lu;
    ASSERT_TRUE(lu.factorize(B)) << "n = " << n << ", " << detail::basis_lu_name();
    const Vec b = testgen::gaussian_vector(n, rng);
    Vec x = b;
    lu.solve(x);
    EXPECT_LE((B * x - b).cwiseAbs().maxCoeff(), 1e-12 * (1.0 + b.cwiseAbs().maxCoeff())) << "n = " << n;
    Vec y = b;
    lu.solve_transposed(y);
    const SparseMat Bt = B.transpose();
    EXPECT_LE((Bt * y - b).cwiseAbs().maxCoeff(), 1e-12 * (1.0 + b.cwiseAbs().maxCoeff())) << "n = " << n;
    EXPECT_GT((x - y).cwiseAbs().maxCoeff(), 1e-6) << "B is not symmetric: the two solves must differ";
  }
}

TEST(BasisLu, RefactorisesAnotherMatrix) {
  testgen::Rng rng(11);
  detail::BasisLu lu;
  for (int n : {80, 30}) {  // the factors of the first are released, not reused
    const SparseMat B = basis_like(n, rng);
    ASSERT_TRUE(lu.factorize(B));
    Vec x = Vec::Ones(n);
    lu.solve(x);
    EXPECT_LE((B * x - Vec::Ones(n)).cwiseAbs().maxCoeff(), 1e-12);
  }
}

TEST(BasisLu, ReportsASingularBasis) {
  testgen::Rng rng(3);
  SparseMat B = basis_like(40, rng);
  // column 3 made a copy of column 1: rank n - 1
  std::vector<Eigen::Triplet<double>> entries;
  for (int j = 0; j < B.cols(); ++j)
    for (SparseMat::InnerIterator it(B, j == 3 ? 1 : j); it; ++it)
      entries.emplace_back(static_cast<int>(it.row()), j, it.value());
  SparseMat singular(B.rows(), B.cols());
  singular.setFromTriplets(entries.begin(), entries.end());
  detail::BasisLu lu;
  EXPECT_FALSE(lu.factorize(singular));
  EXPECT_TRUE(lu.factorize(B));  // and recovers on a regular one
}

}  // namespace
}  // namespace pegsim
