// World-to-pixel camera (see camera.h).
#include <pegsim/render/camera.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace pegsim {

void Bounds::include(const Vec2& p) {
  if (empty()) {
    lo = p;
    hi = p;
    return;
  }
  lo = lo.cwiseMin(p);
  hi = hi.cwiseMax(p);
}

Bounds scene_bounds(const std::vector<Body>& bodies) {
  Bounds bounds;
  for (const Body& body : bodies) {
    for (const Vec2& v : body.world_vertices()) {
      if (v.allFinite()) bounds.include(v);
    }
  }
  return bounds;
}

Camera fit_camera(const Bounds& view, double x0, double y0, double width, double height, double margin) {
  if (view.empty() || !view.lo.allFinite() || !view.hi.allFinite()) {
    throw std::invalid_argument("camera: the view is empty or not finite");
  }
  const double room_x = width - 2.0 * margin;
  const double room_y = height - 2.0 * margin;
  if (!(room_x > 0.0) || !(room_y > 0.0)) {
    throw std::invalid_argument("camera: no room inside the margin (" + std::to_string(width) + " x " +
                                std::to_string(height) + " px, margin " + std::to_string(margin) + ")");
  }
  Vec2 extent = view.size();
  if (extent.x() <= 0.0 && extent.y() <= 0.0) extent = Vec2::Ones();  // a single point
  double scale = std::numeric_limits<double>::infinity();
  if (extent.x() > 0.0) scale = std::min(scale, room_x / extent.x());
  if (extent.y() > 0.0) scale = std::min(scale, room_y / extent.y());
  Camera camera;
  camera.scale = scale;
  camera.world_centre = 0.5 * (view.lo + view.hi);
  camera.pixel_centre = Vec2(x0 + 0.5 * width, y0 + 0.5 * height);
  return camera;
}

}  // namespace pegsim
