// How far a body can move during one step: the distance scale of the proximity tests.
// A point of a body moves at most |v^{l+1}| h + |omega^{l+1}| R h; with v^{l+1} ~ v^l + h g this is
//   reach = safety * (h (|v| + |omega| R) + h^2 |g|),   0 for static bodies,
// and a vertex–edge pair enters the step when its distance is <= reach_a + reach_b + base_margin.
#pragma once

#include <pegsim/dynamics/body.h>
#include <pegsim/proximity/proximity.h>

namespace pegsim {

double step_reach(const Body& body, const ProximityOptions& options);

inline double pair_threshold(double reach_a, double reach_b, const ProximityOptions& options) {
  return reach_a + reach_b + options.base_margin;
}

// Throws std::invalid_argument naming the option when it is negative or not finite (time step 0 too).
void validate_proximity_options(const ProximityOptions& options);

}  // namespace pegsim
