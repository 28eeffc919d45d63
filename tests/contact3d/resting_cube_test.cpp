// A cube resting on a static slab for 2 s at h = 0.01 (issue 12's resting test): it must not drift,
// sink or turn, and every step's LCP must pass the independent check with complementarity to
// rounding. Frictionless and frictional.
#include "contact3d/bodies3d.h"

#include <gtest/gtest.h>

namespace pegsim {
namespace {

using test3d::cube_on_plane;
using test3d::run_steps;
using test3d::slab;
using test3d::Step3dOptions;
using test3d::Step3dRecord;

void expect_rests(double mu) {
  std::vector<Body3d> bodies = {slab(mu), cube_on_plane(mu)};
  const Vec3 start = bodies[1].position;
  const Eigen::Quaterniond q0 = bodies[1].orientation;
  Step3dOptions options;
  options.time_step = 0.01;
  double worst_drift = 0.0, worst_turn = 0.0, worst_complementarity = 0.0;
  run_steps(bodies, options, 200, [&](int, const Step3dRecord& r) {
    EXPECT_EQ(r.proximity.contacts.size(), 4u);
    worst_drift = std::max(worst_drift, (bodies[1].position - start).norm());
    worst_turn = std::max(worst_turn, bodies[1].orientation.angularDistance(q0));
    worst_complementarity = std::max(worst_complementarity, r.complementarity);
  });
  EXPECT_LT(worst_drift, 1e-6) << "mu " << mu;
  EXPECT_LT(worst_turn, 1e-9) << "mu " << mu;
  EXPECT_LT(worst_complementarity, 1e-9) << "mu " << mu;
  EXPECT_LT(bodies[1].velocity.norm() + bodies[1].angular_velocity.norm(), 1e-9);
}

TEST(RestingCube3d, StaysPutWithoutFriction) { expect_rests(0.0); }
TEST(RestingCube3d, StaysPutWithFriction) { expect_rests(0.5); }

// The rows carry the supporting impulse: over one step the four normal impulses sum to m g h.
TEST(RestingCube3d, NormalImpulsesCarryTheWeight) {
  std::vector<Body3d> bodies = {slab(0.5), cube_on_plane(0.5)};
  Step3dOptions options;
  const double weight_impulse = bodies[1].mass * 9.81 * options.time_step;
  Simulation simulation = test3d::simulation_3d(bodies, options);
  const test3d::Step3dRecord r = test3d::checked_step(simulation);
  ASSERT_TRUE(r.step.solved());
  ASSERT_EQ(r.rows, 4 * 6);  // per contact: normal, 4 cone directions, slip rate
  EXPECT_LT(r.complementarity, 1e-12);
  double total = 0.0;
  for (int i = 0; i < 4; ++i) total += r.z[i];  // normals first (standard_3d.h)
  EXPECT_NEAR(total, weight_impulse, 1e-9 * weight_impulse);
}

}  // namespace
}  // namespace pegsim
