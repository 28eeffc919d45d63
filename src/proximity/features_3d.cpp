// The four feature pairs of PEG §5.2 for one body pair (features_3d.h).
#include <pegsim/proximity/features_3d.h>

#include <pegsim/geometry/penetration_3d.h>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace pegsim {

const char* feature_pair_name(FeaturePair3d kind) {
  switch (kind) {
    case FeaturePair3d::vertex_face: return "vertex-face";
    case FeaturePair3d::edge_edge: return "edge-edge";
    case FeaturePair3d::vertex_edge: return "vertex-edge";
    case FeaturePair3d::vertex_vertex: return "vertex-vertex";
  }
  return "?";
}

double nearest_segment_parameter(const Vec3& p, const Vec3& s0, const Vec3& s1) {
  const Vec3 d = s1 - s0;
  const double length2 = d.squaredNorm();
  if (!(length2 > 0.0)) return 0.0;
  return std::clamp((p - s0).dot(d) / length2, 0.0, 1.0);
}

bool projects_into_face(const Polyhedron& shape, int face, const Vec3& p, double tolerance) {
  const PolyhedronFace& f = shape.faces[static_cast<std::size_t>(face)];
  for (std::size_t i = 0; i < f.vertices.size(); ++i) {
    const Vec3& s0 = shape.vertices[static_cast<std::size_t>(f.vertices[i])];
    const Vec3& s1 = shape.vertices[static_cast<std::size_t>(f.vertices[(i + 1) % f.vertices.size()])];
    const Vec3 outward = (s1 - s0).cross(f.normal);  // in the plane, away from the face (CCW loop)
    if (outward.dot(p - s0) > tolerance * outward.norm()) return false;
  }
  return true;
}

double pair_scale(const ProximityBody3d& a, const ProximityBody3d& b) {
  return std::max({a.bounds.lo.cwiseAbs().maxCoeff(), a.bounds.hi.cwiseAbs().maxCoeff(), b.bounds.lo.cwiseAbs().maxCoeff(),
                   b.bounds.hi.cwiseAbs().maxCoeff(), 1.0});
}

std::pair<Vec3, Vec3> into_faces(const Polyhedron& shape, const PolyhedronEdge& e) {
  const Vec3 d = (shape.vertices[static_cast<std::size_t>(e.v1)] - shape.vertices[static_cast<std::size_t>(e.v0)]).normalized();
  const Vec3 left = shape.faces[static_cast<std::size_t>(e.face_left)].normal.cross(d);
  const Vec3 right = d.cross(shape.faces[static_cast<std::size_t>(e.face_right)].normal);
  return {left.normalized(), right.normalized()};
}

double edge_edge_applicability(const Polyhedron& a, int edge_a, const Polyhedron& b, int edge_b, const Vec3& normal) {
  const std::pair<Vec3, Vec3> ta = into_faces(a, a.edges.at(static_cast<std::size_t>(edge_a)));
  const std::pair<Vec3, Vec3> tb = into_faces(b, b.edges.at(static_cast<std::size_t>(edge_b)));
  return std::min({-normal.dot(ta.first), -normal.dot(ta.second), normal.dot(tb.first), normal.dot(tb.second)});
}

double vertex_face_applicability(const Polyhedron& vertex_shape, int vertex, const Vec3& face_normal) {
  const Vec3& v = vertex_shape.vertices.at(static_cast<std::size_t>(vertex));
  double least = 1.0;
  for (int e : vertex_shape.vertex_edges.at(static_cast<std::size_t>(vertex))) {
    const PolyhedronEdge& edge = vertex_shape.edges[static_cast<std::size_t>(e)];
    const Vec3& other = vertex_shape.vertices[static_cast<std::size_t>(edge.v0 == vertex ? edge.v1 : edge.v0)];
    least = std::min(least, face_normal.dot((other - v).normalized()));
  }
  return least;
}

