// Exact overlap volume of convex polyhedra: closed forms (offset boxes, nested, disjoint, touching,
// a corner cut off a cube) and random pairs against an independent computation: the intersection's
// vertices by brute force (every triple of face planes of both shapes, kept when inside all of
// them) and the volume of their convex hull by qhull.
#include <pegsim/geometry/convex_hull_3d.h>
#include <pegsim/geometry/mass_properties_3d.h>
#include <pegsim/geometry/overlap_3d.h>

#include "geometry3d/random_polyhedron.h"

#include <gtest/gtest.h>

#include <cmath>

namespace pegsim {
namespace {

Polyhedron box(const Vec3& lo, const Vec3& hi) { return box_polyhedron(lo, hi); }

double relative(double a, double b) { return std::abs(a - b) / std::max(std::abs(b), 1e-300); }

TEST(Overlap3d, OffsetBoxesExact) {
  const Polyhedron a = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const Polyhedron b = box(Vec3(0.3, 0.2, 0.1), Vec3(1.3, 1.2, 1.1));
  EXPECT_LT(relative(convex_overlap_volume(a, b), 0.7 * 0.8 * 0.9), 1e-12);
  EXPECT_LT(relative(convex_overlap_volume(b, a), 0.7 * 0.8 * 0.9), 1e-12);
  // Offset along one axis only, and a thin sliver.
  EXPECT_LT(relative(convex_overlap_volume(a, box(Vec3(0.75, 0, 0), Vec3(1.75, 1, 1))), 0.25), 1e-12);
  EXPECT_LT(relative(convex_overlap_volume(a, box(Vec3(0, 0, 1 - 1e-6), Vec3(1, 1, 2))), 1e-6), 1e-9);
}

TEST(Overlap3d, NestedGivesTheInnerVolume) {
  const Polyhedron outer = box(Vec3(-1, -1, -1), Vec3(1, 1, 1));
  std::mt19937 rng(8);
  const Polyhedron inner = transformed(test::random_hull(rng, 15, 0.4), test::random_rotation(rng), Vec3(0.1, 0, -0.1));
  const double v = solid_properties(inner).volume;
  EXPECT_LT(relative(convex_overlap_volume(outer, inner), v), 1e-12);
  EXPECT_LT(relative(convex_overlap_volume(inner, outer), v), 1e-12);
}

TEST(Overlap3d, DisjointAndTouchingGiveZero) {
  const Polyhedron a = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  EXPECT_EQ(convex_overlap_volume(a, box(Vec3(2, 0, 0), Vec3(3, 1, 1))), 0.0);
  EXPECT_EQ(convex_overlap_volume(a, box(Vec3(1, 0, 0), Vec3(2, 1, 1))), 0.0);          // face to face
  EXPECT_EQ(convex_overlap_volume(a, box(Vec3(1, 1, 0), Vec3(2, 2, 1))), 0.0);          // edge to edge
  EXPECT_EQ(convex_overlap_volume(a, box(Vec3(1, 1, 1), Vec3(2, 2, 2))), 0.0);          // corner to corner
  EXPECT_EQ(convex_overlap_volume(a, box(Vec3(0.2, 0.3, 1), Vec3(0.5, 0.6, 1.5))), 0.0); // small face on top
}

TEST(Overlap3d, TetrahedraExact) {
  // The corner tetrahedron {x, y, z >= 0, x + y + z <= 2} cuts the corner {x + y + z > 2} (a
  // tetrahedron of volume 1/6) off the unit cube: overlap 5/6.
  const std::vector<Vec3> v = {Vec3(0, 0, 0), Vec3(2, 0, 0), Vec3(0, 2, 0), Vec3(0, 0, 2)};
  const Polyhedron tet = polyhedron_from_faces(v, {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}});
  EXPECT_LT(relative(convex_overlap_volume(tet, box(Vec3(0, 0, 0), Vec3(1, 1, 1))), 5.0 / 6.0), 1e-12);
  EXPECT_LT(relative(convex_overlap_volume(tet, tet), 8.0 / 6.0), 1e-12);
  // The two regular tetrahedra inscribed in the cube [-1, 1]^3 (a stella octangula) intersect in
  // the octahedron |x| + |y| + |z| <= 1, volume 4/3.
  const std::vector<Vec3> t1 = {Vec3(1, 1, 1), Vec3(1, -1, -1), Vec3(-1, 1, -1), Vec3(-1, -1, 1)};
  std::vector<Vec3> t2 = t1;
  for (Vec3& p : t2) p = -p;
  const Polyhedron a = polyhedron_from_points(t1), b = polyhedron_from_points(t2);
  EXPECT_LT(relative(convex_overlap_volume(a, b), 4.0 / 3.0), 1e-12);
}

// The independent reference: intersection vertices from plane triples, hull volume by qhull.
double brute_force_overlap(const Polyhedron& a, const Polyhedron& b) {
  std::vector<PolyhedronFace> planes = a.faces;
  planes.insert(planes.end(), b.faces.begin(), b.faces.end());
  std::vector<Vec3> corners;
  const std::size_t n = planes.size();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      for (std::size_t k = j + 1; k < n; ++k) {
        Mat3 m;
        m << planes[i].normal.transpose(), planes[j].normal.transpose(), planes[k].normal.transpose();
        if (std::abs(m.determinant()) < 1e-9) continue;
        const Vec3 x = m.partialPivLu().solve(Vec3(planes[i].offset, planes[j].offset, planes[k].offset));
        bool inside = true;
        for (const PolyhedronFace& p : planes) inside = inside && p.signed_distance(x) <= 1e-10;
        if (inside) corners.push_back(x);
      }
    }
  }
  if (corners.size() < 4) return 0.0;
  try {
    return qhull_convex_hull(corners).volume;
  } catch (const std::invalid_argument&) {
    return 0.0;  // flat: touching
  }
}

