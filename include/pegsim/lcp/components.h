// Independent blocks of an LCP: the contact islands of a time step.
//
// Rows i and j of LCP(M, q) are coupled when M_ij != 0 or M_ji != 0. In a contact LCP
// (B = A + R M^-1 G, assembly.h) two rows are coupled exactly when their contacts share a dynamic
// body or a model's auxiliary chain, so the connected components of that graph are the step's
// islands (union-find over the contact graph, static bodies joining none). A permutation makes M
// block diagonal; every solution of the whole is the union of solutions of the blocks, and each
// block is solved on its own: Lemke's O(n k) pivots on the largest island instead of the whole.
#pragma once

#include <pegsim/lcp/solver.h>

#include <functional>
#include <vector>

namespace pegsim {

// Components in order of their smallest row; rows ascending inside each (deterministic).
std::vector<std::vector<int>> lcp_components(const Mat& M);

// The size of the largest component.
int largest_component(const Mat& M);

// LCPs smaller than this are solved whole (splitting saves nothing there).
inline constexpr int kComponentMinSize = 32;

// Islands smaller than this are not worth a thread of their own (a Lemke path on 32 rows takes
// about as long as starting a thread); solve_by_components uses threads only for two or more.
inline constexpr int kParallelBlockMinRows = 32;

// Whether an LCP of n rows is solved by components when it has more than one: from
// kComponentMinSize rows, for any solver but enumeration (its result lists every solution of the
// whole). Shared by the dense split below and the sparse one (sparse_lcp.h).
inline bool splits_into_components(int n, SolverKind kind) {
  return n >= kComponentMinSize && kind != SolverKind::Enumerate;
}

// solve_lcp's rule: a valid LCP of at least kComponentMinSize rows, for any solver but enumeration
// (its result lists every solution of the whole), is solved by components when it has more than
// one; components_of gives them (the dense scan, or a sparse pattern's O(nonzeros) one).
LcpResult solve_split_or_whole(const Lcp& lcp, SolverKind kind, const SolveOptions& options,
                               const std::function<std::vector<std::vector<int>>()>& components_of);

// Solves each component with `kind` (warm basis split per component) and merges: z and the basis
// scattered back, status Solved only when every block solved (else the first failing block's
// status and message, naming the block), iterations summed, solver = the largest block's, and the
// whole vector verified by finalize_result. With options.threads > 1 the islands of at least
// kParallelBlockMinRows rows are solved concurrently; the result does not depend on the count.
LcpResult solve_by_components(const Lcp& lcp, const std::vector<std::vector<int>>& components, SolverKind kind,
                              const SolveOptions& options);

// solve_by_components without the check, for the sparse path too (sparse_lcp.h): each island
// solved by solve_island(c, options with island c's part of the warm basis), in up to
// options.threads threads when two or more islands have kParallelBlockMinRows rows (largest first,
// each result in its own slot, exceptions rethrown in island order), merged as solve_by_components
// merges; `threads` says how many ran. The slots, hence the result, do not depend on the count.
LcpResult solve_islands(int n, const std::vector<std::vector<int>>& components, const SolveOptions& options,
                        const std::function<LcpResult(std::size_t, const SolveOptions&)>& solve_island);

}  // namespace pegsim
