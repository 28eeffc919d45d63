// Test helper: seeded random convex polygons (hull of uniform points), strictly convex and CCW.
#pragma once

#include <pegsim/geometry/polygon.h>

#include <algorithm>
#include <random>
#include <vector>

namespace pegsim::test {

// Andrew's monotone chain; collinear points are dropped (strict convexity).
inline Polygon convex_hull(std::vector<Vec2> pts) {
  std::sort(pts.begin(), pts.end(), [](const Vec2& a, const Vec2& b) {
    return a.x() != b.x() ? a.x() < b.x() : a.y() < b.y();
  });
  if (pts.size() < 3) return pts;
  Polygon hull(2 * pts.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    while (k >= 2 && cross2(hull[k - 1] - hull[k - 2], pts[i] - hull[k - 2]) <= 0.0) --k;
    hull[k++] = pts[i];
  }
  for (std::size_t i = pts.size() - 1, t = k + 1; i > 0; --i) {
    while (k >= t && cross2(hull[k - 1] - hull[k - 2], pts[i - 1] - hull[k - 2]) <= 0.0) --k;
    hull[k++] = pts[i - 1];
  }
  hull.resize(k - 1);
  return hull;
}

// Hull of `points` uniform points in a square of side `size` centred at `centre`; retried until
// it has at least 3 vertices and passes polygon_problem.
inline Polygon random_convex_polygon(std::mt19937_64& rng, const Vec2& centre, double size, int points = 10) {
  std::uniform_real_distribution<double> u(-0.5 * size, 0.5 * size);
  for (;;) {
    std::vector<Vec2> pts;
    for (int i = 0; i < points; ++i) pts.push_back(centre + Vec2(u(rng), u(rng)));
    Polygon hull = convex_hull(pts);
    if (hull.size() >= 3 && polygon_problem(hull).empty()) return hull;
  }
}

inline bool inside_convex(const Polygon& p, const Vec2& x) {  // closed, CCW
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (cross2(p[(i + 1) % p.size()] - p[i], x - p[i]) < 0.0) return false;
  }
  return true;
}

inline double perimeter(const Polygon& p) {
  double s = 0.0;
  for (std::size_t i = 0; i < p.size(); ++i) s += (p[(i + 1) % p.size()] - p[i]).norm();
  return s;
}

}  // namespace pegsim::test
