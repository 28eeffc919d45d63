// Draws frames of a 2D scene with Cairo: static bodies grey, dynamic bodies in distinct colours
// with outlines, particles as dots, optional overlays (overlays.h) and a caption (model, h, t,
// overlap area, solver status). Several frames side by side make one image with one panel each,
// all under the same camera (e.g. "standard" and "peg" on the same scene at the same step).
// A 3D scene is drawn in perspective (camera3d.h): flat-shaded faces with outlines in painter's
// order, static bodies grey and see-through, contacts, normals and overlap polytopes in red.
#pragma once

#include <pegsim/render/camera.h>
#include <pegsim/render/camera3d.h>
#include <pegsim/render/frame.h>
#include <pegsim/render/ground_grid.h>
#include <pegsim/render/overlays.h>
#include <pegsim/scene/scene.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace pegsim {

class RenderError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct RenderOptions {
  int panel_width = 800;         // pixels per panel; the image is panels * panel_width wide
  int panels = 1;                // frames side by side
  std::optional<Bounds> view;    // world rectangle to show; default: scene_bounds of the scene
  Overlays overlays;
  bool caption = true;
  // 3D scenes: the camera (default: a 3/4 view from above fitted to the scene, camera3d.h) and an
  // optional ground grid. Ignored in 2D, as `view` is in 3D.
  std::optional<CameraSpec3d> camera3d;
  bool grid = false;
  // Impulse arrows: pixels per N s. 0 = automatic: 20 px for m_mean |g| h, the impulse that holds a
  // resting body of the mean dynamic mass for one step (same scale in every frame of a run).
  double impulse_pixels_per_unit = 0.0;
};

// 8-bit RGBA pixels, row-major, top row first (no premultiplication).
struct RasterImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;
  const std::uint8_t* pixel(int x, int y) const { return &rgba[4 * (static_cast<std::size_t>(y) * width + x)]; }
};

enum class ImageFormat { Png, Svg };

class Renderer {
 public:
  // Fixes the image size, camera and impulse scale from the scene (before any step) and the time
  // step, so every frame of a run is drawn alike. Throws RenderError for bad options.
  Renderer(const RenderOptions& options, const Scene& scene, double time_step);

  int width() const { return width_; }    // even, so the frames can be encoded as yuv420p video
  int height() const { return height_; }
  const Camera& camera() const { return camera_; }  // the first panel's camera
  bool is_3d() const { return camera3d_.has_value(); }
  const Camera3d& camera3d() const { return *camera3d_; }  // the first panel's; 3D scenes only
  double impulse_pixels_per_unit() const { return impulse_scale_; }

  // `panels` frames (exactly options.panels) side by side. Throws RenderError when the file cannot
  // be written or the panel count is wrong.
  void write(const std::vector<const Frame*>& panels, ImageFormat format, const std::string& path) const;
  RasterImage rasterize(const std::vector<const Frame*>& panels) const;

 private:
  RenderOptions options_;
  int width_ = 0, height_ = 0, caption_height_ = 0;
  Bounds view_;
  Camera camera_;
  double impulse_scale_ = 0.0;
  std::optional<Camera3d> camera3d_;
  std::optional<GroundGrid> grid_;
  void layout_3d(const Scene& scene);
};

// Reads a PNG (e.g. to check a written frame). Throws RenderError if it cannot be read.
RasterImage read_png(const std::string& path);

}  // namespace pegsim
