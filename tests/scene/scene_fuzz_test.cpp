// Fuzz-style robustness: thousands of seeded mutations of valid scenes (byte flips, truncation,
// insertions, type swaps, huge numbers, NaN strings, deleted keys). Loading must either succeed
// with a scene that satisfies the engine's invariants or throw SceneError: nothing else, no crash.
#include "scene/scene_test_util.h"

#include <pegsim/geometry/mass_properties_3d.h>
#include <pegsim/scene/json_file.h>
#include <pegsim/scene/pour2d.h>
#include <pegsim/scene/scene.h>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>

namespace pegsim {
namespace {

using nlohmann::json;

const char* kBoxScene = R"({ "gravity": [0, -9.81], "friction": 0.3, "friction_rule": "average",
  "settings": {"model": "peg", "time_step": 0.01, "duration": 2.0, "solver": "lemke", "gamma": 1, "epsilon": 0.01,
               "applicability_threshold": -0.2},
  "bodies": [
    {"name": "floor", "static": true, "vertices": [[-1,-0.4],[1,-0.4],[1,0],[-1,0]], "position": [0, 0], "angle": 0},
    {"name": "box", "vertices": [[-0.1,-0.1],[0.1,-0.1],[0.1,0.1],[-0.1,0.1]], "position": [0, 0.1], "angle": 0,
     "velocity": [1, 0], "angular_velocity": 0, "mass": 1.0, "inertia": 0.00667, "friction": 0.3, "spawn_time": 0.0},
    {"name": "tri", "vertices": [[0,0],[0.3,0],[0,0.3]], "position": [0.4, 0.3], "density": 2.5, "spawn_time": 0.5},
    {"name": "dot", "vertices": [[0, 0]], "position": [0.5, 0.5], "mass": 1.0} ] })";

// 3D: a static slab, a cube by density, a tetrahedron by faces with mass and inertia.
const char* kCubeScene3d = R"({ "gravity": [0, 0, -9.81], "friction": 0.5,
  "settings": {"model": "standard", "time_step": 0.01, "duration": 1.0},
  "bodies": [
    {"name": "slab", "static": true, "vertices": [[-2,-2,-0.2],[2,-2,-0.2],[2,2,-0.2],[-2,2,-0.2],[-2,-2,0],[2,-2,0],[2,2,0],[-2,2,0]]},
    {"name": "cube", "vertices": [[0,0,0],[0.2,0,0],[0.2,0.2,0],[0,0.2,0],[0,0,0.2],[0.2,0,0.2],[0.2,0.2,0.2],[0,0.2,0.2]],
     "position": [0, 0, 0.1], "orientation": [1, 0, 0, 0], "velocity": [1, 0, 0], "angular_velocity": [0, 0, 1], "density": 1000},
    {"name": "tet", "vertices": [[0,0,0],[1,0,0],[0,1,0],[0,0,1]], "faces": [[0,2,1],[0,1,3],[0,3,2],[1,2,3]],
     "position": [1, 1, 1], "mass": 2, "inertia": [[0.1,0,0],[0,0.1,0],[0,0,0.1]], "spawn_time": 0.5} ] })";

void expect_valid_bodies_3d(const Scene& s, const std::string& input) {
  for (const Body3d& b : s.bodies3d) {
    ASSERT_EQ(polyhedron_problem(b.shape), "") << input;
    ASSERT_TRUE(b.position.allFinite() && b.velocity.allFinite() && b.angular_velocity.allFinite()) << input;
    ASSERT_TRUE(b.friction >= 0 && b.spawn_time >= 0) << input;
    if (!b.is_static) {
      ASSERT_EQ(body3d_problem(b), "") << input;
      ASSERT_LE(solid_properties(b.shape).centroid.norm(), 1e-9 * b.shape.bounding_radius()) << input;
    }
  }
}

// What the engine may rely on for any scene that loads.
void expect_valid_scene(const Scene& s, const std::string& input) {
  ASSERT_TRUE(s.gravity3d.allFinite()) << input;
  expect_valid_bodies_3d(s, input);
  ASSERT_TRUE(s.gravity.allFinite()) << input;
  ASSERT_TRUE(std::isfinite(s.friction) && s.friction >= 0) << input;
  ASSERT_TRUE(s.settings.time_step > 0 && std::isfinite(s.settings.time_step)) << input;
  ASSERT_TRUE(s.settings.duration >= 0 && std::isfinite(s.settings.duration)) << input;
  for (const Body& b : s.bodies) {
    ASSERT_TRUE(b.local_vertices.size() == 1 || polygon_problem(b.local_vertices).empty()) << input;
    ASSERT_TRUE(b.position.allFinite() && b.velocity.allFinite() && std::isfinite(b.angle) &&
                std::isfinite(b.angular_velocity))
        << input;
    ASSERT_TRUE(b.friction >= 0 && b.spawn_time >= 0) << input;
    if (!b.is_static) {
      ASSERT_TRUE(std::isfinite(b.mass) && b.mass > 0) << input;
      ASSERT_TRUE(std::isfinite(b.inertia) && (b.is_particle() ? b.inertia >= 0 : b.inertia > 0)) << input;
      if (!b.is_particle()) {
        ASSERT_LT(area_centroid(b.local_vertices).norm(), 1e-9) << input;
      }
    }
  }
}

enum class Outcome { Loaded, Rejected };