namespace {

double pair_tolerance(const ProximityBody3d& a, const ProximityBody3d& b) { return 1e-12 * pair_scale(a, b); }

Vec3 mean_face_normal(const Polyhedron& shape, const std::vector<int>& faces) {
  Vec3 n = Vec3::Zero();
  for (int f : faces) n += shape.faces[static_cast<std::size_t>(f)].normal;
  return n.normalized();
}

// Parameters (s, t) of the nearest points a0 + s da, b0 + t db of two non-parallel lines
// (Ericson 5.1.8), unclamped.
std::pair<double, double> nearest_line_parameters(const Vec3& a0, const Vec3& da, const Vec3& b0, const Vec3& db) {
  const Vec3 r = a0 - b0;
  const double aa = da.dot(da), ab = da.dot(db), bb = db.dot(db), ar = da.dot(r), br = db.dot(r);
  const double denominator = aa * bb - ab * ab;
  return {(ab * br - bb * ar) / denominator, (aa * br - ab * ar) / denominator};
}

// The contact record shared by the four kinds: nearest points, normal and signed gap along it.
Contact3d feature_contact(FeaturePair3d kind, const ProximityBody3d& a, int feature_a, const ProximityBody3d& b, int feature_b,
                          const Vec3& pa, const Vec3& pb, const Vec3& normal, double gap) {
  Contact3d c;
  c.kind = kind;
  c.body_a = a.index;
  c.body_b = b.index;
  c.feature_a = feature_a;
  c.feature_b = feature_b;
  c.point_a = pa;
  c.point_b = pb;
  c.normal = normal;
  c.gap = gap;
  return c;
}

// Vertex–edge and vertex–vertex: the normal along the nearest points, the gap their distance.
Contact3d point_pair(FeaturePair3d kind, const ProximityBody3d& a, int feature_a, const ProximityBody3d& b, int feature_b,
                     const Vec3& pa, const Vec3& pb, const Vec3& fallback_normal) {
  const double distance = (pb - pa).norm();
  const Vec3 normal = distance > 0.0 ? Vec3((pb - pa) / distance) : fallback_normal;
  return feature_contact(kind, a, feature_a, b, feature_b, pa, pb, normal, distance);
}

// Rules 1-3 for A's vertices against B (features_3d.h).
void vertex_features(const ProximityBody3d& a, const ProximityBody3d& b, double threshold, double tol,
                     std::vector<Contact3d>& out) {
  const Polyhedron& sb = b.shape;
  std::vector<double> gaps(sb.faces.size());
  for (int va = 0; va < static_cast<int>(a.shape.vertices.size()); ++va) {
    const Vec3& p = a.shape.vertices[static_cast<std::size_t>(va)];
    if (!b.bounds.overlaps(Aabb3d{p - Vec3::Constant(threshold), p + Vec3::Constant(threshold)})) continue;
    int exit_face = 0;
    for (std::size_t f = 0; f < sb.faces.size(); ++f) {
      gaps[f] = sb.faces[f].signed_distance(p);
      if (gaps[f] > gaps[static_cast<std::size_t>(exit_face)]) exit_face = static_cast<int>(f);
    }
    const double exit_gap = gaps[static_cast<std::size_t>(exit_face)];
    const bool inside = exit_gap <= 0.0;
    // An inside vertex leaves by its shallowest faces; a face much deeper than the exit (the far
    // side of a thin body) would demand a push-out through the body and inject energy.
    const double inside_window = std::max(tol, std::min(threshold, -exit_gap));
    for (int f = 0; f < static_cast<int>(sb.faces.size()); ++f) {
      const double g = gaps[static_cast<std::size_t>(f)];
      const bool near = inside ? g >= exit_gap - inside_window : (g >= 0.0 && g <= threshold);
      if (!(near || (inside && f == exit_face)) || !projects_into_face(sb, f, p, tol)) continue;
      const Vec3 n = -sb.faces[static_cast<std::size_t>(f)].normal;
      out.push_back(feature_contact(FeaturePair3d::vertex_face, a, va, b, f, p, p + g * n, n, g));
    }
    if (inside) continue;
    for (int e = 0; e < static_cast<int>(sb.edges.size()); ++e) {
      const PolyhedronEdge& edge = sb.edges[static_cast<std::size_t>(e)];
      if (std::max(gaps[static_cast<std::size_t>(edge.face_left)], gaps[static_cast<std::size_t>(edge.face_right)]) < -tol) continue;
      const Vec3& s0 = sb.vertices[static_cast<std::size_t>(edge.v0)];
      const Vec3& s1 = sb.vertices[static_cast<std::size_t>(edge.v1)];
      const double t = nearest_segment_parameter(p, s0, s1);
      if (t <= 0.0 || t >= 1.0) continue;
      const Vec3 q = s0 + t * (s1 - s0);
      if ((q - p).norm() > threshold) continue;
      out.push_back(point_pair(FeaturePair3d::vertex_edge, a, va, b, e, p, q, -mean_face_normal(sb, {edge.face_left, edge.face_right})));
    }
  }
}

// Rule 3, once per pair (A = the caller's first body).
void vertex_vertex_features(const ProximityBody3d& a, const ProximityBody3d& b, double threshold, std::vector<Contact3d>& out) {
  auto inside = [](const Polyhedron& shape, const Vec3& p) {
    return std::all_of(shape.faces.begin(), shape.faces.end(), [&](const PolyhedronFace& f) { return f.signed_distance(p) <= 0.0; });
  };
  for (int va = 0; va < static_cast<int>(a.shape.vertices.size()); ++va) {
    const Vec3& p = a.shape.vertices[static_cast<std::size_t>(va)];
    for (int vb = 0; vb < static_cast<int>(b.shape.vertices.size()); ++vb) {
      const Vec3& r = b.shape.vertices[static_cast<std::size_t>(vb)];
      if ((r - p).norm() > threshold || inside(b.shape, p) || inside(a.shape, r)) continue;
      out.push_back(point_pair(FeaturePair3d::vertex_vertex, a, va, b, vb, p, r,
                               -mean_face_normal(b.shape, b.shape.vertex_faces[static_cast<std::size_t>(vb)])));
    }
  }
}

// The ball around an edge: its midpoint and half its length.
struct EdgeBall {
  Vec3 centre = Vec3::Zero();
  double radius = 0.0;
};

// The balls of the edges of `shape` that can come within `reach` of `other` (its box grown by
// reach); the others get radius -1 and are skipped.
std::vector<EdgeBall> edge_balls_near(const Polyhedron& shape, const Aabb3d& other, double reach) {
  const Aabb3d grown{other.lo - Vec3::Constant(reach), other.hi + Vec3::Constant(reach)};
  std::vector<EdgeBall> balls(shape.edges.size());
  for (std::size_t e = 0; e < shape.edges.size(); ++e) {
    const Vec3& p0 = shape.vertices[static_cast<std::size_t>(shape.edges[e].v0)];
    const Vec3& p1 = shape.vertices[static_cast<std::size_t>(shape.edges[e].v1)];
    const Aabb3d box{p0.cwiseMin(p1), p0.cwiseMax(p1)};
    balls[e] = box.overlaps(grown) ? EdgeBall{0.5 * (p0 + p1), 0.5 * (p1 - p0).norm()} : EdgeBall{Vec3::Zero(), -1.0};
  }
  return balls;
}

// Rule 4: edges ea of A and eb of B. |gap| is the distance of two points of the edges, so edges
// whose balls lie further apart than the threshold (plus rounding) cannot qualify and are skipped
// before the nearest-point algebra (the cull changes no contact, only the work: an icosahedron
// pair has 900 edge pairs, a resting one a handful near the contact).
void edge_edge_features(const ProximityBody3d& a, const ProximityBody3d& b, double threshold, double min_applicability,
                        double tol, std::vector<Contact3d>& out) {
  const double interior = 1e-9;  // relative: parameters this close to an end belong to the vertex cases
  const double reach = threshold + 1e3 * tol;
  const std::vector<EdgeBall> balls_a = edge_balls_near(a.shape, b.bounds, reach);
  const std::vector<EdgeBall> balls_b = edge_balls_near(b.shape, a.bounds, reach);
  for (int ea = 0; ea < static_cast<int>(a.shape.edges.size()); ++ea) {
    const EdgeBall& ball_a = balls_a[static_cast<std::size_t>(ea)];
    if (ball_a.radius < 0.0) continue;
    const PolyhedronEdge& edge_a = a.shape.edges[static_cast<std::size_t>(ea)];
    const Vec3& a0 = a.shape.vertices[static_cast<std::size_t>(edge_a.v0)];
    const Vec3 da = a.shape.vertices[static_cast<std::size_t>(edge_a.v1)] - a0;
    // Plain variables, not structured bindings: clang 14 (emscripten 3.1.6) cannot capture those.
    const std::pair<Vec3, Vec3> ta = into_faces(a.shape, edge_a);
    for (int eb = 0; eb < static_cast<int>(b.shape.edges.size()); ++eb) {
      const EdgeBall& ball_b = balls_b[static_cast<std::size_t>(eb)];
      if (ball_b.radius < 0.0 || (ball_a.centre - ball_b.centre).norm() - ball_a.radius - ball_b.radius > reach) continue;
      const PolyhedronEdge& edge_b = b.shape.edges[static_cast<std::size_t>(eb)];
      const Vec3& b0 = b.shape.vertices[static_cast<std::size_t>(edge_b.v0)];
      const Vec3 db = b.shape.vertices[static_cast<std::size_t>(edge_b.v1)] - b0;
      const Vec3 cross = da.cross(db);
      if (cross.norm() <= 1e-9 * da.norm() * db.norm()) continue;  // parallel: covered by the vertex cases
      const std::pair<double, double> st = nearest_line_parameters(a0, da, b0, db);
      const double s = st.first, t = st.second;
      if (s <= interior || s >= 1.0 - interior || t <= interior || t >= 1.0 - interior) continue;
      const Vec3 pa = a0 + s * da, pb = b0 + t * db;
      Vec3 n = cross.normalized();
      const std::pair<Vec3, Vec3> tb = into_faces(b.shape, edge_b);
      auto applicability = [&](const Vec3& m) {
        return std::min({-m.dot(ta.first), -m.dot(ta.second), m.dot(tb.first), m.dot(tb.second)});
      };
      double score = applicability(n);
      if (applicability(-n) > score) {
        n = -n;
        score = applicability(n);
      }
      const double gap = n.dot(pb - pa);
      if (std::abs(gap) > threshold || score < min_applicability) continue;
      Contact3d c = feature_contact(FeaturePair3d::edge_edge, a, ea, b, eb, pa, pb, n, gap);
      c.applicability = score;
      out.push_back(c);
    }
  }
}

// Rule 5: no gap below minus the pair's penetration depth. A feature pair's plane can overstate
// the overlap (edges crossing at a shallow angle: measured 5.5 mm along their common normal where
// the bodies overlapped by 0.35 mm), and the rows would push the bodies apart by the whole gap. A
// separated pair (depth 0) has no negative gap at all: an edge pair whose lines cross behind each
// other is not a separating axis (measured: -0.365 m at h = 0.05, 12 kJ pushed in one step).
void clip_gaps_to_penetration(double depth, std::vector<Contact3d>& out) {
  for (Contact3d& c : out) {
    if (c.gap >= -depth) continue;
    c.gap = -depth;
    c.point_b = c.point_a + c.gap * c.normal;
  }
}

// The vertex of `v` deepest behind face f of `shape` (smallest signed distance).
int deepest_vertex(const Polyhedron& v, const Polyhedron& shape, int f) {
  const PolyhedronFace& face = shape.faces[static_cast<std::size_t>(f)];
  int best = 0;
  for (int i = 1; i < static_cast<int>(v.vertices.size()); ++i)
    if (face.signed_distance(v.vertices[static_cast<std::size_t>(i)]) < face.signed_distance(v.vertices[static_cast<std::size_t>(best)])) best = i;
  return best;
}

// Rule 6: a pair that overlaps while none of its feature pairs reaches half its depth (edges crossing
// deep inside each other, where no plane through them supports both bodies: applicability < 0 both
// ways; or only a grazing vertex, whose row PEG may drop as inapplicable) gets the feature pair of
// its separating-axis direction, so something pushes it apart. Measured without it: two random
// hulls sank into each other 7 mm a step, 18 cm in 40 steps; with "any negative gap" as the test,
// a vertex at -4e-7 m hid a 1.3 mm overlap that grew to 65 mm in three steps under peg.
std::optional<Contact3d> axis_contact(const ProximityBody3d& a, const ProximityBody3d& b, const Penetration3d& pen) {
  switch (pen.kind) {
    case PenetrationAxis3d::face_of_b:
      return contact_for_features_3d(FeaturePair3d::vertex_face, a, deepest_vertex(a.shape, b.shape, pen.feature_b), b,
                                     pen.feature_b, pen.axis);
    case PenetrationAxis3d::face_of_a:
      return contact_for_features_3d(FeaturePair3d::vertex_face, b, deepest_vertex(b.shape, a.shape, pen.feature_a), a,
                                     pen.feature_a, -pen.axis);
    case PenetrationAxis3d::edge_pair: {
      // Edge–edge pairs name the lower body index first (rule 4's order).
      auto c = a.index <= b.index ? contact_for_features_3d(FeaturePair3d::edge_edge, a, pen.feature_a, b, pen.feature_b, pen.axis)
                                  : contact_for_features_3d(FeaturePair3d::edge_edge, b, pen.feature_b, a, pen.feature_a, -pen.axis);
      if (c) c->applicability = 0.0;
      return c;
    }
    case PenetrationAxis3d::none: break;
  }
  return std::nullopt;
}

void add_axis_contact_if_missing(const ProximityBody3d& a, const ProximityBody3d& b, const Penetration3d& pen, double tol,
                                 std::vector<Contact3d>& out) {
  const double represented = std::max(tol, 0.5 * pen.depth);
  if (std::any_of(out.begin(), out.end(), [represented](const Contact3d& c) { return c.gap <= -represented; })) return;
  const auto c = axis_contact(a, b, pen);
  if (!c || !(c->gap < 0.0)) return;
  const bool known = std::any_of(out.begin(), out.end(), [&](const Contact3d& o) {
    return o.kind == c->kind && o.body_a == c->body_a && o.feature_a == c->feature_a && o.feature_b == c->feature_b;
  });
  if (!known) out.push_back(*c);
}

}  // namespace

