// How far a body can move during one step: the distance scale of the proximity tests.
// A point of a body moves at most |v^{l+1}| h + |omega^{l+1}| R h; with v^{l+1} ~ v^l + h g this is
//   reach = safety * (h (|v| + |omega| R) + h^2 |g|),   0 for static bodies
// (it sizes the broad phase's boxes). A pair of bodies closes in at most at the speed of their
// relative motion, so a vertex–edge pair enters the step when its distance is at most
//   D = safety * (h (|v_a - v_b| + |omega_a| R_a + |omega_b| R_b) + h^2 |g|) + base_margin
// (h^2 |g| for any pair with a dynamic body: one of two may be supported), which never exceeds
// reach_a + reach_b + base_margin (the broad phase stays conservative). Summing absolute reaches
// instead paired bodies that fall side by side 0.5 m apart at h = 0.05 and grew the pour's LCPs
// past 1000 rows. With predicted end velocities (ProximityOptions::end_motion) every speed is the
// larger of its start and end values.
#pragma once

#include <pegsim/dynamics/body.h>
#include <pegsim/proximity/proximity.h>
#include <pegsim/proximity/vertex_edge.h>

namespace pegsim {

double step_reach(const Body& body, const ProximityOptions& options);
// The same for a point speed bound (|v| + |omega| R) of a dynamic body.
double motion_reach(double point_speed, const ProximityOptions& options);

// D for bodies a and b (ProximityBody velocities and spin speeds filled, static ones at rest).
double pair_threshold(const ProximityBody& a, const ProximityBody& b, const ProximityOptions& options);

// Throws std::invalid_argument naming the option when it is negative or not finite (time step 0 too).
void validate_proximity_options(const ProximityOptions& options);

}  // namespace pegsim
