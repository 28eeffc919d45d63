// Internal to src/lcp: the least-squares solution of least norm of a dense square system, the
// correction of the frictional polish (auto.cpp, polish_on_support). Its systems are singular
// (two contacts on one face share friction rows to round-off) and of 1000-2000 rows on a
// frictional pile's large islands.
#pragma once

#include <pegsim/lcp/problem.h>

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

}  // namespace pegsim::detail
