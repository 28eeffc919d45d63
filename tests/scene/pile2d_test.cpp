// The scaling pile (pile2d.h): deterministic, no body touching another or the box at t = 0, the
// grid and box as documented, friction applied to every body, bad counts refused.
#include <pegsim/metrics/metrics.h>
#include <pegsim/scene/pile2d.h>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>

namespace pegsim {
namespace {

int dynamic_count(const Scene& scene) {
  int n = 0;
  for (const Body& b : scene.bodies) n += b.is_static ? 0 : 1;
  return n;
}

TEST(Pile2d, SameSeedSameSceneOtherSeedOtherScene) {
  EXPECT_EQ(scene_to_json(make_pile2d(3, 40)).dump(), scene_to_json(make_pile2d(3, 40)).dump());
  EXPECT_NE(scene_to_json(make_pile2d(3, 40)).dump(), scene_to_json(make_pile2d(4, 40)).dump());
}

TEST(Pile2d, NothingOverlapsAtStartAndEveryBodyIsInsideTheBox) {
  for (int count : {1, 7, 25, 120}) {
    const Scene scene = make_pile2d(9, count);
    ASSERT_EQ(dynamic_count(scene), count);
    const std::vector<char> all(scene.bodies.size(), 1);
    const OverlapStats overlap = measure_overlap(scene.bodies, all);
    EXPECT_EQ(overlap.overlapping_pairs, 0) << count;
    EXPECT_EQ(overlap.total_area, 0.0) << count;
    const int cols = static_cast<int>(std::ceil(std::sqrt(2.0 * count)));
    for (const Body& b : scene.bodies) {
      if (b.is_static) continue;
      for (const Vec2& v : b.world_vertices()) {
        EXPECT_GT(v.y(), 0.0) << b.name;  // above the floor's top
        EXPECT_LT(std::abs(v.x()), 0.5 * cols * kPile2dPitch) << b.name;  // between the walls
      }
      EXPECT_LT(b.local_vertices.size(), 11u);
      EXPECT_DOUBLE_EQ(b.mass, 0.25);
    }
  }
}

TEST(Pile2d, FrictionAndDefaults) {
  const Scene scene = make_pile2d(1, 10, 0.3);
  EXPECT_EQ(scene.friction, 0.3);
  for (const Body& b : scene.bodies) EXPECT_EQ(b.friction, 0.3) << b.name;
  EXPECT_EQ(scene.settings.model, "peg");
  EXPECT_EQ(scene.settings.time_step, 0.01);
  EXPECT_EQ(scene.settings.duration, 3.0);
}

TEST(Pile2d, BadArgumentsAreSceneErrors) {
  EXPECT_THROW(make_pile2d(1, 0), SceneError);
  EXPECT_THROW(make_pile2d(1, 5, -0.1), SceneError);
}

}  // namespace
}  // namespace pegsim
