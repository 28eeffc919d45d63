// Internal to the scene readers (scene_json.cpp, scene_json_3d.cpp, polyhedron_files.cpp): field
// readers whose every error is a SceneError "source: context: field: reason", with suggestions for
// misspelt keys and a magnitude limit on numbers. Not installed: the public interface is scene.h.
#pragma once

#include <pegsim/dynamics/body.h>
#include <pegsim/scene/scene.h>

#include <nlohmann/json.hpp>

#include <array>
#include <map>
#include <string>
#include <vector>

namespace pegsim::scene_json {

using nlohmann::json;

// Larger magnitudes are rejected so that areas, volumes, moments and energies cannot overflow.
inline constexpr double kMaxMagnitude = 1e12;

std::string join(const std::vector<std::string>& words);
bool contains(const std::vector<std::string>& words, const std::string& word);
// " (did you mean "x"?)" when some valid word is within two edits.
std::string suggestion(const std::string& word, const std::vector<std::string>& valid);
// A value as it appeared in the file, for messages: "null", "number 1e+99", "an array of 2 elements
// [1,0]"; long values cut, long arrays and objects only counted. Shared by every scene and body reader.
std::string show(const json& value);
std::string show(double value, int digits = 6);

// Reads the fields of one JSON object; every error names `source: context: field: reason`.
class ObjectReader {
 public:
  ObjectReader(const json& object, std::string source, std::string context)
      : object_(object), source_(std::move(source)), context_(std::move(context)) {}

  [[noreturn]] void fail(const std::string& field, const std::string& reason) const;
  void reject_unknown_keys(const std::vector<std::string>& valid) const;
  // "source: context" (or "source" at the top level): the prefix of this reader's messages.
  std::string where() const { return context_.empty() ? source_ : source_ + ": " + context_; }
  const std::string& source() const { return source_; }

  bool has(const std::string& key) const { return object_.contains(key); }
  const json& at(const std::string& key) const { return object_.at(key); }

  double checked_number(const json& value, const std::string& field) const;
  double number(const std::string& key) const { return checked_number(object_.at(key), key); }
  double number_or(const std::string& key, double fallback) const { return has(key) ? number(key) : fallback; }
  // A number that must be >= 0 (or > 0 when `strictly`).
  double non_negative_or(const std::string& key, double fallback, bool strictly = false) const;

  // Exactly N numbers; `shape` names them for the message, e.g. "[x, y]".
  template <std::size_t N>
  std::array<double, N> numbers(const json& value, const std::string& field, const char* shape) const {
    if (!value.is_array() || value.size() != N)
      fail(field, std::string("expected ") + shape + " (an array of " + std::to_string(N) + " numbers), got " +
                      show(value));
    std::array<double, N> out{};
    for (std::size_t i = 0; i < N; ++i) out[i] = checked_number(value[i], field + "[" + std::to_string(i) + "]");
    return out;
  }
  Vec2 vec2(const json& value, const std::string& field) const;
  Vec2 vec2_or(const std::string& key, const Vec2& fallback) const {
    return has(key) ? vec2(object_.at(key), key) : fallback;
  }
  Vec3 vec3(const json& value, const std::string& field) const;
  Vec3 vec3_or(const std::string& key, const Vec3& fallback) const {
    return has(key) ? vec3(object_.at(key), key) : fallback;
  }

  bool boolean_or(const std::string& key, bool fallback) const;
  std::string string(const std::string& key) const;
  std::string choice_or(const std::string& key, const std::string& fallback, const std::vector<std::string>& valid,
                        const char* what) const;

 private:
  const json& object_;
  std::string source_;
  std::string context_;
};

// bodies[index]'s name ("body<index>" when absent) after checking the entry is an object.
std::string read_body_name(const json& value, std::size_t index, const std::string& source);
// "bodies[index] \"name\"": the context of a body's messages.
std::string body_context(std::size_t index, const std::string& name);

// The top-level "bodies" array read by `read_body(value, index)`; names must be unique.
template <class BodyT, class ReadBody>
std::vector<BodyT> read_body_array(const ObjectReader& top, ReadBody read_body) {
  if (!top.has("bodies")) top.fail("bodies", "missing (give an array of bodies)");
  const json& value = top.at("bodies");
  if (!value.is_array()) top.fail("bodies", "expected an array, got " + show(value));
  std::vector<BodyT> bodies;
  std::map<std::string, std::size_t> first_index;
  for (std::size_t i = 0; i < value.size(); ++i) {
    bodies.push_back(read_body(value[i], i));
    const auto [where, inserted] = first_index.emplace(bodies.back().name, i);
    if (!inserted)
      top.fail(body_context(i, bodies.back().name), "name: duplicate of bodies[" + std::to_string(where->second) + "]");
  }
  return bodies;
}

}  // namespace pegsim::scene_json
