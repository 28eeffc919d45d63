// Relaxed 2D vertex–edge applicability (PEG sec. 4; peg-reconstructed.md, "2D cases").
#include <pegsim/proximity/applicability.h>

#include <algorithm>

namespace pegsim {

double vertex_edge_applicability(const Polygon& a_world, int vertex_a, const Vec2& inward_normal_b) {
  const int n = static_cast<int>(a_world.size());
  if (n < 3) return 1.0;  // particle: every normal direction is possible
  const Vec2& v = a_world[static_cast<std::size_t>(vertex_a)];
  const Vec2& prev = a_world[static_cast<std::size_t>((vertex_a + n - 1) % n)];
  const Vec2& next = a_world[static_cast<std::size_t>((vertex_a + 1) % n)];
  // E1, E2: A's edges at the vertex as unit vectors pointing toward the vertex.
  const Vec2 e1 = (v - prev).normalized();
  const Vec2 e2 = (v - next).normalized();
  return std::min(inward_normal_b.dot(e1), inward_normal_b.dot(e2));
}

}  // namespace pegsim
