// Penetration depth of two convex polygons by the separating-axis theorem: for convex shapes the
// minimum translation distance is the smallest projection overlap over the edge normals of both.
// A 1-vertex polygon (particle) contributes no axes; against a polygon the result is then the
// point's distance to the nearest edge line, which for an interior point of a convex polygon is its
// distance to the boundary.
#include <pegsim/geometry/overlap.h>

#include <algorithm>
#include <limits>

namespace pegsim {

namespace {

struct Interval {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
};

Interval project(const Polygon& p, const Vec2& axis) {
  Interval s;
  for (const Vec2& v : p) {
    const double x = axis.dot(v);
    s.lo = std::min(s.lo, x);
    s.hi = std::max(s.hi, x);
  }
  return s;
}

// Smallest overlap of the projections over the unit normals of `edges_of`'s edges; a value
// <= 0 means a separating axis was found.
double min_overlap_over_normals(const Polygon& edges_of, const Polygon& a, const Polygon& b) {
  double best = std::numeric_limits<double>::infinity();
  const std::size_t n = edges_of.size();
  if (n < 3) return best;  // a particle (or degenerate shape) has no edge normals
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 e = edges_of[(i + 1) % n] - edges_of[i];
    const double length = e.norm();
    if (length == 0.0) continue;
    const Vec2 axis = Vec2(e.y(), -e.x()) / length;
    const Interval pa = project(a, axis);
    const Interval pb = project(b, axis);
    const double overlap = std::min(pa.hi - pb.lo, pb.hi - pa.lo);
    best = std::min(best, overlap);
    if (best <= 0.0) return 0.0;
  }
  return best;
}

}  // namespace

double penetration_depth(const Polygon& a, const Polygon& b) {
  if (a.empty() || b.empty()) return 0.0;
  const double depth = std::min(min_overlap_over_normals(a, a, b), min_overlap_over_normals(b, a, b));
  if (depth == std::numeric_limits<double>::infinity()) return 0.0;  // two particles
  return std::max(0.0, depth);
}

}  // namespace pegsim
