// Convex polygons: shoelace mass properties, the validity check behind every scene's error
// messages, and the body-to-world transform.
#include <pegsim/geometry/polygon.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace pegsim {

namespace {

// Twice the signed area and the first/second area moments, all about `ref` (a vertex of p):
// shifting to a vertex keeps the sums well conditioned for polygons far from the origin.
struct AreaMoments {
  double twice_area = 0.0;
  Vec2 first = Vec2::Zero();  // integral of (x - ref) dA
  double polar = 0.0;         // integral of |x - ref|^2 dA
};

AreaMoments area_moments(const Polygon& p, const Vec2& ref) {
  AreaMoments m;
  const std::size_t n = p.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 a = p[i] - ref;
    const Vec2 b = p[(i + 1) % n] - ref;
    const double c = cross2(a, b);  // twice the signed area of triangle (ref, a, b)
    m.twice_area += c;
    m.first += c * (a + b) / 6.0;
    m.polar += c * (a.squaredNorm() + a.dot(b) + b.squaredNorm()) / 12.0;
  }
  return m;
}

double polygon_scale(const Polygon& p) {
  double s = 0.0;
  for (const Vec2& v : p) s = std::max(s, (v - p.front()).lpNorm<Eigen::Infinity>());
  return s;
}

}  // namespace

double signed_area(const Polygon& p) {
  if (p.size() < 3) return 0.0;
  return 0.5 * area_moments(p, p.front()).twice_area;
}

Vec2 area_centroid(const Polygon& p) {
  if (p.empty()) return Vec2::Zero();
  const Vec2 ref = p.front();
  const AreaMoments m = p.size() >= 3 ? area_moments(p, ref) : AreaMoments{};
  const double area = 0.5 * m.twice_area;
  const double scale = polygon_scale(p);
  if (std::abs(area) <= 1e-14 * scale * scale) {
    // Degenerate (particle, segment, collinear points): the vertex mean.
    Vec2 mean = Vec2::Zero();
    for (const Vec2& v : p) mean += v;
    return mean / static_cast<double>(p.size());
  }
  return ref + m.first / area;
}

double polar_moment_about_centroid(const Polygon& p) {
  if (p.size() < 3) return 0.0;
  const Vec2 ref = p.front();
  const AreaMoments m = area_moments(p, ref);
  const double area = 0.5 * m.twice_area;
  if (area == 0.0) return 0.0;
  const Vec2 c = m.first / area;  // centroid relative to ref
  // Parallel-axis theorem: J_centroid = J_ref - A |c - ref|^2; sign follows orientation.
  const double j = m.polar - area * c.squaredNorm();
  return area > 0.0 ? j : -j;
}

std::string polygon_problem(const Polygon& p) {
  const std::size_t n = p.size();
  for (std::size_t k = 0; k < n; ++k) {
    if (!std::isfinite(p[k].x()) || !std::isfinite(p[k].y())) {
      return "non-finite coordinate at vertex " + std::to_string(k);
    }
  }
  if (n == 1) return "";  // a point particle
  if (n < 3) return "fewer than 3 vertices";

  const double scale = polygon_scale(p);
  const double same_point = 1e-12 * scale;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if ((p[i] - p[j]).lpNorm<Eigen::Infinity>() <= same_point) return "repeated vertex " + std::to_string(j);
    }
  }
  if (signed_area(p) < 0.0) return "clockwise";

  // Strict convexity: every turn is to the left by more than a relative tolerance (collinear
  // consecutive vertices fail), and the turns add up to one full revolution (no star shapes).
  double turning = 0.0;
  for (std::size_t k = 0; k < n; ++k) {
    const Vec2 in = p[k] - p[(k + n - 1) % n];
    const Vec2 out = p[(k + 1) % n] - p[k];
    const double c = cross2(in, out);
    if (c <= 1e-12 * in.norm() * out.norm()) return "not convex at vertex " + std::to_string(k);
    turning += std::atan2(c, in.dot(out));
    if (turning > 2.0 * std::numbers::pi + 1e-9) return "not convex at vertex " + std::to_string(k);
  }
  return "";
}

Polygon transform_polygon(const Polygon& local, const Vec2& position, double angle) {
  const Eigen::Rotation2Dd rotation(angle);
  Polygon world;
  world.reserve(local.size());
  for (const Vec2& v : local) world.push_back(position + rotation * v);
  return world;
}

}  // namespace pegsim
