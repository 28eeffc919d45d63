// Convex polyhedra: hulls (qhull) with coplanar triangles merged, shapes from faces, the feature
// tables' invariants, and the checks that reject bad shapes.
#include <pegsim/geometry/convex_hull_3d.h>
#include <pegsim/geometry/polyhedron.h>

#include "geometry3d/random_polyhedron.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace pegsim {
namespace {

std::vector<Vec3> cube_corners(double half) {
  std::vector<Vec3> c;
  for (int i = 0; i < 8; ++i) c.emplace_back((i & 1) ? half : -half, (i & 2) ? half : -half, (i & 4) ? half : -half);
  return c;
}

// Every feature-table invariant a consumer relies on, checked from first principles.
void expect_consistent(const Polyhedron& p) {
  ASSERT_EQ(p.vertices.size() + p.faces.size(), p.edges.size() + 2);  // Euler
  Vec3 mean = Vec3::Zero();
  for (const Vec3& v : p.vertices) mean += v;
  mean /= static_cast<double>(p.vertices.size());
  for (const PolyhedronFace& f : p.faces) {
    EXPECT_NEAR(f.normal.norm(), 1.0, 1e-12);
    EXPECT_LT(f.signed_distance(mean), 0.0);  // outward
    for (const Vec3& v : p.vertices) EXPECT_LE(f.signed_distance(v), 1e-9);  // convex
    // CCW seen from outside: consecutive corners turn about the outward normal.
    for (std::size_t i = 0; i < f.vertices.size(); ++i) {
      const Vec3& a = p.vertices[static_cast<std::size_t>(f.vertices[i])];
      const Vec3& b = p.vertices[static_cast<std::size_t>(f.vertices[(i + 1) % f.vertices.size()])];
      const Vec3& c = p.vertices[static_cast<std::size_t>(f.vertices[(i + 2) % f.vertices.size()])];
      EXPECT_GT((b - a).cross(c - b).dot(f.normal), 0.0);
      EXPECT_NEAR(f.signed_distance(a), 0.0, 1e-12);
    }
  }
  for (const PolyhedronEdge& e : p.edges) {
    auto has_directed = [&](int face, int from, int to) {
      const auto& loop = p.faces[static_cast<std::size_t>(face)].vertices;
      for (std::size_t i = 0; i < loop.size(); ++i) {
        if (loop[i] == from && loop[(i + 1) % loop.size()] == to) return true;
      }
      return false;
    };
    EXPECT_TRUE(has_directed(e.face_left, e.v0, e.v1));
    EXPECT_TRUE(has_directed(e.face_right, e.v1, e.v0));
    // The edge is not flat: its two faces are different planes.
    EXPECT_LT(p.faces[static_cast<std::size_t>(e.face_left)].normal.dot(p.faces[static_cast<std::size_t>(e.face_right)].normal),
              1.0 - 1e-12);
  }
  for (std::size_t v = 0; v < p.vertices.size(); ++v) {
    EXPECT_GE(p.vertex_edges[v].size(), 3u);
    EXPECT_EQ(p.vertex_edges[v].size(), p.vertex_faces[v].size());
  }
}

TEST(Polyhedron, CubeHullMergesCoplanarTrianglesIntoSquares) {
  std::vector<Vec3> points = cube_corners(0.5);
  // Points inside, on faces and on edges must not become vertices.
  points.emplace_back(0.1, -0.2, 0.3);
  points.emplace_back(0.5, 0.1, 0.2);
  points.emplace_back(0.0, 0.5, 0.5);
  const Polyhedron cube = polyhedron_from_points(points);
  expect_consistent(cube);
  EXPECT_EQ(cube.vertices.size(), 8u);
  EXPECT_EQ(cube.edges.size(), 12u);
  ASSERT_EQ(cube.faces.size(), 6u);
  for (const PolyhedronFace& f : cube.faces) {
    EXPECT_EQ(f.vertices.size(), 4u);
    EXPECT_NEAR(f.normal.cwiseAbs().maxCoeff(), 1.0, 1e-12);  // axis-aligned
    EXPECT_NEAR(f.offset, 0.5, 1e-12);
  }
}

TEST(Polyhedron, TrianglesOfABoxFromFacesMergeAndKeepOrder) {
  const std::vector<Vec3> c = cube_corners(1.0);
  // The box's 12 triangles (corner bit 0 = x, 1 = y, 2 = z), CCW seen from outside.
  const std::vector<std::vector<int>> triangles = {{0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6}, {0, 1, 5}, {0, 5, 4},
                                                   {2, 6, 7}, {2, 7, 3}, {0, 4, 6}, {0, 6, 2}, {1, 3, 7}, {1, 7, 5}};
  const Polyhedron box = polyhedron_from_faces(c, triangles);
  expect_consistent(box);
  EXPECT_EQ(box.faces.size(), 6u);
  EXPECT_EQ(box.vertices, c);  // all used: original numbering kept
}

TEST(Polyhedron, RandomHullsAreConsistentAndHoldEveryPoint) {
  std::mt19937 rng(12);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<Vec3> points;
    for (int i = 0; i < 30; ++i) points.emplace_back(u(rng), u(rng), 0.3 * u(rng));
    const Polyhedron hull = polyhedron_from_points(points);
    expect_consistent(hull);
    for (const Vec3& p : points) {
      for (const PolyhedronFace& f : hull.faces) EXPECT_LE(f.signed_distance(p), 1e-12);
    }
    // Each hull vertex is one of the input points.
    for (const Vec3& v : hull.vertices) EXPECT_NE(std::find(points.begin(), points.end(), v), points.end());
  }
}

