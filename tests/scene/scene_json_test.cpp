// Scene JSON: the documented example, mass properties from density, frame re-centring, every
// validation error naming file/body/field, and exact save/load round trips.
#include "scene/scene_test_util.h"

#include <pegsim/contact/model.h>
#include <pegsim/scene/json_file.h>
#include <pegsim/scene/scene.h>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <functional>
#include <limits>
#include <numbers>

namespace pegsim {
namespace {

using nlohmann::json;
using test::ScratchDir;

const char* kExample = R"({ "gravity": [0, -9.81], "friction": 0.3,
  "settings": {"model": "standard", "time_step": 0.01, "duration": 2.0},
  "bodies": [
    {"name": "floor", "static": true, "vertices": [[-1,-0.4],[1,-0.4],[1,0],[-1,0]], "position": [0, 0], "angle": 0},
    {"name": "box", "vertices": [[-0.1,-0.1],[0.1,-0.1],[0.1,0.1],[-0.1,0.1]], "position": [0, 0.1], "angle": 0, "velocity": [1, 0], "angular_velocity": 0, "mass": 1.0, "inertia": 0.00667, "friction": 0.3, "spawn_time": 0.0},
    {"name": "dot", "vertices": [[0, 0]], "position": [0.5, 0.5], "mass": 1.0} ] })";

json example() { return json::parse(kExample); }

// Velocity of the material point that is at world position p.
Vec2 point_velocity(const Body& b, const Vec2& p) { return b.velocity + b.angular_velocity * perp(p - b.position); }

std::string error_of(const json& scene) { return test::scene_error_of(scene); }

TEST(SceneJson, DocumentedExampleLoads) {
  const Scene s = scene_from_json(example(), "scene.json");
  EXPECT_EQ(s.gravity, Vec2(0, -9.81));
  EXPECT_EQ(s.friction, 0.3);
  EXPECT_EQ(s.friction_rule, "geometric");
  EXPECT_EQ(s.settings.model, "standard");
  EXPECT_EQ(s.settings.time_step, 0.01);
  EXPECT_EQ(s.settings.duration, 2.0);
  EXPECT_EQ(s.settings.solver, "auto");
  ASSERT_EQ(s.bodies.size(), 3u);

  const Body& floor = s.bodies[0];
  EXPECT_TRUE(floor.is_static);
  EXPECT_EQ(floor.friction, 0.3);  // the scene default
  // Static bodies keep their frame: the vertices are exactly as written.
  EXPECT_EQ(floor.local_vertices[0], Vec2(-1, -0.4));
  EXPECT_EQ(floor.position, Vec2(0, 0));

  const Body& box = s.bodies[1];
  EXPECT_FALSE(box.is_static);
  EXPECT_EQ(box.mass, 1.0);
  EXPECT_EQ(box.inertia, 0.00667);
  EXPECT_EQ(box.velocity, Vec2(1, 0));
  EXPECT_EQ(box.position, Vec2(0, 0.1));
  EXPECT_EQ(box.local_vertices.size(), 4u);

  const Body& dot = s.bodies[2];
  EXPECT_TRUE(dot.is_particle());
  EXPECT_EQ(dot.mass, 1.0);
  EXPECT_EQ(dot.inertia, 0.0);
  EXPECT_EQ(dot.position, Vec2(0.5, 0.5));
}

TEST(SceneJson, ExampleSceneFilesInRepoLoad) {
  const std::filesystem::path dir = std::filesystem::path(PEGSIM_SOURCE_DIR) / "scenes";
  int loaded = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    SCOPED_TRACE(entry.path().string());
    const Scene s = load_scene(entry.path().string());
    EXPECT_NE(s.body_count(), 0u);
    ++loaded;
  }
  EXPECT_GE(loaded, 5);
}

