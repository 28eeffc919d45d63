// The ground grid of a 3D panel (ground_grid.h), drawn first so everything stands on it.
#include "draw3d.h"

#include <cmath>

namespace pegsim::render_detail {

void draw_ground_grid(cairo_t* cr, const Camera3d& camera, const GroundGrid& grid, double unit) {
  set_colour(cr, kGridGrey);
  cairo_set_line_width(cr, 0.8 * unit);
  const int nx = static_cast<int>(std::lround((grid.x1 - grid.x0) / grid.spacing));
  const int ny = static_cast<int>(std::lround((grid.y1 - grid.y0) / grid.spacing));
  for (int i = 0; i <= nx; ++i) {
    const double x = grid.x0 + i * grid.spacing;
    if (segment_path_3d(cr, camera, Vec3(x, grid.y0, grid.z), Vec3(x, grid.y1, grid.z))) cairo_stroke(cr);
  }
  for (int j = 0; j <= ny; ++j) {
    const double y = grid.y0 + j * grid.spacing;
    if (segment_path_3d(cr, camera, Vec3(grid.x0, y, grid.z), Vec3(grid.x1, y, grid.z))) cairo_stroke(cr);
  }
}

}  // namespace pegsim::render_detail
