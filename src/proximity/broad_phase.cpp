// Sweep-and-prune on x with a y-overlap check: sort boxes by their lower x bound, keep the boxes
// whose x-interval is still open, and test each new box against them.
#include <pegsim/proximity/broad_phase.h>

#include <algorithm>
#include <numeric>

namespace pegsim {

Aabb grown_bounds(const Polygon& vertices, double grow) {
  Aabb box{vertices.front(), vertices.front()};
  for (const Vec2& v : vertices) {
    box.lo = box.lo.cwiseMin(v);
    box.hi = box.hi.cwiseMax(v);
  }
  box.lo.array() -= grow;
  box.hi.array() += grow;
  return box;
}

std::vector<std::pair<int, int>> sweep_and_prune(const std::vector<Aabb>& boxes, const std::vector<char>& take) {
  std::vector<int> order;
  for (int i = 0; i < static_cast<int>(boxes.size()); ++i) {
    if (take[static_cast<std::size_t>(i)]) order.push_back(i);
  }
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const double la = boxes[static_cast<std::size_t>(a)].lo.x();
    const double lb = boxes[static_cast<std::size_t>(b)].lo.x();
    return la != lb ? la < lb : a < b;
  });

  std::vector<std::pair<int, int>> pairs;
  std::vector<int> open;  // boxes whose x-interval may still overlap later ones
  for (int i : order) {
    const Aabb& box = boxes[static_cast<std::size_t>(i)];
    std::erase_if(open, [&](int j) { return boxes[static_cast<std::size_t>(j)].hi.x() < box.lo.x(); });
    for (int j : open) {
      if (box.overlaps(boxes[static_cast<std::size_t>(j)])) pairs.emplace_back(std::min(i, j), std::max(i, j));
    }
    open.push_back(i);
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace pegsim