TEST(SceneJson, DensityGivesMassAndInertiaAndRecentresWithoutMovingTheBody) {
  // A 0.4 x 0.2 rectangle with its corner at the frame origin, rotated and spinning.
  json j = example();
  j["bodies"][1] = {{"name", "plank"},
                    {"vertices", {{0, 0}, {0.4, 0}, {0.4, 0.2}, {0, 0.2}}},
                    {"position", {1, 2}},
                    {"angle", 0.7},
                    {"velocity", {0.5, -1}},
                    {"angular_velocity", 3.0},
                    {"density", 2.0}};
  const Scene s = scene_from_json(j, "scene.json");
  const Body& b = s.bodies[1];
  const double w = 0.4, h = 0.2, density = 2.0;
  EXPECT_NEAR(b.mass, density * w * h, 1e-15);
  EXPECT_NEAR(b.inertia, density * w * h * (w * w + h * h) / 12.0, 1e-15);  // rectangle about its centre

  // The frame now sits at the centroid...
  EXPECT_LT(area_centroid(b.local_vertices).norm(), 1e-15);
  // ...and the body did not move: same world vertices, same velocity of every material point.
  const Polygon original_local = {Vec2(0, 0), Vec2(0.4, 0), Vec2(0.4, 0.2), Vec2(0, 0.2)};
  const Polygon before = transform_polygon(original_local, Vec2(1, 2), 0.7);
  const Polygon after = transform_polygon(b.local_vertices, b.position, b.angle);
  Body original;
  original.position = Vec2(1, 2);
  original.velocity = Vec2(0.5, -1);
  original.angular_velocity = 3.0;
  ASSERT_EQ(before.size(), after.size());
  for (std::size_t i = 0; i < before.size(); ++i) {
    EXPECT_LT((before[i] - after[i]).norm(), 1e-14);
    EXPECT_LT((point_velocity(original, before[i]) - point_velocity(b, after[i])).norm(), 1e-14);
  }
  EXPECT_EQ(b.angle, 0.7);
}

TEST(SceneJson, GivenMassWithOffCentreVerticesIsRecentred) {
  json j = example();
  j["bodies"][1]["vertices"] = {{0, 0}, {0.3, 0}, {0, 0.3}};  // centroid (0.1, 0.1)
  j["bodies"][1]["position"] = {2, 3};
  j["bodies"][1]["angle"] = std::numbers::pi / 2;
  const Body b = scene_from_json(j, "scene.json").bodies[1];
  EXPECT_EQ(b.mass, 1.0);
  EXPECT_EQ(b.inertia, 0.00667);  // taken as about the centroid, unchanged
  EXPECT_LT(area_centroid(b.local_vertices).norm(), 1e-15);
  // Rotating (0.1, 0.1) by 90 degrees gives (-0.1, 0.1).
  EXPECT_NEAR(b.position.x(), 1.9, 1e-15);
  EXPECT_NEAR(b.position.y(), 3.1, 1e-15);
  const Polygon world = transform_polygon(b.local_vertices, b.position, b.angle);
  EXPECT_LT((world[0] - Vec2(2, 3)).norm(), 1e-14);
  EXPECT_LT((world[1] - Vec2(2, 3.3)).norm(), 1e-14);
}

TEST(SceneJson, ParticleVertexOffTheOriginIsMovedIntoThePosition) {
  json j = example();
  j["bodies"][2]["vertices"] = {{0.25, -0.5}};
  const Body b = scene_from_json(j, "scene.json").bodies[2];
  EXPECT_EQ(b.local_vertices.front(), Vec2(0, 0));
  EXPECT_EQ(b.position, Vec2(0.75, 0.0));
}

using ErrorCase = test::SceneErrorCase;

class SceneJsonErrors : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(SceneJsonErrors, NamesFileBodyAndField) {
  test::expect_scene_error(example(), GetParam());
}

