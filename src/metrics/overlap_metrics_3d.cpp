// Exact overlap between polyhedra: the 3D pour's accuracy metric (PEG §5.2: summed pairwise
// intersection volume, static–static pairs excluded) and the largest penetration depth (SAT,
// geometry/penetration_3d.h). Boxes first: most pairs are far apart.
#include <pegsim/metrics/metrics.h>

#include <pegsim/geometry/overlap_3d.h>
#include <pegsim/geometry/penetration_3d.h>
#include <pegsim/proximity/broad_phase_3d.h>

#include <algorithm>

namespace pegsim {

OverlapStats measure_overlap_3d(const std::vector<Body3d>& bodies, const std::vector<char>& active) {
  const std::size_t n = bodies.size();
  std::vector<Polyhedron> world(n);
  std::vector<Aabb3d> boxes(n);
  std::vector<char> take(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    if (i >= active.size() || !active[i]) continue;
    world[i] = bodies[i].world_shape();
    boxes[i] = grown_bounds_3d(world[i].vertices, 0.0);
    take[i] = 1;
  }
  OverlapStats stats;
  for (const auto& [i, j] : sweep_and_prune_3d(boxes, take)) {
    const auto a = static_cast<std::size_t>(i), b = static_cast<std::size_t>(j);
    if (bodies[a].is_static && bodies[b].is_static) continue;
    const double volume = convex_overlap_volume(world[a], world[b]);
    const double depth = penetration_depth_3d(world[a], world[b]);
    if (volume > 0.0 || depth > 0.0) ++stats.overlapping_pairs;
    stats.total_area += volume;
    stats.max_depth = std::max(stats.max_depth, depth);
  }
  return stats;
}

OverlapStats measure_overlap(const Scene& scene, const std::vector<char>& active) {
  return scene.is_3d() ? measure_overlap_3d(scene.bodies3d, active) : measure_overlap(scene.bodies, active);
}

}  // namespace pegsim
