// Mass properties of polyhedra against closed forms (box, tetrahedron), against qhull's own volume,
// and against the volumes and centroids the PEG data export derived independently.
#include <pegsim/geometry/convex_hull_3d.h>
#include <pegsim/geometry/mass_properties_3d.h>
#include <pegsim/scene/reference_pour3d.h>

#include "geometry3d/random_polyhedron.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>

namespace pegsim {
namespace {

const std::string kData = std::string(PEGSIM_SHARED_DIR) + "/data/reference-pour3d/";

TEST(MassProperties3d, BoxMatchesClosedForm) {
  const Vec3 sides(1.0, 2.0, 3.0);
  const Polyhedron box = box_polyhedron(Vec3(2.0, -1.0, 0.5), Vec3(2.0, -1.0, 0.5) + sides);
  const SolidProperties p = solid_properties(box);
  EXPECT_NEAR(p.volume, 6.0, 1e-12);
  EXPECT_NEAR((p.centroid - Vec3(2.5, 0.0, 2.0)).norm(), 0.0, 1e-12);
  // Density 1: mass = volume.
  EXPECT_NEAR((p.inertia_per_density - box_inertia(sides, 6.0)).norm(), 0.0, 1e-12);

  // Rotated and moved: the same body, inertia R I R^T.
  const Eigen::Quaterniond q(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()));
  const SolidProperties r = solid_properties(transformed(box, q, Vec3(0.3, 0.2, -4.0)));
  EXPECT_NEAR(r.volume, 6.0, 1e-12);
  EXPECT_NEAR((r.centroid - (q * Vec3(2.5, 0.0, 2.0) + Vec3(0.3, 0.2, -4.0))).norm(), 0.0, 1e-12);
  const Mat3 rot = q.toRotationMatrix();
  EXPECT_NEAR((r.inertia_per_density - rot * box_inertia(sides, 6.0) * rot.transpose()).norm(), 0.0, 1e-11);
}

TEST(MassProperties3d, UnitTetrahedronMatchesClosedForm) {
  // Corner tetrahedron: V = 1/6, centroid 1/4 (1,1,1); about the centroid (density 1)
  // I_xx = 1/30 - V (1/16 + 1/16) = 1/80, I_xy = -(1/120 - V / 16) = +1/480.
  const std::vector<Vec3> v = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)};
  const Polyhedron tet = polyhedron_from_faces(v, {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}});
  const SolidProperties p = solid_properties(tet);
  EXPECT_NEAR(p.volume, 1.0 / 6.0, 1e-15);
  EXPECT_NEAR((p.centroid - Vec3::Constant(0.25)).norm(), 0.0, 1e-15);
  Mat3 expected = Mat3::Constant(1.0 / 480.0);
  expected.diagonal().setConstant(1.0 / 80.0);
  EXPECT_NEAR((p.inertia_per_density - expected).norm(), 0.0, 1e-15);
}

TEST(MassProperties3d, DensityAndMassGiveTheSameBodyFrame) {
  std::mt19937 rng(5);
  const Polyhedron hull = transformed(test::random_hull(rng), Eigen::Quaterniond::Identity(), Vec3(3, 1, 2));
  const RigidShape3d by_density = rigid_shape_from_density(hull, 2.0);
  const RigidShape3d by_mass = rigid_shape_from_mass(hull, by_density.mass);
  EXPECT_NEAR(by_density.mass, 2.0 * by_density.volume, 1e-15);
  EXPECT_NEAR((by_density.inertia - by_mass.inertia).norm(), 0.0, 1e-14);
  // The body frame's origin is the centre of mass.
  EXPECT_NEAR(solid_properties(by_density.shape).centroid.norm(), 0.0, 1e-14);
  EXPECT_NEAR((by_density.centroid - solid_properties(hull).centroid).norm(), 0.0, 1e-14);
  EXPECT_THROW(rigid_shape_from_density(hull, 0.0), std::invalid_argument);
  EXPECT_THROW(rigid_shape_from_mass(hull, -1.0), std::invalid_argument);
}

TEST(MassProperties3d, VolumeAgreesWithQhullOnRandomHulls) {
  std::mt19937 rng(77);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 100; ++trial) {
    std::vector<Vec3> points;
    for (int i = 0; i < 20; ++i) points.emplace_back(u(rng), u(rng), u(rng));
    const double ours = solid_properties(polyhedron_from_points(points)).volume;
    EXPECT_NEAR(ours, qhull_convex_hull(points).volume, 1e-12 * ours);
  }
}

