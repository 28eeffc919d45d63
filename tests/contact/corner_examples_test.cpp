// The Egan–Berard–Trinkle worked examples (§IV-V, Fig. 3) and the Nguyen forms on the same corner,
// assembled from the physical setup with our own models and assembly, then solved.
#include "contact/corner_setup.h"

#include <pegsim/assembly/assembly.h>
#include <pegsim/contact/contact_rows.h>
#include <pegsim/contact/models.h>
#include <pegsim/lcp/solver.h>
#include <pegsim/proximity/proximity.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace pegsim {
namespace {

using test::CornerSetup;
using test::make_corner;

const Vec2 kNoContactVelocity(-2, 0);  // example (a)
const Vec2 kContactVelocity(-2, -1);   // example (b)

struct Assembled {
  RowSystem rows;
  Lcp lcp;
};

Assembled assemble(const ContactModel& model, const CornerSetup& setup, double gamma = 0.0, double epsilon = 0.0) {
  Assembled out;
  model.emit(setup.proximity, setup.context(gamma, epsilon), out.rows);
  out.lcp = assemble_lcp(out.rows, setup.inverse_mass, setup.nu_free);
  return out;
}

double max_abs(const Mat& m) { return m.size() == 0 ? 0.0 : m.cwiseAbs().maxCoeff(); }

// Columns of B that are entirely zero.
std::vector<int> zero_columns(const Mat& m) {
  std::vector<int> zero;
  for (int j = 0; j < m.cols(); ++j) {
    if (m.col(j).cwiseAbs().maxCoeff() == 0.0) zero.push_back(j);
  }
  return zero;
}

bool near(const Vec2& a, const Vec2& b, double tol = 1e-7) { return (a - b).cwiseAbs().maxCoeff() <= tol; }

bool is_one_of(const Vec2& q, const std::vector<Vec2>& allowed) {
  return std::any_of(allowed.begin(), allowed.end(), [&](const Vec2& a) { return near(q, a); });
}

std::string str(const Vec2& q) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "(%.6g, %.6g)", q.x(), q.y());
  return buffer;
}

// rho_k of contact k at the end-of-step velocity of solution z.
double end_rho(const CornerSetup& setup, const RowSystem& rows, const Vec& z, int contact) {
  const Vec nu = velocity_after_impulses(rows, setup.inverse_mass, setup.nu_free, z);
  const Row rho = predicted_gap_row(setup.proximity.contacts[static_cast<std::size_t>(contact)], setup.context());
  return dot_sparse(rho.velocity, nu) + rho.constant;
}

// Normal impulse of contact k in z (the model has exactly one per contact here).
double normal_impulse(const RowSystem& rows, const Vec& z, int contact) {
  for (int j = 0; j < rows.size(); ++j) {
    const Variable& v = rows.variables()[static_cast<std::size_t>(j)];
    if (v.kind == VariableKind::NormalImpulse && v.contact == contact) return z[j];
  }
  ADD_FAILURE() << "no normal impulse for contact " << contact;
  return 0.0;
}

// ---------------------------------------------------------------- max formulation, gamma = 100

// The paper's printed B_a = B_b, order z = (c1, c2, d, g1, g2, h1, h2, p, p1n, p2n).
Mat paper_max_matrix() {
  Mat b(10, 10);
  b << 1, 0, 0, 0, 0, 0, 0, 0, 1, 0,  //
      0, 1, 0, 0, 0, 0, 0, 0, 0, 1,   //
      0, 0, 0, 1, 1, 0, 0, 0, 0, 0,   //
      1, 0, 1, 0, 0, 0, 0, 0, 0, 0,   //
      0, 1, 1, 0, 0, 0, 0, 0, 0, 0,   //
      0, 0, 0, 0, 0, 1, 0, 0, 1, 0,   //
      0, 0, 0, 0, 0, 0, 1, 0, 0, 1,   //
      0, 0, 1, 0, 0, 0, 0, 0, 0, 0,   //
      0, 0, 1, 0, 0, 1, 0, 0, 0, 0,   //
      0, 0, 1, 0, 0, 0, 1, 0, 0, 0;
  return b;
}

Vec paper_vector(std::initializer_list<double> values) {
  Vec v(static_cast<Eigen::Index>(values.size()));
  Eigen::Index i = 0;
  for (double x : values) v[i++] = x;
  return v;
}

