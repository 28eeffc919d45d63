// Broad phase then narrow phase over 3D bodies (proximity_3d.h).
#include <pegsim/proximity/proximity_3d.h>
#include <pegsim/proximity/sites_3d.h>
#include <pegsim/proximity/reach.h>

#include <pegsim/geometry/penetration_3d.h>

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <tuple>
#include <stdexcept>
#include <string>

namespace pegsim {

double step_reach_3d(const Body3d& body, const ProximityOptions& options) {
  if (body.is_static) return 0.0;
  return motion_reach(body.velocity.norm() + body.angular_velocity.norm() * body.bounding_radius(), options);
}

double pair_threshold_3d(const ProximityBody3d& a, const ProximityBody3d& b, const ProximityOptions& options) {
  const double h = options.time_step;
  const double closing = (a.velocity - b.velocity).norm() + a.spin_speed + b.spin_speed;
  const double gravity = a.is_static && b.is_static ? 0.0 : h * h * options.gravity;
  return options.safety * (h * closing + gravity) + options.base_margin;
}

ProximityBody3d proximity_body_3d(const Body3d& body, int index, const ProximityOptions& options) {
  ProximityBody3d p;
  p.index = index;
  p.shape = body.world_shape();
  p.is_static = body.is_static;
  p.reach = step_reach_3d(body, options);
  if (!body.is_static) {
    p.velocity = body.velocity;
    p.spin_speed = body.angular_velocity.norm() * body.bounding_radius();
  }
  p.bounds = grown_bounds_3d(p.shape.vertices, 0.0);
  return p;
}

namespace {

// Rounding allowance when a start gap is compared with the start's penetration depth (m).
constexpr double kStartGapTolerance = 1e-9;

std::vector<ProximityBody3d> world_bodies(const std::vector<Body3d>& bodies, const std::vector<char>& active,
                                          const ProximityOptions& options) {
  validate_proximity_options(options);
  if (options.end_motion != nullptr) throw std::invalid_argument("proximity 3d: end_motion (2D velocities) must be null");
  if (active.size() != bodies.size()) {
    throw std::invalid_argument("proximity 3d: active has " + std::to_string(active.size()) + " entries for " +
                                std::to_string(bodies.size()) + " bodies");
  }
  std::vector<ProximityBody3d> world(bodies.size());
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (!active[i]) continue;
    if (bodies[i].shape.vertices.size() < 4) {
      throw std::invalid_argument("proximity 3d: body " + std::to_string(i) + " has no polyhedron");
    }
    world[i] = proximity_body_3d(bodies[i], static_cast<int>(i), options);
  }
  return world;
}

ProximityResult3d narrow_phase(const std::vector<ProximityBody3d>& world, const std::vector<std::pair<int, int>>& pairs,
                               const ProximityOptions& options, double min_edge_applicability) {
  ProximityResult3d result;
  for (const auto& [i, j] : pairs) {
    const ProximityBody3d& a = world[static_cast<std::size_t>(i)];
    const ProximityBody3d& b = world[static_cast<std::size_t>(j)];
    if (a.is_static && b.is_static) continue;
    const double threshold = pair_threshold_3d(a, b, options);
    for (const Contact3d& c : pair_features_3d(a, b, threshold, min_edge_applicability)) result.contacts.push_back(c);
  }
  std::stable_sort(result.contacts.begin(), result.contacts.end(), [](const Contact3d& x, const Contact3d& y) {
    return std::tie(x.body_a, x.body_b) < std::tie(y.body_a, y.body_b);
  });
  return result;
}

}  // namespace

ProximityResult3d find_proximity_3d(const std::vector<Body3d>& bodies, const std::vector<char>& active,
                                    const ProximityOptions& options, double min_edge_applicability) {
  const std::vector<ProximityBody3d> world = world_bodies(bodies, active, options);
  // Boxes grown by each body's reach plus the margin: a pair within its threshold D always
  // overlaps (D <= reach_a + reach_b + base_margin, reach.h).
  std::vector<Aabb3d> boxes(world.size());
  for (std::size_t i = 0; i < world.size(); ++i) {
    if (!active[i]) continue;
    boxes[i] = grown_bounds_3d(world[i].shape.vertices, world[i].reach + 0.5 * options.base_margin);
  }
  ProximityResult3d result = narrow_phase(world, sweep_and_prune_3d(boxes, active), options, min_edge_applicability);
  if (options.sites_3d) add_sites_3d(bodies, options, result, &world);
  return result;
}

