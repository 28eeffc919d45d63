// Least-squares solutions of least norm (min_norm_solve.h).
#include "min_norm_solve.h"

#include <Eigen/QR>
#include <Eigen/SparseCholesky>

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <vector>

#ifdef PEGSIM_HAVE_OPENBLAS
extern "C" {
void dgelsy_(const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b, const int* ldb,
             int* jpvt, const double* rcond, int* rank, double* work, const int* lwork, int* info);
void openblas_set_num_threads(int threads);
}
#endif

namespace pegsim::detail {

#ifdef PEGSIM_HAVE_OPENBLAS
namespace {

// OpenBLAS in the calling thread only: the engine's islands are its unit of threads, and a
// product split across threads would add in an order that depends on their count.
void single_threaded_blas() {
  static std::once_flag once;
  std::call_once(once, [] { openblas_set_num_threads(1); });
}

// LAPACK's dgelsy on a copy of A (it overwrites its matrix); false only on illegal arguments,
// which square sizes rule out.
bool lapack_min_norm_solve(const Mat& A, const Vec& b, Vec& x) {
  single_threaded_blas();
  const auto n = static_cast<int>(A.rows());
  Mat factored = A;
  x = b;
  std::vector<int> pivots(static_cast<std::size_t>(n), 0);  // 0: every column free to move
  const double rcond = n * std::numeric_limits<double>::epsilon();  // Eigen's COD threshold
  const int one = 1;
  int rank = 0, info = 0, lwork = -1;
  double size_query = 0.0;
  dgelsy_(&n, &n, &one, factored.data(), &n, x.data(), &n, pivots.data(), &rcond, &rank, &size_query, &lwork, &info);
  if (info != 0) return false;
  lwork = static_cast<int>(size_query);
  std::vector<double> work(static_cast<std::size_t>(std::max(1, lwork)));
  dgelsy_(&n, &n, &one, factored.data(), &n, x.data(), &n, pivots.data(), &rcond, &rank, work.data(), &lwork, &info);
  return info == 0;
}

}  // namespace
#endif

const char* min_norm_solver_name() {
#ifdef PEGSIM_HAVE_OPENBLAS
  return "lapack dgelsy (OpenBLAS)";
#else
  return "eigen cod";
#endif
}

Vec min_norm_solve(const Mat& A, const Vec& b) {
#ifdef PEGSIM_HAVE_OPENBLAS
  Vec x;
  if (A.rows() >= kLapackMinRows && A.cols() == A.rows() && b.size() == A.rows() && lapack_min_norm_solve(A, b, x)) {
    return x;
  }
#endif
  return Eigen::CompleteOrthogonalDecomposition<Mat>(A).solve(b);
}

Vec sparse_min_norm_solve(const SparseMat& A, const Vec& b) {
  constexpr int kMaxIterations = 20;
  constexpr double kConverged = 1e-10;  // a correction this small relative to x ends the iteration
  const Eigen::Index n = A.rows();
  SparseMat normal = A * SparseMat(A.transpose());
  double largest = 0.0;
  for (Eigen::Index i = 0; i < n; ++i) largest = std::max(largest, normal.coeff(i, i));
  if (!(largest > 0.0) || !std::isfinite(largest)) return Vec::Zero(A.cols());
  for (Eigen::Index i = 0; i < n; ++i) normal.coeffRef(i, i) += kSparseMinNormDelta * largest;
  const Eigen::SimplicialLDLT<SparseMat> ldlt(normal);
  if (ldlt.info() != Eigen::Success) return {};
  Vec x = Vec::Zero(A.cols());
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    const Vec dx = A.transpose() * ldlt.solve(b - A * x);
    x += dx;
    if (!x.allFinite()) return {};
    if (dx.norm() <= kConverged * x.norm()) break;
  }
  return x;
}

}  // namespace pegsim::detail
