// Seeded families of generated LCPs: what every solver claim must satisfy, Lemke against the
// enumeration oracle, and the contact / Stewart–Trinkle friction problems Lemke must solve.
#include <pegsim/lcp/solver.h>

#include <gtest/gtest.h>

#include "generators.h"

#include <algorithm>

namespace pegsim {
namespace {

using testgen::Rng;

void expect_solved(const Lcp& lcp, const LcpResult& r, const std::string& what) {
  ASSERT_EQ(r.status, SolveStatus::Solved) << what << ": " << r.message;
  const Verification v = verify_lcp(lcp, r.z);
  EXPECT_TRUE(v.ok) << what << " residual " << v.residual;
}

TEST(GeneratedFamilies, SymmetricPositiveDefinite) {
  Rng rng(101);
  for (int n : {1, 2, 5, 20, 60, 150})
    for (int trial = 0; trial < 4; ++trial) {
      const Lcp lcp = testgen::random_spd(n, rng);
      expect_solved(lcp, solve_lemke(lcp), "spd n=" + std::to_string(n));
    }
}

TEST(GeneratedFamilies, LargeSpdAndFrictionProblemsWork) {
  Rng rng(102);
  const Lcp spd = testgen::random_spd(1000, rng);
  const LcpResult r = solve_lemke(spd);
  expect_solved(spd, r, "spd n=1000");
  EXPECT_LT(r.iterations, 50 * 1000);
  const Lcp friction = testgen::friction_lcp(testgen::random_scene(40, 120, rng));  // n = 480
  expect_solved(friction, solve_lemke(friction), "friction n=480");
}

TEST(GeneratedFamilies, PsdRankDeficientDegenerate) {
  Rng rng(103);
  for (int n : {4, 10, 30, 80})
    for (int trial = 0; trial < 5; ++trial) {
      const Lcp lcp = testgen::random_psd_rank_deficient(n, std::max(1, n / 3), n / 4, rng);
      expect_solved(lcp, solve_lemke(lcp), "psd n=" + std::to_string(n));
    }
}

TEST(GeneratedFamilies, BadlyScaledNonsymmetricPMatrices) {
  Rng rng(104);
  for (int n : {3, 10, 40, 120})
    for (int trial = 0; trial < 4; ++trial) {
      const Lcp lcp = testgen::random_p_matrix(n, 1e4, rng);
      expect_solved(lcp, solve_lemke(lcp), "scaled P n=" + std::to_string(n));
    }
}

// A P-matrix LCP has exactly one solution: Lemke must find the one the oracle finds.
TEST(GeneratedFamilies, LemkeAgreesWithEnumerationOnPMatrices) {
  Rng rng(105);
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 2 + trial % 9;
    const Lcp lcp = testgen::random_p_matrix(n, trial % 2 ? 100.0 : 1.0, rng);
    const std::vector<Vec> all = enumerate_all_solutions(lcp);
    ASSERT_EQ(all.size(), 1u) << "trial " << trial;
    const LcpResult r = solve_lemke(lcp);
    expect_solved(lcp, r, "P trial " + std::to_string(trial));
    EXPECT_LT((r.z - all.front()).cwiseAbs().maxCoeff(), 1e-8 * std::max(1.0, all.front().cwiseAbs().maxCoeff()));
  }
}

// Whatever M is, a Solved claim passes the check; Lemke claims nothing when the oracle finds no
// solution; an infeasibility certificate is never issued for a solvable problem.
TEST(GeneratedFamilies, ClaimsAreHonestOnArbitraryMatrices) {
  Rng rng(106);
  int solved = 0, infeasible = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const int n = 1 + trial % 7;
    Lcp lcp{testgen::gaussian_matrix(n, n, rng), testgen::gaussian_vector(n, rng)};
    const LcpResult r = solve_lemke(lcp);
    const bool oracle_has_solution = !enumerate_all_solutions(lcp).empty();
    if (r.status == SolveStatus::Solved) {
      ++solved;
      EXPECT_TRUE(verify_lcp(lcp, r.z).ok);
    }
    if (!oracle_has_solution) {
      ++infeasible;
      EXPECT_NE(r.status, SolveStatus::Solved);
    }
    if (r.message.find("certificate (") != std::string::npos) {
      EXPECT_FALSE(oracle_has_solution) << trial;
    }
  }
  EXPECT_GT(solved, 50);  // the families are not all trivial or all failing
  EXPECT_GT(infeasible, 0);
}

