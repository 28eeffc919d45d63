// Internal to src/lcp: the least-squares solution of least norm of a dense square system, the
// correction of the frictional polish (auto.cpp, polish_on_support). Its systems are singular
// (two contacts on one face share friction rows to round-off) and of 1000-2000 rows on a
// frictional pile's large islands.
#pragma once

#include <pegsim/lcp/problem.h>
#include <pegsim/lcp/sparse_lcp.h>

namespace pegsim::detail {

// Systems of this many rows or more go to LAPACK when the build has OpenBLAS; below it Eigen's
// unblocked decomposition is as fast (measured: 0.005 s each at 256 rows, 0.030 against 0.016 s
// at 512, 1.0 against 0.32 s at 1500), and small scenes keep their trajectories to the bit.
inline constexpr int kLapackMinRows = 256;

// x minimising |x| among the minimisers of |A x - b| (A square), from a complete orthogonal
// decomposition with the numerical rank cut at relative size n * epsilon: LAPACK's blocked dgelsy
// from kLapackMinRows rows with OpenBLAS (cmake/openblas.cmake), else Eigen's
// CompleteOrthogonalDecomposition. The two agree to rounding, not to the bit: a build's
// trajectories are its own.
Vec min_norm_solve(const Mat& A, const Vec& b);

// Which one large systems get in this build ("lapack dgelsy (OpenBLAS)" or "eigen cod").
const char* min_norm_solver_name();

// The same least-squares solution of least norm for a sparse A, approximately: iterated Tikhonov,
// x_{k+1} = x_k + A^T (A A^T + delta I)^{-1} (b - A x_k) from x_0 = 0, on a sparse LDL^T of
// A A^T + delta I, delta = kSparseMinNormDelta max_i (A A^T)_ii. Every iterate stays in the row
// space of A, and the iteration converges to A^+ b in the directions of singular values above
// ~sqrt(delta): a rank cut at ~1e-6 of the largest, where min_norm_solve cuts at n epsilon. The
// frictional polish's systems (1000-1700 rows, ~10 nonzeros a row, from a 500-body pile): 0.02-0.07 s
// against 0.27-0.48 s for dgelsy, the same x to 1e-6 on 4 of 6; on the other 2 dgelsy's x had
// norm 1.2 and 127, built on singular values just above its cut (the impulses are ~1e-3), this
// one's 3e-5. On an inconsistent system, b's part outside A's range passes through the 1 / delta
// of the shift before A^T cancels it: rounding leaves x ~1e-5 (relative) off the least-squares
// solution of least norm. The polish that uses it checks every answer. Empty when the
// factorisation fails.
inline constexpr double kSparseMinNormDelta = 1e-12;
Vec sparse_min_norm_solve(const SparseMat& A, const Vec& b);

}  // namespace pegsim::detail
