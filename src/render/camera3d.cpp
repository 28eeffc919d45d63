// Perspective camera (see camera3d.h).
#include <pegsim/render/camera3d.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace pegsim {
namespace {

inline constexpr double kDegree = 3.14159265358979323846 / 180.0;

// Default 3/4 view: from the front right (-y, +x side), above.
inline constexpr double kDefaultAzimuthDeg = -60.0;
inline constexpr double kDefaultElevationDeg = 30.0;
inline constexpr double kDefaultFovDeg = 40.0;

// Every corner in front of the camera and inside the viewport less the margin.
bool shows_all(const Camera3d& camera, const std::vector<Vec3>& corners, const Viewport& viewport, double margin) {
  for (const Vec3& c : corners) {
    const auto p = camera.project(c);
    if (!p) return false;
    if (p->pixel.x() < viewport.x0 + margin || p->pixel.x() > viewport.x0 + viewport.width - margin) return false;
    if (p->pixel.y() < viewport.y0 + margin || p->pixel.y() > viewport.y0 + viewport.height - margin) return false;
  }
  return true;
}

// A usable box: a flat or point-like scene still gets a view of about 1 m.
Bounds3d padded(const Bounds3d& bounds) {
  if (bounds.empty() || !bounds.lo.allFinite() || !bounds.hi.allFinite()) {
    throw std::invalid_argument("camera: nothing to frame (the scene has no bodies)");
  }
  Bounds3d b = bounds;
  if (!((b.hi - b.lo).maxCoeff() > 1e-9)) {
    b.lo -= Vec3::Constant(0.5);
    b.hi += Vec3::Constant(0.5);
  }
  return b;
}

// Smallest distance along `direction` from the box centre that shows the whole box (bisection:
// moving away only shrinks the picture).
Camera3d fit_distance(const Bounds3d& box, const Vec3& direction, double fov_deg, const Viewport& viewport,
                      double margin) {
  const std::vector<Vec3> corners = box.corners();
  const Vec3 centre = box.centre();
  const double radius = 0.5 * (box.hi - box.lo).norm();
  double far = 4.0 * radius / std::sin(0.5 * fov_deg * kDegree) + radius;
  while (!shows_all(Camera3d(centre + far * direction, centre, fov_deg, viewport), corners, viewport, margin)) {
    far *= 2.0;
    if (far > 1e12 * radius) break;  // the margin leaves no room: take the far view anyway
  }
  double near = 0.0;
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (near + far);
    if (mid > 0.0 && shows_all(Camera3d(centre + mid * direction, centre, fov_deg, viewport), corners, viewport, margin)) {
      far = mid;
    } else {
      near = mid;
    }
  }
  return Camera3d(centre + far * direction, centre, fov_deg, viewport);
}

// Smallest field of view from eye to target that shows the box's corners in front of the eye.
double fit_fov(const Vec3& eye, const Vec3& target, const Bounds3d& box, const Viewport& viewport, double margin) {
  std::vector<Vec3> corners;
  const Camera3d probe(eye, target, 90.0, viewport);
  for (const Vec3& c : box.corners()) {
    if (probe.in_front(c)) corners.push_back(c);
  }
  double lo = 5.0, hi = 120.0;
  if (corners.empty() || !shows_all(Camera3d(eye, target, hi, viewport), corners, viewport, margin)) return hi;
  for (int i = 0; i < 40; ++i) {
    const double mid = 0.5 * (lo + hi);
    (shows_all(Camera3d(eye, target, mid, viewport), corners, viewport, margin) ? hi : lo) = mid;
  }
  return hi;
}

}  // namespace

void Bounds3d::include(const Vec3& p) {
  if (empty()) {
    lo = p;
    hi = p;
    return;
  }
  lo = lo.cwiseMin(p);
  hi = hi.cwiseMax(p);
}

std::vector<Vec3> Bounds3d::corners() const {
  std::vector<Vec3> out;
  for (int i = 0; i < 8; ++i) out.emplace_back(i & 1 ? hi.x() : lo.x(), i & 2 ? hi.y() : lo.y(), i & 4 ? hi.z() : lo.z());
  return out;
}

Bounds3d scene_bounds_3d(const std::vector<Body3d>& bodies) {
  Bounds3d bounds;
  for (const Body3d& body : bodies) {
    for (const Vec3& v : body.world_vertices()) {
      if (v.allFinite()) bounds.include(v);
    }
  }
  return bounds;
}

Camera3d::Camera3d(const Vec3& eye, const Vec3& target, double fov_deg, const Viewport& viewport)
    : eye_(eye), target_(target), fov_deg_(fov_deg) {
  if (!eye.allFinite() || !target.allFinite()) throw std::invalid_argument("camera: eye and target must be finite");
  const double distance = (target - eye).norm();
  if (!(distance > 0.0)) throw std::invalid_argument("camera: the eye is on the target (no view direction)");
  if (!(fov_deg > 0.0 && fov_deg < 180.0)) {
    throw std::invalid_argument("camera: field of view must be between 0 and 180 degrees (got " +
                                std::to_string(fov_deg) + ")");
  }
  if (!(viewport.width > 0.0 && viewport.height > 0.0)) throw std::invalid_argument("camera: empty viewport");
  forward_ = (target - eye) / distance;
  // z up; looking along z the image's up is +y instead.
  const Vec3 world_up = forward_.cross(Vec3::UnitZ()).norm() > 1e-9 ? Vec3::UnitZ() : Vec3::UnitY();
  right_ = forward_.cross(world_up).normalized();
  up_ = right_.cross(forward_);
  focal_ = 0.5 * viewport.height / std::tan(0.5 * fov_deg * kDegree);
  near_ = 1e-3 * distance;
  centre_ = Vec2(viewport.x0 + 0.5 * viewport.width, viewport.y0 + 0.5 * viewport.height);
}

Vec3 Camera3d::to_camera(const Vec3& world) const {
  const Vec3 d = world - eye_;
  return Vec3(right_.dot(d), up_.dot(d), forward_.dot(d));
}

Vec2 Camera3d::camera_to_pixel(const Vec3& c) const {
  return Vec2(centre_.x() + focal_ * c.x() / c.z(), centre_.y() - focal_ * c.y() / c.z());
}

std::optional<Projected> Camera3d::project(const Vec3& world) const {
  const Vec3 c = to_camera(world);
  if (!(c.z() >= near_)) return std::nullopt;
  return Projected{camera_to_pixel(c), c.z()};
}

Camera3d Camera3d::shifted(double dx) const {
  Camera3d moved = *this;
  moved.centre_.x() += dx;
  return moved;
}

Camera3d frame_bounds(const Bounds3d& bounds, const Viewport& viewport, double margin) {
  const double az = kDefaultAzimuthDeg * kDegree, el = kDefaultElevationDeg * kDegree;
  const Vec3 direction(std::cos(el) * std::cos(az), std::cos(el) * std::sin(az), std::sin(el));
  return fit_distance(padded(bounds), direction, kDefaultFovDeg, viewport, margin);
}

Camera3d camera_from_spec(const CameraSpec3d& spec, const Bounds3d& bounds, const Viewport& viewport, double margin) {
  const Vec3 target = spec.target ? *spec.target : padded(bounds).centre();
  if (spec.fov_deg) return Camera3d(spec.eye, target, *spec.fov_deg, viewport);
  static_cast<void>(Camera3d(spec.eye, target, kDefaultFovDeg, viewport));  // checks eye and target before fitting
  return Camera3d(spec.eye, target, fit_fov(spec.eye, target, padded(bounds), viewport, margin), viewport);
}

}  // namespace pegsim
