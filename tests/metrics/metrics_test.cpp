// Overlap metrics and mechanical energy against hand-computed values.
#include <pegsim/metrics/metrics.h>

#include <pegsim/geometry/overlap.h>

#include "proximity/scene_helpers.h"

#include <gtest/gtest.h>

#include <random>

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

// Every pair, in (i, j) order, as the metric was before it culled pairs by their boxes.
OverlapStats all_pairs_overlap(const std::vector<Body>& bodies, const std::vector<char>& active) {
  OverlapStats stats;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    for (std::size_t j = i + 1; j < bodies.size(); ++j) {
      if (!active[i] || !active[j] || (bodies[i].is_static && bodies[j].is_static)) continue;
      const Polygon a = bodies[i].world_vertices(), b = bodies[j].world_vertices();
      const double area = convex_intersection_area(a, b), depth = penetration_depth(a, b);
      if (area > 0.0 || depth > 0.0) ++stats.overlapping_pairs;
      stats.total_area += area;
      stats.max_depth = std::max(stats.max_depth, depth);
    }
  }
  return stats;
}

TEST(MeasureOverlap, BoxCullingChangesNoSum) {
  // Dense random scenes (overlaps, particles, static and inactive bodies) and touching boxes:
  // the culled metric equals the all-pairs one bit for bit (same pairs summed in the same order).
  std::mt19937_64 rng(20261126);
  int overlapping = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const test::RandomScene scene = test::random_scene(rng, 30, 2.0 + 0.1 * trial);
    const OverlapStats culled = measure_overlap(scene.bodies, scene.active);
    const OverlapStats all = all_pairs_overlap(scene.bodies, scene.active);
    EXPECT_EQ(culled.total_area, all.total_area) << "trial " << trial;
    EXPECT_EQ(culled.max_depth, all.max_depth) << "trial " << trial;
    EXPECT_EQ(culled.overlapping_pairs, all.overlapping_pairs) << "trial " << trial;
    overlapping += all.overlapping_pairs;
  }
  EXPECT_GT(overlapping, 100);  // the scenes do overlap
  const std::vector<Body> touching{test::box_body(0, 0, 1, 1), test::box_body(1, 0, 2, 1),
                                   test::particle_body(Vec2(1, 0.5)), test::box_body(0.9, 0.9, 1.5, 1.5)};
  const std::vector<char> active{1, 1, 1, 1};
  const OverlapStats culled = measure_overlap(touching, active);
  const OverlapStats all = all_pairs_overlap(touching, active);
  EXPECT_EQ(culled.total_area, all.total_area);
  EXPECT_EQ(culled.max_depth, all.max_depth);
  EXPECT_EQ(culled.overlapping_pairs, all.overlapping_pairs);
  EXPECT_NEAR(culled.total_area, 0.06, 1e-15);  // the fourth box over both squares: 0.1 * 0.1 + 0.5 * 0.1
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
