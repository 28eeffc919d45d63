// The random-hull polyhedron pour (random_pour3d.h).
#include <pegsim/scene/random_pour3d.h>

#include <pegsim/geometry/mass_properties_3d.h>
#include <pegsim/scene/pour3d.h>
#include <pegsim/scene/random_polygon.h>

#include <cmath>
#include <numbers>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace pegsim {
namespace {

// The icosahedron pour's arrival state (reference-pour3d/README.md), shared by every hull.
const Vec3 kArrivalPosition(3.0, 0.0, 2.0);
const Vec3 kArrivalVelocity(-5.0, 0.0, 0.0);

// A falling body: centred at its centroid, mass m, the solid's inertia at that mass.
Body3d arriving_body(const std::string& name, const Polyhedron& hull, double mass, const Eigen::Quaterniond& q) {
  const RigidShape3d rigid = rigid_shape_from_mass(hull, mass);
  Body3d body;
  body.name = name;
  body.shape = rigid.shape;
  body.mass = rigid.mass;
  body.inertia = rigid.inertia;
  body.orientation = q;
  body.position = kArrivalPosition;
  body.velocity = kArrivalVelocity;
  return body;
}

// `count` distinct indices of [0, n) by a partial Fisher–Yates shuffle (seeded, portable).
std::vector<std::size_t> draw_without_replacement(std::mt19937_64& rng, std::size_t n, std::size_t count) {
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  for (std::size_t i = 0; i < count; ++i) {
    const auto pick = i + static_cast<std::size_t>(uniform01(rng) * static_cast<double>(n - i));
    std::swap(order[i], order[std::min(pick, n - 1)]);
  }
  order.resize(count);
  return order;
}

std::string short_number(double x) {
  std::ostringstream out;
  out << x;
  return out.str();
}

int checked_count(const RandomPour3dOptions& o) {
  const int arrivals = pour3d_arrivals(o.time_step, o.duration);
  if (o.count < 0) throw std::invalid_argument("pour3d: --count must be at least 1");
  if (o.count > arrivals) {
    throw std::invalid_argument("pour3d: --count " + std::to_string(o.count) + ": only " + std::to_string(arrivals) +
                                " bodies arrive within --duration " + short_number(o.duration) +
                                " s (one every " + std::to_string(pour3d_interval_steps(o.time_step)) +
                                " steps); raise --duration or lower --count");
  }
  return o.count == 0 ? arrivals : o.count;
}

}  // namespace

std::vector<ReferenceSlab> authors_container_3d() {
  return {{"floor", Vec3(-5.125, -2.125, -0.25), Vec3(5.125, 2.125, 0.0)},
          {"wall_x-", Vec3(-5.125, -2.125, -0.25), Vec3(-4.875, 2.125, 3.75)},
          {"wall_x+", Vec3(4.875, -2.125, -0.25), Vec3(5.125, 2.125, 3.75)},
          {"wall_y-", Vec3(-5.125, -2.125, -0.25), Vec3(5.125, -1.875, 3.75)},
          {"wall_y+", Vec3(-5.125, 1.875, -0.25), Vec3(5.125, 2.125, 3.75)}};
}

int pour3d_arrivals(double h, double duration) {
  const int interval = pour3d_interval_steps(h);
  if (!(duration > 0.0) || !std::isfinite(duration)) throw std::invalid_argument("pour3d: the duration must be positive");
  const long steps = static_cast<long>(std::floor(duration / h + 1e-9));
  if (steps < 1) return 0;
  return static_cast<int>((steps - 1) / interval + 1);  // body j arrives at step 1 + j * interval
}

Polyhedron random_unit_cube_hull(std::mt19937_64& rng) {
  std::vector<Vec3> points(kRandomHullPoints);
  for (Vec3& p : points) p = Vec3(uniform01(rng), uniform01(rng), uniform01(rng));
  return polyhedron_from_points(points);
}

Eigen::Quaterniond random_orientation(std::mt19937_64& rng) {
  const double u1 = uniform01(rng), u2 = uniform01(rng), u3 = uniform01(rng);
  const double a = std::sqrt(1.0 - u1), b = std::sqrt(u1), tau = 2.0 * std::numbers::pi;
  Eigen::Quaterniond q(a * std::sin(tau * u2), a * std::cos(tau * u2), b * std::sin(tau * u3), b * std::cos(tau * u3));
  q.normalize();
  return q;
}

Scene make_random_pour3d(const RandomPour3dOptions& o) {
  const int count = checked_count(o);
  const int interval = pour3d_interval_steps(o.time_step);
  std::mt19937_64 rng(o.seed);
  std::vector<std::pair<std::string, Polyhedron>> hulls;
  std::vector<double> masses;
  if (!o.hulls_file.empty()) {
    const ReferenceBodySet3d set = load_reference_bodies_3d(o.hulls_file);
    if (set.bodies.size() < static_cast<std::size_t>(count)) {
      throw SceneError(o.hulls_file + ": bodies: " + std::to_string(set.bodies.size()) + " hulls, " +
                       std::to_string(count) + " asked for");
    }
    for (std::size_t i : draw_without_replacement(rng, set.bodies.size(), static_cast<std::size_t>(count))) {
      hulls.emplace_back(set.bodies[i].name, set.bodies[i].shape);
      masses.push_back(set.bodies[i].mass);
    }
  } else {
    for (int k = 1; k <= count; ++k) {
      hulls.emplace_back("hull_" + std::to_string(k), random_unit_cube_hull(rng));
      masses.push_back(kRandomHullMass);
    }
  }
  Scene scene;
  scene.dimension = 3;
  scene.gravity3d = Vec3(0.0, 0.0, -9.81);
  scene.friction = o.friction;
  scene.settings.model = "standard";
  scene.settings.time_step = o.time_step;
  scene.settings.duration = o.duration;
  for (const ReferenceSlab& slab : authors_container_3d()) scene.bodies3d.push_back(container_slab_body(slab, o.friction));
  for (std::size_t j = 0; j < hulls.size(); ++j) {
    Body3d body = arriving_body(hulls[j].first, hulls[j].second, masses[j], random_orientation(rng));
    body.spawn_time = static_cast<double>(j) * interval * o.time_step;
    body.friction = o.friction;
    scene.bodies3d.push_back(std::move(body));
  }
  return scene;
}

}  // namespace pegsim
