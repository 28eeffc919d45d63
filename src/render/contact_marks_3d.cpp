// Contact marks on the drawn pose (see contact_marks_3d.h).
#include <pegsim/render/contact_marks_3d.h>

#include <algorithm>
#include <optional>

namespace pegsim {
namespace {

bool valid(int index, std::size_t size) { return index >= 0 && static_cast<std::size_t>(index) < size; }

struct Segment {
  Vec3 p, q;
};

Segment world_edge(const Body3d& body, int edge) {
  const PolyhedronEdge& e = body.shape.edges[static_cast<std::size_t>(edge)];
  return {body.world_vertex(e.v0), body.world_vertex(e.v1)};
}

// The point of segment a nearest to segment b (clamped closest points of two segments).
Vec3 nearest_on_first(const Segment& a, const Segment& b) {
  const Vec3 d1 = a.q - a.p, d2 = b.q - b.p, r = a.p - b.p;
  const double aa = d1.dot(d1), ee = d2.dot(d2), f = d2.dot(r), c = d1.dot(r), bb = d1.dot(d2);
  const double denom = aa * ee - bb * bb;
  double s = denom > 1e-12 * aa * ee ? std::clamp((bb * f - c * ee) / denom, 0.0, 1.0) : 0.0;
  const double t = ee > 0.0 ? std::clamp((bb * s + f) / ee, 0.0, 1.0) : 0.0;
  if (aa > 0.0) s = std::clamp((t * bb - c) / aa, 0.0, 1.0);
  return a.p + s * d1;
}

std::optional<ContactMark3d> mark_of(const Contact3d& c, const Body3d& a, const Body3d& b) {
  ContactMark3d mark;
  mark.gap = c.gap;
  mark.normal = c.normal;
  if (c.kind == FeaturePair3d::edge_edge) {
    if (!valid(c.feature_a, a.shape.edges.size()) || !valid(c.feature_b, b.shape.edges.size())) return std::nullopt;
    const Segment ea = world_edge(a, c.feature_a), eb = world_edge(b, c.feature_b);
    mark.point = nearest_on_first(ea, eb);
    const Vec3 n = (ea.q - ea.p).cross(eb.q - eb.p);
    if (n.norm() > 1e-12) mark.normal = n.dot(c.normal) >= 0.0 ? n.normalized() : Vec3(-n.normalized());
    return mark;
  }
  if (!valid(c.feature_a, a.shape.vertices.size())) return std::nullopt;
  mark.point = a.world_vertex(c.feature_a);
  if (c.kind == FeaturePair3d::vertex_face) {
    if (!valid(c.feature_b, b.shape.faces.size())) return std::nullopt;
    mark.normal = -(b.rotation() * b.shape.faces[static_cast<std::size_t>(c.feature_b)].normal);
  }
  return mark;  // vertex_edge, vertex_vertex: the normal is only a direction hint (contact3d.h)
}

}  // namespace

std::vector<ContactMark3d> contact_marks_3d(const Frame& frame) {
  std::vector<ContactMark3d> marks;
  const std::size_t n = frame.bodies3d.size();
  for (const Contact3d& c : frame.proximity.three_d.contacts) {
    if (!valid(c.body_a, n) || !valid(c.body_b, n)) continue;
    if (frame.active.size() == n && (!frame.active[static_cast<std::size_t>(c.body_a)] ||
                                     !frame.active[static_cast<std::size_t>(c.body_b)])) {
      continue;
    }
    if (auto mark = mark_of(c, frame.bodies3d[static_cast<std::size_t>(c.body_a)],
                            frame.bodies3d[static_cast<std::size_t>(c.body_b)])) {
      if (mark->point.allFinite() && mark->normal.allFinite()) marks.push_back(*mark);
    }
  }
  return marks;
}

}  // namespace pegsim
