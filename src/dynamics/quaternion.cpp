// Quaternion kinematics (quaternion.h).
#include <pegsim/dynamics/quaternion.h>

#include <cmath>

namespace pegsim {

Eigen::Quaterniond quaternion_from_wxyz(const Vec4& q) { return Eigen::Quaterniond(q[0], q[1], q[2], q[3]); }

Vec4 wxyz(const Eigen::Quaterniond& q) { return Vec4(q.w(), q.x(), q.y(), q.z()); }

Eigen::Matrix<double, 4, 3> quaternion_rate_matrix(const Eigen::Quaterniond& q) {
  const double w = q.w(), x = q.x(), y = q.y(), z = q.z();
  Eigen::Matrix<double, 4, 3> m;
  m << -x, -y, -z,
        w,  z, -y,
       -z,  w,  x,
        y, -x,  w;
  return m;
}

Eigen::Matrix<double, 7, 6> configuration_rate_map(const Eigen::Quaterniond& q) {
  Eigen::Matrix<double, 7, 6> s = Eigen::Matrix<double, 7, 6>::Zero();
  s.topLeftCorner<3, 3>().setIdentity();
  s.bottomRightCorner<4, 3>() = 0.5 * quaternion_rate_matrix(q);
  return s;
}

Eigen::Quaterniond advance_orientation(const Eigen::Quaterniond& q, const Eigen::Vector3d& omega, double h) {
  const double angle = omega.norm() * h;
  if (angle == 0.0) return q.normalized();
  const Eigen::Quaterniond turn(Eigen::AngleAxisd(angle, omega / omega.norm()));
  return (turn * q).normalized();
}

}  // namespace pegsim
