// Per-step measurements: exact overlap, penetration depth, energy.
#pragma once

#include <pegsim/dynamics/body.h>

#include <vector>

namespace pegsim {

struct OverlapStats {
  double total_area = 0.0;  // sum over body pairs (static–static excluded) of intersection area
  double max_depth = 0.0;   // largest pairwise penetration depth (particles: depth inside a polygon)
  int overlapping_pairs = 0;
};

OverlapStats measure_overlap(const std::vector<Body>& bodies, const std::vector<char>& active);

// Kinetic + gravitational potential energy of the active dynamic bodies.
double mechanical_energy(const std::vector<Body>& bodies, const std::vector<char>& active, const Vec2& gravity);

}  // namespace pegsim
