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

double penetration_depth_3d(const Polyhedron& a, const Polyhedron& b, double stop_at) {
  if (a.vertices.empty() || b.vertices.empty()) return 0.0;
  double depth = std::numeric_limits<double>::infinity();
  auto try_axis = [&](const Vec3& axis) {
    depth = std::min(depth, projection_overlap(a, b, axis));
    return depth > stop_at;
  };
  for (const PolyhedronFace& f : a.faces)
    if (!try_axis(f.normal)) return 0.0;
  for (const PolyhedronFace& f : b.faces)
    if (!try_axis(f.normal)) return 0.0;
  // Edge pairs: parallel edges give no new axis (their plane's normal is already a face normal).
  const double scale = 1e-12;
  for (const PolyhedronEdge& ea : a.edges) {
    const Vec3 da = a.vertices[static_cast<std::size_t>(ea.v1)] - a.vertices[static_cast<std::size_t>(ea.v0)];
    for (const PolyhedronEdge& eb : b.edges) {
      const Vec3 db = b.vertices[static_cast<std::size_t>(eb.v1)] - b.vertices[static_cast<std::size_t>(eb.v0)];
      const Vec3 axis = da.cross(db);
      const double norm = axis.norm();
      if (!(norm > scale * da.norm() * db.norm())) continue;
      if (!try_axis(axis / norm)) return 0.0;
    }
  }
  return std::max(0.0, depth);
}

}  // namespace pegsim
