// Body frames in 3D: the engine assumes a body's origin is its centre of mass, the centroid of its
// solid polyhedron. The 3D counterpart of body_frame.h: moves the frame without moving the body.
#pragma once

#include <pegsim/dynamics/body3d.h>

namespace pegsim {

// Moves the body-frame origin to the solid centroid c (body frame) without changing the body in the
// world: vertices -= c, position += R c, velocity += omega x (R c) (omega in the world frame). Mass
// and inertia are kept (the inertia is taken to be about the centroid already). The shape is rebuilt
// from the moved vertices and its face loops (polyhedron_from_faces), so its planes are exactly those
// that reading the saved vertices and faces back computes. Returns the c that was removed. Leaves the
// body bit-identical when |c| <= 1e-10 * (largest |vertex|), so re-centring a centred body changes
// nothing. Throws std::invalid_argument if the moved shape is not a valid polyhedron.
Vec3 recentre_at_centroid(Body3d& body);

}  // namespace pegsim
