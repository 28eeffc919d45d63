// Potential contacts: vertex–edge feature pairs with a signed gap, and the sites that contact
// models group them into. Conventions (peg-reconstructed.md): the vertex belongs to body A, the
// edge to body B; the unit normal n points from A into B (= minus B's outward edge normal);
// gap psi > 0 when separated. The gap rate is G^T nu with body-A block [-n; -(r_A x n)] and
// body-B block [n; r_B x n].
#pragma once

#include <pegsim/geometry/polygon.h>
#include <pegsim/proximity/contact3d.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace pegsim {

struct Contact {
  int body_a = -1;      // index in the world's body list (owner of the vertex)
  int body_b = -1;      // owner of the edge
  int vertex_a = -1;    // vertex index on A
  int edge_b = -1;      // edge index on B: from vertex edge_b to edge_b + 1
  Vec2 point = Vec2::Zero();   // the vertex of A, world frame
  Vec2 normal = Vec2::Zero();  // unit, from A into B
  double gap = 0.0;            // signed distance from the vertex to the edge's line
  double applicability = 1.0;  // min(n_in . E1, n_in . E2), see applicability.h; 1 for particles
  double segment_distance = 0.0;  // unsigned distance from the vertex to the edge segment
  // Fixpoint correction (contact-NCP excerpt §2.2, dynamics/gap_fixpoint.h): the true end-of-step
  // gap of this feature pair at the previous iterate minus its linear prediction. Rows use
  // psi + gap_correction (contact_rows.h); every geometric decision uses `gap`. 0 on a first solve.
  double gap_correction = 0.0;
  Vec2 point_on_b() const { return point + gap * normal; }
};

// A vertex of A near a vertex of B (both within the step's reach): the 2D "SM trap" site.
// c1, c2: A's vertex against B's two edges at vb (c1 = edge ending at vb, c2 = edge starting at vb);
// c3, c4: B's vertex against A's two edges at va (same order). Indices into the contact list;
// -1 when a side is not available (e.g. A is a particle: no c3, c4).
struct VertexVertexSite {
  int body_a = -1, vertex_a = -1, body_b = -1, vertex_b = -1;
  int c1 = -1, c2 = -1, c3 = -1, c4 = -1;
};

// A nonconvex group for the Egan/Nguyen models: one vertex against several edges of another body
// that meet at vertices of that body (Nguyen 1.3 rules; Egan Fig. 8: the neighbouring side is
// included even when it is not near). The free space is the union of the half-spaces.
struct NonconvexGroup {
  std::vector<int> contacts;  // indices into the contact list, at least 2
};

struct ProximityResult {
  std::vector<Contact> contacts;            // every potential vertex–edge contact
  std::vector<VertexVertexSite> vv_sites;   // vertex–vertex sites
  std::vector<NonconvexGroup> groups;       // for egan-max/egan-sum/lnc/lnc-accurate
  // contacts not in any group (convex, unilateral in the Egan/Nguyen models)
  std::vector<int> ungrouped;
  // A 3D scene's feature pairs (PEG §5.2, contact3d.h); `contacts` and the sites above are then
  // empty. The shared stages read a contact of either dimension through the accessors below.
  ProximityResult3d three_d;

  std::size_t contact_count() const { return contacts.size() + three_d.contacts.size(); }
  // psi = gap + gap_correction of contact i (the rows' gap), and its two bodies.
  double psi(std::size_t i) const {
    return contacts.empty() ? three_d.contacts[i].gap + three_d.contacts[i].gap_correction
                            : contacts[i].gap + contacts[i].gap_correction;
  }
  double gap(std::size_t i) const { return contacts.empty() ? three_d.contacts[i].gap : contacts[i].gap; }
  double gap_correction(std::size_t i) const {
    return contacts.empty() ? three_d.contacts[i].gap_correction : contacts[i].gap_correction;
  }
  std::pair<int, int> bodies_of(std::size_t i) const {
    return contacts.empty() ? std::pair{three_d.contacts[i].body_a, three_d.contacts[i].body_b}
                            : std::pair{contacts[i].body_a, contacts[i].body_b};
  }
  // Raises contact i's gap correction so that psi >= 0 (no push-out); returns the raise.
  double clip_push_out(std::size_t i) {
    double& correction = contacts.empty() ? three_d.contacts[i].gap_correction : contacts[i].gap_correction;
    const double raise = std::max(0.0, -(gap(i) + correction));
    correction += raise;
    return raise;
  }
};

}  // namespace pegsim