const std::vector<ErrorCase> kErrorCases = {
    {"clockwise", [](json& j) { j["bodies"][1]["vertices"] = {{-0.1, 0.1}, {0.1, 0.1}, {0.1, -0.1}, {-0.1, -0.1}}; },
     {"bodies[1] \"box\": vertices: clockwise polygon (reverse the vertex order)"}},
    {"nonconvex", [](json& j) { j["bodies"][1]["vertices"] = {{0, 0}, {1, 0}, {0.2, 0.2}, {0, 1}}; },
     {"bodies[1] \"box\": vertices: ", "convex"}},
    {"repeated", [](json& j) { j["bodies"][1]["vertices"] = {{0, 0}, {1, 0}, {1, 0}, {0, 1}}; },
     {"bodies[1] \"box\": vertices: ", "repeated"}},
    {"two vertices", [](json& j) { j["bodies"][1]["vertices"] = {{0, 0}, {1, 0}}; }, {"bodies[1] \"box\": vertices: "}},
    {"empty vertices", [](json& j) { j["bodies"][1]["vertices"] = json::array(); }, {"vertices: empty"}},
    {"vertex of 3 numbers", [](json& j) { j["bodies"][1]["vertices"][2] = {0.1, 0.1, 0}; },
     {"bodies[1] \"box\": vertices[2]: expected [x, y]"}},
    {"missing mass", [](json& j) { j["bodies"][1].erase("mass"); }, {"bodies[1] \"box\": mass: missing"}},
    {"particle without mass", [](json& j) { j["bodies"][2].erase("mass"); }, {"bodies[2] \"dot\": mass: missing"}},
    {"negative mass", [](json& j) { j["bodies"][1]["mass"] = -1.0; }, {"bodies[1] \"box\": mass: must be positive"}},
    {"zero inertia", [](json& j) { j["bodies"][1]["inertia"] = 0; }, {"bodies[1] \"box\": inertia: must be positive"}},
    {"missing inertia", [](json& j) { j["bodies"][1].erase("inertia"); }, {"bodies[1] \"box\": inertia: missing"}},
    {"zero density",
     [](json& j) {
       j["bodies"][1].erase("mass");
       j["bodies"][1].erase("inertia");
       j["bodies"][1]["density"] = 0;
     },
     {"bodies[1] \"box\": density: must be positive"}},
    {"density and mass", [](json& j) { j["bodies"][1]["density"] = 3; }, {"density: give either density or mass"}},
    {"density on a particle",
     [](json& j) {
       j["bodies"][2].erase("mass");
       j["bodies"][2]["density"] = 1;
     },
     {"bodies[2] \"dot\": density: a particle has no area"}},
    {"nan", [](json& j) { j["bodies"][1]["angle"] = std::numeric_limits<double>::quiet_NaN(); },
     {"bodies[1] \"box\": angle: not a finite number"}},
    {"huge", [](json& j) { j["bodies"][1]["position"][0] = 1e300; }, {"bodies[1] \"box\": position[0]: magnitude"}},
    {"string for number", [](json& j) { j["bodies"][1]["mass"] = "1.0"; },
     {"bodies[1] \"box\": mass: expected a number, got string \"1.0\""}},
    {"null for number", [](json& j) { j["bodies"][1]["mass"] = nullptr; },
     {"bodies[1] \"box\": mass: expected a number, got null"}},
    {"position of 3", [](json& j) { j["bodies"][1]["position"] = {0, 0, 0}; }, {"bodies[1] \"box\": position: expected [x, y]"}},
    {"gravity of 1", [](json& j) { j["gravity"] = {9.81}; }, {"scene.json: gravity: expected [x, y]"}},
    {"negative time step", [](json& j) { j["settings"]["time_step"] = -0.01; }, {"settings: time_step: must be positive"}},
    {"zero time step", [](json& j) { j["settings"]["time_step"] = 0; }, {"settings: time_step: must be positive"}},
    {"negative duration", [](json& j) { j["settings"]["duration"] = -1; }, {"settings: duration: must be non-negative"}},
    {"unknown model", [](json& j) { j["settings"]["model"] = "stadard"; },
     {"settings: model: unknown model \"stadard\" (did you mean \"standard\"?)", "peg-accurate"}},
    {"unknown solver", [](json& j) { j["settings"]["solver"] = "simplex"; },
     {"settings: solver: unknown solver \"simplex\"", "lemke", "enumerate"}},
    {"unknown settings key", [](json& j) { j["settings"]["timestep"] = 0.1; },
     {"settings: unknown key \"timestep\" (did you mean \"time_step\"?)"}},
    {"unknown top-level key", [](json& j) { j["gravty"] = {0, -1}; },
     {"unknown key \"gravty\" (did you mean \"gravity\"?)", "valid keys: gravity, friction"}},
    {"body key typo", [](json& j) { j["bodies"][1]["positon"] = {0, 0}; },
     {"bodies[1] \"box\": unknown key \"positon\" (did you mean \"position\"?)", "valid keys:", "spawn_time"}},
    {"duplicate name", [](json& j) { j["bodies"][2]["name"] = "box"; }, {"bodies[2] \"box\": name: duplicate of bodies[1]"}},
    {"negative spawn", [](json& j) { j["bodies"][1]["spawn_time"] = -0.5; },
     {"bodies[1] \"box\": spawn_time: must be non-negative"}},
    {"negative body friction", [](json& j) { j["bodies"][1]["friction"] = -0.1; },
     {"bodies[1] \"box\": friction: must be non-negative"}},
    {"negative scene friction", [](json& j) { j["friction"] = -0.1; }, {"scene.json: friction: must be non-negative"}},
    {"unknown friction rule", [](json& j) { j["friction_rule"] = "median"; }, {"friction_rule: unknown friction rule \"median\""}},
    {"static not boolean", [](json& j) { j["bodies"][0]["static"] = "yes"; },
     {"bodies[0] \"floor\": static: expected true or false"}},
    {"name not string", [](json& j) { j["bodies"][0]["name"] = 7; }, {"bodies[0]: name: expected a string"}},
    {"body not object", [](json& j) { j["bodies"][1] = 5; }, {"bodies[1]: expected an object"}},
    {"bodies not array", [](json& j) { j["bodies"] = json::object(); }, {"bodies: expected an array"}},
    {"bodies missing", [](json& j) { j.erase("bodies"); }, {"bodies: missing"}},
    {"settings not object", [](json& j) { j["settings"] = 3; }, {"settings: expected an object"}},
    {"threshold out of range", [](json& j) { j["settings"]["applicability_threshold"] = -3; },
     {"settings: applicability_threshold: must be in [-1, 1]"}},
    {"negative gamma", [](json& j) { j["settings"]["gamma"] = -1; }, {"settings: gamma: must be non-negative"}},
    {"static with density", [](json& j) { j["bodies"][0]["density"] = 1; }, {"bodies[0] \"floor\": density"}},
};

