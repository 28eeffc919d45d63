// pegsim.Scene: load / from_dict / to_dict / save, generated pours, bodies added in code, in 2D or
// 3D. Every way in goes through the scene reader (scene_from_json), so a dict is checked exactly
// like a file and errors are SceneError with the reader's messages.
#include "bindings.h"
#include "json_bridge.h"
#include "scene_bodies.h"

#include <pegsim/scene/pour2d.h>
#include <pegsim/scene/scene.h>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace pegsim::python {
namespace {

template <class Vector>
py::array_t<double> vector_array(const Vector& v) {
  py::array_t<double> a(static_cast<py::ssize_t>(v.size()));
  for (Eigen::Index i = 0; i < v.size(); ++i) a.mutable_at(static_cast<py::ssize_t>(i)) = v[i];
  return a;
}

py::array_t<double> gravity_array(const Scene& scene) {
  return scene.is_3d() ? vector_array(scene.gravity3d) : vector_array(scene.gravity);
}

// 2 numbers: 2D gravity, 3 numbers: 3D gravity (as in a scene file, where a 3-component gravity
// makes the scene 3D). A scene with bodies keeps its dimension; an empty one takes the gravity's.
void set_gravity(Scene& scene, const py::handle& value) {
  const auto a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(value);
  const py::ssize_t size = a && a.ndim() == 1 ? a.shape(0) : 0;
  const bool has_bodies = scene.body_count() > 0;
  if (has_bodies && !scene.is_3d() && size != 2) throw py::value_error("gravity: expected 2 numbers (the scene is 2D)");
  if (has_bodies && scene.is_3d() && size != 3) throw py::value_error("gravity: expected 3 numbers (the scene is 3D)");
  if (size == 2) {
    scene.dimension = 2;
    scene.gravity = Vec2(a.at(0), a.at(1));
  } else if (size == 3) {
    scene.dimension = 3;
    scene.gravity3d = Vec3(a.at(0), a.at(1), a.at(2));
  } else {
    throw py::value_error("gravity: expected 2 numbers (2D) or 3 numbers (3D)");
  }
}

Scene empty_scene(int dimension) {
  if (dimension != 2 && dimension != 3) {
    throw py::value_error("dimension: must be 2 or 3, got " + std::to_string(dimension));
  }
  Scene scene;
  scene.dimension = dimension;
  return scene;
}

// Adds a body given as the JSON object a scene file would hold for it; returns its index.
int add_body_json(Scene& scene, nlohmann::json body, const std::string& source) {
  nlohmann::json json = scene_to_json(scene);
  json["bodies"].push_back(std::move(body));
  // Re-reading the scene leaves the existing bodies bit-identical (they are already centred).
  scene = scene_from_json(json, source);
  return static_cast<int>(scene.body_count()) - 1;
}

// A body given by keywords, as the JSON object a scene file would hold for it.
int add_body(Scene& scene, const std::string& name, const py::handle& vertices, const py::kwargs& fields) {
  nlohmann::json body = to_json(fields);
  body["name"] = name;
  body["vertices"] = to_json(vertices);
  return add_body_json(scene, std::move(body), "add_body(\"" + name + "\")");
}

int add_body_dict(Scene& scene, const py::dict& fields) {
  nlohmann::json body = to_json(fields);
  const auto name = body.find("name");
  const std::string source =
      name != body.end() && name->is_string() ? "add_body(\"" + name->get<std::string>() + "\")" : "add_body(<dict>)";
  return add_body_json(scene, std::move(body), source);
}

std::string scene_repr(const Scene& scene) {
  int dynamic = 0;
  for (std::size_t i = 0; i < scene.body_count(); ++i) dynamic += body_is_static(scene, i) ? 0 : 1;
  return "<pegsim.Scene: " + std::to_string(scene.body_count()) + " bodies (" + std::to_string(dynamic) +
         " dynamic), " + (scene.is_3d() ? "3D, " : "") + "model " + scene.settings.model + ">";
}

}  // namespace

