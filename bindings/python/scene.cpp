// pegsim.Scene: load / from_dict / to_dict / save, generated pours, bodies added in code. Every
// way in goes through the scene reader (scene_from_json), so a dict is checked exactly like a file
// and errors are SceneError with the reader's messages.
#include "bindings.h"
#include "json_bridge.h"

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

py::array_t<double> vec2_array(const Vec2& v) {
  py::array_t<double> a(2);
  a.mutable_at(0) = v.x();
  a.mutable_at(1) = v.y();
  return a;
}

Vec2 vec2_from(const py::handle& value, const char* field) {
  const auto a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(value);
  if (!a || a.ndim() != 1 || a.shape(0) != 2) throw py::value_error(std::string(field) + ": expected 2 numbers");
  return Vec2(a.at(0), a.at(1));
}

// A body given by keywords, as the JSON object a scene file would hold for it.
nlohmann::json body_json(const std::string& name, const py::handle& vertices, const py::dict& fields) {
  nlohmann::json body = to_json(fields);
  body["name"] = name;
  body["vertices"] = to_json(vertices);
  return body;
}

int add_body(Scene& scene, const std::string& name, const py::handle& vertices, const py::kwargs& fields) {
  nlohmann::json json = scene_to_json(scene);
  json["bodies"].push_back(body_json(name, vertices, fields));
  // Re-reading the scene leaves the existing bodies bit-identical (they are already centred).
  scene = scene_from_json(json, "add_body(\"" + name + "\")");
  return static_cast<int>(scene.bodies.size()) - 1;
}

std::vector<std::string> body_names(const Scene& scene) {
  std::vector<std::string> names;
  for (const Body& b : scene.bodies) names.push_back(b.name);
  return names;
}

std::string scene_repr(const Scene& scene) {
  int dynamic = 0;
  for (const Body& b : scene.bodies) dynamic += b.is_static ? 0 : 1;
  return "<pegsim.Scene: " + std::to_string(scene.bodies.size()) + " bodies (" + std::to_string(dynamic) +
         " dynamic), model " + scene.settings.model + ">";
}

}  // namespace

void bind_scene(py::module_& m) {
  py::class_<Scene> scene(m, "Scene", R"doc(A 2D scene: gravity, friction, settings and bodies.

Create one with Scene.load(path), Scene.from_dict(d), Scene.pour2d(bodies_file) or Scene() and
add_body(...). Invalid input raises SceneError naming the file (or "<dict>"), the body and the field.
Dynamic bodies are stored with their origin at the centre of mass (loading moves the frame, not the
body), as in scene files.)doc");
  scene.def(py::init<>(), "An empty scene: gravity (0, -9.81), no friction, default settings.")
      .def_static("load", &load_scene, py::arg("path"), "Reads a scene JSON file (raises SceneError).")
      .def_static(
          "from_dict", [](const py::dict& d, const std::string& source) { return scene_from_json(to_json(d), source); },
          py::arg("d"), py::arg("source") = "<dict>",
          "A scene from a dict with the scene file's keys; `source` names it in error messages.")
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
           "Every field as a dict (the scene file's keys); Scene.from_dict(s.to_dict()) reproduces s exactly.")
      .def("to_json", [](const Scene& s) { return scene_to_json(s).dump(); }, "The scene as compact JSON text.")
      .def("save", &save_scene, py::arg("path"), "Writes a scene file (raises SceneError when it cannot).")
      .def("add_body", &add_body, py::arg("name"), py::arg("vertices"),
           R"doc(Adds a body and returns its index.

vertices: CCW polygon in the body frame, shape (k, 2) (one vertex: a particle). Keywords as in a
scene file: static, position, angle, velocity, angular_velocity, mass, inertia or density,
friction, spawn_time. Checked like a scene file (raises SceneError).)doc")
      .def("copy", [](const Scene& s) { return Scene(s); }, "An independent copy.")
      .def("__len__", [](const Scene& s) { return s.bodies.size(); })
      .def("__repr__", &scene_repr)
      .def_property_readonly("body_names", &body_names, "Names of the bodies, in order.")
      .def_property_readonly("dimension", [](const Scene&) { return 2; }, "2 (3D scenes: 3).")
      .def_property(
          "gravity", [](const Scene& s) { return vec2_array(s.gravity); },
          [](Scene& s, const py::handle& g) { s.gravity = vec2_from(g, "gravity"); }, "Gravity (m/s^2), shape (2,).")
      .def_readwrite("friction", &Scene::friction, "Default per-body friction coefficient.")
      .def_property_readonly(
          "settings", [](const Scene& s) { return from_json(scene_to_json(s)["settings"]); },
          "The scene's settings (model, time_step, duration, solver, gamma, epsilon, applicability_threshold).")
      .def(py::pickle([](const Scene& s) { return scene_to_json(s).dump(); },
                      [](const std::string& text) { return scene_from_json(nlohmann::json::parse(text), "<pickle>"); }));
}

}  // namespace pegsim::python
