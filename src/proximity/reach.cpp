// Motion bound over one step (see reach.h).
#include <pegsim/proximity/reach.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace pegsim {

double motion_reach(double point_speed, const ProximityOptions& options) {
  const double h = options.time_step;
  return options.safety * (h * point_speed + h * h * options.gravity);
}

double step_reach(const Body& body, const ProximityOptions& options) {
  if (body.is_static) return 0.0;
  return motion_reach(body.velocity.norm() + std::abs(body.angular_velocity) * body.bounding_radius(), options);
}

double pair_threshold(const ProximityBody& a, const ProximityBody& b, const ProximityOptions& options) {
  const double h = options.time_step;
  const double closing = std::max((a.velocity - b.velocity).norm(), (a.velocity_end - b.velocity_end).norm()) +
                         std::max(a.spin_speed, a.spin_speed_end) + std::max(b.spin_speed, b.spin_speed_end);
  const double gravity = a.is_static && b.is_static ? 0.0 : h * h * options.gravity;
  return options.safety * (h * closing + gravity) + options.base_margin;
}

void validate_proximity_options(const ProximityOptions& options) {
  auto check = [](double value, const char* field, bool allow_zero) {
    if (!std::isfinite(value) || value < 0.0 || (!allow_zero && value == 0.0)) {
      throw std::invalid_argument(std::string("ProximityOptions.") + field + " must be " +
                                  (allow_zero ? "finite and >= 0" : "finite and > 0") + ", got " +
                                  std::to_string(value));
    }
  };
  check(options.time_step, "time_step", false);
  check(options.gravity, "gravity", true);
  check(options.base_margin, "base_margin", true);
  check(options.safety, "safety", true);
}

}  // namespace pegsim
