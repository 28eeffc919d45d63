// The gyroscopic term of a free rigid body's rotation: Euler's equations in the body frame,
//   I w' = -w x I w + tau,
// advanced over one step h. Schemes (docs/engine3d.md):
//  - explicit_euler: w2 = w1 - h I^-1 (w1 x I w1). Gains energy every step; unstable for fast
//    asymmetric spin. Kept as the reference the tests show failing.
//  - implicit_euler: I (w2 - w1) + h w2 x I w2 = 0 with one Newton step from w1 (Catto, "Numerical
//    methods", GDC 2015; Box2D/Bullet's implicit gyroscopic force). Stable, loses energy ~ h per step.
//  - implicit_midpoint: I (w2 - w1) + h wm x I wm = 0, wm = (w1 + w2) / 2, Newton to convergence.
//    Conserves |I w| and w . I w exactly (both are quadratic invariants, which the implicit
//    midpoint rule preserves). The default.
#pragma once

#include <pegsim/geometry/polyhedron.h>

namespace pegsim {

enum class GyroscopicScheme { explicit_euler, implicit_euler, implicit_midpoint };

// Body-frame angular velocity after h under Euler's torque-free equations.
Vec3 gyroscopic_step(const Mat3& inertia, const Vec3& omega_body, double h,
                     GyroscopicScheme scheme = GyroscopicScheme::implicit_midpoint);

}  // namespace pegsim
