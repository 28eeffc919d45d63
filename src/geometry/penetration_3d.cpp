// Penetration depth of two convex polyhedra by the separating axis theorem (penetration_3d.h).
#include <pegsim/geometry/penetration_3d.h>

#include <algorithm>
#include <limits>

namespace pegsim {
namespace {

// How far the projections of a and b on the unit axis overlap (<= 0: the axis separates them).
double projection_overlap(const Polyhedron& a, const Polyhedron& b, const Vec3& axis) {
  double a_lo = std::numeric_limits<double>::infinity(), a_hi = -a_lo;
  for (const Vec3& v : a.vertices) a_lo = std::min(a_lo, axis.dot(v)), a_hi = std::max(a_hi, axis.dot(v));
  double b_lo = std::numeric_limits<double>::infinity(), b_hi = -b_lo;
  for (const Vec3& v : b.vertices) b_lo = std::min(b_lo, axis.dot(v)), b_hi = std::max(b_hi, axis.dot(v));
  return std::min(a_hi - b_lo, b_hi - a_lo);
}

}  // namespace

Penetration3d penetration_3d(const Polyhedron& a, const Polyhedron& b, double stop_at) {
  Penetration3d best;
  if (a.vertices.empty() || b.vertices.empty()) return best;
  best.depth = std::numeric_limits<double>::infinity();
  auto try_axis = [&](const Vec3& axis, PenetrationAxis3d kind, int fa, int fb) {
    const double overlap = projection_overlap(a, b, axis);
    if (overlap < best.depth) best = {overlap, kind, fa, fb, axis};
    return best.depth > stop_at;
  };
  auto separated = [] { return Penetration3d{}; };
  for (std::size_t f = 0; f < a.faces.size(); ++f)
    if (!try_axis(a.faces[f].normal, PenetrationAxis3d::face_of_a, static_cast<int>(f), -1)) return separated();
  for (std::size_t f = 0; f < b.faces.size(); ++f)
    if (!try_axis(b.faces[f].normal, PenetrationAxis3d::face_of_b, -1, static_cast<int>(f))) return separated();
  // Edge pairs: parallel edges give no new axis (their plane's normal is already a face normal).
  const double scale = 1e-12;
  for (std::size_t i = 0; i < a.edges.size(); ++i) {
    const PolyhedronEdge& ea = a.edges[i];
    const Vec3 da = a.vertices[static_cast<std::size_t>(ea.v1)] - a.vertices[static_cast<std::size_t>(ea.v0)];
    for (std::size_t j = 0; j < b.edges.size(); ++j) {
      const PolyhedronEdge& eb = b.edges[j];
      const Vec3 db = b.vertices[static_cast<std::size_t>(eb.v1)] - b.vertices[static_cast<std::size_t>(eb.v0)];
      const Vec3 axis = da.cross(db);
      const double norm = axis.norm();
      if (!(norm > scale * da.norm() * db.norm())) continue;
      if (!try_axis(axis / norm, PenetrationAxis3d::edge_pair, static_cast<int>(i), static_cast<int>(j))) return separated();
    }
  }
  // Orient the axis from a into b: the shorter way out moves b along +axis when a's top end
  // overlaps b's bottom end (the a_hi - b_lo term of projection_overlap is the smaller).
  double a_hi = -std::numeric_limits<double>::infinity(), b_lo = -a_hi, b_hi = a_hi, a_lo = b_lo;
  for (const Vec3& v : a.vertices) a_hi = std::max(a_hi, best.axis.dot(v)), a_lo = std::min(a_lo, best.axis.dot(v));
  for (const Vec3& v : b.vertices) b_lo = std::min(b_lo, best.axis.dot(v)), b_hi = std::max(b_hi, best.axis.dot(v));
  if (a_hi - b_lo > b_hi - a_lo) best.axis = -best.axis;
  return best;
}

double penetration_depth_3d(const Polyhedron& a, const Polyhedron& b, double stop_at) {
  return penetration_3d(a, b, stop_at).depth;
}

}  // namespace pegsim
