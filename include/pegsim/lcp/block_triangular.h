// LCPs whose matrix is reducible: the dependency graph (row k depends on z_j when M_kj != 0)
// splits into strongly connected blocks, and in dependency order each block's rows name only its
// own variables and those of blocks before it. Such an LCP is solved block by block, each block a
// small LCP of its own: one row in closed form, up to 12 rows by enumeration, larger by the auto
// solver. The completion of a model's auxiliary variables (assembly/candidate.h) is of this kind:
// Egan's max chains couple d with the g_i (eqs 15-17) and leave p's column zero (eq. 20), where
// Lemke can end on a ray although the problem is solvable.
#pragma once

#include <pegsim/lcp/solver.h>

#include <optional>
#include <vector>

namespace pegsim {

// The strongly connected blocks of M's dependency graph, each listed after every block it depends
// on, indices ascending inside a block. Diagonal entries make no dependency.
std::vector<std::vector<int>> dependency_blocks(const Mat& M);

// A solution found block by block, or nullopt when some block has none. nullopt does not prove
// the LCP unsolvable: a choice made in an earlier block (one of several solutions) may be the
// cause. The answer is not verified here; callers verify it against the whole LCP (verify.h).
std::optional<Vec> solve_block_triangular(const Lcp& lcp, const SolveOptions& options = {});

}  // namespace pegsim
