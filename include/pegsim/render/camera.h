// World-to-pixel camera: a uniform scale (y up in the world, y down in the image) that fits a
// world rectangle into a pixel rectangle with a margin, keeping the aspect ratio.
#pragma once

#include <pegsim/dynamics/body.h>

#include <vector>

namespace pegsim {

// An axis-aligned world rectangle; empty until a point is included.
struct Bounds {
  Vec2 lo = Vec2::Constant(1.0);
  Vec2 hi = Vec2::Constant(-1.0);
  bool empty() const { return !(lo.x() <= hi.x() && lo.y() <= hi.y()); }
  void include(const Vec2& p);
  Vec2 size() const { return empty() ? Vec2::Zero() : Vec2(hi - lo); }
};

// Every vertex of every body, spawned or not (a fixed view for a whole animation). Empty when there
// are no bodies.
Bounds scene_bounds(const std::vector<Body>& bodies);

struct Camera {
  double scale = 1.0;            // pixels per metre
  Vec2 world_centre = Vec2::Zero();
  Vec2 pixel_centre = Vec2::Zero();  // image coordinates of world_centre (x right, y down)

  Vec2 to_pixel(const Vec2& world) const {
    return Vec2(pixel_centre.x() + scale * (world.x() - world_centre.x()),
                pixel_centre.y() - scale * (world.y() - world_centre.y()));
  }
  double to_pixels(double metres) const { return scale * metres; }
};

// The largest scale that shows `view` inside the pixel rectangle [x0, x0 + width] x [y0, y0 + height]
// less `margin` pixels on each side, centred. An axis with zero extent does not limit the scale
// (a point is shown as a 1 m square). Throws std::invalid_argument for an empty or non-finite view
// or a rectangle with no room left inside the margin.
Camera fit_camera(const Bounds& view, double x0, double y0, double width, double height, double margin);

}  // namespace pegsim
