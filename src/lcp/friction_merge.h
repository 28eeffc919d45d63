// Internal to src/lcp: duplicate Stewart–Trinkle friction blocks of a frictional LCP merged into
// one, and the merged LCP's solution split back (sparse_lcp.cpp, solve_not_monotone_afresh).
//
// Why: two contacts on one edge of the same body pair have the same tangent t, and their tangent
// Jacobians differ only by the lever arm along the normal (the gap difference, ~1e-9 m), so their
// friction rows and columns are equal to ~1e-12. Such near-duplicates make Lemke's bases singular:
// on dumped 3400-4700-row islands of a frictional 500-body pile whose plain sparse path failed,
// the merged LCP's plain path solved (BENCHMARKS.md, "Duplicate friction blocks merged").
//
// The merge keeps the first block of a duplicate group (its root) and gives its slip row the other
// members' normal terms, mu p_n1 + mu p_n2 - p_f+ - p_f- >= 0: one friction impulse over the group
// bounded by the members' cone sum, the same set of net forces. Split back, each member takes the
// root's friction in proportion to its mu p_n (the sum of cones, so each stays in its own cone) and
// the root's slip rate; the original LCP's check decides.
#pragma once

#include <pegsim/lcp/sparse_lcp.h>

#include <optional>
#include <utility>
#include <vector>

namespace pegsim::detail {

// Rows of friction rows compared entrywise relative to their largest entry: 1e-9 merged 75 of 612
// blocks of a dumped 3448-row island and its plain path still failed; 1e-6 merged 78, and it solved.
inline constexpr double kDuplicateFrictionTolerance = 1e-6;

// One friction block: its slip row mu p_n - p_f+ - p_f- (slip), its friction rows (plus, minus:
// the rows with +1 in the slip column) and its normal terms (the slip row's positive entries:
// column, mu).
struct FrictionBlock {
  int slip = -1, plus = -1, minus = -1;
  std::vector<std::pair<int, double>> normals;
};

// A block merged into a root: swapped when its +t direction is the root's -t.
struct MergedMember {
  FrictionBlock block;
  int root = -1;  // index into MergedFriction::roots
  bool swapped = false;
};

struct MergedFriction {
  SparseLcp lcp;                  // over `kept`
  std::vector<int> kept;          // original index of each merged row
  std::vector<int> merged_index;  // per original row: its merged row, -1 when dropped
  std::vector<FrictionBlock> roots;
  std::vector<MergedMember> members;
};

// The blocks found by structure (slip rows: zero diagonal, zero q, two -1 entries whose rows hold
// +1 in the slip column, positive normal terms and nothing else), merged where a block's friction
// rows match a root's (same pattern off the slip columns, entries within tolerance, q within
// q_tolerance). nullopt when no block has a duplicate.
std::optional<MergedFriction> merge_duplicate_friction(const SparseLcp& lcp, double tolerance, double q_tolerance);

// A basis of the original LCP (a warm start) on merged.lcp: a member's basic friction and slip
// variables stand for their root's (direction-matched), each index once, in increasing order.
std::vector<int> merged_basis(const MergedFriction& merged, const std::vector<int>& basis);

// z of the original LCP from z of merged.lcp (see above).
Vec split_merged_solution(const MergedFriction& merged, const SparseLcp& original, const Vec& z_merged);

// Every grouped block's slip variable set from its own friction rows of z: -v along the direction
// its friction takes, else max(0, -v+, -v-). A near-duplicate's friction acts through its own
// Jacobian, which moves the group's tangential velocities by ~1e-7 of the friction: with the
// root's slip rate copied, a -t row of a frictional 500-body pile's island ended at w = -3.7e-7
// (residual 2.4e-8 against 1e-8), and at 6e-14 with its own. The slip column's only entries are
// its friction rows' +1 (block_at), so each update changes its own block's rows alone. A last
// resort of the merged attempt, after the polish: taken first, it changed the support the polish
// works on, and 9 of 71 split answers of dumped islands that had passed then missed.
void own_slip_rates(const MergedFriction& merged, const SparseLcp& original, Vec& z);

}  // namespace pegsim::detail
