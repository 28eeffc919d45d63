// 3D bodies: front faces flat-shaded with outlines, in painter's order (see draw3d.h).
#include "draw3d.h"

#include <pegsim/render/draw_order_3d.h>

namespace pegsim::render_detail {
namespace {

Rgb scaled(const Rgb& c, double f) { return {c.r * f, c.g * f, c.b * f}; }

struct BodyStyle {
  Rgb fill;
  Rgb outline;
  double alpha = 1.0;
  double line_width = 1.0;
};

// The colour each body gets: static grey, dynamic by its index among dynamic bodies (a body keeps
// its colour once spawned, as in 2D).
std::vector<BodyStyle> body_styles(const Frame& frame, double unit) {
  std::vector<BodyStyle> styles(frame.bodies3d.size());
  int dynamic_index = -1;
  for (std::size_t i = 0; i < frame.bodies3d.size(); ++i) {
    if (frame.bodies3d[i].is_static) {
      styles[i] = {kStaticFill, kStaticOutline, kStaticAlpha3d, 1.0 * unit};
      continue;
    }
    const Rgb colour = dynamic_body_colour(++dynamic_index);
    styles[i] = {colour, scaled(colour, 0.4), 1.0, 1.2 * unit};
  }
  return styles;
}

std::vector<Vec3> face_loop(const Polyhedron& shape, const PolyhedronFace& face) {
  std::vector<Vec3> loop;
  for (int v : face.vertices) loop.push_back(shape.vertices[static_cast<std::size_t>(v)]);
  return loop;
}

void draw_front_faces(cairo_t* cr, const Polyhedron& shape, const BodyStyle& style, const Camera3d& camera) {
  for (const PolyhedronFace& face : shape.faces) {
    const std::vector<Vec3> loop = face_loop(shape, face);
    if (loop.empty() || !faces_eye(face.normal, loop.front(), camera.eye())) continue;
    if (!polygon_path_3d(cr, camera, loop)) continue;
    set_colour(cr, shade(style.fill, face.normal), style.alpha);
    cairo_fill_preserve(cr);
    set_colour(cr, style.outline, style.alpha < 1.0 ? 0.8 : 1.0);
    cairo_set_line_width(cr, style.line_width);
    cairo_stroke(cr);
  }
}

}  // namespace

void draw_bodies_3d(cairo_t* cr, const Frame& frame, const WorldShapes3d& world, const Camera3d& camera,
                    double unit) {
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  const std::vector<BodyStyle> styles = body_styles(frame, unit);
  for (int i : painter_order(world.active, camera)) {
    draw_front_faces(cr, *world.active[static_cast<std::size_t>(i)], styles[static_cast<std::size_t>(i)], camera);
  }
}

}  // namespace pegsim::render_detail
