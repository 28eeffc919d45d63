// One unconstrained step of a 3D body (semi-implicit Euler, as the 2D integrator and the PEG
// reference): velocities first from the external force and torque and the gyroscopic term, then
// the configuration from the new velocities:
//   v+ = v + h F / m
//   w+ = R gyro_h(R^T w + h I^-1 R^T tau)         (body frame; gyroscopic.h)
//   x+ = x + h v+,   q+ = exp(h w+ / 2) (x) q      (renormalised; quaternion.h)
// A rotation about w+ leaves w+ fixed, so the body-frame velocity the gyroscopic step produced is
// the one the next step starts from. Static bodies do not move.
#pragma once

#include <pegsim/dynamics/body3d.h>
#include <pegsim/dynamics/gyroscopic.h>

namespace pegsim {

// The velocities after h without contacts (the "free" velocities of the step's LCP).
void advance_velocity_3d(Body3d& body, const Vec3& force, const Vec3& torque, double h,
                         GyroscopicScheme scheme = GyroscopicScheme::implicit_midpoint);
// Position and orientation from the current velocities.
void advance_configuration_3d(Body3d& body, double h);
// Both, for a body with no contacts.
void step_free_body_3d(Body3d& body, const Vec3& force, const Vec3& torque, double h,
                       GyroscopicScheme scheme = GyroscopicScheme::implicit_midpoint);

}  // namespace pegsim
