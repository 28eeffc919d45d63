// 3D contact overlays: dots at the contacts, short normal arrows (see draw3d.h).
#include "draw3d.h"

#include <pegsim/render/contact_marks_3d.h>

namespace pegsim::render_detail {
namespace {

inline constexpr double kTwoPi = 6.283185307179586;
inline constexpr double kNormalPixels = 18.0;  // at 800 px per panel, seen side-on

// The normal as a world segment about kNormalPixels long at the contact's depth, so it shortens
// when it points towards the viewer: its direction reads from the picture.
void draw_normal(cairo_t* cr, const ContactMark3d& mark, const Camera3d& camera, double depth, double unit) {
  const double length = kNormalPixels * unit * depth / camera.focal_pixels();
  const Vec3 tip = mark.point + length * mark.normal;
  const auto from = camera.project(mark.point);
  const auto to = camera.project(tip);
  if (!from || !to) return;
  set_colour(cr, kNormalBlue);
  cairo_set_line_width(cr, 1.3 * unit);
  arrow(cr, from->pixel, to->pixel - from->pixel, 5.0 * unit, false);
}

}  // namespace

void draw_contacts_3d(cairo_t* cr, const Frame& frame, const Camera3d& camera, const Overlays& overlays,
                      double unit) {
  if (!overlays.contacts && !overlays.normals) return;
  for (const ContactMark3d& mark : contact_marks_3d(frame)) {
    const auto p = camera.project(mark.point);
    if (!p) continue;
    if (overlays.normals) draw_normal(cr, mark, camera, p->depth, unit);
    if (overlays.contacts) {
      cairo_new_path(cr);
      cairo_arc(cr, p->pixel.x(), p->pixel.y(), 2.5 * unit, 0.0, kTwoPi);
      set_colour(cr, kContactDot);
      cairo_fill(cr);
    }
  }
}

}  // namespace pegsim::render_detail
