// Ground grid layout (see ground_grid.h).
#include <pegsim/render/ground_grid.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pegsim {
namespace {

// 1, 2 or 5 times a power of ten, at least `x`.
double round_step(double x) {
  const double power = std::pow(10.0, std::floor(std::log10(x)));
  for (double m : {1.0, 2.0, 5.0}) {
    if (m * power >= x) return m * power;
  }
  return 10.0 * power;
}

}  // namespace

GroundGrid ground_grid_for(const Bounds3d& bounds) {
  if (bounds.empty() || !bounds.lo.allFinite() || !bounds.hi.allFinite()) {
    throw std::invalid_argument("ground grid: the scene has no bounds");
  }
  const Vec3 size = bounds.hi - bounds.lo;
  const double extent = std::max({size.x(), size.y(), size.z(), 1e-6});
  const double margin = 0.15 * extent;
  GroundGrid grid;
  grid.spacing = round_step((std::max(size.x(), size.y()) + 2.0 * margin) / 10.0);
  grid.z = bounds.lo.z();
  grid.x0 = grid.spacing * std::floor((bounds.lo.x() - margin) / grid.spacing);
  grid.x1 = grid.spacing * std::ceil((bounds.hi.x() + margin) / grid.spacing);
  grid.y0 = grid.spacing * std::floor((bounds.lo.y() - margin) / grid.spacing);
  grid.y1 = grid.spacing * std::ceil((bounds.hi.y() + margin) / grid.spacing);
  return grid;
}

}  // namespace pegsim
