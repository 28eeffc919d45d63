// Islands solved in threads (lcp/components.h, issue 11): an LCP that falls apart into independent
// blocks gives the same bits with 1, 2 and 3 threads, each block's answer is the block's own solve,
// and the threads are used only for blocks worth one (kParallelBlockMinRows).
#include "generators.h"

#include <pegsim/lcp/components.h>
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/sparse_lcp.h>
#include <pegsim/lcp/verify.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace pegsim {
namespace {

using testgen::Rng;

// The blocks placed on the diagonal of one LCP, rows interleaved (block b's row a at a * B + b for
// the common prefix) so that the components are not contiguous ranges.
struct BlockDiagonal {
  Lcp whole;
  std::vector<std::vector<int>> rows;  // rows of each block in `whole`
};

BlockDiagonal interleave(const std::vector<Lcp>& blocks) {
  BlockDiagonal out;
  int n = 0;
  for (const Lcp& b : blocks) n += b.size();
  out.whole = Lcp{Mat::Zero(n, n), Vec::Zero(n)};
  out.rows.resize(blocks.size());
  int next = 0;
  for (int a = 0; next < n; ++a)
    for (std::size_t b = 0; b < blocks.size(); ++b)
      if (a < blocks[b].size()) out.rows[b].push_back(next++);
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const std::vector<int>& r = out.rows[b];
    for (std::size_t i = 0; i < r.size(); ++i) {
      out.whole.q[r[i]] = blocks[b].q[static_cast<Eigen::Index>(i)];
      for (std::size_t j = 0; j < r.size(); ++j)
        out.whole.M(r[i], r[j]) = blocks[b].M(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j));
    }
  }
  return out;
}

// Two Stewart–Trinkle friction LCPs of 48 and 40 rows (12 and 10 contacts on two bodies that
// share contacts 5 and 10: one island each) and a small contact LCP.
std::vector<Lcp> frictional_blocks() {
  Rng rng(11);
  std::vector<Lcp> blocks;
  blocks.push_back(testgen::friction_lcp(testgen::random_scene(2, 12, rng)));
  blocks.push_back(testgen::friction_lcp(testgen::random_scene(2, 10, rng)));
  blocks.push_back(testgen::contact_lcp(testgen::random_scene(2, 5, rng)));
  return blocks;
}

int islands_worth_a_thread(const std::vector<std::vector<int>>& components) {
  return static_cast<int>(std::count_if(components.begin(), components.end(), [](const std::vector<int>& c) {
    return static_cast<int>(c.size()) >= kParallelBlockMinRows;
  }));
}

Lcp rows_of(const Lcp& lcp, const std::vector<int>& rows) {
  const auto k = static_cast<Eigen::Index>(rows.size());
  Lcp sub{Mat(k, k), Vec(k)};
  for (Eigen::Index a = 0; a < k; ++a) {
    sub.q[a] = lcp.q[rows[static_cast<std::size_t>(a)]];
    for (Eigen::Index b = 0; b < k; ++b) sub.M(a, b) = lcp.M(rows[static_cast<std::size_t>(a)], rows[static_cast<std::size_t>(b)]);
  }
  return sub;
}

TEST(IslandThreads, DenseBlocksGiveTheSameBitsWithOneTwoAndThreeThreads) {
  const std::vector<Lcp> blocks = frictional_blocks();
  const BlockDiagonal problem = interleave(blocks);
  const std::vector<std::vector<int>> components = lcp_components(problem.whole.M);
  ASSERT_EQ(islands_worth_a_thread(components), 2);

  SolveOptions one;
  const LcpResult serial = solve_lcp(problem.whole, SolverKind::Auto, one);
  ASSERT_TRUE(serial.status_ok()) << serial.message;
  EXPECT_EQ(serial.islands, static_cast<int>(components.size()));
  EXPECT_EQ(serial.threads, 1);
  EXPECT_LE(verify_lcp(problem.whole, serial.z).residual, kDefaultTolerance);

  for (int threads : {2, 3}) {
    SolveOptions many;
    many.threads = threads;
    const LcpResult parallel = solve_lcp(problem.whole, SolverKind::Auto, many);
    ASSERT_TRUE(parallel.status_ok()) << parallel.message;
    EXPECT_EQ(parallel.threads, 2) << "two blocks have 32+ rows, the third is not worth a thread";
    EXPECT_TRUE(testgen::bit_identical(parallel.z, serial.z)) << threads << " threads";
    EXPECT_EQ(parallel.basis, serial.basis);
    EXPECT_EQ(parallel.iterations, serial.iterations);
  }

  // each island's part is that island solved alone
  for (const std::vector<int>& island : components) {
    const LcpResult alone = solve_lcp_whole(rows_of(problem.whole, island), SolverKind::Auto, one);
    ASSERT_TRUE(alone.status_ok());
    for (std::size_t i = 0; i < island.size(); ++i)
      EXPECT_EQ(serial.z[island[i]], alone.z[static_cast<Eigen::Index>(i)]) << "row " << island[i];
  }
}

