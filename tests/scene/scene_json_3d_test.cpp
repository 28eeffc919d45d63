// 3D scene JSON (issue 12 item 7): the example scenes, mass properties from density or mass, frame
// re-centring without moving the body, OBJ meshes beside the scene file, exact save/load round
// trips, every validation error naming file/body/field, and 2D scenes unaffected.
#include "scene/scene_test_util.h"

#include <pegsim/geometry/mass_properties_3d.h>
#include <pegsim/scene/body_frame_3d.h>
#include <pegsim/scene/scene.h>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <functional>
#include <numbers>
#include <random>
#include <sstream>

namespace pegsim {
namespace {

using nlohmann::json;
using test::ScratchDir;

std::string scene_file(const std::string& name) {
  return (std::filesystem::path(PEGSIM_SOURCE_DIR) / "scenes" / name).string();
}

json cube_vertices(double lo, double hi) {
  json v = json::array();
  for (int i = 0; i < 8; ++i) v.push_back({(i & 1) ? hi : lo, (i & 2) ? hi : lo, (i & 4) ? hi : lo});
  return v;
}

// A static slab, a dynamic cube "cube" (bodies[1]) and a cube "spare" (bodies[2]).
json example() {
  json j = {{"gravity", {0, 0, -9.81}}, {"friction", 0.4}};
  j["bodies"] = json::array();
  j["bodies"].push_back({{"name", "slab"}, {"static", true}, {"vertices", cube_vertices(-1, 0)}});
  j["bodies"].push_back({{"name", "cube"},
                         {"vertices", cube_vertices(-0.1, 0.1)},
                         {"position", {0, 0, 0.1}},
                         {"orientation", {1, 0, 0, 0}},
                         {"velocity", {0, 0, 0}},
                         {"angular_velocity", {0, 0, 0}},
                         {"mass", 2.0}});
  j["bodies"].push_back({{"name", "spare"}, {"vertices", cube_vertices(-0.1, 0.1)}, {"density", 500}});
  return j;
}

// Velocity of the material point that is at world position p.
Vec3 point_velocity(const Body3d& b, const Vec3& p) { return b.velocity + b.angular_velocity.cross(p - b.position); }

void expect_near(const Mat3& a, const Mat3& b, double tol) { EXPECT_LT((a - b).cwiseAbs().maxCoeff(), tol) << a << "\nvs\n" << b; }

TEST(SceneJson3d, CubeOnSlabLoads) {
  const Scene s = load_scene(scene_file("cube_on_slab_3d.json"));
  EXPECT_TRUE(s.is_3d());
  EXPECT_EQ(s.dimension, 3);
  EXPECT_EQ(s.gravity3d, Vec3(0, 0, -9.81));
  EXPECT_TRUE(s.bodies.empty());
  ASSERT_EQ(s.body_count(), 2u);
  const Body3d& slab = s.bodies3d[0];
  EXPECT_TRUE(slab.is_static);
  EXPECT_EQ(slab.shape.vertices.size(), 8u);
  EXPECT_EQ(slab.shape.faces.size(), 6u);
  EXPECT_EQ(slab.position, Vec3::Zero());
  double top = -1e9;
  for (int i = 0; i < 8; ++i) top = std::max(top, slab.world_vertex(i).z());
  EXPECT_EQ(top, 0.0);
  const Body3d& cube = s.bodies3d[1];
  EXPECT_FALSE(cube.is_static);
  const double side = 0.2, mass = 1000 * side * side * side;
  EXPECT_NEAR(cube.mass, mass, 1e-12);
  expect_near(cube.inertia, (mass * side * side / 6.0) * Mat3::Identity(), 1e-15);
  EXPECT_EQ(cube.position, Vec3(0, 0, 0.1));  // centred vertices: the frame is kept exactly
  EXPECT_EQ(cube.friction, 0.5);
  EXPECT_EQ(cube.shape.faces.size(), 6u);
}

TEST(SceneJson3d, IcosahedronDropLoads) {
  const Scene s = load_scene(scene_file("icosahedron_drop_3d.json"));
  ASSERT_TRUE(s.is_3d());
  ASSERT_EQ(s.body_count(), 2u);
  const Body3d& ico = s.bodies3d[1];
  EXPECT_EQ(ico.shape.vertices.size(), 12u);
  EXPECT_EQ(ico.shape.faces.size(), 20u);
  for (const Vec3& v : ico.shape.vertices) EXPECT_NEAR(v.norm(), 0.5, 1e-15);
  EXPECT_EQ(ico.mass, 0.5);
  // Solid regular icosahedron of edge a: I = m a^2 (3 + sqrt 5) / 20 about every axis.
  const double a = 4 * 0.5 / std::sqrt(10 + 2 * std::sqrt(5.0));
  expect_near(ico.inertia, (0.5 * a * a * (3 + std::sqrt(5.0)) / 20) * Mat3::Identity(), 1e-14);
  EXPECT_NEAR(ico.position.x(), 0, 1e-15);
  EXPECT_NEAR(ico.position.y(), 0, 1e-15);
  EXPECT_NEAR(ico.position.z(), 1, 1e-15);
  EXPECT_NEAR(ico.orientation.angularDistance(Eigen::Quaterniond(Eigen::AngleAxisd(std::numbers::pi / 4, Vec3::UnitX()))), 0,
              1e-12);
  EXPECT_EQ(ico.angular_velocity, Vec3(1.5, -2.0, 3.0));
  EXPECT_GT(ico.angular_velocity.norm(), 0);
  for (int i = 0; i < 12; ++i) EXPECT_GE(ico.world_vertex(i).z(), 0.5 - 1e-12);
}

TEST(SceneJson3d, CubeSlideLoads) {
  const Scene s = load_scene(scene_file("cube_slide_3d.json"));
  ASSERT_TRUE(s.is_3d());
  ASSERT_EQ(s.body_count(), 2u);
  const Body3d& cube = s.bodies3d[1];
  EXPECT_NEAR(cube.mass, 8.0, 1e-12);
  EXPECT_EQ(cube.position, Vec3(0, 0, 0.1));
  EXPECT_NEAR(cube.velocity.norm(), 2.0, 1e-15);
  EXPECT_NEAR(std::atan2(cube.velocity.y(), cube.velocity.x()), std::numbers::pi / 6, 1e-15);
  EXPECT_EQ(cube.velocity.z(), 0.0);
  EXPECT_EQ(cube.friction, 0.2);
  EXPECT_EQ(s.bodies3d[0].friction, 0.2);
}

TEST(SceneJson3d, DefaultsAndSharedTopLevelKeys) {
  json j = example();
  j["friction_rule"] = "max";
  j["settings"] = {{"model", "standard"}, {"time_step", 0.004}};
  j["description"] = "text";
  const Scene s = scene_from_json(j, "scene.json");
  EXPECT_EQ(s.friction, 0.4);
  EXPECT_EQ(s.friction_rule, "max");
  EXPECT_EQ(s.settings.time_step, 0.004);
  const Body3d& spare = s.bodies3d[2];
  EXPECT_EQ(spare.position, Vec3::Zero());
  EXPECT_EQ(spare.orientation.coeffs(), Eigen::Quaterniond::Identity().coeffs());
  EXPECT_EQ(spare.friction, 0.4);
  EXPECT_EQ(spare.spawn_time, 0.0);
  EXPECT_NEAR(spare.mass, 500 * 0.008, 1e-13);
  // Mass without inertia: the shape's inertia scaled to the mass.
  expect_near(s.bodies3d[1].inertia, box_inertia(Vec3(0.2, 0.2, 0.2), 2.0), 1e-15);
}

TEST(SceneJson3d, GivenInertiaIsKept) {
  json j = example();
  j["bodies"][1]["inertia"] = {{0.02, 0.001, 0}, {0.001, 0.03, 0}, {0, 0, 0.04}};
  const Body3d b = scene_from_json(j, "scene.json").bodies3d[1];
  Mat3 expected;
  expected << 0.02, 0.001, 0, 0.001, 0.03, 0, 0, 0, 0.04;
  EXPECT_EQ(b.inertia, expected);
}

TEST(SceneJson3d, OffCentreVerticesAreRecentredWithoutMovingTheBody) {
  // A 0.2 x 0.3 x 0.4 box with a corner at the frame origin, turned and spinning.
  const Vec3 sides(0.2, 0.3, 0.4);
  json vertices = json::array();
  std::vector<Vec3> original;
  for (int i = 0; i < 8; ++i) {
    original.emplace_back((i & 1) ? sides.x() : 0, (i & 2) ? sides.y() : 0, (i & 4) ? sides.z() : 0);
    vertices.push_back({original.back().x(), original.back().y(), original.back().z()});
  }
  const Eigen::Quaterniond q(Eigen::AngleAxisd(0.8, Vec3(1, 2, 3).normalized()));
  const Vec3 p(1, -2, 3), v(0.5, -1, 0.25), w(3, -1, 2);
  for (const bool by_density : {false, true}) {
    SCOPED_TRACE(by_density ? "density" : "mass");
    json j = example();
    j["bodies"][1] = {{"name", "box"},
                      {"vertices", vertices},
                      {"position", {p.x(), p.y(), p.z()}},
                      {"orientation", {q.w(), q.x(), q.y(), q.z()}},
                      {"velocity", {v.x(), v.y(), v.z()}},
                      {"angular_velocity", {w.x(), w.y(), w.z()}}};
    if (by_density) j["bodies"][1]["density"] = 700;
    else j["bodies"][1]["mass"] = 1.5;
    const Body3d b = scene_from_json(j, "scene.json").bodies3d[1];
    const double mass = by_density ? 700 * sides.prod() : 1.5;
    EXPECT_NEAR(b.mass, mass, 1e-12);
    expect_near(b.inertia, box_inertia(sides, mass), 1e-14);  // about the centroid
    EXPECT_LT(solid_properties(b.shape).centroid.norm(), 1e-15);
    EXPECT_EQ(b.orientation.coeffs(), q.coeffs());
    EXPECT_EQ(b.angular_velocity, w);
    // The body did not move: same world vertices, same velocity of every material point.
    Body3d before;
    before.position = p;
    before.orientation = q;
    before.velocity = v;
    before.angular_velocity = w;
    ASSERT_EQ(b.shape.vertices.size(), original.size());
    for (std::size_t i = 0; i < original.size(); ++i) {
      const Vec3 world_before = p + q * original[i];
      const Vec3 world_after = b.world_vertex(static_cast<int>(i));
      EXPECT_LT((world_before - world_after).norm(), 1e-14);
      EXPECT_LT((point_velocity(before, world_before) - point_velocity(b, world_after)).norm(), 1e-14);
    }
    EXPECT_LT((b.position - (p + q * (sides / 2))).norm(), 1e-15);
  }
}

TEST(SceneJson3d, StaticBodiesKeepTheirFrame) {
  json j = example();
  const Body3d slab = scene_from_json(j, "scene.json").bodies3d[0];
  EXPECT_EQ(slab.position, Vec3::Zero());
  EXPECT_EQ(slab.shape.vertices.front(), Vec3(-1, -1, -1));
  EXPECT_LT((solid_properties(slab.shape).centroid - Vec3(-0.5, -0.5, -0.5)).norm(), 1e-15);
}

TEST(SceneJson3d, StaticMassPropertiesAreOnlyStored) {
  // Unused by the engine, so any finite values save and load back (here: none at all).
  Scene s = scene_from_json(example(), "scene.json");
  s.bodies3d[0].mass = 0.0;
  s.bodies3d[0].inertia = Mat3::Zero();
  test::expect_same_scene(s, scene_from_json(scene_to_json(s), "memory"));
}

TEST(SceneJson3d, ExplicitFacesAreUsed) {
  json j = example();
  // A tetrahedron given by faces (CCW seen from outside), off-centre.
  j["bodies"][2] = {{"name", "tet"},
                    {"vertices", {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
                    {"faces", {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}}},
                    {"mass", 1}};
  const Body3d b = scene_from_json(j, "scene.json").bodies3d[2];
  EXPECT_EQ(b.shape.faces.size(), 4u);
  EXPECT_LT((b.position - Vec3(0.25, 0.25, 0.25)).norm(), 1e-15);
}

// The unit cube with its top face pushed in at the centre (to z = 0.8): closed but not convex.
json dented_cube_vertices() {
  json v = cube_vertices(0, 1);
  v.push_back({0.5, 0.5, 0.8});
  return v;
}
json dented_cube_faces() {
  return {{0, 2, 3, 1}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5},
          {4, 5, 8},    {5, 7, 8},    {7, 6, 8},    {6, 4, 8}};
}
std::string dented_cube_obj() {
  std::ostringstream text;
  for (const json& v : dented_cube_vertices()) text << "v " << v[0] << ' ' << v[1] << ' ' << v[2] << '\n';
  for (const json& f : dented_cube_faces()) {
    text << 'f';
    for (const json& i : f) text << ' ' << i.get<int>() + 1;  // OBJ counts from 1
    text << '\n';
  }
  return text.str();
}

const char* kCubeObj =
    "# unit cube with a corner at the origin\n"
    "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
    "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 2 3 7 6\nf 3 4 8 7\nf 4 1 5 8\n";

TEST(SceneJson3d, MeshIsReadRelativeToTheSceneFile) {
  ScratchDir dir;
  std::filesystem::create_directories(dir.file("meshes"));
  test::write_text(dir.file("meshes/cube.obj"), kCubeObj);
  json j = example();
  j["bodies"][2] = {{"name", "block"}, {"mesh", "meshes/cube.obj"}, {"density", 10}};
  const std::string path = dir.file("scene.json");
  test::write_text(path, j.dump());
  const Body3d b = load_scene(path).bodies3d[2];
  EXPECT_EQ(b.shape.faces.size(), 6u);
  EXPECT_NEAR(b.mass, 10, 1e-12);
  EXPECT_LT((b.position - Vec3(0.5, 0.5, 0.5)).norm(), 1e-15);
  // Saving writes the polyhedron itself, so the saved scene needs no mesh file.
  const std::string saved = dir.file("elsewhere.json");
  save_scene(load_scene(path), saved);
  std::filesystem::remove(dir.file("meshes/cube.obj"));
  test::expect_same_scene(load_scene(saved), scene_from_json(json::parse(test::read_text(saved)), "memory"));
}

TEST(SceneJson3d, MeshErrorsNameSceneBodyAndField) {
  ScratchDir dir;
  test::write_text(dir.file("dent.obj"), dented_cube_obj());
  const std::string path = dir.file("scene.json");
  for (const auto& [mesh, reason] : std::vector<std::pair<std::string, std::string>>{
           {"dent.obj", "dent.obj: faces: invalid polyhedron: not convex"}, {"missing.obj", "cannot open file"}, {"", "mesh: empty"}}) {
    SCOPED_TRACE(mesh);
    json j = example();
    j["bodies"][2] = {{"name", "block"}, {"mesh", mesh}, {"mass", 1}};
    test::write_text(path, j.dump());
    try {
      load_scene(path);
      ADD_FAILURE() << "no error";
    } catch (const SceneError& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.rfind(path + ": bodies[2] \"block\": mesh: ", 0), 0u) << message;
      EXPECT_NE(message.find(reason), std::string::npos) << message;
    }
  }
}

// A scene of every kind of 3D body, with values that do not round to short decimals.
json awkward_scene() {
  json j = example();
  j["friction_rule"] = "average";
  j["settings"] = {{"model", "standard"}, {"time_step", 0.003}, {"duration", 1.7}, {"solver", "lemke"},
                   {"gamma", 12.5},       {"epsilon", 1e-3},    {"applicability_threshold", -0.35}};
  j["gravity"] = {0.1, -1.0 / 3.0, -9.81};
  const Eigen::Quaterniond q = Eigen::Quaterniond(0.3, -0.4, 0.5, 0.7).normalized();
  j["bodies"][1]["orientation"] = {q.w(), q.x(), q.y(), q.z()};
  j["bodies"][1]["angular_velocity"] = {0.1, 2.0 / 3.0, -7.25};
  j["bodies"][1]["velocity"] = {1.0 / 7.0, 0, -0.5};
  j["bodies"][1]["spawn_time"] = 0.75;
  j["bodies"][1]["friction"] = 0.05;
  j["bodies"][2]["vertices"] = {{0.01, 0.02, 0.03}, {0.37, 0.01, 0.0}, {0.11, 0.29, 0.05}, {0.1, 0.1, 0.41},
                                {0.2, 0.15, 0.2}};  // the last is inside: dropped from the hull
  j["bodies"][2]["position"] = {0.123456789, -1.0 / 3.0, 2.0 / 3.0};
  j["bodies"][2]["orientation"] = {std::cos(0.35), 0, std::sin(0.35), 0};
  j["bodies"][2]["angular_velocity"] = {-0.7, 0.3, 0.9};
  j["bodies"].push_back({{"name", "faced, \"odd\" name"},
                         {"vertices", {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
                         {"faces", {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}}},
                         {"mass", 0.3},
                         {"inertia", {{0.01, 0.002, -0.001}, {0.002, 0.02, 0.0005}, {-0.001, 0.0005, 0.015}}}});
  return j;
}

TEST(SceneJson3d, SaveThenLoadReproducesEveryField) {
  ScratchDir dir;
  const Scene original = scene_from_json(awkward_scene(), "scene.json");
  const std::string path = dir.file("saved.json");
  save_scene(original, path);
  const Scene loaded = load_scene(path);
  ASSERT_TRUE(loaded.is_3d());
  test::expect_same_scene(original, loaded);
  test::expect_same_scene(original, scene_from_json(scene_to_json(original), "memory"));
  // A second round trip writes the same text.
  const std::string path2 = dir.file("saved2.json");
  save_scene(loaded, path2);
  EXPECT_EQ(test::read_text(path), test::read_text(path2));
  // Every field is written explicitly.
  const json body = json::parse(test::read_text(path))["bodies"][1];
  for (const char* key : {"name", "static", "vertices", "faces", "position", "orientation", "velocity", "angular_velocity",
                          "mass", "inertia", "friction", "spawn_time"})
    EXPECT_TRUE(body.contains(key)) << key;
  EXPECT_EQ(json::parse(test::read_text(path))["gravity"].size(), 3u);
}

TEST(SceneJson3d, RandomHullsRoundTripExactly) {
  std::mt19937_64 rng(12);
  std::uniform_real_distribution<double> coordinate(-1.0, 1.0);
  json j = example();
  for (int k = 0; k < 40; ++k) {
    json vertices = json::array();
    for (int i = 0; i < 4 + k % 12; ++i) vertices.push_back({coordinate(rng), coordinate(rng) + 3.0, coordinate(rng)});
    const Eigen::Quaterniond q = Eigen::Quaterniond(coordinate(rng), coordinate(rng), coordinate(rng), coordinate(rng)).normalized();
    j["bodies"].push_back({{"name", "hull" + std::to_string(k)},
                           {"vertices", vertices},
                           {"orientation", {q.w(), q.x(), q.y(), q.z()}},
                           {"angular_velocity", {coordinate(rng), coordinate(rng), coordinate(rng)}},
                           {"density", 100 + k}});
  }
  const Scene original = scene_from_json(j, "scene.json");
  test::expect_same_scene(original, scene_from_json(scene_to_json(original), "memory"));
}

TEST(SceneJson3d, SaveRefusesNonFiniteStateAndMixedDimensions) {
  ScratchDir dir;
  Scene s = scene_from_json(example(), "scene.json");
  s.bodies3d[1].angular_velocity.y() = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(save_scene(s, dir.file("nan.json")), SceneError);
  Scene mixed = scene_from_json(example(), "scene.json");
  mixed.bodies.emplace_back();
  EXPECT_THROW(save_scene(mixed, dir.file("mixed.json")), SceneError);
}

TEST(SceneJson3d, TwoDimensionalScenesAreUnaffected) {
  const Scene s = load_scene(scene_file("box_on_floor.json"));
  EXPECT_EQ(s.dimension, 2);
  EXPECT_FALSE(s.is_3d());
  EXPECT_TRUE(s.bodies3d.empty());
  EXPECT_EQ(s.body_count(), 3u);
  EXPECT_EQ(s.body_count(), s.bodies.size());
  EXPECT_EQ(scene_to_json(s)["gravity"].size(), 2u);
  // No gravity at all: 2D, as before.
  const Scene minimal = scene_from_json(json::parse(R"({"bodies": [{"vertices": [[0, 0]], "mass": 2}]})"), "min.json");
  EXPECT_EQ(minimal.dimension, 2);
}

TEST(SceneJson3d, RecentringACentredBodyChangesNothing) {
  Body3d b = scene_from_json(example(), "scene.json").bodies3d[1];
  const Body3d copy = b;
  EXPECT_EQ(recentre_at_centroid(b), Vec3::Zero());
  test::expect_same_bodies_3d({copy}, {b});
}

using ErrorCase = test::SceneErrorCase;

class SceneJson3dErrors : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(SceneJson3dErrors, NamesFileBodyAndField) {
  test::expect_scene_error(example(), GetParam());
}

void set_cube(json& j, const char* key, const json& value) { j["bodies"][1][key] = value; }

const std::vector<ErrorCase> kErrorCases = {
    {"non-unit quaternion", [](json& j) { set_cube(j, "orientation", {1, 0.1, 0, 0}); },
     {"bodies[1] \"cube\": orientation: not a unit quaternion (norm 1.004987562"}},
    {"slightly non-unit quaternion", [](json& j) { set_cube(j, "orientation", {1.00001, 0, 0, 0}); },
     {"bodies[1] \"cube\": orientation: not a unit quaternion (norm 1.00001"}},
    {"quaternion of 3", [](json& j) { set_cube(j, "orientation", {1, 0, 0}); },
     {"bodies[1] \"cube\": orientation: expected [w, x, y, z]"}},
    {"flat points",
     [](json& j) { set_cube(j, "vertices", {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0.5, 0.2, 0}}); },
     {"bodies[1] \"cube\": vertices: degenerate hull", "flat", "Qhull"}},
    {"three points", [](json& j) { set_cube(j, "vertices", {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}); },
     {"bodies[1] \"cube\": vertices: degenerate hull"}},
    {"clockwise face",
     [](json& j) {
       set_cube(j, "vertices", {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
       set_cube(j, "faces", {{0, 1, 2}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}});
     },
     {"bodies[1] \"cube\": faces: invalid polyhedron: ", "clockwise"}},
    {"non-convex faces",
     [](json& j) {
       set_cube(j, "vertices", dented_cube_vertices());
       set_cube(j, "faces", dented_cube_faces());
     },
     {"bodies[1] \"cube\": faces: invalid polyhedron: not convex"}},
    {"face index out of range", [](json& j) { set_cube(j, "faces", {{0, 1, 9}, {0, 1, 2}, {0, 1, 3}, {1, 2, 3}}); },
     {"bodies[1] \"cube\": faces: invalid polyhedron: ", "vertex 9"}},
    {"faces without vertices",
     [](json& j) {
       j["bodies"][1].erase("vertices");
       set_cube(j, "faces", {{0, 1, 2}});
     },
     {"bodies[1] \"cube\": vertices: missing"}},
    {"singular inertia", [](json& j) { set_cube(j, "inertia", {{1, 0, 0}, {0, 1, 0}, {0, 0, 0}}); },
     {"bodies[1] \"cube\": inertia: ", "singular"}},
    {"asymmetric inertia", [](json& j) { set_cube(j, "inertia", {{1, 0.5, 0}, {0, 1, 0}, {0, 0, 1}}); },
     {"bodies[1] \"cube\": inertia: ", "not symmetric"}},
    {"inertia triangle", [](json& j) { set_cube(j, "inertia", {{1, 0, 0}, {0, 1, 0}, {0, 0, 3}}); },
     {"bodies[1] \"cube\": inertia: ", "triangle inequality"}},
    {"inertia not 3x3", [](json& j) { set_cube(j, "inertia", {{1, 0, 0}, {0, 1, 0}}); },
     {"bodies[1] \"cube\": inertia: expected a 3x3 array"}},
    {"inertia row of 2", [](json& j) { set_cube(j, "inertia", {{1, 0, 0}, {0, 1}, {0, 0, 1}}); },
     {"bodies[1] \"cube\": inertia[1]: expected [x, y, z]"}},
    {"inertia as a number", [](json& j) { set_cube(j, "inertia", 0.1); }, {"bodies[1] \"cube\": inertia: expected a 3x3 array"}},
    {"missing mass", [](json& j) { j["bodies"][1].erase("mass"); }, {"bodies[1] \"cube\": mass: missing"}},
    {"inertia without mass",
     [](json& j) {
       j["bodies"][1].erase("mass");
       set_cube(j, "inertia", {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
     },
     {"bodies[1] \"cube\": mass: missing"}},
    {"density and mass", [](json& j) { set_cube(j, "density", 3); },
     {"bodies[1] \"cube\": density: give either density or mass"}},
    {"density and inertia",
     [](json& j) {
       j["bodies"][2]["inertia"] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
     },
     {"bodies[2] \"spare\": density: give either density or mass"}},
    {"zero density", [](json& j) { j["bodies"][2]["density"] = 0; }, {"bodies[2] \"spare\": density: must be positive"}},
    {"negative mass", [](json& j) { set_cube(j, "mass", -1); }, {"bodies[1] \"cube\": mass: must be positive"}},
    {"static with density", [](json& j) { j["bodies"][0]["density"] = 1; }, {"bodies[0] \"slab\": density"}},
    {"position of 2", [](json& j) { set_cube(j, "position", {0, 0}); },
     {"bodies[1] \"cube\": position: expected [x, y, z] (an array of 3 numbers)"}},
    {"velocity of 2", [](json& j) { set_cube(j, "velocity", {1, 0}); }, {"bodies[1] \"cube\": velocity: expected [x, y, z]"}},
    {"angular velocity as a number", [](json& j) { set_cube(j, "angular_velocity", 0.5); },
     {"bodies[1] \"cube\": angular_velocity: expected [x, y, z]"}},
    {"2D vertices", [](json& j) { set_cube(j, "vertices", {{0, 0}, {1, 0}, {1, 1}, {0, 1}}); },
     {"bodies[1] \"cube\": vertices[0]: expected [x, y, z]"}},
    {"angle in 3D", [](json& j) { set_cube(j, "angle", 0.3); },
     {"bodies[1] \"cube\": angle: unknown key", "orientation"}},
    {"orientation typo", [](json& j) { set_cube(j, "orientaton", {1, 0, 0, 0}); },
     {"bodies[1] \"cube\": unknown key \"orientaton\" (did you mean \"orientation\"?)", "mesh"}},
    {"gravity of 4", [](json& j) { j["gravity"] = {0, 0, -9.81, 0}; },
     {"scene.json: gravity: expected [x, y] (2D) or [x, y, z] (3D)"}},
    {"gravity not finite", [](json& j) { j["gravity"][2] = "down"; }, {"scene.json: gravity[2]: expected a number"}},
    {"duplicate name", [](json& j) { j["bodies"][2]["name"] = "cube"; }, {"bodies[2] \"cube\": name: duplicate of bodies[1]"}},
    {"huge vertex", [](json& j) { j["bodies"][1]["vertices"][0][0] = 1e300; },
     {"bodies[1] \"cube\": vertices[0][0]: magnitude"}},
    {"huge position", [](json& j) { j["bodies"][1]["position"][2] = 1e13; },
     {"bodies[1] \"cube\": position[2]: magnitude"}},
    {"mesh and vertices", [](json& j) { set_cube(j, "mesh", "cube.obj"); },
     {"bodies[1] \"cube\": mesh: give either mesh or vertices"}},
    {"mesh not a string", [](json& j) {
       j["bodies"][1].erase("vertices");
       set_cube(j, "mesh", 3);
     },
     {"bodies[1] \"cube\": mesh: expected a string"}},
    {"position pushed past the limit by the frame move",
     [](json& j) {
       set_cube(j, "vertices", cube_vertices(0, 0.2));
       set_cube(j, "position", {1e12, 0, 0});
     },
     {"bodies[1] \"cube\": position: magnitude too large (limit 1e12) after moving the frame"}},
    {"density giving a mass past the limit",
     [](json& j) { j["bodies"][2]["vertices"] = cube_vertices(-1000, 1000); j["bodies"][2]["density"] = 1e6; },
     {"bodies[2] \"spare\": density: gives mass 8e+15", "(limit 1e12)"}},
    {"negative spawn", [](json& j) { set_cube(j, "spawn_time", -1); }, {"bodies[1] \"cube\": spawn_time: must be non-negative"}},
    {"body not object", [](json& j) { j["bodies"][1] = 5; }, {"bodies[1]: expected an object"}},
};

INSTANTIATE_TEST_SUITE_P(All, SceneJson3dErrors, ::testing::ValuesIn(kErrorCases), test::scene_error_case_name);

}  // namespace
}  // namespace pegsim
