// Proximity for one step: bodies in the world frame -> candidate pairs (sweep-and-prune, or all
// pairs for the brute-force reference) -> narrow phase per pair -> one sorted, indexed result.
// Both entry points share everything but the pair list, so they agree exactly as long as the
// broad phase is conservative: boxes grow by reach_i + base_margin each, more than the pair
// threshold (reach.h, at most reach_a + reach_b + base_margin) needs.
#include <pegsim/proximity/proximity.h>

#include <pegsim/proximity/broad_phase.h>
#include <pegsim/proximity/narrow_phase.h>
#include <pegsim/proximity/reach.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <tuple>

namespace pegsim {

namespace {

std::string body_label(const Body& body, std::size_t i) {
  return "body " + std::to_string(i) + (body.name.empty() ? "" : " '" + body.name + "'");
}

void validate_body(const Body& body, std::size_t i) {
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument("proximity: " + body_label(body, i) + ": " + what);
  };
  if (body.local_vertices.empty()) fail("no vertices");
  if (body.local_vertices.size() == 2) fail("2 vertices (need 1 for a particle or >= 3)");
  for (const Vec2& v : body.local_vertices) {
    if (!v.allFinite()) fail("non-finite vertex coordinate");
  }
  if (!body.position.allFinite()) fail("non-finite position");
  if (!std::isfinite(body.angle)) fail("non-finite angle");
  if (!body.velocity.allFinite()) fail("non-finite velocity");
  if (!std::isfinite(body.angular_velocity)) fail("non-finite angular_velocity");
}

std::vector<ProximityBody> world_bodies(const std::vector<Body>& bodies, const std::vector<char>& active,
                                        const ProximityOptions& options) {
  validate_proximity_options(options);
  if (active.size() != bodies.size()) {
    throw std::invalid_argument("proximity: active has " + std::to_string(active.size()) + " entries for " +
                                std::to_string(bodies.size()) + " bodies");
  }
  if (options.end_motion != nullptr && options.end_motion->size() != bodies.size()) {
    throw std::invalid_argument("proximity: end_motion has " + std::to_string(options.end_motion->size()) +
                                " entries for " + std::to_string(bodies.size()) + " bodies");
  }
  std::vector<ProximityBody> world(bodies.size());
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (!active[i]) continue;
    const Body& body = bodies[i];
    validate_body(body, i);
    ProximityBody& w = world[i];
    w.index = static_cast<int>(i);
    w.vertices = body.world_vertices();
    w.is_static = body.is_static;
    w.bounds = grown_bounds(w.vertices, 0.0);
    if (body.is_static) continue;
    const double radius = body.bounding_radius();
    w.velocity = w.velocity_end = body.velocity;
    w.spin_speed = w.spin_speed_end = std::abs(body.angular_velocity) * radius;
    if (options.end_motion != nullptr) {
      const BodyMotion& end = (*options.end_motion)[i];
      if (!end.velocity.allFinite() || !std::isfinite(end.angular_velocity)) {
        throw std::invalid_argument("proximity: " + body_label(body, i) + ": non-finite end_motion");
      }
      w.velocity_end = end.velocity;
      w.spin_speed_end = std::abs(end.angular_velocity) * radius;
    }
    w.reach = motion_reach(std::max(w.velocity.norm() + w.spin_speed, w.velocity_end.norm() + w.spin_speed_end), options);
  }
  return world;
}

// Pairs that can interact at all: both active, not both static, not both particles.
bool pair_can_touch(const ProximityBody& a, const ProximityBody& b) {
  if (a.index < 0 || b.index < 0) return false;
  if (a.is_static && b.is_static) return false;
  return a.edge_count() > 0 || b.edge_count() > 0;
}

int index_of(const std::vector<Contact>& sorted, const ContactKey& key) {
  const auto it = std::lower_bound(sorted.begin(), sorted.end(), key,
                                   [](const Contact& c, const ContactKey& k) { return key_of(c) < k; });
  if (it == sorted.end() || key_of(*it) != key) throw std::logic_error("proximity: site or group contact missing");
  return static_cast<int>(it - sorted.begin());
}

