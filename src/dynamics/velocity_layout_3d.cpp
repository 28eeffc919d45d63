// 3D bodies in the assembly's shapes (velocity_layout_3d.h).
#include <pegsim/dynamics/velocity_layout_3d.h>

#include <pegsim/dynamics/integrate3d.h>

#include <stdexcept>

namespace pegsim {

std::vector<int> dof_offsets_3d(const std::vector<Body3d>& bodies, const std::vector<char>* active) {
  if (active != nullptr && active->size() != bodies.size()) {
    throw std::invalid_argument("dof_offsets_3d: active has " + std::to_string(active->size()) + " entries for " +
                                std::to_string(bodies.size()) + " bodies");
  }
  std::vector<int> offsets(bodies.size(), -1);
  int next = 0;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (bodies[i].is_static || (active != nullptr && !(*active)[i])) continue;
    offsets[i] = next;
    next += kDofPerBody3D;
  }
  return offsets;
}

InverseMass inverse_mass_3d(const std::vector<Body3d>& bodies, const std::vector<int>& offsets) {
  InverseMass inv;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (offsets[i] < 0) continue;
    Mat block = Mat::Zero(kDofPerBody3D, kDofPerBody3D);
    block.topLeftCorner<3, 3>() = Mat3::Identity() / bodies[i].mass;
    block.bottomRightCorner<3, 3>() = bodies[i].world_inverse_inertia();
    inv.offsets.push_back(offsets[i]);
    inv.blocks.push_back(std::move(block));
    inv.dofs += kDofPerBody3D;
  }
  return inv;
}

Vec gather_velocities_3d(const std::vector<Body3d>& bodies, const std::vector<int>& offsets, int dofs) {
  Vec nu = Vec::Zero(dofs);
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (offsets[i] < 0) continue;
    nu.segment<3>(offsets[i]) = bodies[i].velocity;
    nu.segment<3>(offsets[i] + 3) = bodies[i].angular_velocity;
  }
  return nu;
}

Vec free_velocities_3d(const std::vector<Body3d>& bodies, const std::vector<int>& offsets, int dofs,
                       const Vec3& gravity, double h, GyroscopicScheme scheme) {
  Vec nu_free = Vec::Zero(dofs);
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (offsets[i] < 0) continue;
    // The state advance_velocity_3d reads, without copying the shape.
    Body3d free;
    free.mass = bodies[i].mass;
    free.inertia = bodies[i].inertia;
    free.orientation = bodies[i].orientation;
    free.velocity = bodies[i].velocity;
    free.angular_velocity = bodies[i].angular_velocity;
    advance_velocity_3d(free, free.mass * gravity, Vec3::Zero(), h, scheme);
    nu_free.segment<3>(offsets[i]) = free.velocity;
    nu_free.segment<3>(offsets[i] + 3) = free.angular_velocity;
  }
  return nu_free;
}

void integrate_3d(std::vector<Body3d>& bodies, const std::vector<int>& offsets, const Vec& nu, double h) {
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (offsets[i] < 0) continue;
    Body3d& body = bodies[i];
    body.velocity = nu.segment<3>(offsets[i]);
    body.angular_velocity = nu.segment<3>(offsets[i] + 3);
    advance_configuration_3d(body, h);
  }
}

}  // namespace pegsim
