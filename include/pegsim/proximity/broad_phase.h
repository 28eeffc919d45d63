// Broad phase: sweep-and-prune over axis-aligned boxes grown by each body's reach, so that every
// body pair that can have a vertex–edge pair within the narrow phase's threshold is reported.
#pragma once

#include <pegsim/geometry/polygon.h>

#include <utility>
#include <vector>

namespace pegsim {

struct Aabb {
  Vec2 lo = Vec2::Zero();
  Vec2 hi = Vec2::Zero();
  bool overlaps(const Aabb& o) const {
    return lo.x() <= o.hi.x() && o.lo.x() <= hi.x() && lo.y() <= o.hi.y() && o.lo.y() <= hi.y();
  }
};

// Bounding box of the vertices, grown by `grow` on every side.
Aabb grown_bounds(const Polygon& vertices, double grow);

// Pairs (i, j), i < j, of boxes that overlap (closed intervals), among boxes with take[i] != 0.
// Sorted by (i, j).
std::vector<std::pair<int, int>> sweep_and_prune(const std::vector<Aabb>& boxes, const std::vector<char>& take);

}  // namespace pegsim
