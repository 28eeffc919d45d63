// Rigid bodies. 2D now: configuration (x, y, theta), velocity (vx, vy, omega). The assembly and
// solvers only see generalized-velocity indices (dof_offset) and inverse-mass blocks, so 3D bodies
// (position + quaternion, 6 velocity DOFs) slot in without touching them.
#pragma once

#include <pegsim/geometry/polygon.h>

#include <string>

namespace pegsim {

inline constexpr int kDofPerBody2D = 3;

struct Body {
  std::string name;
  Polygon local_vertices;  // body frame, origin at the centre of mass, CCW; 1 vertex = particle
  bool is_static = false;
  double mass = 1.0;
  double inertia = 0.0;    // about the centre of mass; 0 allowed only for particles
  double friction = 0.0;   // per-body coefficient, combined per pair (see friction_rule.h)
  double spawn_time = 0.0; // the body takes part from this time on
  Vec2 position = Vec2::Zero();
  double angle = 0.0;
  Vec2 velocity = Vec2::Zero();
  double angular_velocity = 0.0;

  bool is_particle() const { return local_vertices.size() == 1; }
  Vec2 world_vertex(int i) const;
  Polygon world_vertices() const;
  // Radius of the smallest origin-centred circle containing the shape (for motion bounds).
  double bounding_radius() const;
};

}  // namespace pegsim
