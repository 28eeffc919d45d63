// Polyhedra from files: a JSON object {"vertices": [[x, y, z], ...], "faces": [[i, j, k, ...], ...]}
// (faces optional: the convex hull of the vertices when absent) and Wavefront OBJ (v and f lines;
// f entries may be v, v/vt, v//vn or v/vt/vn, 1-based or negative; other lines ignored). Bad input
// throws SceneError naming the file, the field (or line) and the reason.
#pragma once

#include <pegsim/geometry/polyhedron.h>
#include <pegsim/scene/scene.h>

#include <nlohmann/json.hpp>

#include <string>

namespace pegsim {

// `where` prefixes every message, e.g. "scene.json: bodies[2]".
Polyhedron polyhedron_from_json(const nlohmann::json& object, const std::string& where);
// A 3-vector field: [x, y, z] of finite numbers.
Vec3 vec3_from_json(const nlohmann::json& value, const std::string& where);

Polyhedron polyhedron_from_obj_text(const std::string& text, const std::string& source_name);
Polyhedron load_obj_polyhedron(const std::string& path);

}  // namespace pegsim
