// Narrow phase for one body pair: which vertex–edge contacts, vertex–vertex sites and nonconvex
// groups enter the step. D = pair_threshold (reach.h) is the pair's distance threshold.
//
// Rule for A's vertex p against convex body B (documented here because models depend on it):
//  1. Near edges: edges whose SEGMENT is within D of p. (|gap| <= segment distance, so a near edge
//     is never "behind" p by more than D.)
//  2. Penetrating vertex (p inside B or on its boundary: every gap <= 0): the exit edge, the edge
//     with the largest gap (least penetration), is always included, however deep, so models push
//     p back out; other edges enter only when near (rule 1): a deep vertex gets no far edges.
//  3. Egan Fig. 8: when p is within D of a vertex of B shared by a candidate edge, both edges at
//     that vertex are candidates (the group needs its neighbouring side, or the near side's
//     half-space "extends forever").
//  4. Candidate edges that are consecutive around B form chains. A chain is kept when
//     - p is outside B: it has an edge p is in front of (gap >= 0). A chain of edges that are all
//       behind p (far side of a thin body) cannot be reached without crossing a front edge and,
//       as half-spaces, would demand that p pass through B, so it is dropped;
//     - p is inside B: it contains the exit edge (other chains would demand a second exit).
//  5. A kept chain of >= 2 edges is a nonconvex group (Nguyen 1.3: edges meeting at vertices of B,
//     free space = union of their half-spaces; each edge in one group only); a chain of 1 edge is
//     an ungrouped (unilateral) contact.
// Vertex–vertex sites: A's vertex within D of B's vertex gives one site per unordered vertex pair;
// its four contacts are always added. The site's body A is the lower body index, except that a
// particle is always A (it has no edges); two particles give nothing.
#pragma once

#include <pegsim/proximity/vertex_edge.h>

#include <array>
#include <compare>
#include <map>
#include <vector>

namespace pegsim {

// Identity of a vertex–edge contact; ordered by (body_a, body_b, vertex_a, edge_b), the
// deterministic order of ProximityResult::contacts.
struct ContactKey {
  int body_a = -1, body_b = -1, vertex_a = -1, edge_b = -1;
  auto operator<=>(const ContactKey&) const = default;
};
ContactKey key_of(const Contact& c);

struct PendingSite {
  VertexVertexSite site;           // contact indices c1..c4 still -1
  std::array<ContactKey, 4> keys;  // c1..c4; body_a == -1 where the side does not exist
};

struct PairProximity {
  std::map<ContactKey, Contact> contacts;
  std::vector<std::vector<ContactKey>> groups;  // chain order around B
  std::vector<PendingSite> sites;
};

// All features between bodies a and b (both directions). `threshold` is D.
PairProximity pair_proximity(const ProximityBody& a, const ProximityBody& b, double threshold);

}  // namespace pegsim
