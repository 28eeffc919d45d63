// Five of the reference icosahedra inside the reference container (floor and four walls), thrown
// at the authors' entry velocity (-5, 0, 0) m/s from z = 2 m, mu = 0.5, for 5 s: they hit the wall
// and each other. Every step's LCP must verify, no step may raise KE + PE, and at the end no body
// is below the floor or inside another.
#include "contact3d/bodies3d.h"

#include <pegsim/geometry/overlap_3d.h>
#include <pegsim/scene/reference_pour3d.h>

#include <gtest/gtest.h>

#include <string>

namespace pegsim {
namespace {

using test3d::Step3dOptions;
using test3d::Step3dRecord;

TEST(ThrownIcosahedra3d, VerifiedEveryStepWithoutEnergyGainOrOverlap) {
  const ReferenceBodySet3d set =
      load_reference_bodies_3d(std::string(PEGSIM_SHARED_DIR) + "/data/reference-pour3d/bodies_icosahedra.json");
  std::vector<Body3d> bodies;
  for (const ReferenceSlab& slab : set.container) {
    const Vec3 centre = 0.5 * (slab.min + slab.max);
    Body3d b;
    b.name = slab.name;
    b.shape = box_polyhedron(slab.min - centre, slab.max - centre);
    b.position = centre;
    b.is_static = true;
    b.friction = 0.5;
    bodies.push_back(b);
  }
  const std::size_t first = bodies.size();
  for (int j = 0; j < 5; ++j) {
    Body3d b = body_from_reference(set.bodies.front());  // entry pose (3, 0, 2), turned 0.2 rad
    b.name = "icosahedron " + std::to_string(j);
    b.friction = 0.5;
    b.position += Vec3(-6.0 + 1.2 * j, 0.3 * (j % 2), 0.0);
    b.velocity = Vec3(-5.0, 0.0, 0.0);
    bodies.push_back(b);
  }
  Step3dOptions options;
  options.gravity = set.gravity;
  double energy = test3d::mechanical_energy(bodies, options.gravity), worst_gain = 0.0;
  test3d::run_steps(bodies, options, 500, [&](int, const Step3dRecord&) {
    const double now = test3d::mechanical_energy(bodies, options.gravity);
    worst_gain = std::max(worst_gain, now - energy);
    energy = now;
  });
  EXPECT_LE(worst_gain, 1e-9);
  double worst_overlap = 0.0;
  for (std::size_t i = first; i < bodies.size(); ++i) {
    EXPECT_GE(test3d::lowest_vertex_z(bodies[i]), -1e-6) << bodies[i].name;
    for (std::size_t j = 0; j < bodies.size(); ++j) {
      if (j != i) worst_overlap = std::max(worst_overlap, convex_overlap_volume(bodies[i].world_shape(), bodies[j].world_shape()));
    }
  }
  EXPECT_LT(worst_overlap, 1e-9);  // m^3
  std::printf("thrown icosahedra: worst step gain %.2e J, end overlap %.2e m^3\n", worst_gain, worst_overlap);
}

}  // namespace
}  // namespace pegsim
