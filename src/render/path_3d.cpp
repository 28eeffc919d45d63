// World shapes, back-face test and near-plane-clipped paths for 3D drawing (see draw3d.h).
#include "draw3d.h"

namespace pegsim::render_detail {
namespace {

// Sutherland–Hodgman against z >= near in camera space.
std::vector<Vec3> clip_near(const std::vector<Vec3>& polygon, double near) {
  std::vector<Vec3> out;
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    const Vec3& a = polygon[i];
    const Vec3& b = polygon[(i + 1) % polygon.size()];
    const bool a_in = a.z() >= near, b_in = b.z() >= near;
    if (a_in) out.push_back(a);
    if (a_in != b_in) out.push_back(a + (near - a.z()) / (b.z() - a.z()) * (b - a));
  }
  return out;
}

}  // namespace

WorldShapes3d world_shapes(const Frame& frame) {
  WorldShapes3d world;
  world.shapes.resize(frame.bodies3d.size());
  world.active.assign(frame.bodies3d.size(), nullptr);
  for (std::size_t i = 0; i < frame.bodies3d.size(); ++i) {
    if (i < frame.active.size() && !frame.active[i]) continue;
    world.shapes[i] = frame.bodies3d[i].world_shape();
    world.active[i] = &world.shapes[i];
  }
  return world;
}

bool faces_eye(const Vec3& normal, const Vec3& point, const Vec3& eye) { return normal.dot(eye - point) > 0.0; }

bool polygon_path_3d(cairo_t* cr, const Camera3d& camera, const std::vector<Vec3>& world) {
  std::vector<Vec3> in_camera;
  in_camera.reserve(world.size());
  for (const Vec3& w : world) in_camera.push_back(camera.to_camera(w));
  const std::vector<Vec3> visible = clip_near(in_camera, camera.near_depth());
  if (visible.size() < 3) return false;
  cairo_new_path(cr);
  for (const Vec3& c : visible) {
    const Vec2 p = camera.camera_to_pixel(c);
    cairo_line_to(cr, p.x(), p.y());
  }
  cairo_close_path(cr);
  return true;
}

bool segment_path_3d(cairo_t* cr, const Camera3d& camera, const Vec3& a, const Vec3& b) {
  Vec3 ca = camera.to_camera(a), cb = camera.to_camera(b);
  const double near = camera.near_depth();
  if (ca.z() < near && cb.z() < near) return false;
  if (ca.z() < near) ca += (near - ca.z()) / (cb.z() - ca.z()) * (cb - ca);
  if (cb.z() < near) cb += (near - cb.z()) / (ca.z() - cb.z()) * (ca - cb);
  const Vec2 pa = camera.camera_to_pixel(ca), pb = camera.camera_to_pixel(cb);
  cairo_new_path(cr);
  cairo_move_to(cr, pa.x(), pa.y());
  cairo_line_to(cr, pb.x(), pb.y());
  return true;
}

}  // namespace pegsim::render_detail
