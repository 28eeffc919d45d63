// Overlap regions: the exact intersection of every overlapping pair (geometry/overlap.h), in red.
#include "draw.h"

#include <pegsim/geometry/overlap.h>

#include <cmath>

namespace pegsim::render_detail {
namespace {

inline constexpr double kTwoPi = 6.283185307179586;
// Below this many square pixels a filled region is invisible: mark it with a ring as well.
inline constexpr double kVisibleArea = 6.0;

Bounds polygon_bounds(const Polygon& p) {
  Bounds b;
  for (const Vec2& v : p) b.include(v);
  return b;
}

bool boxes_touch(const Bounds& a, const Bounds& b) {
  return !a.empty() && !b.empty() && a.lo.x() <= b.hi.x() && b.lo.x() <= a.hi.x() && a.lo.y() <= b.hi.y() &&
         b.lo.y() <= a.hi.y();
}

void ring(cairo_t* cr, const Vec2& p, double radius, double unit) {
  cairo_new_path(cr);
  cairo_arc(cr, p.x(), p.y(), radius, 0.0, kTwoPi);
  set_colour(cr, kOverlapRed);
  cairo_set_line_width(cr, 2.0 * unit);
  cairo_stroke(cr);
}

void draw_pair_overlap(cairo_t* cr, const Polygon& a, const Polygon& b, const Camera& camera, double unit) {
  if (a.size() == 1 && b.size() == 1) return;  // two points do not overlap
  if (a.size() == 1 || b.size() == 1) {
    // A particle inside a polygon (the depth metric counts it): ring at the particle.
    const Polygon& point = a.size() == 1 ? a : b;
    if (penetration_depth(a, b) > 0.0) ring(cr, camera.to_pixel(point[0]), 6.0 * unit, unit);
    return;
  }
  const Polygon region = convex_intersection(a, b);
  if (region.size() < 3) return;
  const double area = convex_intersection_area(a, b);
  polygon_path(cr, camera, region);
  set_colour(cr, kOverlapRed, 0.9);
  cairo_fill_preserve(cr);
  set_colour(cr, kOverlapRed);
  cairo_set_line_width(cr, 1.0 * unit);
  cairo_stroke(cr);
  if (area * camera.scale * camera.scale < kVisibleArea) {
    Vec2 centre = Vec2::Zero();
    for (const Vec2& v : region) centre += v;
    ring(cr, camera.to_pixel(centre / static_cast<double>(region.size())), 6.0 * unit, unit);
  }
}

}  // namespace

void draw_overlap(cairo_t* cr, const Frame& frame, const Camera& camera, double unit) {
  const std::size_t n = frame.bodies.size();
  std::vector<Polygon> world(n);
  std::vector<Bounds> bounds(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (!frame.active[i]) continue;
    world[i] = frame.bodies[i].world_vertices();
    bounds[i] = polygon_bounds(world[i]);
  }
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (!frame.active[i] || !frame.active[j]) continue;
      if (frame.bodies[i].is_static && frame.bodies[j].is_static) continue;  // as in metrics.h
      if (!boxes_touch(bounds[i], bounds[j])) continue;
      draw_pair_overlap(cr, world[i], world[j], camera, unit);
    }
  }
}

}  // namespace pegsim::render_detail