TEST(EganMaxExample, AssembledFromPhysicsMatchesPrintedMatrices) {
  const auto model = make_egan_max_model();
  const Assembled a = assemble(*model, make_corner(kNoContactVelocity), 100.0);
  const Assembled b = assemble(*model, make_corner(kContactVelocity), 100.0);
  EXPECT_LE(max_abs(a.lcp.M - paper_max_matrix()), 1e-12) << a.lcp.M;
  EXPECT_LE(max_abs(b.lcp.M - paper_max_matrix()), 1e-12) << b.lcp.M;
  EXPECT_LE(max_abs(a.lcp.q - paper_vector({-2.5, -0.5, -1, -100, -100, -1.5, 0.5, -99, -99, -99})), 1e-12)
      << a.lcp.q.transpose();
  EXPECT_LE(max_abs(b.lcp.q - paper_vector({-2.5, -1.5, -1, -100, -100, -1.5, -0.5, -99, -99, -99})), 1e-12)
      << b.lcp.q.transpose();
  EXPECT_EQ(zero_columns(a.lcp.M), std::vector<int>{7});  // the dummy p of eq. (20)
  EXPECT_EQ(a.rows.groups, 1);
  EXPECT_EQ(a.rows.traps, 1);
  EXPECT_EQ(a.rows.unilateral_constraints, 0);
}

// The same example with the contacts and the group found by find_proximity instead of by hand.
TEST(EganMaxExample, FromFindProximityMatchesPrintedMatrix) {
  CornerSetup setup = make_corner(kContactVelocity);
  ProximityOptions options;
  options.time_step = setup.h;
  options.gravity = 0.0;
  setup.proximity = find_proximity(setup.bodies, {1, 1}, options);
  ASSERT_EQ(setup.proximity.contacts.size(), 2u);
  ASSERT_EQ(setup.proximity.groups.size(), 1u);
  // Side order as in the paper: side 1 = the vertical plane (edge 1), side 2 = the horizontal one.
  std::vector<int>& sides = setup.proximity.groups[0].contacts;
  std::sort(sides.begin(), sides.end(), [&](int x, int y) {
    return setup.proximity.contacts[static_cast<std::size_t>(x)].edge_b < setup.proximity.contacts[static_cast<std::size_t>(y)].edge_b;
  });
  setup.friction.assign(2, 0.0);
  const Assembled b = assemble(*make_egan_max_model(), setup, 100.0);
  EXPECT_LE(max_abs(b.lcp.M - paper_max_matrix()), 1e-12) << b.lcp.M;
  EXPECT_LE(max_abs(b.lcp.q - paper_vector({-2.5, -1.5, -1, -100, -100, -1.5, -0.5, -99, -99, -99})), 1e-12);
}

TEST(EganMaxExample, PapersSolutionsAreComplementary) {
  const auto model = make_egan_max_model();
  const CornerSetup sa = make_corner(kNoContactVelocity), sb = make_corner(kContactVelocity);
  const Assembled a = assemble(*model, sa, 100.0);
  const Assembled b = assemble(*model, sb, 100.0);
  const Vec za = paper_vector({2.5, 0.5, 99.5, 0, 1, 1.5, 0, 0, 0, 0});
  EXPECT_TRUE(verify_lcp(a.lcp, za).ok);
  EXPECT_TRUE(near(sa.end_position(a.rows, za), Vec2(-3, 1)));
  const std::vector<std::pair<Vec, Vec2>> paper_b = {
      {paper_vector({1, 1, 99, 0, 1, 0, 0, 0, 1.5, 0.5}), Vec2(0, 0)},
      {paper_vector({1, 1.5, 99, 1, 0, 0, 0.5, 0, 1.5, 0}), Vec2(0, -1)},
      {paper_vector({2.5, 1, 99, 0, 1, 1.5, 0, 0, 0, 0.5}), Vec2(-3, 0)}};
  for (const auto& [z, q] : paper_b) {
    EXPECT_TRUE(verify_lcp(b.lcp, z).ok) << z.transpose();
    EXPECT_TRUE(near(sb.end_position(b.rows, z), q)) << str(sb.end_position(b.rows, z));
  }
}

