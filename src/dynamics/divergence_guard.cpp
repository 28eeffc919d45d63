// The physical divergence guard (divergence_guard.h).
#include <pegsim/dynamics/divergence_guard.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace pegsim {
namespace {

constexpr double kMinMargin = 10.0;        // m
constexpr double kMarginDiagonals = 10.0;  // scene diagonals
constexpr double kEnergyFactor = 2.0;
constexpr double kEnergySlack = 1.0;       // J

double kinetic(const Body& b) {
  return 0.5 * b.mass * b.velocity.squaredNorm() + 0.5 * b.inertia * b.angular_velocity * b.angular_velocity;
}

}  // namespace

DivergenceGuard::DivergenceGuard(const std::vector<Body>& bodies, const Vec2& gravity) {
  lo_ = Vec2::Constant(std::numeric_limits<double>::infinity());
  hi_ = -lo_;
  for (const Body& b : bodies) {
    if (b.is_static) {
      for (const Vec2& v : b.world_vertices()) lo_ = lo_.cwiseMin(v), hi_ = hi_.cwiseMax(v);
    } else {
      lo_ = lo_.cwiseMin(b.position), hi_ = hi_.cwiseMax(b.position);
    }
  }
  if (!lo_.allFinite() || !hi_.allFinite()) lo_ = hi_ = Vec2::Zero();
  // lowest potential in the box: the corner farthest along gravity
  const Vec2 lowest(gravity.x() > 0.0 ? hi_.x() : lo_.x(), gravity.y() > 0.0 ? hi_.y() : lo_.y());
  const double margin = std::max(kMinMargin, kMarginDiagonals * (hi_ - lo_).norm());
  for (const Body& b : bodies) {
    if (b.is_static) continue;
    supply_ += kinetic(b) + b.mass * std::max(0.0, gravity.dot(lowest - b.position));
  }
  lo_.array() -= margin;
  hi_.array() += margin;
}

std::string DivergenceGuard::check(const std::vector<Body>& bodies, const std::vector<char>& active,
                                   double push_out_work) const {
  double energy = 0.0;
  char text[256];
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const Body& b = bodies[i];
    if (b.is_static || i >= active.size() || !active[i]) continue;
    const bool inside = (b.position.array() >= lo_.array()).all() && (b.position.array() <= hi_.array()).all();
    if (!inside && b.position.allFinite()) {
      std::snprintf(text, sizeof text, "body %s left the scene: at (%.3g, %.3g) m, outside [%.3g, %.3g] x [%.3g, %.3g] m",
                    b.name.c_str(), b.position.x(), b.position.y(), lo_.x(), hi_.x(), lo_.y(), hi_.y());
      return text;
    }
    energy += kinetic(b);
  }
  const double bound = kEnergyFactor * (supply_ + std::max(0.0, push_out_work)) + kEnergySlack;
  if (energy > bound) {
    std::snprintf(text, sizeof text,
                  "kinetic energy %.4g J exceeds what the scene can supply (%.4g J from start and fall, %.4g J of push-out of true overlaps; "
                  "bound %.4g J)",
                  energy, supply_, push_out_work, bound);
    return text;
  }
  return {};
}

}  // namespace pegsim
