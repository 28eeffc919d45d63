// Penetration depth of two convex polyhedra by the separating axis theorem (penetration_3d.h).
#include <pegsim/geometry/penetration_3d.h>

#include <algorithm>
#include <limits>

namespace pegsim {
namespace {

// How far the projections of a and b on the unit axis overlap (<= 0: the axis separates them).
double projection_overlap(const Polyhedron& a, const Polyhedron& b, const Vec3& axis) {
  const Extent ea = extent_along(a, axis), eb = extent_along(b, axis);
  return std::min(ea.hi - eb.lo, eb.hi - ea.lo);
}

// How far a reaches past b along the unit axis (a's top end over b's bottom end): the distance
// of the origin from the Minkowski difference's supporting plane with outward normal `axis`.
double reach_along(const Polyhedron& a, const Polyhedron& b, const Vec3& axis) {
  return extent_along(a, axis).hi - extent_along(b, axis).lo;
}

// Whether edge ea of a and edge eb of b span a face of the Minkowski difference a - b: the arc
// between ea's two face normals and the arc between minus eb's face normals cross on the unit
// sphere (the Gauss maps of a and -b; Gregorius, "The separating axis test between convex
// polyhedra", GDC 2013). The depth is the distance from the origin to the nearest face of a - b,
// and along any other direction the projections overlap at least as much: skipping the other
// edge pairs leaves the minimum (and the separation test) as the full scan of every pair had it.
// Arcs that only touch (an end of one on the other's great circle) span no face of their own:
// their axis is that end, a face normal of a or b, measured with the faces. Counting them as
// crossing named far-off edge pairs whenever rounding put their copy of the face's axis below it.
bool edges_span_minkowski_face(const Vec3& a1, const Vec3& a2, const Vec3& b1, const Vec3& b2) {
  constexpr double kTouching = 1e-14;  // products of sines: a touch is rounding away from 0
  const Vec3 c = -b1, d = -b2;
  const Vec3 a_arc = a2.cross(a1), b_arc = d.cross(c);  // normals of the arcs' great circles
  const double cba = c.dot(a_arc), dba = d.dot(a_arc), adc = a1.dot(b_arc), bdc = a2.dot(b_arc);
  return cba * dba < -kTouching && adc * bdc < -kTouching && cba * bdc > kTouching;
}

const Vec3& face_normal(const Polyhedron& shape, int face) { return shape.faces[static_cast<std::size_t>(face)].normal; }

}  // namespace

Penetration3d penetration_3d(const Polyhedron& a, const Polyhedron& b, double stop_at) {
  Penetration3d best;
  if (a.vertices.empty() || b.vertices.empty()) return best;
  best.depth = std::numeric_limits<double>::infinity();
  auto keep = [&](double overlap, const Vec3& axis, PenetrationAxis3d kind, int fa, int fb) {
    if (overlap < best.depth) best = {overlap, kind, fa, fb, axis};
    return best.depth > stop_at;
  };
  auto try_axis = [&](const Vec3& axis, PenetrationAxis3d kind, int fa, int fb) {
    return keep(projection_overlap(a, b, axis), axis, kind, fa, fb);
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
    const Vec3& na1 = face_normal(a, ea.face_left);
    const Vec3& na2 = face_normal(a, ea.face_right);
    for (std::size_t j = 0; j < b.edges.size(); ++j) {
      const PolyhedronEdge& eb = b.edges[j];
      if (!edges_span_minkowski_face(na1, na2, face_normal(b, eb.face_left), face_normal(b, eb.face_right))) continue;
      const Vec3 db = b.vertices[static_cast<std::size_t>(eb.v1)] - b.vertices[static_cast<std::size_t>(eb.v0)];
      const Vec3 cross = da.cross(db);
      const double norm = cross.norm();
      if (!(norm > scale * da.norm() * db.norm())) continue;
      // The face these two edges span faces out of a at ea: measured on that side only. Its
      // other side is another face (for centrally symmetric shapes, the one of the two edges'
      // parallel twins); measured here too, a tie would name edges on the far sides of a and b.
      const Vec3 axis = cross.dot(na1 + na2) < 0.0 ? Vec3(-cross / norm) : Vec3(cross / norm);
      if (!keep(reach_along(a, b, axis), axis, PenetrationAxis3d::edge_pair, static_cast<int>(i), static_cast<int>(j)))
        return separated();
    }
  }
  // Orient the axis from a into b: the shorter way out moves b along +axis when a's top end
  // overlaps b's bottom end (the a_hi - b_lo term of projection_overlap is the smaller).
  const Extent ea = extent_along(a, best.axis), eb = extent_along(b, best.axis);
  if (ea.hi - eb.lo > eb.hi - ea.lo) best.axis = -best.axis;
  return best;
}

double penetration_depth_3d(const Polyhedron& a, const Polyhedron& b, double stop_at) {
  return penetration_3d(a, b, stop_at).depth;
}

}  // namespace pegsim
