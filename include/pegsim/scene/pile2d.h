// A pile of N random convex polygons (the PEG authors' kind, about 0.25 m) dropped from a grid into
// a box just wide enough: the scaling scene (issue 11, BENCHMARKS.md "Scaling").
//
// Grid: cols = ceil(sqrt(2 N)) columns, rows = ceil(N / cols), pitch 0.5 m; every body's bounding
// radius about its centroid is below 0.24 m (larger draws are drawn again), so no two bodies
// touch at t = 0. Body k sits in row (k-1) / cols, column (k-1) % cols, at
// x = (col - (cols-1)/2) * 0.5 + jitter (uniform +-0.04 m), y = 0.3 + 0.5 * row, angle uniform in
// [0, 2 pi), at rest; mass 0.25, inertia 0.003 (the authors' values). Box: floor 0.4 m thick with its
// top at y = 0, inner width cols * 0.5 m, walls 0.4 m thick reaching 1 m above the top row.
// Gravity 9.8 down, no friction unless given; settings: model "peg", time_step 0.01, duration 3.
// With bins B > 1: B such boxes side by side, neighbours sharing a wall ("divider1" ...), sized for
// the fullest bin (ceil(N / B) bodies); body k goes to bin (k-1) % B, slot (k-1) / B of its grid.
// The bins' piles never touch: independent contact islands (the threads' case, components.h).
// B = 1 is the single box above, bit for bit.
// Deterministic for a seed on every platform.
#pragma once

#include <pegsim/scene/scene.h>

#include <cstdint>

namespace pegsim {

inline constexpr double kPile2dPitch = 0.5;           // m between grid cells
inline constexpr double kPile2dMaxBodyRadius = 0.24;  // m, bounding radius about the centroid

Scene make_pile2d(std::uint64_t seed, int count, double friction = 0.0, int bins = 1);

}  // namespace pegsim
