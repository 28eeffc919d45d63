// The authors' 3D pour as a scene (scene/pour3d.h) against their stored schedule
// (reference-pour3d/bodies_icosahedra.json "spawn_schedule": 10 bodies for most h, 11 for
// h = 6, 7, 11, 13, 15, 16 ms; body j enters at j * round(0.5/h) * h) and their entry state.
#include <pegsim/scene/pour3d.h>
#include <pegsim/scene/json_file.h>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace pegsim {
namespace {

std::string bodies_file() { return std::string(PEGSIM_SHARED_DIR) + "/data/reference-pour3d/bodies_icosahedra.json"; }

TEST(Pour3dScene, FollowsTheStoredScheduleAtEveryStepSize) {
  const nlohmann::json stored = read_json_file(bodies_file());
  for (int ms = 1; ms <= 16; ++ms) {
    const double h = ms * 1e-3;
    char key[16];
    std::snprintf(key, sizeof key, "%.3f", h);
    const nlohmann::json& schedule = stored.at("spawn_schedule").at(key);
    EXPECT_EQ(pour3d_interval_steps(h), schedule.at("interval_steps").get<int>()) << key;
    const Scene scene = make_pour3d_from_reference(bodies_file(), h);
    ASSERT_TRUE(scene.is_3d());
    std::vector<double> spawn_times;
    for (const Body3d& b : scene.bodies3d)
      if (!b.is_static) spawn_times.push_back(b.spawn_time);
    const auto expected = schedule.at("spawn_times").get<std::vector<double>>();
    ASSERT_EQ(spawn_times.size(), expected.size()) << key;
    for (std::size_t j = 0; j < expected.size(); ++j) EXPECT_NEAR(spawn_times[j], expected[j], 1e-12) << key << " body " << j;
    EXPECT_DOUBLE_EQ(scene.settings.time_step, h);
  }
}

TEST(Pour3dScene, TheAuthorsBoxAndEntryState) {
  const Scene scene = make_pour3d_from_reference(bodies_file(), 0.01, 5.0, 0.3);
  int slabs = 0;
  for (const Body3d& b : scene.bodies3d) {
    EXPECT_DOUBLE_EQ(b.friction, 0.3);
    if (b.is_static) {
      ++slabs;
      continue;
    }
    EXPECT_NEAR((b.velocity - Vec3(-5, 0, 0)).norm(), 0.0, 1e-15);
    EXPECT_NEAR(b.mass, 0.5, 1e-15);
    // frame at the centroid: the world vertices' mean is the entry point (3, 0, 2)
    Vec3 mean = Vec3::Zero();
    for (const Vec3& v : b.world_shape().vertices) mean += v;
    mean /= static_cast<double>(b.shape.vertices.size());
    EXPECT_NEAR((mean - Vec3(3, 0, 2)).norm(), 0.0, 1e-12);
  }
  EXPECT_EQ(slabs, 5);
  // the floor's top face is z = 0 and the cavity is 9.75 x 3.75 m
  double floor_top = -1.0, inner_x = 0.0;
  for (const Body3d& b : scene.bodies3d) {
    if (!b.is_static) continue;
    for (const Vec3& v : b.world_shape().vertices) {
      if (b.name == "floor") floor_top = std::max(floor_top, v.z());
      if (b.name == "wall_x_plus") inner_x = std::min(inner_x == 0.0 ? v.x() : inner_x, v.x());
    }
  }
  EXPECT_NEAR(floor_top, 0.0, 1e-15);
  EXPECT_NEAR(inner_x, 4.875, 1e-12);
}

TEST(Pour3dScene, BadStepOrFileIsAClearError) {
  EXPECT_THROW(make_pour3d_from_reference(bodies_file(), 0.0), std::invalid_argument);
  EXPECT_THROW(make_pour3d_from_reference(bodies_file(), -1.0), std::invalid_argument);
  try {
    make_pour3d_from_reference("/nonexistent/bodies.json", 0.01);
    FAIL() << "no error";
  } catch (const SceneError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/bodies.json"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace pegsim
