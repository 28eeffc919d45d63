// Broad phase in 3D: sweep-and-prune on x over axis-aligned boxes grown by each body's reach,
// with y and z overlap checks (the 2D broad_phase.h with one more axis).
#pragma once

#include <pegsim/geometry/polyhedron.h>

#include <utility>
#include <vector>

namespace pegsim {

struct Aabb3d {
  Vec3 lo = Vec3::Zero();
  Vec3 hi = Vec3::Zero();
  bool overlaps(const Aabb3d& o) const { return (lo.array() <= o.hi.array()).all() && (o.lo.array() <= hi.array()).all(); }
};

// Bounding box of the points, grown by `grow` on every side.
Aabb3d grown_bounds_3d(const std::vector<Vec3>& points, double grow);

// Pairs (i, j), i < j, of boxes that overlap (closed intervals), among boxes with take[i] != 0.
// Sorted by (i, j).
std::vector<std::pair<int, int>> sweep_and_prune_3d(const std::vector<Aabb3d>& boxes, const std::vector<char>& take);

}  // namespace pegsim
