// Writing scenes: every field explicitly (mass and inertia, never density; in 3D the polyhedron's
// vertices and faces, never a mesh path), so that load_scene(save_scene(s)) reproduces s field by field.
#include <pegsim/scene/scene.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <stdexcept>

namespace pegsim {
namespace {

using nlohmann::ordered_json;

// Built as nlohmann::json (scene_to_json) or as ordered_json (files keep the documented key order).
template <class Json>
Json vec2_json(const Vec2& v) { return Json::array({v.x(), v.y()}); }

template <class Json>
Json body_json(const Body& body) {
  Json out;
  out["name"] = body.name;
  out["static"] = body.is_static;
  Json vertices = Json::array();
  for (const Vec2& v : body.local_vertices) vertices.push_back(vec2_json<Json>(v));
  out["vertices"] = vertices;
  out["position"] = vec2_json<Json>(body.position);
  out["angle"] = body.angle;
  out["velocity"] = vec2_json<Json>(body.velocity);
  out["angular_velocity"] = body.angular_velocity;
  out["mass"] = body.mass;
  out["inertia"] = body.inertia;
  out["friction"] = body.friction;
  out["spawn_time"] = body.spawn_time;
  return out;
}

template <class Json>
Json vec3_json(const Vec3& v) { return Json::array({v.x(), v.y(), v.z()}); }

// Vertices and face loops: reading them back (polyhedron_from_faces) rebuilds the same polyhedron.
template <class Json>
void polyhedron_json(const Polyhedron& shape, Json& out) {
  Json vertices = Json::array();
  for (const Vec3& v : shape.vertices) vertices.push_back(vec3_json<Json>(v));
  out["vertices"] = vertices;
  Json faces = Json::array();
  for (const PolyhedronFace& face : shape.faces) faces.push_back(Json(face.vertices));
  out["faces"] = faces;
}

template <class Json>
Json body3d_json(const Body3d& body) {
  Json out;
  out["name"] = body.name;
  out["static"] = body.is_static;
  polyhedron_json(body.shape, out);
  out["position"] = vec3_json<Json>(body.position);
  const Vec4 q = wxyz(body.orientation);
  out["orientation"] = Json::array({q[0], q[1], q[2], q[3]});
  out["velocity"] = vec3_json<Json>(body.velocity);
  out["angular_velocity"] = vec3_json<Json>(body.angular_velocity);
  out["mass"] = body.mass;
  Json inertia = Json::array();
  for (int r = 0; r < 3; ++r) inertia.push_back(vec3_json<Json>(body.inertia.row(r).transpose()));
  out["inertia"] = inertia;
  out["friction"] = body.friction;
  out["spawn_time"] = body.spawn_time;
  return out;
}

template <class Json>
Json settings_json(const SceneSettings& s) {
  Json out;
  out["model"] = s.model;
  out["time_step"] = s.time_step;
  out["duration"] = s.duration;
  out["solver"] = s.solver;
  out["gamma"] = s.gamma;
  out["epsilon"] = s.epsilon;
  out["applicability_threshold"] = s.applicability_threshold;
  return out;
}

template <class Json>
Json scene_json_as(const Scene& scene) {
  Json out;
  out["gravity"] = scene.is_3d() ? vec3_json<Json>(scene.gravity3d) : vec2_json<Json>(scene.gravity);
  out["friction"] = scene.friction;
  out["friction_rule"] = scene.friction_rule;
  out["settings"] = settings_json<Json>(scene.settings);
  Json bodies = Json::array();
  for (const Body& body : scene.bodies) bodies.push_back(body_json<Json>(body));
  for (const Body3d& body : scene.bodies3d) bodies.push_back(body3d_json<Json>(body));
  out["bodies"] = bodies;
  return out;
}

// One line per value below the top level ({"a": 1, "b": [2, 3]}), numbers in nlohmann's
// shortest round-trip form.
std::string inline_text(const ordered_json& value) {
  if (value.is_object()) {
    std::string text = "{";
    for (const auto& item : value.items())
      text += (text.size() > 1 ? ", " : "") + ordered_json(item.key()).dump() + ": " + inline_text(item.value());
    return text + "}";
  }
  if (value.is_array()) {
    std::string text = "[";
    for (const auto& element : value) text += (text.size() > 1 ? ", " : "") + inline_text(element);
    return text + "]";
  }
  return value.dump();
}

// The top level one key per line and the bodies one per line: readable and diff-friendly.
std::string scene_text(const ordered_json& scene) {
  std::string text = "{\n";
  bool first = true;
  for (const auto& item : scene.items()) {
    text += first ? "" : ",\n";
    first = false;
    text += "  " + ordered_json(item.key()).dump() + ": ";
    if (item.key() == "bodies") {
      text += "[";
      for (std::size_t i = 0; i < item.value().size(); ++i)
        text += (i == 0 ? "\n    " : ",\n    ") + inline_text(item.value()[i]);
      text += item.value().empty() ? "]" : "\n  ]";
    } else {
      text += inline_text(item.value());
    }
  }
  return text + "\n}\n";
}

bool all_finite(const Body& body) {
  for (const Vec2& v : body.local_vertices)
    if (!v.allFinite()) return false;
  return body.position.allFinite() && body.velocity.allFinite() && std::isfinite(body.angle) &&
         std::isfinite(body.angular_velocity) && std::isfinite(body.mass) && std::isfinite(body.inertia) &&
         std::isfinite(body.friction) && std::isfinite(body.spawn_time);
}

bool all_finite(const Body3d& body) {
  for (const Vec3& v : body.shape.vertices)
    if (!v.allFinite()) return false;
  return body.position.allFinite() && body.orientation.coeffs().allFinite() && body.velocity.allFinite() &&
         body.angular_velocity.allFinite() && std::isfinite(body.mass) && body.inertia.allFinite() &&
         std::isfinite(body.friction) && std::isfinite(body.spawn_time);
}

// Every body finite, and the bodies of one dimension only (the scene's).
void check_savable(const Scene& scene, const std::string& path) {
  if (scene.is_3d() ? !scene.bodies.empty() : !scene.bodies3d.empty())
    throw SceneError(path + ": cannot save a " + std::to_string(scene.dimension) +
                     "D scene holding bodies of the other dimension");
  for (const Body& body : scene.bodies)
    if (!all_finite(body)) throw SceneError(path + ": cannot save body \"" + body.name + "\": non-finite state");
  for (const Body3d& body : scene.bodies3d)
    if (!all_finite(body)) throw SceneError(path + ": cannot save body \"" + body.name + "\": non-finite state");
}

}  // namespace

// Non-finite numbers become null (JSON has no NaN), which load_scene rejects.
nlohmann::json scene_to_json(const Scene& scene) { return scene_json_as<nlohmann::json>(scene); }

void save_scene(const Scene& scene, const std::string& path) {
  check_savable(scene, path);
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) throw SceneError(path + ": cannot open file for writing");
  file << scene_text(scene_json_as<ordered_json>(scene));
  file.close();
  if (!file) throw SceneError(path + ": write failed");
}

}  // namespace pegsim
