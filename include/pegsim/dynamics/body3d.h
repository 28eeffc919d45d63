// Rigid bodies in 3D: position of the centre of mass, unit quaternion (body to world), linear and
// world-frame angular velocity; 7 configuration coordinates and 6 velocity DOFs (quaternion.h).
// The 2D Body (body.h) is unchanged; the shared stages see both through velocity indices and
// inverse-mass blocks (docs/engine3d.md).
#pragma once

#include <pegsim/dynamics/quaternion.h>
#include <pegsim/geometry/polyhedron.h>

#include <string>

namespace pegsim {

inline constexpr int kDofPerBody3D = 6;
inline constexpr int kConfigurationPerBody3D = 7;

using Vec6 = Eigen::Matrix<double, 6, 1>;
using Vec7 = Eigen::Matrix<double, 7, 1>;

struct Body3d {
  std::string name;
  Polyhedron shape;                      // body frame, origin at the centre of mass
  bool is_static = false;
  double mass = 1.0;
  Mat3 inertia = Mat3::Identity();       // body frame, about the centre of mass
  double friction = 0.0;
  double spawn_time = 0.0;
  Vec3 position = Vec3::Zero();
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();
  Vec3 velocity = Vec3::Zero();
  Vec3 angular_velocity = Vec3::Zero();  // world frame

  Mat3 rotation() const { return orientation.toRotationMatrix(); }
  Mat3 world_inertia() const;            // R I R^T
  Mat3 world_inverse_inertia() const;    // R I^-1 R^T
  Vec3 world_vertex(int i) const;        // throws std::out_of_range
  Polyhedron world_shape() const;
  std::vector<Vec3> world_vertices() const;  // world_shape().vertices without the rest of the copy
  double bounding_radius() const { return shape.bounding_radius(); }

  Vec7 configuration() const;            // (x, y, z, qw, qx, qy, qz)
  Vec6 generalized_velocity() const;     // (v, omega)
  Vec3 angular_momentum() const;         // world frame, about the centre of mass
  double kinetic_energy() const;
};

// Empty when the body is valid (positive finite mass, symmetric positive-definite inertia
// satisfying the triangle inequality, unit quaternion within 1e-6, finite state); otherwise the
// reason, for error messages.
std::string body3d_problem(const Body3d& body);

}  // namespace pegsim