TEST(EganMaxExample, NoContactHasOnlyTheFreeMotion) {
  const CornerSetup setup = make_corner(kNoContactVelocity);
  const Assembled a = assemble(*make_egan_max_model(), setup, 100.0);
  const std::vector<Vec> solutions = enumerate_all_solutions(a.lcp);
  ASSERT_FALSE(solutions.empty());
  for (const Vec& z : solutions) {
    EXPECT_TRUE(near(setup.end_position(a.rows, z), Vec2(-3, 1))) << z.transpose();
    EXPECT_EQ(z[8], 0.0);
    EXPECT_EQ(z[9], 0.0);
  }
}

TEST(EganMaxExample, ContactSolutionsAreThePapersThreePositions) {
  const CornerSetup setup = make_corner(kContactVelocity);
  const Assembled a = assemble(*make_egan_max_model(), setup, 100.0);
  const std::vector<Vec2> allowed = {Vec2(0, 0), Vec2(0, -1), Vec2(-3, 0)};
  const std::vector<Vec> solutions = enumerate_all_solutions(a.lcp);
  ASSERT_FALSE(solutions.empty());
  std::vector<char> found(allowed.size(), 0);
  for (const Vec& z : solutions) {
    const Vec2 q = setup.end_position(a.rows, z);
    EXPECT_TRUE(is_one_of(q, allowed)) << str(q) << " from z = " << z.transpose();
    for (std::size_t i = 0; i < allowed.size(); ++i) found[i] |= near(q, allowed[i]) ? 1 : 0;
  }
  // The enumerator visits every complementary basis: all three of the paper's solutions appear.
  EXPECT_EQ(std::count(found.begin(), found.end(), 1), 3);

  const LcpResult result = solve_lcp(a.lcp, SolverKind::Auto);
  ASSERT_EQ(result.status, SolveStatus::Solved) << result.message;
  EXPECT_TRUE(is_one_of(setup.end_position(a.rows, result.z), allowed)) << str(setup.end_position(a.rows, result.z));
}

TEST(EganMaxExample, AutomaticGammaGivesTheSameSolutions) {
  const CornerSetup setup = make_corner(kContactVelocity);
  const Assembled a = assemble(*make_egan_max_model(), setup);  // gamma from the step's data
  const std::vector<Vec2> allowed = {Vec2(0, 0), Vec2(0, -1), Vec2(-3, 0)};
  // gamma = 2 (1 + max(|psi|/h + |rate|)) = 2 (1 + 0.5 + 2) = 7 here: row (20) reads d - 6.
  EXPECT_DOUBLE_EQ(a.lcp.q[7], -6.0);
  const std::vector<Vec> solutions = enumerate_all_solutions(a.lcp);
  ASSERT_FALSE(solutions.empty());
  for (const Vec& z : solutions) EXPECT_TRUE(is_one_of(setup.end_position(a.rows, z), allowed));
}

// ---------------------------------------------------------------- summation, epsilon = 0.02

TEST(EganSumExample, AssembledFromPhysicsMatchesDerivedMatrices) {
  const auto model = make_egan_sum_model();
  const Assembled a = assemble(*model, make_corner(kNoContactVelocity), 0.0, 0.02);
  const Assembled b = assemble(*model, make_corner(kContactVelocity), 0.0, 0.02);
  Mat printed(4, 4);
  printed << 1, 0, -1, 0, 0, 1, 0, -1, 1, 1, 0, 0, 1, 1, 0, 0;
  EXPECT_LE(max_abs(a.lcp.M - printed), 1e-12);
  EXPECT_LE(max_abs(b.lcp.M - printed), 1e-12);
  // Row i is c_i - a_i - epsilon/h with a_1 = p1n - 1.5 and a_2 = p2n + 0.5 in (a), p2n - 0.5 in
  // (b). The paper prints b_1 = (1.49, 0.49, ...) and b_2 = (1.49, -0.51, ...): the second entries
  // are swapped between the examples. (worked-examples.md also misprints (a)'s as -0.49; its own
  // z_a = (0, 0.51, 0, 0) needs -0.51.)
  EXPECT_LE(max_abs(a.lcp.q - paper_vector({1.49, -0.51, -0.01, -0.01})), 1e-12) << a.lcp.q.transpose();
  EXPECT_LE(max_abs(b.lcp.q - paper_vector({1.49, 0.49, -0.01, -0.01})), 1e-12) << b.lcp.q.transpose();
}

