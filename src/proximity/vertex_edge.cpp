// Vertex–edge feature pairs: gap, distance, normal and applicability (conventions of contact.h).
#include <pegsim/proximity/vertex_edge.h>

#include <pegsim/proximity/applicability.h>

#include <algorithm>
#include <stdexcept>

namespace pegsim {

double point_segment_distance(const Vec2& p, const Vec2& s0, const Vec2& s1) {
  const Vec2 d = s1 - s0;
  const double len2 = d.squaredNorm();
  const double t = len2 > 0.0 ? std::clamp((p - s0).dot(d) / len2, 0.0, 1.0) : 0.0;
  return (p - (s0 + t * d)).norm();
}

PointEdgeGeometry point_edge_geometry(const Vec2& p, const Vec2& s0, const Vec2& s1) {
  const Vec2 d = s1 - s0;
  const double length = d.norm();
  if (!(length > 0.0)) throw std::invalid_argument("proximity: zero-length edge");
  PointEdgeGeometry g;
  g.outward = Vec2(d.y() / length, -d.x() / length);  // CCW edge rotated by -90 degrees
  g.gap = g.outward.dot(p - s0);
  g.segment_distance = point_segment_distance(p, s0, s1);
  return g;
}

Contact vertex_edge_contact(const ProximityBody& a, int vertex_a, const ProximityBody& b, int edge_b) {
  const std::size_t n = b.vertices.size();
  const Vec2& s0 = b.vertices[static_cast<std::size_t>(edge_b)];
  const Vec2& s1 = b.vertices[(static_cast<std::size_t>(edge_b) + 1) % n];
  Contact c;
  c.body_a = a.index;
  c.body_b = b.index;
  c.vertex_a = vertex_a;
  c.edge_b = edge_b;
  c.point = a.vertices[static_cast<std::size_t>(vertex_a)];
  PointEdgeGeometry g;
  try {
    g = point_edge_geometry(c.point, s0, s1);
  } catch (const std::invalid_argument&) {
    throw std::invalid_argument("proximity: body " + std::to_string(b.index) + " has a zero-length edge " +
                                std::to_string(edge_b));
  }
  c.normal = -g.outward;  // from A into B
  c.gap = g.gap;
  c.segment_distance = g.segment_distance;
  c.applicability = vertex_edge_applicability(a.vertices, vertex_a, c.normal);
  return c;
}

}  // namespace pegsim
