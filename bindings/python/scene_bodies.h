// A scene's bodies by index whatever its dimension (Scene::bodies in 2D, Scene::bodies3d in 3D), for
// the Scene and Simulation bindings: names and the static flag.
#pragma once

#include <pegsim/scene/scene.h>

#include <string>
#include <vector>

namespace pegsim::python {

inline const std::string& body_name(const Scene& scene, std::size_t i) {
  return scene.is_3d() ? scene.bodies3d[i].name : scene.bodies[i].name;
}

inline bool body_is_static(const Scene& scene, std::size_t i) {
  return scene.is_3d() ? scene.bodies3d[i].is_static : scene.bodies[i].is_static;
}

inline std::vector<std::string> body_names(const Scene& scene) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < scene.body_count(); ++i) names.push_back(body_name(scene, i));
  return names;
}

}  // namespace pegsim::python
