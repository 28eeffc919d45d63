// Mechanical energy: kinetic (translation + rotation) plus gravitational potential -m g . x,
// summed over the active dynamic bodies (static bodies neither move nor store energy).
#include <pegsim/metrics/metrics.h>

namespace pegsim {

double mechanical_energy(const std::vector<Body>& bodies, const std::vector<char>& active, const Vec2& gravity) {
  double energy = 0.0;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const Body& b = bodies[i];
    if (b.is_static || i >= active.size() || !active[i]) continue;
    energy += 0.5 * b.mass * b.velocity.squaredNorm() + 0.5 * b.inertia * b.angular_velocity * b.angular_velocity -
              b.mass * gravity.dot(b.position);
  }
  return energy;
}

double mechanical_energy_3d(const std::vector<Body3d>& bodies, const std::vector<char>& active, const Vec3& gravity) {
  double energy = 0.0;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const Body3d& b = bodies[i];
    if (b.is_static || i >= active.size() || !active[i]) continue;
    energy += b.kinetic_energy() - b.mass * gravity.dot(b.position);
  }
  return energy;
}

double mechanical_energy(const Scene& scene, const std::vector<char>& active) {
  return scene.is_3d() ? mechanical_energy_3d(scene.bodies3d, active, scene.gravity3d)
                       : mechanical_energy(scene.bodies, active, scene.gravity);
}

}  // namespace pegsim
