// One vertex–edge feature pair in the world frame (conventions of contact.h): the vertex of body
// A, the edge e of body B from vertex e to e + 1 (CCW), n = minus B's outward edge normal (from A
// into B), gap = signed distance of the vertex from the edge's line (> 0 outside B).
#pragma once

#include <pegsim/proximity/broad_phase.h>
#include <pegsim/proximity/contact.h>

namespace pegsim {

// A body as the narrow phase sees it: world-frame vertices and the step's reach.
struct ProximityBody {
  int index = -1;     // in the world's body list
  Polygon vertices;   // world frame, CCW; one vertex = particle (no edges)
  bool is_static = false;
  double reach = 0.0;  // step_reach: how far any of its points can move in the step (reach.h)
  Vec2 velocity = Vec2::Zero();  // of the centre of mass (0 for static bodies)
  double spin_speed = 0.0;       // |omega| R: the fastest speed of a point about the centre
  Vec2 velocity_end = Vec2::Zero();  // the same at the predicted end of the step (= start without one)
  double spin_speed_end = 0.0;
  Aabb bounds;        // of `vertices`, not grown
  int edge_count() const { return vertices.size() >= 3 ? static_cast<int>(vertices.size()) : 0; }
};

// Unsigned distance from p to the segment [s0, s1].
double point_segment_distance(const Vec2& p, const Vec2& s0, const Vec2& s1);

// The geometry of a point against a segment of a CCW boundary: the segment's outward unit normal,
// the signed distance from its line (> 0 outside) and the unsigned distance from the segment.
struct PointEdgeGeometry {
  Vec2 outward = Vec2::Zero();
  double gap = 0.0;
  double segment_distance = 0.0;
};
// s0 != s1 required (throws std::invalid_argument otherwise).
PointEdgeGeometry point_edge_geometry(const Vec2& p, const Vec2& s0, const Vec2& s1);

// The full contact record for A's vertex against B's edge (gap, segment distance, normal,
// applicability). B's edge must have non-zero length (valid polygons guarantee it).
Contact vertex_edge_contact(const ProximityBody& a, int vertex_a, const ProximityBody& b, int edge_b);

}  // namespace pegsim
