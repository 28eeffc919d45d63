// Reading polyhedra from JSON and OBJ (polyhedron_files.h).
#include <pegsim/scene/polyhedron_files.h>

#include "json_reader.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace pegsim {

namespace {

using scene_json::show;

[[noreturn]] void fail(const std::string& where, const std::string& reason) { throw SceneError(where + ": " + reason); }

std::vector<std::vector<int>> faces_from_json(const nlohmann::json& value, const std::string& where) {
  if (!value.is_array()) fail(where, "expected an array of vertex-index loops, got " + show(value));
  std::vector<std::vector<int>> faces;
  for (std::size_t f = 0; f < value.size(); ++f) {
    const std::string field = where + "[" + std::to_string(f) + "]";
    if (!value[f].is_array()) fail(field, "expected an array of vertex indices, got " + show(value[f]));
    std::vector<int> loop;
    for (std::size_t k = 0; k < value[f].size(); ++k) {
      const nlohmann::json& index = value[f][k];
      if (!index.is_number_integer()) {
        fail(field + "[" + std::to_string(k) + "]", "expected a vertex index (integer), got " + show(index));
      }
      loop.push_back(index.get<int>());
    }
    faces.push_back(std::move(loop));
  }
  return faces;
}

Polyhedron build(const std::vector<Vec3>& vertices, const std::vector<std::vector<int>>* faces, const std::string& where) {
  try {
    return faces ? polyhedron_from_faces(vertices, *faces) : polyhedron_from_points(vertices);
  } catch (const std::invalid_argument& e) {
    fail(where, std::string(faces ? "invalid polyhedron: " : "degenerate hull: ") + e.what());
  } catch (const std::runtime_error& e) {
    fail(where, e.what());
  }
}

// One OBJ face entry "v", "v/vt", "v//vn" or "v/vt/vn" -> 0-based vertex index.
int obj_vertex_index(const std::string& entry, int vertex_count, const std::string& where) {
  const std::string head = entry.substr(0, entry.find('/'));
  std::size_t used = 0;
  int index = 0;
  try {
    index = std::stoi(head, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != head.size() || head.empty()) fail(where, "bad vertex reference \"" + entry + "\"");
  const int zero_based = index > 0 ? index - 1 : vertex_count + index;
  if (index == 0 || zero_based < 0 || zero_based >= vertex_count) {
    fail(where, "vertex reference " + std::to_string(index) + " out of range (" + std::to_string(vertex_count) +
                    " vertices so far)");
  }
  return zero_based;
}

}  // namespace

Vec3 vec3_from_json(const nlohmann::json& value, const std::string& where) {
  if (!value.is_array() || value.size() != 3) fail(where, "expected [x, y, z] (an array of 3 numbers), got " + show(value));
  Vec3 v;
  for (int i = 0; i < 3; ++i) {
    const nlohmann::json& c = value[static_cast<std::size_t>(i)];
    if (!c.is_number()) fail(where + "[" + std::to_string(i) + "]", "expected a number, got " + show(c));
    v[i] = c.get<double>();
    if (!std::isfinite(v[i])) fail(where + "[" + std::to_string(i) + "]", "not a finite number");
  }
  return v;
}

Polyhedron polyhedron_from_json(const nlohmann::json& object, const std::string& where) {
  if (!object.is_object()) fail(where, "expected an object with \"vertices\", got " + show(object));
  if (!object.contains("vertices")) fail(where + ": vertices", "missing (an array of [x, y, z])");
  const nlohmann::json& list = object.at("vertices");
  if (!list.is_array()) fail(where + ": vertices", "expected an array of [x, y, z], got " + show(list));
  std::vector<Vec3> vertices;
  for (std::size_t i = 0; i < list.size(); ++i) {
    vertices.push_back(vec3_from_json(list[i], where + ": vertices[" + std::to_string(i) + "]"));
  }
  if (!object.contains("faces")) return build(vertices, nullptr, where + ": vertices");
  const std::vector<std::vector<int>> faces = faces_from_json(object.at("faces"), where + ": faces");
  return build(vertices, &faces, where + ": faces");
}

Polyhedron polyhedron_from_obj_text(const std::string& text, const std::string& source_name) {
  std::vector<Vec3> vertices;
  std::vector<std::vector<int>> faces;
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    const std::string where = source_name + ": line " + std::to_string(number);
    std::istringstream words(line);
    std::string tag;
    if (!(words >> tag) || tag[0] == '#') continue;
    if (tag == "v") {
      Vec3 v;
      if (!(words >> v.x() >> v.y() >> v.z()) || !v.allFinite()) fail(where, "expected \"v x y z\" with 3 finite numbers");
      vertices.push_back(v);
    } else if (tag == "f") {
      std::vector<int> loop;
      std::string entry;
      while (words >> entry) loop.push_back(obj_vertex_index(entry, static_cast<int>(vertices.size()), where));
      if (loop.size() < 3) fail(where, "a face needs at least 3 vertices");
      faces.push_back(std::move(loop));
    }
  }
  if (faces.empty()) fail(source_name, "no faces (f lines)");
  return build(vertices, &faces, source_name + ": faces");
}

Polyhedron load_obj_polyhedron(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw SceneError(path + ": cannot open file (" + std::strerror(errno) + ")");
  std::stringstream text;
  text << file.rdbuf();
  if (file.bad()) throw SceneError(path + ": cannot read file");
  return polyhedron_from_obj_text(text.str(), path);
}

}  // namespace pegsim
