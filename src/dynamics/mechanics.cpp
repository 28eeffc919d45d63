// The dimension-specific parts of a step (mechanics.h): each function is the 2D rule and the 3D
// rule side by side, so the two cannot drift apart unnoticed.
#include <pegsim/dynamics/mechanics.h>

#include <pegsim/dynamics/energy_audit.h>
#include <pegsim/dynamics/velocity_layout_3d.h>
#include <pegsim/geometry/mass_properties_3d.h>
#include <pegsim/geometry/overlap.h>
#include <pegsim/geometry/overlap_3d.h>
#include <pegsim/proximity/broad_phase.h>
#include <pegsim/proximity/broad_phase_3d.h>
#include <pegsim/proximity/proximity_3d.h>
#include <pegsim/proximity/sites_3d.h>
#include <pegsim/scene/friction_rule.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace pegsim {
namespace {

// Relative to the smaller body's area (volume): touching is free, any real overlap is not.
constexpr double kSpawnOverlapTolerance = 1e-9;

bool spot_is_free_2d(const std::vector<Body>& bodies, const std::vector<char>& active, std::size_t candidate) {
  const Polygon shape = bodies[candidate].world_vertices();
  if (shape.size() < 3) return true;
  const Aabb box = grown_bounds(shape, 0.0);
  const double area = std::abs(signed_area(shape));
  for (std::size_t j = 0; j < bodies.size(); ++j) {
    if (!active[j] || j == candidate) continue;
    const Polygon other = bodies[j].world_vertices();
    if (other.size() < 3 || !box.overlaps(grown_bounds(other, 0.0))) continue;
    const double limit = kSpawnOverlapTolerance * std::min(area, std::abs(signed_area(other)));
    if (convex_intersection_area(shape, other) > limit) return false;
  }
  return true;
}

bool spot_is_free_3d(const std::vector<Body3d>& bodies, const std::vector<char>& active, std::size_t candidate) {
  const Polyhedron shape = bodies[candidate].world_shape();
  const Aabb3d box = grown_bounds_3d(shape.vertices, 0.0);
  const double volume = solid_properties(shape).volume;
  for (std::size_t j = 0; j < bodies.size(); ++j) {
    if (!active[j] || j == candidate) continue;
    const Polyhedron other = bodies[j].world_shape();
    if (!box.overlaps(grown_bounds_3d(other.vertices, 0.0))) continue;
    const double limit = kSpawnOverlapTolerance * std::min(volume, solid_properties(other).volume);
    if (convex_overlap_volume(shape, other) > limit) return false;
  }
  return true;
}

// Angular speed of body block `offset` in nu: |omega| (2D: one DOF; 3D: the last three).
double angular_speed(const Scene& scene, const Vec& nu, int offset) {
  return scene.is_3d() ? nu.segment<3>(offset + 3).norm() : std::abs(nu[offset + 2]);
}

// Diagonal of the bounding box of the shapes' points (0 when there are none).
template <class Point>
double diameter_of(const std::vector<std::vector<Point>>& shapes) {
  Point lo = Point::Constant(std::numeric_limits<double>::infinity());
  Point hi = -lo;
  for (const std::vector<Point>& shape : shapes) {
    for (const Point& v : shape) {
      lo = lo.cwiseMin(v);
      hi = hi.cwiseMax(v);
    }
  }
  return (hi.array() >= lo.array()).all() ? (hi - lo).norm() : 0.0;
}

}  // namespace

std::vector<int> dof_offsets(const Scene& scene, const std::vector<char>& active) {
  if (scene.is_3d()) return dof_offsets_3d(scene.bodies3d, &active);
  std::vector<int> offsets(scene.bodies.size(), -1);
  int next = 0;
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    if (active[i] && !scene.bodies[i].is_static) {
      offsets[i] = next;
      next += kDofPerBody2D;
    }
  }
  return offsets;
}