INSTANTIATE_TEST_SUITE_P(All, SceneJsonErrors, ::testing::ValuesIn(kErrorCases), test::scene_error_case_name);

TEST(SceneJson, AcceptsExactlyTheEngineModels) {
  for (const std::string& model : contact_model_names()) {
    json j = example();
    j["settings"]["model"] = model;
    EXPECT_EQ(scene_from_json(j, "scene.json").settings.model, model);
  }
  json j = example();
  j["settings"]["model"] = "Standard";
  EXPECT_THROW(scene_from_json(j, "scene.json"), SceneError);
}

// The wrong value is described once: "got null", not the type name and its dump; a container is
// counted and, when short, shown; a long one only counted.
TEST(SceneJson, AWrongValueIsDescribedOnce) {
  json j = example();
  j["bodies"][1]["mass"] = nullptr;
  std::string message = test::scene_error_of(j);
  EXPECT_TRUE(message.ends_with("mass: expected a number, got null")) << message;
  j["bodies"][1]["mass"] = json::object({{"kg", 1.0}});
  message = test::scene_error_of(j);
  EXPECT_TRUE(message.ends_with("mass: expected a number, got an object with 1 key {\"kg\":1.0}")) << message;
  j["bodies"][1]["mass"] = json::array({1.0});
  message = test::scene_error_of(j);
  EXPECT_TRUE(message.ends_with("mass: expected a number, got an array of 1 element [1.0]")) << message;
  j["bodies"][1]["mass"] = json(std::vector<double>(100, 0.5));
  message = test::scene_error_of(j);
  EXPECT_TRUE(message.ends_with("mass: expected a number, got an array of 100 elements")) << message;
}

TEST(SceneJson, TopLevelMustBeAnObject) {
  EXPECT_NE(error_of(json::array()).find("scene.json: expected a JSON object"), std::string::npos);
}

