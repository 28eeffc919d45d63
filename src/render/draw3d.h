// Internal to src/render: the drawing steps of one 3D panel (perspective, camera3d.h), on a Cairo
// context whose user space is the image in pixels. `unit` as in draw.h.
#pragma once

#include "draw.h"

#include <pegsim/render/camera3d.h>
#include <pegsim/render/ground_grid.h>

#include <vector>

namespace pegsim::render_detail {

inline constexpr double kStaticAlpha3d = 0.35;  // see-through, so walls do not hide what they hold
inline constexpr Rgb kGridGrey{0.80, 0.80, 0.80};

// The frame's active bodies in the world frame (null for inactive ones), computed once per panel.
struct WorldShapes3d {
  std::vector<Polyhedron> shapes;
  std::vector<const Polyhedron*> active;
};
WorldShapes3d world_shapes(const Frame& frame);

// Lambert shading under a fixed key light from above and a weak fill light: a face's brightness
// factor (ambient included, at most 1) and the base colour scaled by it.
double lambert_factor(const Vec3& normal);
Rgb shade(const Rgb& base, const Vec3& normal);

// Does a face with this outward normal through `point` face the eye (back-face culling)?
bool faces_eye(const Vec3& normal, const Vec3& point, const Vec3& eye);
// A world polygon / segment as a Cairo path, clipped at the near plane; false when nothing is left.
bool polygon_path_3d(cairo_t* cr, const Camera3d& camera, const std::vector<Vec3>& world);
bool segment_path_3d(cairo_t* cr, const Camera3d& camera, const Vec3& a, const Vec3& b);

void draw_ground_grid(cairo_t* cr, const Camera3d& camera, const GroundGrid& grid, double unit);
// Front faces flat-shaded with outlines, bodies in painter's order (draw_order_3d.h); static
// bodies grey and see-through, dynamic ones in draw.h's colours.
void draw_bodies_3d(cairo_t* cr, const Frame& frame, const WorldShapes3d& world, const Camera3d& camera,
                    double unit);
// The intersection polytope of each overlapping pair, translucent red over everything.
void draw_overlap_3d(cairo_t* cr, const Frame& frame, const WorldShapes3d& world, const Camera3d& camera,
                     double unit);
// Contact dots and short normal segments (contact_marks_3d.h), whichever overlays are on.
void draw_contacts_3d(cairo_t* cr, const Frame& frame, const Camera3d& camera, const Overlays& overlays,
                      double unit);

}  // namespace pegsim::render_detail
