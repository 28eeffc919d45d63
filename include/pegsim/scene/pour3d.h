// The PEG authors' 3D pouring experiment as a scene (shared/data/reference-pour3d/README.md): five
// static slabs (floor and four walls, cavity 9.75 x 3.75 m) and their regular icosahedra (mass 0.5,
// nominal inertia 0.1309 I), each entering at (3, 0, 2) with velocity (-5, 0, 0) m/s and the
// stored orientation. Body j (0-based) enters at the start of step 1 + j N, N = round(0.5 / h) with
// halves rounded up, i.e. at t = j N h, while that step is within floor(duration / h): 10 or 11
// bodies over 5 s depending on h, as the stored runs had.
#pragma once

#include <pegsim/scene/reference_pour3d.h>
#include <pegsim/scene/scene.h>

#include <string>

namespace pegsim {

inline constexpr double kPour3dSpawnInterval = 0.5;  // s, before rounding to whole steps
inline constexpr double kPour3dDuration = 5.0;

// Steps between two arrivals at step size h: round(0.5 / h), halves up (0.5 / 0.008 = 62.5 -> 63).
int pour3d_interval_steps(double h);

// A static slab of the container, centred at its box's centre.
Body3d container_slab_body(const ReferenceSlab& slab, double friction);

// From bodies_icosahedra.json (load_reference_bodies_3d); friction is every body's coefficient.
// Throws SceneError naming the file for unreadable input, std::invalid_argument for a bad h.
Scene make_pour3d_from_reference(const std::string& bodies_json_path, double h, double duration = kPour3dDuration,
                                 double friction = 0.0);

}  // namespace pegsim
