// Proximity: which feature pairs can come into contact during the next step.
// Broad phase (sweep-and-prune on AABBs grown by each body's reach over the step) then a narrow
// phase over vertex–edge pairs. A pair enters when its gap can close within the step:
//   gap <= reach_a + reach_b + base_margin,
//   reach = h * (|v| + |omega| * R) + h^2 * |g|,  times a safety factor.
// (The reference PEG code used a fixed tiny distance and let polygons tunnel at h = 0.01.)
#pragma once

#include <pegsim/dynamics/body.h>
#include <pegsim/proximity/contact.h>

#include <vector>

namespace pegsim {

struct ProximityOptions {
  double time_step = 0.01;
  double gravity = 9.81;        // |g|, for the reach bound
  double base_margin = 1e-3;    // metres, always added
  double safety = 1.5;          // multiplies the reach
};

// `active[i]` false: body i is not in the scene yet (spawn_time) and is skipped.
// Static–static pairs are skipped. Deterministic order: by (body_a, body_b, vertex_a, edge_b).
ProximityResult find_proximity(const std::vector<Body>& bodies, const std::vector<char>& active,
                               const ProximityOptions& options);

// Same result by testing every vertex against every edge of every body pair (the reference for
// cross-checks; no broad phase).
ProximityResult find_proximity_brute_force(const std::vector<Body>& bodies, const std::vector<char>& active,
                                           const ProximityOptions& options);

}  // namespace pegsim
