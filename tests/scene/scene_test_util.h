// Helpers for the scene tests: scratch files and field-by-field scene comparison.
#pragma once

#include <pegsim/scene/scene.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace pegsim::test {

// A fresh directory under the system temp dir, named after the running test; removed on destruction.
class ScratchDir {
 public:
  ScratchDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            ("pegsim_scene_" + std::string(info->test_suite_name()) + "_" + info->name() + "_" +
             std::to_string(::getpid()));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() { std::filesystem::remove_all(path_); }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

inline void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Exact equality of every field (what a save/load round trip must preserve).
inline void expect_same_scene(const Scene& a, const Scene& b) {
  EXPECT_EQ(a.gravity, b.gravity);
  EXPECT_EQ(a.friction, b.friction);
  EXPECT_EQ(a.friction_rule, b.friction_rule);
  EXPECT_EQ(a.settings.model, b.settings.model);
  EXPECT_EQ(a.settings.time_step, b.settings.time_step);
  EXPECT_EQ(a.settings.duration, b.settings.duration);
  EXPECT_EQ(a.settings.solver, b.settings.solver);
  EXPECT_EQ(a.settings.gamma, b.settings.gamma);
  EXPECT_EQ(a.settings.epsilon, b.settings.epsilon);
  EXPECT_EQ(a.settings.applicability_threshold, b.settings.applicability_threshold);
  ASSERT_EQ(a.bodies.size(), b.bodies.size());
  for (std::size_t i = 0; i < a.bodies.size(); ++i) {
    SCOPED_TRACE("body " + std::to_string(i) + " " + a.bodies[i].name);
    const Body &x = a.bodies[i], &y = b.bodies[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.is_static, y.is_static);
    EXPECT_EQ(x.local_vertices, y.local_vertices);
    EXPECT_EQ(x.mass, y.mass);
    EXPECT_EQ(x.inertia, y.inertia);
    EXPECT_EQ(x.friction, y.friction);
    EXPECT_EQ(x.spawn_time, y.spawn_time);
    EXPECT_EQ(x.position, y.position);
    EXPECT_EQ(x.angle, y.angle);
    EXPECT_EQ(x.velocity, y.velocity);
    EXPECT_EQ(x.angular_velocity, y.angular_velocity);
  }
}

}  // namespace pegsim::test
