// Mass properties against analytic values, validity reasons, transforms.
#include <pegsim/geometry/polygon.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace pegsim {
namespace {

Polygon box(double cx, double cy, double w, double h) {
  return {Vec2(cx - w / 2, cy - h / 2), Vec2(cx + w / 2, cy - h / 2), Vec2(cx + w / 2, cy + h / 2),
          Vec2(cx - w / 2, cy + h / 2)};
}

TEST(Polygon, BoxAreaCentroidMoment) {
  for (const Vec2& c : {Vec2(0, 0), Vec2(3.5, -2.0), Vec2(1e6, -3e6)}) {
    const double w = 2.0, h = 0.5;
    const Polygon p = box(c.x(), c.y(), w, h);
    EXPECT_NEAR(signed_area(p), w * h, 1e-9);
    EXPECT_NEAR((area_centroid(p) - c).norm(), 0.0, 1e-9 * (1.0 + c.norm()));
    // Rectangle: J = A (w^2 + h^2) / 12.
    EXPECT_NEAR(polar_moment_about_centroid(p), w * h * (w * w + h * h) / 12.0, 1e-9);
  }
}

TEST(Polygon, RightTriangle) {
  const double a = 3.0, b = 2.0;
  const Polygon t{Vec2(0, 0), Vec2(a, 0), Vec2(0, b)};
  EXPECT_DOUBLE_EQ(signed_area(t), a * b / 2);
  EXPECT_NEAR((area_centroid(t) - Vec2(a / 3, b / 3)).norm(), 0.0, 1e-14);
  // I_x = a b^3 / 36, I_y = b a^3 / 36 about the centroid.
  EXPECT_NEAR(polar_moment_about_centroid(t), a * b * (a * a + b * b) / 36.0, 1e-12);
}

TEST(Polygon, RegularHexagonMoment) {
  // Regular n-gon of circumradius R: J = n R^4 sin(2 pi / n) (2 + cos(2 pi / n)) / 12.
  const int n = 6;
  const double r = 1.7;
  Polygon p;
  for (int k = 0; k < n; ++k) p.emplace_back(r * std::cos(2 * std::numbers::pi * k / n), r * std::sin(2 * std::numbers::pi * k / n));
  const double s = std::sin(2 * std::numbers::pi / n), c = std::cos(2 * std::numbers::pi / n);
  EXPECT_NEAR(signed_area(p), 0.5 * n * r * r * s, 1e-12);
  EXPECT_NEAR(polar_moment_about_centroid(p), n * std::pow(r, 4) * s * (2 + c) / 12.0, 1e-12);
}

TEST(Polygon, ClockwiseHasNegativeAreaSameMoment) {
  Polygon p = box(1, 1, 2, 1);
  const double j = polar_moment_about_centroid(p);
  std::reverse(p.begin(), p.end());
  EXPECT_DOUBLE_EQ(signed_area(p), -2.0);
  EXPECT_NEAR(polar_moment_about_centroid(p), j, 1e-14);
}

TEST(Polygon, ParticleAndDegenerate) {
  const Polygon particle{Vec2(2, 3)};
  EXPECT_EQ(signed_area(particle), 0.0);
  EXPECT_EQ(area_centroid(particle), Vec2(2, 3));
  EXPECT_EQ(polar_moment_about_centroid(particle), 0.0);
}

TEST(PolygonProblem, Reasons) {
  EXPECT_EQ(polygon_problem(box(0, 0, 1, 1)), "");
  EXPECT_EQ(polygon_problem({Vec2(1, 2)}), "");
  EXPECT_EQ(polygon_problem({}), "fewer than 3 vertices");
  EXPECT_EQ(polygon_problem({Vec2(0, 0), Vec2(1, 0)}), "fewer than 3 vertices");

  Polygon cw = box(0, 0, 1, 1);
  std::reverse(cw.begin(), cw.end());
  EXPECT_EQ(polygon_problem(cw), "clockwise");

  // Reflex vertex 2 (a dart).
  const Polygon dart{Vec2(0, 0), Vec2(2, 0), Vec2(1, 0.5), Vec2(1, 2)};
  EXPECT_EQ(polygon_problem(dart), "not convex at vertex 2");

  // Collinear consecutive vertices: not strictly convex.
  const Polygon collinear{Vec2(0, 0), Vec2(1, 0), Vec2(2, 0), Vec2(2, 1)};
  EXPECT_EQ(polygon_problem(collinear), "not convex at vertex 1");

  const Polygon repeated{Vec2(0, 0), Vec2(1, 0), Vec2(1, 0), Vec2(0, 1)};
  EXPECT_EQ(polygon_problem(repeated), "repeated vertex 2");

  Polygon nan = box(0, 0, 1, 1);
  nan[3].y() = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(polygon_problem(nan), "non-finite coordinate at vertex 3");
  EXPECT_EQ(polygon_problem({Vec2(std::numeric_limits<double>::infinity(), 0)}), "non-finite coordinate at vertex 0");

  // A pentagram turns left at every vertex but winds twice.
  Polygon star;
  for (int k = 0; k < 5; ++k) {
    const double t = 2 * std::numbers::pi * (2 * k) / 5;
    star.emplace_back(std::cos(t), std::sin(t));
  }
  EXPECT_NE(polygon_problem(star).find("not convex"), std::string::npos) << polygon_problem(star);
}

TEST(Polygon, TransformRotatesThenTranslates) {
  const Polygon local{Vec2(1, 0), Vec2(0, 1), Vec2(-1, 0)};
  const Polygon w = transform_polygon(local, Vec2(10, 20), std::numbers::pi / 2);
  ASSERT_EQ(w.size(), 3u);
  EXPECT_NEAR((w[0] - Vec2(10, 21)).norm(), 0.0, 1e-12);
  EXPECT_NEAR((w[1] - Vec2(9, 20)).norm(), 0.0, 1e-12);
  EXPECT_NEAR((w[2] - Vec2(10, 19)).norm(), 0.0, 1e-12);
  // Rigid motion keeps area and moment.
  EXPECT_NEAR(signed_area(w), signed_area(local), 1e-12);
  EXPECT_NEAR(polar_moment_about_centroid(w), polar_moment_about_centroid(local), 1e-12);
}

}  // namespace
}  // namespace pegsim
