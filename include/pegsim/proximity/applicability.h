// Relaxed 2D vertex–edge applicability (PEG sec. 4; peg-reconstructed.md, "2D cases").
// With n_in the inward unit normal of B's edge and E1, E2 the unit vectors along A's two edges at
// the vertex, pointing toward the vertex:
//   appl = min(n_in . E1, n_in . E2).
// appl >= 0 is classical applicability (the vertex points into the edge: a contact force along
// n_in is physically possible); the PEG reference keeps contacts with appl > -0.2 to allow for
// rotation during the step. A particle has no edges and is applicable in every direction: 1.
#pragma once

#include <pegsim/geometry/polygon.h>

namespace pegsim {

// `a_world`: A's vertices (CCW, world frame); `inward_normal_b`: unit inward normal of B's edge.
double vertex_edge_applicability(const Polygon& a_world, int vertex_a, const Vec2& inward_normal_b);

}  // namespace pegsim
