// The PEG authors' icosahedron (reference-pour3d) dropped on the floor slab with their entry
// orientation: it must come to rest on a face without penetration (lowest vertex >= -1e-6 m) and
// no step may gain mechanical energy. Frictionless (dropped straight) and frictional (thrown
// sideways and spinning, so friction has work to do).
#include "contact3d/bodies3d.h"

#include <pegsim/scene/reference_pour3d.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace pegsim {
namespace {

using test3d::Step3dOptions;
using test3d::Step3dRecord;

const std::string kBodies = std::string(PEGSIM_SHARED_DIR) + "/data/reference-pour3d/bodies_icosahedra.json";
constexpr double kH = 0.01;

struct Drop {
  double worst_gain = 0.0;         // J, largest rise of KE + PE over one step
  double lowest_end = 0.0;         // m, the lowest vertex at the end (the floor is z = 0)
  double speed_end = 0.0;          // |v| + R |omega| at the end
  int vertices_on_floor = 0;       // within 1e-6 m of the lowest
  double worst_complementarity = 0.0;
};

Drop drop(double mu, const Vec3& velocity, const Vec3& angular_velocity, double seconds) {
  const ReferenceBodySet3d set = load_reference_bodies_3d(kBodies);
  Body3d ball = body_from_reference(set.bodies.front());
  ball.position = Vec3(0.0, 0.0, 1.0);
  ball.velocity = velocity;
  ball.angular_velocity = angular_velocity;
  ball.friction = mu;
  const ReferenceSlab& floor_slab = set.container.front();
  Body3d floor;
  floor.name = floor_slab.name;
  floor.shape = box_polyhedron(floor_slab.min - 0.5 * (floor_slab.min + floor_slab.max),
                               floor_slab.max - 0.5 * (floor_slab.min + floor_slab.max));
  floor.position = 0.5 * (floor_slab.min + floor_slab.max);
  floor.is_static = true;
  floor.friction = mu;
  std::vector<Body3d> bodies = {floor, ball};

  Step3dOptions options;
  options.time_step = kH;
  options.gravity = set.gravity;
  Drop d;
  double energy = test3d::mechanical_energy(bodies, options.gravity);
  test3d::run_steps(bodies, options, static_cast<int>(seconds / kH), [&](int, const Step3dRecord& r) {
    const double now = test3d::mechanical_energy(bodies, options.gravity);
    d.worst_gain = std::max(d.worst_gain, now - energy);
    energy = now;
    d.worst_complementarity = std::max(d.worst_complementarity, r.complementarity);
  });
  const Body3d& end = bodies[1];
  d.lowest_end = test3d::lowest_vertex_z(end);
  d.speed_end = end.velocity.norm() + end.angular_velocity.norm() * end.bounding_radius();
  for (int i = 0; i < static_cast<int>(end.shape.vertices.size()); ++i)
    if (end.world_vertex(i).z() < d.lowest_end + 1e-6) ++d.vertices_on_floor;
  std::printf("icosahedron mu %.1f: worst step gain %.2e J, lowest vertex %.2e m, end speed %.2e, %d vertices down, "
              "complementarity %.1e\n", mu, d.worst_gain, d.lowest_end, d.speed_end, d.vertices_on_floor,
              d.worst_complementarity);
  return d;
}

void expect_rest_on_a_face(const Drop& d) {
  EXPECT_LE(d.worst_gain, 1e-9);
  EXPECT_GE(d.lowest_end, -1e-6);
  EXPECT_LT(d.lowest_end, 1e-6);  // on the floor, not hovering
  EXPECT_LT(d.speed_end, 1e-6);
  EXPECT_EQ(d.vertices_on_floor, 3);  // a triangle face down
  EXPECT_LT(d.worst_complementarity, 1e-9);
}

TEST(IcosahedronDrop3d, ComesToRestOnAFaceWithoutFriction) {
  expect_rest_on_a_face(drop(0.0, Vec3::Zero(), Vec3::Zero(), 4.0));
}

TEST(IcosahedronDrop3d, ComesToRestOnAFaceWithFriction) {
  expect_rest_on_a_face(drop(0.5, Vec3(1.5, 0.5, 0.0), Vec3(0.0, 0.0, 3.0), 4.0));
}

}  // namespace
}  // namespace pegsim
