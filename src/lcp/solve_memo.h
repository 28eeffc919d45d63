// Internal to src/lcp: the results of the last few large frictional island solves of this thread,
// by their whole input (the island's M and q to the bit, the solver and every SolveOptions field).
//
// Why: a step solves the same island again when a later search of the step meets the same cell
// with the same warm start (the first solve's search, then the corrector's or the step's search
// again after a refused iterate). Measured on the frictional 200-body pile (pile2d seed 1, mu 0.3,
// 1 s): 23 s of its 122 s of island solves were such exact repeats, two of them the same failing
// 3028-row island at 16-18 s each. A solve is a pure function of that input, so a hit returns
// what a fresh solve would: the same bits whatever ran before on which thread.
#pragma once

#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/sparse_lcp.h>

#include "recent_by_matrix.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace pegsim::detail {

// Islands of fewer rows solve in milliseconds; the memo's O(nonzeros) copy and compare are not
// worth it there.
inline constexpr int kSolveMemoMinRows = 400;

class SolveMemo {
 public:
  // Is a solve of this input worth keeping? (large enough, and no caller-run plain path among
  // its options: SolveOptions::plain_lemke is a pointer to a result, not a value to compare)
  static bool keeps(const SparseLcp& lcp, const SolveOptions& options);
  // The result of an earlier solve of exactly this input, or nullptr.
  const LcpResult* find(const SparseLcp& lcp, SolverKind kind, const SolveOptions& options) const;
  void store(const SparseLcp& lcp, SolverKind kind, const SolveOptions& options, const LcpResult& result);
  std::size_t size() const { return entries_.size(); }

  static constexpr std::size_t kEntries = 8;

 private:
  struct Entry {
    KeptPattern pattern;
    std::vector<double> values, q;
    SolverKind kind = SolverKind::Auto;
    SolveOptions options;  // warm_basis and plain_lemke pointing nowhere: the basis is kept below
    std::optional<std::vector<int>> warm_basis;
    LcpResult result;
  };
  static bool same_input(const Entry& e, const SparseLcp& lcp, SolverKind kind, const SolveOptions& options);
  RecentEntries<Entry, kEntries> entries_;
};

}  // namespace pegsim::detail
