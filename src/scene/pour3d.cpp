// The authors' 3D pour as a scene (pour3d.h).
#include <pegsim/scene/pour3d.h>

#include <pegsim/scene/reference_pour3d.h>

#include <cmath>
#include <stdexcept>

namespace pegsim {

int pour3d_interval_steps(double h) {
  if (!(h > 0.0) || !std::isfinite(h)) throw std::invalid_argument("pour3d: the time step must be positive");
  // 0.5 / h is computed the authors' way; + 1e-9 makes exact halves (62.5) round up despite rounding.
  return static_cast<int>(std::floor(kPour3dSpawnInterval / h + 0.5 + 1e-9));
}

Body3d container_slab_body(const ReferenceSlab& slab, double friction) {
  Body3d body;
  body.name = slab.name;
  body.is_static = true;
  body.friction = friction;
  const Vec3 centre = 0.5 * (slab.min + slab.max);
  body.shape = box_polyhedron(slab.min - centre, slab.max - centre);
  body.position = centre;
  return body;
}

Scene make_pour3d_from_reference(const std::string& bodies_json_path, double h, double duration, double friction) {
  const int interval = pour3d_interval_steps(h);
  if (!(duration > 0.0) || !std::isfinite(duration)) throw std::invalid_argument("pour3d: the duration must be positive");
  const ReferenceBodySet3d set = load_reference_bodies_3d(bodies_json_path);
  if (set.container.empty() || set.bodies.empty()) {
    throw SceneError(bodies_json_path + ": no container or no bodies (expected bodies_icosahedra.json)");
  }
  Scene scene;
  scene.dimension = 3;
  scene.gravity3d = set.gravity;
  scene.friction = friction;
  scene.settings.model = "standard";
  scene.settings.time_step = h;
  scene.settings.duration = duration;
  for (const ReferenceSlab& slab : set.container) scene.bodies3d.push_back(container_slab_body(slab, friction));
  const long steps = static_cast<long>(std::floor(duration / h + 1e-9));
  for (std::size_t j = 0; j < set.bodies.size(); ++j) {
    const long first_step = 1 + static_cast<long>(j) * interval;
    if (first_step > steps) break;
    Body3d body = body_from_reference(set.bodies[j]);
    body.spawn_time = static_cast<double>(j) * interval * h;
    body.friction = friction;
    scene.bodies3d.push_back(std::move(body));
  }
  return scene;
}

}  // namespace pegsim
