// PEG 2D (Williams, Lu, Trinkle, sec. 5.1): what is shared by "peg" and "peg-accurate".
//
// Vertex–edge contacts in no vertex–vertex site: a U-constraint (0 <= p ⟂ rho >= 0) when feasible
// and applicability > options.applicability_threshold (relaxed, -0.2 by default, widened by the
// step's rotation, applicability_thresholds below); others are dropped.
//
// Vertex–vertex site (contact.h numbering: c1, c2 = va against B's edges ending / starting at vb;
// c3, c4 = vb against A's edges ending / starting at va). Locally the two bodies are the convex
// cones at va and vb; they are disjoint iff a separating line exists, and (Minkowski sum of the
// cones) that line is one of the two edges bounding the cone C_A - C_B, which are exactly the
// classically applicable contacts (applicability >= 0). So the exact condition is rho_i >= 0 OR
// rho_j >= 0 for the applicable pair {i, j}: {1,2}, {3,4}, {1,4} or {2,3}.
// The paper's constraints I(c1,c2), I(c3,c4), X(c1,c4), X(c2,c3) multiply out to the DNF
//     (rho1 >= 0 AND rho3 >= 0) OR (rho2 >= 0 AND rho4 >= 0),
// which never admits an overlap (sound) and is exact except for the sign patterns (+,-,-,+) and
// (-,+,+,-), which occur both with and without overlap depending on the angles; there it is
// conservative (it would push apart two corners that slide past each other, the paper's Fig. 3
// configuration). We add the group {c1,c4} when c1 and c4 are both (nearly) classically
// applicable and {c2,c3} when c2 and c3 are: with exact classical applicability (>= 0) the DNF is
// then exact for the cones (tests/peg/site_geometry_test.cpp checks all of this on random corner
// pairs). The allowance kMixedPairApplicability < 0 covers nearly parallel facing sides (two
// polygons side by side on a floor): there no contact is classically applicable, the infinite
// cones meet far away, and without the mixed group the conservative DNF demanded a 1e-5 m move
// that the floor forbade -- an LCP that Lemke and Newton both failed on (measured in a pour). The
// price: for infinite cones the mixed group may admit overlap starting about gap / |appl| from the
// apex (none among 301 random band samples with apexes <= 3 mm apart); on polygons the far vertex
// of the converging edge has its own contact that guards it.
// The pairing X(c1,c3), X(c2,c4) (DNF (1∧4) ∨ (2∧3)) is wrong with this numbering: it admits
// overlaps.
// A particle A (no c3, c4) gives the I-constraint max(rho1, rho2) >= 0.
// Reach: a group with a member more than the step's reach behind its edge line cannot hold at the
// end of the step, but the linearised rows can still "reach" it with a large impulse and rotation
// (measured: peg-accurate jumped two plates 3 cm apart into such a disjunct, gaining energy and
// overlap). Such groups are dropped (only makes the condition stricter, never admits overlap);
// reach = 2 (h |relative velocity bound of the two bodies| + context.max_travel) + 1 mm.
// The DNF is turned into rows by disjunction_rows.h; the models differ only in the force rows.
//
// Statistics (PEG Fig. 22): traps = sites that fit (site_fits_geometry); I-constraints = non-empty {c1,c2}, {c3,c4}; X = 2 per
// full site.
#pragma once

#include <pegsim/assembly/row_system.h>
#include <pegsim/contact/disjunction_rows.h>
#include <pegsim/contact/model.h>

#include <functional>
#include <vector>

