// The 2D broad phase (broad_phase.h) on the shared sweep-and-prune (sweep_and_prune.h), which the
// 3D broad phase uses too.
#include <pegsim/proximity/broad_phase.h>
#include <pegsim/proximity/sweep_and_prune.h>

namespace pegsim {

Aabb grown_bounds(const Polygon& vertices, double grow) { return grown_box<Aabb>(vertices, grow); }

std::vector<std::pair<int, int>> sweep_and_prune(const std::vector<Aabb>& boxes, const std::vector<char>& take) {
  return sweep_and_prune_boxes(boxes, take);
}

}  // namespace pegsim
