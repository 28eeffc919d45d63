// Overlap in 3D: the intersection polytope of each overlapping pair (geometry/overlap_3d.h, the
// clipping the overlap metric uses), translucent red, drawn over the bodies so that an overlap
// buried inside them still shows; a red ring marks one too small to see.
#include "draw3d.h"

#include <pegsim/geometry/overlap_3d.h>

#include <algorithm>

namespace pegsim::render_detail {
namespace {

inline constexpr double kTwoPi = 6.283185307179586;
inline constexpr double kVisiblePixels = 4.0;  // below this extent on screen: add a ring

Bounds3d box_of(const Polyhedron& shape) {
  Bounds3d b;
  for (const Vec3& v : shape.vertices) b.include(v);
  return b;
}

bool boxes_touch(const Bounds3d& a, const Bounds3d& b) {
  return !a.empty() && !b.empty() && (a.lo.array() <= b.hi.array()).all() && (b.lo.array() <= a.hi.array()).all();
}

// Newell's normal of a polygon (not normalised; zero for a degenerate one).
Vec3 newell_normal(const std::vector<Vec3>& polygon) {
  Vec3 n = Vec3::Zero();
  for (std::size_t i = 0; i < polygon.size(); ++i) n += polygon[i].cross(polygon[(i + 1) % polygon.size()]);
  return n;
}

void draw_polytope(cairo_t* cr, const PolygonSoup& solid, const Camera3d& camera, double unit) {
  // Back faces first, as a faint wireframe, so the solid reads as a solid.
  for (int front = 0; front < 2; ++front) {
    for (const std::vector<Vec3>& polygon : solid) {
      if (polygon.size() < 3) continue;
      if (faces_eye(newell_normal(polygon), polygon.front(), camera.eye()) != (front == 1)) continue;
      if (!polygon_path_3d(cr, camera, polygon)) continue;
      if (front == 1) {
        set_colour(cr, kOverlapRed, 0.45);
        cairo_fill_preserve(cr);
      }
      set_colour(cr, kOverlapRed, front == 1 ? 1.0 : 0.5);
      cairo_set_line_width(cr, (front == 1 ? 1.2 : 0.8) * unit);
      cairo_stroke(cr);
    }
  }
}

// Ring at the polytope's centre when its picture is only a few pixels wide.
void mark_if_tiny(cairo_t* cr, const PolygonSoup& solid, const Camera3d& camera, double unit) {
  Vec3 centre = Vec3::Zero();
  int count = 0;
  Vec2 lo = Vec2::Constant(1e300), hi = Vec2::Constant(-1e300);
  for (const auto& polygon : solid) {
    for (const Vec3& p : polygon) {
      centre += p;
      ++count;
      if (const auto q = camera.project(p)) {
        lo = lo.cwiseMin(q->pixel);
        hi = hi.cwiseMax(q->pixel);
      }
    }
  }
  if (count == 0 || (hi.x() >= lo.x() && (hi - lo).maxCoeff() >= kVisiblePixels)) return;
  const auto c = camera.project(centre / count);
  if (!c) return;
  cairo_new_path(cr);
  cairo_arc(cr, c->pixel.x(), c->pixel.y(), 6.0 * unit, 0.0, kTwoPi);
  set_colour(cr, kOverlapRed);
  cairo_set_line_width(cr, 2.0 * unit);
  cairo_stroke(cr);
}

}  // namespace

void draw_overlap_3d(cairo_t* cr, const Frame& frame, const WorldShapes3d& world, const Camera3d& camera,
                     double unit) {
  const std::size_t n = world.active.size();
  std::vector<Bounds3d> boxes(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (world.active[i]) boxes[i] = box_of(*world.active[i]);
  }
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (!world.active[i] || !world.active[j]) continue;
      if (frame.bodies3d[i].is_static && frame.bodies3d[j].is_static) continue;  // as in metrics.h
      if (!boxes_touch(boxes[i], boxes[j])) continue;
      const PolygonSoup solid = convex_intersection_3d(*world.active[i], *world.active[j]);
      if (solid.empty() || !(enclosed_volume(solid) > 0.0)) continue;  // touching only
      draw_polytope(cr, solid, camera, unit);
      mark_if_tiny(cr, solid, camera, unit);
    }
  }
}

}  // namespace pegsim::render_detail
