// Directions of the polyhedral friction cone (friction_cone_3d.h).
#include <pegsim/contact/friction_cone_3d.h>

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace pegsim {

Vec3 fixed_tangent(const Vec3& normal) {
  Eigen::Index axis = 0;
  normal.cwiseAbs().minCoeff(&axis);
  return Vec3::Unit(axis).cross(normal).normalized();
}

std::vector<Vec3> friction_directions_3d(const Vec3& normal, const Vec3& sliding_velocity, const FrictionCone3d& cone) {
  if (cone.directions < 3) {
    throw std::invalid_argument("friction_directions_3d: a 3D friction cone needs at least 3 directions, got " +
                                std::to_string(cone.directions));
  }
  if (!normal.allFinite() || std::abs(normal.norm() - 1.0) > 1e-9) {
    throw std::invalid_argument("friction_directions_3d: the normal must be finite and unit");
  }
  const Vec3 tangential = sliding_velocity - normal * normal.dot(sliding_velocity);
  const bool sliding = cone.align_with_sliding && tangential.allFinite() && tangential.norm() > cone.alignment_speed;
  // d_0 opposes the slide: the direction Coulomb friction takes on B while the slide goes on.
  const Vec3 t1 = sliding ? Vec3(-tangential.normalized()) : fixed_tangent(normal);
  const Vec3 t2 = normal.cross(t1);
  std::vector<Vec3> directions;
  directions.reserve(static_cast<std::size_t>(cone.directions));
  for (int j = 0; j < cone.directions; ++j) {
    const double angle = 2.0 * std::numbers::pi * j / cone.directions;
    directions.push_back(std::cos(angle) * t1 + std::sin(angle) * t2);
  }
  return directions;
}

}  // namespace pegsim