TEST(EganSumExample, NoContactSolutionIsUnique) {
  const CornerSetup setup = make_corner(kNoContactVelocity);
  const Assembled a = assemble(*make_egan_sum_model(), setup, 0.0, 0.02);
  const std::vector<Vec> solutions = enumerate_all_solutions(a.lcp);
  ASSERT_EQ(solutions.size(), 1u);
  EXPECT_LE(max_abs(solutions[0] - paper_vector({0, 0.51, 0, 0})), 1e-9);
  EXPECT_TRUE(near(setup.end_position(a.rows, solutions[0]), Vec2(-3, 1)));
}

TEST(EganSumExample, ContactEndsInTheCappedUnion) {
  const double epsilon = 0.02;
  const CornerSetup setup = make_corner(kContactVelocity);
  const Assembled a = assemble(*make_egan_sum_model(), setup, 0.0, epsilon);
  // The re-derived paper solutions (worked-examples.md) are solutions with their stated positions.
  const std::vector<std::pair<Vec, Vec2>> paper = {
      {paper_vector({0, 0.01, 0.5, 0.5}), Vec2(-2, 0)},
      {paper_vector({0.005, 0.005, 1.495, 0.495}), Vec2(-0.01, -0.01)},
      {paper_vector({0.01, 0, 1.5, 0.13}), Vec2(0, -0.74)}};
  for (const auto& [z, q] : paper) {
    EXPECT_TRUE(verify_lcp(a.lcp, z).ok) << z.transpose();
    EXPECT_TRUE(near(setup.end_position(a.rows, z), q)) << str(setup.end_position(a.rows, z));
  }
  auto solutions = enumerate_all_solutions(a.lcp);
  const LcpResult result = solve_lcp(a.lcp, SolverKind::Auto);
  ASSERT_EQ(result.status, SolveStatus::Solved) << result.message;
  solutions.push_back(result.z);
  for (const Vec& z : solutions) {
    const Vec2 q = setup.end_position(a.rows, z);
    const bool valid = q.x() >= -1e-9 || q.y() >= -1e-9 || q.x() + q.y() >= -epsilon - 1e-9;
    EXPECT_TRUE(valid) << str(q);
    EXPECT_LE(std::max(q.x(), q.y()), 1e-9) << "contact must be made: " << str(q);
  }
}

// Eq. (30) for n sides, not the appendix's -(n - 1) epsilon/h: with a third, far side (x = -10,
// facing away), a point whose free motion ends exactly on y = 0 needs no force.
TEST(EganSumExample, ThreeSidedGroupFollowsEq30) {
  const CornerSetup setup = make_corner(Vec2(-2, -0.5), {1, 2, 3});
  const Assembled a = assemble(*make_egan_sum_model(), setup, 0.0, 0.02);
  ASSERT_EQ(a.lcp.size(), 6);
  const double e = 0.01;
  // a = (-1.5, 0, -3.5) without force: c_i = max(-e, a_i) + e, no impulses.
  const Vec z = paper_vector({0, e, 0, 0, 0, 0});
  const Verification check = verify_lcp(a.lcp, z);
  EXPECT_TRUE(check.ok) << "w = " << check.w.transpose();
  EXPECT_NEAR(check.w[3], 0.0, 1e-12);  // on the boundary of eq. (30)
}

// ---------------------------------------------------------------- Nguyen "diff" forms

TEST(LncExample, NoContactPassesTheCorner) {
  const CornerSetup setup = make_corner(kNoContactVelocity);
  const Assembled a = assemble(*make_lnc_model(), setup);
  EXPECT_EQ(a.lcp.size(), 3);  // 2n - 1
  EXPECT_TRUE(zero_columns(a.lcp.M).empty());
  const std::vector<Vec> solutions = enumerate_all_solutions(a.lcp);
  ASSERT_FALSE(solutions.empty());
  for (const Vec& z : solutions) {
    EXPECT_TRUE(near(setup.end_position(a.rows, z), Vec2(-3, 1))) << z.transpose();
  }
}

