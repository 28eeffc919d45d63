// Contact overlays: points, normals, normal impulses, constraint kinds (U / I / X) and
// vertex–vertex "SM trap" sites (peg-reconstructed.md, "2D cases").
#include "draw.h"

#include <algorithm>
#include <cmath>

namespace pegsim::render_detail {
namespace {

inline constexpr double kTwoPi = 6.283185307179586;

// Image-space direction (y down) of a world direction.
Vec2 pixel_direction(const Vec2& world) { return Vec2(world.x(), -world.y()); }

// A contact as it sits on the bodies drawn (their end-of-step pose): proximity ran at the start of
// the step, so its stored point and normal lag the bodies by h * velocity. The point is A's vertex
// now, the normal is B's edge normal now (from A into B: perp of the CCW edge direction).
struct ContactNow {
  Vec2 point, normal, on_edge;
};

ContactNow contact_now(const Frame& frame, const Contact& c) {
  ContactNow now{c.point, c.normal, c.point_on_b()};
  const auto n = static_cast<int>(frame.bodies.size());
  if (c.body_a < 0 || c.body_a >= n || c.body_b < 0 || c.body_b >= n) return now;
  const Body& a = frame.bodies[static_cast<std::size_t>(c.body_a)];
  const Body& b = frame.bodies[static_cast<std::size_t>(c.body_b)];
  const int nb = static_cast<int>(b.local_vertices.size());
  if (c.vertex_a < 0 || c.vertex_a >= static_cast<int>(a.local_vertices.size()) || nb < 3 || c.edge_b < 0 ||
      c.edge_b >= nb) {
    return now;
  }
  const Vec2 e0 = b.world_vertex(c.edge_b);
  const Vec2 edge = b.world_vertex((c.edge_b + 1) % nb) - e0;
  if (!(edge.norm() > 0.0)) return now;
  now.point = a.world_vertex(c.vertex_a);
  now.normal = perp(edge) / edge.norm();
  now.on_edge = now.point + (e0 - now.point).dot(now.normal) * now.normal;
  return now;
}

void circle(cairo_t* cr, const Vec2& p, double radius) {
  cairo_new_path(cr);
  cairo_arc(cr, p.x(), p.y(), radius, 0.0, kTwoPi);
}

void draw_points(cairo_t* cr, const Frame& frame, const Camera& camera, double unit) {
  set_colour(cr, kContactDot);
  for (const Contact& c : frame.proximity.contacts) {
    circle(cr, camera.to_pixel(contact_now(frame, c).point), 2.2 * unit);
    cairo_fill(cr);
  }
}

void draw_normals(cairo_t* cr, const Frame& frame, const Camera& camera, double unit) {
  set_colour(cr, kNormalBlue);
  cairo_set_line_width(cr, 1.0 * unit);
  for (const Contact& c : frame.proximity.contacts) {
    const ContactNow now = contact_now(frame, c);
    arrow(cr, camera.to_pixel(now.point), 14.0 * unit * pixel_direction(now.normal), 4.0 * unit, false);
  }
}

// The impulse p n on the contact's dynamic body: -n at A's vertex when A moves, else +n at the
// vertex's projection onto B's edge line. Arrows longer than max_arrow are cut there and dashed.
void draw_impulses(cairo_t* cr, const Frame& frame, const Camera& camera, double scale, double max_arrow,
                   double unit) {
  const std::vector<double> impulse = normal_impulse_per_contact(frame);
  if (scale <= 0.0) {
    const double largest = impulse.empty() ? 0.0 : *std::max_element(impulse.begin(), impulse.end());
    if (!(largest > 0.0)) return;
    scale = 40.0 * unit / largest;
  }
  set_colour(cr, kImpulseGreen);
  cairo_set_line_width(cr, 2.0 * unit);
  for (std::size_t k = 0; k < impulse.size(); ++k) {
    const double length = impulse[k] * scale;
    if (!(length >= 0.5)) continue;
    const Contact& c = frame.proximity.contacts[k];
    if (c.body_a < 0 || c.body_a >= static_cast<int>(frame.bodies.size())) continue;
    const bool a_moves = !frame.bodies[static_cast<std::size_t>(c.body_a)].is_static;
    const ContactNow now = contact_now(frame, c);
    const Vec2 origin = a_moves ? now.point : now.on_edge;
    const Vec2 direction = a_moves ? Vec2(-now.normal) : now.normal;
    const bool cut = length > max_arrow;
    arrow(cr, camera.to_pixel(origin), std::min(length, max_arrow) * pixel_direction(direction), 6.0 * unit, cut);
  }
}

// Rings around each contact, one per constraint kind it takes part in, nested by kind.
void draw_constraint_kinds(cairo_t* cr, const Frame& frame, const Camera& camera, double unit) {
  struct Ring {
    ConstraintKind kind;
    Rgb colour;
    double radius;
  };
  const Ring rings[] = {{ConstraintKind::Unilateral, kUnilateralBlue, 4.5},
                        {ConstraintKind::Intercontact, kIntercontactOrange, 6.5},
                        {ConstraintKind::CrossContact, kCrossContactGreen, 8.5},
                        {ConstraintKind::Group, kGroupPurple, 10.5}};
  const std::vector<unsigned> kinds = constraint_kinds_per_contact(frame);
  cairo_set_line_width(cr, 1.6 * unit);
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    const Vec2 p = camera.to_pixel(contact_now(frame, frame.proximity.contacts[k]).point);
    for (const Ring& ring : rings) {
      if (!(kinds[k] & (1u << static_cast<unsigned>(ring.kind)))) continue;
      circle(cr, p, ring.radius * unit);
      set_colour(cr, ring.colour);
      cairo_stroke(cr);
    }
  }
}

// A vertex of A near a vertex of B: a translucent disc over the pair of vertices.
void draw_traps(cairo_t* cr, const Frame& frame, const Camera& camera, double unit) {
  cairo_set_line_width(cr, 1.8 * unit);
  for (const VertexVertexSite& site : frame.proximity.vv_sites) {
    const auto n = static_cast<int>(frame.bodies.size());
    if (site.body_a < 0 || site.body_a >= n || site.body_b < 0 || site.body_b >= n) continue;
    const Body& a = frame.bodies[static_cast<std::size_t>(site.body_a)];
    const Body& b = frame.bodies[static_cast<std::size_t>(site.body_b)];
    if (site.vertex_a < 0 || site.vertex_a >= static_cast<int>(a.local_vertices.size())) continue;
    if (site.vertex_b < 0 || site.vertex_b >= static_cast<int>(b.local_vertices.size())) continue;
    const Vec2 p = camera.to_pixel(0.5 * (a.world_vertex(site.vertex_a) + b.world_vertex(site.vertex_b)));
    circle(cr, p, 11.0 * unit);
    set_colour(cr, kTrapMagenta, 0.25);
    cairo_fill_preserve(cr);
    set_colour(cr, kTrapMagenta);
    cairo_stroke(cr);
  }
}

}  // namespace

void draw_contact_overlays(cairo_t* cr, const Frame& frame, const Camera& camera, const Overlays& overlays,
                           double impulse_scale, double max_arrow, double unit) {
  if (!frame.has_step) return;  // the initial state has no step data
  if (overlays.traps) draw_traps(cr, frame, camera, unit);
  if (overlays.constraints) draw_constraint_kinds(cr, frame, camera, unit);
  if (overlays.impulses) draw_impulses(cr, frame, camera, impulse_scale, max_arrow, unit);
  if (overlays.normals) draw_normals(cr, frame, camera, unit);
  if (overlays.contacts) draw_points(cr, frame, camera, unit);
}

}  // namespace pegsim::render_detail
