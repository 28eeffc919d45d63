// The polyhedral friction cone of a 3D contact (Stewart–Trinkle; Egan eq. 5's k spanning vectors
// of W_f): k unit tangent directions d_0..d_{k-1}, evenly spaced around the contact normal.
//
// A fixed k-sided pyramid makes friction depend on the sliding direction: sliding between two
// directions, the answer of maximal dissipation lies on the pyramid's edge, cos(pi/k) shorter than
// the circle (k = 4: 29 % less friction at 45 degrees) and not opposite the motion (the slide turns
// toward the nearest direction). Aligned (the default), d_0 points against the contact's tangential
// sliding velocity predicted without contact forces, so the exact Coulomb direction is in the cone
// whatever k is (docs/engine3d.md, "Friction cone", has the measurements).
#pragma once

#include <pegsim/geometry/polyhedron.h>

#include <vector>

namespace pegsim {

struct FrictionCone3d {
  int directions = 4;              // k >= 3
  bool align_with_sliding = true;  // d_0 = -(tangential sliding velocity)/|..| when it is not ~0
  // Below this tangential speed (m/s) the contact is taken as not sliding and the cone uses a fixed
  // frame from the normal alone (a direction from rounding noise would be as good, but not stable).
  double alignment_speed = 1e-10;
};

// The directions for a unit normal n and the relative velocity of B's point w.r.t. A's at the
// contact (only its part tangent to n is used). Throws std::invalid_argument for k < 3 or a
// non-finite or non-unit normal.
std::vector<Vec3> friction_directions_3d(const Vec3& normal, const Vec3& sliding_velocity, const FrictionCone3d& cone);

// A unit tangent of n from n alone (deterministic: the axis least aligned with n, crossed with n).
Vec3 fixed_tangent(const Vec3& normal);

}  // namespace pegsim
