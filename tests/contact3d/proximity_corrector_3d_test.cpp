// The proximity corrector's 3D reach (mechanics.h, find_scene_proximity_reaching): pairs the solved
// end velocities can reach are added to the step's start proximity, without duplicates, in the
// proximity order, and the bodies' velocities are left as they were.
#include "contact3d/bodies3d.h"

#include <pegsim/dynamics/mechanics.h>

#include <gtest/gtest.h>

#include <tuple>

namespace pegsim {
namespace {

TEST(ProximityCorrector3d, EndVelocitiesReachNewPairsAndKeepTheOldOnes) {
  Scene scene;
  scene.dimension = 3;
  Body3d cube = test3d::cube_on_plane(0.0);
  cube.position.z() += 0.05;  // 5 cm above the slab, at rest: out of reach at the start velocity
  Body3d neighbour = test3d::box_body(Vec3::Constant(0.1), Vec3(0.2005, 0, 0.15));  // 0.5 mm beside it
  scene.bodies3d = {test3d::slab(0.0), cube, neighbour};
  const std::vector<char> active(3, 1);
  ProximityOptions options;
  options.time_step = 0.01;
  options.gravity = 9.81;
  const ProximityResult start = find_scene_proximity(scene, active, options);
  for (const Contact3d& c : start.three_d.contacts) EXPECT_FALSE(c.body_a == 0 || c.body_b == 0) << "slab reached at rest";
  ASSERT_FALSE(start.three_d.contacts.empty());  // the cube and its neighbour 0.5 mm apart

  const std::vector<int> offsets = dof_offsets(scene, active);
  Vec nu_end = gather_velocities(scene, offsets, 12);
  nu_end.segment<3>(offsets[1]) = Vec3(0, 0, -10.0);  // the solve sent the cube down fast
  const Scene before = scene;
  const ProximityResult reaching = find_scene_proximity_reaching(scene, active, options, offsets, nu_end, start);
  for (std::size_t i = 0; i < scene.bodies3d.size(); ++i) {
    EXPECT_EQ(scene.bodies3d[i].velocity, before.bodies3d[i].velocity);
    EXPECT_EQ(scene.bodies3d[i].angular_velocity, before.bodies3d[i].angular_velocity);
  }
  int slab_pairs = 0;
  for (const Contact3d& c : reaching.three_d.contacts) slab_pairs += (c.body_a == 0 || c.body_b == 0) && (c.body_a == 1 || c.body_b == 1);
  EXPECT_EQ(slab_pairs, 4);  // the cube's four lower corners over the slab's top face
  auto key = [](const Contact3d& c) { return std::tuple(c.body_a, c.body_b, static_cast<int>(c.kind), c.feature_a, c.feature_b); };
  for (std::size_t i = 1; i < reaching.three_d.contacts.size(); ++i)
    EXPECT_LT(key(reaching.three_d.contacts[i - 1]), key(reaching.three_d.contacts[i]));  // sorted, no duplicates
  for (const Contact3d& c : start.three_d.contacts) {  // every start pair is kept, unchanged
    bool found = false;
    for (const Contact3d& r : reaching.three_d.contacts) found = found || (key(r) == key(c) && r.gap == c.gap);
    EXPECT_TRUE(found);
  }
}

}  // namespace
}  // namespace pegsim
