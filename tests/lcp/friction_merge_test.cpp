// Duplicate friction blocks merged and split back (src/lcp/friction_merge.h), and the attempt on a
// frictional island of solve_sparse_lcp: the split answer must solve the original LCP.
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/sparse_lcp.h>
#include <pegsim/lcp/verify.h>

#include <gtest/gtest.h>

#include "lcp/friction_merge.h"
#include "lcp/generators.h"

#include <algorithm>
#include <string>
#include <vector>

namespace pegsim {
namespace {

// A random scene plus, for every `every`-th contact, a twin on the same body pair at a point moved
// along the tangent (the same line of action: equal friction rows). flip: the twin's normal and
// tangent reversed (its +t is the original's -t).
testgen::Scene2D scene_with_twins(std::uint64_t seed, int bodies, int contacts, int every, bool flip) {
  testgen::Rng rng(seed);
  testgen::Scene2D s = testgen::random_scene(bodies, contacts, rng);
  const std::size_t original = s.contacts.size();
  for (std::size_t c = 0; c < original; c += static_cast<std::size_t>(every)) {
    testgen::Contact2D twin = s.contacts[c];
    const Eigen::Vector2d t(-twin.normal.y(), twin.normal.x());
    twin.point += testgen::uniform(rng, 0.05, 0.3) * t;
    twin.mu = testgen::uniform(rng, 0.1, 1.0);
    if (flip) twin.normal = -twin.normal;
    s.contacts.push_back(twin);
  }
  return s;
}

// Friction impulse along +t of contact c (friction_lcp's layout: p_n, then 2 per contact, then s).
double tangential(const Vec& z, int contacts, int c) { return z[contacts + 2 * c] - z[contacts + 2 * c + 1]; }

TEST(FrictionMerge, TwinsShareOneBlockAndTheSplitAnswerSolvesTheOriginal) {
  int split_checked = 0;
  for (const bool flip : {false, true}) {
    for (const std::uint64_t seed : {3u, 8u, 21u}) {
      const testgen::Scene2D s = scene_with_twins(seed, 4, 12, 3, flip);
      const int nc = static_cast<int>(s.contacts.size());
      const SparseLcp lcp = to_sparse(testgen::friction_lcp(s));
      const auto merged = detail::merge_duplicate_friction(lcp, detail::kDuplicateFrictionTolerance, 1e-12);
      ASSERT_TRUE(merged.has_value());
      EXPECT_EQ(merged->members.size(), 4u) << "one merge per twin";
      for (const detail::MergedMember& m : merged->members) EXPECT_EQ(m.swapped, flip);
      EXPECT_EQ(merged->lcp.size(), lcp.size() - 3 * 4);
      const LcpResult r = solve_lcp(to_dense(merged->lcp), SolverKind::Lemke, {});
      if (r.status != SolveStatus::Solved) continue;  // a random LCP Lemke cannot solve: nothing to split
      ++split_checked;
      const Vec z = detail::split_merged_solution(*merged, lcp, r.z);
      const Verification check = verify_sparse_lcp(lcp, z, 1e-8);
      EXPECT_TRUE(check.ok) << "seed " << seed << " flip " << flip << ": residual " << check.residual;
      // a group's friction is the merged block's, shared out (reversed for a flipped twin)
      for (const detail::MergedMember& m : merged->members) {
        const int root = (merged->roots[static_cast<std::size_t>(m.root)].plus - nc) / 2;
        const int twin = (m.block.plus - nc) / 2;
        const double merged_friction = r.z[merged->merged_index[static_cast<std::size_t>(nc + 2 * root)]] -
                                       r.z[merged->merged_index[static_cast<std::size_t>(nc + 2 * root + 1)]];
        const double sum = tangential(z, nc, root) + (flip ? -1.0 : 1.0) * tangential(z, nc, twin);
        EXPECT_NEAR(sum, merged_friction, 1e-12 * std::max(1.0, std::abs(merged_friction)));
      }
    }
  }
  EXPECT_GE(split_checked, 4) << "Lemke solves most merged LCPs: the split is tested on them";
}

// Near-twins are merged too (rows equal within kDuplicateFrictionTolerance), and their friction
// then acts through Jacobians that differ slightly: the root's slip rate does not fit a member's
// rows. Each grouped block takes its own (own_slip_rates): no friction row of a group ends below 0,
// and the row its friction acts along is 0. The split's copied root rate is shown to fail that.
TEST(FrictionMerge, EachGroupedBlockTakesItsOwnSlipRate) {
  int copied_misses = 0, checked = 0;
  for (const std::uint64_t seed : {3u, 8u, 21u, 34u}) {
    const testgen::Scene2D s = scene_with_twins(seed, 4, 12, 3, false);
    Lcp exact = testgen::friction_lcp(s);
    // each twin's tangential Jacobian scaled by 1 + 1e-7 (friction_lcp's layout: p_n, 2 friction
    // per contact, then the slip rows; the slip entries, E and -E', stay exactly 1)
    const int nc = static_cast<int>(s.contacts.size()), impulses = 3 * nc;
    for (int c = 12; c < nc; ++c)
      for (const int f : {nc + 2 * c, nc + 2 * c + 1}) {
        exact.M.row(f).head(impulses) *= 1.0 + 1e-7;
        exact.M.col(f).head(impulses) *= 1.0 + 1e-7;
      }
    const SparseLcp lcp = to_sparse(exact);
    const auto merged = detail::merge_duplicate_friction(lcp, detail::kDuplicateFrictionTolerance, 1e-12);
    ASSERT_TRUE(merged.has_value()) << "seed " << seed;
    EXPECT_EQ(merged->members.size(), 4u);
    const LcpResult r = solve_lcp(to_dense(merged->lcp), SolverKind::Lemke, {});
    if (r.status != SolveStatus::Solved) continue;
    ++checked;
    const double scale = std::max(1.0, lcp.q.cwiseAbs().maxCoeff());
    const auto worst_friction_row = [&](const Vec& z) {  // most negative w, or a carrying row's |w|
      const Vec w = lcp.M * z + lcp.q;
      double worst = 0.0;
      const auto check = [&](const detail::FrictionBlock& b) {
        worst = std::max({worst, -w[b.plus], -w[b.minus]});
        if (z[b.plus] > 0.0) worst = std::max(worst, std::abs(w[b.plus]));
        if (z[b.minus] > 0.0) worst = std::max(worst, std::abs(w[b.minus]));
      };
      for (const detail::MergedMember& m : merged->members) {
        check(m.block);
        check(merged->roots[static_cast<std::size_t>(m.root)]);
      }
      return worst / scale;
    };
    const Vec split = detail::split_merged_solution(*merged, lcp, r.z);  // the root's rate copied
    if (worst_friction_row(split) > 1e-10) ++copied_misses;
    Vec own = split;
    detail::own_slip_rates(*merged, lcp, own);
    EXPECT_LE(worst_friction_row(own), 1e-13) << "seed " << seed;
    for (Eigen::Index i = 0; i < own.size(); ++i) {  // only slip variables change
      if (own[i] != split[i]) {
        EXPECT_EQ(lcp.M.col(i).nonZeros(), 2) << "seed " << seed << ": z_" << i;
      }
    }
  }
  EXPECT_GE(checked, 2);
  EXPECT_GE(copied_misses, 1) << "the near-twins must matter, or this test checks nothing";
}

TEST(FrictionMerge, AWarmBasisCarriesAMembersFrictionToItsRoot) {
  for (const bool flip : {false, true}) {
    const testgen::Scene2D s = scene_with_twins(3, 4, 12, 3, flip);
    const SparseLcp lcp = to_sparse(testgen::friction_lcp(s));
    const auto merged = detail::merge_duplicate_friction(lcp, detail::kDuplicateFrictionTolerance, 1e-12);
    ASSERT_TRUE(merged.has_value());
    const detail::MergedMember& m = merged->members.front();
    const detail::FrictionBlock& root = merged->roots[static_cast<std::size_t>(m.root)];
    const auto at = [&](int i) { return merged->merged_index[static_cast<std::size_t>(i)]; };
    // the member's +t and slip basic, the root's slip too, one index out of range
    const std::vector<int> basis = {m.block.plus, m.block.slip, root.slip, 0, lcp.size()};
    std::vector<int> expected = {at(flip ? root.minus : root.plus), at(root.slip), at(0)};
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(detail::merged_basis(*merged, basis), expected) << "flip " << flip;
  }
}

TEST(FrictionMerge, NothingIsMergedWithoutTwinsOrWithoutFriction) {
  testgen::Rng rng(5);
  const testgen::Scene2D s = testgen::random_scene(5, 20, rng);
  EXPECT_FALSE(detail::merge_duplicate_friction(to_sparse(testgen::friction_lcp(s)), 1e-6, 1e-12).has_value());
  const testgen::Scene2D twins = scene_with_twins(5, 5, 20, 2, false);
  EXPECT_FALSE(detail::merge_duplicate_friction(to_sparse(testgen::contact_lcp(twins)), 1e-6, 1e-12).has_value())
      << "a frictionless LCP has no slip rows";
  // a twin whose q differs by more than q_tolerance stays apart
  testgen::Scene2D moving = twins;
  EXPECT_TRUE(detail::merge_duplicate_friction(to_sparse(testgen::friction_lcp(moving)), 1e-6, 1e-12).has_value());
  const SparseLcp lcp = to_sparse(testgen::friction_lcp(moving));
  SparseLcp shifted = lcp;
  const int nc = static_cast<int>(moving.contacts.size());
  for (int c = 0; c < nc; ++c) shifted.q[nc + 2 * c] += 1e-9 * (c + 1);  // every +t row apart from every other
  EXPECT_FALSE(detail::merge_duplicate_friction(shifted, 1e-6, 1e-12).has_value());
}

TEST(FrictionMerge, ALargeFrictionalIslandWithTwinsIsSolvedMergedAndVerifiedOnItself) {
  int solved_merged = 0;
  for (const std::uint64_t seed : {1u, 2u, 4u}) {
    // one island of 600+ rows: few bodies, many contacts, a twin for every fourth
    const testgen::Scene2D s = scene_with_twins(seed, 10, kSparseLemkeMinRows / 4, 4, false);
    const SparseLcp lcp = to_sparse(testgen::friction_lcp(s));
    ASSERT_GE(largest_component(lcp.M), kSparseLemkeMinRows);
    const LcpResult r = solve_sparse_lcp(lcp, SolverKind::Auto, {});
    ASSERT_FALSE(r.attempts.empty());
    EXPECT_EQ(r.attempts.front().rfind("merged friction (", 0), 0u) << r.attempts.front();
    if (r.status != SolveStatus::Solved) continue;
    EXPECT_TRUE(verify_sparse_lcp(lcp, r.z, 1e-8).ok) << "the original LCP decides";
    EXPECT_EQ(r.residual, verify_sparse_lcp(lcp, r.z, 1e-8).residual);
    if (r.solver.find("(merged friction)") != std::string::npos) {
      ++solved_merged;
      for (int i : r.basis) EXPECT_TRUE(i >= 0 && i < lcp.size());
    }
  }
  EXPECT_GE(solved_merged, 1) << "the merged attempt solves some of them";
}

}  // namespace
}  // namespace pegsim
