// The pieces the 3D standard model is built from: the friction cone's directions, the contact
// Jacobian against the point velocities it must reproduce, the 6x6 inverse-mass blocks and the free
// velocities against the free-body integrator.
#include "contact3d/bodies3d.h"

#include <pegsim/contact/standard_3d.h>
#include <pegsim/dynamics/integrate3d.h>
#include <pegsim/dynamics/velocity_layout_3d.h>
#include <pegsim/proximity/proximity_3d.h>

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace pegsim {
namespace {

TEST(FrictionCone3d, DirectionsAreUnitTangentEvenlySpacedAndOpposeTheSlide) {
  const Vec3 n = Vec3(0.3, -0.5, 0.8).normalized();
  const Vec3 slide = Vec3(1.0, 2.0, -0.4) + 5.0 * n;  // its normal part must not matter
  const Vec3 tangential = slide - n * n.dot(slide);
  for (int k : {3, 4, 7, 16}) {
    FrictionCone3d cone;
    cone.directions = k;
    const std::vector<Vec3> d = friction_directions_3d(n, slide, cone);
    ASSERT_EQ(static_cast<int>(d.size()), k);
    EXPECT_NEAR((d[0] + tangential.normalized()).norm(), 0.0, 1e-12);  // against the slide
    Vec3 sum = Vec3::Zero();
    for (int j = 0; j < k; ++j) {
      EXPECT_NEAR(d[j].norm(), 1.0, 1e-12);
      EXPECT_NEAR(d[j].dot(n), 0.0, 1e-12);
      EXPECT_NEAR(d[j].dot(d[(j + 1) % k]), std::cos(2.0 * std::numbers::pi / k), 1e-12);
      sum += d[j];
    }
    EXPECT_NEAR(sum.norm(), 0.0, 1e-12);  // they span the tangent plane symmetrically
  }
}

TEST(FrictionCone3d, NotSlidingOrNotAlignedGivesTheFixedFrame) {
  const Vec3 n = Vec3(0.0, 0.0, 1.0);
  FrictionCone3d cone;
  EXPECT_NEAR((friction_directions_3d(n, Vec3(0, 0, -3), cone)[0] - fixed_tangent(n)).norm(), 0.0, 1e-15);
  cone.align_with_sliding = false;
  EXPECT_NEAR((friction_directions_3d(n, Vec3(1, 1, 0), cone)[0] - fixed_tangent(n)).norm(), 0.0, 1e-15);
  cone.directions = 2;
  EXPECT_THROW(friction_directions_3d(n, Vec3::Zero(), cone), std::invalid_argument);
}

// Two dynamic bodies, turned and spinning: G^T nu for a direction d equals d . (relative point
// velocity), computed independently from v + w x r.
TEST(ContactRows3d, JacobianGivesTheRelativePointVelocity) {
  const Eigen::Quaterniond qa(Eigen::AngleAxisd(0.4, Vec3(1, 2, 3).normalized()));
  const Eigen::Quaterniond qb(Eigen::AngleAxisd(-0.7, Vec3(-1, 0, 2).normalized()));
  std::vector<Body3d> bodies = {test3d::box_body(Vec3(0.5, 0.4, 0.3), Vec3(0.1, 0.2, 1.0), qa),
                                test3d::box_body(Vec3(2, 2, 0.2), Vec3(0, 0, -0.2), Eigen::Quaterniond::Identity(), true),
                                test3d::box_body(Vec3(0.2, 0.3, 0.4), Vec3(-0.3, 0.5, 0.2), qb)};
  bodies[0].velocity = Vec3(1, -2, 0.5);
  bodies[0].angular_velocity = Vec3(0.3, 2.0, -1.0);
  bodies[2].velocity = Vec3(-0.4, 0.1, 0.9);
  bodies[2].angular_velocity = Vec3(-3.0, 0.2, 0.7);
  const std::vector<int> offsets = dof_offsets_3d(bodies);
  EXPECT_EQ(offsets, (std::vector<int>{0, -1, 6}));
  const Vec nu = gather_velocities_3d(bodies, offsets, 12);
  ContactRows3dContext context;
  context.bodies = &bodies;
  context.dof_offset = &offsets;
  Contact3d c;
  c.body_a = 2;  // B before A in DOF order: the terms must still come out sorted
  c.body_b = 0;
  c.point_a = Vec3(-0.2, 0.6, 0.5);
  c.point_b = Vec3(-0.1, 0.55, 0.6);
  c.normal = (c.point_b - c.point_a).normalized();
  c.gap = (c.point_b - c.point_a).norm();
  const Vec3 expected = (bodies[0].velocity + bodies[0].angular_velocity.cross(c.point_b - bodies[0].position)) -
                        (bodies[2].velocity + bodies[2].angular_velocity.cross(c.point_a - bodies[2].position));
  EXPECT_NEAR((contact_relative_velocity_3d(c, context, nu) - expected).norm(), 0.0, 1e-12);
  for (const Vec3& d : {c.normal, Vec3(1, 0, 0), Vec3(0.2, -0.7, 0.1)}) {
    const SparseTerms g = contact_jacobian_3d(c, d, context);
    for (std::size_t i = 1; i < g.size(); ++i) EXPECT_LT(g[i - 1].first, g[i].first);
    EXPECT_NEAR(dot_sparse(g, nu), d.dot(expected), 1e-12);
  }
  // Against the static slab only body 0's block appears.
  Contact3d s = c;
  s.body_a = 0;
  s.body_b = 1;
  for (const auto& [index, value] : contact_jacobian_3d(s, c.normal, context)) EXPECT_LT(index, 6);
}

TEST(VelocityLayout3d, InverseMassBlocksInvertTheBodyMassMatrix) {
  const Eigen::Quaterniond q(Eigen::AngleAxisd(0.9, Vec3(1, -2, 0.5).normalized()));
  std::vector<Body3d> bodies = {test3d::box_body(Vec3(0.1, 0.3, 0.6), Vec3::Zero(), q)};
  const std::vector<int> offsets = dof_offsets_3d(bodies);
  const InverseMass inv = inverse_mass_3d(bodies, offsets);
  ASSERT_EQ(inv.blocks.size(), 1u);
  Mat m = Mat::Zero(6, 6);
  m.topLeftCorner<3, 3>() = bodies[0].mass * Mat3::Identity();
  m.bottomRightCorner<3, 3>() = q.toRotationMatrix() * bodies[0].inertia * q.toRotationMatrix().transpose();
  EXPECT_NEAR((inv.blocks[0] * m - Mat::Identity(6, 6)).norm(), 0.0, 1e-9);
}

TEST(VelocityLayout3d, FreeVelocitiesAreTheFreeBodyStep) {
  Body3d body = test3d::box_body(Vec3(0.1, 0.2, 0.3), Vec3(0, 0, 1), Eigen::Quaterniond(Eigen::AngleAxisd(0.3, Vec3::UnitX())));
  body.velocity = Vec3(1, 2, 3);
  body.angular_velocity = Vec3(0.2, 6.0, 0.2);
  const std::vector<Body3d> bodies = {body};
  const std::vector<int> offsets = dof_offsets_3d(bodies);
  const Vec3 g(0, 0, -9.81);
  const Vec nu_free = free_velocities_3d(bodies, offsets, 6, g, 0.01);
  step_free_body_3d(body, body.mass * g, Vec3::Zero(), 0.01);
  EXPECT_NEAR((nu_free.head<3>() - body.velocity).norm(), 0.0, 1e-14);
  EXPECT_NEAR((nu_free.tail<3>() - body.angular_velocity).norm(), 0.0, 1e-14);
  // The gyroscopic step turned omega (an asymmetric body off its axes): not just omega^l.
  EXPECT_GT((nu_free.tail<3>() - bodies[0].angular_velocity).norm(), 1e-4);
}

TEST(Standard3d, RowCountsAndVariableOrder) {
  std::vector<Body3d> bodies = {test3d::slab(0.4), test3d::cube_on_plane(0.4)};
  const std::vector<int> offsets = dof_offsets_3d(bodies);
  ProximityOptions po;
  const ProximityResult3d proximity = find_proximity_3d(bodies, {1, 1}, po);
  ASSERT_EQ(proximity.contacts.size(), 4u);
  const std::vector<double> mu(4, 0.4);
  ContactRows3dContext context;
  context.bodies = &bodies;
  context.dof_offset = &offsets;
  context.pair_friction = &mu;
  context.cone.directions = 6;
  RowSystem rows;
  emit_standard_rows_3d(proximity, context, rows);
  EXPECT_EQ(rows.size(), 4 + 4 * (6 + 1));
  EXPECT_EQ(rows.unilateral_constraints, 4);
  EXPECT_TRUE(rows.unset_rows().empty());
  for (int i = 0; i < 4; ++i) EXPECT_EQ(rows.variables()[static_cast<std::size_t>(i)].kind, VariableKind::NormalImpulse);
  EXPECT_EQ(rows.variables()[4 + 6].kind, VariableKind::SlipRate);
}

}  // namespace
}  // namespace pegsim

