// Euler's equations over one step (gyroscopic.h).
#include <pegsim/dynamics/gyroscopic.h>

#include <cmath>

namespace pegsim {

namespace {

Mat3 skew(const Vec3& a) {
  Mat3 s;
  s << 0, -a.z(), a.y(), a.z(), 0, -a.x(), -a.y(), a.x(), 0;
  return s;
}

// d/dw (w x I w) = skew(w) I - skew(I w).
Mat3 gyroscopic_jacobian(const Mat3& inertia, const Vec3& w) { return skew(w) * inertia - skew(inertia * w); }

Vec3 implicit_euler(const Mat3& inertia, const Vec3& w1, double h) {
  const Mat3 jacobian = inertia + h * gyroscopic_jacobian(inertia, w1);
  const Vec3 residual = h * w1.cross(inertia * w1);
  return w1 - jacobian.partialPivLu().solve(residual);
}

// Newton on F(w2) = I (w2 - w1) + h wm x I wm; a fixed iteration cap and a tolerance relative to
// |I w1| keep it deterministic; converges in 2-3 iterations at h |w| << 1.
Vec3 implicit_midpoint(const Mat3& inertia, const Vec3& w1, double h) {
  const Vec3 l1 = inertia * w1;
  const double tolerance = 1e-15 * l1.norm();
  Vec3 w2 = w1;
  for (int iteration = 0; iteration < 20; ++iteration) {
    const Vec3 wm = 0.5 * (w1 + w2);
    const Vec3 residual = inertia * w2 - l1 + h * wm.cross(inertia * wm);
    if (residual.norm() <= tolerance) break;
    const Mat3 jacobian = inertia + 0.5 * h * gyroscopic_jacobian(inertia, wm);
    w2 -= jacobian.partialPivLu().solve(residual);
  }
  return w2;
}

}  // namespace

Vec3 gyroscopic_step(const Mat3& inertia, const Vec3& omega_body, double h, GyroscopicScheme scheme) {
  switch (scheme) {
    case GyroscopicScheme::explicit_euler:
      return omega_body - h * inertia.inverse() * omega_body.cross(inertia * omega_body);
    case GyroscopicScheme::implicit_euler:
      return implicit_euler(inertia, omega_body, h);
    case GyroscopicScheme::implicit_midpoint:
      break;
  }
  return implicit_midpoint(inertia, omega_body, h);
}

}  // namespace pegsim
