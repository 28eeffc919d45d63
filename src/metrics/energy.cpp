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

}  // namespace pegsim