TEST(Overlap3d, RandomPairsAgreeWithPlaneTriplesAndQhull) {
  std::mt19937 rng(2024);
  int overlapping = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const Polyhedron a = transformed(test::random_hull(rng, 12), test::random_rotation(rng), test::random_vector(rng, 0.3));
    const Polyhedron b = transformed(test::random_hull(rng, 12), test::random_rotation(rng), test::random_vector(rng, 0.3));
    const double ours = convex_overlap_volume(a, b);
    const double reference = brute_force_overlap(a, b);
    EXPECT_NEAR(ours, reference, 1e-10 + 1e-9 * reference) << "trial " << trial;
    EXPECT_NEAR(ours, convex_overlap_volume(b, a), 1e-13) << "trial " << trial;
    EXPECT_LE(ours, std::min(solid_properties(a).volume, solid_properties(b).volume) + 1e-14);
    if (reference > 1e-6) ++overlapping;
  }
  EXPECT_GT(overlapping, 200);  // the test exercises real overlaps, not only empty ones
}

TEST(Overlap3d, ClipByPlaneHalvesACube) {
  const PolygonSoup cube = boundary_polygons(box(Vec3(0, 0, 0), Vec3(1, 1, 1)));
  const Vec3 n = Vec3(1, 1, 1).normalized();
  // The plane through the centre perpendicular to the diagonal halves the cube by symmetry.
  EXPECT_NEAR(enclosed_volume(clip_by_plane(cube, n, n.dot(Vec3::Constant(0.5)), 1e-12)), 0.5, 1e-14);
  EXPECT_NEAR(enclosed_volume(clip_by_plane(cube, -n, -n.dot(Vec3::Constant(0.5)), 1e-12)), 0.5, 1e-14);
  EXPECT_TRUE(clip_by_plane(cube, Vec3::UnitZ(), -0.5, 1e-12).empty());
  EXPECT_EQ(clip_by_plane(cube, Vec3::UnitZ(), 2.0, 1e-12).size(), 6u);
}

}  // namespace
}  // namespace pegsim
