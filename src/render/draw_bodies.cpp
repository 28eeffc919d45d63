// Bodies: static grey, dynamic coloured, particles as dots.
#include "draw.h"

#include <algorithm>
#include <cmath>

namespace pegsim::render_detail {
namespace {

inline constexpr double kTwoPi = 6.283185307179586;

Rgb hsv(double hue_deg, double s, double v) {
  const double c = v * s;
  const double hp = std::fmod(hue_deg, 360.0) / 60.0;
  const double x = c * (1.0 - std::abs(std::fmod(hp, 2.0) - 1.0));
  Rgb rgb;
  if (hp < 1) rgb = {c, x, 0};
  else if (hp < 2) rgb = {x, c, 0};
  else if (hp < 3) rgb = {0, c, x};
  else if (hp < 4) rgb = {0, x, c};
  else if (hp < 5) rgb = {x, 0, c};
  else rgb = {c, 0, x};
  const double m = v - c;
  return {rgb.r + m, rgb.g + m, rgb.b + m};
}

Rgb darker(const Rgb& c, double f) { return {c.r * f, c.g * f, c.b * f}; }

}  // namespace

Rgb dynamic_body_colour(int dynamic_index) {
  // Golden-ratio steps spread consecutive bodies over hues 40..270 degrees (yellow to violet),
  // leaving out the reds (overlap) and magentas (trap sites).
  const double t = std::fmod(0.11 + 0.6180339887498949 * dynamic_index, 1.0);
  const double hue = 40.0 + 230.0 * t;
  const double value = dynamic_index % 2 == 0 ? 0.93 : 0.80;
  return hsv(hue, 0.55, value);
}

void set_colour(cairo_t* cr, const Rgb& c, double alpha) { cairo_set_source_rgba(cr, c.r, c.g, c.b, alpha); }

void polygon_path(cairo_t* cr, const Camera& camera, const std::vector<Vec2>& world) {
  cairo_new_path(cr);
  for (const Vec2& w : world) {
    const Vec2 p = camera.to_pixel(w);
    cairo_line_to(cr, p.x(), p.y());
  }
  cairo_close_path(cr);
}

void arrow(cairo_t* cr, const Vec2& from, const Vec2& direction_px, double head, bool dashed) {
  const double length = direction_px.norm();
  if (!(length > 0.0)) return;
  const Vec2 u = direction_px / length;
  const Vec2 tip = from + direction_px;
  const double h = std::min(head, 0.6 * length);
  const Vec2 base = tip - h * u;
  const Vec2 side(-u.y(), u.x());
  if (dashed) {
    const double dash[] = {4.0, 3.0};
    cairo_set_dash(cr, dash, 2, 0.0);
  }
  cairo_move_to(cr, from.x(), from.y());
  cairo_line_to(cr, base.x(), base.y());
  cairo_stroke(cr);
  cairo_set_dash(cr, nullptr, 0, 0.0);
  cairo_move_to(cr, tip.x(), tip.y());
  cairo_line_to(cr, base.x() + 0.45 * h * side.x(), base.y() + 0.45 * h * side.y());
  cairo_line_to(cr, base.x() - 0.45 * h * side.x(), base.y() - 0.45 * h * side.y());
  cairo_close_path(cr);
  cairo_fill(cr);
}

void draw_bodies(cairo_t* cr, const Frame& frame, const Camera& camera, double unit) {
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  // Static bodies first, so dynamic ones are drawn over them.
  for (std::size_t i = 0; i < frame.bodies.size(); ++i) {
    const Body& body = frame.bodies[i];
    if (!body.is_static || !frame.active[i]) continue;
    polygon_path(cr, camera, body.world_vertices());
    set_colour(cr, kStaticFill);
    cairo_fill_preserve(cr);
    set_colour(cr, kStaticOutline);
    cairo_set_line_width(cr, 1.2 * unit);
    cairo_stroke(cr);
  }
  int dynamic_index = -1;
  for (std::size_t i = 0; i < frame.bodies.size(); ++i) {
    const Body& body = frame.bodies[i];
    if (body.is_static) continue;
    ++dynamic_index;  // counted over all dynamic bodies: a body keeps its colour once spawned
    if (!frame.active[i]) continue;
    const Rgb colour = dynamic_body_colour(dynamic_index);
    if (body.is_particle()) {
      const Vec2 p = camera.to_pixel(body.world_vertex(0));
      cairo_new_path(cr);
      cairo_arc(cr, p.x(), p.y(), 3.0 * unit, 0.0, kTwoPi);
      set_colour(cr, darker(colour, 0.6));
      cairo_fill(cr);
      continue;
    }
    polygon_path(cr, camera, body.world_vertices());
    set_colour(cr, colour, 0.88);
    cairo_fill_preserve(cr);
    set_colour(cr, darker(colour, 0.45));
    cairo_set_line_width(cr, 1.5 * unit);
    cairo_stroke(cr);
  }
}

}  // namespace pegsim::render_detail
