// Unit quaternions for 3D orientation, order (w, x, y, z), body to world. The configuration of a
// body is s = (x, y, z, qw, qx, qy, qz) (7 numbers), its generalised velocity u = (v, omega) (6,
// omega in the world frame), related by s' = S(q) u (contact-NCP excerpt, eq. (1)-(2): sigma(f) =
// s + h S (u + h M^-1 (J N f + f_ext))) with
//   S(q) = [ 1_3   0        ]     q' = 1/2 (0, omega) (x) q = 1/2 Q(q) omega,
//          [ 0     1/2 Q(q) ]     Q(q) = [-x -y -z; w z -y; -z w x; y -x w].
#pragma once

#include <Eigen/Dense>
#include <Eigen/Geometry>

namespace pegsim {

using Vec4 = Eigen::Vector4d;

// (w, x, y, z) <-> Eigen's quaternion (whose constructor takes w, x, y, z but stores x, y, z, w).
Eigen::Quaterniond quaternion_from_wxyz(const Vec4& wxyz);
Vec4 wxyz(const Eigen::Quaterniond& q);

// Q(q) above: q' = 1/2 Q(q) omega for a world-frame angular velocity omega.
Eigen::Matrix<double, 4, 3> quaternion_rate_matrix(const Eigen::Quaterniond& q);
// S(q) above (7 x 6).
Eigen::Matrix<double, 7, 6> configuration_rate_map(const Eigen::Quaterniond& q);

// The orientation after turning at the constant world angular velocity omega for time h:
// exp(h omega / 2) (x) q (premultiplied: world frame, as the PEG reference code does), renormalised.
// Agrees with q + h/2 Q(q) omega to first order in h.
Eigen::Quaterniond advance_orientation(const Eigen::Quaterniond& q, const Eigen::Vector3d& omega, double h);

}  // namespace pegsim
