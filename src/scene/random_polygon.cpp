// Random convex polygons of the authors' kind (random_polygon.h).
#include <pegsim/scene/pour2d.h>
#include <pegsim/scene/random_polygon.h>

#include <vector>

namespace pegsim {
namespace {
constexpr int kHullPoints = 10;
}  // namespace

double uniform01(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

Polygon random_authors_hull(std::mt19937_64& rng) {
  for (;;) {
    std::vector<Vec2> points(kHullPoints);
    Vec2 mean = Vec2::Zero();
    for (Vec2& p : points) {
      p.x() = uniform01(rng);
      p.y() = uniform01(rng);
      mean += p;
    }
    mean /= kHullPoints;
    for (Vec2& p : points) p = kAuthorsBodyScale * (p - mean);
    Polygon hull = monotone_chain_hull(points);
    // Degenerate draws (collinear points) have probability zero; redraw rather than fail.
    if (hull.size() >= 3 && polygon_problem(hull).empty()) return hull;
  }
}

}  // namespace pegsim
