// Sweep-and-prune over axis-aligned boxes of any dimension (the 2D Aabb and the 3D Aabb3d): sort
// the boxes by their lower x bound, keep the boxes whose x-interval is still open, and test each
// new box against them with the box's own overlaps() (all axes). One implementation for both
// broad phases (broad_phase.h, broad_phase_3d.h).
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

namespace pegsim {

// Pairs (i, j), i < j, of boxes that overlap (closed intervals), among boxes with take[i] != 0.
// Sorted by (i, j).
template <class Box>
std::vector<std::pair<int, int>> sweep_and_prune_boxes(const std::vector<Box>& boxes, const std::vector<char>& take) {
  auto box = [&](int i) -> const Box& { return boxes[static_cast<std::size_t>(i)]; };
  std::vector<int> order;
  for (int i = 0; i < static_cast<int>(boxes.size()); ++i) {
    if (take[static_cast<std::size_t>(i)]) order.push_back(i);
  }
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

// Bounding box of the points, grown by `grow` on every side.
template <class Box, class Point>
Box grown_box(const std::vector<Point>& points, double grow) {
  Box box{points.front(), points.front()};
  for (const Point& p : points) {
    box.lo = box.lo.cwiseMin(p);
    box.hi = box.hi.cwiseMax(p);
  }
  box.lo.array() -= grow;
  box.hi.array() += grow;
  return box;
}

}  // namespace pegsim
