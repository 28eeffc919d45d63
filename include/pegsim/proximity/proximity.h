// Proximity: which feature pairs can come into contact during the next step.
// Broad phase (sweep-and-prune on AABBs grown by each body's reach over the step) then a narrow
// phase over vertex–edge pairs. A pair enters when its gap can close within the step, by the
// bodies' relative motion (reach.h):
//   gap <= safety * (h (|v_a - v_b| + |omega_a| R_a + |omega_b| R_b) + h^2 |g| [one static]) + base_margin.
// (The reference PEG code used a fixed tiny distance and let polygons tunnel at h = 0.01.)
#pragma once

#include <pegsim/dynamics/body.h>
#include <pegsim/proximity/contact.h>

#include <vector>

namespace pegsim {

// A body's velocity (for the predictor–corrector pass below).
struct BodyMotion {
  Vec2 velocity = Vec2::Zero();
  double angular_velocity = 0.0;
};

struct ProximityOptions {
  double time_step = 0.01;
  double gravity = 9.81;        // |g|, for the reach bound
  double base_margin = 1e-3;    // metres, always added
  double safety = 1.5;          // multiplies the reach
  // Predicted end-of-step velocities, one per body: reach then covers the motion at the start
  // velocities and at these (Simulation::step's corrector pass: an impulse that spins a body up
  // within the step sweeps its vertices past features that the start velocities did not reach).
  // Null: start velocities only.
  const std::vector<BodyMotion>* end_motion = nullptr;
  // 3D: also list every I-site's candidate separating planes (sites_3d.h), for the PEG models.
  bool sites_3d = false;
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