TEST(LncExample, ContactLandsOnTheBoundaryOfTheUnion) {
  const CornerSetup setup = make_corner(kContactVelocity);
  const Assembled a = assemble(*make_lnc_model(), setup);
  auto solutions = enumerate_all_solutions(a.lcp);
  ASSERT_FALSE(solutions.empty());
  const LcpResult result = solve_lcp(a.lcp, SolverKind::Auto);
  ASSERT_EQ(result.status, SolveStatus::Solved) << result.message;
  solutions.push_back(result.z);
  for (const Vec& z : solutions) {
    const Vec2 q = setup.end_position(a.rows, z);
    EXPECT_NEAR(std::max(q.x(), q.y()), 0.0, 1e-9) << str(q);  // in contact, not inside
    EXPECT_GE(q.x(), -3 - 1e-9);                                // impulses only push outward
    EXPECT_GE(q.y(), -1 - 1e-9);
  }
}

// Rows m + K (m - rho_k), K = 0.1, z = (c2, p1n, p2n), with rho_1 = p1n - 1.5, rho_2 = p2n - 0.5
// and m = rho_1 + c2 in example (b): derived by hand from lnc_accurate.cpp's equations.
TEST(LncAccurateExample, AssembledRowsMatchHandDerivation) {
  const Assembled a = assemble(*make_lnc_accurate_model(), make_corner(kContactVelocity));
  Mat expected(3, 3);
  expected << 1, 1, -1,  // c2 - rho_2 + rho_1
      1.1, 1, 0,         // m + 0.1 (m - rho_1) = rho_1 + 1.1 c2
      1.1, 1.1, -0.1;    // 1.1 m - 0.1 rho_2
  EXPECT_LE(max_abs(a.lcp.M - expected), 1e-12) << a.lcp.M;
  EXPECT_LE(max_abs(a.lcp.q - paper_vector({-1, -1.5, -1.6})), 1e-12) << a.lcp.q.transpose();
}

TEST(LncAccurateExample, NoContactPassesTheCorner) {
  const CornerSetup setup = make_corner(kNoContactVelocity);
  const Assembled a = assemble(*make_lnc_accurate_model(), setup);
  EXPECT_EQ(a.lcp.size(), 3);  // 2n - 1, no dummy
  EXPECT_TRUE(zero_columns(a.lcp.M).empty());
  const std::vector<Vec> solutions = enumerate_all_solutions(a.lcp);
  ASSERT_FALSE(solutions.empty());
  for (const Vec& z : solutions) EXPECT_TRUE(near(setup.end_position(a.rows, z), Vec2(-3, 1)));
}

// Force only on a side that touches at the end of the step: the max formulation's three positions.
void expect_accurate_contact_solutions(const CornerSetup& setup, const Assembled& a, const std::vector<Vec>& solutions) {
  const std::vector<Vec2> allowed = {Vec2(0, 0), Vec2(0, -1), Vec2(-3, 0)};
  for (const Vec& z : solutions) {
    const Vec2 q = setup.end_position(a.rows, z);
    EXPECT_TRUE(is_one_of(q, allowed)) << str(q) << " from z = " << z.transpose();
    for (int k = 0; k < 2; ++k) {
      if (normal_impulse(a.rows, z, k) > 1e-9) {
        EXPECT_NEAR(end_rho(setup, a.rows, z, k), 0.0, 1e-9) << "side " << k;
      }
    }
  }
}

TEST(LncAccurateExample, ContactForceOnlyOnTouchingSides) {
  const CornerSetup setup = make_corner(kContactVelocity);
  const Assembled a = assemble(*make_lnc_accurate_model(), setup);
  auto solutions = enumerate_all_solutions(a.lcp);
  ASSERT_FALSE(solutions.empty());
  std::printf("[ lnc-accurate ] corner (b): %zu enumerated solutions:", solutions.size());
  for (const Vec& z : solutions) std::printf(" %s", str(setup.end_position(a.rows, z)).c_str());
  std::printf("\n");
  for (SolverKind kind : {SolverKind::Auto, SolverKind::Lemke, SolverKind::Newton}) {
    const LcpResult result = solve_lcp(a.lcp, kind);
    std::printf("[ lnc-accurate ] %s: %s, z = [%s], end %s\n", to_string(kind), to_string(result.status),
                std::string(result.status == SolveStatus::Solved ? "ok" : result.message).c_str(),
                str(setup.end_position(a.rows, result.z)).c_str());
    if (kind == SolverKind::Auto) {
      ASSERT_EQ(result.status, SolveStatus::Solved) << result.message;
    }
    if (result.status == SolveStatus::Solved) solutions.push_back(result.z);
  }
  expect_accurate_contact_solutions(setup, a, solutions);
}

