// The PEG authors' 2D pouring experiment as a scene (peg-reconstructed.md, "The experiments as the
// reference ran them"; shared/data/reference-pour2d/README.md).
//
// A static box: floor x in [-1, 1], y in [-0.4, 0]; walls x in [-1.2, -0.8] and [0.8, 1.2],
// y in [-0.4, 1.6] (bodies "floor", "left_wall", "right_wall", first in the list, each a rectangle in
// its own frame centred on its centroid). Then `count` random convex polygons "body1".."bodyN":
// mass 0.25, inertia 0.003 (fixed, not from the shape), body k enters at spawn_time (k-1) * 0.25 s;
// odd k start at (-0.5, 0.8) with v = (+0.7, 0), even k at (0.5, 0.8) with v = (-0.7, 0) (the
// authors' stored sets b, d, f, h, i, j start on the right: their file's positions are used as stored).
// Gravity 9.8 down, no friction, settings: model "standard", time_step 0.01, duration 5.
//
// Frames: the authors' polygons have their origin at the mean of the hull's generating points, not at
// the area centroid. The engine needs origin = centre of mass, so each body is re-centred
// (body_frame.h): vertices shifted by -c, position by +R(angle) c; at spawn the world shape is
// exactly the authors'. The inertia 0.003 is then taken about the centroid.
#pragma once

#include <pegsim/scene/scene.h>

#include <cstdint>
#include <string>
#include <vector>

namespace pegsim {

inline constexpr double kPour2dSpawnInterval = 0.25;  // seconds between bodies
inline constexpr int kPour2dDefaultCount = 20;

// From one of the authors' body sets (bodies_X.json: vertices_local, position, angle,
// velocity (vx, vy, omega), mass, inertia). Uses the first `count` bodies; throws SceneError naming
// the file and the reason for an unreadable file, a bad field, or too few bodies.
Scene make_pour2d_from_bodies_file(const std::string& bodies_json_path, int count = kPour2dDefaultCount);

// Same rules with our own generator: body k is the convex hull of 10 points uniform in the unit
// square, mean subtracted, scaled by 0.25; orientation uniform in [0, 2 pi). Deterministic for a
// seed on every platform (std::mt19937_64 with our own uniform mapping).
Scene make_pour2d_from_seed(std::uint64_t seed, int count = kPour2dDefaultCount);

// The static box alone (floor, left wall, right wall).
std::vector<Body> pour2d_box();

// Convex hull (Andrew's monotone chain): counter-clockwise, starting at the lowest-x (then lowest-y)
// point, collinear and repeated points removed. Fewer than 3 points come back when all are collinear.
Polygon monotone_chain_hull(std::vector<Vec2> points);

}  // namespace pegsim
