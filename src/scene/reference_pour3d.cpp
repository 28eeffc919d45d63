// Loading the PEG authors' exported 3D bodies (reference_pour3d.h).
#include <pegsim/scene/json_file.h>
#include <pegsim/scene/polyhedron_files.h>
#include <pegsim/scene/reference_pour3d.h>
#include <pegsim/geometry/mass_properties_3d.h>

#include <cmath>

namespace pegsim {

namespace {

[[noreturn]] void fail(const std::string& where, const std::string& reason) { throw SceneError(where + ": " + reason); }

const nlohmann::json& required(const nlohmann::json& object, const std::string& key, const std::string& where) {
  if (!object.contains(key)) fail(where + ": " + key, "missing");
  return object.at(key);
}

double positive_number(const nlohmann::json& value, const std::string& where) {
  if (!value.is_number() || !(value.get<double>() > 0.0) || !std::isfinite(value.get<double>())) {
    fail(where, "expected a positive number, got " + value.dump());
  }
  return value.get<double>();
}

Mat3 inertia_from_json(const nlohmann::json& value, const std::string& where) {
  if (!value.is_array() || value.size() != 3) fail(where, "expected a 3x3 array");
  Mat3 m;
  for (int r = 0; r < 3; ++r) m.row(r) = vec3_from_json(value[static_cast<std::size_t>(r)], where + "[" + std::to_string(r) + "]");
  return m;
}

ReferenceBody3d body_from_json(const nlohmann::json& object, const std::string& where) {
  if (!object.is_object()) fail(where, "expected an object");
  ReferenceBody3d body;
  body.name = object.value("name", std::string());
  body.shape = polyhedron_from_json(object, where);
  body.mass = positive_number(required(object, "mass", where), where + ": mass");
  body.inertia = inertia_from_json(required(object, "inertia", where), where + ": inertia");
  body.position = vec3_from_json(required(object, "position", where), where + ": position");
  const nlohmann::json& q = required(object, "orientation", where);
  if (!q.is_array() || q.size() != 4 || !q[0].is_number() || !q[1].is_number() || !q[2].is_number() || !q[3].is_number()) {
    fail(where + ": orientation", "expected [w, x, y, z] (4 numbers)");
  }
  body.orientation = quaternion_from_wxyz(Vec4(q[0].get<double>(), q[1].get<double>(), q[2].get<double>(), q[3].get<double>()));
  const double norm = body.orientation.coeffs().norm();
  if (!(std::abs(norm - 1.0) <= 1e-6)) fail(where + ": orientation", "not a unit quaternion (norm " + std::to_string(norm) + ")");
  body.velocity = vec3_from_json(required(object, "velocity", where), where + ": velocity");
  body.angular_velocity = vec3_from_json(required(object, "angular_velocity", where), where + ": angular_velocity");
  const nlohmann::json& spawn = object.contains("spawn_time") ? object.at("spawn_time") : nlohmann::json();
  if (!spawn.is_null()) {
    if (!spawn.is_number()) fail(where + ": spawn_time", "expected a number or null");
    body.spawn_time = spawn.get<double>();
  }
  return body;
}

}  // namespace

ReferenceBodySet3d load_reference_bodies_3d(const std::string& path) {
  const nlohmann::json json = read_json_file(path);
  if (!json.is_object()) fail(path, "expected an object with \"bodies\"");
  ReferenceBodySet3d set;
  set.set = json.value("set", std::string());
  if (json.contains("gravity")) set.gravity = vec3_from_json(json.at("gravity"), path + ": gravity");
  const nlohmann::json& bodies = required(json, "bodies", path);
  if (!bodies.is_array() || bodies.empty()) fail(path + ": bodies", "expected a non-empty array");
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    set.bodies.push_back(body_from_json(bodies[i], path + ": bodies[" + std::to_string(i) + "]"));
  }
  if (json.contains("container")) {
    const nlohmann::json& slabs = json.at("container");
    if (!slabs.is_array()) fail(path + ": container", "expected an array of {name, min, max}");
    for (std::size_t i = 0; i < slabs.size(); ++i) {
      const std::string where = path + ": container[" + std::to_string(i) + "]";
      ReferenceSlab slab;
      slab.name = slabs[i].value("name", std::string());
      slab.min = vec3_from_json(required(slabs[i], "min", where), where + ": min");
      slab.max = vec3_from_json(required(slabs[i], "max", where), where + ": max");
      if (!(slab.min.array() < slab.max.array()).all()) fail(where, "min must be below max on every axis");
      set.container.push_back(slab);
    }
  }
  return set;
}

Body3d body_from_reference(const ReferenceBody3d& stored) {
  const SolidProperties solid = solid_properties(stored.shape);
  Body3d body;
  body.name = stored.name;
  body.shape = transformed(stored.shape, Eigen::Quaterniond::Identity(), -solid.centroid);
  body.mass = stored.mass;
  body.inertia = stored.inertia;
  body.orientation = stored.orientation;
  const Vec3 arm = stored.orientation * solid.centroid;  // stored reference point -> centre of mass
  body.position = stored.position + arm;
  body.velocity = stored.velocity + stored.angular_velocity.cross(arm);
  body.angular_velocity = stored.angular_velocity;
  body.spawn_time = stored.spawn_time;
  return body;
}

}  // namespace pegsim
