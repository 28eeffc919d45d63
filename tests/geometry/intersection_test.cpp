// Convex intersection area: exact cases, touching/degenerate cases, and random pairs against a
// fine-grid estimate.
#include <pegsim/geometry/overlap.h>

#include "geometry/random_convex.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace pegsim {
namespace {

Polygon box(double x0, double y0, double x1, double y1) {
  return {Vec2(x0, y0), Vec2(x1, y0), Vec2(x1, y1), Vec2(x0, y1)};
}

TEST(ConvexIntersection, OffsetSquares) {
  EXPECT_DOUBLE_EQ(convex_intersection_area(box(0, 0, 2, 2), box(1, 0.5, 3, 2.5)), 1.0 * 1.5);
  EXPECT_DOUBLE_EQ(convex_intersection_area(box(1, 0.5, 3, 2.5), box(0, 0, 2, 2)), 1.5);
}

TEST(ConvexIntersection, ContainedAndIdentical) {
  const Polygon big = box(-5, -5, 5, 5);
  const Polygon small{Vec2(0, 0), Vec2(1, 0.2), Vec2(0.3, 1.1)};
  EXPECT_DOUBLE_EQ(convex_intersection_area(big, small), signed_area(small));
  EXPECT_DOUBLE_EQ(convex_intersection_area(small, big), signed_area(small));
  EXPECT_DOUBLE_EQ(convex_intersection_area(small, small), signed_area(small));
  EXPECT_DOUBLE_EQ(convex_intersection_area(big, big), 100.0);
  // Inner square sharing the outer square's corner and two edge pieces.
  EXPECT_DOUBLE_EQ(convex_intersection_area(box(0, 0, 4, 4), box(0, 0, 1, 1)), 1.0);
}

TEST(ConvexIntersection, TouchingAndDisjointAreZero) {
  const Polygon a = box(0, 0, 1, 1);
  EXPECT_EQ(convex_intersection_area(a, box(1, 0, 2, 1)), 0.0);      // shared edge
  EXPECT_EQ(convex_intersection_area(a, box(1, 0.5, 2, 3)), 0.0);    // part of an edge
  EXPECT_EQ(convex_intersection_area(a, box(1, 1, 2, 2)), 0.0);      // corner to corner
  EXPECT_EQ(convex_intersection_area(a, box(3, 3, 4, 4)), 0.0);      // disjoint
  const Polygon diamond{Vec2(0.5, 1), Vec2(1, 1.5), Vec2(0.5, 2), Vec2(0, 1.5)};  // vertex on edge
  EXPECT_EQ(convex_intersection_area(a, diamond), 0.0);
  EXPECT_EQ(convex_intersection_area(diamond, a), 0.0);
  const Polygon slanted{Vec2(1, 0.2), Vec2(2, -1), Vec2(2, 2)};  // vertex touching an edge, outside
  EXPECT_LE(convex_intersection_area(a, slanted), 1e-15);
  EXPECT_TRUE(convex_intersection({Vec2(0.5, 0.5)}, a).empty());  // particles have no area
}

TEST(ConvexIntersection, RotatedSquareInSquare) {
  // The diamond |x| + |y| <= s (s = 1.5) against the square [-1, 1]^2: an octagon, the diamond's
  // area 2 s^2 minus its four tips beyond the square, triangles of base 2 (s - 1), height s - 1.
  const double s = 1.5;
  const Polygon diamond{Vec2(s, 0), Vec2(0, s), Vec2(-s, 0), Vec2(0, -s)};
  const double expected = 2 * s * s - 4 * (s - 1) * (s - 1);
  EXPECT_NEAR(convex_intersection_area(box(-1, -1, 1, 1), diamond), expected, 1e-14);
}

TEST(ConvexIntersection, RandomDegenerateCases) {
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 200; ++trial) {
    const Polygon a = test::random_convex_polygon(rng, Vec2(0.3, -0.2), 1.0, 9);
    const double area = signed_area(a);
    EXPECT_NEAR(convex_intersection_area(a, a), area, 1e-15 * (1 + area)) << trial;
    // Scaled copy about the centroid: contained.
    const Vec2 c = area_centroid(a);
    Polygon inner;
    for (const Vec2& v : a) inner.push_back(c + 0.5 * (v - c));
    EXPECT_NEAR(convex_intersection_area(a, inner), 0.25 * area, 1e-14) << trial;
    // Mirror image across one edge (reversed to stay CCW): shares that edge, interiors disjoint.
    const std::size_t e = static_cast<std::size_t>(trial) % a.size();
    const Vec2 p0 = a[e], d = (a[(e + 1) % a.size()] - p0).normalized();
    Polygon mirror;
    for (auto it = a.rbegin(); it != a.rend(); ++it) {
      const Vec2 r = *it - p0;
      mirror.push_back(p0 + 2.0 * r.dot(d) * d - r);
    }
    ASSERT_GT(signed_area(mirror), 0.0);
    EXPECT_LE(convex_intersection_area(a, mirror), 1e-14) << trial;
    EXPECT_LE(convex_intersection_area(mirror, a), 1e-14) << trial;
  }
}

TEST(ConvexIntersection, RandomPairsAgainstGrid) {
  std::mt19937_64 rng(20240611);
  std::uniform_real_distribution<double> offset(-0.6, 0.6);
  int overlapping = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const Polygon a = test::random_convex_polygon(rng, Vec2(0, 0), 1.0, 8);
    const Polygon b = test::random_convex_polygon(rng, Vec2(offset(rng), offset(rng)), 1.0, 8);
    const double exact = convex_intersection_area(a, b);
    EXPECT_NEAR(exact, convex_intersection_area(b, a), 1e-14);

    // Midpoint rule on a 400 x 400 grid over [-1.2, 1.2]^2.
    const int n = 400;
    const double lo = -1.2, cell = 2.4 / n;
    int count = 0;
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        const Vec2 x(lo + (i + 0.5) * cell, lo + (j + 0.5) * cell);
        if (test::inside_convex(a, x) && test::inside_convex(b, x)) ++count;
      }
    }
    const double grid = count * cell * cell;
    // Only cells cut by a boundary can be misclassified (rigorous bound ~2 P cell); the midpoint
    // rule's errors largely cancel, so 1/40 of that is still about twice the worst error seen (seeded).
    const double tolerance = 0.05 * (test::perimeter(a) + test::perimeter(b)) * cell;
    EXPECT_NEAR(exact, grid, tolerance) << "trial " << trial;
    if (exact > 0.0) ++overlapping;

    // The intersection polygon is convex, CCW and lies in both.
    const Polygon clipped = convex_intersection(a, b);
    if (!clipped.empty()) {
      for (const Vec2& v : clipped) {
        for (const Polygon* p : {&a, &b}) {
          for (std::size_t k = 0; k < p->size(); ++k) {
            EXPECT_GE(cross2((*p)[(k + 1) % p->size()] - (*p)[k], v - (*p)[k]), -1e-12);
          }
        }
      }
      EXPECT_GT(signed_area(clipped), 0.0);
    }
  }
  EXPECT_GT(overlapping, 30);  // the offsets make most pairs overlap
}

}  // namespace
}  // namespace pegsim
