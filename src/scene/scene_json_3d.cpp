// Reading the bodies of a 3D scene (format in scene.h; shared field readers in json_reader.h).
// Every error is a SceneError naming the file, the body and the field.
#include "scene_json_3d.h"

#include <pegsim/geometry/mass_properties_3d.h>
#include <pegsim/scene/body_frame_3d.h>
#include <pegsim/scene/polyhedron_files.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <stdexcept>

namespace pegsim::scene_json {
namespace {

const std::vector<std::string> kBody3dKeys = {"name",     "static",      "vertices", "faces",
                                              "mesh",     "position",    "orientation", "velocity",
                                              "angular_velocity",        "mass",     "inertia",
                                              "density",  "friction",    "spawn_time"};

// body3d_problem's tolerance: a quaternion further from unit is a typo, not rounding, so it is
// rejected rather than normalised.
constexpr double kUnitQuaternionTolerance = 1e-6;

void reject_unknown_keys(const ObjectReader& in) {
  // 2D's angle is too far from "orientation" for the edit-distance suggestion: name it here.
  if (in.has("angle"))
    in.fail("angle", "unknown key in a 3D scene (did you mean \"orientation\": [w, x, y, z]?)");
  in.reject_unknown_keys(kBody3dKeys);
}

// Relative paths are relative to the scene file's directory, so a scene and its meshes move together.
std::string mesh_path(const ObjectReader& in) {
  const std::string name = in.string("mesh");
  if (name.empty()) in.fail("mesh", "empty (give the path of a Wavefront OBJ file)");
  return (std::filesystem::path(in.source()).parent_path() / name).string();
}

Polyhedron read_mesh(const ObjectReader& in) {
  if (in.has("vertices") || in.has("faces")) in.fail("mesh", "give either mesh or vertices (and faces), not both");
  Polyhedron shape;
  try {
    shape = load_obj_polyhedron(mesh_path(in));
  } catch (const SceneError& e) {
    in.fail("mesh", e.what());
  }
  for (std::size_t i = 0; i < shape.vertices.size(); ++i) {
    if (shape.vertices[i].cwiseAbs().maxCoeff() > kMaxMagnitude)
      in.fail("mesh", "vertex " + std::to_string(i) + ": magnitude too large (limit 1e12)");
  }
  return shape;
}

// The vertices are checked here first for the magnitude limit; polyhedron_from_json then builds the
// hull (no faces) or checks the faces, and names the field in its errors.
Polyhedron read_vertices(const ObjectReader& in, const json& body) {
  if (!in.has("vertices")) in.fail("vertices", "missing (give [[x, y, z], ...], optionally with faces, or a mesh)");
  const json& list = in.at("vertices");
  if (!list.is_array()) in.fail("vertices", "expected an array of [x, y, z], got " + show(list));
  for (std::size_t i = 0; i < list.size(); ++i) in.vec3(list[i], "vertices[" + std::to_string(i) + "]");
  return polyhedron_from_json(body, in.where());
}

Eigen::Quaterniond read_orientation(const ObjectReader& in) {
  if (!in.has("orientation")) return Eigen::Quaterniond::Identity();
  const auto q = in.numbers<4>(in.at("orientation"), "orientation", "[w, x, y, z]");
  const Eigen::Quaterniond orientation = quaternion_from_wxyz(Vec4(q[0], q[1], q[2], q[3]));
  const double norm = orientation.coeffs().norm();
  if (!(std::abs(norm - 1.0) <= kUnitQuaternionTolerance))
    in.fail("orientation", "not a unit quaternion (norm " + show(norm, 10) + ", must be 1 within 1e-6)");
  return orientation;
}

Mat3 read_matrix(const ObjectReader& in, const std::string& key) {
  const json& value = in.at(key);
  if (!value.is_array() || value.size() != 3)
    in.fail(key, "expected a 3x3 array [[Ixx, Ixy, Ixz], [Ixy, Iyy, Iyz], [Ixz, Iyz, Izz]], got " + show(value));
  Mat3 m;
  for (std::size_t r = 0; r < 3; ++r)
    m.row(static_cast<Eigen::Index>(r)) = in.vec3(value[r], key + "[" + std::to_string(r) + "]").transpose();
  return m;
}

// In the body frame about the centre of mass; checked as body3d_problem checks it.
Mat3 read_inertia(const ObjectReader& in) {
  Body3d probe;
  probe.inertia = read_matrix(in, "inertia");
  const std::string problem = body3d_problem(probe);
  if (!problem.empty()) in.fail("inertia", problem);
  return probe.inertia;
}

// Static bodies never move: mass and inertia are unused, so they are only read (a saved scene
// writes whatever they hold).
void read_static_mass(const ObjectReader& in, Body3d& body) {
  if (in.has("density")) in.fail("density", "a static body takes no density");
  body.mass = in.non_negative_or("mass", body.mass);
  if (in.has("inertia")) body.inertia = read_matrix(in, "inertia");
}

// Mass and inertia of a dynamic body: from a density over the polyhedron; from a mass with the
// inertia of the shape scaled to it; or mass and inertia both given.
void read_mass_properties(const ObjectReader& in, Body3d& body) {
  const bool has_density = in.has("density"), has_mass = in.has("mass"), has_inertia = in.has("inertia");
  if (has_density) {
    const double density = in.non_negative_or("density", 0.0, /*strictly=*/true);
    if (has_mass || has_inertia) in.fail("density", "give either density or mass (and optionally inertia), not both");
    const RigidShape3d solid = rigid_shape_from_density(body.shape, density);
    body.mass = solid.mass;
    body.inertia = solid.inertia;
  } else {
    if (!has_mass) in.fail("mass", "missing (a dynamic body needs a mass, optionally with inertia, or a density)");
    body.mass = in.non_negative_or("mass", 0.0, /*strictly=*/true);
    body.inertia = has_inertia ? read_inertia(in) : rigid_shape_from_mass(body.shape, body.mass).inertia;
  }
  // Computed values can underflow, or exceed the limit that reading a saved scene enforces.
  const char* field = has_density ? "density" : "mass";
  const std::string problem = body3d_problem(body);
  if (!problem.empty()) in.fail(field, "gives an invalid body: " + problem);
  if (std::max(body.mass, body.inertia.cwiseAbs().maxCoeff()) > kMaxMagnitude)
    in.fail(field, "gives mass " + show(body.mass) + " and inertia up to " + show(body.inertia.cwiseAbs().maxCoeff()) +
                       " (limit 1e12)");
}

// Moving the frame changes vertices, position and velocity; each must stay within the limit that
// reading the saved scene back enforces.
void check_moved_frame(const ObjectReader& in, const Body3d& body) {
  const auto beyond = [](const Vec3& v) { return v.cwiseAbs().maxCoeff() > kMaxMagnitude; };
  const std::string reason = "magnitude too large (limit 1e12) after moving the frame to the centre of mass";
  for (const Vec3& v : body.shape.vertices)
    if (beyond(v)) in.fail(in.has("mesh") ? "mesh" : "vertices", reason);
  if (beyond(body.position)) in.fail("position", reason);
  if (beyond(body.velocity)) in.fail("velocity", reason);
}

// The engine assumes origin = centre of mass: move the frame, not the body (body_frame_3d.h).
void recentre(const ObjectReader& in, Body3d& body) {
  try {
    recentre_at_centroid(body);
  } catch (const std::invalid_argument& e) {
    in.fail(in.has("mesh") ? "mesh" : "vertices", std::string("cannot move the frame to the centroid: ") + e.what());
  }
  check_moved_frame(in, body);
}

Body3d read_body(const json& value, std::size_t index, const Scene& scene, const std::string& source) {
  Body3d body;
  body.name = read_body_name(value, index, source);
  const ObjectReader in(value, source, body_context(index, body.name));
  reject_unknown_keys(in);
  body.is_static = in.boolean_or("static", false);
  body.shape = in.has("mesh") ? read_mesh(in) : read_vertices(in, value);
  body.position = in.vec3_or("position", Vec3::Zero());
  body.orientation = read_orientation(in);
  body.velocity = in.vec3_or("velocity", Vec3::Zero());
  body.angular_velocity = in.vec3_or("angular_velocity", Vec3::Zero());
  body.friction = in.non_negative_or("friction", scene.friction);
  body.spawn_time = in.non_negative_or("spawn_time", 0.0);
  if (body.is_static) {
    read_static_mass(in, body);  // static bodies keep their frame as given
    return body;
  }
  read_mass_properties(in, body);
  recentre(in, body);
  return body;
}

}  // namespace

std::vector<Body3d> read_bodies_3d(const ObjectReader& top, const Scene& scene) {
  return read_body_array<Body3d>(
      top, [&](const json& value, std::size_t i) { return read_body(value, i, scene, top.source()); });
}

}  // namespace pegsim::scene_json
