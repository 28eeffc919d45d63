// Static rectangles (rectangle.h).
#include <pegsim/scene/rectangle.h>

namespace pegsim {

Body static_rectangle(const std::string& name, const Vec2& centre, const Vec2& half) {
  Body body;
  body.name = name;
  body.is_static = true;
  body.local_vertices = {Vec2(-half.x(), -half.y()), Vec2(half.x(), -half.y()), Vec2(half.x(), half.y()),
                         Vec2(-half.x(), half.y())};
  body.position = centre;
  return body;
}

}  // namespace pegsim
