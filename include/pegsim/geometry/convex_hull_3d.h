// The 3D convex hull of a point set by qhull (libqhull_r, reentrant C API), as qhull reports it:
// triangles (option Qt) with outward orientation and qhull's own enclosed volume. polyhedron.h builds
// shapes from it; tests use its volume as a computation independent of ours (mass_properties_3d.h).
#pragma once

#include <pegsim/geometry/polyhedron.h>

#include <array>
#include <vector>

namespace pegsim {

struct HullTriangles {
  std::vector<std::array<int, 3>> triangles;  // indices into the input points, CCW seen from outside
  double volume = 0.0;                        // qhull's totvol (qh_getarea)
};

// True when the library was built with qhull (PEGSIM_HAVE_QHULL; not in the WebAssembly build).
bool have_qhull();

// Throws std::invalid_argument (fewer than 4 points, non-finite, flat: qhull's message attached) and
// std::runtime_error when built without qhull.
HullTriangles qhull_convex_hull(const std::vector<Vec3>& points);

}  // namespace pegsim
