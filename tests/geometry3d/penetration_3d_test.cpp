// Penetration depth of convex polyhedra (separating axis theorem): closed forms, including a
// crossing of two ridges whose depth only an edge–edge axis gives, and random pairs against the
// definition (the smallest translation that separates: every direction's projection overlap is at
// least the depth, and moving B by less than it in any direction leaves them overlapping).
#include <pegsim/geometry/overlap_3d.h>
#include <pegsim/geometry/penetration_3d.h>

#include "geometry3d/random_polyhedron.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace pegsim {
namespace {

Polyhedron moved(const Polyhedron& shape, const Eigen::Quaterniond& q, const Vec3& shift) {
  std::vector<Vec3> points;
  for (const Vec3& v : shape.vertices) points.push_back(q * v + shift);
  std::vector<std::vector<int>> faces;
  for (const PolyhedronFace& f : shape.faces) faces.push_back(f.vertices);
  return polyhedron_from_faces(points, faces);
}

double projection_overlap(const Polyhedron& a, const Polyhedron& b, const Vec3& u) {
  auto span = [&](const Polyhedron& p) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const Vec3& v : p.vertices) lo = std::min(lo, u.dot(v)), hi = std::max(hi, u.dot(v));
    return std::pair{lo, hi};
  };
  const auto [a_lo, a_hi] = span(a);
  const auto [b_lo, b_hi] = span(b);
  return std::min(a_hi - b_lo, b_hi - a_lo);
}

TEST(PenetrationDepth3d, OffsetBoxesGiveTheSmallestAxisOverlap) {
  const Polyhedron a = box_polyhedron(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const Polyhedron b = box_polyhedron(Vec3(0.3, 0.2, 0.1), Vec3(1.3, 1.2, 1.1));
  EXPECT_NEAR(penetration_depth_3d(a, b), 0.7, 1e-15);
  EXPECT_NEAR(penetration_depth_3d(b, a), 0.7, 1e-15);
  EXPECT_NEAR(penetration_depth_3d(a, box_polyhedron(Vec3(0.2, 0.2, 0.97), Vec3(0.8, 0.8, 1.5))), 0.03, 1e-15);
}

TEST(PenetrationDepth3d, DisjointAndTouchingGiveZero) {
  const Polyhedron a = box_polyhedron(Vec3(0, 0, 0), Vec3(1, 1, 1));
  EXPECT_EQ(penetration_depth_3d(a, box_polyhedron(Vec3(1, 0, 0), Vec3(2, 1, 1))), 0.0);     // face contact
  EXPECT_EQ(penetration_depth_3d(a, box_polyhedron(Vec3(1, 1, 1), Vec3(2, 2, 2))), 0.0);     // corner contact
  EXPECT_EQ(penetration_depth_3d(a, box_polyhedron(Vec3(1.5, 0, 0), Vec3(2, 1, 1))), 0.0);
  // Separated only along an edge–edge axis: two ridges crossing 1 mm apart.
  const Polyhedron cube = box_polyhedron(Vec3::Constant(-1), Vec3::Constant(1));
  const Eigen::Quaterniond about_x(Eigen::AngleAxisd(M_PI / 4, Vec3::UnitX()));
  const Eigen::Quaterniond about_y(Eigen::AngleAxisd(M_PI / 4, Vec3::UnitY()));
  const Polyhedron lower = moved(cube, about_x, Vec3::Zero());
  const Polyhedron upper = moved(cube, about_y, Vec3(0, 0, 2 * std::sqrt(2.0) + 1e-3));
  EXPECT_EQ(penetration_depth_3d(lower, upper), 0.0);
}

// The ridges pushed 1 mm into each other: the depth is 1 mm along z, the cross product of the two
// ridges, which is no face normal of either body (along their face normals the overlap is larger).
TEST(PenetrationDepth3d, CrossedRidgesNeedTheEdgeEdgeAxis) {
  const Polyhedron cube = box_polyhedron(Vec3::Constant(-1), Vec3::Constant(1));
  const Eigen::Quaterniond about_x(Eigen::AngleAxisd(M_PI / 4, Vec3::UnitX()));
  const Eigen::Quaterniond about_y(Eigen::AngleAxisd(M_PI / 4, Vec3::UnitY()));
  const Polyhedron lower = moved(cube, about_x, Vec3::Zero());
  const Polyhedron upper = moved(cube, about_y, Vec3(0, 0, 2 * std::sqrt(2.0) - 1e-3));
  EXPECT_NEAR(penetration_depth_3d(lower, upper), 1e-3, 1e-12);
  // Without the edge–edge axes the answer would be wrong: every face normal overlaps by more.
  double best_face_axis = std::numeric_limits<double>::infinity();
  for (const Polyhedron* p : {&lower, &upper})
    for (const PolyhedronFace& f : p->faces) best_face_axis = std::min(best_face_axis, projection_overlap(lower, upper, f.normal));
  EXPECT_GT(best_face_axis, 1.5e-3);
}

TEST(PenetrationDepth3d, RandomPairsMatchTheDefinition) {
  std::mt19937 rng(20261125);
  int overlapping = 0;
  for (int pair = 0; pair < 60; ++pair) {
    const Polyhedron a = moved(test::random_hull(rng), test::random_rotation(rng), Vec3::Zero());
    const Polyhedron b = moved(test::random_hull(rng), test::random_rotation(rng), test::random_vector(rng, 0.6));
    const double depth = penetration_depth_3d(a, b);
    EXPECT_NEAR(depth, penetration_depth_3d(b, a), 1e-14);
    EXPECT_EQ(depth > 0.0, convex_overlap_volume(a, b) > 0.0) << "pair " << pair;
    if (!(depth > 0.0)) continue;
    ++overlapping;
    for (int k = 0; k < 200; ++k) {
      const Vec3 u = test::random_vector(rng, 1.0).normalized();
      ASSERT_GE(projection_overlap(a, b, u), depth - 1e-12) << "pair " << pair;
      if (k < 20) {  // moving B by 99.9 % of the depth, in any direction, does not separate them
        const Polyhedron shifted = moved(b, Eigen::Quaterniond::Identity(), 0.999 * depth * u);
        EXPECT_GT(convex_overlap_volume(a, shifted), 0.0) << "pair " << pair;
      }
    }
  }
  EXPECT_GT(overlapping, 20);
}

}  // namespace
}  // namespace pegsim
