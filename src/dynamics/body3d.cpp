// 3D body kinematics and invariants (body3d.h).
#include <pegsim/dynamics/body3d.h>

#include <cmath>
#include <stdexcept>
#include <string>

namespace pegsim {

Mat3 Body3d::world_inertia() const {
  const Mat3 r = rotation();
  return r * inertia * r.transpose();
}

Mat3 Body3d::world_inverse_inertia() const {
  const Mat3 r = rotation();
  return r * inertia.inverse() * r.transpose();
}

Vec3 Body3d::world_vertex(int i) const {
  if (i < 0 || i >= static_cast<int>(shape.vertices.size())) {
    throw std::out_of_range("Body3d::world_vertex: index " + std::to_string(i));
  }
  return orientation * shape.vertices[static_cast<std::size_t>(i)] + position;
}

Polyhedron Body3d::world_shape() const { return transformed(shape, orientation, position); }

std::vector<Vec3> Body3d::world_vertices() const { return transformed_vertices(shape, orientation, position); }

Vec7 Body3d::configuration() const {
  Vec7 s;
  s << position, wxyz(orientation);
  return s;
}

Vec6 Body3d::generalized_velocity() const {
  Vec6 u;
  u << velocity, angular_velocity;
  return u;
}

Vec3 Body3d::angular_momentum() const { return world_inertia() * angular_velocity; }

double Body3d::kinetic_energy() const {
  return 0.5 * mass * velocity.squaredNorm() + 0.5 * angular_velocity.dot(world_inertia() * angular_velocity);
}

std::string body3d_problem(const Body3d& body) {
  if (!(body.mass > 0.0) || !std::isfinite(body.mass)) return "mass must be positive and finite";
  if (!body.inertia.allFinite()) return "inertia is not finite";
  if ((body.inertia - body.inertia.transpose()).norm() > 1e-9 * body.inertia.norm()) return "inertia is not symmetric";
  const Eigen::SelfAdjointEigenSolver<Mat3> eig(body.inertia);
  const Vec3 p = eig.eigenvalues();  // ascending
  if (!(p[0] > 0.0)) return "inertia is singular or not positive definite";
  if (p[0] + p[1] < p[2] * (1.0 - 1e-9)) return "inertia violates the triangle inequality (no mass distribution has it)";
  const double n = body.orientation.coeffs().norm();
  if (!std::isfinite(n) || std::abs(n - 1.0) > 1e-6) return "orientation is not a unit quaternion (norm " + std::to_string(n) + ")";
  if (!body.position.allFinite() || !body.velocity.allFinite() || !body.angular_velocity.allFinite()) {
    return "position or velocity is not finite";
  }
  return {};
}

}  // namespace pegsim
