// Internal to the scene reader: the bodies of a 3D scene (format in scene.h), read after
// scene_from_json has found a 3-component gravity.
#pragma once

#include "json_reader.h"

#include <pegsim/dynamics/body3d.h>

#include <vector>

namespace pegsim::scene_json {

// The "bodies" array of `top` as 3D bodies. Mesh paths are relative to the directory of
// top.source() (the scene file). Every error is a SceneError naming file, body and field.
std::vector<Body3d> read_bodies_3d(const ObjectReader& top, const Scene& scene);

}  // namespace pegsim::scene_json
