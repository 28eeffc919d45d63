// Internal to src/render: the drawing steps of one panel, on a Cairo context whose user space is
// the image in pixels. `unit` scales line widths, radii and text with the panel width (1 at 800 px).
#pragma once

#include <pegsim/render/camera.h>
#include <pegsim/render/frame.h>
#include <pegsim/render/overlays.h>

#include <cairo.h>

#include <string>
#include <vector>

namespace pegsim::render_detail {

struct Rgb {
  double r = 0, g = 0, b = 0;
};

// Colours shared by the drawing steps and the caption's legend.
inline constexpr Rgb kBackground{1.0, 1.0, 1.0};
inline constexpr Rgb kStaticFill{0.62, 0.62, 0.62};
inline constexpr Rgb kStaticOutline{0.33, 0.33, 0.33};
inline constexpr Rgb kOverlapRed{0.90, 0.0, 0.0};
inline constexpr Rgb kContactDot{0.05, 0.05, 0.05};
inline constexpr Rgb kNormalBlue{0.10, 0.30, 0.90};
inline constexpr Rgb kImpulseGreen{0.0, 0.50, 0.12};
inline constexpr Rgb kUnilateralBlue{0.15, 0.40, 1.0};
inline constexpr Rgb kIntercontactOrange{1.0, 0.55, 0.0};
inline constexpr Rgb kCrossContactGreen{0.10, 0.72, 0.20};
inline constexpr Rgb kGroupPurple{0.55, 0.20, 0.75};
inline constexpr Rgb kTrapMagenta{0.90, 0.0, 0.90};

// Distinct, non-red colours for dynamic bodies (red is reserved for overlap).
Rgb dynamic_body_colour(int dynamic_index);

void set_colour(cairo_t* cr, const Rgb& c, double alpha = 1.0);
void polygon_path(cairo_t* cr, const Camera& camera, const std::vector<Vec2>& world);
// Arrow from `from` (pixels) along `direction_px` (pixels, y down) of its own length.
void arrow(cairo_t* cr, const Vec2& from, const Vec2& direction_px, double head, bool dashed);

// Static bodies grey, dynamic bodies in colour with outlines, particles as dots; inactive bodies
// are not drawn.
void draw_bodies(cairo_t* cr, const Frame& frame, const Camera& camera, double unit);
// Intersections of overlapping body pairs filled red; those under a few square pixels (and
// particles inside polygons) get a red ring so they stay visible.
void draw_overlap(cairo_t* cr, const Frame& frame, const Camera& camera, double unit);
// Contacts, normals, impulses, constraint kinds, trap sites (whichever are enabled).
// impulse_scale: pixels per N s (0: the largest impulse of the frame gets 40 units).
void draw_contact_overlays(cairo_t* cr, const Frame& frame, const Camera& camera, const Overlays& overlays,
                           double impulse_scale, double max_arrow, double unit);

struct CaptionStyle {
  double x0 = 0, y0 = 0, width = 0, height = 0;
  double font_size = 13.0;
  double impulse_scale = 0.0;  // for the legend
};
// Number of text lines the caption uses for these overlays (fixed per run, so frames align).
int caption_lines(const Overlays& overlays);
void draw_caption(cairo_t* cr, const Frame& frame, const Overlays& overlays, const CaptionStyle& style);

}  // namespace pegsim::render_detail
