// The polyhedron pour with random convex hulls (issue 13 item 3): the PEG paper's "ten sets of random
// convex polyhedra", which the authors generated (bodies3D.mat, exported as
// random-hulls-bodies3D.json) but never ran. Same box, arrival point, velocity and schedule as
// their icosahedron pour (pour3d.h); each body is the hull of 15 points uniform in the unit cube,
// the authors' generateRandom3dBodies.m recipe, centred at its centroid, with the authors' mass (1 kg)
// and the solid's own inertia at that mass (their nominal I is not a rigid body's inertia for these
// shapes: a 0.2 m^3 hull of 1 kg has principal moments near 0.03 kg m^2).
#pragma once

#include <pegsim/geometry/polyhedron.h>
#include <pegsim/scene/reference_pour3d.h>
#include <pegsim/scene/scene.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace pegsim {

inline constexpr int kRandomHullPoints = 15;   // points per hull, as generateRandom3dBodies.m
inline constexpr double kRandomHullMass = 1.0;  // kg, the authors' default

struct RandomPour3dOptions {
  std::uint64_t seed = 1;
  int count = 0;            // bodies; 0: as many as arrive within the duration (10 or 11 in 5 s)
  double time_step = 0.01;  // sets the arrival schedule: one body every round(0.5 / h) steps
  double duration = 5.0;
  double friction = 0.0;
  std::string hulls_file;   // random-hulls-bodies3D.json: draw from its hulls; empty: generate
};

// The authors' container: five static slabs, exact corners from their stored world vertices.
std::vector<ReferenceSlab> authors_container_3d();

// How many bodies arrive within `duration` at step size h on the authors' schedule.
int pour3d_arrivals(double h, double duration);

// The hull of 15 points uniform in the unit cube (not centred), as the authors made theirs.
Polyhedron random_unit_cube_hull(std::mt19937_64& rng);

// A rotation uniform on SO(3) (Shoemake's subgroup algorithm), from three uniform draws.
Eigen::Quaterniond random_orientation(std::mt19937_64& rng);

// Throws std::invalid_argument for a bad count, step or duration (saying what to change) and
// SceneError for an unreadable hull file or one with fewer hulls than asked for.
Scene make_random_pour3d(const RandomPour3dOptions& options);

}  // namespace pegsim
