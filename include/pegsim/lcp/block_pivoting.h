// Block principal pivoting on a sparse factorisation: the large-LCP path (issue 11).
//
// A guess F of the indices with z basic (w_F = 0, z_G = 0) gives z_F = -M_FF^{-1} q_F and
// w_G = M_GF z_F + q_G; every index whose z or w is negative is exchanged at once, and after
// kMaxNonImproving exchanges that do not reduce the number of infeasible indices, only the largest
// one is (Murty's rule, which terminates on P-matrices): Judice & Pires, "A block principal
// pivoting algorithm for large-scale strictly monotone linear complementarity problems" (1994).
// M_FF is factorised sparsely (Eigen's SimplicialLDLT when M is symmetric, SparseLU otherwise), so
// one exchange costs about the nonzeros of the factor, not n^3 as a dense basis does: contact
// LCPs couple a row only with the contacts of its two bodies. The start is the warm basis when
// given (the previous solve of the same contacts), else {i : q_i < 0}. Symmetric PSD M (more
// contacts than DOFs: singular blocks) is solved by proximal steps LCP(M + eps I, q - eps z_k),
// eps = 1e-6 max|M_ii|, each from the last guess, the factor reused while F is unchanged; when a
// proximal step's exchanges stall (30 without fewer infeasible indices), projected Newton on the
// same positive definite QP finishes it (Bertsekas 1982: f decreases at every step, so no cycling;
// listed in result.attempts). The original LCP decides (finalize_result). options.max_iterations bounds the exchanges (default
// 10 n + 50); result.iterations counts sparse factorisations. A fast first attempt inside
// solve_auto for large LCPs, never the last.
#pragma once

#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/sparse_lcp.h>

namespace pegsim {

inline constexpr int kBlockPivotingMinSize = 64;  // sparse LCPs (sparse_lcp.h) from this size
// solve_auto on a dense LCP tries it first from this size: below it dense Lemke is a few ms, and
// on the interpenetrated, infeasible LCPs of a blown-up standard pour a failing block pivoting
// spent its whole budget at every retry (the playground's standard pour fell to 12 steps/s).
inline constexpr int kDenseBlockPivotingMinSize = 256;

// The exchanges solve_auto and solve_sparse_lcp allow before the dense attempts: 3 n + 100. A cold
// start on a 500-row pile cell needs ~300 (most in Murty's one-at-a-time phase) at ~0.1 ms each;
// 200 left 1 % of them to dense Lemke and Newton at 50-100 ms each.
inline int block_pivoting_exchange_budget(int n) { return 3 * n + 100; }

LcpResult solve_block_pivoting(const Lcp& lcp, const SolveOptions& options = {});
LcpResult solve_block_pivoting(const SparseLcp& lcp, const SolveOptions& options = {});  // checked on lcp
// The same for a caller that has established M == M^T (is_symmetric, or an island of such an M):
// the check is not repeated (three times per solve cost 8 % of a 200-body pile's time).
LcpResult solve_block_pivoting_symmetric(const SparseLcp& lcp, const SolveOptions& options = {});

}  // namespace pegsim
