// Painter's order of convex bodies (see draw_order_3d.h).
#include <pegsim/render/draw_order_3d.h>

#include <algorithm>
#include <limits>
#include <queue>

namespace pegsim {
namespace {

// Resting bodies touch (or overlap by the solver's tolerance): count that as separated.
double touch_tolerance(const Polyhedron& a, const Polyhedron& b) {
  Bounds3d box;
  for (const Vec3& v : a.vertices) box.include(v);
  for (const Vec3& v : b.vertices) box.include(v);
  return box.empty() ? 0.0 : 1e-6 * (box.hi - box.lo).norm();
}

// On a separating axis: +1 / -1 as behind_by_separation, 0 when the axis does not separate.
int order_on_axis(const Polyhedron& a, const Polyhedron& b, const Vec3& axis, const Vec3& eye, double tolerance) {
  const Extent ia = extent_along(a, axis), ib = extent_along(b, axis);
  const double e = axis.dot(eye);
  if (ia.hi <= ib.lo + tolerance) {  // a below, b above the plane at the gap's middle
    const double plane = 0.5 * (ia.hi + ib.lo);
    return e > plane ? 1 : e < plane ? -1 : 0;
  }
  if (ib.hi <= ia.lo + tolerance) {
    const double plane = 0.5 * (ib.hi + ia.lo);
    return e > plane ? -1 : e < plane ? 1 : 0;
  }
  return 0;
}

std::vector<Vec3> edge_directions(const Polyhedron& shape) {
  std::vector<Vec3> out;
  for (const PolyhedronEdge& e : shape.edges) {
    out.push_back((shape.vertices[static_cast<std::size_t>(e.v1)] - shape.vertices[static_cast<std::size_t>(e.v0)]).normalized());
  }
  return out;
}

// Screen box of the projected vertices; unbounded when a vertex is behind the camera.
struct ScreenBox {
  Vec2 lo = Vec2::Constant(std::numeric_limits<double>::infinity());
  Vec2 hi = Vec2::Constant(-std::numeric_limits<double>::infinity());
  bool visible = false;
};

ScreenBox screen_box(const Polyhedron& shape, const Camera3d& camera) {
  ScreenBox box;
  bool behind = false;
  for (const Vec3& v : shape.vertices) {
    const auto p = camera.project(v);
    if (!p) {
      behind = true;
      continue;
    }
    box.visible = true;
    box.lo = box.lo.cwiseMin(p->pixel);
    box.hi = box.hi.cwiseMax(p->pixel);
  }
  if (behind) {
    box.lo = Vec2::Constant(-std::numeric_limits<double>::infinity());
    box.hi = Vec2::Constant(std::numeric_limits<double>::infinity());
  }
  return box;
}

bool boxes_overlap(const ScreenBox& a, const ScreenBox& b) {
  return a.lo.x() <= b.hi.x() && b.lo.x() <= a.hi.x() && a.lo.y() <= b.hi.y() && b.lo.y() <= a.hi.y();
}

double centroid_depth(const Polyhedron& shape, const Camera3d& camera) {
  Vec3 sum = Vec3::Zero();
  for (const Vec3& v : shape.vertices) sum += v;
  return camera.depth(sum / static_cast<double>(std::max<std::size_t>(1, shape.vertices.size())));
}

}  // namespace

int behind_by_separation(const Polyhedron& a, const Polyhedron& b, const Vec3& eye) {
  const double tolerance = touch_tolerance(a, b);
  for (const Polyhedron* s : {&a, &b}) {
    for (const PolyhedronFace& f : s->faces) {
      if (const int order = order_on_axis(a, b, f.normal, eye, tolerance)) return order;
    }
  }
  const std::vector<Vec3> da = edge_directions(a), db = edge_directions(b);
  for (const Vec3& ea : da) {
    for (const Vec3& eb : db) {
      const Vec3 axis = ea.cross(eb);
      if (axis.norm() < 1e-9) continue;
      if (const int order = order_on_axis(a, b, axis.normalized(), eye, tolerance)) return order;
    }
  }
  return 0;
}

std::vector<int> painter_order(const std::vector<const Polyhedron*>& shapes, const Camera3d& camera) {
  const int n = static_cast<int>(shapes.size());
  std::vector<int> bodies;
  std::vector<ScreenBox> boxes(shapes.size());
  std::vector<double> depth(shapes.size(), 0.0);
  for (int i = 0; i < n; ++i) {
    if (!shapes[i]) continue;
    boxes[i] = screen_box(*shapes[i], camera);
    if (!boxes[i].visible) continue;
    depth[i] = centroid_depth(*shapes[i], camera);
    bodies.push_back(i);
  }
  // behind -> in front edges, for pairs whose pictures may overlap.
  std::vector<std::vector<int>> in_front_of(shapes.size());
  std::vector<int> pending(shapes.size(), 0);
  for (std::size_t x = 0; x < bodies.size(); ++x) {
    for (std::size_t y = x + 1; y < bodies.size(); ++y) {
      const int i = bodies[x], j = bodies[y];
      if (!boxes_overlap(boxes[i], boxes[j])) continue;
      const int order = behind_by_separation(*shapes[i], *shapes[j], camera.eye());
      if (order == 0) continue;
      const int back = order > 0 ? i : j, front = order > 0 ? j : i;
      in_front_of[back].push_back(front);
      ++pending[front];
    }
  }
  // Kahn's topological sort, farthest ready body first; a cycle is broken at its farthest body.
  const auto nearer = [&](int i, int j) { return depth[i] < depth[j] || (depth[i] == depth[j] && i > j); };
  std::priority_queue<int, std::vector<int>, decltype(nearer)> ready(nearer);
  std::vector<char> placed(shapes.size(), 0);
  for (int i : bodies) {
    if (pending[i] == 0) ready.push(i);
  }
  std::vector<int> order;
  while (order.size() < bodies.size()) {
    if (ready.empty()) {
      int farthest = -1;
      for (int i : bodies) {
        if (!placed[i] && (farthest < 0 || nearer(farthest, i))) farthest = i;
      }
      pending[farthest] = 0;
      ready.push(farthest);
    }
    const int i = ready.top();
    ready.pop();
    if (placed[i]) continue;
    placed[i] = 1;
    order.push_back(i);
    for (int f : in_front_of[i]) {
      if (!placed[f] && --pending[f] == 0) ready.push(f);
    }
  }
  return order;
}

}  // namespace pegsim