Outcome load_text(const std::string& text) {
  try {
    const Scene s = scene_from_json(parse_json_text(text, "fuzz.json"), "fuzz.json");
    expect_valid_scene(s, text);
    if (s.is_3d()) {  // whatever loads can be saved and read back unchanged
      SCOPED_TRACE(text);
      test::expect_same_scene(s, scene_from_json(scene_to_json(s), "fuzz.json"));
    }
    return Outcome::Loaded;
  } catch (const SceneError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("fuzz.json", 0), 0u) << e.what();
    return Outcome::Rejected;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "non-SceneError exception: " << e.what() << "\ninput:\n" << text;
  } catch (...) {
    ADD_FAILURE() << "unknown exception\ninput:\n" << text;
  }
  return Outcome::Rejected;
}

std::size_t pick(std::mt19937_64& rng, std::size_t n) { return static_cast<std::size_t>(rng() % n); }

std::string mutate_bytes(std::string text, std::mt19937_64& rng) {
  const int edits = 1 + static_cast<int>(pick(rng, 4));
  for (int e = 0; e < edits && !text.empty(); ++e) {
    const std::size_t at = pick(rng, text.size());
    switch (pick(rng, 5)) {
      case 0: text[at] = static_cast<char>(pick(rng, 256)); break;                       // any byte
      case 1: text[at] = "{}[],:\"-.0123456789eE tfn"[pick(rng, 25)]; break;              // JSON-ish byte
      case 2: text.resize(at); break;                                                     // truncation
      case 3: text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), "{}[],:\"-.09eE"[pick(rng, 13)]); break;
      default: text.erase(at, 1 + pick(rng, 8)); break;                                   // deletion
    }
  }
  return text;
}

void collect_paths(const json& value, const json::json_pointer& at, std::vector<json::json_pointer>& out) {
  out.push_back(at);
  if (value.is_object())
    for (const auto& item : value.items()) collect_paths(item.value(), at / item.key(), out);
  if (value.is_array())
    for (std::size_t i = 0; i < value.size(); ++i) collect_paths(value[i], at / i, out);
}

json replacement(std::mt19937_64& rng) {
  switch (pick(rng, 14)) {
    case 0: return "NaN";
    case 1: return "inf";
    case 2: return nullptr;
    case 3: return true;
    case 4: return 1e308;
    case 5: return -1e308;
    case 6: return 1e-308;
    case 7: return 0;
    case 8: return -1;
    case 9: return json::array();
    case 10: return json::object();
    case 11: return json::array({1, 2, 3});
    case 12: return std::numeric_limits<double>::quiet_NaN();
    default: return "standard";
  }
}

std::string mutate_structure(json scene, std::mt19937_64& rng) {
  std::vector<json::json_pointer> paths;
  collect_paths(scene, json::json_pointer(), paths);
  const json::json_pointer& target = paths[pick(rng, paths.size())];
  if (target.empty()) return replacement(rng).dump();
  if (pick(rng, 4) == 0) {  // delete the key or element
    json& parent = scene[target.parent_pointer()];
    if (parent.is_object()) parent.erase(target.back());
    else parent.erase(static_cast<std::size_t>(std::stoul(target.back())));
  } else if (pick(rng, 5) == 0 && scene[target].is_number()) {  // scale a number wildly
    scene[target] = scene[target].get<double>() * std::pow(10.0, static_cast<double>(pick(rng, 40)) - 20.0) *
                    (pick(rng, 2) ? -1.0 : 1.0);
  } else {
    scene[target] = replacement(rng);
  }
  return scene.dump();
}

TEST(SceneFuzz, MutatedScenesLoadOrThrowSceneError) {
  std::vector<std::string> bases = {kBoxScene};
  bases.push_back(scene_to_json(make_pour2d_from_seed(3, 4)).dump());
  std::mt19937_64 rng(20240611);
  int loaded = 0, rejected = 0;
  for (int round = 0; round < 4000; ++round) {
    const std::string& base = bases[pick(rng, bases.size())];
    const std::string text =
        round % 2 == 0 ? mutate_bytes(base, rng) : mutate_structure(json::parse(base), rng);
    (load_text(text) == Outcome::Loaded ? loaded : rejected) += 1;
    if (::testing::Test::HasFailure()) break;  // one reproducer is enough
  }
  // Both outcomes must occur, or the mutations are not exercising the validator.
  EXPECT_GT(loaded, 100);
  EXPECT_GT(rejected, 1000);
  std::printf("fuzz: %d loaded, %d rejected\n", loaded, rejected);
}

// Its own stream, so that the 2D test above sees the same mutations as before.
TEST(SceneFuzz, Mutated3dScenesLoadOrThrowSceneError) {
  const std::string base = kCubeScene3d;
  std::mt19937_64 rng(20251012);
  int loaded = 0, rejected = 0;
  for (int round = 0; round < 3000; ++round) {
    const std::string text = round % 2 == 0 ? mutate_bytes(base, rng) : mutate_structure(json::parse(base), rng);
    (load_text(text) == Outcome::Loaded ? loaded : rejected) += 1;
    if (::testing::Test::HasFailure()) break;
  }
  EXPECT_GT(loaded, 100);
  EXPECT_GT(rejected, 1000);
  std::printf("fuzz 3D: %d loaded, %d rejected\n", loaded, rejected);
}

TEST(SceneFuzz, MutatedFilesThroughLoadScene) {
  test::ScratchDir dir;
  std::mt19937_64 rng(7);
  const std::string path = dir.file("fuzz.json");
  for (int round = 0; round < 200; ++round) {
    test::write_text(path, mutate_bytes(kBoxScene, rng));
    try {
      load_scene(path);
    } catch (const SceneError&) {
    }
  }
}

TEST(SceneFuzz, DeeplyNestedInputIsRejectedWithoutCrashing) {
  const std::string deep = "{\"bodies\": [" + std::string(100000, '[') + std::string(100000, ']') + "]}";
  EXPECT_EQ(load_text(deep), Outcome::Rejected);
}

}  // namespace
}  // namespace pegsim
