// Penetration depth of two convex polyhedra: the shortest translation that separates them.
// By the separating axis theorem its direction is a face normal of the Minkowski difference,
// i.e. a face normal of A, a face normal of B, or the cross product of an edge of A with an edge of
// B; along each axis the translation needed is the overlap of the two projections. The depth is
// the smallest of those overlaps, 0 when some axis separates (touching counts as separated).
// The 3D counterpart of geometry/overlap.h's penetration_depth, for the overlap metrics and the
// divergence guard's push-out credit (energy_audit.h).
#pragma once

#include <pegsim/geometry/polyhedron.h>

namespace pegsim {

// Both shapes in the world frame. O(F_a + F_b + E_a E_b) axes, each O(V_a + V_b). Stops with 0 at
// the first axis whose overlap is <= stop_at (0: a separating axis; a caller asking "deeper than
// tol?" passes tol and is spared the remaining axes of touching pairs).
double penetration_depth_3d(const Polyhedron& a, const Polyhedron& b, double stop_at = 0.0);

// The axis that gives the depth: which of the three kinds and its features.
enum class PenetrationAxis3d { none, face_of_a, face_of_b, edge_pair };
struct Penetration3d {
  double depth = 0.0;  // as penetration_depth_3d (0 and kind none when separated or <= stop_at)
  PenetrationAxis3d kind = PenetrationAxis3d::none;
  int feature_a = -1, feature_b = -1;  // face of a / face of b / (edge of a, edge of b)
  Vec3 axis = Vec3::Zero();            // unit, pointing from a into b (b lies on its + side)
};
Penetration3d penetration_3d(const Polyhedron& a, const Polyhedron& b, double stop_at = 0.0);

}  // namespace pegsim
