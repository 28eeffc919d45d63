// solve_lemke_sparse (sparse_lcp.h): Lemke on a sparse LCP of 600 rows or more without a dense
// copy, which solve_sparse_lcp runs first on a large island that is not monotone (friction). It
// must give solve_lemke's answer bit for bit (the same nonzeros, so the same path: the engine's
// trajectories do not change), say Solved only when the independent check passes, take a warm
// basis, ignore explicit zeros, and reject bad input without a crash.
#include "lcp/dumped_path.h"
#include "lcp/generators.h"

#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/sparse_lcp.h>
#include <pegsim/lcp/verify.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace pegsim {
namespace {

std::vector<Lcp> large_lcps() {
  testgen::Rng rng(31);
  std::vector<Lcp> out;
  for (int trial = 0; trial < 4; ++trial) {
    const testgen::Scene2D scene = testgen::random_scene(60 + 10 * trial, 170 + 20 * trial, rng);
    out.push_back(testgen::friction_lcp(scene));  // Stewart–Trinkle: not monotone
  }
  out.push_back(testgen::contact_lcp(testgen::random_scene(200, 700, rng)));
  return out;
}

TEST(SparseLemke, GivesSolveLemkesAnswerBitForBit) {
  int solved = 0;
  for (const Lcp& lcp : large_lcps()) {
    ASSERT_GE(lcp.size(), kSparseLemkeMinRows);
    const LcpResult dense = solve_lemke(lcp);
    const SparseLcp sparse = to_sparse(lcp);
    const LcpResult r = solve_lemke_sparse(sparse);
    if (r.status != SolveStatus::Solved) continue;  // the dense route goes on from there
    ++solved;
    EXPECT_TRUE(verify_sparse_lcp(sparse, r.z).ok) << "Solved must mean verified";
    ASSERT_EQ(dense.status, SolveStatus::Solved) << dense.message;
    EXPECT_EQ(r.z, dense.z) << "n = " << lcp.size();
    EXPECT_EQ(r.basis, dense.basis);
    EXPECT_EQ(r.iterations, dense.iterations);
  }
  EXPECT_GE(solved, 4);  // measured: all 5
}

TEST(SparseLemke, ExplicitZerosChangeNothing) {
  const Lcp lcp = large_lcps().front();
  const SparseLcp clean = to_sparse(lcp);
  SparseLcp padded = clean;  // a stored zero in every empty diagonal slot and on a few couplings
  std::vector<Eigen::Triplet<double>> entries;
  for (int j = 0; j < clean.M.outerSize(); ++j)
    for (SparseMat::InnerIterator it(clean.M, j); it; ++it) entries.emplace_back(static_cast<int>(it.row()), j, it.value());
  for (int i = 0; i < lcp.size(); i += 7) entries.emplace_back(i, (i * 13) % lcp.size(), 0.0);
  padded.M.resize(lcp.size(), lcp.size());
  padded.M.setFromTriplets(entries.begin(), entries.end());
  ASSERT_GT(padded.M.nonZeros(), clean.M.nonZeros());
  const LcpResult a = solve_lemke_sparse(clean), b = solve_lemke_sparse(padded);
  ASSERT_EQ(a.status, SolveStatus::Solved) << a.message;
  EXPECT_EQ(a.z, b.z);
  EXPECT_EQ(a.iterations, b.iterations);
}

TEST(SparseLemke, WarmBasisFromTheAnswerTakesNoPivot) {
  const SparseLcp lcp = to_sparse(large_lcps().front());
  const LcpResult cold = solve_lemke_sparse(lcp);
  ASSERT_EQ(cold.status, SolveStatus::Solved) << cold.message;
  ASSERT_GT(cold.iterations, 10);
  SolveOptions options;
  options.warm_basis = &cold.basis;
  const LcpResult warm = solve_lemke_sparse(lcp, options);
  ASSERT_EQ(warm.status, SolveStatus::Solved);
  EXPECT_EQ(warm.iterations, 0);
  EXPECT_LE(warm.residual, kDefaultTolerance);
}

TEST(SparseLemke, BadInputIsRejectedWithAMessage) {
  SparseLcp lcp = to_sparse(large_lcps().front());
  lcp.M.coeffRef(5, 5) = std::numeric_limits<double>::quiet_NaN();
  const LcpResult r = solve_lemke_sparse(lcp);
  EXPECT_EQ(r.status, SolveStatus::InvalidInput);
  EXPECT_FALSE(r.message.empty());
  EXPECT_TRUE(r.z.allFinite());
  SparseLcp wrong = to_sparse(large_lcps().front());
  wrong.q.conservativeResize(wrong.q.size() - 1);
  EXPECT_EQ(solve_lemke_sparse(wrong).status, SolveStatus::InvalidInput);
}

// Through solve_sparse_lcp: a large frictional island solved by the sparse attempt says so, and the
// answer is the one Auto on the dense copy gives.
TEST(SparseLemke, SolveSparseLcpRunsItFirstOnLargeFrictionalIslands) {
  testgen::Rng rng(32);
  const Lcp whole = testgen::friction_lcp(testgen::random_scene(40, 320, rng));
  std::vector<std::vector<int>> islands = lcp_components(to_sparse(whole).M);
  const std::vector<int>& rows =
      *std::max_element(islands.begin(), islands.end(), [](const auto& a, const auto& b) { return a.size() < b.size(); });
  const int k = static_cast<int>(rows.size());
  Lcp lcp{Mat(k, k), Vec(k)};  // the largest island alone: one island, solved whole by both routes
  for (int a = 0; a < k; ++a) {
    lcp.q[a] = whole.q[rows[static_cast<std::size_t>(a)]];
    for (int b = 0; b < k; ++b) lcp.M(a, b) = whole.M(rows[static_cast<std::size_t>(a)], rows[static_cast<std::size_t>(b)]);
  }
  ASSERT_EQ(lcp_components(to_sparse(lcp).M).size(), 1u);
  ASSERT_GE(lcp.size(), kSparseLemkeMinRows);
  const LcpResult sparse = solve_sparse_lcp(to_sparse(lcp), SolverKind::Auto);
  const LcpResult dense = solve_auto(lcp);
  ASSERT_EQ(sparse.status, SolveStatus::Solved) << sparse.message;
  ASSERT_EQ(dense.status, SolveStatus::Solved);
  ASSERT_FALSE(sparse.attempts.empty());
  EXPECT_EQ(sparse.attempts.front().rfind("lemke (sparse island)", 0), 0u) << sparse.attempts.front();
  EXPECT_EQ(sparse.z, dense.z);
}

// When the sparse plain path does not verify, the island is densified and Auto takes that path's
// result as its own plain attempt (SolveOptions::plain_lemke) instead of running it again: the
// answer must be the one Auto gives running the path itself. A pivot cap makes the path stop short.
TEST(SparseLemke, AutoTakesTheFailedSparsePathAsItsOwn) {
  int compared = 0;
  for (const Lcp& lcp : large_lcps()) {
    if (is_symmetric(to_sparse(lcp).M)) continue;  // monotone: Auto starts with block pivoting
    SolveOptions capped;
    capped.max_iterations = 20;  // far short of these paths: they stop at the cap
    const LcpResult path = solve_lemke_sparse(to_sparse(lcp), capped);
    if (path.status != SolveStatus::IterationLimit) continue;
    ++compared;
    SolveOptions handed = capped;
    handed.plain_lemke = &path;
    const LcpResult itself = solve_auto(lcp, capped), taken = solve_auto(lcp, handed);
    EXPECT_EQ(taken.status, itself.status);
    EXPECT_EQ(taken.z, itself.z);
    EXPECT_EQ(taken.solver, itself.solver);
    ASSERT_EQ(taken.attempts.size(), itself.attempts.size());
    EXPECT_NE(taken.attempts.front().find("iteration_limit"), std::string::npos) << taken.attempts.front();
  }
  EXPECT_GE(compared, 4);
}

// A plain path that stops on a basis short of a verified answer is finished from that basis
// (sparse_lcp.cpp, from_end_basis: a fresh factorisation and a short path from it) before any
// dense attempt. A 1791-row search cell of a frictional 200-body pile (pile2d seed 1, mu = 0.3,
// h = 0.01; tests/data/frictional_cell_pile200_mu03_1791.bin, dumped_path.h's format): its plain
// path (on its 1783-row island) ends on a solution basis whose z misses the check (2.2e-8 when
// recorded), after which the dense attempts took 2.1 s; from its end basis, 101 pivots.
TEST(SparseLemke, APathEndingShortIsFinishedFromItsEndBasis) {
  const testgen::DumpedPath dumped =
      testgen::read_dumped_path(std::string(PEGSIM_SOURCE_DIR) + "/tests/data/frictional_cell_pile200_mu03_1791.bin");
  SparseLcp lcp{dumped.M, dumped.q};
  ASSERT_EQ(lcp.size(), 1791);
  // The cell's duplicate friction blocks (contacts along one edge) are merged first, and the merged
  // island's plain path solves it (sparse_lcp.cpp, merged_friction): fewer pivots than the plain
  // path on the cell, which ends short.
  const LcpResult merged = solve_sparse_lcp(lcp, SolverKind::Auto);
  ASSERT_EQ(merged.status, SolveStatus::Solved) << merged.message;
  EXPECT_TRUE(verify_sparse_lcp(lcp, merged.z).ok);
  ASSERT_EQ(merged.attempts.size(), 1u);
  EXPECT_EQ(merged.attempts[0].rfind("merged friction (", 0), 0u) << merged.attempts[0];
  EXPECT_NE(merged.attempts[0].find("lemke solved"), std::string::npos) << merged.attempts[0];
  EXPECT_LT(merged.iterations, 1832);
  // Its slip rows' q of 0 made 1e-300: they are no longer read as slip rows (friction_merge.h:
  // q = 0 is part of the structure), nothing merges, and the plain path ends short again.
  for (Eigen::Index i = 0; i < lcp.q.size(); ++i)
    if (lcp.q[i] == 0.0) lcp.q[i] = 1e-300;
  const LcpResult plain = solve_lemke_sparse(lcp);
  ASSERT_NE(plain.status, SolveStatus::Solved) << "the plain path verifies: this test checks nothing";
  const LcpResult r = solve_sparse_lcp(lcp, SolverKind::Auto);
  ASSERT_EQ(r.status, SolveStatus::Solved) << r.message;
  EXPECT_TRUE(verify_sparse_lcp(lcp, r.z).ok);
  ASSERT_EQ(r.attempts.size(), 2u);
  // its islands: 1783 rows and 8; the large one's plain path
  EXPECT_NE(r.attempts[0].find("numerical_breakdown (1832 pivots)"), std::string::npos) << r.attempts[0];
  EXPECT_NE(r.attempts[0].find("the solution basis does not verify"), std::string::npos) << r.attempts[0];
  EXPECT_NE(r.attempts[1].find("warm from that end basis): solved"), std::string::npos) << r.attempts[1];
  EXPECT_GE(r.iterations, 1832 + 101);  // both paths' pivots
}

// One path takes at most 2 pivots per row (lemke.cpp's kSparsePathPivotsPerRowEach); a path cut
// there is an IterationLimit that says how many pivots it took. Murty's example needs 2^n - 1
// pivots, so its textbook path stops at the per-path cap, short of the 4 n of the whole solve.
TEST(SparseLemke, OnePathStopsAtTwoPivotsPerRow) {
  constexpr int n = 60;
  const LcpResult r = solve_lemke_sparse(to_sparse(testgen::murty_exponential(n)));
  EXPECT_EQ(r.status, SolveStatus::IterationLimit);
  EXPECT_EQ(r.iterations, 2 * n);
  EXPECT_NE(r.message.find("pivot cap reached (120 pivots in all)"), std::string::npos) << r.message;
}

}  // namespace
}  // namespace pegsim