TEST(SceneJson, SyntaxErrorReportsLineAndColumn) {
  ScratchDir dir;
  const std::string path = dir.file("broken.json");
  test::write_text(path, "{\n  \"gravity\": [0, -9.81],\n  \"friction\" 0.3,\n  \"bodies\": []\n}\n");
  try {
    load_scene(path);
    FAIL() << "no error";
  } catch (const SceneError& e) {
    // The position is inside the offending token `0.3` (columns 14-16 of line 3).
    const std::string message = e.what();
    const std::string prefix = path + ": line 3, column ";
    ASSERT_EQ(message.rfind(prefix, 0), 0u) << message;
    const int column = std::stoi(message.substr(prefix.size()));
    EXPECT_GE(column, 14) << message;
    EXPECT_LE(column, 16) << message;
    EXPECT_NE(message.find("invalid JSON"), std::string::npos) << message;
  }
}

TEST(SceneJson, NumberOverflowIsASceneErrorWithItsLine) {
  try {
    scene_from_json(parse_json_text("{\"bodies\": [],\n \"friction\": 1e999}", "big.json"));
    FAIL() << "no error";
  } catch (const SceneError& e) {
    EXPECT_NE(std::string(e.what()).find("big.json: line 2, column 14: invalid JSON: number overflow"),
              std::string::npos)
        << e.what();
  }
}

TEST(SceneJson, UnreadableFileIsASceneError) {
  ScratchDir dir;
  const std::string path = dir.file("does_not_exist.json");
  try {
    load_scene(path);
    FAIL() << "no error";
  } catch (const SceneError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(path + ": cannot open file", 0), 0u) << e.what();
  }
}

TEST(SceneJson, DefaultsWhenOptionalKeysAreMissing) {
  const Scene s = scene_from_json(json::parse(R"({"bodies": [{"vertices": [[0, 0]], "mass": 2}]})"), "min.json");
  const SceneSettings defaults;
  EXPECT_EQ(s.gravity, Scene().gravity);
  EXPECT_EQ(s.settings.time_step, defaults.time_step);
  EXPECT_EQ(s.settings.applicability_threshold, defaults.applicability_threshold);
  ASSERT_EQ(s.bodies.size(), 1u);
  EXPECT_EQ(s.bodies[0].name, "body0");
  EXPECT_EQ(s.bodies[0].friction, 0.0);
  EXPECT_EQ(s.bodies[0].spawn_time, 0.0);
}

TEST(SceneJson, SaveThenLoadReproducesEveryField) {
  ScratchDir dir;
  json j = example();
  j["friction_rule"] = "min";
  j["settings"] = {{"model", "peg-accurate"}, {"time_step", 0.003}, {"duration", 1.7}, {"solver", "lemke"},
                   {"gamma", 12.5},           {"epsilon", 1e-3},    {"applicability_threshold", -0.35}};
  j["bodies"].push_back({{"name", "wedge, \"odd\" name"},
                         {"vertices", {{0, 0}, {0.37, 0.01}, {0.11, 0.29}}},
                         {"position", {0.123456789, -1.0 / 3.0}},
                         {"angle", 2.0 / 3.0},
                         {"velocity", {0.1, 0.2}},
                         {"angular_velocity", -0.7},
                         {"density", 7.9},
                         {"friction", 0.05},
                         {"spawn_time", 0.75}});
  const Scene original = scene_from_json(j, "scene.json");
  const std::string path = dir.file("saved.json");
  save_scene(original, path);
  test::expect_same_scene(original, load_scene(path));
  // And through the in-memory JSON.
  test::expect_same_scene(original, scene_from_json(scene_to_json(original), "memory"));
  // A second round trip writes the same text.
  const std::string path2 = dir.file("saved2.json");
  save_scene(load_scene(path), path2);
  EXPECT_EQ(test::read_text(path), test::read_text(path2));
}

TEST(SceneJson, SaveRefusesNonFiniteState) {
  ScratchDir dir;
  Scene s = scene_from_json(example(), "scene.json");
  s.bodies[1].velocity.x() = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(save_scene(s, dir.file("nan.json")), SceneError);
}

}  // namespace
}  // namespace pegsim
