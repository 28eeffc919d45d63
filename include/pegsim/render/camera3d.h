// Perspective camera for 3D scenes: z up (gravity is along -z in our scenes), looking from an eye
// at a target with a vertical field of view. Camera space: x right, y up, z = depth along the view.
#pragma once

#include <pegsim/dynamics/body3d.h>
#include <pegsim/geometry/polygon.h>

#include <optional>
#include <string>
#include <vector>

namespace pegsim {

// An axis-aligned world box; empty until a point is included.
struct Bounds3d {
  Vec3 lo = Vec3::Constant(1.0);
  Vec3 hi = Vec3::Constant(-1.0);
  bool empty() const { return !(lo.array() <= hi.array()).all(); }
  void include(const Vec3& p);
  Vec3 centre() const { return 0.5 * (lo + hi); }
  std::vector<Vec3> corners() const;  // 8 points (repeated when flat)
};

// Every vertex of every body, spawned or not, so one view fits a whole animation.
Bounds3d scene_bounds_3d(const std::vector<Body3d>& bodies);

// The pixel rectangle a camera draws into.
struct Viewport {
  double x0 = 0.0, y0 = 0.0, width = 1.0, height = 1.0;
};

struct Projected {
  Vec2 pixel = Vec2::Zero();  // image coordinates, x right, y down
  double depth = 0.0;         // along the view direction
};

class Camera3d {
 public:
  Camera3d() = default;
  // Throws std::invalid_argument for a non-finite eye or target, eye == target, a field of view
  // outside (0, 180) degrees or an empty viewport. Looking straight down (or up), the image's up is +y.
  Camera3d(const Vec3& eye, const Vec3& target, double fov_deg, const Viewport& viewport);

  const Vec3& eye() const { return eye_; }
  const Vec3& target() const { return target_; }
  const Vec3& forward() const { return forward_; }
  double fov_deg() const { return fov_deg_; }
  double focal_pixels() const { return focal_; }
  // Points nearer than this (depth) are behind the camera for drawing purposes.
  double near_depth() const { return near_; }

  Vec3 to_camera(const Vec3& world) const;
  double depth(const Vec3& world) const { return forward_.dot(world - eye_); }
  bool in_front(const Vec3& world) const { return depth(world) >= near_; }
  // The pixel of a camera-space point with z >= near_depth().
  Vec2 camera_to_pixel(const Vec3& camera_point) const;
  // Empty for a point behind the near plane (culled).
  std::optional<Projected> project(const Vec3& world) const;
  // The same view drawn dx pixels to the right (side-by-side panels).
  Camera3d shifted(double dx) const;

 private:
  Vec3 eye_ = Vec3(0.0, -1.0, 0.0), target_ = Vec3::Zero();
  Vec3 right_ = Vec3::UnitX(), up_ = Vec3::UnitZ(), forward_ = Vec3::UnitY();
  double fov_deg_ = 40.0, focal_ = 1.0, near_ = 1e-3;
  Vec2 centre_ = Vec2::Zero();
};

// The --camera option: eye, optional target, optional vertical field of view.
struct CameraSpec3d {
  Vec3 eye = Vec3::Zero();
  std::optional<Vec3> target;   // default: the centre of the scene's bounds
  std::optional<double> fov_deg;  // default: the smallest that shows the scene's bounds
};

// "ex,ey,ez[,tx,ty,tz[,fov_deg]]". Throws std::invalid_argument naming the bad item.
CameraSpec3d parse_camera_spec(const std::string& text);

// Default view: a 3/4 view from above (azimuth -60 degrees, elevation 30, 40 degree field of view),
// at the nearest distance that shows every corner of `bounds` inside the viewport less `margin`.
Camera3d frame_bounds(const Bounds3d& bounds, const Viewport& viewport, double margin);

// A camera from the option, the missing parts filled from `bounds` (see CameraSpec3d). Throws
// std::invalid_argument as the constructor does (e.g. an eye on the target).
Camera3d camera_from_spec(const CameraSpec3d& spec, const Bounds3d& bounds, const Viewport& viewport, double margin);

}  // namespace pegsim
