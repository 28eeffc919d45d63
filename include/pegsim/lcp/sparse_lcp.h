// Sparse LCPs: the large cells of piles (issue 11). A contact row couples only with the contacts of
// its two bodies, so M has O(contacts) nonzeros; kept sparse, assembly, the check and block
// pivoting cost O(nonzeros) instead of the O(n^2) of a dense Lcp, whose touches dominated a
// 200-body pile (about 15 solves per step of n = 1000-4000 rows).
#pragma once

#include <pegsim/lcp/problem.h>
#include <pegsim/lcp/result.h>
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/verify.h>

#include <Eigen/SparseCore>

#include <optional>
#include <vector>

namespace pegsim {

using SparseMat = Eigen::SparseMatrix<double>;  // column-major

// Eigen 3.4's SparseMatrix has no move constructor or move assignment: `a = f()` and std::move
// copy its arrays (copies of cells, candidates and islands were 2.7 % of a 200-body pile's
// instructions). Where a matrix is handed over, it is swapped in.
inline void move_into(SparseMat& to, SparseMat&& from) { to.swap(from); }

struct SparseLcp {
  SparseMat M;
  Vec q;
  int size() const { return static_cast<int>(q.size()); }

  SparseLcp() = default;
  SparseLcp(SparseMat m, Vec v) noexcept {
    M.swap(m);
    q.swap(v);
  }
  SparseLcp(const SparseLcp&) = default;
  SparseLcp& operator=(const SparseLcp&) = default;
  SparseLcp(SparseLcp&& other) noexcept { swap(other); }
  SparseLcp& operator=(SparseLcp&& other) noexcept {
    SparseLcp taken(std::move(other));  // `other` is left empty, not holding this one's old arrays
    swap(taken);
    return *this;
  }
  ~SparseLcp() = default;
  void swap(SparseLcp& other) noexcept {
    M.swap(other.M);
    q.swap(other.q);
  }
};

SparseLcp to_sparse(const Lcp& lcp);  // exact zeros dropped

Lcp to_dense(const SparseLcp& lcp);

// S restricted to a principal block, renumbered: column b of the result is S's column columns[b],
// row i of S goes to position[i] (-1: dropped; position must number the rows of `columns` as
// columns does). Built in compressed columns, each sorted (sorting only columns whose positions
// arrive out of order), O(nonzeros of those columns), no triplets. shift > 0 is added to the
// diagonal, after S's entry.
SparseMat principal_submatrix(const SparseMat& S, const std::vector<int>& columns, const std::vector<int>& position,
                              double shift = 0.0);

// S's lower triangle in the order `order` (order[r]: the row that becomes row and column r),
// transposed: entry (c, r), c <= r, of the result is S(order[r], order[c]) exactly as stored (S
// need not be exactly symmetric; its upper mirror is never read). Columns sorted, O(nonzeros).
// Block pivoting relabels S once per solve in its elimination order and cuts every LDLT block
// from this (principal_submatrix with ranks in increasing order: sorted columns, nothing to skip;
// an upper triangle that block pivoting's UpperLdlt factorises in place, without Eigen's copies).
SparseMat ranked_lower_transposed(const SparseMat& S, const std::vector<int>& order);

// verify_lcp's residual (verify.h), computed in O(nonzeros).
Verification verify_sparse_lcp(const SparseLcp& lcp, const Vec& z, double tolerance = kDefaultTolerance);
// finalize_result (verify.h) against a sparse LCP.
void finalize_sparse_result(const SparseLcp& lcp, double tolerance, LcpResult& result);

// M == M^T to 1e-12 of its largest entry (frictionless contact LCPs; Stewart–Trinkle friction
// LCPs are not).
bool is_symmetric(const SparseMat& M);
// is_symmetric(M) and, when it holds, lcp_components(M) (the same sets in the same order), in one
// pass that reads each mirrored pair once; nullopt when M is not symmetric.
std::optional<std::vector<std::vector<int>>> symmetric_lcp_components(const SparseMat& M);

// The size of the largest island (connected component of the coupling graph M_ij != 0 or M_ji != 0).
int largest_component(const SparseMat& M);
// q and every stored entry of M finite, O(nonzeros).
bool all_finite(const SparseLcp& lcp);

// The independent blocks of LCP(M, q) from M's pattern (components.h's order), O(nonzeros).
std::vector<std::vector<int>> lcp_components(const SparseMat& M);

// Lemke's method on a sparse LCP of kSparseLemkeMinRows rows or more, without a dense copy: the
// warm check on a sparse LU of M_SS, then the warm and textbook paths on a sparse basis
// (solve_lemke's large-LCP route, on the same nonzeros: the same path and z). Solved only when z
// passes verify_sparse_lcp; a ray is reported as RayTermination without a certificate (the dense
// solve_lemke looks for one), any other end as NumericalBreakdown or IterationLimit.
inline constexpr int kSparseLemkeMinRows = 600;
LcpResult solve_lemke_sparse(const SparseLcp& lcp, const SolveOptions& options = {});

// Auto on a sparse LCP: q >= 0 is z = 0; symmetric M from kBlockPivotingMinSize rows, block
// pivoting on the sparse matrix (block_pivoting.h) with a bounded number of exchanges (friction
// LCPs are not monotone: block pivoting cycled on them and doubled a frictional pile's cost);
// otherwise, or when that does not verify, the dense solve_lcp on to_dense(lcp) when dense_fallback (the caller bounds its
// size), its attempts listed after the sparse one. Every Solved answer passes the check. A symmetric LCP
// that falls apart into islands has each island solved so (block pivoting whatever its size, then
// the dense attempts), the dense path splits as solve_lcp does; islands run concurrently with
// options.threads (components.h).
LcpResult solve_sparse_lcp(const SparseLcp& lcp, SolverKind kind, const SolveOptions& options = {},
                           bool dense_fallback = true);

}  // namespace pegsim
