// Narrow phase for one pair of convex polyhedra in the world frame: which of the four feature
// pairs of PEG §5.2 (contact3d.h) lie within the pair's distance threshold D. Rules (the nearest
// points interior to both features; a vertex is its own interior):
//  1. vertex–face: the vertex projects into the face (closed polygon) and 0 <= gap <= D; a vertex
//     inside the other body (behind every face) gets its exit face (largest gap), however deep, as
//     the 2D exit edge (narrow_phase.h rule 2), and the faces whose gap is within
//     max(tol, min(D, exit depth)) of the exit's: near-ties at edges, never the far side of a
//     thin body (its push-out would go through the body).
//  2. vertex–edge: the nearest point of the edge is interior, distance <= D, the vertex is outside
//     the body and in front of at least one of the edge's two faces.
//  3. vertex–vertex: distance <= D, neither vertex inside the other body.
//  4. edge–edge: the edges are not parallel, the nearest points of their lines are interior to both
//     segments, |gap| <= D and applicability >= min_edge_applicability (0 minus rounding by default;
//     PEG's relaxation, e.g. -0.4, admits more).
//  5. no gap is below minus the pair's penetration depth (penetration_3d.h; 0 for a separated pair):
//     where a feature's plane overstates the overlap, the gap is clipped to it (point_b moved along
//     the normal).
//  6. a pair that overlaps (penetration depth > tol) while no feature pair's gap reaches minus half
//     the depth gets the feature pair of its separating-axis direction (penetration_3d): the deepest
//     vertex against the face, or the two edges, so something pushes it apart. Without it 111 of 500
//     random overlapping hull pairs had nothing that pushed (features_3d_test).
// Rules 1-3 run both ways (each body's vertices against the other); rule 3 and 4 once per pair.
#pragma once

#include <pegsim/proximity/broad_phase_3d.h>
#include <pegsim/proximity/contact3d.h>

#include <optional>

namespace pegsim {

inline constexpr double kEdgeEdgeApplicabilityFloor = -1e-9;

// A body as the narrow phase sees it: world-frame shape and the step's motion bounds.
struct ProximityBody3d {
  int index = -1;
  Polyhedron shape;               // world frame
  bool is_static = false;
  double reach = 0.0;             // how far any point can move in the step (proximity_3d.h)
  Vec3 velocity = Vec3::Zero();   // of the centre of mass
  double spin_speed = 0.0;        // |omega| R
  Aabb3d bounds;                  // of the shape's vertices, not grown
};

// Nearest-point geometry used by the rules (exposed for tests and the contact models).
// Parameter of the point of segment [s0, s1] nearest to p, clamped to [0, 1].
double nearest_segment_parameter(const Vec3& p, const Vec3& s0, const Vec3& s1);
// True when the projection of p on the face's plane lies in the face (within `tolerance`).
bool projects_into_face(const Polyhedron& shape, int face, const Vec3& p, double tolerance);

// Geometry scale for the rounding tolerances: the pair's largest coordinate, at least 1.
double pair_scale(const ProximityBody3d& a, const ProximityBody3d& b);

// Unit in-face directions from edge e into its left and right faces (CCW loops: a face lies to the
// left of its own traversal, seen from outside).
std::pair<Vec3, Vec3> into_faces(const Polyhedron& shape, const PolyhedronEdge& e);
// PEG's edge–edge applicability for a normal from A into B: min(-n.ta1, -n.ta2, n.tb1, n.tb2) over
// into_faces of both edges; >= 0 when the plane through the edges with normal n supports both
// bodies there (peg-reconstructed.md "3D cases").
double edge_edge_applicability(const Polyhedron& a, int edge_a, const Polyhedron& b, int edge_b, const Vec3& normal);
// PEG's vertex–face applicability: min over the vertex's edges of face_normal . unit(edge direction
// away from the vertex); >= 0 when no edge at the vertex heads behind a plane with that outward
// normal (the plane supports the vertex's body there).
double vertex_face_applicability(const Polyhedron& vertex_shape, int vertex, const Vec3& face_normal);

// The contact of a given vertex–face or edge–edge feature pair on the shapes of `a` and `b`, whatever
// its gap and wherever its nearest points: the linearisation of that pair's distance, for features
// found in another configuration (the proximity corrector's end overlaps). Edge–edge: the lines'
// common normal, signed to agree with normal_hint; nullopt for parallel edges and the site kinds.
std::optional<Contact3d> contact_for_features_3d(FeaturePair3d kind, const ProximityBody3d& a, int feature_a,
                                                 const ProximityBody3d& b, int feature_b, const Vec3& normal_hint);

std::vector<Contact3d> pair_features_3d(const ProximityBody3d& a, const ProximityBody3d& b, double threshold,
                                        double min_edge_applicability = kEdgeEdgeApplicabilityFloor);

}  // namespace pegsim
