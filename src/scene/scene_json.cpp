// Reading and validating scene JSON (format in scene.h). Every error is a SceneError naming the
// file, the body (index and name) and the field, so a typo never turns into a silent default.
#include "json_reader.h"
#include "scene_json_3d.h"

#include <pegsim/scene/body_frame.h>
#include <pegsim/scene/json_file.h>
#include <pegsim/scene/scene.h>

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

namespace pegsim {
namespace {

using nlohmann::json;
using namespace scene_json;

const std::vector<std::string> kTopLevelKeys = {"gravity", "friction", "friction_rule", "settings", "bodies",
                                                "description"};
const std::vector<std::string> kSettingsKeys = {"model", "time_step", "duration", "solver",
                                                "gamma", "epsilon", "applicability_threshold"};
const std::vector<std::string> kBodyKeys = {"name",     "static",  "vertices", "position", "angle",
                                            "velocity", "angular_velocity", "mass", "inertia",
                                            "density",  "friction", "spawn_time"};
// Same names as make_contact_model / parse_solver_kind; kept here so reading a scene does not
// depend on the engine.
const std::vector<std::string> kModelNames = {"standard", "egan-max", "egan-sum", "lnc",
                                              "lnc-accurate", "peg", "peg-accurate"};
const std::vector<std::string> kSolverNames = {"auto", "lemke", "newton", "pgs", "enumerate"};
const std::vector<std::string> kFrictionRules = {"geometric", "min", "max", "average"};

SceneSettings read_settings(const json& value, const std::string& source) {
  SceneSettings settings;
  if (!value.is_object()) ObjectReader(json::object(), source, "").fail("settings", "expected an object, got " + show(value));
  const ObjectReader in(value, source, "settings");
  in.reject_unknown_keys(kSettingsKeys);
  settings.model = in.choice_or("model", settings.model, kModelNames, "model");
  settings.time_step = in.non_negative_or("time_step", settings.time_step, /*strictly=*/true);
  settings.duration = in.non_negative_or("duration", settings.duration);
  settings.solver = in.choice_or("solver", settings.solver, kSolverNames, "solver");
  settings.gamma = in.non_negative_or("gamma", settings.gamma);
  settings.epsilon = in.non_negative_or("epsilon", settings.epsilon);
  settings.applicability_threshold = in.number_or("applicability_threshold", settings.applicability_threshold);
  if (std::abs(settings.applicability_threshold) > 1.0)
    in.fail("applicability_threshold", "must be in [-1, 1] (it bounds a cosine; got " +
                                           show(settings.applicability_threshold) + ")");
  return settings;
}

Polygon read_vertices(const ObjectReader& in) {
  if (!in.has("vertices")) in.fail("vertices", "missing (give [[x, y], ...]: >= 3 counter-clockwise vertices, or 1 for a particle)");
  const json& value = in.at("vertices");
  if (!value.is_array()) in.fail("vertices", "expected an array of [x, y], got " + show(value));
  if (value.empty()) in.fail("vertices", "empty (give >= 3 counter-clockwise vertices, or 1 for a particle)");
  Polygon polygon;
  for (std::size_t i = 0; i < value.size(); ++i)
    polygon.push_back(in.vec2(value[i], "vertices[" + std::to_string(i) + "]"));
  if (polygon.size() == 1) return polygon;
  const std::string problem = polygon_problem(polygon);
  if (problem.empty()) return polygon;
  Polygon reversed(polygon.rbegin(), polygon.rend());
  if (polygon.size() >= 3 && signed_area(polygon) < 0.0 && polygon_problem(reversed).empty())
    in.fail("vertices", "clockwise polygon (reverse the vertex order)");
  in.fail("vertices", problem);
}

// Mass and inertia of a dynamic body: given directly, or from a density over the polygon.
void read_mass_properties(const ObjectReader& in, Body& body) {
  const bool has_density = in.has("density"), has_mass = in.has("mass"), has_inertia = in.has("inertia");
  if (has_density) {
    const double density = in.non_negative_or("density", 0.0, /*strictly=*/true);
    if (has_mass || has_inertia)
      in.fail("density", "give either density or mass and inertia, not both");
    if (body.is_particle())
      in.fail("density", "a particle has no area: give it a mass instead");
    body.mass = density * signed_area(body.local_vertices);
    body.inertia = density * polar_moment_about_centroid(body.local_vertices);
    if (!(std::isfinite(body.mass) && body.mass > 0.0 && std::isfinite(body.inertia) && body.inertia > 0.0))
      in.fail("density", "gives mass " + show(body.mass) + " and inertia " + show(body.inertia) +
                             " (need finite positive values)");
    return;
  }
  if (body.is_particle()) {
    if (!has_mass) in.fail("mass", "missing (a dynamic particle needs a mass)");
    body.mass = in.non_negative_or("mass", 0.0, /*strictly=*/true);
    body.inertia = in.non_negative_or("inertia", 0.0);
    return;
  }
  if (!has_mass) in.fail("mass", "missing (a dynamic polygon needs mass and inertia, or density)");
  if (!has_inertia) in.fail("inertia", "missing (give the moment of inertia about the centroid, or density instead of mass)");
  body.mass = in.non_negative_or("mass", 0.0, /*strictly=*/true);
  body.inertia = in.non_negative_or("inertia", 0.0, /*strictly=*/true);
}

Body read_body(const json& value, std::size_t index, const Scene& scene, const std::string& source) {
  Body body;
  body.name = read_body_name(value, index, source);
  const ObjectReader in(value, source, body_context(index, body.name));
  in.reject_unknown_keys(kBodyKeys);
  body.is_static = in.boolean_or("static", false);
  body.local_vertices = read_vertices(in);
  body.position = in.vec2_or("position", Vec2::Zero());
  body.angle = in.number_or("angle", 0.0);
  body.velocity = in.vec2_or("velocity", Vec2::Zero());
  body.angular_velocity = in.number_or("angular_velocity", 0.0);
  body.friction = in.non_negative_or("friction", scene.friction);
  body.spawn_time = in.non_negative_or("spawn_time", 0.0);
  if (body.is_static) {
    // Static bodies never move: their mass properties are unused, and their frame is kept as given.
    if (in.has("density")) in.fail("density", "a static body takes no density");
    body.mass = in.non_negative_or("mass", body.mass);
    body.inertia = in.non_negative_or("inertia", body.inertia);
    return body;
  }
  read_mass_properties(in, body);
  // The engine assumes origin = centre of mass: move the frame, not the body (body_frame.h).
  recentre_at_centroid(body);
  return body;
}

std::vector<Body> read_bodies(const ObjectReader& top, const Scene& scene) {
  return read_body_array<Body>(
      top, [&](const json& value, std::size_t i) { return read_body(value, i, scene, top.source()); });
}

// The gravity's length decides the scene's dimension: [x, y] is 2D, [x, y, z] is 3D.
void read_gravity(const ObjectReader& top, Scene& scene) {
  if (!top.has("gravity")) return;
  const json& value = top.at("gravity");
  if (value.is_array() && value.size() == 3) {
    scene.dimension = 3;
    scene.gravity3d = top.vec3(value, "gravity");
    return;
  }
  if (!value.is_array() || value.size() != 2)
    top.fail("gravity", "expected [x, y] (2D) or [x, y, z] (3D), got " + show(value));
  scene.gravity = top.vec2(value, "gravity");
}

// Line and column (1-based) of a byte offset, for JSON syntax errors.
std::pair<std::size_t, std::size_t> line_and_column(const std::string& text, std::size_t offset) {
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') ++line, column = 1;
    else ++column;
  }
  return {line, column};
}

}  // namespace

