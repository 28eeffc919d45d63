// Andrew's monotone-chain convex hull (used by the pour2d generator).
#include <pegsim/scene/pour2d.h>

#include <algorithm>

namespace pegsim {

Polygon monotone_chain_hull(std::vector<Vec2> points) {
  std::sort(points.begin(), points.end(),
            [](const Vec2& a, const Vec2& b) { return a.x() < b.x() || (a.x() == b.x() && a.y() < b.y()); });
  points.erase(std::unique(points.begin(), points.end()), points.end());
  if (points.size() < 3) return points;
  // Keep only strict left turns: collinear points are dropped, so the hull is strictly convex.
  auto turns_left = [](const Vec2& o, const Vec2& a, const Vec2& b) { return cross2(a - o, b - o) > 0.0; };
  Polygon hull(2 * points.size());
  std::size_t k = 0;
  for (const Vec2& p : points) {  // lower chain
    while (k >= 2 && !turns_left(hull[k - 2], hull[k - 1], p)) --k;
    hull[k++] = p;
  }
  const std::size_t lower_size = k + 1;
  for (std::size_t i = points.size() - 1; i-- > 0;) {  // upper chain
    while (k >= lower_size && !turns_left(hull[k - 2], hull[k - 1], points[i])) --k;
    hull[k++] = points[i];
  }
  hull.resize(k - 1);  // the last point repeats the first
  return hull;
}

}  // namespace pegsim