namespace pegsim {

// Applicability from which a mixed pair {c1,c4} / {c2,c3} counts as the site's bounding pair:
// classical (>= 0) less an allowance of about 3 degrees for nearly parallel facing sides.
inline constexpr double kMixedPairApplicability = -0.05;
// A vertex more than this behind an edge's line (gap < -1e-4 m) is beside the edge, not on it
// (the reference's primary rule).
inline constexpr double kBehindEdgeLine = 1e-4;

// Conjunction groups of the site's DNF as contact indices: {c1,c3}, {c2,c4} (missing contacts left
// out, empty groups dropped), then {c1,c4} and {c2,c3} when both members have applicability >=
// kMixedPairApplicability (see above).
// Throws std::invalid_argument when the site references a contact that does not exist or does
// not belong to it.
std::vector<std::vector<int>> vertex_vertex_groups(const VertexVertexSite& site, const ProximityResult& proximity);

// Bound on the site's relative travel over the step (see "Reach" above), metres.
inline constexpr double kReachSafety = 2.0;
inline constexpr double kReachMargin = 1e-3;
double site_reach(const VertexVertexSite& site, const ModelContext& context);

// The groups that can hold at the end of the step: those whose members all have gap >= -reach.
// When none can, the one with the largest smallest gap is kept (the site must stay constrained).
std::vector<std::vector<int>> reachable_groups(const std::vector<std::vector<int>>& groups,
                                               const ProximityResult& proximity, double reach);

// The site's I-constraint sets {c1,c2}, {c3,c4} without missing contacts; empty sets dropped.
std::vector<std::vector<int>> intercontact_sets(const VertexVertexSite& site);

// Primary of an I-constraint (single-primary PEG): prefer applicability > threshold (an
// inapplicable contact only when none is); then a vertex not behind the edge's line
// (gap >= -kBehindEdgeLine) with the smallest gap (the edge it will reach first), else the least
// negative gap; ties by larger applicability, then lower index.
int choose_primary(const std::vector<int>& members, const ProximityResult& proximity, double applicability_threshold);

// Does the site's corner model describe the present geometry? Its DNF on the start gaps,
// max_g min_{k in g} psi_k, must be >= -(penetration depth of the two bodies + kSiteTolerance).
// It fails when the vertices are far apart for the cone picture (measured: a body spinning at
// 13 rad/s made proximity pair vertices 8.5 cm apart, all four contacts inapplicable, DNF -5.7 cm
// on separated bodies; enforcing it in one step gave an impulse of 18 N s and 1300 J). Such a
// site emits nothing; its contacts are treated as plain vertex–edge contacts (below).
inline constexpr double kSiteTolerance = 1e-4;
double site_start_value(const std::vector<std::vector<int>>& groups, const ProximityResult& proximity);
bool site_fits_geometry(const VertexVertexSite& site, const std::vector<std::vector<int>>& groups,
                        const ProximityResult& proximity, const ModelContext& context);

// Feasibility (PEG sec. 4, "Contact Feasibility": a contact depends on feature positions as well as
// orientations). A vertex can meet an edge at the end of the step only from in front of the edge's
// line; a vertex behind it by more than the two bodies' penetration depth (+ kFeasibleDepth) is not
// pressing into that edge but lies across the other body, the edge on its far side. Measured at
// h = 0.05 in a pour (reach ~0.3 m brings far edges into proximity): a U contact 21 cm behind its
// line demanded a 4 m/s push through the body, an opposing site force answered, 4700 N s, 7300 J.
inline constexpr double kFeasibleDepth = 1e-4;
// Per contact: 1 when feasible. `bodies` are the ones the contacts index.
std::vector<char> feasible_contacts(const ProximityResult& proximity, const std::vector<Body>& bodies);

// Applicability threshold per contact, relaxed by the rotation the step can bring. Applicability
// is a minimum of cosines of angles between A's edges and B's normal; turning the pair by dtheta
// changes each by at most |dtheta|, so a contact that can become applicable within the step has
// applicability > threshold - (rotation_bound_a + rotation_bound_b) (ModelContext::rotation_bound).
// The fixed -0.2 alone dropped the lowest vertex of a polygon spinning at 9.8 rad/s (0.49 rad in a
// step at h = 0.05; applicability -0.35 at the start), which then ended 2 cm inside the floor.
std::vector<double> applicability_thresholds(const ProximityResult& proximity, const ModelContext& context);

// U-constraint contacts, in contact order: feasible, applicability > its threshold and in no
// fitting site (site_fits per ProximityResult::vv_sites); a contact of a non-fitting site also
// needs its vertex over the edge segment.
std::vector<int> unilateral_contacts(const ProximityResult& proximity, const std::vector<char>& site_fits,
                                     const std::vector<char>& feasible, const std::vector<double>& thresholds);

// What PEG enforces this step: the reachable DNF groups of every vertex–vertex site, which sites
// fit their corner model, and the U contacts (in contact order).
struct PegLayout {
  std::vector<std::vector<std::vector<int>>> site_groups;  // per ProximityResult::vv_sites entry
  std::vector<char> fits;
  std::vector<int> unilateral;
};
PegLayout peg_layout(const ProximityResult& proximity, const ModelContext& context);

// PEG's free space (free_space.h): the U contacts always; one disjunction per fitting site (source =
// its index in ProximityResult::vv_sites) whose configurations are the site's reachable groups.
FreeSpace peg_free_space(const ProximityResult& proximity, const ModelContext& context);

// One site as the force emitters see it.
struct PegSite {
  int index = -1;                                // in ProximityResult::vv_sites
  std::vector<int> members;                      // contacts of the reachable groups, c1..c4 order
  std::vector<std::vector<int>> groups;          // reachable DNF groups (contact indices)
  std::vector<std::vector<int>> intercontact;    // I-constraint sets
  std::vector<int> intercontact_ids;             // their constraint ids
};

// Single-primary PEG: the primary of each I-constraint of the site, in intercontact order: its
// contact in the site's active configuration (ModelContext::active_configurations) when there is
// one, else choose_primary among its contacts that lie in a reachable group; -1 for a set with none.
std::vector<int> site_primaries(const PegSite& site, const ProximityResult& proximity, const ModelContext& context);

struct SiteForce {
  int variable = -1;  // normal-impulse variable
  int contact = -1;   // its contact (friction goes there)
};

// Adds the site's force variables and their rows given M (disjunction_rows.h); returns them.
using SiteForceEmitter = std::function<std::vector<SiteForce>(const PegSite& site, const MaxOfMins& disjunction,
                                                              RowSystem& rows)>;

// The PEG skeleton: U rows, then per fitting site the DNF slacks (reachable groups) and the
// emitter's force rows, then friction at every U contact and every site force; fills the
// statistics (traps = fitting sites).
void emit_peg(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows,
              const SiteForceEmitter& emit_site_forces);

}  // namespace pegsim