void bind_scene(py::module_& m) {
  py::class_<Scene> scene(m, "Scene", R"doc(A 2D or 3D scene: gravity, friction, settings and bodies.

Create one with Scene.load(path), Scene.from_dict(d), Scene.pour2d(bodies_file) or Scene() (2D) /
Scene(dimension=3) and add_body(...). Invalid input raises SceneError naming the file (or "<dict>"),
the body and the field. Dynamic bodies are stored with their origin at the centre of mass (loading
moves the frame, not the body), as in scene files.

A scene is 3D when its gravity has 3 components (as in a scene file): its bodies are convex
polyhedra with orientation [w, x, y, z] and a 3x3 inertia, and vectors (gravity, positions,
velocities) have 3 components; `dimension` says which. 3D scenes run with the "standard" model.)doc");
  scene.def(py::init(&empty_scene), py::arg("dimension") = 2,
            "An empty scene with no friction and default settings: 2D with gravity (0, -9.81), or "
            "dimension=3: 3D with gravity (0, 0, -9.81).")
      .def_static("load", &load_scene, py::arg("path"), "Reads a scene JSON file, 2D or 3D (raises SceneError).")
      .def_static(
          "from_dict", [](const py::dict& d, const std::string& source) { return scene_from_json(to_json(d), source); },
          py::arg("d"), py::arg("source") = "<dict>",
          "A scene from a dict with the scene file's keys (3 gravity components: a 3D scene); `source` names it "
          "in error messages.")
      .def_static(
          "from_json", [](const std::string& text, const std::string& source) {
            return scene_from_json(nlohmann::json::parse(text), source);
          },
          py::arg("text"), py::arg("source") = "<json>", "A scene from JSON text.")
      .def_static("pour2d", &make_pour2d_from_bodies_file, py::arg("bodies_file"), py::arg("count") = kPour2dDefaultCount,
                  "The PEG authors' 2D pour (a static box, `count` falling polygons) from one of their body "
                  "sets (bodies_X.json), as `pegsim scene pour2d --bodies FILE` writes it.")
      .def_static("pour2d_seed", &make_pour2d_from_seed, py::arg("seed"), py::arg("count") = kPour2dDefaultCount,
                  "A 2D pour with our own random polygons (deterministic for a seed).")
      .def("to_dict", [](const Scene& s) { return from_json(scene_to_json(s)); },
           R"doc(Every field as a dict (the scene file's keys); Scene.from_dict(s.to_dict()) reproduces s exactly.
A 3D body's entry has vertices [[x, y, z], ...] and faces (vertex-index loops), orientation
[w, x, y, z], velocity and angular_velocity (world frame), mass and inertia (3x3, body frame).)doc")
      .def("to_json", [](const Scene& s) { return scene_to_json(s).dump(); }, "The scene as compact JSON text.")
      .def("save", &save_scene, py::arg("path"), "Writes a scene file (raises SceneError when it cannot).")
      .def("add_body", &add_body, py::arg("name"), py::arg("vertices"),
           R"doc(Adds a body and returns its index.

2D: vertices is a CCW polygon in the body frame, shape (k, 2) (one vertex: a particle). Keywords as
in a scene file: static, position, angle, velocity, angular_velocity, mass, inertia or density,
friction, spawn_time.
3D: vertices has shape (k, 3) (their convex hull, or with faces=[[i, j, k, ...], ...]: vertex-index
loops, CCW seen from outside). Keywords: static, faces, position (3,), orientation [w, x, y, z]
(unit within 1e-6), velocity (3,), angular_velocity (3,, world frame), mass [inertia (3, 3), body
frame, about the centroid; default: the shape's, scaled to the mass] or density, friction,
spawn_time.
Checked like a scene file (raises SceneError).)doc")
      .def("add_body", &add_body_dict, py::arg("body"),
           R"doc(Adds a body given as a dict with the keys of a scene file's body (name, vertices, ... ; in 3D
also faces, or mesh: a Wavefront OBJ path) and returns its index. Checked like a scene file
(raises SceneError).)doc")
      .def("copy", [](const Scene& s) { return Scene(s); }, "An independent copy.")
      .def("__len__", [](const Scene& s) { return s.body_count(); })
      .def("__repr__", &scene_repr)
      .def_property_readonly("body_names", [](const Scene& s) { return body_names(s); }, "Names of the bodies, in order.")
      .def_property_readonly("dimension", [](const Scene& s) { return s.dimension; }, "2 or 3.")
      .def_property("gravity", &gravity_array, &set_gravity,
                    "Gravity (m/s^2), shape (2,) in 2D, (3,) in 3D. Setting 3 numbers on a scene without bodies "
                    "makes it 3D (2 numbers: 2D); a scene with bodies keeps its dimension.")
      .def_readwrite("friction", &Scene::friction, "Default per-body friction coefficient.")
      .def_property_readonly(
          "settings", [](const Scene& s) { return from_json(scene_to_json(s)["settings"]); },
          "The scene's settings (model, time_step, duration, solver, gamma, epsilon, applicability_threshold).")
      .def(py::pickle([](const Scene& s) { return scene_to_json(s).dump(); },
                      [](const std::string& text) { return scene_from_json(nlohmann::json::parse(text), "<pickle>"); }));
}

}  // namespace pegsim::python
