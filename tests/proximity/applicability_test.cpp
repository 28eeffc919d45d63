// Applicability signs for known configurations (peg-reconstructed.md, "2D cases").
#include <pegsim/proximity/applicability.h>
#include <pegsim/proximity/proximity.h>

#include "proximity/scene_helpers.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace pegsim {
namespace {

const Vec2 kFloorInward(0, -1);  // inward normal of a floor's top edge

TEST(Applicability, ApexDownIsApplicable) {
  const Polygon wedge{Vec2(0, 0), Vec2(1, 1), Vec2(-1, 1)};
  EXPECT_NEAR(vertex_edge_applicability(wedge, 0, kFloorInward), 1.0 / std::sqrt(2.0), 1e-15);
}

TEST(Applicability, ApexUpIsNotApplicable) {
  const Polygon tent{Vec2(-1, 0), Vec2(1, 0), Vec2(0, 1)};
  EXPECT_NEAR(vertex_edge_applicability(tent, 2, kFloorInward), -1.0 / std::sqrt(2.0), 1e-15);
}

TEST(Applicability, FlatFaceIsBorderline) {
  const Polygon square{Vec2(0, 0), Vec2(1, 0), Vec2(1, 1), Vec2(0, 1)};
  EXPECT_NEAR(vertex_edge_applicability(square, 0, kFloorInward), 0.0, 1e-15);
  EXPECT_NEAR(vertex_edge_applicability(square, 1, kFloorInward), 0.0, 1e-15);
  EXPECT_NEAR(vertex_edge_applicability(square, 2, kFloorInward), -1.0, 1e-15);  // top corner
}

TEST(Applicability, TiltedBoxLowestCorner) {
  // A square tilted by theta: the edges at its lowest corner descend at theta and 90 - theta,
  // so appl = min(sin theta, cos theta).
  const double theta = std::numbers::pi / 6;
  const Polygon square = transform_polygon({Vec2(0, 0), Vec2(1, 0), Vec2(1, 1), Vec2(0, 1)}, Vec2::Zero(), theta);
  EXPECT_NEAR(vertex_edge_applicability(square, 0, kFloorInward), std::sin(theta), 1e-15);

  // The same through find_proximity: the tilted box resting 1 mm above a floor.
  Body box = test::body_from_world(transform_polygon(square, Vec2(0, 0.001), 0.0));
  const std::vector<Body> bodies{test::box_body(-2, -1, 2, 0, true), box};
  const ProximityResult r = find_proximity(bodies, {1, 1}, ProximityOptions{});
  const int k = test::find_contact(r, 1, 0, 0, 2);
  ASSERT_GE(k, 0);
  EXPECT_NEAR(r.contacts[static_cast<std::size_t>(k)].applicability, 0.5, 1e-12);
  EXPECT_NEAR(r.contacts[static_cast<std::size_t>(k)].gap, 0.001, 1e-12);
}

TEST(Applicability, ParticleIsAlwaysApplicable) {
  EXPECT_EQ(vertex_edge_applicability({Vec2(3, 4)}, 0, kFloorInward), 1.0);
}

}  // namespace
}  // namespace pegsim
