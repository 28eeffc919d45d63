// Body frames: the engine assumes a body's origin is its centre of mass, i.e. the polygon's area
// centroid (a particle: its single vertex). Scene files and the PEG authors' body sets do not always
// follow that; this moves the frame without moving the body.
#pragma once

#include <pegsim/dynamics/body.h>

namespace pegsim {

// Moves the body-frame origin to the area centroid c (body frame) without changing the body in the
// world: local vertices -= c, position += R(angle) c, and the velocity becomes that of the new origin,
// velocity += angular_velocity * perp(R(angle) c). Mass and inertia are kept (the inertia is taken to
// be about the centroid already). Returns the c that was removed. Leaves the body bit-identical when
// |c| <= 1e-10 * (largest |vertex|), so re-centring an already centred body changes nothing.
// Throws std::invalid_argument for a shape that is neither a particle nor a valid polygon.
Vec2 recentre_at_centroid(Body& body);

}  // namespace pegsim