InverseMass inverse_mass(const Scene& scene, const std::vector<int>& offsets) {
  if (scene.is_3d()) return inverse_mass_3d(scene.bodies3d, offsets);
  InverseMass inv;
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    if (offsets[i] < 0) continue;
    const Body& body = scene.bodies[i];
    Mat block = Mat::Zero(kDofPerBody2D, kDofPerBody2D);
    block(0, 0) = 1.0 / body.mass;
    block(1, 1) = 1.0 / body.mass;
    // A particle has no rotational inertia and no lever arm: its rotation is frozen.
    block(2, 2) = body.inertia > 0.0 ? 1.0 / body.inertia : 0.0;
    inv.offsets.push_back(offsets[i]);
    inv.blocks.push_back(block);
    inv.dofs += kDofPerBody2D;
  }
  return inv;
}

Vec gather_velocities(const Scene& scene, const std::vector<int>& offsets, int dofs) {
  if (scene.is_3d()) return gather_velocities_3d(scene.bodies3d, offsets, dofs);
  Vec nu = Vec::Zero(dofs);
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    if (offsets[i] < 0) continue;
    nu.segment<2>(offsets[i]) = scene.bodies[i].velocity;
    nu[offsets[i] + 2] = scene.bodies[i].angular_velocity;
  }
  return nu;
}

Vec free_velocities(const Scene& scene, const std::vector<int>& offsets, int dofs, double h) {
  if (scene.is_3d()) return free_velocities_3d(scene.bodies3d, offsets, dofs, scene.gravity3d, h);
  Vec nu_free = gather_velocities(scene, offsets, dofs);
  for (int offset : offsets) {
    if (offset >= 0) nu_free.segment<2>(offset) += h * scene.gravity;  // F = m g, no torque
  }
  return nu_free;
}

void integrate_positions(Scene& scene, const std::vector<int>& offsets, const Vec& nu, double h) {
  if (scene.is_3d()) return integrate_3d(scene.bodies3d, offsets, nu, h);
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    if (offsets[i] < 0) continue;
    Body& b = scene.bodies[i];
    b.velocity = nu.segment<2>(offsets[i]);
    b.angular_velocity = nu[offsets[i] + 2];
    b.position += h * b.velocity;
    b.angle += h * b.angular_velocity;
  }
}

// Gravity's kinetic work is taken with the start velocity (nu_free = nu + h g) while positions move
// with the end velocity, so a step changes mechanical energy by this much beyond what the impulses
// do (KE(nu+) - KE(nu_free), energy_audit.h). A body turned upward gains potential energy this way,
// O(h) (measured: 5.5 mJ when a slope turns a polygon's corner up at h = 0.01).
double gravity_lag(const Scene& scene, const std::vector<int>& offsets, const Vec& nu_end, double h) {
  const int d = scene.is_3d() ? 3 : 2;
  const Vec g = scene.is_3d() ? Vec(scene.gravity3d) : Vec(scene.gravity);
  double lag = 0.0;
  for (std::size_t i = 0; i < offsets.size(); ++i) {
    if (offsets[i] < 0) continue;
    const double mass = scene.is_3d() ? scene.bodies3d[i].mass : scene.bodies[i].mass;
    const Vec v_start = scene.is_3d() ? Vec(scene.bodies3d[i].velocity) : Vec(scene.bodies[i].velocity);
    lag += mass * (h * g.dot(v_start - nu_end.segment(offsets[i], d)) + 0.5 * h * h * g.squaredNorm());
  }
  return lag;
}

double max_travel(const Scene& scene, const std::vector<int>& offsets, const Vec& nu_free, double h) {
  const int d = scene.is_3d() ? 3 : 2;
  double travel = 0.0;
  for (std::size_t i = 0; i < offsets.size(); ++i) {
    if (offsets[i] < 0) continue;
    const double radius = scene.is_3d() ? scene.bodies3d[i].bounding_radius() : scene.bodies[i].bounding_radius();
    const double speed = nu_free.segment(offsets[i], d).norm() + angular_speed(scene, nu_free, offsets[i]) * radius;
    travel = std::max(travel, h * speed);
  }
  return travel;
}

double scene_diameter(const Scene& scene, const std::vector<char>& active) {
  if (scene.is_3d()) {
    std::vector<std::vector<Vec3>> shapes;
    for (std::size_t i = 0; i < scene.bodies3d.size(); ++i)
      if (active[i]) shapes.push_back(scene.bodies3d[i].world_vertices());
    return diameter_of(shapes);
  }
  std::vector<Polygon> shapes;
  for (std::size_t i = 0; i < scene.bodies.size(); ++i)
    if (active[i]) shapes.push_back(scene.bodies[i].world_vertices());
  return diameter_of(shapes);
}

