// Re-centring body frames on the centre of mass (see body_frame.h).
#include <pegsim/scene/body_frame.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pegsim {
namespace {

// Relative size of a centroid offset below which the frame counts as centred: the area-centroid
// formula itself has rounding error of order 1e-16 * size, so a re-centred body stays put.
constexpr double kCentredTolerance = 1e-10;

Vec2 rotate(const Vec2& v, double angle) {
  const double c = std::cos(angle), s = std::sin(angle);
  return Vec2(c * v.x() - s * v.y(), s * v.x() + c * v.y());
}

Vec2 centre_of_mass_in_body_frame(const Body& body) {
  const Polygon& p = body.local_vertices;
  if (p.size() == 1) return p.front();
  const std::string problem = polygon_problem(p);
  if (!problem.empty()) throw std::invalid_argument("recentre_at_centroid: invalid polygon: " + problem);
  return area_centroid(p);
}

}  // namespace

Vec2 recentre_at_centroid(Body& body) {
  const Vec2 c = centre_of_mass_in_body_frame(body);
  if (!c.allFinite()) throw std::invalid_argument("recentre_at_centroid: non-finite centroid");
  double size = 0.0;
  for (const Vec2& v : body.local_vertices) size = std::max(size, v.norm());
  if (c.norm() <= kCentredTolerance * size) return Vec2::Zero();
  if (body.is_particle()) {
    body.local_vertices.front() = Vec2::Zero();
  } else {
    for (Vec2& v : body.local_vertices) v -= c;
  }
  const Vec2 offset_world = rotate(c, body.angle);
  body.position += offset_world;
  // Rigid motion: the new origin moves with v + omega x r.
  body.velocity += body.angular_velocity * perp(offset_world);
  return c;
}

}  // namespace pegsim
