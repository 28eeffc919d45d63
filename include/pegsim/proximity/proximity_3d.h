// Proximity in 3D: which feature pairs of PEG §5.2 can come into contact during the next step.
// The same pipeline as 2D (proximity.h): sweep-and-prune on boxes grown by each body's reach, then
// the narrow phase (features_3d.h) per candidate pair with the pair's threshold
//   D = safety * (h (|v_a - v_b| + |omega_a| R_a + |omega_b| R_b) + h^2 |g| [not both static]) + base_margin,
// the 2D reach.h bound with 3-vectors. ProximityOptions is the 2D struct (its fields are
// dimension-free); its end_motion (2D velocities) must be null here.
#pragma once

#include <pegsim/dynamics/body3d.h>
#include <pegsim/proximity/contact3d.h>
#include <pegsim/proximity/features_3d.h>
#include <pegsim/proximity/proximity.h>

#include <vector>

namespace pegsim {

// How far any point of the body can move in the step (0 for static bodies).
double step_reach_3d(const Body3d& body, const ProximityOptions& options);
double pair_threshold_3d(const ProximityBody3d& a, const ProximityBody3d& b, const ProximityOptions& options);

// The narrow phase's view of body i (world shape, reach, bounds).
ProximityBody3d proximity_body_3d(const Body3d& body, int index, const ProximityOptions& options);

// `active[i]` false: body i is not in the scene yet and is skipped; static–static pairs are skipped.
// Throws std::invalid_argument for bad options, a size mismatch or options.end_motion set.
ProximityResult3d find_proximity_3d(const std::vector<Body3d>& bodies, const std::vector<char>& active,
                                    const ProximityOptions& options,
                                    double min_edge_applicability = kEdgeEdgeApplicabilityFloor);

// The feature pairs through which active bodies overlap in the `end` configuration (a pair with a
// penetration depth above `tolerance`; its vertex–face and edge–edge pairs with negative end gap),
// as contacts of the `start` configuration (contact_for_features_3d), sorted as find_proximity_3d's.
// The proximity corrector's third source: a pair the start's rules missed (an edge sliding past the
// end of the edge it touched) is still linearised at the start. start and end: the same bodies.
// candidates: the body pairs to look at (sorted, i < j); null: every pair whose end boxes overlap.
ProximityResult3d overlap_features_at_end_3d(const std::vector<Body3d>& start, const std::vector<Body3d>& end,
                                             const std::vector<char>& active, const ProximityOptions& options,
                                             double tolerance,
                                             const std::vector<std::pair<int, int>>* candidates = nullptr);
// Its two halves, for a caller that moves the bodies in place between them (no copies of shapes):
// the negative-gap vertex–face and edge–edge pairs of the overlapping candidate pairs in the `end`
// configuration, then those features' contacts in the `start` configuration.
std::vector<Contact3d> overlapping_features_3d(const std::vector<Body3d>& end, const std::vector<char>& active,
                                               const ProximityOptions& options, double tolerance,
                                               const std::vector<std::pair<int, int>>* candidates = nullptr);
ProximityResult3d features_at_start_3d(const std::vector<Body3d>& start, const std::vector<Contact3d>& end_features,
                                       const ProximityOptions& options);

// The same without the broad phase: every pair of active bodies (the reference for cross-checks).
ProximityResult3d find_proximity_3d_brute_force(const std::vector<Body3d>& bodies, const std::vector<char>& active,
                                                const ProximityOptions& options,
                                                double min_edge_applicability = kEdgeEdgeApplicabilityFloor);

}  // namespace pegsim
