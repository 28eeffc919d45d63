// Field readers shared by the 2D and 3D scene readers (json_reader.h).
#include "json_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace pegsim::scene_json {

namespace {

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

}  // namespace

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

bool contains(const std::vector<std::string>& words, const std::string& word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

std::string suggestion(const std::string& word, const std::vector<std::string>& valid) {
  std::string best;
  std::size_t best_distance = 3;
  for (const auto& v : valid) {
    const std::size_t d = edit_distance(word, v);
    if (d < best_distance) best_distance = d, best = v;
  }
  return best.empty() ? "" : " (did you mean \"" + best + "\"?)";
}

// Arrays and objects are only described: dumping them would recurse without bound on deeply
// nested input.
std::string show(const json& value) {
  const auto count = [](std::size_t n, const char* noun) {
    return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
  };
  // A short flat container is shown as well as counted ("an array of 2 elements [1,0]"). A nested
  // one is only counted: dumping it recurses once per level, and a hostile file nests 1e5 deep.
  // Over 20 entries its text cannot fit in 40 characters, so a large one is neither read nor dumped.
  const auto shown = [](const json& container) {
    if (container.size() > 20) return std::string();
    for (const json& element : container)
      if (element.is_structured()) return std::string();
    const std::string text = container.dump();
    return text.size() <= 40 ? " " + text : std::string();
  };
  if (value.is_array()) return "an array of " + count(value.size(), "element") + shown(value);
  if (value.is_object()) return "an object with " + count(value.size(), "key") + shown(value);
  if (value.is_null()) return "null";
  std::string text = value.dump();
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return std::string(value.type_name()) + " " + text;
}

std::string show(double value, int digits) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
  return buffer;
}

void ObjectReader::fail(const std::string& field, const std::string& reason) const {
  std::string message = source_ + ": ";
  if (!context_.empty()) message += context_ + ": ";
  if (!field.empty()) message += field + ": ";
  throw SceneError(message + reason);
}

void ObjectReader::reject_unknown_keys(const std::vector<std::string>& valid) const {
  for (const auto& item : object_.items()) {
    if (!contains(valid, item.key()))
      fail("", "unknown key \"" + item.key() + "\"" + suggestion(item.key(), valid) + " (valid keys: " + join(valid) +
                   ")");
  }
}

double ObjectReader::checked_number(const json& value, const std::string& field) const {
  if (!value.is_number()) fail(field, "expected a number, got " + show(value));
  const double x = value.get<double>();
  if (!std::isfinite(x)) fail(field, "not a finite number");
  if (std::abs(x) > kMaxMagnitude) fail(field, "magnitude " + show(x) + " is too large (limit 1e12)");
  return x;
}

double ObjectReader::non_negative_or(const std::string& key, double fallback, bool strictly) const {
  if (!has(key)) return fallback;
  const double value = number(key);
  if (strictly ? !(value > 0.0) : !(value >= 0.0))
    fail(key, std::string("must be ") + (strictly ? "positive" : "non-negative") + " (got " + show(value) + ")");
  return value;
}

Vec2 ObjectReader::vec2(const json& value, const std::string& field) const {
  const auto v = numbers<2>(value, field, "[x, y]");
  return Vec2(v[0], v[1]);
}

Vec3 ObjectReader::vec3(const json& value, const std::string& field) const {
  const auto v = numbers<3>(value, field, "[x, y, z]");
  return Vec3(v[0], v[1], v[2]);
}

bool ObjectReader::boolean_or(const std::string& key, bool fallback) const {
  if (!has(key)) return fallback;
  const json& value = object_.at(key);
  if (!value.is_boolean()) fail(key, "expected true or false, got " + show(value));
  return value.get<bool>();
}

std::string ObjectReader::string(const std::string& key) const {
  const json& value = object_.at(key);
  if (!value.is_string()) fail(key, "expected a string, got " + show(value));
  return value.get<std::string>();
}

std::string ObjectReader::choice_or(const std::string& key, const std::string& fallback,
                                    const std::vector<std::string>& valid, const char* what) const {
  if (!has(key)) return fallback;
  const std::string value = string(key);
  if (!contains(valid, value))
    fail(key, std::string("unknown ") + what + " \"" + value + "\"" + suggestion(value, valid) + " (valid: " +
                  join(valid) + ")");
  return value;
}

std::string read_body_name(const json& value, std::size_t index, const std::string& source) {
  const std::string context = "bodies[" + std::to_string(index) + "]";
  const ObjectReader in(value, source, context);
  if (!value.is_object()) in.fail("", "expected an object, got " + show(value));
  if (!value.contains("name")) return "body" + std::to_string(index);
  const std::string name = in.string("name");
  if (name.empty()) in.fail("name", "empty (omit it for the default)");
  return name;
}

std::string body_context(std::size_t index, const std::string& name) {
  return "bodies[" + std::to_string(index) + "] \"" + name + "\"";
}

}  // namespace pegsim::scene_json
