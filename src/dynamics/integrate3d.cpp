// Semi-implicit Euler for 3D bodies (integrate3d.h).
#include <pegsim/dynamics/integrate3d.h>

namespace pegsim {

void advance_velocity_3d(Body3d& body, const Vec3& force, const Vec3& torque, double h, GyroscopicScheme scheme) {
  if (body.is_static) return;
  body.velocity += (h / body.mass) * force;
  const Mat3 r = body.rotation();
  Vec3 omega_body = r.transpose() * body.angular_velocity;
  omega_body += h * body.inertia.inverse() * (r.transpose() * torque);
  body.angular_velocity = r * gyroscopic_step(body.inertia, omega_body, h, scheme);
}

void advance_configuration_3d(Body3d& body, double h) {
  if (body.is_static) return;
  body.position += h * body.velocity;
  body.orientation = advance_orientation(body.orientation, body.angular_velocity, h);
}

void step_free_body_3d(Body3d& body, const Vec3& force, const Vec3& torque, double h, GyroscopicScheme scheme) {
  advance_velocity_3d(body, force, torque, h, scheme);
  advance_configuration_3d(body, h);
}

}  // namespace pegsim
