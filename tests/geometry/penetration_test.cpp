// Penetration depth (separating-axis minimum translation distance).
#include <pegsim/geometry/overlap.h>

#include "geometry/random_convex.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace pegsim {
namespace {

Polygon box(double x0, double y0, double x1, double y1) {
  return {Vec2(x0, y0), Vec2(x1, y0), Vec2(x1, y1), Vec2(x0, y1)};
}

TEST(PenetrationDepth, OverlappingBoxes) {
  // Overlap 0.3 in x, 0.5 in y: pushing apart along x is cheapest.
  EXPECT_NEAR(penetration_depth(box(0, 0, 1, 1), box(0.7, 0.5, 1.7, 1.5)), 0.3, 1e-15);
  EXPECT_NEAR(penetration_depth(box(0.7, 0.5, 1.7, 1.5), box(0, 0, 1, 1)), 0.3, 1e-15);
  EXPECT_EQ(penetration_depth(box(0, 0, 1, 1), box(1, 0, 2, 1)), 0.0);  // touching
  EXPECT_EQ(penetration_depth(box(0, 0, 1, 1), box(2, 0, 3, 1)), 0.0);  // apart
}

TEST(PenetrationDepth, TrianglePokingIntoFloor) {
  const double d = 0.04;
  const Polygon floor = box(-5, -10, 5, 0);
  const Polygon wedge{Vec2(0, -d), Vec2(1, 2), Vec2(-1, 2)};  // apex down, d below the surface
  EXPECT_NEAR(penetration_depth(floor, wedge), d, 1e-14);
  // Rigid motion of both changes nothing.
  const double angle = 0.7;
  const Vec2 shift(3, -2);
  const Polygon f2 = transform_polygon(floor, shift, angle);
  const Polygon w2 = transform_polygon(wedge, shift, angle);
  EXPECT_NEAR(penetration_depth(f2, w2), d, 1e-12);
}

TEST(PenetrationDepth, Particles) {
  const Polygon square = box(0, 0, 1, 1);
  EXPECT_NEAR(penetration_depth({Vec2(0.2, 0.6)}, square), 0.2, 1e-15);
  EXPECT_NEAR(penetration_depth(square, {Vec2(0.5, 0.9)}), 0.1, 1e-15);
  EXPECT_EQ(penetration_depth({Vec2(1.5, 0.5)}, square), 0.0);
  EXPECT_EQ(penetration_depth({Vec2(1.0, 0.5)}, square), 0.0);  // on the boundary
  EXPECT_EQ(penetration_depth({Vec2(0.5, 0.5)}, {Vec2(0.5, 0.5)}), 0.0);
}

// Depth = min over all directions u of the projection overlap; sampling u densely gives an upper
// bound that converges to the SAT value.
TEST(PenetrationDepth, RandomPairsAgainstDirectionSampling) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> offset(-0.5, 0.5);
  for (int trial = 0; trial < 100; ++trial) {
    const Polygon a = test::random_convex_polygon(rng, Vec2(0, 0), 1.0, 7);
    const Polygon b = test::random_convex_polygon(rng, Vec2(offset(rng), offset(rng)), 1.0, 7);
    const double depth = penetration_depth(a, b);
    double sampled = std::numeric_limits<double>::infinity();
    const int directions = 20000;
    for (int k = 0; k < directions; ++k) {
      const double t = std::numbers::pi * k / directions;  // overlap(u) = overlap(-u)
      const Vec2 u(std::cos(t), std::sin(t));
      double alo = 1e9, ahi = -1e9, blo = 1e9, bhi = -1e9;
      for (const Vec2& v : a) { alo = std::min(alo, u.dot(v)); ahi = std::max(ahi, u.dot(v)); }
      for (const Vec2& v : b) { blo = std::min(blo, u.dot(v)); bhi = std::max(bhi, u.dot(v)); }
      sampled = std::min(sampled, std::min(ahi - blo, bhi - alo));
    }
    sampled = std::max(0.0, sampled);
    EXPECT_LE(depth, sampled + 1e-12) << "trial " << trial;
    // Angular resolution pi/20000 on shapes of diameter < 1.5.
    EXPECT_GE(depth, sampled - 1.5 * std::numbers::pi / directions) << "trial " << trial;
    EXPECT_EQ(depth > 0.0, convex_intersection_area(a, b) > 0.0) << "trial " << trial;
  }
}

}  // namespace
}  // namespace pegsim
