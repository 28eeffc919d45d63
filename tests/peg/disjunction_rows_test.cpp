// The LCP device of disjunction_rows.h on constant "gaps" (rows without velocity terms): the slack
// LCP must reproduce min, max and max-of-mins exactly, and the accurate force row must have the
// sign pattern of its proof, for random values including ties and contacts in two groups.
#include <pegsim/assembly/assembly.h>
#include <pegsim/contact/disjunction_rows.h>
#include <pegsim/lcp/solver.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace pegsim {
namespace {

Row constant_row(double value) {
  Row r;
  r.constant = value;
  return r;
}

double evaluate(const Row& row, const Vec& z) {
  double value = row.constant;
  for (const auto& [k, a] : row.variables) value += a * z[k];
  return value;
}

// All solutions of the slack-only LCP (no DOFs).
std::vector<Vec> all_solutions(const RowSystem& rows) {
  InverseMass none;
  const Lcp lcp = assemble_lcp(rows, none, Vec());
  return enumerate_all_solutions(lcp);
}

// Values on a coarse grid so that ties and zeros occur often.
double grid_value(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> k(-3, 3);
  return 0.5 * k(rng);
}

TEST(DisjunctionRows, MinAndMaxChainsAreExact) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<Row> x;
    std::vector<double> v;
    for (int i = 0; i < 4; ++i) {
      v.push_back(grid_value(rng));
      x.push_back(constant_row(v.back()));
    }
    RowSystem rows;
    const Row mn = add_min_rows(rows, x, {});
    const Row mx = add_max_rows(rows, x, {});
    ASSERT_EQ(rows.size(), 6);
    const std::vector<Vec> solutions = all_solutions(rows);
    ASSERT_EQ(solutions.size(), 1u) << "the chains are triangular with unit diagonal: one solution";
    EXPECT_DOUBLE_EQ(evaluate(mn, solutions[0]), *std::min_element(v.begin(), v.end()));
    EXPECT_DOUBLE_EQ(evaluate(mx, solutions[0]), *std::max_element(v.begin(), v.end()));
  }
}

TEST(DisjunctionRows, AccurateForceRowHasTheProvedSigns) {
  std::mt19937_64 rng(11);
  // Site-like groups over 4 members, member 0 and 3 in two groups (the mixed group {c1, c4}).
  const std::vector<std::vector<int>> groups = {{0, 2}, {1, 3}, {0, 3}};
  int zero_rows = 0, negative_cases = 0;
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<double> rho(4);
    for (double& r : rho) r = grid_value(rng);
    std::vector<std::vector<Row>> group_rows;
    for (const auto& g : groups) {
      std::vector<Row> members;
      for (int k : g) members.push_back(constant_row(rho[static_cast<std::size_t>(k)]));
      group_rows.push_back(members);
    }
    RowSystem rows;
    const MaxOfMins d = add_max_of_mins(rows, group_rows, {});
    std::vector<Row> force_rows;
    for (int k = 0; k < 4; ++k) {
      std::vector<int> of_k;
      for (std::size_t g = 0; g < groups.size(); ++g) {
        if (std::count(groups[g].begin(), groups[g].end(), k)) of_k.push_back(static_cast<int>(g));
      }
      force_rows.push_back(accurate_force_row(rows, d, of_k, constant_row(rho[static_cast<std::size_t>(k)]), {}));
    }
    const std::vector<Vec> solutions = all_solutions(rows);
    ASSERT_EQ(solutions.size(), 1u);
    const Vec& z = solutions[0];

    // Reference values.
    std::vector<double> m;
    for (const auto& g : groups) {
      double mg = 1e300;
      for (int k : g) mg = std::min(mg, rho[static_cast<std::size_t>(k)]);
      m.push_back(mg);
    }
    const double big_m = *std::max_element(m.begin(), m.end());
    ASSERT_DOUBLE_EQ(evaluate(d.value, z), big_m);

    double smallest_row = 1e300;
    for (int k = 0; k < 4; ++k) {
      const double r = evaluate(force_rows[static_cast<std::size_t>(k)], z);
      smallest_row = std::min(smallest_row, r);
      bool in_active_group = false;
      for (std::size_t g = 0; g < groups.size(); ++g) {
        in_active_group = in_active_group || (std::count(groups[g].begin(), groups[g].end(), k) && m[g] == big_m);
      }
      if (big_m >= 0.0) {
        EXPECT_GE(r, 0.0);
        // zero exactly when M = 0, rho_k = 0 and k lies in a group attaining the max
        const bool expect_zero = big_m == 0.0 && rho[static_cast<std::size_t>(k)] == 0.0 && in_active_group;
        EXPECT_EQ(r == 0.0, expect_zero) << "trial " << trial << " member " << k;
        zero_rows += r == 0.0 ? 1 : 0;
      }
    }
    if (big_m < 0.0) {
      ++negative_cases;
      EXPECT_DOUBLE_EQ(smallest_row, big_m) << "the rows themselves enforce M >= 0";
    }
  }
  EXPECT_GT(zero_rows, 10);
  EXPECT_GT(negative_cases, 10);
}

TEST(DisjunctionRows, EmptyInputIsRejected) {
  RowSystem rows;
  EXPECT_THROW(add_min_rows(rows, {}, {}), std::invalid_argument);
  EXPECT_THROW(add_max_of_mins(rows, {}, {}), std::invalid_argument);
  EXPECT_THROW(add_max_of_mins(rows, {{constant_row(1.0)}, {}}, {}), std::invalid_argument);
}

}  // namespace
}  // namespace pegsim
