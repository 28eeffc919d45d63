// Jammed Stewart–Trinkle LCPs (lcp/jam.h, issue 10 item 5): every generated instance is decided
// (solved and verified, or jammed with a certificate the independent check accepts), the wedged
// box is jammed exactly when its gaps are negative and its cones hold each other, and the checks
// themselves reject what they must.
#include <pegsim/lcp/jam.h>

#include <gtest/gtest.h>

#include "generators.h"

#include <cstdio>

namespace pegsim {
namespace {

using testgen::Rng;

// The same scene with every gap made open (psi >= 0): Lemke's sufficient condition then holds.
testgen::Scene2D opened(testgen::Scene2D s) {
  for (testgen::Contact2D& k : s.contacts) k.gap = std::abs(k.gap);
  return s;
}

struct Verdict {
  bool solved = false, jammed = false, infeasible = false;
  std::string detail;
};

// Decides one instance and checks the decision independently of the code that made it.
Verdict decide(const testgen::Scene2D& scene, const std::string& what) {
  const Lcp lcp = testgen::friction_lcp(scene);
  const StewartTrinkleStructure structure = testgen::friction_structure(scene);
  const LcpResult r = solve_stewart_trinkle(lcp, structure, SolverKind::Auto);
  Verdict v;
  v.detail = what + ": " + to_string(r.status) + ": " + r.message;
  if (r.status == SolveStatus::Solved) {
    EXPECT_TRUE(verify_lcp(lcp, r.z).ok) << v.detail;
    v.solved = true;
  } else if (r.status == SolveStatus::Jammed) {
    const JamCertificate certificate = find_jam_certificate(lcp, structure);
    EXPECT_TRUE(certificate.found) << v.detail;
    const JamCheck check = verify_jam_certificate(lcp, certificate.d);
    EXPECT_TRUE(check.ok) << v.detail << "; " << check.message;
    EXPECT_FALSE(r.jammed_contacts.empty()) << v.detail;
    EXPECT_EQ(r.jammed_contacts, certificate.ids);
    // Every contact of the certificate penetrates or touches, and one penetrates (psi.c < 0).
    bool penetrating = false;
    for (int id : r.jammed_contacts) penetrating = penetrating || scene.contacts[id].gap < 0.0;
    EXPECT_TRUE(penetrating) << v.detail;
    v.jammed = true;
  } else if (r.status == SolveStatus::Infeasible) {
    // Decided too, and more strongly: Lemke's ray is a Farkas certificate that no z >= 0 has
    // M z + q >= 0, checked inside Lemke (lemke.cpp, proves_infeasible). Never without it.
    EXPECT_TRUE(r.certified_infeasible) << v.detail;
    v.infeasible = r.certified_infeasible;
  }
  return v;
}

// Sizes from 2 bodies / 2 contacts to 30 bodies / 80 contacts (n = 320); none may stay undecided.
TEST(Jam, GeneratedFamilyIsDecided) {
  struct Size {
    int bodies, contacts, instances;
  };
  const Size sizes[] = {{2, 2, 40}, {3, 6, 40}, {5, 12, 30}, {10, 25, 20}, {20, 50, 30}, {30, 80, 40}};
  Rng rng(1005);
  int solved = 0, jammed = 0, infeasible = 0, flipped_checked = 0;
  for (const Size& size : sizes) {
    int size_counts[3] = {0, 0, 0};
    for (int i = 0; i < size.instances; ++i) {
      const testgen::Scene2D scene = testgen::jam_scene(size.bodies, size.contacts, rng);
      const std::string what = std::to_string(size.bodies) + " bodies, " + std::to_string(size.contacts) +
                               " contacts, instance " + std::to_string(i);
      const Verdict v = decide(scene, what);
      EXPECT_TRUE(v.solved || v.jammed || v.infeasible) << "undecided: " << v.detail;
      solved += v.solved;
      jammed += v.jammed;
      infeasible += v.infeasible;
      size_counts[0] += v.solved, size_counts[1] += v.jammed, size_counts[2] += v.infeasible;
      if (v.jammed || v.infeasible) {
        // The sign of psi is what jams it: opened up, the same scene solves.
        const Verdict open = decide(opened(scene), what + " with |gap|");
        EXPECT_TRUE(open.solved) << open.detail;
        ++flipped_checked;
      }
    }
    std::printf("jam family, %d bodies / %d contacts (n = %d): %d solved, %d jammed, %d infeasible\n", size.bodies,
                size.contacts, 4 * size.contacts, size_counts[0], size_counts[1], size_counts[2]);
  }
  std::printf("jam family: %d solved, %d jammed, %d infeasible (%d of the last two solved with |gap|)\n", solved,
              jammed, infeasible, flipped_checked);
  // The family must exercise both verdicts, or this test proves nothing about either.
  EXPECT_GT(jammed, 0);
  EXPECT_GT(solved, 0);
}

TEST(Jam, WedgedBoxWithPenetrationIsJammed) {
  const testgen::Scene2D scene = testgen::wedged_box(0.8, -0.001);
  const Lcp lcp = testgen::friction_lcp(scene);
  const StewartTrinkleStructure structure = testgen::friction_structure(scene);
  // Lemke ends on a ray that is no Farkas certificate: undecided on its own, never "infeasible".
  const LcpResult lemke = solve_lemke(lcp);
  EXPECT_EQ(lemke.status, SolveStatus::RayTermination) << lemke.message;
  EXPECT_FALSE(lemke.certified_infeasible);

  const JamCertificate certificate = find_jam_certificate(lcp, structure);
  ASSERT_TRUE(certificate.found) << certificate.message;
  EXPECT_LT(certificate.objective, 0.0);
  EXPECT_EQ(certificate.ids, (std::vector<int>{0, 1}));
  // Equal normal impulses, friction at the angle that makes them collinear: beta = c tan 20deg.
  EXPECT_NEAR(certificate.d[0], certificate.d[1], 1e-9);
  const JamCheck check = verify_jam_certificate(lcp, certificate.d);
  EXPECT_TRUE(check.ok) << check.message;

  const LcpResult r = solve_stewart_trinkle(lcp, structure, SolverKind::Auto);
  EXPECT_EQ(r.status, SolveStatus::Jammed) << r.message;
  EXPECT_EQ(r.jammed_contacts, (std::vector<int>{0, 1}));
  EXPECT_STREQ(to_string(r.status), "jammed");
}

// The LP's pivot budget (GLPK's simplex stalled in one degenerate jam LP of the standard model's
// pour, set c, h = 0.001: that run had not ended after 30 min): past it the LP is undecided,
// never a hang and never a verdict.
TEST(Jam, PivotBudgetEndsTheLpUndecided) {
  if (!jam_certificates_available()) GTEST_SKIP() << "built without GLPK";
  const testgen::Scene2D scene = testgen::wedged_box(0.8, -0.001);
  const Lcp lcp = testgen::friction_lcp(scene);
  const StewartTrinkleStructure structure = testgen::friction_structure(scene);
  const JamCertificate starved = find_jam_certificate(lcp, structure, 1e-9, /*max_pivots=*/1);
  EXPECT_FALSE(starved.found);
  EXPECT_NE(starved.message.find("pivot budget (1 pivots): undecided"), std::string::npos) << starved.message;
  EXPECT_TRUE(find_jam_certificate(lcp, structure).found);  // the default budget decides it
}

TEST(Jam, WedgedBoxWithOpenGapsIsSolved) {
  const testgen::Scene2D scene = testgen::wedged_box(0.8, 0.001);
  const Lcp lcp = testgen::friction_lcp(scene);
  const StewartTrinkleStructure structure = testgen::friction_structure(scene);
  EXPECT_FALSE(find_jam_certificate(lcp, structure).found);
  const LcpResult r = solve_stewart_trinkle(lcp, structure, SolverKind::Auto);
  ASSERT_EQ(r.status, SolveStatus::Solved) << r.message;
  EXPECT_TRUE(verify_lcp(lcp, r.z).ok);
  EXPECT_TRUE(r.jammed_contacts.empty());
  // Lemke alone processes it (q.d >= 0 on SOL(0, M) when psi >= 0).
  EXPECT_EQ(solve_lemke(lcp).status, SolveStatus::Solved);
}

// Cones too narrow to hold each other (mu < tan 20deg): no equilibrium, no certificate, and the
// box is pushed up out of the wedge.
TEST(Jam, WedgedBoxWithSlipperyWallsIsNotJammed) {
  const testgen::Scene2D scene = testgen::wedged_box(0.2, -0.001);
  const Lcp lcp = testgen::friction_lcp(scene);
  const JamCertificate certificate = find_jam_certificate(lcp, testgen::friction_structure(scene));
  EXPECT_FALSE(certificate.found) << certificate.message;
  const LcpResult r = solve_stewart_trinkle(lcp, testgen::friction_structure(scene), SolverKind::Auto);
  EXPECT_EQ(r.status, SolveStatus::Solved) << r.message;
}

// The verifier is independent of the LP and rejects each broken condition.
TEST(Jam, VerifierRejectsBrokenCertificates) {
  const testgen::Scene2D scene = testgen::wedged_box(0.8, -0.001);
  const Lcp lcp = testgen::friction_lcp(scene);
  const JamCertificate certificate = find_jam_certificate(lcp, testgen::friction_structure(scene));
  ASSERT_TRUE(certificate.found);
  ASSERT_TRUE(verify_jam_certificate(lcp, certificate.d).ok);
  // q.d >= 0: the same d on the open-gap problem.
  EXPECT_FALSE(verify_jam_certificate(testgen::friction_lcp(testgen::wedged_box(0.8, 0.001)), certificate.d).ok);
  // Out of equilibrium: one normal impulse doubled (M d has a negative entry or d.M d > 0).
  Vec unbalanced = certificate.d;
  unbalanced[0] *= 2.0;
  EXPECT_FALSE(verify_jam_certificate(lcp, unbalanced).ok);
  // Friction outside its cone: the slip row mu c - E^T beta < 0.
  const Lcp slippery = testgen::friction_lcp(testgen::wedged_box(0.2, -0.001));
  EXPECT_FALSE(verify_jam_certificate(slippery, certificate.d).ok);
  // Negative entries and d = 0.
  Vec negative = certificate.d;
  negative[2] = -1e-3;
  EXPECT_FALSE(verify_jam_certificate(lcp, negative).ok);
  EXPECT_FALSE(verify_jam_certificate(lcp, Vec::Zero(lcp.size())).ok);
}

TEST(Jam, StructureErrorsAreReported) {
  const testgen::Scene2D scene = testgen::wedged_box(0.8, -0.001);
  const Lcp lcp = testgen::friction_lcp(scene);
  StewartTrinkleStructure bad = testgen::friction_structure(scene);
  bad.contacts[1].friction[0] = 99;
  const JamCertificate certificate = find_jam_certificate(lcp, bad);
  EXPECT_FALSE(certificate.found);
  EXPECT_NE(certificate.message.find("out of range"), std::string::npos) << certificate.message;
}

// The LCP-only variant: the structure read off M gives the same verdicts as the generator's.
TEST(Jam, StructureReadOffMGivesTheSameVerdict) {
  for (double gap : {-0.001, 0.001}) {
    const testgen::Scene2D scene = testgen::wedged_box(0.8, gap);
    const Lcp lcp = testgen::friction_lcp(scene);
    const std::optional<StewartTrinkleStructure> inferred = infer_stewart_trinkle_structure(lcp);
    ASSERT_TRUE(inferred.has_value());
    ASSERT_EQ(inferred->contacts.size(), 2u);
    EXPECT_EQ(inferred->contacts[1].friction, (std::vector<int>{4, 5}));
    EXPECT_EQ(inferred->contacts[1].slip, 7);
    EXPECT_DOUBLE_EQ(inferred->contacts[1].mu, 0.8);
    EXPECT_EQ(find_jam_certificate(lcp, *inferred).found, gap < 0.0) << "gap " << gap;
  }
  Rng rng(1006);
  int jammed = 0;
  for (int i = 0; i < 12; ++i) {
    const testgen::Scene2D scene = testgen::jam_scene(30, 80, rng);
    const Lcp lcp = testgen::friction_lcp(scene);
    const std::optional<StewartTrinkleStructure> inferred = infer_stewart_trinkle_structure(lcp);
    ASSERT_TRUE(inferred.has_value()) << i;
    const JamCertificate given = find_jam_certificate(lcp, testgen::friction_structure(scene));
    const JamCertificate read = find_jam_certificate(lcp, *inferred);
    EXPECT_EQ(given.found, read.found) << i;
    if (read.found) {
      EXPECT_TRUE(verify_jam_certificate(lcp, read.d).ok) << i;
    }
    jammed += read.found;
  }
  EXPECT_GT(jammed, 0);
  // Not Stewart–Trinkle shaped: a nonsymmetric P-matrix, a negative diagonal.
  EXPECT_FALSE(infer_stewart_trinkle_structure(testgen::random_p_matrix(6, 1.0, rng)).has_value());
  EXPECT_FALSE(infer_stewart_trinkle_structure(Lcp{Mat::Constant(1, 1, -1.0), Vec::Constant(1, -1.0)}).has_value());
}

}  // namespace
}  // namespace pegsim
