// Helpers for the scene tests: scratch files and field-by-field scene comparison.
#pragma once

#include <pegsim/scene/scene.h>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <functional>
#include <fstream>
#include <string>
#include <vector>
#include <unistd.h>

namespace pegsim::test {

// The SceneError message of reading `scene` as "scene.json", or "(no error)".
inline std::string scene_error_of(const nlohmann::json& scene) {
  try {
    scene_from_json(scene, "scene.json");
  } catch (const SceneError& e) {
    return e.what();
  }
  return "(no error)";
}

// A bad scene made from a good one, and what its error message must name (the error-case suites of
// the 2D and 3D readers).
struct SceneErrorCase {
  const char* what;
  std::function<void(nlohmann::json&)> mutate;
  std::vector<std::string> expected;  // substrings of the message
};

// The case applied to `good`: the message starts with the file and holds every expected part.
inline void expect_scene_error(nlohmann::json good, const SceneErrorCase& error) {
  error.mutate(good);
  const std::string message = scene_error_of(good);
  EXPECT_EQ(message.rfind("scene.json: ", 0), 0u) << message;
  for (const auto& part : error.expected) EXPECT_NE(message.find(part), std::string::npos) << message;
}

// The case's test name: its description with every non-alphanumeric character as '_'.
inline std::string scene_error_case_name(const ::testing::TestParamInfo<SceneErrorCase>& info) {
  std::string name = info.param.what;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

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

// Exact equality of every table of two polyhedra.
inline void expect_same_polyhedron(const Polyhedron& a, const Polyhedron& b) {
  EXPECT_EQ(a.vertices, b.vertices);
  ASSERT_EQ(a.faces.size(), b.faces.size());
  for (std::size_t f = 0; f < a.faces.size(); ++f) {
    SCOPED_TRACE("face " + std::to_string(f));
    EXPECT_EQ(a.faces[f].vertices, b.faces[f].vertices);
    EXPECT_EQ(a.faces[f].normal, b.faces[f].normal);
    EXPECT_EQ(a.faces[f].offset, b.faces[f].offset);
  }
  ASSERT_EQ(a.edges.size(), b.edges.size());
  for (std::size_t e = 0; e < a.edges.size(); ++e) {
    EXPECT_EQ(a.edges[e].v0, b.edges[e].v0);
    EXPECT_EQ(a.edges[e].v1, b.edges[e].v1);
    EXPECT_EQ(a.edges[e].face_left, b.edges[e].face_left);
    EXPECT_EQ(a.edges[e].face_right, b.edges[e].face_right);
  }
  EXPECT_EQ(a.vertex_edges, b.vertex_edges);
  EXPECT_EQ(a.vertex_faces, b.vertex_faces);
}

inline void expect_same_bodies_3d(const std::vector<Body3d>& a, const std::vector<Body3d>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    SCOPED_TRACE("3D body " + std::to_string(i) + " " + a[i].name);
    const Body3d &x = a[i], &y = b[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.is_static, y.is_static);
    expect_same_polyhedron(x.shape, y.shape);
    EXPECT_EQ(x.mass, y.mass);
    EXPECT_EQ(x.inertia, y.inertia);
    EXPECT_EQ(x.friction, y.friction);
    EXPECT_EQ(x.spawn_time, y.spawn_time);
    EXPECT_EQ(x.position, y.position);
    EXPECT_EQ(x.orientation.coeffs(), y.orientation.coeffs());
    EXPECT_EQ(x.velocity, y.velocity);
    EXPECT_EQ(x.angular_velocity, y.angular_velocity);
  }
}

// Exact equality of every field (what a save/load round trip must preserve).
inline void expect_same_scene(const Scene& a, const Scene& b) {
  EXPECT_EQ(a.dimension, b.dimension);
  EXPECT_EQ(a.gravity3d, b.gravity3d);
  expect_same_bodies_3d(a.bodies3d, b.bodies3d);
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
