// Duplicate friction blocks merged and split back (friction_merge.h).
#include "friction_merge.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace pegsim::detail {
namespace {

using RowMajor = Eigen::SparseMatrix<double, Eigen::RowMajor, int>;

// Stewart–Trinkle's slip row mu p_n - p_f+ - p_f- (contact_rows.cpp, add_friction), read off the
// matrix: the structure is the test, and the original LCP's check judges the split answer anyway.
std::optional<FrictionBlock> block_at(const SparseLcp& lcp, const RowMajor& rows, int s) {
  if (lcp.q[s] != 0.0 || lcp.M.col(s).nonZeros() != 2) return std::nullopt;
  FrictionBlock block;
  block.slip = s;
  std::vector<int> friction;
  for (RowMajor::InnerIterator it(rows, s); it; ++it) {
    if (it.col() == s) return std::nullopt;
    if (it.value() == -1.0) friction.push_back(static_cast<int>(it.col()));
    else if (it.value() > 0.0) block.normals.emplace_back(static_cast<int>(it.col()), it.value());
    else return std::nullopt;
  }
  if (friction.size() != 2 || block.normals.empty()) return std::nullopt;
  for (SparseMat::InnerIterator it(lcp.M, s); it; ++it)  // the friction rows hold + s (E = [1, 1])
    if (it.value() != 1.0 || (it.row() != friction[0] && it.row() != friction[1])) return std::nullopt;
  block.plus = friction[0];  // add_friction adds +t first
  block.minus = friction[1];
  return block;
}

// Row r's columns other than slip columns: the pattern duplicates share.
std::vector<int> pattern_off_slips(const RowMajor& rows, int r, const std::vector<char>& is_slip) {
  std::vector<int> pattern;
  for (RowMajor::InnerIterator it(rows, r); it; ++it)
    if (!is_slip[static_cast<std::size_t>(it.col())]) pattern.push_back(static_cast<int>(it.col()));
  return pattern;
}

// Rows a and b equal off the slip columns within tolerance (relative to a's largest entry), their
// patterns alike.
bool same_row(const RowMajor& rows, int a, int b, const std::vector<char>& is_slip, double tolerance) {
  RowMajor::InnerIterator x(rows, a), y(rows, b);
  double largest = 0.0, difference = 0.0;
  while (true) {
    while (x && is_slip[static_cast<std::size_t>(x.col())]) ++x;
    while (y && is_slip[static_cast<std::size_t>(y.col())]) ++y;
    if (!x || !y) return !x && !y && difference <= tolerance * largest;
    if (x.col() != y.col()) return false;
    largest = std::max(largest, std::abs(x.value()));
    difference = std::max(difference, std::abs(x.value() - y.value()));
    ++x;
    ++y;
  }
}

// The merged LCP over the kept rows, the members' normal terms moved to their roots' slip rows:
// the kept principal block (O(nonzeros), no triplets: kept rows keep their order), plus those
// terms (a member's normals are none of its root's, so no entry is summed with another).
SparseLcp merged_lcp(const SparseLcp& lcp, const MergedFriction& m) {
  const auto k = static_cast<Eigen::Index>(m.kept.size());
  std::vector<Eigen::Triplet<double>> moved;
  for (const MergedMember& member : m.members) {
    const int slip = m.merged_index[static_cast<std::size_t>(m.roots[static_cast<std::size_t>(member.root)].slip)];
    for (const auto& [p, mu] : member.block.normals) moved.emplace_back(slip, m.merged_index[static_cast<std::size_t>(p)], mu);
  }
  SparseMat terms(k, k);
  terms.setFromTriplets(moved.begin(), moved.end());
  SparseLcp out;
  move_into(out.M, SparseMat(principal_submatrix(lcp.M, m.kept, m.merged_index) + terms));
  out.M.makeCompressed();
  out.q.resize(k);
  for (Eigen::Index i = 0; i < k; ++i) out.q[i] = lcp.q[m.kept[static_cast<std::size_t>(i)]];
  return out;
}

// Per root: 1 when some member was merged into it.
std::vector<char> roots_with_members(const MergedFriction& merged) {
  std::vector<char> has_member(merged.roots.size(), 0);
  for (const MergedMember& member : merged.members) has_member[static_cast<std::size_t>(member.root)] = 1;
  return has_member;
}

double cone_measure(const FrictionBlock& block, const Vec& z) {
  double sum = 0.0;
  for (const auto& [p, mu] : block.normals) sum += mu * z[p];
  return sum;
}

}  // namespace

