// Issue 10: frictional pour LCPs that every attempt of Auto failed on (dumped by `pegsim run
// --dump-failed`, tests/data/lcp_friction_pour_*.lcp). Two contacts on one flat face have friction
// rows of M that agree to 1e-7..1e-11; Lemke's path on M runs into bases of condition 1e9..1e13
// and stops ("singular basis after a small pivot"). Auto's regularised, proximal Lemke (auto.cpp,
// attempt 2c / 3c) must now solve them, and the independent check must confirm it.
//
// They were recorded when Lemke broke ratio-test ties lexicographically, and the tests of those
// fallbacks keep that rule (SolveOptions::lemke_ties): with the larger-pivot ties of today's
// default the plain path solves two of them (LargerPivotTiesSolveWhatTheLexicographicPathCouldNot).
#include <pegsim/io/lcp_reader.h>
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/verify.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include <string>

namespace pegsim {
namespace {

Lcp load(const std::string& name) {
  const LcpFile file = read_lcp_file(std::string(PEGSIM_SOURCE_DIR) + "/tests/data/" + name);
  EXPECT_TRUE(file.lcp.has_value());
  return *file.lcp;
}

// max_i |min(z_i, (M z + q)_i)|, computed here, not by the solver.
double natural_residual(const Lcp& lcp, const Vec& z) {
  const Vec w = lcp.M * z + lcp.q;
  double worst = 0.0;
  for (int i = 0; i < lcp.size(); ++i) worst = std::max(worst, std::abs(std::min(z[i], w[i])));
  return worst;
}

// The tie rule these LCPs were recorded under (see the top).
SolveOptions lexicographic_ties() {
  SolveOptions options;
  options.lemke_ties = PathTies::Lexicographic;
  return options;
}

void expect_solved(const std::string& name, int rows) {
  const Lcp lcp = load(name);
  ASSERT_EQ(lcp.size(), rows);
  // The mechanism: plain Lemke still fails here (if it ever succeeds, this test loses its point).
  EXPECT_NE(solve_lemke(lcp, lexicographic_ties()).status, SolveStatus::Solved) << name;
  const LcpResult r = solve_auto(lcp, lexicographic_ties());
  ASSERT_EQ(r.status, SolveStatus::Solved) << name << ": " << r.message;
  EXPECT_NE(r.solver.find("regularized"), std::string::npos) << r.solver;
  EXPECT_GE(r.z.minCoeff(), -1e-12);  // basis solves round to -1e-14 at worst
  EXPECT_GE((lcp.M * r.z + lcp.q).minCoeff(), -1e-8);
  EXPECT_LT(natural_residual(lcp, r.z), 1e-8);
  EXPECT_TRUE(verify_lcp(lcp, r.z).ok);
  // Deterministic: the same data gives the same bits.
  const LcpResult again = solve_auto(lcp, lexicographic_ties());
  EXPECT_EQ(again.z, r.z);
}

TEST(FrictionPourRegression, PegFaceContactPairIsSolved) { expect_solved("lcp_friction_pour_peg_s6_mu06.lcp", 164); }

TEST(FrictionPourRegression, PegAccurateIsSolved) { expect_solved("lcp_friction_pour_peg_accurate_s5_mu1.lcp", 210); }

// Ties to the larger pivot (lemke.cpp) avoid the tiny pivots on degenerate ties that broke the
// lexicographic paths: the plain path verifies on two of the recorded failures, one where every
// Lemke path had ended on a ray and only the last-resort Newton solved it.
TEST(FrictionPourRegression, LargerPivotTiesSolveWhatTheLexicographicPathCouldNot) {
  for (const std::string name : {"lcp_friction_pour_peg_accurate_s5_mu1.lcp", "lcp_friction_pour_peg_s3_mu1_newton.lcp"}) {
    const Lcp lcp = load(name);
    ASSERT_NE(solve_lemke(lcp, lexicographic_ties()).status, SolveStatus::Solved) << name;
    const LcpResult r = solve_lemke(lcp);
    ASSERT_EQ(r.status, SolveStatus::Solved) << name << ": " << r.message;
    EXPECT_GE(r.z.minCoeff(), -1e-12);  // a basis solve's rounding
    EXPECT_GE((lcp.M * r.z + lcp.q).minCoeff(), -1e-8);
    EXPECT_LT(natural_residual(lcp, r.z), 1e-8) << name;
    EXPECT_TRUE(verify_lcp(lcp, r.z).ok);
    const LcpResult a = solve_auto(lcp);
    EXPECT_EQ(a.solver, "lemke") << name;
    EXPECT_EQ(a.attempts.size(), 1u) << name;
  }
}

// The basis the engine warm-started Lemke from, kept on the file's first line ("# warm i j ...").
std::vector<int> warm_basis_of(const std::string& name) {
  std::ifstream in(std::string(PEGSIM_SOURCE_DIR) + "/tests/data/" + name);
  std::string line;
  std::getline(in, line);
  std::istringstream words(line);
  std::string hash, tag;
  words >> hash >> tag;
  EXPECT_EQ(tag, "warm") << name;
  std::vector<int> basis;
  for (int i; words >> i;) basis.push_back(i);
  return basis;
}

// A frictional cell of four bins of 50 polygons at mu = 0.3 (h = 0.01, dumped at its step): the
// Lemke path from the engine's warm basis stops on a near-singular basis with a z just off the
// check. Polished on its support it verifies, without the regularised attempts (auto.cpp, 2).
TEST(FrictionPourRegression, BrokenWarmPathIsPolishedOnItsSupport) {
  const std::string name = "lcp_friction_bins_warm_polish.lcp";
  const Lcp lcp = load(name);
  ASSERT_EQ(lcp.size(), 69);
  const std::vector<int> warm = warm_basis_of(name);
  ASSERT_FALSE(warm.empty());
  SolveOptions options;
  options.warm_basis = &warm;
  // The mechanism: the path from that basis fails the check (else this test checks nothing).
  const LcpResult path = solve_lemke(lcp, options);
  ASSERT_NE(path.status, SolveStatus::Solved);
  const LcpResult r = solve_auto(lcp, options);
  ASSERT_EQ(r.status, SolveStatus::Solved) << r.message;
  EXPECT_EQ(r.solver, "lemke polished");
  EXPECT_EQ(r.attempts.size(), 1u) << "the regularised attempts ran";
  EXPECT_GE(r.z.minCoeff(), 0.0);
  EXPECT_GE((lcp.M * r.z + lcp.q).minCoeff(), -1e-8);
  EXPECT_LT(natural_residual(lcp, r.z), 1e-8);
  EXPECT_TRUE(verify_lcp(lcp, r.z).ok);
  // The polish moves z along the path's support only: no index leaves or joins it.
  for (int i = 0; i < lcp.size(); ++i) EXPECT_EQ(r.z[i] > 0.0, path.z[i] > 0.0) << "row " << i;
}

// The regularised attempts start from the caller's warm basis too (auto.cpp, 2c), as the plain
// one does: the engine passes the last round's basis, and cold regularised paths on the cells of a
// 100-body pile at mu = 0.3 took ~380 pivots each on ~1500 rows (1 s simulated: 49 -> 32 s once
// warm). Here the warm basis is where plain Lemke's path broke down, the engine's situation.
TEST(FrictionPourRegression, RegularisedAttemptsStartFromTheWarmBasis) {
  const Lcp lcp = load("lcp_friction_pour_peg_accurate_s5_mu1.lcp");
  const LcpResult cold = solve_auto(lcp, lexicographic_ties());
  ASSERT_EQ(cold.status, SolveStatus::Solved) << cold.message;
  ASSERT_NE(cold.solver.find("regularized"), std::string::npos) << cold.solver;
  const LcpResult broken = solve_lemke(lcp, lexicographic_ties());
  ASSERT_NE(broken.status, SolveStatus::Solved);
  ASSERT_FALSE(broken.basis.empty());
  SolveOptions options = lexicographic_ties();
  options.warm_basis = &broken.basis;
  const LcpResult warm = solve_auto(lcp, options);
  ASSERT_EQ(warm.status, SolveStatus::Solved) << warm.message;
  EXPECT_NE(warm.solver.find("regularized"), std::string::npos) << warm.solver;
  EXPECT_LT(2 * warm.iterations, cold.iterations) << "the regularised path did not start warm";
  EXPECT_LT(natural_residual(lcp, warm.z), 1e-8);
  EXPECT_TRUE(verify_lcp(lcp, warm.z).ok);
}

// A frictional PEG cell at mu = 1 (the 20-polygon pour, seed 3, h = 0.05, recovered at h/4; 218
// rows) where every Lemke path, plain and regularised, ends on a ray without a certificate and the
// budgeted Newton stops at residual ~2e-3. Newton with a larger budget and no stagnation stop
// verifies (auto.cpp, attempt 6): before it, the step failed.
TEST(FrictionPourRegression, LastResortNewtonSolvesWhatTheBudgetedAttemptsCannot) {
  const Lcp lcp = load("lcp_friction_pour_peg_s3_mu1_newton.lcp");
  ASSERT_EQ(lcp.size(), 218);
  ASSERT_NE(solve_lemke(lcp, lexicographic_ties()).status, SolveStatus::Solved);  // the mechanism, else no point
  const LcpResult r = solve_auto(lcp, lexicographic_ties());
  ASSERT_EQ(r.status, SolveStatus::Solved) << r.message;
  EXPECT_EQ(r.solver, "newton (extended)");
  ASSERT_GE(r.attempts.size(), 2u);
  EXPECT_EQ(r.attempts.back().rfind("newton (extended): solved", 0), 0u) << r.attempts.back();
  const bool budgeted_newton_failed = std::any_of(r.attempts.begin(), r.attempts.end() - 1, [](const std::string& a) {
    return a.rfind("newton: ", 0) == 0 && a.find("solved") == std::string::npos;
  });
  EXPECT_TRUE(budgeted_newton_failed) << "the budgeted Newton solved it: the last resort went untested";
  EXPECT_GE(r.z.minCoeff(), 0.0);
  EXPECT_GE((lcp.M * r.z + lcp.q).minCoeff(), -1e-8);
  EXPECT_LT(natural_residual(lcp, r.z), 1e-8);
  EXPECT_TRUE(verify_lcp(lcp, r.z).ok);
  EXPECT_EQ(solve_auto(lcp, lexicographic_ties()).z, r.z);  // deterministic
}

}  // namespace
}  // namespace pegsim
