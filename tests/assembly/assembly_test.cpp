// Assembly: B = A + R M^{-1} G and b = R nu_free + constant against hand-computed values.
#include <pegsim/assembly/assembly.h>
#include <pegsim/assembly/row_system.h>

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>

namespace pegsim {
namespace {

// Two 2D bodies: body 0 (m = 2, I = 0.5) at DOFs 0-2, body 1 (m = 4, I = 1) at DOFs 3-5.
InverseMass two_bodies() {
  InverseMass inv;
  inv.dofs = 6;
  inv.offsets = {0, 3};
  inv.blocks = {Eigen::Vector3d(0.5, 0.5, 2.0).asDiagonal(), Eigen::Vector3d(0.25, 0.25, 1.0).asDiagonal()};
  return inv;
}

// One contact between the bodies, impulse direction j = [A: (0, -1, -0.5); B: (0, 1, 0.2)],
// row = j . nu + 0.1 (a normal-contact-like pair), plus an auxiliary slack s with row
// 2 p - s + 3 and s entering p's row with coefficient 0.5.
RowSystem hand_rows() {
  RowSystem rows;
  Variable p;
  p.kind = VariableKind::NormalImpulse;
  p.direction = {{1, -1.0}, {2, -0.5}, {4, 1.0}, {5, 0.2}};
  const int ip = rows.add_variable(p);
  const int is = rows.add_variable(Variable{});
  Row row_p;
  row_p.velocity = p.direction;
  row_p.variables = {{is, 0.5}};
  row_p.constant = 0.1;
  rows.set_row(ip, row_p);
  Row row_s;
  row_s.variables = {{ip, 2.0}, {is, -1.0}};
  row_s.constant = 3.0;
  rows.set_row(is, row_s);
  return rows;
}

TEST(Assembly, HandComputedTwoBodyExample) {
  const InverseMass inv = two_bodies();
  Vec nu_free(6);
  nu_free << 1.0, -2.0, 0.5, 0.0, 1.0, -1.0;
  const Lcp lcp = assemble_lcp(hand_rows(), inv, nu_free);
  ASSERT_EQ(lcp.size(), 2);
  // j^T M^{-1} j = 1 * 0.5 + 0.25 * 2 + 1 * 0.25 + 0.04 * 1 = 1.29
  Mat expected_m(2, 2);
  expected_m << 1.29, 0.5, 2.0, -1.0;
  // j . nu_free + 0.1 = (-1)(-2) + (-0.5)(0.5) + (1)(1) + (0.2)(-1) + 0.1 = 2.65
  Vec expected_q(2);
  expected_q << 2.65, 3.0;
  EXPECT_LE((lcp.M - expected_m).cwiseAbs().maxCoeff(), 1e-14) << lcp.M;
  EXPECT_LE((lcp.q - expected_q).cwiseAbs().maxCoeff(), 1e-14) << lcp.q.transpose();
}

TEST(Assembly, SchurComplementEqualsDenseFormula) {
  // Three contacts on the two bodies; B must equal J^T M^{-1} J, b = J^T nu_free + psi/h.
  const InverseMass inv = two_bodies();
  Mat j(6, 3);
  j << 0.3, -1.0, 0.0,  //
      -1.0, 0.2, 0.0,   //
      0.7, 0.1, 0.0,    //
      0.0, 1.0, 0.6,    //
      1.0, 0.0, -0.8,   //
      -0.4, 0.5, 0.25;
  const Vec constant = Eigen::Vector3d(0.1, -0.2, 0.3);
  RowSystem rows;
  for (int k = 0; k < 3; ++k) {
    Variable v;
    v.kind = VariableKind::NormalImpulse;
    for (int d = 0; d < 6; ++d) {
      if (j(d, k) != 0.0) v.direction.emplace_back(d, j(d, k));
    }
    Row row{v.direction, {}, constant[k]};
    rows.set_row(rows.add_variable(v), row);
  }
  Vec nu_free(6);
  nu_free << 0.1, 0.2, 0.3, -0.4, -0.5, 0.6;
  Mat minv = Mat::Zero(6, 6);
  minv.diagonal() << 0.5, 0.5, 2.0, 0.25, 0.25, 1.0;
  const Lcp lcp = assemble_lcp(rows, inv, nu_free);
  EXPECT_LE((lcp.M - j.transpose() * minv * j).cwiseAbs().maxCoeff(), 1e-14);
  EXPECT_LE((lcp.q - (j.transpose() * nu_free + constant)).cwiseAbs().maxCoeff(), 1e-14);

  const Vec z = Eigen::Vector3d(0.5, 0.0, 2.0);
  const Vec nu = velocity_after_impulses(rows, inv, nu_free, z);
  EXPECT_LE((nu - (nu_free + minv * j * z)).cwiseAbs().maxCoeff(), 1e-14);
  // w = B z + b is the rows evaluated at the updated velocity.
  const Vec w = lcp.M * z + lcp.q;
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(w[k], dot_sparse(rows.rows()[k].velocity, nu) + constant[k], 1e-14);
}

TEST(Assembly, AnyBlockSizeAndUncoveredDofs) {
  // A 6-DOF (3D-like) block with off-diagonal terms, then a gap (DOF 6, infinite mass), then 2 DOFs.
  InverseMass inv;
  inv.dofs = 9;
  Mat big = Mat::Identity(6, 6);
  big(0, 5) = big(5, 0) = 0.5;
  inv.offsets = {0, 7};
  inv.blocks = {big, Mat::Identity(2, 2) * 3.0};
  Vec f = Vec::Zero(9);
  f[0] = 1.0;
  f[6] = 10.0;
  f[8] = 1.0;
  const Vec applied = inv.apply(f);
  EXPECT_DOUBLE_EQ(applied[0], 1.0);
  EXPECT_DOUBLE_EQ(applied[5], 0.5);
  EXPECT_DOUBLE_EQ(applied[6], 0.0);
  EXPECT_DOUBLE_EQ(applied[8], 3.0);
  // apply_sparse sums duplicate indices.
  const Vec sparse = inv.apply_sparse({{0, 0.25}, {0, 0.75}, {6, 10.0}, {8, 1.0}});
  EXPECT_LE((sparse - applied).cwiseAbs().maxCoeff(), 0.0);
  EXPECT_THROW(inv.apply_sparse({{9, 1.0}}), std::invalid_argument);
}

TEST(Assembly, UnsetRowIsALogicErrorNamingTheVariable) {
  RowSystem rows;
  rows.set_row(rows.add_variable(Variable{}), Row{{}, {}, 1.0});
  Variable forgotten;
  forgotten.kind = VariableKind::FrictionImpulse;
  forgotten.contact = 7;
  rows.add_variable(forgotten);
  EXPECT_EQ(rows.unset_rows(), std::vector<int>{1});
  try {
    assemble_lcp(rows, two_bodies(), Vec::Zero(6));
    FAIL() << "no exception";
  } catch (const std::logic_error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("variable 1"), std::string::npos) << message;
    EXPECT_NE(message.find("contact 7"), std::string::npos) << message;
    EXPECT_NE(message.find("never set"), std::string::npos) << message;
  }
}

TEST(Assembly, RejectsBadIndicesAndSizes) {
  RowSystem rows;
  Variable v;
  v.direction = {{6, 1.0}};  // only 6 DOFs
  rows.set_row(rows.add_variable(v), Row{});
  EXPECT_THROW(assemble_lcp(rows, two_bodies(), Vec::Zero(6)), std::logic_error);

  RowSystem bad_variable;
  bad_variable.set_row(bad_variable.add_variable(Variable{}), Row{{}, {{3, 1.0}}, 0.0});
  EXPECT_THROW(assemble_lcp(bad_variable, two_bodies(), Vec::Zero(6)), std::logic_error);

  EXPECT_THROW(assemble_lcp(hand_rows(), two_bodies(), Vec::Zero(5)), std::invalid_argument);
  EXPECT_THROW(RowSystem().set_row(0, Row{}), std::out_of_range);
  Vec nan_nu = Vec::Zero(6);
  nan_nu[2] = std::nan("");
  EXPECT_THROW(assemble_lcp(hand_rows(), two_bodies(), nan_nu), std::invalid_argument);
}

TEST(Assembly, EmptySystem) {
  const Lcp lcp = assemble_lcp(RowSystem(), two_bodies(), Vec::Zero(6));
  EXPECT_EQ(lcp.size(), 0);
  EXPECT_EQ(lcp.M.rows(), 0);
}

}  // namespace
}  // namespace pegsim
