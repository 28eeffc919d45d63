// The physical divergence guard (divergence_guard.h), for 2D and 3D bodies through BodyView.
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

using BodyView = DivergenceGuard::BodyView;

std::vector<BodyView> views(const std::vector<Body>& bodies) {
  std::vector<BodyView> out;
  out.reserve(bodies.size());
  for (const Body& b : bodies) {
    const double kinetic = 0.5 * b.mass * b.velocity.squaredNorm() + 0.5 * b.inertia * b.angular_velocity * b.angular_velocity;
    out.push_back({&b.name, b.is_static, b.mass, kinetic, Vec(b.position)});
  }
  return out;
}

std::vector<BodyView> views(const std::vector<Body3d>& bodies) {
  std::vector<BodyView> out;
  out.reserve(bodies.size());
  for (const Body3d& b : bodies) out.push_back({&b.name, b.is_static, b.mass, b.kinetic_energy(), Vec(b.position)});
  return out;
}

std::vector<Vec> static_vertices(const std::vector<Body>& bodies) {
  std::vector<Vec> out;
  for (const Body& b : bodies)
    if (b.is_static)
      for (const Vec2& v : b.world_vertices()) out.emplace_back(v);
  return out;
}

std::vector<Vec> static_vertices(const std::vector<Body3d>& bodies) {
  std::vector<Vec> out;
  for (const Body3d& b : bodies)
    if (b.is_static)
      for (const Vec3& v : b.world_vertices()) out.emplace_back(v);
  return out;
}

// "(1, 2, 3)" / "[lo, hi] x [lo, hi]..." for messages.
std::string show_point(const Vec& x) {
  std::string out = "(";
  char text[32];
  for (Eigen::Index k = 0; k < x.size(); ++k) {
    std::snprintf(text, sizeof text, "%s%.3g", k > 0 ? ", " : "", x[k]);
    out += text;
  }
  return out + ")";
}

std::string show_box(const Vec& lo, const Vec& hi) {
  std::string out;
  char text[64];
  for (Eigen::Index k = 0; k < lo.size(); ++k) {
    std::snprintf(text, sizeof text, "%s[%.3g, %.3g]", k > 0 ? " x " : "", lo[k], hi[k]);
    out += text;
  }
  return out;
}

}  // namespace

DivergenceGuard::DivergenceGuard(const std::vector<Body>& bodies, const Vec2& gravity) {
  set_up(views(bodies), static_vertices(bodies), Vec(gravity));
}

DivergenceGuard::DivergenceGuard(const Scene& scene) {
  if (scene.is_3d()) set_up(views(scene.bodies3d), static_vertices(scene.bodies3d), Vec(scene.gravity3d));
  else set_up(views(scene.bodies), static_vertices(scene.bodies), Vec(scene.gravity));
}

void DivergenceGuard::set_up(const std::vector<BodyView>& bodies, const std::vector<Vec>& statics, const Vec& gravity) {
  const Eigen::Index d = gravity.size();
  lo_ = Vec::Constant(d, std::numeric_limits<double>::infinity());
  hi_ = -lo_;
  for (const Vec& v : statics) lo_ = lo_.cwiseMin(v), hi_ = hi_.cwiseMax(v);
  for (const BodyView& b : bodies)
    if (!b.is_static) lo_ = lo_.cwiseMin(b.position), hi_ = hi_.cwiseMax(b.position);
  if (!lo_.allFinite() || !hi_.allFinite()) lo_ = hi_ = Vec::Zero(d);
  // lowest potential in the box: the corner farthest along gravity
  Vec lowest(d);
  for (Eigen::Index k = 0; k < d; ++k) lowest[k] = gravity[k] > 0.0 ? hi_[k] : lo_[k];
  const double margin = std::max(kMinMargin, kMarginDiagonals * (hi_ - lo_).norm());
  gravity_ = gravity;
  start_.assign(bodies.size(), Vec::Zero(d));
  fall_credit_.assign(bodies.size(), 0.0);
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const BodyView& b = bodies[i];
    if (b.is_static) continue;
    start_[i] = b.position;
    fall_credit_[i] = b.mass * std::max(0.0, gravity.dot(lowest - b.position));
    supply_ += b.kinetic + fall_credit_[i];
  }
  lo_.array() -= margin;
  hi_.array() += margin;
}

std::string DivergenceGuard::check(const std::vector<Body>& bodies, const std::vector<char>& active,
                                   double push_out_work) const {
  return check_views(views(bodies), active, push_out_work);
}

std::string DivergenceGuard::check(const Scene& scene, const std::vector<char>& active, double push_out_work) const {
  return scene.is_3d() ? check_views(views(scene.bodies3d), active, push_out_work)
                       : check_views(views(scene.bodies), active, push_out_work);
}

std::string DivergenceGuard::check_views(const std::vector<BodyView>& bodies, const std::vector<char>& active,
                                         double push_out_work) const {
  double energy = 0.0;
  double supply = supply_;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const BodyView& b = bodies[i];
    if (b.is_static || i >= active.size() || !active[i]) continue;
    // A body that has fallen below the box (a scene without a floor) has released more than the
    // fall to the box's lowest point credited at the start: credit its fall so far instead.
    if (i < start_.size()) supply += std::max(0.0, b.mass * gravity_.dot(b.position - start_[i]) - fall_credit_[i]);
    const bool inside = (b.position.array() >= lo_.array()).all() && (b.position.array() <= hi_.array()).all();
    if (!inside && b.position.allFinite()) {
      return "body " + *b.name + " left the scene: at " + show_point(b.position) + " m, outside " +
             show_box(lo_, hi_) + " m";
    }
    energy += b.kinetic;
  }
  const double bound = kEnergyFactor * (supply + std::max(0.0, push_out_work)) + kEnergySlack;
  if (energy > bound) {
    char text[256];
    std::snprintf(text, sizeof text,
                  "kinetic energy %.4g J exceeds what the scene can supply (%.4g J from start and fall, %.4g J of push-out of true overlaps; "
                  "bound %.4g J)",
                  energy, supply, push_out_work, bound);
    return text;
  }
  return {};
}

}  // namespace pegsim
