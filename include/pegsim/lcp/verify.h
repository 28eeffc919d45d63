// The independent check. No solver decides on its own that it succeeded.
//
// residual(z) = max_i |min(z_i, w_i)| / s,   w = M z + q,   s = max(1, ||q||_inf).
// min(z_i, w_i) is negative if either is negative and zero iff the pair is complementary and
// non-negative, so one number covers feasibility and complementarity. The scale s makes the
// tolerance relative for large data and absolute (units of q) for small data.
#pragma once

#include <pegsim/lcp/problem.h>
#include <pegsim/lcp/result.h>

#include <functional>

namespace pegsim {

inline constexpr double kDefaultTolerance = 1e-8;

struct Verification {
  bool ok = false;        // finite, residual <= tolerance
  double residual = 0.0;  // +inf when z or w is not finite or sizes mismatch
  Vec w;
};

Verification verify_lcp(const Lcp& lcp, const Vec& z, double tolerance = kDefaultTolerance);

// MLCP: the complementarity residual as above on (z, w = D u + B z + b) and the equality
// residual ||A u + C z + a||_inf / max(1, ||a||_inf); the larger of the two.
Verification verify_mlcp(const Mlcp& mlcp, const Vec& u, const Vec& z, double tolerance = kDefaultTolerance);

// Checks sizes and finiteness of the data; returns an empty string when valid, else the reason.
std::string validate_lcp(const Lcp& lcp);
std::string validate_mlcp(const Mlcp& mlcp);

// Every solver ends with this: fills w and residual, and downgrades a claimed Solved to
// NumericalBreakdown when the independent check fails (never upgrades a failure).
void finalize_result(const Lcp& lcp, double tolerance, LcpResult& result);
// The same with the check of z done by `check` (e.g. verify_sparse_lcp, sparse_lcp.h) on n rows.
void finalize_result_with(Eigen::Index n, double tolerance, LcpResult& result,
                          const std::function<Verification(const Vec&)>& check);

}  // namespace pegsim
