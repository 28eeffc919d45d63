// Flat shading of 3D faces (see draw3d.h).
#include "draw3d.h"

#include <algorithm>

namespace pegsim::render_detail {
namespace {

// Key light from above, on the default camera's side; the fill keeps faces turned away from the
// key distinguishable from each other.
const Vec3 kKeyLight = Vec3(0.4, -0.8, 1.0).normalized();
const Vec3 kFillLight = Vec3(-1.0, 0.6, 0.2).normalized();
inline constexpr double kAmbient = 0.30, kKey = 0.62, kFill = 0.20;

}  // namespace

double lambert_factor(const Vec3& normal) {
  return std::min(1.0, kAmbient + kKey * std::max(0.0, normal.dot(kKeyLight)) +
                           kFill * std::max(0.0, normal.dot(kFillLight)));
}

Rgb shade(const Rgb& base, const Vec3& normal) {
  const double f = lambert_factor(normal);
  return {base.r * f, base.g * f, base.b * f};
}

}  // namespace pegsim::render_detail
