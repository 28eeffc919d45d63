// Axis-aligned static rectangles: the boxes of the generated scenes (pour2d.h, pile2d.h).
#pragma once

#include <pegsim/dynamics/body.h>

#include <string>

namespace pegsim {

// A static body named `name`: the rectangle centre +- half, in its own frame centred on its centroid.
Body static_rectangle(const std::string& name, const Vec2& centre, const Vec2& half);

}  // namespace pegsim
