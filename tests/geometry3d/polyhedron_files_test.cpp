// Polyhedra from JSON and OBJ, and the messages bad files get (file, field or line, reason).
#include <pegsim/geometry/mass_properties_3d.h>
#include <pegsim/scene/polyhedron_files.h>
#include <pegsim/scene/reference_pour3d.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <fstream>
#include <string>

namespace pegsim {
namespace {

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const SceneError& e) {
    return e.what();
  }
  return "no SceneError";
}

const char* kCubeObj = R"(# unit cube, quads, mixed index forms
o cube
v 0 0 0
v 1 0 0
v 0 1 0
v 1 1 0
v 0 0 1
v 1 0 1
v 0 1 1
v 1 1 1
vn 0 0 1
f 1 3 4 2
f 5/1 6/1 8/1 7/1
f 1//1 2//1 6//1 5//1
f 3/1/1 7/1/1 8/1/1 4/1/1
f -8 -4 -2 -6
f 2 4 8 6
)";

TEST(PolyhedronFiles, ObjCubeWithEveryIndexForm) {
  const Polyhedron cube = polyhedron_from_obj_text(kCubeObj, "cube.obj");
  EXPECT_EQ(cube.vertices.size(), 8u);
  EXPECT_EQ(cube.faces.size(), 6u);
  EXPECT_NEAR(solid_properties(cube).volume, 1.0, 1e-15);
}

TEST(PolyhedronFiles, ObjErrorsNameFileLineAndReason) {
  EXPECT_EQ(message_of([] { polyhedron_from_obj_text("v 0 0\n", "a.obj"); }),
            "a.obj: line 1: expected \"v x y z\" with 3 finite numbers");
  EXPECT_EQ(message_of([] { polyhedron_from_obj_text("v 0 0 0\nf 1 2 3\n", "b.obj"); }),
            "b.obj: line 2: vertex reference 2 out of range (1 vertices so far)");
  EXPECT_EQ(message_of([] { polyhedron_from_obj_text("v 0 0 0\n", "c.obj"); }), "c.obj: no faces (f lines)");
  // A clockwise face in an otherwise good cube.
  std::string flipped = kCubeObj;
  flipped.replace(flipped.find("f 2 4 8 6"), 9, "f 6 8 4 2");
  EXPECT_NE(message_of([&] { polyhedron_from_obj_text(flipped, "d.obj"); }).find("d.obj: faces: invalid polyhedron: face 5 is clockwise"),
            std::string::npos);
  EXPECT_NE(message_of([] { load_obj_polyhedron("/nonexistent/x.obj"); }).find("/nonexistent/x.obj: cannot open file"),
            std::string::npos);
}

TEST(PolyhedronFiles, ObjFileRoundTrip) {
  const std::string path = std::string(PEGSIM_BINARY_DIR) + "/geometry3d_cube_test.obj";
  std::ofstream(path) << kCubeObj;
  EXPECT_EQ(load_obj_polyhedron(path).faces.size(), 6u);
  std::remove(path.c_str());
}

TEST(PolyhedronFiles, JsonVerticesOnlyIsTheHull) {
  const nlohmann::json body = nlohmann::json::parse(R"({"vertices": [[0,0,0],[2,0,0],[0,2,0],[0,0,2],[0.1,0.1,0.1]]})");
  const Polyhedron tet = polyhedron_from_json(body, "s.json: bodies[0]");
  EXPECT_EQ(tet.vertices.size(), 4u);
  EXPECT_NEAR(solid_properties(tet).volume, 8.0 / 6.0, 1e-14);
}

TEST(PolyhedronFiles, JsonErrorsNameFieldAndReason) {
  auto load = [](const char* text) { return [text] { polyhedron_from_json(nlohmann::json::parse(text), "s.json: bodies[1]"); }; };
  EXPECT_EQ(message_of(load(R"({"faces": []})")), "s.json: bodies[1]: vertices: missing (an array of [x, y, z])");
  EXPECT_EQ(message_of(load(R"({"vertices": [[0,0,0],[1,0]]})")),
            "s.json: bodies[1]: vertices[1]: expected [x, y, z] (an array of 3 numbers), got an array of 2 elements [1,0]");
  EXPECT_EQ(message_of(load(R"({"vertices": [[0,0,0],null]})")),
            "s.json: bodies[1]: vertices[1]: expected [x, y, z] (an array of 3 numbers), got null");
  EXPECT_EQ(message_of(load(R"({"vertices": [[0,0,0],[1,"a",0]]})")),
            "s.json: bodies[1]: vertices[1][1]: expected a number, got string \"a\"");
  EXPECT_NE(message_of(load(R"({"vertices": [[0,0,0],[1,0,0],[0,1,0],[1,1,0]]})"))
                .find("s.json: bodies[1]: vertices: degenerate hull: convex hull: flat or degenerate points: QH"),
            std::string::npos);
  EXPECT_EQ(message_of(load(R"({"vertices": [[0,0,0],[1,0,0],[0,1,0],[0,0,1]], "faces": [[0,2,1],[0,1,3],[0,3,2],[1,2,1.5]]})")),
            "s.json: bodies[1]: faces[3][2]: expected a vertex index (integer), got number 1.5");
  EXPECT_EQ(message_of(load(R"({"vertices": [[0,0,0],[1,0,0],[0,1,0],[0,0,1]], "faces": [[0,2,1],[0,1,3],[0,3,2],[1,2,9]]})")),
            "s.json: bodies[1]: faces: invalid polyhedron: face 3 names vertex 9, out of range 0..3");
}

// A wrong value nested 1e5 deep is counted, not dumped: dumping recurses once per level.
TEST(PolyhedronFiles, DeeplyNestedValueIsDescribedWithoutCrashing) {
  const std::string deep = "{\"vertices\": [[0,0,0]," + std::string(100000, '[') + std::string(100000, ']') + "]}";
  EXPECT_EQ(message_of([&] { polyhedron_from_json(nlohmann::json::parse(deep), "s.json: bodies[1]"); }),
            "s.json: bodies[1]: vertices[1]: expected [x, y, z] (an array of 3 numbers), got an array of 1 element");
  EXPECT_EQ(message_of([] { polyhedron_from_json(nlohmann::json::parse(R"({"vertices": [[0,0,0],[[1],0]]})"), "s.json"); }),
            "s.json: vertices[1]: expected [x, y, z] (an array of 3 numbers), got an array of 2 elements");
}

TEST(PolyhedronFiles, ReferenceLoaderNamesFileBodyAndField) {
  const std::string path = std::string(PEGSIM_BINARY_DIR) + "/geometry3d_bad_reference.json";
  std::ofstream(path) << R"({"bodies": [{"name": "x", "vertices": [[0,0,0],[1,0,0],[0,1,0],[0,0,1]],
    "faces": [[0,2,1],[0,1,3],[0,3,2],[1,2,3]], "mass": 1, "inertia": [[1,0,0],[0,1,0],[0,0,1]],
    "position": [0,0,0], "orientation": [1, 0, 0, 0.5], "velocity": [0,0,0], "angular_velocity": [0,0,0]}]})";
  EXPECT_NE(message_of([&] { load_reference_bodies_3d(path); }).find(path + ": bodies[0]: orientation: not a unit quaternion"),
            std::string::npos);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace pegsim
