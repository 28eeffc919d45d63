// 3D bodies in the shapes the shared assembly takes (assembly.h): the generalized-velocity layout
// (6 DOFs per active dynamic body: v then omega, world frame), the block-diagonal inverse mass
// diag(1/m 1_3, R I^-1 R^T), the free velocities and the write-back of the solved ones.
// The 3D counterpart of simulation.cpp's dof_offsets / inverse_mass / gather_velocities /
// free_velocities / integrate_positions (docs/engine3d.md, "2D-only" table).
#pragma once

#include <pegsim/assembly/assembly.h>
#include <pegsim/dynamics/body3d.h>
#include <pegsim/dynamics/gyroscopic.h>

#include <vector>

namespace pegsim {

// First DOF per body; -1 for static or inactive bodies (null `active`: all active).
std::vector<int> dof_offsets_3d(const std::vector<Body3d>& bodies, const std::vector<char>* active = nullptr);

// The 6x6 blocks diag(1/m 1_3, R I^-1 R^T), in body order.
InverseMass inverse_mass_3d(const std::vector<Body3d>& bodies, const std::vector<int>& offsets);

// nu^l = (v, omega) per body.
Vec gather_velocities_3d(const std::vector<Body3d>& bodies, const std::vector<int>& offsets, int dofs);

// nu_free: v + h g and omega after the gyroscopic step over h (integrate3d.h's advance_velocity_3d
// with F = m g, no torque). The excerpt's sigma(f) = s + h S(u + h M^-1(J N f + f_ext)) with the
// gyroscopic term in f_ext's place: the LCP's impulses are added to this.
Vec free_velocities_3d(const std::vector<Body3d>& bodies, const std::vector<int>& offsets, int dofs,
                       const Vec3& gravity, double h, GyroscopicScheme scheme = GyroscopicScheme::implicit_midpoint);

// Sets each body's (v, omega) from nu and moves it by h (advance_configuration_3d).
void integrate_3d(std::vector<Body3d>& bodies, const std::vector<int>& offsets, const Vec& nu, double h);

}  // namespace pegsim
