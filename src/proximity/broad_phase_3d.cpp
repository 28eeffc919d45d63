// Sweep-and-prune on x with y and z overlap checks (broad_phase_3d.h).
#include <pegsim/proximity/broad_phase_3d.h>

#include <algorithm>

namespace pegsim {

Aabb3d grown_bounds_3d(const std::vector<Vec3>& points, double grow) {
  Aabb3d box{points.front(), points.front()};
  for (const Vec3& p : points) {
    box.lo = box.lo.cwiseMin(p);
    box.hi = box.hi.cwiseMax(p);
  }
  box.lo.array() -= grow;
  box.hi.array() += grow;
  return box;
}

std::vector<std::pair<int, int>> sweep_and_prune_3d(const std::vector<Aabb3d>& boxes, const std::vector<char>& take) {
  std::vector<int> order;
  for (int i = 0; i < static_cast<int>(boxes.size()); ++i) {
    if (take[static_cast<std::size_t>(i)]) order.push_back(i);
  }
  auto box = [&](int i) -> const Aabb3d& { return boxes[static_cast<std::size_t>(i)]; };
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return box(a).lo.x() != box(b).lo.x() ? box(a).lo.x() < box(b).lo.x() : a < b;
  });
  std::vector<std::pair<int, int>> pairs;
  std::vector<int> open;  // boxes whose x-interval may still overlap later ones
  for (int i : order) {
    std::erase_if(open, [&](int j) { return box(j).hi.x() < box(i).lo.x(); });
    for (int j : open) {
      if (box(i).overlaps(box(j))) pairs.emplace_back(std::min(i, j), std::max(i, j));
    }
    open.push_back(i);
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace pegsim