std::vector<double> rotation_bounds(const Scene& scene, const std::vector<int>& offsets, const Vec& nu_start,
                                    const Vec& nu_end, double h) {
  std::vector<double> bound(offsets.size(), 0.0);
  for (std::size_t i = 0; i < offsets.size(); ++i) {
    if (offsets[i] < 0) continue;
    bound[i] = h * std::max(angular_speed(scene, nu_start, offsets[i]), angular_speed(scene, nu_end, offsets[i]));
  }
  return bound;
}

bool spot_is_free(const Scene& scene, const std::vector<char>& active, std::size_t candidate) {
  return scene.is_3d() ? spot_is_free_3d(scene.bodies3d, active, candidate)
                       : spot_is_free_2d(scene.bodies, active, candidate);
}

ProximityResult find_scene_proximity(const Scene& scene, const std::vector<char>& active,
                                     const ProximityOptions& options) {
  if (!scene.is_3d()) return find_proximity(scene.bodies, active, options);
  ProximityResult result;
  result.three_d = find_proximity_3d(scene.bodies3d, active, options);  // with the sites when asked
  return result;
}

namespace {

// End overlaps shallower than this are left to the gap fixpoint's tolerance (SimulationOptions).
constexpr double kEndOverlapTolerance = 1e-6;

// Merges two lists sorted by (body_a, body_b, kind, feature_a, feature_b) (contact3d.h); a pair in
// both is kept once, as `a` has it.
std::vector<Contact3d> merge_contacts_3d(const std::vector<Contact3d>& a, const std::vector<Contact3d>& b) {
  auto key = [](const Contact3d& c) { return std::tuple(c.body_a, c.body_b, static_cast<int>(c.kind), c.feature_a, c.feature_b); };
  std::vector<Contact3d> merged;
  merged.reserve(a.size() + b.size());
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (j == b.size() || (i < a.size() && key(a[i]) < key(b[j]))) merged.push_back(a[i++]);
    else if (i == a.size() || key(b[j]) < key(a[i])) merged.push_back(b[j++]);
    else merged.push_back(a[i++]), ++j;
  }
  return merged;
}

// 3D proximity with every body's velocity set to its solved end velocity (restored after).
ProximityResult3d proximity_at_end_velocities(Scene& scene, const std::vector<char>& active, const ProximityOptions& options,
                                              const std::vector<int>& offsets, const Vec& nu_end) {
  std::vector<std::pair<Vec3, Vec3>> saved(scene.bodies3d.size());
  for (std::size_t i = 0; i < scene.bodies3d.size(); ++i) {
    if (offsets[i] < 0) continue;
    Body3d& b = scene.bodies3d[i];
    saved[i] = {b.velocity, b.angular_velocity};
    b.velocity = nu_end.segment<3>(offsets[i]);
    b.angular_velocity = nu_end.segment<3>(offsets[i] + 3);
  }
  ProximityResult3d at_end = find_proximity_3d(scene.bodies3d, active, options);
  for (std::size_t i = 0; i < scene.bodies3d.size(); ++i) {
    if (offsets[i] < 0) continue;
    scene.bodies3d[i].velocity = saved[i].first;
    scene.bodies3d[i].angular_velocity = saved[i].second;
  }
  return at_end;
}

// Feature pairs through which the end configuration overlaps, linearised at the start
// (proximity_3d.h), among the body pairs of `near` (a pair missing there is the reach's to find).
// The bodies move to their end poses in place and back, so no shape is copied.
std::vector<Contact3d> end_overlap_contacts(Scene& scene, const std::vector<char>& active, const ProximityOptions& options,
                                            const std::vector<int>& offsets, const Vec& nu_end,
                                            const std::vector<Contact3d>& near) {
  std::vector<std::pair<int, int>> pairs;
  for (const Contact3d& c : near) pairs.emplace_back(std::minmax(c.body_a, c.body_b));
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  struct Pose {
    Vec3 position, velocity, angular_velocity;
    Eigen::Quaterniond orientation;
  };
  std::vector<Pose> poses;
  poses.reserve(scene.bodies3d.size());
  for (const Body3d& b : scene.bodies3d) poses.push_back({b.position, b.velocity, b.angular_velocity, b.orientation});
  integrate_positions(scene, offsets, nu_end, options.time_step);
  const std::vector<Contact3d> overlapping = overlapping_features_3d(scene.bodies3d, active, options, kEndOverlapTolerance, &pairs);
  for (std::size_t k = 0; k < scene.bodies3d.size(); ++k) {
    Body3d& b = scene.bodies3d[k];
    b.position = poses[k].position, b.velocity = poses[k].velocity;
    b.angular_velocity = poses[k].angular_velocity, b.orientation = poses[k].orientation;
  }
  if (overlapping.empty()) return {};
  return features_at_start_3d(scene.bodies3d, overlapping, options).contacts;
}

}  // namespace

