// The optional ground grid of 3D pictures: lines at a round spacing on the plane z = the scene's
// lowest point, a little wider than the scene, so heights and motion read against a fixed floor.
#pragma once

#include <pegsim/render/camera3d.h>

namespace pegsim {

struct GroundGrid {
  double z = 0.0;
  double x0 = 0.0, x1 = 0.0, y0 = 0.0, y1 = 0.0;  // multiples of spacing
  double spacing = 1.0;                           // 1, 2 or 5 times a power of ten
};

// Throws std::invalid_argument for empty or non-finite bounds.
GroundGrid ground_grid_for(const Bounds3d& bounds);

}  // namespace pegsim
