// The renderer: layout (panels, caption band, camera), Cairo surfaces for PNG, SVG and raw pixels.
#include <pegsim/render/renderer.h>

#include "draw.h"
#include "draw3d.h"

#include <cairo-svg.h>

#include <algorithm>
#include <cmath>
#include <memory>

namespace pegsim {
namespace {

using namespace render_detail;

// A line width, radius or font size at 800 px per panel is multiplied by this.
double unit_for(int panel_width) { return std::max(0.5, panel_width / 800.0); }

// Text stays legible in small panels (it may then be clipped at the panel's edge).
double font_size_for(int panel_width) { return std::max(9.0, 13.0 * unit_for(panel_width)); }

int round_up_even(double x) {
  const int n = static_cast<int>(std::ceil(x));
  return n + (n % 2);
}

// Mean dynamic mass times |g| h: the impulse that holds a resting body for one step.
double resting_impulse(const Scene& scene, double time_step) {
  double mass = 0.0;
  int dynamic = 0;
  for (const Body& b : scene.bodies) {
    if (b.is_static) continue;
    mass += b.mass;
    ++dynamic;
  }
  if (dynamic == 0) return 0.0;
  return mass / dynamic * scene.gravity.norm() * time_step;
}

struct SurfaceDeleter {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct ContextDeleter {
  void operator()(cairo_t* c) const { cairo_destroy(c); }
};
using SurfacePtr = std::unique_ptr<cairo_surface_t, SurfaceDeleter>;
using ContextPtr = std::unique_ptr<cairo_t, ContextDeleter>;

void check_surface(cairo_surface_t* surface, const std::string& what) {
  const cairo_status_t status = cairo_surface_status(surface);
  if (status != CAIRO_STATUS_SUCCESS) throw RenderError(what + ": " + cairo_status_to_string(status));
}

}  // namespace

Renderer::Renderer(const RenderOptions& options, const Scene& scene, double time_step) : options_(options) {
  if (options_.panel_width < 64 || options_.panel_width > 8192) {
    throw RenderError("render: width must be between 64 and 8192 pixels (got " +
                      std::to_string(options_.panel_width) + ")");
  }
  if (options_.panels < 1 || options_.panels > 8) throw RenderError("render: 1 to 8 panels");
  if (!(time_step > 0.0) || !std::isfinite(time_step)) throw RenderError("render: time step must be positive");
  options_.panel_width += options_.panel_width % 2;
  if (scene.is_3d()) {
    layout_3d(scene);
    return;
  }
  view_ = options_.view ? *options_.view : scene_bounds(scene.bodies);
  if (view_.empty() || !view_.lo.allFinite() || !view_.hi.allFinite()) {
    throw RenderError("render: nothing to frame (the scene has no bodies and no view was given)");
  }
  const double unit = unit_for(options_.panel_width);
  const double font = font_size_for(options_.panel_width);
  caption_height_ = options_.caption ? round_up_even(caption_lines(options_.overlays) * 1.45 * font + 0.7 * font) : 0;
  // The scene area keeps the view's aspect ratio, within 1:4 (wide) to 2:1 (tall).
  const double margin = 14.0 * unit;
  const Vec2 extent = view_.size();
  const double aspect = extent.x() > 0.0 ? std::clamp(extent.y() / extent.x(), 0.25, 2.0) : 1.0;
  const double scene_height = (options_.panel_width - 2.0 * margin) * aspect + 2.0 * margin;
  height_ = round_up_even(caption_height_ + scene_height);
  width_ = options_.panel_width * options_.panels;
  try {
    camera_ = fit_camera(view_, 0.0, caption_height_, options_.panel_width, height_ - caption_height_, margin);
  } catch (const std::invalid_argument& e) {
    throw RenderError(std::string("render: ") + e.what());
  }
  if (options_.impulse_pixels_per_unit > 0.0) {
    impulse_scale_ = options_.impulse_pixels_per_unit;
  } else {
    const double reference = resting_impulse(scene, time_step);
    impulse_scale_ = reference > 0.0 ? 20.0 * unit / reference : 0.0;
  }
}

// 3D: a 4:3 scene area under the caption, the perspective camera and the optional grid.
void Renderer::layout_3d(const Scene& scene) {
  const double unit = unit_for(options_.panel_width);
  const double font = font_size_for(options_.panel_width);
  caption_height_ = options_.caption ? round_up_even(caption_lines(options_.overlays) * 1.45 * font + 0.7 * font) : 0;
  height_ = caption_height_ + round_up_even(0.75 * options_.panel_width);
  width_ = options_.panel_width * options_.panels;
  const Bounds3d bounds = scene_bounds_3d(scene.bodies3d);
  if (bounds.empty()) throw RenderError("render: nothing to frame (the scene has no bodies)");
  const Viewport viewport{0.0, static_cast<double>(caption_height_), static_cast<double>(options_.panel_width),
                          static_cast<double>(height_ - caption_height_)};
  const double margin = 14.0 * unit;
  try {
    camera3d_ = options_.camera3d ? camera_from_spec(*options_.camera3d, bounds, viewport, margin)
                                  : frame_bounds(bounds, viewport, margin);
    if (options_.grid) grid_ = ground_grid_for(bounds);
  } catch (const std::invalid_argument& e) {
    throw RenderError(std::string("render: ") + e.what());
  }
}

namespace {

// One 3D panel: grid, bodies, overlap, contacts, caption.
struct Panel3d {
  const Camera3d& camera;
  const GroundGrid* grid;
};

struct PanelStyle {
  const Overlays& overlays;
  const Camera& camera;
  CaptionStyle caption;
  bool show_caption;
  double impulse_scale;
  double max_arrow;
  double unit;
  const Panel3d* three_d;  // null for a 2D panel
};

void draw_panel_3d(cairo_t* cr, const Frame& frame, const PanelStyle& style) {
  const Camera3d& camera = style.three_d->camera;
  if (style.three_d->grid) draw_ground_grid(cr, camera, *style.three_d->grid, style.unit);
  const WorldShapes3d world = world_shapes(frame);
  draw_bodies_3d(cr, frame, world, camera, style.unit);
  if (style.overlays.overlap) draw_overlap_3d(cr, frame, world, camera, style.unit);
  draw_contacts_3d(cr, frame, camera, style.overlays, style.unit);
  if (style.show_caption) draw_caption(cr, frame, style.overlays, style.caption);
}

void draw_panel(cairo_t* cr, const Frame& frame, const PanelStyle& style) {
  if (frame.active.size() != frame.body_count()) throw RenderError("render: frame has inconsistent body flags");
  if (style.three_d) {
    draw_panel_3d(cr, frame, style);
    return;
  }
  draw_bodies(cr, frame, style.camera, style.unit);
  if (style.overlays.overlap) draw_overlap(cr, frame, style.camera, style.unit);
  draw_contact_overlays(cr, frame, style.camera, style.overlays, style.impulse_scale, style.max_arrow, style.unit);
  if (style.show_caption) draw_caption(cr, frame, style.overlays, style.caption);
}

// Draws all panels on a context whose user space is the image in pixels.
void draw_image(cairo_t* cr, const std::vector<const Frame*>& panels, int height, int panel_width,
                       int caption_height, const RenderOptions& options, const Camera& camera, double impulse_scale,
                       const std::optional<Camera3d>& camera3d, const std::optional<GroundGrid>& grid) {
  set_colour(cr, kBackground);
  cairo_paint(cr);
  const double unit = unit_for(panel_width);
  for (std::size_t i = 0; i < panels.size(); ++i) {
    const double x0 = static_cast<double>(i) * panel_width;
    Camera panel_camera = camera;
    panel_camera.pixel_centre.x() += x0;
    std::optional<Panel3d> panel3d;
    std::optional<Camera3d> shifted3d;
    if (camera3d) {
      shifted3d = camera3d->shifted(x0);
      panel3d.emplace(Panel3d{*shifted3d, grid ? &*grid : nullptr});
    }
    PanelStyle style{options.overlays, panel_camera, CaptionStyle{x0, 0.0, static_cast<double>(panel_width),
                                                                  static_cast<double>(caption_height), font_size_for(panel_width),
                                                                  impulse_scale},
                     options.caption && caption_height > 0, impulse_scale, 0.3 * panel_width, unit,
                     panel3d ? &*panel3d : nullptr};
    cairo_save(cr);
    cairo_rectangle(cr, x0, 0.0, panel_width, height);
    cairo_clip(cr);
    draw_panel(cr, *panels[i], style);
    cairo_restore(cr);
    if (i > 0) {  // divider between panels
      cairo_move_to(cr, x0 + 0.5, 0.0);
      cairo_line_to(cr, x0 + 0.5, height);
      set_colour(cr, Rgb{0.3, 0.3, 0.3});
      cairo_set_line_width(cr, 1.0);
      cairo_stroke(cr);
    }
  }
}

}  // namespace

void Renderer::write(const std::vector<const Frame*>& panels, ImageFormat format, const std::string& path) const {
  if (static_cast<int>(panels.size()) != options_.panels) {
    throw RenderError("render: expected " + std::to_string(options_.panels) + " panel(s), got " +
                      std::to_string(panels.size()));
  }
  SurfacePtr surface(format == ImageFormat::Svg ? cairo_svg_surface_create(path.c_str(), width_, height_)
                                                : cairo_image_surface_create(CAIRO_FORMAT_RGB24, width_, height_));
  check_surface(surface.get(), "render: cannot create the image for " + path);
  {
    ContextPtr cr(cairo_create(surface.get()));
    draw_image(cr.get(), panels, height_, options_.panel_width, caption_height_, options_, camera_,
               impulse_scale_, camera3d_, grid_);
    const cairo_status_t status = cairo_status(cr.get());
    if (status != CAIRO_STATUS_SUCCESS) {
      throw RenderError("render: drawing " + path + " failed: " + cairo_status_to_string(status));
    }
  }
  if (format == ImageFormat::Png) {
    const cairo_status_t status = cairo_surface_write_to_png(surface.get(), path.c_str());
    if (status != CAIRO_STATUS_SUCCESS) {
      throw RenderError("render: cannot write " + path + ": " + cairo_status_to_string(status));
    }
  }
  cairo_surface_finish(surface.get());
  check_surface(surface.get(), "render: cannot write " + path);
}

RasterImage Renderer::rasterize(const std::vector<const Frame*>& panels) const {
  if (static_cast<int>(panels.size()) != options_.panels) {
    throw RenderError("render: expected " + std::to_string(options_.panels) + " panel(s), got " +
                      std::to_string(panels.size()));
  }
  SurfacePtr surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width_, height_));
  check_surface(surface.get(), "render: cannot create the image");
  {
    ContextPtr cr(cairo_create(surface.get()));
    draw_image(cr.get(), panels, height_, options_.panel_width, caption_height_, options_, camera_,
               impulse_scale_, camera3d_, grid_);
  }
  cairo_surface_flush(surface.get());
  RasterImage image;
  image.width = width_;
  image.height = height_;
  image.rgba.resize(static_cast<std::size_t>(width_) * height_ * 4);
  const unsigned char* data = cairo_image_surface_get_data(surface.get());
  const int stride = cairo_image_surface_get_stride(surface.get());
  for (int y = 0; y < height_; ++y) {
    const auto* row = reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
    for (int x = 0; x < width_; ++x) {
      const std::uint32_t p = row[x];  // xRGB, native endian
      std::uint8_t* out = &image.rgba[4 * (static_cast<std::size_t>(y) * width_ + x)];
      out[0] = static_cast<std::uint8_t>((p >> 16) & 0xff);
      out[1] = static_cast<std::uint8_t>((p >> 8) & 0xff);
      out[2] = static_cast<std::uint8_t>(p & 0xff);
      out[3] = 255;
    }
  }
  return image;
}

