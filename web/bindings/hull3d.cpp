// See hull3d.h.
#include "hull3d.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>
#include <string>

namespace pegsim::web {
namespace {

using V3 = Eigen::Vector3d;

double cross2(const Eigen::Vector2d& o, const Eigen::Vector2d& a, const Eigen::Vector2d& b) {
  return (a.x() - o.x()) * (b.y() - o.y()) - (a.y() - o.y()) * (b.x() - o.x());
}

// Andrew's monotone chain on the points `ids` projected to (u, v); counter-clockwise, collinear
// points dropped.
std::vector<int> hull_2d(const std::vector<V3>& p, const std::vector<int>& ids, const V3& u, const V3& v,
                         double area_tolerance) {
  struct P {
    Eigen::Vector2d q;
    int id;
  };
  std::vector<P> pts;
  for (int id : ids) pts.push_back({Eigen::Vector2d(u.dot(p[static_cast<std::size_t>(id)]), v.dot(p[static_cast<std::size_t>(id)])), id});
  std::sort(pts.begin(), pts.end(), [](const P& a, const P& b) {
    return a.q.x() < b.q.x() || (a.q.x() == b.q.x() && a.q.y() < b.q.y());
  });
  std::vector<P> h(2 * pts.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    while (k >= 2 && cross2(h[k - 2].q, h[k - 1].q, pts[i].q) <= area_tolerance) --k;
    h[k++] = pts[i];
  }
  for (std::size_t i = pts.size() - 1, t = k + 1; i-- > 0;) {
    while (k >= t && cross2(h[k - 2].q, h[k - 1].q, pts[i].q) <= area_tolerance) --k;
    h[k++] = pts[i];
  }
  std::vector<int> loop;
  for (std::size_t i = 0; i + 1 < k; ++i) loop.push_back(h[i].id);
  return loop;
}

}  // namespace

std::vector<std::vector<int>> hull_faces(const std::vector<std::array<double, 3>>& points) {
  const int n = static_cast<int>(points.size());
  if (n < 4) throw std::invalid_argument("convex hull: " + std::to_string(n) + " points, need at least 4");
  if (n > kMaxHullPoints) {
    throw std::invalid_argument("convex hull: " + std::to_string(n) + " points; the page takes at most " +
                                std::to_string(kMaxHullPoints) + " without \"faces\"");
  }
  std::vector<V3> p;
  V3 mean = V3::Zero();
  for (const auto& a : points) {
    p.emplace_back(a[0], a[1], a[2]);
    if (!p.back().allFinite()) throw std::invalid_argument("convex hull: a point is not finite");
    mean += p.back();
  }
  mean /= n;
  double size = 0.0;
  for (const V3& q : p) size = std::max(size, (q - mean).norm());
  if (!(size > 0.0)) throw std::invalid_argument("convex hull: all points coincide");
  const double tol = 1e-9 * size;
  // Repeated points (within tol) take part once, by their first index: the faces then share vertices.
  std::vector<char> repeat(static_cast<std::size_t>(n), 0);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < i && !repeat[static_cast<std::size_t>(i)]; ++j) {
      if (!repeat[static_cast<std::size_t>(j)] && (p[static_cast<std::size_t>(i)] - p[static_cast<std::size_t>(j)]).norm() <= tol) {
        repeat[static_cast<std::size_t>(i)] = 1;
      }
    }
  }

  std::set<std::vector<int>> seen;
  std::vector<std::vector<int>> faces;
  for (int i = 0; i < n; ++i) {
    if (repeat[static_cast<std::size_t>(i)]) continue;
    for (int j = i + 1; j < n; ++j) {
      if (repeat[static_cast<std::size_t>(j)]) continue;
      for (int k = j + 1; k < n; ++k) {
        if (repeat[static_cast<std::size_t>(k)]) continue;
        V3 normal = (p[j] - p[i]).cross(p[k] - p[i]);
        const double len = normal.norm();
        if (!(len > 1e-12 * size * size)) continue;
        normal /= len;
        bool below = true, above = true;
        std::vector<int> on;
        for (int m = 0; m < n; ++m) {
          const double d = normal.dot(p[m] - p[i]);
          if (d > tol) below = false;
          if (d < -tol) above = false;
          if (std::abs(d) <= tol && !repeat[static_cast<std::size_t>(m)]) on.push_back(m);
        }
        if (!below && !above) continue;
        if (!seen.insert(on).second) continue;
        if (!below) normal = -normal;  // outward
        const V3 u = (std::abs(normal.x()) < 0.9 ? V3::UnitX() : V3::UnitY()).cross(normal).normalized();
        const V3 v = normal.cross(u);  // (u, v, normal) right-handed: CCW in (u, v) is CCW from outside
        std::vector<int> loop = hull_2d(p, on, u, v, tol * size);
        if (loop.size() >= 3) faces.push_back(std::move(loop));
      }
    }
  }
  if (faces.size() < 4) throw std::invalid_argument("convex hull: the points are flat");
  return faces;
}

void add_missing_faces(nlohmann::json& scene) {
  if (!scene.is_object()) return;
  const auto gravity = scene.find("gravity");
  if (gravity == scene.end() || !gravity->is_array() || gravity->size() != 3) return;
  const auto bodies = scene.find("bodies");
  if (bodies == scene.end() || !bodies->is_array()) return;
  for (std::size_t b = 0; b < bodies->size(); ++b) {
    nlohmann::json& body = (*bodies)[b];
    if (!body.is_object() || body.contains("faces") || body.contains("mesh")) continue;
    const auto vertices = body.find("vertices");
    if (vertices == body.end() || !vertices->is_array()) continue;
    std::vector<std::array<double, 3>> points;
    for (const auto& v : *vertices) {
      if (!v.is_array() || v.size() != 3 || !v[0].is_number() || !v[1].is_number() || !v[2].is_number()) return;
      points.push_back({v[0].get<double>(), v[1].get<double>(), v[2].get<double>()});
    }
    try {
      body["faces"] = hull_faces(points);
    } catch (const std::invalid_argument& e) {
      const std::string name = body.contains("name") && body["name"].is_string() ? body["name"].get<std::string>()
                                                                                  : std::to_string(b);
      throw std::invalid_argument("scene: bodies[" + std::to_string(b) + "] (" + name + "): vertices: " + e.what());
    }
  }
}

}  // namespace pegsim::web
