// End-of-step gap fixpoint on polyhedra (gap_fixpoint.h): the true end gaps of the 3D feature
// pairs, for the same linearisation correction as in 2D.
#include <pegsim/dynamics/gap_fixpoint.h>

#include <pegsim/contact/contact_rows_3d.h>
#include <pegsim/geometry/penetration_3d.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

namespace pegsim {
namespace {

void check_body(int index, std::size_t count, const char* where) {
  if (index < 0 || static_cast<std::size_t>(index) >= count) {
    throw std::invalid_argument(std::string(where) + ": body " + std::to_string(index) + " of " + std::to_string(count));
  }
}

// The world shapes of the end bodies, built once each on demand.
class EndShapes {
 public:
  explicit EndShapes(const std::vector<Body3d>& bodies) : bodies_(bodies), shapes_(bodies.size()), done_(bodies.size(), 0) {}
  const Polyhedron& operator()(int i) {
    check_body(i, bodies_.size(), "update_gap_corrections_3d");
    const auto k = static_cast<std::size_t>(i);
    if (!done_[k]) shapes_[k] = bodies_[k].world_shape(), done_[k] = 1;
    return shapes_[k];
  }

 private:
  const std::vector<Body3d>& bodies_;
  std::vector<Polyhedron> shapes_;
  std::vector<char> done_;
};

// The true gap of the feature pair on the moved shapes; false when it has none to offer
// (the I-site kinds, parallel edges).
bool true_end_gap(const Contact3d& c, const Polyhedron& a, const Polyhedron& b, double& gap) {
  switch (c.kind) {
    case FeaturePair3d::vertex_face:
      gap = b.faces.at(static_cast<std::size_t>(c.feature_b)).signed_distance(a.vertices.at(static_cast<std::size_t>(c.feature_a)));
      return true;
    case FeaturePair3d::edge_edge: {
      const PolyhedronEdge& ea = a.edges.at(static_cast<std::size_t>(c.feature_a));
      const PolyhedronEdge& eb = b.edges.at(static_cast<std::size_t>(c.feature_b));
      const Vec3 a0 = a.vertices[static_cast<std::size_t>(ea.v0)], b0 = b.vertices[static_cast<std::size_t>(eb.v0)];
      const Vec3 da = a.vertices[static_cast<std::size_t>(ea.v1)] - a0, db = b.vertices[static_cast<std::size_t>(eb.v1)] - b0;
      Vec3 n = da.cross(db);
      const double norm = n.norm();
      if (!(norm > 1e-9 * da.norm() * db.norm())) return false;
      n /= norm;
      if (n.dot(c.normal) < 0.0) n = -n;  // the side the step started on
      gap = n.dot(b0 - a0);
      return true;
    }
    case FeaturePair3d::vertex_edge:
    case FeaturePair3d::vertex_vertex:
      return false;
  }
  return false;
}

}  // namespace

double contact_pairs_depth_3d(const std::vector<Body3d>& bodies, const ProximityResult& proximity) {
  std::set<std::pair<int, int>> pairs;
  for (const Contact3d& c : proximity.three_d.contacts) {
    check_body(c.body_a, bodies.size(), "contact_pairs_depth_3d");
    check_body(c.body_b, bodies.size(), "contact_pairs_depth_3d");
    pairs.insert(std::minmax(c.body_a, c.body_b));
  }
  EndShapes shape(bodies);
  double depth = 0.0;
  for (const auto& [a, b] : pairs) depth = std::max(depth, penetration_depth_3d(shape(a), shape(b)));
  return depth;
}

void update_gap_corrections_3d(ProximityResult& proximity, const std::vector<Body3d>& end_bodies,
                               const ModelContext& context, const Vec& nu) {
  if (context.bodies3d == nullptr) throw std::invalid_argument("update_gap_corrections_3d: the context has no 3D bodies");
  ContactRows3dContext rows;  // the start states: the rows' Jacobians
  rows.time_step = context.time_step;
  rows.bodies = context.bodies3d;
  rows.dof_offset = context.dof_offset;
  EndShapes shape(end_bodies);
  std::map<std::pair<int, int>, double> depth;  // end penetration of pairs with a negative end gap
  for (Contact3d& c : proximity.three_d.contacts) {
    double true_gap = 0.0;
    if (!true_end_gap(c, shape(c.body_a), shape(c.body_b), true_gap)) {
      c.gap_correction = 0.0;
      continue;
    }
    if (true_gap < 0.0) {  // as proximity's rule 5 (features_3d.h): never deeper than the pair's overlap
      const auto key = std::minmax(c.body_a, c.body_b);
      auto it = depth.find(key);
      if (it == depth.end()) it = depth.emplace(key, penetration_depth_3d(shape(c.body_a), shape(c.body_b))).first;
      true_gap = std::max(true_gap, -it->second);
    }
    const double rate = c.normal.dot(contact_relative_velocity_3d(c, rows, nu));  // G^T nu
    c.gap_correction = true_gap - context.time_step * rate - c.gap;
  }
}

}  // namespace pegsim
