// End-of-step gap fixpoint (gap_fixpoint.h).
#include <pegsim/dynamics/gap_fixpoint.h>

#include <pegsim/assembly/assembly.h>
#include <pegsim/contact/contact_rows.h>
#include <pegsim/geometry/overlap.h>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>

namespace pegsim {
namespace {

void check_body(int index, const std::vector<Body>& bodies, const char* where) {
  if (index < 0 || index >= static_cast<int>(bodies.size())) {
    throw std::invalid_argument(std::string(where) + ": body " + std::to_string(index) + " of " +
                                std::to_string(bodies.size()));
  }
}

// Signed distance from A's vertex to the line of B's edge (outward positive), as proximity measures it.
double feature_gap(const Polygon& a, int vertex, const Polygon& b, int edge) {
  const Vec2& s0 = b[static_cast<std::size_t>(edge)];
  const Vec2& s1 = b[(static_cast<std::size_t>(edge) + 1) % b.size()];
  const Vec2 d = s1 - s0;
  const Vec2 outward(d.y(), -d.x());
  return outward.dot(a[static_cast<std::size_t>(vertex)] - s0) / d.norm();
}

}  // namespace

double contact_pairs_depth(const std::vector<Body>& bodies, const ProximityResult& proximity) {
  std::set<std::pair<int, int>> pairs;
  for (const Contact& c : proximity.contacts) {
    check_body(c.body_a, bodies, "contact_pairs_depth");
    check_body(c.body_b, bodies, "contact_pairs_depth");
    pairs.insert(std::minmax(c.body_a, c.body_b));
  }
  double depth = 0.0;
  for (const auto& [a, b] : pairs) {
    depth = std::max(depth, penetration_depth(bodies[static_cast<std::size_t>(a)].world_vertices(),
                                              bodies[static_cast<std::size_t>(b)].world_vertices()));
  }
  return depth;
}

void update_gap_corrections(ProximityResult& proximity, const std::vector<Body>& end_bodies,
                            const ModelContext& context, const Vec& nu) {
  std::vector<Polygon> world(end_bodies.size());
  std::vector<char> done(end_bodies.size(), 0);
  auto polygon = [&](int i) -> const Polygon& {
    check_body(i, end_bodies, "update_gap_corrections");
    if (!done[static_cast<std::size_t>(i)]) {
      world[static_cast<std::size_t>(i)] = end_bodies[static_cast<std::size_t>(i)].world_vertices();
      done[static_cast<std::size_t>(i)] = 1;
    }
    return world[static_cast<std::size_t>(i)];
  };
  for (Contact& c : proximity.contacts) {
    const double true_gap = feature_gap(polygon(c.body_a), c.vertex_a, polygon(c.body_b), c.edge_b);
    const double rate = dot_sparse(normal_jacobian(c, context), nu);  // G^T nu
    c.gap_correction = true_gap - context.time_step * rate - c.gap;
  }
}

double contact_pairs_depth(const Scene& end, const ProximityResult& proximity) {
  return end.is_3d() ? contact_pairs_depth_3d(end.bodies3d, proximity) : contact_pairs_depth(end.bodies, proximity);
}

void update_gap_corrections(ProximityResult& proximity, const Scene& end, const ModelContext& context, const Vec& nu) {
  if (end.is_3d()) update_gap_corrections_3d(proximity, end.bodies3d, context, nu);
  else update_gap_corrections(proximity, end.bodies, context, nu);
}

std::vector<double> gap_corrections(const ProximityResult& proximity) {
  std::vector<double> out;
  out.reserve(proximity.contact_count());
  for (const Contact& c : proximity.contacts) out.push_back(c.gap_correction);
  for (const Contact3d& c : proximity.three_d.contacts) out.push_back(c.gap_correction);
  return out;
}

void set_gap_corrections(ProximityResult& proximity, const std::vector<double>& corrections) {
  if (corrections.size() != proximity.contact_count()) {
    throw std::invalid_argument("set_gap_corrections: " + std::to_string(corrections.size()) + " corrections for " +
                                std::to_string(proximity.contact_count()) + " contacts");
  }
  std::size_t k = 0;
  for (Contact& c : proximity.contacts) c.gap_correction = corrections[k++];
  for (Contact3d& c : proximity.three_d.contacts) c.gap_correction = corrections[k++];
}

void blend_gap_corrections(ProximityResult& proximity, const std::vector<double>& from, double fraction) {
  std::vector<double> corrections = gap_corrections(proximity);
  if (from.size() != corrections.size()) {
    throw std::invalid_argument("blend_gap_corrections: " + std::to_string(from.size()) + " corrections for " +
                                std::to_string(corrections.size()) + " contacts");
  }
  for (std::size_t k = 0; k < corrections.size(); ++k) corrections[k] = from[k] + fraction * (corrections[k] - from[k]);
  set_gap_corrections(proximity, corrections);
}

}  // namespace pegsim
