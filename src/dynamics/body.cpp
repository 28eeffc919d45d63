// Body geometry in the world frame: x_world = position + R(angle) x_local.
#include <pegsim/dynamics/body.h>

#include <algorithm>
#include <stdexcept>

namespace pegsim {

Vec2 Body::world_vertex(int i) const {
  if (i < 0 || i >= static_cast<int>(local_vertices.size())) {
    throw std::out_of_range("Body '" + name + "': vertex index " + std::to_string(i) + " out of range");
  }
  return position + Eigen::Rotation2Dd(angle) * local_vertices[static_cast<std::size_t>(i)];
}

Polygon Body::world_vertices() const { return transform_polygon(local_vertices, position, angle); }

double Body::bounding_radius() const {
  double r = 0.0;
  for (const Vec2& v : local_vertices) r = std::max(r, v.norm());
  return r;
}

}  // namespace pegsim
