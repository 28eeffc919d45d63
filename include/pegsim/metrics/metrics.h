// Per-step measurements: exact overlap, penetration depth, energy.
#pragma once

#include <pegsim/dynamics/body.h>
#include <pegsim/dynamics/body3d.h>
#include <pegsim/scene/scene.h>

#include <vector>

namespace pegsim {

struct OverlapStats {
  // sum over body pairs (static–static excluded) of intersection area (m^2); in 3D volume (m^3)
  double total_area = 0.0;
  double max_depth = 0.0;   // largest pairwise penetration depth (particles: depth inside a polygon)
  int overlapping_pairs = 0;
};

OverlapStats measure_overlap(const std::vector<Body>& bodies, const std::vector<char>& active);

// Kinetic + gravitational potential energy of the active dynamic bodies.
double mechanical_energy(const std::vector<Body>& bodies, const std::vector<char>& active, const Vec2& gravity);

// The same for polyhedra (overlap_metrics_3d.cpp, energy.cpp), and for a scene of either dimension.
OverlapStats measure_overlap_3d(const std::vector<Body3d>& bodies, const std::vector<char>& active);
double mechanical_energy_3d(const std::vector<Body3d>& bodies, const std::vector<char>& active, const Vec3& gravity);
OverlapStats measure_overlap(const Scene& scene, const std::vector<char>& active);
double mechanical_energy(const Scene& scene, const std::vector<char>& active);

}  // namespace pegsim