TEST(GeneratedFamilies, ContactLcpsAreSolved) {
  Rng rng(107);
  for (int trial = 0; trial < 12; ++trial) {
    const testgen::Scene2D scene = testgen::random_scene(1 + trial % 5, 2 + 3 * trial, rng);
    const Lcp lcp = testgen::contact_lcp(scene);
    expect_solved(lcp, solve_lemke(lcp), "contact trial " + std::to_string(trial));
  }
}

TEST(GeneratedFamilies, InfeasibleContactLcpsAreNotSolved) {
  Rng rng(108);
  for (int trial = 0; trial < 12; ++trial) {
    const testgen::Scene2D scene = testgen::random_scene(1 + trial % 4, 3 + 2 * trial, rng);
    const Lcp lcp = testgen::infeasible_contact_lcp(scene, rng);
    const LcpResult r = solve_lemke(lcp);
    EXPECT_NE(r.status, SolveStatus::Solved);
    EXPECT_EQ(r.status, SolveStatus::Infeasible) << r.message;
    EXPECT_GT(r.residual, kDefaultTolerance);
    if (lcp.size() <= 12) {
      EXPECT_TRUE(enumerate_all_solutions(lcp).empty());
    }
  }
}

// Stewart–Trinkle friction LCPs (Egan eq. 6) from random 2D contact configurations.
TEST(GeneratedFamilies, StewartTrinkleFrictionLcpsAreSolved) {
  Rng rng(109);
  for (int trial = 0; trial < 30; ++trial) {
    const int contacts = 1 + trial % 12 + (trial / 12) * 10;
    const testgen::Scene2D scene = testgen::random_scene(1 + trial % 6, contacts, rng);
    const Lcp lcp = testgen::friction_lcp(scene);
    ASSERT_EQ(lcp.size(), 4 * contacts);
    const LcpResult r = solve_lemke(lcp);
    expect_solved(lcp, r, "friction trial " + std::to_string(trial));
    // Physical reading: the friction impulse lies in the discretised cone, sum p_f <= mu p_n.
    const int nc = contacts;
    for (int c = 0; c < nc; ++c)
      EXPECT_LE(r.z[nc + 2 * c] + r.z[nc + 2 * c + 1], scene.contacts[c].mu * r.z[c] + 1e-8);
  }
}

TEST(GeneratedFamilies, MurtyFamilyIsExponentialButSolved) {
  SolveOptions options;
  options.max_iterations = 1 << 12;  // above the default cap max(1000, 50 n) for n >= 10
  for (int n = 3; n <= 11; ++n) {
    const Lcp lcp = testgen::murty_exponential(n);
    const LcpResult r = solve_lemke(lcp, options);
    expect_solved(lcp, r, "murty n=" + std::to_string(n));
    EXPECT_EQ(r.iterations, 1 << n);  // Murty (1988, ch. 6)
  }
}

TEST(GeneratedFamilies, LemkeIsDeterministic) {
  Rng a(110), b(110);
  const Lcp la = testgen::friction_lcp(testgen::random_scene(5, 30, a));
  const Lcp lb = testgen::friction_lcp(testgen::random_scene(5, 30, b));
  const LcpResult ra = solve_lemke(la), rb = solve_lemke(lb);
  EXPECT_EQ(ra.iterations, rb.iterations);
  EXPECT_EQ(ra.basis, rb.basis);
  EXPECT_EQ(ra.z, rb.z);
}

}  // namespace
}  // namespace pegsim
