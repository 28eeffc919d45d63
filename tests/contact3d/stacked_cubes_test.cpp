// Two dynamic cubes stacked on a slab, the upper one turned 45 degrees about z (a 0.26 m cube on a
// 0.3 m one), so its bottom edges cross the lower cube's top edges: edge–edge contacts between two
// dynamic bodies beside the vertex–face ones. The stack must stand still for 2 s at h = 0.01.
#include "contact3d/bodies3d.h"

#include <gtest/gtest.h>

#include <numbers>

namespace pegsim {
namespace {

using test3d::Step3dOptions;
using test3d::Step3dRecord;

void expect_stack_stands(double mu) {
  const Eigen::Quaterniond yaw(Eigen::AngleAxisd(std::numbers::pi / 4.0, Vec3::UnitZ()));
  Body3d lower = test3d::box_body(Vec3::Constant(0.15), Vec3(0, 0, 0.15), Eigen::Quaterniond::Identity(), false, mu);
  Body3d upper = test3d::box_body(Vec3::Constant(0.13), Vec3(0, 0, 0.43), yaw, false, mu);
  std::vector<Body3d> bodies = {test3d::slab(mu), lower, upper};
  const std::vector<Body3d> start = bodies;
  Step3dOptions options;
  int edge_edge = 0;
  double worst_drift = 0.0, worst_turn = 0.0;
  test3d::run_steps(bodies, options, 200, [&](int k, const Step3dRecord& r) {
    if (k == 1)
      for (const Contact3d& c : r.proximity.contacts) edge_edge += c.kind == FeaturePair3d::edge_edge ? 1 : 0;
    for (int i = 1; i <= 2; ++i) {
      worst_drift = std::max(worst_drift, (bodies[i].position - start[i].position).norm());
      worst_turn = std::max(worst_turn, bodies[i].orientation.angularDistance(start[i].orientation));
    }
  });
  EXPECT_GT(edge_edge, 0) << "the crossing edges must be in the rows";
  EXPECT_LT(worst_drift, 1e-6) << "mu " << mu;
  EXPECT_LT(worst_turn, 1e-6) << "mu " << mu;
  std::printf("stack mu %.1f: %d edge-edge contacts, drift %.1e m, turn %.1e rad\n", mu, edge_edge, worst_drift, worst_turn);
}

TEST(StackedCubes3d, StandStillWithoutFriction) { expect_stack_stands(0.0); }
TEST(StackedCubes3d, StandStillWithFriction) { expect_stack_stands(0.5); }

}  // namespace
}  // namespace pegsim