std::optional<MergedFriction> merge_duplicate_friction(const SparseLcp& lcp, double tolerance, double q_tolerance) {
  const int n = lcp.size();
  if (lcp.M.rows() != n || lcp.M.cols() != n || !lcp.M.isCompressed()) return std::nullopt;
  const RowMajor rows = lcp.M;
  std::vector<FrictionBlock> blocks;
  std::vector<char> is_slip(static_cast<std::size_t>(n), 0);
  for (int s = 0; s < n; ++s) {
    if (std::optional<FrictionBlock> b = block_at(lcp, rows, s)) {
      is_slip[static_cast<std::size_t>(s)] = 1;
      blocks.push_back(std::move(*b));
    }
  }
  MergedFriction m;
  std::map<std::vector<int>, std::vector<int>> roots_by_pattern;  // into m.roots
  std::vector<std::vector<int>> normals_of_root;  // every normal a root's group holds
  for (FrictionBlock& block : blocks) {
    std::vector<int>& candidates = roots_by_pattern[pattern_off_slips(rows, block.plus, is_slip)];
    bool merged = false;
    for (int r : candidates) {
      const int root_plus = m.roots[static_cast<std::size_t>(r)].plus;
      const auto matches = [&](int row) {  // the root's +t row, in M and q
        return same_row(rows, root_plus, row, is_slip, tolerance) && std::abs(lcp.q[root_plus] - lcp.q[row]) <= q_tolerance;
      };
      const bool direct = matches(block.plus);
      const bool swapped = !direct && matches(block.minus);
      if (!direct && !swapped) continue;
      std::vector<int>& held = normals_of_root[static_cast<std::size_t>(r)];
      const bool overlaps = std::any_of(block.normals.begin(), block.normals.end(), [&](const auto& e) {
        return std::find(held.begin(), held.end(), e.first) != held.end();
      });
      if (overlaps) continue;  // one normal term per group member
      for (const auto& [p, mu] : block.normals) held.push_back(p);
      m.members.push_back(MergedMember{std::move(block), r, swapped});
      merged = true;
      break;
    }
    if (merged) continue;
    candidates.push_back(static_cast<int>(m.roots.size()));
    normals_of_root.emplace_back();
    for (const auto& [p, mu] : block.normals) normals_of_root.back().push_back(p);
    m.roots.push_back(std::move(block));
  }
  if (m.members.empty()) return std::nullopt;
  std::vector<char> dropped(static_cast<std::size_t>(n), 0);
  for (const MergedMember& member : m.members)
    for (int i : {member.block.slip, member.block.plus, member.block.minus}) dropped[static_cast<std::size_t>(i)] = 1;
  m.merged_index.assign(static_cast<std::size_t>(n), -1);
  for (int i = 0; i < n; ++i) {
    if (dropped[static_cast<std::size_t>(i)]) continue;
    m.merged_index[static_cast<std::size_t>(i)] = static_cast<int>(m.kept.size());
    m.kept.push_back(i);
  }
  m.lcp = merged_lcp(lcp, m);
  return m;
}

std::vector<int> merged_basis(const MergedFriction& merged, const std::vector<int>& basis) {
  const auto n = static_cast<int>(merged.merged_index.size());
  std::vector<int> stand_in = merged.merged_index;  // per original row: the merged row it maps to
  for (const MergedMember& member : merged.members) {
    const FrictionBlock& root = merged.roots[static_cast<std::size_t>(member.root)];
    const auto at = [&](int i) { return merged.merged_index[static_cast<std::size_t>(i)]; };
    stand_in[static_cast<std::size_t>(member.block.plus)] = at(member.swapped ? root.minus : root.plus);
    stand_in[static_cast<std::size_t>(member.block.minus)] = at(member.swapped ? root.plus : root.minus);
    stand_in[static_cast<std::size_t>(member.block.slip)] = at(root.slip);
  }
  std::vector<int> out;
  for (int i : basis)
    if (i >= 0 && i < n && stand_in[static_cast<std::size_t>(i)] >= 0) out.push_back(stand_in[static_cast<std::size_t>(i)]);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void own_slip_rates(const MergedFriction& merged, const SparseLcp& original, Vec& z) {
  const Vec w = original.M * z + original.q;
  const auto own_slip_rate = [&](const FrictionBlock& b) {
    const double plus = w[b.plus] - z[b.slip], minus = w[b.minus] - z[b.slip];  // without the slip term
    if (z[b.plus] > 0.0) z[b.slip] = std::max(0.0, -plus);
    else if (z[b.minus] > 0.0) z[b.slip] = std::max(0.0, -minus);
    else z[b.slip] = std::max({0.0, -plus, -minus});
  };
  for (const MergedMember& member : merged.members) own_slip_rate(member.block);
  const std::vector<char> has_member = roots_with_members(merged);
  for (std::size_t r = 0; r < merged.roots.size(); ++r)
    if (has_member[r]) own_slip_rate(merged.roots[r]);
}

Vec split_merged_solution(const MergedFriction& merged, const SparseLcp& original, const Vec& z_merged) {
  Vec z = Vec::Zero(original.size());
  for (std::size_t k = 0; k < merged.kept.size(); ++k) z[merged.kept[k]] = z_merged[static_cast<Eigen::Index>(k)];
  std::vector<double> total(merged.roots.size());
  for (std::size_t r = 0; r < merged.roots.size(); ++r) total[r] = cone_measure(merged.roots[r], z);
  for (const MergedMember& member : merged.members) total[static_cast<std::size_t>(member.root)] += cone_measure(member.block, z);
  // each member's share of the root's friction (read before the root's own share is written)
  for (const MergedMember& member : merged.members) {
    const FrictionBlock& root = merged.roots[static_cast<std::size_t>(member.root)];
    const double sum = total[static_cast<std::size_t>(member.root)];
    const double share = sum > 0.0 ? cone_measure(member.block, z) / sum : 0.0;
    const double plus = z[root.plus], minus = z[root.minus];
    z[member.block.plus] = share * (member.swapped ? minus : plus);
    z[member.block.minus] = share * (member.swapped ? plus : minus);
    z[member.block.slip] = z[root.slip];
  }
  const std::vector<char> has_member = roots_with_members(merged);
  for (std::size_t r = 0; r < merged.roots.size(); ++r) {
    if (!has_member[r] || !(total[r] > 0.0)) continue;
    const FrictionBlock& root = merged.roots[r];
    const double share = cone_measure(root, z) / total[r];
    z[root.plus] *= share;
    z[root.minus] *= share;
  }
  return z;
}

}  // namespace pegsim::detail