// Nguyen §2.2.2 as printed: 3n conditions and a zero column (the dummy p). Same end positions.
TEST(LncAccurateLiteral, HasAZeroColumnAndTheSameSolutions) {
  const CornerSetup setup = make_corner(kContactVelocity);
  const Assembled a = assemble(*make_lnc_accurate_literal_model(), setup);
  ASSERT_EQ(a.lcp.size(), 6);  // 3n
  EXPECT_EQ(zero_columns(a.lcp.M), std::vector<int>{5});
  const std::vector<Vec> solutions = enumerate_all_solutions(a.lcp);
  ASSERT_FALSE(solutions.empty());
  expect_accurate_contact_solutions(setup, a, solutions);

  // What the solvers do with the zero column (reported, and any claimed solution must be valid).
  for (const CornerSetup& s : {make_corner(kNoContactVelocity), make_corner(kContactVelocity)}) {
    const Assembled lit = assemble(*make_lnc_accurate_literal_model(), s);
    for (SolverKind kind : {SolverKind::Lemke, SolverKind::Newton, SolverKind::Pgs, SolverKind::Auto}) {
      const LcpResult result = solve_lcp(lit.lcp, kind);
      std::printf("[ literal ] v = %s %s: %s after %d iterations, residual %.3g, end %s %s\n",
                  str(s.bodies[0].velocity).c_str(), to_string(kind), to_string(result.status), result.iterations,
                  result.residual, str(s.end_position(lit.rows, result.z)).c_str(), result.message.c_str());
      if (result.status == SolveStatus::Solved) {
        EXPECT_TRUE(verify_lcp(lit.lcp, result.z).ok);
      }
    }
  }
}

TEST(GroupModels, FrictionAtEverySideAndCounts) {
  const CornerSetup setup = make_corner(kContactVelocity, {1, 2}, true, 0.4);
  for (const auto& model : {make_egan_max_model(), make_egan_sum_model(), make_lnc_model(),
                            make_lnc_accurate_model()}) {
    RowSystem rows;
    model->emit(setup.proximity, setup.context(), rows);
    int friction = 0, slips = 0;
    for (const Variable& v : rows.variables()) {
      friction += v.kind == VariableKind::FrictionImpulse;
      slips += v.kind == VariableKind::SlipRate;
    }
    EXPECT_EQ(friction, 4) << model->name();
    EXPECT_EQ(slips, 2) << model->name();
    EXPECT_EQ(rows.groups, 1) << model->name();
    EXPECT_EQ(rows.traps, 1) << model->name();
    EXPECT_TRUE(rows.unset_rows().empty()) << model->name();
  }
}

TEST(GroupModels, UngroupedContactsAreUnilateral) {
  const CornerSetup setup = make_corner(kContactVelocity, {1, 2}, false);
  for (const auto& model : {make_egan_max_model(), make_egan_sum_model(), make_lnc_model(),
                            make_lnc_accurate_model(), make_standard_model()}) {
    const Assembled a = assemble(*model, setup);
    EXPECT_EQ(a.rows.unilateral_constraints, 2) << model->name();
    EXPECT_EQ(a.rows.groups, 0) << model->name();
    ASSERT_EQ(a.lcp.size(), 2) << model->name();
    // Convex corner: the only solution stops the particle at the corner (0, 0).
    const std::vector<Vec> solutions = enumerate_all_solutions(a.lcp);
    ASSERT_EQ(solutions.size(), 1u) << model->name();
    EXPECT_TRUE(near(setup.end_position(a.rows, solutions[0]), Vec2(0, 0))) << model->name();
  }
}

TEST(GroupModels, RejectBadGroups) {
  CornerSetup setup = make_corner(kContactVelocity);
  setup.proximity.groups[0].contacts = {0};
  RowSystem rows;
  EXPECT_THROW(make_egan_max_model()->emit(setup.proximity, setup.context(), rows), std::invalid_argument);
  setup.proximity.groups[0].contacts = {0, 5};
  EXPECT_THROW(make_lnc_model()->emit(setup.proximity, setup.context(), rows), std::invalid_argument);
}

}  // namespace
}  // namespace pegsim
