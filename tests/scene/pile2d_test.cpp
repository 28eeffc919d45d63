// The scaling pile (pile2d.h): deterministic, no body touching another or the box at t = 0, the
// grid and box as documented, friction applied to every body, bad counts refused.
#include <pegsim/metrics/metrics.h>
#include <pegsim/scene/pile2d.h>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

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

// --bins B: B boxes side by side sharing walls; every body strictly inside its own bin (between the
// two walls around it), nothing overlapping at t = 0, the same bodies in the same order as B = 1.
TEST(Pile2d, BinsDealTheBodiesAmongSeparateBoxes) {
  const Scene one = make_pile2d(5, 30);
  for (int bins : {2, 3, 7}) {
    SCOPED_TRACE("bins = " + std::to_string(bins));
    const Scene scene = make_pile2d(5, 30, 0.0, bins);
    ASSERT_EQ(dynamic_count(scene), 30);
    const std::vector<char> all(scene.bodies.size(), 1);
    EXPECT_EQ(measure_overlap(scene.bodies, all).overlapping_pairs, 0);
    std::vector<double> walls;  // inner faces' centres: the walls' x, sorted
    for (const Body& b : scene.bodies)
      if (b.is_static && b.name != "floor") walls.push_back(b.position.x());
    std::sort(walls.begin(), walls.end());
    ASSERT_EQ(walls.size(), static_cast<std::size_t>(bins + 1));
    std::vector<int> per_bin(static_cast<std::size_t>(bins), 0);
    std::size_t k = 0;
    for (const Body& b : scene.bodies) {
      if (b.is_static) continue;
      const auto bin = static_cast<std::size_t>(std::upper_bound(walls.begin(), walls.end(), b.position.x()) - walls.begin() - 1);
      ASSERT_LT(bin, per_bin.size()) << b.name;
      ++per_bin[bin];
      for (const Vec2& v : b.world_vertices()) {
        EXPECT_GT(v.x(), walls[bin] + 0.5 * 0.4) << b.name;  // clear of the wall (0.4 m thick)
        EXPECT_LT(v.x(), walls[bin + 1] - 0.5 * 0.4) << b.name;
        EXPECT_GT(v.y(), 0.0) << b.name;
      }
      while (one.bodies[k].is_static) ++k;
      EXPECT_EQ(b.local_vertices, one.bodies[k++].local_vertices) << b.name;  // the same draws
    }
    for (int n : per_bin) EXPECT_GE(n, 30 / bins);
  }
  EXPECT_THROW(make_pile2d(1, 3, 0.0, 4), SceneError);
  EXPECT_THROW(make_pile2d(1, 3, 0.0, 0), SceneError);
  EXPECT_EQ(scene_to_json(make_pile2d(5, 30, 0.0, 1)).dump(), scene_to_json(one).dump());
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
