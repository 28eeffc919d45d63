// Clipping convex solids by planes and their volume (overlap_3d.h).
#include <pegsim/geometry/overlap_3d.h>

#include <algorithm>
#include <cmath>

namespace pegsim {

namespace {

// The cap: points on the cutting plane, ordered CCW seen from +normal (Andrew's monotone chain in
// the plane's basis; duplicates and collinear points within `tolerance` dropped).
std::vector<Vec3> cap_polygon(std::vector<Vec3> points, const Vec3& normal, double tolerance) {
  const Vec3 u = normal.unitOrthogonal();
  const Vec3 w = normal.cross(u);
  auto less = [&](const Vec3& a, const Vec3& b) {
    const double ax = u.dot(a), bx = u.dot(b);
    return ax != bx ? ax < bx : w.dot(a) < w.dot(b);
  };
  std::sort(points.begin(), points.end(), less);
  auto keeps_left_turn = [&](const Vec3& a, const Vec3& b, const Vec3& c) {
    const Vec3 ac = c - a;
    const double len = ac.norm();
    return len > tolerance && (b - a).cross(ac).dot(normal) > tolerance * len;
  };
  std::vector<Vec3> hull;
  for (int pass = 0; pass < 2; ++pass) {
    const std::size_t start = hull.size();
    for (const Vec3& p : points) {
      while (hull.size() >= start + 2 && !keeps_left_turn(hull[hull.size() - 2], hull.back(), p)) hull.pop_back();
      if (hull.size() >= start + 1 && (hull.back() - p).norm() <= tolerance) continue;
      hull.push_back(p);
    }
    hull.pop_back();
    std::reverse(points.begin(), points.end());
  }
  return hull;
}

}  // namespace

PolygonSoup boundary_polygons(const Polyhedron& shape) {
  PolygonSoup soup;
  soup.reserve(shape.faces.size());
  for (const PolyhedronFace& face : shape.faces) {
    std::vector<Vec3> polygon;
    for (int v : face.vertices) polygon.push_back(shape.vertices[static_cast<std::size_t>(v)]);
    soup.push_back(std::move(polygon));
  }
  return soup;
}

PolygonSoup clip_by_plane(const PolygonSoup& solid, const Vec3& normal, double offset, double tolerance) {
  bool any_outside = false, any_inside = false;
  for (const auto& polygon : solid) {
    for (const Vec3& p : polygon) {
      const double d = normal.dot(p) - offset;
      any_outside = any_outside || d > tolerance;
      any_inside = any_inside || d < -tolerance;
    }
  }
  if (!any_outside) return solid;
  if (!any_inside) return {};

  PolygonSoup clipped;
  std::vector<Vec3> on_plane;  // the cut's points: the cap's vertices
  for (const auto& polygon : solid) {
    std::vector<Vec3> kept;
    for (std::size_t i = 0; i < polygon.size(); ++i) {
      const Vec3& p = polygon[i];
      const Vec3& q = polygon[(i + 1) % polygon.size()];
      const double dp = normal.dot(p) - offset, dq = normal.dot(q) - offset;
      if (dp <= tolerance) kept.push_back(p);
      if (std::abs(dp) <= tolerance) on_plane.push_back(p);
      if ((dp < -tolerance && dq > tolerance) || (dp > tolerance && dq < -tolerance)) {
        const Vec3 cut = p + (dp / (dp - dq)) * (q - p);
        kept.push_back(cut);
        on_plane.push_back(cut);
      }
    }
    if (kept.size() >= 3) clipped.push_back(std::move(kept));
  }
  std::vector<Vec3> cap = cap_polygon(std::move(on_plane), normal, tolerance);
  if (cap.size() >= 3) clipped.push_back(std::move(cap));
  return clipped;
}

double enclosed_volume(const PolygonSoup& solid) {
  if (solid.empty()) return 0.0;
  const Vec3 reference = solid.front().front();  // any point; nearby keeps the terms small
  double six_volume = 0.0;
  for (const auto& polygon : solid) {
    const Vec3 a = polygon[0] - reference;
    for (std::size_t i = 1; i + 1 < polygon.size(); ++i) {
      six_volume += a.dot((polygon[i] - reference).cross(polygon[i + 1] - reference));
    }
  }
  return six_volume / 6.0;
}

PolygonSoup convex_intersection_3d(const Polyhedron& a, const Polyhedron& b) {
  double scale = 0.0;
  for (const Vec3& v : a.vertices) scale = std::max(scale, v.cwiseAbs().maxCoeff());
  for (const Vec3& v : b.vertices) scale = std::max(scale, v.cwiseAbs().maxCoeff());
  const double tolerance = 1e-12 * std::max(scale, 1e-300);
  PolygonSoup solid = boundary_polygons(a);
  for (const PolyhedronFace& face : b.faces) {
    solid = clip_by_plane(solid, face.normal, face.offset, tolerance);
    if (solid.empty()) break;
  }
  return solid;
}

double convex_overlap_volume(const Polyhedron& a, const Polyhedron& b) {
  return std::max(0.0, enclosed_volume(convex_intersection_3d(a, b)));
}

}  // namespace pegsim
