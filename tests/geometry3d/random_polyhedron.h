// Random convex polyhedra for the 3D geometry tests: hulls of uniform points in a cube, placed by a
// random rotation and offset. Deterministic through the caller's seeded generator.
#pragma once

#include <pegsim/geometry/polyhedron.h>

#include <random>
#include <vector>

namespace pegsim::test {

inline Eigen::Quaterniond random_rotation(std::mt19937& rng) {
  std::normal_distribution<double> normal(0.0, 1.0);
  Eigen::Quaterniond q(normal(rng), normal(rng), normal(rng), normal(rng));
  return q.normalized();
}

// Hull of `count` uniform points in [-half, half]^3.
inline Polyhedron random_hull(std::mt19937& rng, int count = 15, double half = 0.5) {
  std::uniform_real_distribution<double> u(-half, half);
  std::vector<Vec3> points;
  for (int i = 0; i < count; ++i) points.emplace_back(u(rng), u(rng), u(rng));
  return polyhedron_from_points(points);
}

inline Vec3 random_vector(std::mt19937& rng, double half) {
  std::uniform_real_distribution<double> u(-half, half);
  return Vec3(u(rng), u(rng), u(rng));
}

}  // namespace pegsim::test
