// The 3D broad phase (broad_phase_3d.h) on the shared sweep-and-prune (sweep_and_prune.h).
#include <pegsim/proximity/broad_phase_3d.h>
#include <pegsim/proximity/sweep_and_prune.h>

namespace pegsim {

Aabb3d grown_bounds_3d(const std::vector<Vec3>& points, double grow) { return grown_box<Aabb3d>(points, grow); }

std::vector<std::pair<int, int>> sweep_and_prune_3d(const std::vector<Aabb3d>& boxes, const std::vector<char>& take) {
  return sweep_and_prune_boxes(boxes, take);
}

}  // namespace pegsim