std::vector<Contact3d> overlapping_features_3d(const std::vector<Body3d>& end, const std::vector<char>& active,
                                               const ProximityOptions& options, double tolerance,
                                               const std::vector<std::pair<int, int>>* candidates) {
  std::vector<std::pair<int, int>> all_pairs;
  if (candidates == nullptr) {
    std::vector<Aabb3d> boxes(end.size());
    for (std::size_t i = 0; i < end.size(); ++i)
      if (active[i]) boxes[i] = grown_bounds_3d(end[i].world_vertices(), 0.0);
    all_pairs = sweep_and_prune_3d(boxes, active);
    candidates = &all_pairs;
  }
  std::vector<std::optional<ProximityBody3d>> views(end.size());  // built once each, on demand
  auto view = [&](int i) -> const ProximityBody3d& {
    auto& slot = views.at(static_cast<std::size_t>(i));
    if (!slot) slot = proximity_body_3d(end[static_cast<std::size_t>(i)], i, options);
    return *slot;
  };
  std::vector<Contact3d> out;
  for (const auto& [i, j] : *candidates) {
    if (!active.at(static_cast<std::size_t>(i)) || !active.at(static_cast<std::size_t>(j))) continue;
    if (end[static_cast<std::size_t>(i)].is_static && end[static_cast<std::size_t>(j)].is_static) continue;
    const ProximityBody3d& a = view(i);
    const ProximityBody3d& b = view(j);
    if (!a.bounds.overlaps(b.bounds) || !(penetration_depth_3d(a.shape, b.shape, tolerance) > tolerance)) continue;
    // Every feature pair of the overlapping pair (no distance limit), those with negative end gap.
    for (const Contact3d& f : pair_features_3d(a, b, std::numeric_limits<double>::infinity()))
      if (f.gap < 0.0 && (f.kind == FeaturePair3d::vertex_face || f.kind == FeaturePair3d::edge_edge)) out.push_back(f);
  }
  return out;
}

ProximityResult3d features_at_start_3d(const std::vector<Body3d>& start, const std::vector<Contact3d>& end_features,
                                       const ProximityOptions& options) {
  std::map<int, ProximityBody3d> views;
  auto view = [&](int i) -> const ProximityBody3d& {
    auto it = views.find(i);
    if (it == views.end()) it = views.emplace(i, proximity_body_3d(start.at(static_cast<std::size_t>(i)), i, options)).first;
    return it->second;
  };
  std::map<std::pair<int, int>, double> depth;  // the start's penetration, of pairs that need it
  ProximityResult3d result;
  for (const Contact3d& f : end_features) {
    auto c = contact_for_features_3d(f.kind, view(f.body_a), f.feature_a, view(f.body_b), f.feature_b, f.normal);
    if (!c) continue;
    // A start gap below minus the start's penetration depth: the feature's plane lay behind the
    // other feature without any overlap (a vertex beside the face, not over it); its normal says
    // nothing about how the two approach, and its row would fight the true ones. Left out.
    if (c->gap < 0.0) {
      const auto key = std::minmax(f.body_a, f.body_b);
      auto it = depth.find(key);
      if (it == depth.end()) it = depth.emplace(key, penetration_depth_3d(view(key.first).shape, view(key.second).shape)).first;
      if (c->gap < -it->second - kStartGapTolerance) continue;
    }
    result.contacts.push_back(*c);
  }
  std::sort(result.contacts.begin(), result.contacts.end(), [](const Contact3d& x, const Contact3d& y) {
    return std::tie(x.body_a, x.body_b, x.kind, x.feature_a, x.feature_b) < std::tie(y.body_a, y.body_b, y.kind, y.feature_a, y.feature_b);
  });
  return result;
}

ProximityResult3d overlap_features_at_end_3d(const std::vector<Body3d>& start, const std::vector<Body3d>& end,
                                             const std::vector<char>& active, const ProximityOptions& options,
                                             double tolerance, const std::vector<std::pair<int, int>>* candidates) {
  if (start.size() != end.size()) throw std::invalid_argument("proximity 3d: start and end body lists differ in size");
  return features_at_start_3d(start, overlapping_features_3d(end, active, options, tolerance, candidates), options);
}

ProximityResult3d find_proximity_3d_brute_force(const std::vector<Body3d>& bodies, const std::vector<char>& active,
                                                const ProximityOptions& options, double min_edge_applicability) {
  const std::vector<ProximityBody3d> world = world_bodies(bodies, active, options);
  std::vector<std::pair<int, int>> pairs;
  for (int i = 0; i < static_cast<int>(world.size()); ++i) {
    for (int j = i + 1; j < static_cast<int>(world.size()); ++j) {
      if (active[static_cast<std::size_t>(i)] && active[static_cast<std::size_t>(j)]) pairs.emplace_back(i, j);
    }
  }
  return narrow_phase(world, pairs, options, min_edge_applicability);
}

}  // namespace pegsim
