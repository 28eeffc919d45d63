// Internal to src/lcp: Auto's attempt 2c on frictional LCPs (auto.cpp), Lemke on M + eps D made
// exact on M by proximal steps and a polish on the support, for a dense LCP and for a sparse one
// (sparse_lcp.cpp: a search cell's island whose last solve needed it, without a dense copy).
#pragma once

#include <pegsim/lcp/problem.h>
#include <pegsim/lcp/result.h>
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/sparse_lcp.h>

namespace pegsim::detail {

// Regularisation levels of attempt 2c, relative to max|M_ii|.
inline constexpr double kFrictionRegularization[] = {1e-9, 1e-8, 1e-7, 1e-6, 1e-5};

// The first level of kFrictionRegularization at or above hint (the hinted attempt); 0 when none is.
double hinted_regularization(double hint);

// Attempt 2c at one level (regularized_polished.cpp: why). r.regularization = relative; the
// original LCP decides its status.
LcpResult solve_regularized_polished(const Lcp& lcp, const SolveOptions& options, double relative);
LcpResult solve_regularized_polished(const SparseLcp& lcp, const SolveOptions& options, double relative);

// The polish of attempt 2c on the support of z (z >= 0 kept), while z fails the check and each
// polish lowers its residual; improved when z changed. residual: the check's residual of z.
struct Polish {
  bool improved = false;
  double residual = 0.0;
};
Polish polish_on_support(const Lcp& lcp, double tolerance, Vec& z);
Polish polish_on_support(const SparseLcp& lcp, double tolerance, Vec& z);

}  // namespace pegsim::detail