ProximityResult find_scene_proximity_reaching(Scene& scene, const std::vector<char>& active,
                                              const ProximityOptions& options, const std::vector<int>& offsets,
                                              const Vec& nu_end, const ProximityResult& start) {
  if (!scene.is_3d()) {
    std::vector<BodyMotion> end_motion(scene.bodies.size());
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
      if (offsets[i] >= 0) end_motion[i] = BodyMotion{nu_end.segment<2>(offsets[i]), nu_end[offsets[i] + 2]};
    }
    ProximityOptions reaching = options;
    reaching.end_motion = &end_motion;
    return find_proximity(scene.bodies, active, reaching);
  }
  ProximityResult3d found = start.three_d;
  remove_sites_3d(found);  // merged as the narrow phase found them; the sites are rebuilt below
  ProximityOptions narrow_phase_only = options;  // the lists merge sorted; the sites follow after
  narrow_phase_only.sites_3d = false;
  ProximityResult merged;
  merged.three_d.contacts = merge_contacts_3d(
      found.contacts, proximity_at_end_velocities(scene, active, narrow_phase_only, offsets, nu_end).contacts);
  merged.three_d.contacts = merge_contacts_3d(
      merged.three_d.contacts, end_overlap_contacts(scene, active, options, offsets, nu_end, merged.three_d.contacts));
  if (options.sites_3d) add_sites_3d(scene.bodies3d, options, merged.three_d);
  return merged;
}

std::vector<double> contact_friction(const Scene& scene, const ProximityResult& proximity) {
  std::vector<double> mu;
  mu.reserve(proximity.contact_count());
  for (std::size_t c = 0; c < proximity.contact_count(); ++c) {
    const auto [a, b] = proximity.bodies_of(c);
    const auto i = static_cast<std::size_t>(a), j = static_cast<std::size_t>(b);
    mu.push_back(scene.is_3d() ? combine_friction_coefficients(scene.friction_rule, scene.bodies3d[i].friction,
                                                               scene.bodies3d[j].friction, scene.bodies3d[i].name,
                                                               scene.bodies3d[j].name)
                               : combine_friction(scene, scene.bodies[i], scene.bodies[j]));
  }
  return mu;
}

double overlap_push_out_work(const RowSystem& rows, const Vec& z, const ProximityResult& proximity,
                             const Scene& scene, double h) {
  return scene.is_3d() ? overlap_push_out_work(rows, z, proximity, scene.bodies3d, h)
                       : overlap_push_out_work(rows, z, proximity, scene.bodies, h);
}

void bind_bodies(ModelContext& context, const Scene& scene) {
  context.bodies = scene.is_3d() ? nullptr : &scene.bodies;
  context.bodies3d = scene.is_3d() ? &scene.bodies3d : nullptr;
}

bool is_static_body(const Scene& scene, std::size_t i) {
  return scene.is_3d() ? scene.bodies3d[i].is_static : scene.bodies[i].is_static;
}

double spawn_time_of(const Scene& scene, std::size_t i) {
  return scene.is_3d() ? scene.bodies3d[i].spawn_time : scene.bodies[i].spawn_time;
}

double friction_of(const Scene& scene, std::size_t i) {
  return scene.is_3d() ? scene.bodies3d[i].friction : scene.bodies[i].friction;
}

int vertex_count_of(const Scene& scene, std::size_t i) {
  return static_cast<int>(scene.is_3d() ? scene.bodies3d[i].shape.vertices.size() : scene.bodies[i].local_vertices.size());
}

}  // namespace pegsim
