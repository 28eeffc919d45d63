// Scenes: gravity, friction, settings and bodies, read from and written to JSON.
//
// {"gravity": [0, -9.81], "friction": 0.3,
//  "settings": {"model": "standard", "time_step": 0.01, "duration": 2.0},
//  "bodies": [{"name": "floor", "static": true, "vertices": [[-1,-0.4],[1,-0.4],[1,0],[-1,0]],
//              "position": [0, 0], "angle": 0}, ...]}
// Body keys: name, static, vertices (CCW, body frame), position, angle, velocity,
// angular_velocity, mass, inertia | density, friction, spawn_time.
// Top level also: friction_rule (geometric | min | max | average), description (free text, not kept).
// Settings keys: model, time_step, duration, solver, gamma, epsilon, applicability_threshold.
// Frames: the engine needs a dynamic body's origin at its centre of mass. When a dynamic body's
// area centroid c (a particle: its vertex) is not at the origin, loading moves the frame, not the
// body: vertices -= c, position += R(angle) c, velocity += omega * perp(R(angle) c)
// (scene/body_frame.h); inertia is taken to be about the centroid. With density,
// mass = density * area and inertia = density * polar moment about the centroid. Static bodies keep
// their frame and need no mass. Every invalid or unknown field is a SceneError (scene_json.cpp).
//
// 3D: a 3-component gravity makes the scene 3D (dimension 3, gravity3d, bodies3d; top-level keys as
// in 2D). Body keys: name, static, vertices ([[x,y,z], ...]: their convex hull, or with faces: vertex-
// index loops, CCW seen from outside) | mesh (Wavefront OBJ, relative to the scene file's directory),
// position, orientation ([w,x,y,z], unit within 1e-6, not normalised), velocity, angular_velocity
// (world frame), mass [inertia: 3x3, body frame, about the centroid; default: the shape's scaled to
// the mass] | density, friction, spawn_time. Frames as in 2D with the solid centroid: vertices -= c,
// position += R c, velocity += omega x (R c) (scene/body_frame_3d.h). Saving writes vertices and
// faces, mass and inertia (scene_json_3d.cpp, scene_save.cpp).
#pragma once

#include <pegsim/dynamics/body.h>
#include <pegsim/dynamics/body3d.h>

#include <nlohmann/json_fwd.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace pegsim {

struct SceneSettings {
  std::string model = "standard";
  double time_step = 0.01;
  double duration = 1.0;
  std::string solver = "auto";
  double gamma = 0.0;     // 0: automatic
  double epsilon = 0.0;   // 0: automatic
  double applicability_threshold = -0.2;
};

struct Scene {
  Vec2 gravity = Vec2(0.0, -9.81);
  double friction = 0.0;  // default per-body coefficient
  std::string friction_rule = "geometric";  // pair rule: geometric mean | min | max | average
  SceneSettings settings;
  std::vector<Body> bodies;
  // 3D (issue 12 item 7): a scene is 3D when its gravity has 3 components; then gravity3d and
  // bodies3d hold it and `bodies` is empty (scene_json_3d.cpp).
  int dimension = 2;
  Vec3 gravity3d = Vec3(0.0, 0.0, -9.81);
  std::vector<Body3d> bodies3d;
  bool is_3d() const { return dimension == 3; }
  std::size_t body_count() const { return is_3d() ? bodies3d.size() : bodies.size(); }
};

// Invalid input: the message names the file, the body (name or index) and the field.
class SceneError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

Scene scene_from_json(const nlohmann::json& json, const std::string& source_name = "<scene>");
Scene load_scene(const std::string& path);  // throws SceneError (also for unreadable files)
nlohmann::json scene_to_json(const Scene& scene);
void save_scene(const Scene& scene, const std::string& path);

// Pair friction coefficient from the two bodies' values by the scene's rule.
double combine_friction(const Scene& scene, const Body& a, const Body& b);

}  // namespace pegsim
