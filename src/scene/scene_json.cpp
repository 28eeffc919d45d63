// Reading and validating scene JSON (format in scene.h). Every error is a SceneError naming the
// file, the body (index and name) and the field, so a typo never turns into a silent default.
#include <pegsim/scene/body_frame.h>
#include <pegsim/scene/json_file.h>
#include <pegsim/scene/scene.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

namespace pegsim {
namespace {

using nlohmann::json;

// Larger magnitudes are rejected so that areas, moments and energies cannot overflow.
constexpr double kMaxMagnitude = 1e12;

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

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

bool contains(const std::vector<std::string>& words, const std::string& word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// " (did you mean "x"?)" when some valid word is within two edits.
std::string suggestion(const std::string& word, const std::vector<std::string>& valid) {
  std::string best;
  std::size_t best_distance = 3;
  for (const auto& v : valid) {
    const std::size_t d = edit_distance(word, v);
    if (d < best_distance) best_distance = d, best = v;
  }
  return best.empty() ? "" : " (did you mean \"" + best + "\"?)";
}

// A value as it appeared in the file, shortened for messages. Arrays and objects are only
// described (dumping them would recurse without bound on deeply nested input).
std::string show(const json& value) {
  if (value.is_array()) return "an array of " + std::to_string(value.size()) + " elements";
  if (value.is_object()) return "an object with " + std::to_string(value.size()) + " keys";
  std::string text = value.dump();
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return std::string(value.type_name()) + " " + text;
}

std::string show(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", value);
  return buffer;
}

// Reads the fields of one JSON object; every error names `source: context: field: reason`.
class ObjectReader {
 public:
  ObjectReader(const json& object, std::string source, std::string context)
      : object_(object), source_(std::move(source)), context_(std::move(context)) {}

  [[noreturn]] void fail(const std::string& field, const std::string& reason) const {
    std::string message = source_ + ": ";
    if (!context_.empty()) message += context_ + ": ";
    if (!field.empty()) message += field + ": ";
    throw SceneError(message + reason);
  }

  void reject_unknown_keys(const std::vector<std::string>& valid) const {
    for (const auto& item : object_.items()) {
      if (!contains(valid, item.key()))
        fail("", "unknown key \"" + item.key() + "\"" + suggestion(item.key(), valid) +
                     " (valid keys: " + join(valid) + ")");
    }
  }

  bool has(const std::string& key) const { return object_.contains(key); }
  const json& at(const std::string& key) const { return object_.at(key); }

  double number(const std::string& key, const std::string& field) const {
    return checked_number(object_.at(key), field);
  }
  double number(const std::string& key) const { return number(key, key); }
  double number_or(const std::string& key, double fallback) const { return has(key) ? number(key) : fallback; }

  // A number that must be >= 0 (or > 0 when `strictly`).
  double non_negative_or(const std::string& key, double fallback, bool strictly = false) const {
    if (!has(key)) return fallback;
    const double value = number(key);
    if (strictly ? !(value > 0.0) : !(value >= 0.0))
      fail(key, std::string("must be ") + (strictly ? "positive" : "non-negative") + " (got " + show(value) + ")");
    return value;
  }

  Vec2 vec2(const json& value, const std::string& field) const {
    if (!value.is_array() || value.size() != 2)
      fail(field, "expected [x, y] (an array of 2 numbers), got " + show(value));
    return Vec2(checked_number(value[0], field + "[0]"), checked_number(value[1], field + "[1]"));
  }
  Vec2 vec2_or(const std::string& key, const Vec2& fallback) const {
    return has(key) ? vec2(object_.at(key), key) : fallback;
  }

  bool boolean_or(const std::string& key, bool fallback) const {
    if (!has(key)) return fallback;
    const json& value = object_.at(key);
    if (!value.is_boolean()) fail(key, "expected true or false, got " + show(value));
    return value.get<bool>();
  }

  std::string string(const std::string& key) const {
    const json& value = object_.at(key);
    if (!value.is_string()) fail(key, "expected a string, got " + show(value));
    return value.get<std::string>();
  }

  std::string choice_or(const std::string& key, const std::string& fallback,
                        const std::vector<std::string>& valid, const char* what) const {
    if (!has(key)) return fallback;
    const std::string value = string(key);
    if (!contains(valid, value))
      fail(key, std::string("unknown ") + what + " \"" + value + "\"" + suggestion(value, valid) +
                    " (valid: " + join(valid) + ")");
    return value;
  }

  double checked_number(const json& value, const std::string& field) const {
    if (!value.is_number()) fail(field, "expected a number, got " + show(value));
    const double x = value.get<double>();
    if (!std::isfinite(x)) fail(field, "not a finite number");
    if (std::abs(x) > kMaxMagnitude) fail(field, "magnitude " + show(x) + " is too large (limit 1e12)");
    return x;
  }

 private:
  const json& object_;
  std::string source_;
  std::string context_;
};

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
  std::string context = "bodies[" + std::to_string(index) + "]";
  if (!value.is_object()) ObjectReader(value, source, context).fail("", "expected an object, got " + show(value));
  Body body;
  body.name = "body" + std::to_string(index);
  if (value.contains("name")) {
    body.name = ObjectReader(value, source, context).string("name");
    if (body.name.empty()) ObjectReader(value, source, context).fail("name", "empty (omit it for the default)");
  }
  context += " \"" + body.name + "\"";
  const ObjectReader in(value, source, context);
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

std::vector<Body> read_bodies(const ObjectReader& top, const Scene& scene, const std::string& source) {
  if (!top.has("bodies")) top.fail("bodies", "missing (give an array of bodies)");
  const json& value = top.at("bodies");
  if (!value.is_array()) top.fail("bodies", "expected an array, got " + show(value));
  std::vector<Body> bodies;
  std::map<std::string, std::size_t> first_index;
  for (std::size_t i = 0; i < value.size(); ++i) {
    bodies.push_back(read_body(value[i], i, scene, source));
    const auto [where, inserted] = first_index.emplace(bodies.back().name, i);
    if (!inserted)
      top.fail("bodies[" + std::to_string(i) + "] \"" + bodies.back().name + "\"",
               "name: duplicate of bodies[" + std::to_string(where->second) + "]");
  }
  return bodies;
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
  scene.gravity = top.vec2_or("gravity", scene.gravity);
  scene.friction = top.non_negative_or("friction", scene.friction);
  scene.friction_rule = top.choice_or("friction_rule", scene.friction_rule, kFrictionRules, "friction rule");
  if (top.has("settings")) scene.settings = read_settings(top.at("settings"), source_name);
  scene.bodies = read_bodies(top, scene, source_name);
  return scene;
}

Scene load_scene(const std::string& path) { return scene_from_json(read_json_file(path), path); }

}  // namespace pegsim
