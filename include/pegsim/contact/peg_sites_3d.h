// PEG 3D (Williams, Lu, Trinkle §5.2): what "peg" and "peg-accurate" share on polyhedra.
//
// U-constraints (0 <= p ⟂ rho >= 0): the narrow phase's vertex–face contacts whose applicability
// (features_3d.h) exceeds the relaxed threshold (ModelContext options, -0.2, widened by the step's
// rotation as in 2D: applicability_thresholds, peg_sites.h), and its edge–edge contacts (applicable
// by the narrow phase's rule 4); a contact whose plane is a counted member of a trusted I-site
// (below) is left to the site.
// I-sites (proximity/sites_3d.h): per vertex–edge or vertex–vertex contact, the site is free iff
// OR_k rho_k >= 0 over its members, each a candidate separating plane of the two local cones.
// A member counts when it stays applicable through the step's rotation (applicability >= the
// pair's turn bound: its plane still supports both cones at the end) and separates the cones now
// (gap >= -kSiteTolerance; peg_sites_3d.cpp says why members behind their planes are left out).
// A site without a steady member that holds is not trusted this step: its hint contact gets the standard
// model's row and the regular contacts at its features stay U. A site left with one member is a
// U-constraint. With M = max_k rho_k (disjunction_rows.h, singleton groups):
//   peg:          one primary per site,  0 <= p ⟂ M >= 0  (the paper's least accurate form); the
//                 primary is the member of the configuration search's active configuration, else
//                 the member with the largest start gap (the plane that separates most now);
//   peg-accurate: every member k,  0 <= p_k ⟂ 2M - rho_k >= 0  (force only on a member at zero gap
//                 whose plane attains the max; the rows alone enforce M >= 0).
// Friction (Stewart–Trinkle, k-direction cone) at every U contact and every site force, along the
// member's own plane: the normal impulses keep their meaning (Egan).
// Variable order: U impulses; per site: max-chain slacks, then its force variables; friction blocks.
#pragma once

#include <pegsim/assembly/row_system.h>
#include <pegsim/contact/model.h>

#include <vector>

namespace pegsim {

struct PegLayout3d {
  std::vector<int> unilateral;                 // contact indices, ascending
  std::vector<std::vector<int>> site_members;  // per ProximityResult3d::sites entry: reachable members
};

PegLayout3d peg_layout_3d(const ProximityResult& proximity, const ModelContext& context);

// U contacts always; one disjunction per site with two or more members (source = the site's index),
// its configurations the single members.
FreeSpace peg_free_space_3d(const ProximityResult& proximity, const ModelContext& context);

void emit_peg_3d(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows, bool accurate);

}  // namespace pegsim