namespace pegsim {
namespace {

// Far from everything the entry point is the free-body integrator.
TEST(StepStandard3d, WithoutContactsItIsTheFreeBodyStep) {
  Body3d body = test3d::box_body(Vec3(0.1, 0.2, 0.3), Vec3(0, 0, 5), Eigen::Quaterniond(Eigen::AngleAxisd(0.3, Vec3::UnitX())));
  body.velocity = Vec3(1, 2, 3);
  body.angular_velocity = Vec3(0.2, 6.0, 0.2);
  std::vector<Body3d> bodies = {test3d::slab(0.3), body};
  test3d::Step3dOptions options;
  Simulation simulation = test3d::simulation_3d(bodies, options);
  for (int k = 0; k < 10; ++k) {
    const test3d::Step3dRecord r = test3d::checked_step(simulation);
    ASSERT_TRUE(r.step.solved());
    EXPECT_EQ(r.rows, 0);
    bodies = simulation.bodies3d();
    step_free_body_3d(body, body.mass * options.gravity, Vec3::Zero(), options.time_step);
  }
  EXPECT_NEAR((bodies[1].position - body.position).norm(), 0.0, 1e-14);
  EXPECT_NEAR(bodies[1].orientation.angularDistance(body.orientation), 0.0, 1e-12);
  EXPECT_NEAR((bodies[1].angular_velocity - body.angular_velocity).norm(), 0.0, 1e-13);
}

}  // namespace
}  // namespace pegsim
