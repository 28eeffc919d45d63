// Writing scenes: every field explicitly (mass and inertia, never density), so that
// load_scene(save_scene(s)) reproduces s field by field.
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
  out["gravity"] = vec2_json<Json>(scene.gravity);
  out["friction"] = scene.friction;
  out["friction_rule"] = scene.friction_rule;
  out["settings"] = settings_json<Json>(scene.settings);
  Json bodies = Json::array();
  for (const Body& body : scene.bodies) bodies.push_back(body_json<Json>(body));
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

}  // namespace

// Non-finite numbers become null (JSON has no NaN), which load_scene rejects.
nlohmann::json scene_to_json(const Scene& scene) { return scene_json_as<nlohmann::json>(scene); }

void save_scene(const Scene& scene, const std::string& path) {
  for (const Body& body : scene.bodies)
    if (!all_finite(body)) throw SceneError(path + ": cannot save body \"" + body.name + "\": non-finite state");
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) throw SceneError(path + ": cannot open file for writing");
  file << scene_text(scene_json_as<ordered_json>(scene));
  file.close();
  if (!file) throw SceneError(path + ": write failed");
}

}  // namespace pegsim