TEST(Polyhedron, TransformedMovesPlanesWithVertices) {
  std::mt19937 rng(3);
  const Polyhedron p = test::random_hull(rng);
  const Eigen::Quaterniond q = test::random_rotation(rng);
  const Vec3 t(1.0, -2.0, 0.5);
  const Polyhedron w = transformed(p, q, t);
  expect_consistent(w);
  for (std::size_t f = 0; f < w.faces.size(); ++f) {
    for (int v : w.faces[f].vertices) EXPECT_NEAR(w.faces[f].signed_distance(w.vertices[static_cast<std::size_t>(v)]), 0.0, 1e-12);
  }
  EXPECT_NEAR((w.vertices[0] - (q * p.vertices[0] + t)).norm(), 0.0, 1e-14);
}

TEST(Polyhedron, RejectsBadShapesWithReasons) {
  const std::vector<Vec3> c = cube_corners(1.0);
  const std::vector<std::vector<int>> box = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  auto reason = [](const std::vector<Vec3>& v, const std::vector<std::vector<int>>& f) {
    try {
      polyhedron_from_faces(v, f);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(reason(c, box), "accepted");

  auto clockwise = box;
  std::reverse(clockwise[2].begin(), clockwise[2].end());
  EXPECT_NE(reason(c, clockwise).find("face 2 is clockwise"), std::string::npos) << reason(c, clockwise);

  auto open = box;
  open.pop_back();
  EXPECT_NE(reason(c, open).find("not closed"), std::string::npos) << reason(c, open);

  auto dented = c;
  dented[7] = Vec3(0.2, 0.2, 0.2);  // a corner pushed inside: faces at it no longer planar/convex
  EXPECT_NE(reason(dented, box), "accepted");

  auto out_of_range = box;
  out_of_range[0][0] = 8;
  EXPECT_NE(reason(c, out_of_range).find("out of range"), std::string::npos);

  // A tent over the box's top face (a non-convex roof) is rejected.
  auto roof = c;
  roof.emplace_back(0.0, 0.0, 0.5);  // below the top face: dent
  std::vector<std::vector<int>> tent = box;
  tent.erase(tent.begin() + 1);  // drop the top face {4,5,7,6}
  tent.push_back({4, 5, 8});
  tent.push_back({5, 7, 8});
  tent.push_back({7, 6, 8});
  tent.push_back({6, 4, 8});
  EXPECT_NE(reason(roof, tent).find("not convex"), std::string::npos) << reason(roof, tent);

  // Flat input has no hull.
  std::vector<Vec3> flat = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(1, 1, 0), Vec3(0.5, 0.2, 0)};
  EXPECT_THROW(polyhedron_from_points(flat), std::invalid_argument);
  EXPECT_THROW(polyhedron_from_points({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)}), std::invalid_argument);
}

TEST(ConvexHull3d, QhullVolumeOfABox) {
  ASSERT_TRUE(have_qhull());
  std::vector<Vec3> c = cube_corners(0.5);
  for (Vec3& v : c) v = v.cwiseProduct(Vec3(1.0, 2.0, 3.0));
  const HullTriangles hull = qhull_convex_hull(c);
  EXPECT_EQ(hull.triangles.size(), 12u);
  EXPECT_NEAR(hull.volume, 6.0, 1e-12);
}

TEST(Polyhedron, BoxPolyhedronSpansItsCorners) {
  const Polyhedron slab = box_polyhedron(Vec3(-5.125, -2.125, -0.25), Vec3(5.125, 2.125, 0.0));
  expect_consistent(slab);
  EXPECT_EQ(slab.faces.size(), 6u);
  double top = -1.0;
  for (const PolyhedronFace& f : slab.faces) {
    if (f.normal.z() > 0.5) top = f.offset;
  }
  EXPECT_DOUBLE_EQ(top, 0.0);
}

}  // namespace
}  // namespace pegsim