ProximityResult assemble(const std::vector<PairProximity>& pairs) {
  ProximityResult result;
  for (const PairProximity& pair : pairs) {
    for (const auto& [key, contact] : pair.contacts) result.contacts.push_back(contact);
  }
  // Keys are unique across pairs (they name both bodies); sort into (body_a, body_b, vertex_a, edge_b).
  std::sort(result.contacts.begin(), result.contacts.end(),
            [](const Contact& x, const Contact& y) { return key_of(x) < key_of(y); });

  std::vector<char> in_group(result.contacts.size(), 0);
  for (const PairProximity& pair : pairs) {
    for (const std::vector<ContactKey>& keys : pair.groups) {
      NonconvexGroup group;
      for (const ContactKey& k : keys) {
        group.contacts.push_back(index_of(result.contacts, k));
        in_group[static_cast<std::size_t>(group.contacts.back())] = 1;
      }
      result.groups.push_back(std::move(group));
    }
    for (const PendingSite& pending : pair.sites) {
      VertexVertexSite site = pending.site;
      int* slots[4] = {&site.c1, &site.c2, &site.c3, &site.c4};
      for (std::size_t s = 0; s < 4; ++s) {
        if (pending.keys[s].body_a >= 0) *slots[s] = index_of(result.contacts, pending.keys[s]);
      }
      result.vv_sites.push_back(site);
    }
  }
  // Groups are disjoint, so the smallest member index orders them (= contact order of their first key).
  auto smallest = [](const NonconvexGroup& g) { return *std::min_element(g.contacts.begin(), g.contacts.end()); };
  std::sort(result.groups.begin(), result.groups.end(),
            [&](const NonconvexGroup& x, const NonconvexGroup& y) { return smallest(x) < smallest(y); });
  std::sort(result.vv_sites.begin(), result.vv_sites.end(), [](const VertexVertexSite& x, const VertexVertexSite& y) {
    return std::tie(x.body_a, x.body_b, x.vertex_a, x.vertex_b) < std::tie(y.body_a, y.body_b, y.vertex_a, y.vertex_b);
  });
  for (std::size_t i = 0; i < in_group.size(); ++i) {
    if (!in_group[i]) result.ungrouped.push_back(static_cast<int>(i));
  }
  return result;
}

ProximityResult narrow_phase_over(const std::vector<ProximityBody>& world,
                                  const std::vector<std::pair<int, int>>& candidates, const ProximityOptions& options) {
  std::vector<PairProximity> pairs;
  for (const auto& [i, j] : candidates) {
    const ProximityBody& a = world[static_cast<std::size_t>(i)];
    const ProximityBody& b = world[static_cast<std::size_t>(j)];
    if (!pair_can_touch(a, b)) continue;
    pairs.push_back(pair_proximity(a, b, pair_threshold(a, b, options)));
  }
  return assemble(pairs);
}

}  // namespace

ProximityResult find_proximity(const std::vector<Body>& bodies, const std::vector<char>& active,
                               const ProximityOptions& options) {
  const std::vector<ProximityBody> world = world_bodies(bodies, active, options);
  std::vector<Aabb> boxes(world.size());
  std::vector<char> take(world.size(), 0);
  for (std::size_t i = 0; i < world.size(); ++i) {
    if (world[i].index < 0) continue;
    const double grow = world[i].reach + options.base_margin;
    boxes[i] = Aabb{world[i].bounds.lo.array() - grow, world[i].bounds.hi.array() + grow};
    take[i] = 1;
  }
  return narrow_phase_over(world, sweep_and_prune(boxes, take), options);
}

ProximityResult find_proximity_brute_force(const std::vector<Body>& bodies, const std::vector<char>& active,
                                           const ProximityOptions& options) {
  const std::vector<ProximityBody> world = world_bodies(bodies, active, options);
  std::vector<std::pair<int, int>> all_pairs;
  for (int i = 0; i < static_cast<int>(world.size()); ++i) {
    for (int j = i + 1; j < static_cast<int>(world.size()); ++j) all_pairs.emplace_back(i, j);
  }
  return narrow_phase_over(world, all_pairs, options);
}

}  // namespace pegsim
