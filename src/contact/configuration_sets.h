// Private to src/contact: what the nonconvex group models (egan-max, egan-sum, lnc, lnc-accurate)
// enforce in one step, as "configuration sets" -- OR over configurations of AND over rho_k >= 0
// (free_space.h). Shared by each model's free_space() and emit(), so the free space the engine's
// configuration search picks cells from is, by construction, the set the model's rows enforce.
//
// Egan's and Nguyen's papers constrain a particle against a nonconvex obstacle: per vertex, one
// group of the obstacle's sides, "outside at least one of them" (Egan eq. 10). Between two
// polygons the narrow phase gives every vertex such a group against the other body, and at a
// vertex–vertex site (two corners that coincide or nearly do) the two vertex groups
//     (rho1 >= 0 OR rho2 >= 0) AND (rho3 >= 0 OR rho4 >= 0)      (contact.h numbering c1..c4)
// admit the bodies passing through each other: two aligned boxes, corner on corner, sink into one
// another with each corner on the other box's side line (rho2 = rho3 = 0), "outside" at every
// instant. So at every such site of two polygons that fits PEG's corner model (peg_sites.h:
// site_fits_geometry), the two vertex groups are replaced by PEG's crossing condition for that
// site, the DNF of its reachable groups (vertex_vertex_groups, reachable_groups), e.g.
//     (rho1 AND rho3) OR (rho2 AND rho4) [OR (rho1 AND rho4)] [OR (rho2 AND rho3)].
// Every DNF group holds one of c1, c2 and one of c3, c4, so the DNF implies both vertex groups'
// conditions on c1..c4 (never admits what the groups forbade there), and it excludes the sinking.
// Other members of the replaced vertex groups (edges beyond the corner, present when edges are
// shorter than the proximity distance) are dropped: the DNF already puts each vertex outside the
// other body's cone at the corner, which contains that body. Sites sharing a contact or a group
// form one set whose configurations are the product of their DNFs (the AND of the sites).
// Particle sites (no c3, c4) are left as Egan's groups: there the DNF {c1} OR {c2} is the group.
// Sites that do not fit the corner model keep the vertex groups (no change from the papers).
#pragma once

#include <pegsim/contact/model.h>

#include <vector>

namespace pegsim {

struct ConfigurationSet {
  std::vector<std::vector<int>> configurations;  // contact indices; each non-empty
  std::vector<int> members;  // contacts that carry force: a plain group's sides in its order, else
                             // the contacts of the configurations, ascending
  int source = -1;           // Disjunction::source: the group index, or groups.size() + k for site sets
  int group_index = -1;      // constraint id for the set's variables (statistics)
  int vertex_sites = 0;      // vertex–vertex sites merged into the set (0: a plain Egan group)
  bool plain() const { return vertex_sites == 0; }
};

struct GroupedLayout {
  std::vector<ConfigurationSet> sets;  // plain groups first (group order), then site sets
  std::vector<int> always;             // contacts enforced on their own (sorted)
  int vertex_sites = 0;                // sites given the crossing condition
};

// A set whose configuration product would exceed this many configurations keeps the vertex groups.
inline constexpr std::size_t kMaxSiteConfigurations = 16;

GroupedLayout grouped_layout(const ProximityResult& proximity, const ModelContext& context);

// The layout as a free space (free_space.h).
FreeSpace grouped_layout_free_space(const GroupedLayout& layout);

}  // namespace pegsim
