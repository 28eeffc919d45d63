// Exact overlap between bodies: the accuracy metric of the pouring experiments (PEG sec. 6:
// summed pairwise intersection area over all pairs except static–static) and the largest
// penetration depth (particles have no area, so depth is what measures them).
#include <pegsim/metrics/metrics.h>

#include <pegsim/geometry/overlap.h>

#include <algorithm>

namespace pegsim {

OverlapStats measure_overlap(const std::vector<Body>& bodies, const std::vector<char>& active) {
  const std::size_t n = bodies.size();
  std::vector<Polygon> world(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (i < active.size() && active[i]) world[i] = bodies[i].world_vertices();
  }
  OverlapStats stats;
  for (std::size_t i = 0; i < n; ++i) {
    if (world[i].empty()) continue;
    for (std::size_t j = i + 1; j < n; ++j) {
      if (world[j].empty() || (bodies[i].is_static && bodies[j].is_static)) continue;
      const double area = convex_intersection_area(world[i], world[j]);
      const double depth = penetration_depth(world[i], world[j]);
      if (area > 0.0 || depth > 0.0) ++stats.overlapping_pairs;
      stats.total_area += area;
      stats.max_depth = std::max(stats.max_depth, depth);
    }
  }
  return stats;
}

}  // namespace pegsim