nlohmann::json parse_json_text(const std::string& text, const std::string& source_name) {
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    // e.byte is the 1-based position of the offending character.
    const auto [line, column] = line_and_column(text, e.byte > 0 ? e.byte - 1 : 0);
    std::string reason = e.what();
    const std::size_t at = reason.find("column ");
    const std::size_t colon = at == std::string::npos ? std::string::npos : reason.find(": ", at);
    if (colon != std::string::npos) reason = reason.substr(colon + 2);
    throw SceneError(source_name + ": line " + std::to_string(line) + ", column " + std::to_string(column) +
                     ": invalid JSON: " + reason);
  } catch (const json::exception& e) {
    // Number overflow (1e999) is reported as out_of_range without a position: find the literal.
    std::string reason = e.what();
    const std::size_t bracket = reason.find("] ");
    if (bracket != std::string::npos) reason = reason.substr(bracket + 2);
    std::string where;
    const std::size_t open = reason.find('\''), close = reason.rfind('\'');
    if (open != std::string::npos && close > open + 1) {
      const std::size_t offset = text.find(reason.substr(open + 1, close - open - 1));
      if (offset != std::string::npos) {
        const auto [line, column] = line_and_column(text, offset);
        where = "line " + std::to_string(line) + ", column " + std::to_string(column) + ": ";
      }
    }
    throw SceneError(source_name + ": " + where + "invalid JSON: " + reason);
  }
}

nlohmann::json read_json_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw SceneError(path + ": cannot open file (" + std::strerror(errno) + ")");
  std::ostringstream text;
  text << file.rdbuf();
  if (file.bad()) throw SceneError(path + ": cannot read file");
  return parse_json_text(text.str(), path);
}

Scene scene_from_json(const nlohmann::json& json, const std::string& source_name) {
  if (!json.is_object())
    throw SceneError(source_name + ": expected a JSON object at the top level, got " + show(json));
  const ObjectReader top(json, source_name, "");
  top.reject_unknown_keys(kTopLevelKeys);
  Scene scene;
  if (top.has("description")) top.string("description");
  read_gravity(top, scene);
  scene.friction = top.non_negative_or("friction", scene.friction);
  scene.friction_rule = top.choice_or("friction_rule", scene.friction_rule, kFrictionRules, "friction rule");
  if (top.has("settings")) scene.settings = read_settings(top.at("settings"), source_name);
  if (scene.is_3d()) {
    scene.bodies3d = read_bodies_3d(top, scene);
  } else {
    scene.bodies = read_bodies(top, scene);
  }
  return scene;
}

Scene load_scene(const std::string& path) { return scene_from_json(read_json_file(path), path); }

}  // namespace pegsim
