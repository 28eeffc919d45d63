// Painter's algorithm for convex bodies: the order to draw them, farthest first. With back-face
// culling a convex body's visible faces never cover each other, so only bodies need sorting. Two
// bodies whose pictures may overlap are ordered by a separating plane (face normals, then edge
// cross products): the one on the eye's side is in front, whatever their sizes (a small cube on a
// large slab). Other pairs, and overlapping bodies, fall back to the depth of their centroids.
#pragma once

#include <pegsim/geometry/polyhedron.h>
#include <pegsim/render/camera3d.h>

#include <vector>

namespace pegsim {

// +1: a is behind b (draw a first); -1: b is behind a; 0: no separating plane found or the eye is
// on it (e.g. the bodies overlap).
int behind_by_separation(const Polyhedron& a, const Polyhedron& b, const Vec3& eye);

// Indices of the non-null shapes (world frame) with a vertex in front of the camera, back to front.
std::vector<int> painter_order(const std::vector<const Polyhedron*>& shapes, const Camera3d& camera);

}  // namespace pegsim