std::optional<Contact3d> contact_for_features_3d(FeaturePair3d kind, const ProximityBody3d& a, int feature_a,
                                                 const ProximityBody3d& b, int feature_b, const Vec3& normal_hint) {
  if (kind == FeaturePair3d::vertex_face) {
    const Vec3& p = a.shape.vertices.at(static_cast<std::size_t>(feature_a));
    const PolyhedronFace& face = b.shape.faces.at(static_cast<std::size_t>(feature_b));
    const double g = face.signed_distance(p);
    const Vec3 n = -face.normal;
    return feature_contact(kind, a, feature_a, b, feature_b, p, p + g * n, n, g);
  }
  if (kind != FeaturePair3d::edge_edge) return std::nullopt;
  const PolyhedronEdge& ea = a.shape.edges.at(static_cast<std::size_t>(feature_a));
  const PolyhedronEdge& eb = b.shape.edges.at(static_cast<std::size_t>(feature_b));
  const Vec3 a0 = a.shape.vertices[static_cast<std::size_t>(ea.v0)], b0 = b.shape.vertices[static_cast<std::size_t>(eb.v0)];
  const Vec3 da = a.shape.vertices[static_cast<std::size_t>(ea.v1)] - a0;
  const Vec3 db = b.shape.vertices[static_cast<std::size_t>(eb.v1)] - b0;
  Vec3 n = da.cross(db);
  const double norm = n.norm();
  if (!(norm > 1e-9 * da.norm() * db.norm())) return std::nullopt;
  n /= norm;
  if (n.dot(normal_hint) < 0.0) n = -n;
  const std::pair<double, double> st = nearest_line_parameters(a0, da, b0, db);
  const double s_a = st.first, t_b = st.second;
  const Vec3 pa = a0 + s_a * da, pb = b0 + t_b * db;
  Contact3d c = feature_contact(kind, a, feature_a, b, feature_b, pa, pb, n, n.dot(pb - pa));
  c.point_b = c.point_a + c.gap * n;
  return c;
}

std::vector<Contact3d> pair_features_3d(const ProximityBody3d& a, const ProximityBody3d& b, double threshold,
                                        double min_edge_applicability) {
  const double tol = pair_tolerance(a, b);
  std::vector<Contact3d> out;
  vertex_features(a, b, threshold, tol, out);
  vertex_features(b, a, threshold, tol, out);
  const bool a_first = a.index <= b.index;
  vertex_vertex_features(a_first ? a : b, a_first ? b : a, threshold, out);
  edge_edge_features(a_first ? a : b, a_first ? b : a, threshold, min_edge_applicability, tol, out);
  const Penetration3d pen = penetration_3d(a.shape, b.shape, tol);
  if (pen.depth > tol) add_axis_contact_if_missing(a, b, pen, tol, out);
  clip_gaps_to_penetration(pen.depth, out);
  std::sort(out.begin(), out.end(), [](const Contact3d& x, const Contact3d& y) {
    return std::tie(x.body_a, x.body_b, x.kind, x.feature_a, x.feature_b) < std::tie(y.body_a, y.body_b, y.kind, y.feature_a, y.feature_b);
  });
  return out;
}

}  // namespace pegsim