TEST(MassProperties3d, InertiaIsAnIntegralOverTheVolume) {
  // Monte Carlo-free check: the second moment about an axis equals the sum over a fine grid of
  // cells inside the solid (midpoint rule), within the grid's error.
  std::mt19937 rng(9);
  const Polyhedron hull = test::random_hull(rng, 12, 0.5);
  const SolidProperties p = solid_properties(hull);
  const int n = 120;
  const double cell = 1.0 / n;
  Mat3 covariance = Mat3::Zero();
  double volume = 0.0;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      for (int k = 0; k < n; ++k) {
        const Vec3 x(-0.5 + (i + 0.5) * cell, -0.5 + (j + 0.5) * cell, -0.5 + (k + 0.5) * cell);
        bool inside = true;
        for (const PolyhedronFace& f : hull.faces) inside = inside && f.signed_distance(x) <= 0.0;
        if (!inside) continue;
        volume += cell * cell * cell;
        const Vec3 r = x - p.centroid;
        covariance += cell * cell * cell * r * r.transpose();
      }
    }
  }
  const Mat3 grid_inertia = covariance.trace() * Mat3::Identity() - covariance;
  EXPECT_NEAR(volume, p.volume, 0.01 * p.volume);
  EXPECT_NEAR((grid_inertia - p.inertia_per_density).norm(), 0.0, 0.02 * p.inertia_per_density.norm());
}

TEST(ReferencePour3d, IcosahedraMatchTheExportsDerivedVolume) {
  const ReferenceBodySet3d set = load_reference_bodies_3d(kData + "bodies_icosahedra.json");
  ASSERT_EQ(set.bodies.size(), 11u);
  ASSERT_EQ(set.container.size(), 5u);
  EXPECT_EQ(set.gravity, Vec3(0, 0, -9.81));
  const ReferenceBody3d& ico = set.bodies.front();
  EXPECT_EQ(ico.shape.vertices.size(), 12u);
  EXPECT_EQ(ico.shape.faces.size(), 20u);
  EXPECT_EQ(ico.shape.edges.size(), 30u);
  EXPECT_DOUBLE_EQ(ico.mass, 0.5);
  // README: volume 0.31708 m^3 (derived.volume_m3 = 0.3170772615), a uniform solid of mass 0.5 has
  // about 0.0362 I; rests on a face at the inradius 0.3974.
  const SolidProperties p = solid_properties(ico.shape);
  EXPECT_NEAR(p.volume, 0.3170772615, 1e-9);
  EXPECT_NEAR(p.centroid.norm(), 0.0, 1e-12);
  const Mat3 inertia = p.inertia_per_density * (0.5 / p.volume);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(inertia(i, i), 0.0362, 0.0005);
  double inradius = 1.0;
  for (const PolyhedronFace& f : ico.shape.faces) inradius = std::min(inradius, -f.signed_distance(Vec3::Zero()));
  EXPECT_NEAR(inradius, 0.3974, 0.0005);
  const Body3d body = body_from_reference(ico);
  EXPECT_NEAR((body.position - Vec3(3, 0, 2)).norm(), 0.0, 1e-15);  // centroid at the stored centre
  EXPECT_NEAR(body.orientation.angularDistance(Eigen::Quaterniond(Eigen::AngleAxisd(0.2, Vec3(1, 2, 3).normalized()))), 0.0, 1e-12);
}

TEST(ReferencePour3d, RandomHullsMatchStoredVolumesAndCentroids) {
  const ReferenceBodySet3d set = load_reference_bodies_3d(kData + "random-hulls-bodies3D.json");
  ASSERT_EQ(set.bodies.size(), 500u);
  std::ifstream file(kData + "random-hulls-bodies3D.json");
  const nlohmann::json json = nlohmann::json::parse(file);
  for (std::size_t i = 0; i < set.bodies.size(); ++i) {
    const nlohmann::json& stored = json["bodies"][i];
    const ReferenceBody3d& body = set.bodies[i];
    const SolidProperties p = solid_properties(body.shape);
    EXPECT_NEAR(p.volume, stored["volume"].get<double>(), 1e-9) << body.name;
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(p.centroid[k], stored["centroid"][k].get<double>(), 1e-9) << body.name;
    // The stored vertices are the hull's vertices: the hull of them keeps them all.
    EXPECT_EQ(polyhedron_from_points(body.shape.vertices).vertices.size(), body.shape.vertices.size()) << body.name;
    // The body frame moves the centroid, not the world vertices.
    const Body3d b = body_from_reference(body);
    EXPECT_NEAR((b.world_vertex(0) - (body.orientation * body.shape.vertices[0] + body.position)).norm(), 0.0, 1e-12);
  }
}

}  // namespace
}  // namespace pegsim
