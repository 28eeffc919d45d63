// Bodies and a stepping loop for the 3D contact tests.
#pragma once

#include <pegsim/dynamics/step_standard_3d.h>
#include <pegsim/geometry/mass_properties_3d.h>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <vector>

namespace pegsim::test3d {

inline Body3d box_body(const Vec3& half, const Vec3& position, const Eigen::Quaterniond& q = Eigen::Quaterniond::Identity(),
                       bool is_static = false, double friction = 0.0) {
  const RigidShape3d shape = rigid_shape_from_density(box_polyhedron(-half, half), 1000.0);
  Body3d b;
  b.shape = shape.shape;
  b.mass = shape.mass;
  b.inertia = shape.inertia;
  b.position = position;
  b.orientation = q;
  b.is_static = is_static;
  b.friction = friction;
  return b;
}

// A 4 x 4 x 0.5 m static slab whose top face is the plane z = 0 (before `tilt`, about the origin).
inline Body3d slab(double friction, const Eigen::Quaterniond& tilt = Eigen::Quaterniond::Identity()) {
  Body3d s = box_body(Vec3(2.0, 2.0, 0.25), tilt * Vec3(0, 0, -0.25), tilt, true, friction);
  s.name = "slab";
  return s;
}

// A 0.2 m cube (8 kg) resting on the plane z = 0 (before `tilt`).
inline Body3d cube_on_plane(double friction, const Eigen::Quaterniond& tilt = Eigen::Quaterniond::Identity()) {
  Body3d c = box_body(Vec3::Constant(0.1), tilt * Vec3(0, 0, 0.1), tilt, false, friction);
  c.name = "cube";
  return c;
}

inline double mechanical_energy(const std::vector<Body3d>& bodies, const Vec3& gravity) {
  double e = 0.0;
  for (const Body3d& b : bodies)
    if (!b.is_static) e += b.kinetic_energy() - b.mass * gravity.dot(b.position);
  return e;
}

inline double lowest_vertex_z(const Body3d& body) {
  double z = std::numeric_limits<double>::infinity();
  for (int i = 0; i < static_cast<int>(body.shape.vertices.size()); ++i) z = std::min(z, body.world_vertex(i).z());
  return z;
}

// Steps `steps` times; every step must verify; `each` sees the bodies after step k (1-based).
inline void run_steps(std::vector<Body3d>& bodies, const Step3dOptions& options, int steps,
                      const std::function<void(int, const Step3dRecord&)>& each = {}) {
  for (int k = 1; k <= steps; ++k) {
    const Step3dRecord record = step_standard_3d(bodies, options);
    ASSERT_TRUE(record.solved) << "step " << k << ": " << to_string(record.result.status) << " "
                               << record.result.message << " residual " << record.residual;
    if (each) each(k, record);
  }
}

}  // namespace pegsim::test3d
