// Convex polyhedra in 3D: the shape of a 3D body with its feature tables (PEG §5.2 works on
// vertices, edges with their two faces, and faces with outward normals).
//
// Conventions: a face's vertex loop is counter-clockwise seen from outside; its plane is
// normal . x = offset with the unit normal pointing out, so normal . x - offset is the signed
// distance (> 0 outside). Edge e runs from v0 to v1; face_left traverses v0 -> v1 in its loop and
// face_right traverses v1 -> v0 (left/right seen from outside, walking v0 -> v1).
#pragma once

#include <Eigen/Dense>
#include <Eigen/Geometry>

#include <string>
#include <vector>

namespace pegsim {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;

struct PolyhedronFace {
  std::vector<int> vertices;  // CCW seen from outside, no three consecutive collinear
  Vec3 normal = Vec3::Zero(); // outward, unit
  double offset = 0.0;        // normal . x = offset on the face's plane
  double signed_distance(const Vec3& x) const { return normal.dot(x) - offset; }
};

struct PolyhedronEdge {
  int v0 = -1, v1 = -1;
  int face_left = -1;   // the face whose loop goes v0 -> v1
  int face_right = -1;  // the face whose loop goes v1 -> v0
};

struct Polyhedron {
  std::vector<Vec3> vertices;
  std::vector<PolyhedronEdge> edges;
  std::vector<PolyhedronFace> faces;
  std::vector<std::vector<int>> vertex_edges;  // edges at each vertex, ascending
  std::vector<std::vector<int>> vertex_faces;  // faces around each vertex, ascending

  // Radius of the smallest ball about the origin holding every vertex.
  double bounding_radius() const;
};

// Default coplanarity tolerance, relative to the shape's size (its largest vertex distance from the
// vertex mean): faces whose vertices all lie this close to one plane, facing the same way, merge.
inline constexpr double kCoplanarTolerance = 1e-9;

// A convex polyhedron from vertices and faces (vertex-index loops, CCW seen from outside; triangles
// or polygons). Coplanar faces are merged, collinear boundary points and unused vertices dropped
// (vertices are renumbered in their original order). Throws std::invalid_argument with the reason
// (index out of range, face with < 3 vertices or no area, clockwise face, not closed, not convex).
Polyhedron polyhedron_from_faces(const std::vector<Vec3>& vertices, const std::vector<std::vector<int>>& faces,
                                 double tolerance = kCoplanarTolerance);

// The convex hull of points (qhull, then merged as above). Throws std::invalid_argument for fewer
// than 4 points, non-finite or flat input; std::runtime_error when built without qhull.
Polyhedron polyhedron_from_points(const std::vector<Vec3>& points, double tolerance = kCoplanarTolerance);

// The box [lo, hi] (6 faces), e.g. the slabs of the 3D pour's container.
Polyhedron box_polyhedron(const Vec3& lo, const Vec3& hi);

// The shape's extent along `axis`: the smallest and largest projection axis . v of its vertices
// (lo = +inf, hi = -inf for no vertices). The separating-axis tests' building block.
struct Extent {
  double lo = 0.0, hi = 0.0;
};
Extent extent_along(const Polyhedron& shape, const Vec3& axis);

// Rigid motion x -> rotation x + translation of the shape and its planes.
Polyhedron transformed(const Polyhedron& shape, const Eigen::Quaterniond& rotation, const Vec3& translation);
// The same motion of the vertices alone (bit for bit transformed()'s), for callers that need no
// faces: a copy of the shape's face loops and vertex tables is dozens of small allocations.
std::vector<Vec3> transformed_vertices(const Polyhedron& shape, const Eigen::Quaterniond& rotation, const Vec3& translation);

// Empty when `shape` is a valid closed convex polyhedron within `tolerance` (relative); otherwise
// the reason. polyhedron_from_faces guarantees it; this re-checks shapes built by other means.
std::string polyhedron_problem(const Polyhedron& shape, double tolerance = kCoplanarTolerance);

}  // namespace pegsim
