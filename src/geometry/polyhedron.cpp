// Building a convex polyhedron's feature tables from faces: planes by Newell's method, checks
// (orientation, convexity, closedness, Euler), coplanar faces merged and each merged face's loop
// made the 2D convex hull of its vertices in the plane (collinear boundary points dropped).
#include <pegsim/geometry/convex_hull_3d.h>
#include <pegsim/geometry/polyhedron.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

namespace pegsim {

namespace {

std::string num(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", x);
  return buffer;
}

// Newell's normal of a polygon loop (twice the area vector; exact for planar loops).
Vec3 newell_normal(const std::vector<Vec3>& vertices, const std::vector<int>& loop) {
  Vec3 n = Vec3::Zero();
  for (std::size_t i = 0; i < loop.size(); ++i) {
    const Vec3& a = vertices[static_cast<std::size_t>(loop[i])];
    const Vec3& b = vertices[static_cast<std::size_t>(loop[(i + 1) % loop.size()])];
    n += a.cross(b);
  }
  return n;
}

PolyhedronFace face_plane(const std::vector<Vec3>& vertices, const std::vector<int>& loop) {
  PolyhedronFace face;
  face.vertices = loop;
  face.normal = newell_normal(vertices, loop).normalized();
  double sum = 0.0;
  for (int v : loop) sum += face.normal.dot(vertices[static_cast<std::size_t>(v)]);
  face.offset = sum / static_cast<double>(loop.size());
  return face;
}

void check_indices(const std::vector<Vec3>& vertices, const std::vector<std::vector<int>>& faces) {
  if (faces.size() < 4) throw std::invalid_argument(std::to_string(faces.size()) + " faces, need at least 4");
  for (std::size_t f = 0; f < faces.size(); ++f) {
    if (faces[f].size() < 3) {
      throw std::invalid_argument("face " + std::to_string(f) + " has " + std::to_string(faces[f].size()) +
                                  " vertices, need at least 3");
    }
    for (int v : faces[f]) {
      if (v < 0 || v >= static_cast<int>(vertices.size())) {
        throw std::invalid_argument("face " + std::to_string(f) + " names vertex " + std::to_string(v) + ", out of range 0.." +
                                    std::to_string(static_cast<int>(vertices.size()) - 1));
      }
      if (!vertices[static_cast<std::size_t>(v)].allFinite()) {
        throw std::invalid_argument("vertex " + std::to_string(v) + " is not finite");
      }
    }
  }
}

// Face f's loop, CCW in the plane's basis (u, v) with u x v = normal: Andrew's monotone chain
// over the projected points, dropping points within `tol` of the line of their neighbours.
std::vector<int> planar_hull_loop(const std::vector<Vec3>& vertices, std::vector<int> members, const Vec3& normal,
                                  double tol) {
  const Vec3 u = normal.unitOrthogonal();
  const Vec3 w = normal.cross(u);
  auto xy = [&](int i) {
    const Vec3& p = vertices[static_cast<std::size_t>(i)];
    return Eigen::Vector2d(u.dot(p), w.dot(p));
  };
  std::sort(members.begin(), members.end());
  members.erase(std::unique(members.begin(), members.end()), members.end());
  std::sort(members.begin(), members.end(), [&](int a, int b) {
    const Eigen::Vector2d pa = xy(a), pb = xy(b);
    return pa.x() != pb.x() ? pa.x() < pb.x() : (pa.y() != pb.y() ? pa.y() < pb.y() : a < b);
  });
  // Keeps b when it lies more than tol to the left of the line a -> c.
  auto left_turn = [&](int a, int b, int c) {
    const Eigen::Vector2d pa = xy(a), pb = xy(b), pc = xy(c);
    const Eigen::Vector2d ac = pc - pa;
    const double len = ac.norm();
    const double cross = (pb - pa).x() * ac.y() - (pb - pa).y() * ac.x();  // (b - a) x (c - a)
    return len > 0.0 && cross > tol * len;
  };
  std::vector<int> hull;
  for (int pass = 0; pass < 2; ++pass) {
    const std::size_t start = hull.size();
    for (int p : members) {
      while (hull.size() >= start + 2 && !left_turn(hull[hull.size() - 2], hull.back(), p)) hull.pop_back();
      hull.push_back(p);
    }
    hull.pop_back();
    std::reverse(members.begin(), members.end());
  }
  return hull;
}

// Groups faces that lie on one plane within `tol` and face the same way (for a convex shape the
// same plane means the same face). Returns the member faces of each group, in first-seen order.
std::vector<std::vector<int>> coplanar_groups(const std::vector<Vec3>& vertices, const std::vector<std::vector<int>>& faces,
                                              const std::vector<PolyhedronFace>& planes, double tol) {
  std::vector<std::vector<int>> groups;
  for (int f = 0; f < static_cast<int>(faces.size()); ++f) {
    bool placed = false;
    for (auto& group : groups) {
      const PolyhedronFace& plane = planes[static_cast<std::size_t>(group.front())];
      if (plane.normal.dot(planes[static_cast<std::size_t>(f)].normal) <= 0.5) continue;
      const bool on_plane = std::all_of(faces[static_cast<std::size_t>(f)].begin(), faces[static_cast<std::size_t>(f)].end(),
                                        [&](int v) { return std::abs(plane.signed_distance(vertices[static_cast<std::size_t>(v)])) <= tol; });
      if (on_plane) {
        group.push_back(f);
        placed = true;
        break;
      }
    }
    if (!placed) groups.push_back({f});
  }
  return groups;
}

void build_edges(Polyhedron& shape) {
  std::map<std::pair<int, int>, int> edge_of;  // (min, max) -> edge index
  for (int f = 0; f < static_cast<int>(shape.faces.size()); ++f) {
    const auto& loop = shape.faces[static_cast<std::size_t>(f)].vertices;
    for (std::size_t i = 0; i < loop.size(); ++i) {
      const int a = loop[i], b = loop[(i + 1) % loop.size()];
      const auto key = std::minmax(a, b);
      auto [it, inserted] = edge_of.try_emplace(key, static_cast<int>(shape.edges.size()));
      if (inserted) shape.edges.push_back(PolyhedronEdge{key.first, key.second, -1, -1});
      PolyhedronEdge& e = shape.edges[static_cast<std::size_t>(it->second)];
      int& side = (a == e.v0) ? e.face_left : e.face_right;
      if (side != -1) {
        throw std::invalid_argument("not a closed convex surface: edge " + std::to_string(a) + "-" + std::to_string(b) +
                                    " is traversed the same way by faces " + std::to_string(side) + " and " + std::to_string(f));
      }
      side = f;
    }
  }
  for (const PolyhedronEdge& e : shape.edges) {
    if (e.face_left == -1 || e.face_right == -1) {
      throw std::invalid_argument("not closed: edge " + std::to_string(e.v0) + "-" + std::to_string(e.v1) +
                                  " has a face on one side only");
    }
  }
  shape.vertex_edges.assign(shape.vertices.size(), {});
  shape.vertex_faces.assign(shape.vertices.size(), {});
  for (int e = 0; e < static_cast<int>(shape.edges.size()); ++e) {
    shape.vertex_edges[static_cast<std::size_t>(shape.edges[static_cast<std::size_t>(e)].v0)].push_back(e);
    shape.vertex_edges[static_cast<std::size_t>(shape.edges[static_cast<std::size_t>(e)].v1)].push_back(e);
  }
  for (int f = 0; f < static_cast<int>(shape.faces.size()); ++f) {
    for (int v : shape.faces[static_cast<std::size_t>(f)].vertices) shape.vertex_faces[static_cast<std::size_t>(v)].push_back(f);
  }
}

double size_scale(const std::vector<Vec3>& points) {
  Vec3 mean = Vec3::Zero();
  for (const Vec3& p : points) mean += p;
  mean /= static_cast<double>(points.size());
  double r = 0.0;
  for (const Vec3& p : points) r = std::max(r, (p - mean).norm());
  return r;
}

}  // namespace

double Polyhedron::bounding_radius() const {
  double r = 0.0;
  for (const Vec3& v : vertices) r = std::max(r, v.norm());
  return r;
}

Polyhedron polyhedron_from_faces(const std::vector<Vec3>& vertices, const std::vector<std::vector<int>>& faces,
                                 double tolerance) {
  check_indices(vertices, faces);
  std::vector<char> used(vertices.size(), 0);
  std::vector<Vec3> used_points;
  for (const auto& loop : faces) {
    for (int v : loop) used[static_cast<std::size_t>(v)] = 1;
  }
  for (std::size_t v = 0; v < vertices.size(); ++v) {
    if (used[v]) used_points.push_back(vertices[v]);
  }
  const double scale = size_scale(used_points);
  if (!(scale > 0.0)) throw std::invalid_argument("all vertices coincide");
  const double tol = tolerance * scale;
  Vec3 interior = Vec3::Zero();
  for (const Vec3& p : used_points) interior += p;
  interior /= static_cast<double>(used_points.size());

  std::vector<PolyhedronFace> planes;
  for (std::size_t f = 0; f < faces.size(); ++f) {
    const Vec3 n = newell_normal(vertices, faces[f]);
    if (!(n.norm() > tol * scale)) throw std::invalid_argument("face " + std::to_string(f) + " has no area");
    PolyhedronFace plane = face_plane(vertices, faces[f]);
    for (int v : faces[f]) {
      if (std::abs(plane.signed_distance(vertices[static_cast<std::size_t>(v)])) > tol) {
        throw std::invalid_argument("face " + std::to_string(f) + " is not planar");
      }
    }
    const double inside = plane.signed_distance(interior);
    if (std::abs(inside) <= tol) throw std::invalid_argument("the shape is flat (no volume)");
    if (inside > 0.0) {
      throw std::invalid_argument("face " + std::to_string(f) + " is clockwise seen from outside (its normal points in)");
    }
    for (std::size_t v = 0; v < vertices.size(); ++v) {
      const double d = used[v] ? plane.signed_distance(vertices[v]) : 0.0;
      if (d > tol) {
        throw std::invalid_argument("not convex: vertex " + std::to_string(v) + " lies " + num(d) + " outside the plane of face " +
                                    std::to_string(f));
      }
    }
    planes.push_back(plane);
  }

  // Merged faces: the loop of each coplanar group, in terms of original vertex indices.
  std::vector<std::vector<int>> loops;
  for (const auto& group : coplanar_groups(vertices, faces, planes, tol)) {
    std::vector<int> members;
    for (int f : group) members.insert(members.end(), faces[static_cast<std::size_t>(f)].begin(), faces[static_cast<std::size_t>(f)].end());
    std::vector<int> loop = planar_hull_loop(vertices, members, planes[static_cast<std::size_t>(group.front())].normal, tol);
    if (loop.size() < 3) throw std::invalid_argument("face " + std::to_string(group.front()) + " has no area");
    loops.push_back(std::move(loop));
  }

  // Renumber the vertices the loops use, in their original order.
  std::vector<int> new_index(vertices.size(), -1);
  for (const auto& loop : loops) {
    for (int v : loop) new_index[static_cast<std::size_t>(v)] = 0;
  }
  Polyhedron shape;
  for (std::size_t v = 0; v < vertices.size(); ++v) {
    if (new_index[v] == 0) {
      new_index[v] = static_cast<int>(shape.vertices.size());
      shape.vertices.push_back(vertices[v]);
    }
  }
  for (auto& loop : loops) {
    for (int& v : loop) v = new_index[static_cast<std::size_t>(v)];
    shape.faces.push_back(face_plane(shape.vertices, loop));
  }
  build_edges(shape);
  const int euler = static_cast<int>(shape.vertices.size()) - static_cast<int>(shape.edges.size()) +
                    static_cast<int>(shape.faces.size());
  if (euler != 2) throw std::invalid_argument("not a closed convex surface: V - E + F = " + std::to_string(euler) + ", not 2");
  const std::string problem = polyhedron_problem(shape, tolerance);
  if (!problem.empty()) throw std::invalid_argument(problem);
  return shape;
}

Polyhedron polyhedron_from_points(const std::vector<Vec3>& points, double tolerance) {
  const HullTriangles hull = qhull_convex_hull(points);
  std::vector<std::vector<int>> faces;
  faces.reserve(hull.triangles.size());
  for (const auto& t : hull.triangles) faces.push_back({t[0], t[1], t[2]});
  return polyhedron_from_faces(points, faces, tolerance);
}

Polyhedron box_polyhedron(const Vec3& lo, const Vec3& hi) {
  std::vector<Vec3> corners;
  for (int i = 0; i < 8; ++i) {
    corners.emplace_back((i & 1) ? hi.x() : lo.x(), (i & 2) ? hi.y() : lo.y(), (i & 4) ? hi.z() : lo.z());
  }
  // Corner i has bit 0 = x, bit 1 = y, bit 2 = z; loops CCW seen from outside.
  const std::vector<std::vector<int>> faces = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                                               {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  return polyhedron_from_faces(corners, faces);
}

Extent extent_along(const Polyhedron& shape, const Vec3& axis) {
  Extent e{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
  for (const Vec3& v : shape.vertices) {
    const double d = axis.dot(v);
    e.lo = std::min(e.lo, d);
    e.hi = std::max(e.hi, d);
  }
  return e;
}

std::vector<Vec3> transformed_vertices(const Polyhedron& shape, const Eigen::Quaterniond& rotation, const Vec3& translation) {
  std::vector<Vec3> out(shape.vertices.size());
  const Mat3 r = rotation.normalized().toRotationMatrix();
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = r * shape.vertices[i] + translation;
  return out;
}

Polyhedron transformed(const Polyhedron& shape, const Eigen::Quaterniond& rotation, const Vec3& translation) {
  Polyhedron out = shape;
  out.vertices = transformed_vertices(shape, rotation, translation);
  const Mat3 r = rotation.normalized().toRotationMatrix();
  for (PolyhedronFace& f : out.faces) {
    f.normal = r * f.normal;
    f.offset += f.normal.dot(translation);
  }
  return out;
}

std::string polyhedron_problem(const Polyhedron& shape, double tolerance) {
  if (shape.vertices.size() < 4 || shape.faces.size() < 4) return "fewer than 4 vertices or faces";
  const double tol = tolerance * size_scale(shape.vertices);
  for (std::size_t f = 0; f < shape.faces.size(); ++f) {
    const PolyhedronFace& face = shape.faces[f];
    if (std::abs(face.normal.norm() - 1.0) > 1e-9) return "face " + std::to_string(f) + ": normal is not unit";
    for (std::size_t v = 0; v < shape.vertices.size(); ++v) {
      const double d = face.signed_distance(shape.vertices[v]);
      if (d > tol) return "not convex: vertex " + std::to_string(v) + " lies " + num(d) + " outside face " + std::to_string(f);
    }
    for (int v : face.vertices) {
      if (std::abs(face.signed_distance(shape.vertices[static_cast<std::size_t>(v)])) > tol) {
        return "face " + std::to_string(f) + " is not planar";
      }
    }
  }
  if (shape.vertices.size() + shape.faces.size() != shape.edges.size() + 2) return "V - E + F is not 2";
  for (std::size_t e = 0; e < shape.edges.size(); ++e) {
    if (shape.edges[e].face_left < 0 || shape.edges[e].face_right < 0) return "edge " + std::to_string(e) + " lacks a face";
  }
  return {};
}

}  // namespace pegsim
