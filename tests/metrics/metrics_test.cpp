// Overlap metrics and mechanical energy against hand-computed values.
#include <pegsim/metrics/metrics.h>

#include "proximity/scene_helpers.h"

#include <gtest/gtest.h>

namespace pegsim {
namespace {

TEST(MeasureOverlap, OffsetSquares) {
  // Unit squares offset by (0.5, 0.5): overlap 0.25 m^2, depth 0.5 m.
  const std::vector<Body> bodies{test::box_body(0, 0, 1, 1), test::box_body(0.5, 0.5, 1.5, 1.5)};
  const OverlapStats s = measure_overlap(bodies, {1, 1});
  EXPECT_NEAR(s.total_area, 0.25, 1e-15);
  EXPECT_NEAR(s.max_depth, 0.5, 1e-15);
  EXPECT_EQ(s.overlapping_pairs, 1);
}

TEST(MeasureOverlap, SumsPairsAndSkipsStaticPairsAndInactive) {
  const std::vector<Body> bodies{
      test::box_body(-1, -1, 1, 0, true),     // floor
      test::box_body(0.5, -1, 1.5, 1, true),  // wall overlapping the floor: static pair, excluded
      test::box_body(0, -0.1, 0.2, 0.1),      // sunk 0.1 into the floor: 0.2 * 0.1
      test::box_body(-0.5, -0.2, -0.3, 0.2),  // inactive
      test::particle_body(Vec2(-0.8, -0.05)), // 0.05 inside the floor: depth only
  };
  const OverlapStats s = measure_overlap(bodies, {1, 1, 1, 0, 1});
  EXPECT_NEAR(s.total_area, 0.02, 1e-15);
  EXPECT_NEAR(s.max_depth, 0.1, 1e-15);
  EXPECT_EQ(s.overlapping_pairs, 2);
  const OverlapStats none = measure_overlap(bodies, {1, 1, 0, 0, 0});
  EXPECT_EQ(none.total_area, 0.0);
  EXPECT_EQ(none.max_depth, 0.0);
  EXPECT_EQ(none.overlapping_pairs, 0);
}

TEST(MechanicalEnergy, KnownBody) {
  Body b = test::box_body(0, 0, 1, 1);
  b.mass = 2.0;
  b.inertia = 0.5;
  b.position = Vec2(3.0, 10.0);
  b.velocity = Vec2(3.0, 4.0);
  b.angular_velocity = 2.0;
  Body wall = test::box_body(5, 0, 6, 10, true);
  wall.velocity = Vec2(100, 0);  // static bodies store no energy whatever their fields say
  const Vec2 g(0, -9.81);
  // 0.5 * 2 * 25 + 0.5 * 0.5 * 4 + 2 * 9.81 * 10
  EXPECT_NEAR(mechanical_energy({b, wall}, {1, 1}, g), 25.0 + 1.0 + 196.2, 1e-12);
  EXPECT_EQ(mechanical_energy({b, wall}, {0, 1}, g), 0.0);
}

}  // namespace
}  // namespace pegsim
