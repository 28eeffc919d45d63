// Potential contacts in 3D: the four feature pairs of PEG §5.2 between two convex polyhedra, each
// with a signed gap, a unit normal and the nearest points on both features. Conventions mirror
// the 2D Contact (contact.h): the normal points from body A into body B, the gap is > 0 when
// separated, point_b = point_a + gap * normal, and the gap rate is G^T nu with body-A block
// [-n; -(r_A x n)] and body-B block [n; r_B x n] (r from each centre of mass to its point).
//   vertex_face:   A's vertex, B's face;  n = -(B's outward face normal), gap = signed distance of
//                  the vertex from the face plane (PEG: U-constraint).
//   edge_edge:     A's edge, B's edge (nearest points interior to both); n = +-(e_a x e_b)/|..|,
//                  signed to point from A into B as both bodies' faces at the edges allow (the sign
//                  with the larger applicability), gap = n . (point_b - point_a).
//   vertex_edge:   A's vertex, B's edge (nearest point interior to the edge); n along the nearest
//                  points, gap = their distance (>= 0; the vertex is outside B). PEG: I-site.
//   vertex_vertex: A's vertex, B's vertex; n along them, gap = their distance. PEG: I-site.
// For the two site kinds the normal is only a direction hint (the PEG rows use the faces at the
// features); when the distance is 0 it is minus B's mean face normal at its feature.
#pragma once

#include <pegsim/geometry/polyhedron.h>

#include <vector>

namespace pegsim {

enum class FeaturePair3d { vertex_face, edge_edge, vertex_edge, vertex_vertex };
const char* feature_pair_name(FeaturePair3d kind);

struct Contact3d {
  FeaturePair3d kind = FeaturePair3d::vertex_face;
  int body_a = -1, body_b = -1;  // indices in the world's body list
  int feature_a = -1;            // vertex of A (edge of A for edge_edge)
  int feature_b = -1;            // face, edge or vertex of B, by kind
  Vec3 point_a = Vec3::Zero();   // world frame
  Vec3 point_b = Vec3::Zero();
  Vec3 normal = Vec3::Zero();    // unit, from A into B
  double gap = 0.0;              // signed, > 0 when separated
  // edge_edge: min(-n.ta1, -n.ta2, n.tb1, n.tb2) over the unit in-face directions t pointing from
  // each edge into its two faces (peg-reconstructed.md "3D cases"): >= 0 when the plane through
  // the edges with normal n supports both bodies there. 1 for the other kinds.
  double applicability = 1.0;
  double gap_correction = 0.0;   // as in 2D (dynamics/gap_fixpoint.h); 0 from proximity
  // A member of PEG site `site` (ProximityResult3d::sites, sites_3d.h): one candidate separating
  // plane of the site's two local cones; -1 for the contacts the narrow phase found.
  int site = -1;
  // A vertex–edge or vertex–vertex hint added for a vertex lying exactly on the boundary of a face
  // it touches (sites_3d.h); removed with the sites.
  bool boundary_hint = false;
};

// A PEG I-site (vertex–edge or vertex–vertex contact `hint`) and its candidate separating planes
// (sites_3d.h): the members are contacts of kind vertex_face or edge_edge whose `site` is this
// site's index.
struct Site3d {
  int hint = -1;
  std::vector<int> members;
};

struct ProximityResult3d {
  // Deterministic order: by (body_a, body_b, kind, feature_a, feature_b); site members, when asked
  // for (ProximityOptions::sites_3d), follow in site order.
  std::vector<Contact3d> contacts;
  std::vector<Site3d> sites;
};

}  // namespace pegsim