RasterImage read_png(const std::string& path) {
  SurfacePtr surface(cairo_image_surface_create_from_png(path.c_str()));
  check_surface(surface.get(), "cannot read PNG " + path);
  cairo_surface_flush(surface.get());
  const cairo_format_t format = cairo_image_surface_get_format(surface.get());
  if (format != CAIRO_FORMAT_ARGB32 && format != CAIRO_FORMAT_RGB24) {
    throw RenderError("cannot read PNG " + path + ": unsupported pixel format");
  }
  RasterImage image;
  image.width = cairo_image_surface_get_width(surface.get());
  image.height = cairo_image_surface_get_height(surface.get());
  image.rgba.resize(static_cast<std::size_t>(image.width) * image.height * 4);
  const unsigned char* data = cairo_image_surface_get_data(surface.get());
  const int stride = cairo_image_surface_get_stride(surface.get());
  for (int y = 0; y < image.height; ++y) {
    const auto* row = reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
    for (int x = 0; x < image.width; ++x) {
      const std::uint32_t p = row[x];
      const unsigned a = format == CAIRO_FORMAT_ARGB32 ? (p >> 24) & 0xff : 255;
      // Cairo stores premultiplied alpha: undo it.
      auto channel = [&](unsigned shift) {
        const unsigned c = (p >> shift) & 0xff;
        return static_cast<std::uint8_t>(a == 0 ? 0 : std::min(255u, (c * 255 + a / 2) / a));
      };
      std::uint8_t* out = &image.rgba[4 * (static_cast<std::size_t>(y) * image.width + x)];
      out[0] = channel(16);
      out[1] = channel(8);
      out[2] = channel(0);
      out[3] = static_cast<std::uint8_t>(a);
    }
  }
  return image;
}

}  // namespace pegsim