// A frictional (nonsymmetric) cell on the sparse path is densified island by island, never whole:
// the answer is the dense path's on the same entries (the whole densified), bit for bit, with any
// thread count. (Against problem.whole itself only the signs of zeros may differ: to_sparse
// drops stored -0.0 entries.)
TEST(IslandThreads, SparseFrictionalCellsAreSolvedIslandByIslandAsTheDensePathSolvesThem) {
  const BlockDiagonal problem = interleave(frictional_blocks());
  const SparseLcp sparse = to_sparse(problem.whole);
  ASSERT_FALSE(is_symmetric(sparse.M));
  const LcpResult dense = solve_lcp(to_dense(sparse), SolverKind::Auto, SolveOptions{});
  ASSERT_TRUE(dense.status_ok()) << dense.message;
  EXPECT_GE(dense.islands, 3);
  for (int threads : {1, 2}) {
    SolveOptions options;
    options.threads = threads;
    const LcpResult r = solve_sparse_lcp(sparse, SolverKind::Auto, options);
    ASSERT_TRUE(r.status_ok()) << r.message;
    EXPECT_EQ(r.islands, static_cast<int>(lcp_components(sparse.M).size()));
    EXPECT_TRUE(testgen::bit_identical(r.z, dense.z)) << threads << " threads";
    EXPECT_EQ(r.basis, dense.basis);
    EXPECT_LE(verify_lcp(problem.whole, r.z).residual, kDefaultTolerance);
  }
}

TEST(IslandThreads, SparseBlocksGiveTheSameBitsWithOneAndTwoThreads) {
  Rng rng(5);
  std::vector<Lcp> blocks;  // frictionless contact LCPs (symmetric): block pivoting on the large islands
  blocks.push_back(testgen::contact_lcp(testgen::random_scene(2, 90, rng)));
  blocks.push_back(testgen::contact_lcp(testgen::random_scene(2, 70, rng)));
  blocks.push_back(testgen::contact_lcp(testgen::random_scene(2, 20, rng)));
  const BlockDiagonal problem = interleave(blocks);
  const SparseLcp sparse = to_sparse(problem.whole);
  const std::size_t islands = lcp_components(sparse.M).size();
  ASSERT_GE(islands_worth_a_thread(lcp_components(sparse.M)), 2);

  const LcpResult serial = solve_sparse_lcp(sparse, SolverKind::Auto, SolveOptions{});
  ASSERT_TRUE(serial.status_ok()) << serial.message;
  EXPECT_EQ(serial.islands, static_cast<int>(islands));
  EXPECT_LE(verify_sparse_lcp(sparse, serial.z).residual, kDefaultTolerance);

  SolveOptions two;
  two.threads = 2;
  const LcpResult parallel = solve_sparse_lcp(sparse, SolverKind::Auto, two);
  ASSERT_TRUE(parallel.status_ok()) << parallel.message;
  EXPECT_EQ(parallel.threads, 2);
  EXPECT_TRUE(testgen::bit_identical(parallel.z, serial.z));
  EXPECT_EQ(parallel.basis, serial.basis);
}

TEST(IslandThreads, AFailingIslandIsNamedWhateverTheThreadCount) {
  Rng rng(3);
  std::vector<Lcp> blocks = frictional_blocks();
  blocks[1] = testgen::infeasible_contact_lcp(testgen::random_scene(8, 40, rng), rng);
  const BlockDiagonal problem = interleave(blocks);
  for (int threads : {1, 2}) {
    SolveOptions options;
    options.threads = threads;
    const LcpResult r = solve_lcp(problem.whole, SolverKind::Auto, options);
    EXPECT_FALSE(r.status_ok());
    EXPECT_NE(r.message.find("island"), std::string::npos) << r.message;
  }
}

}  // namespace
}  // namespace pegsim
