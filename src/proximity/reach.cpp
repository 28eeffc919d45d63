// Motion bound over one step (see reach.h).
#include <pegsim/proximity/reach.h>

#include <cmath>
#include <stdexcept>
#include <string>

namespace pegsim {

double step_reach(const Body& body, const ProximityOptions& options) {
  if (body.is_static) return 0.0;
  const double h = options.time_step;
  const double speed = body.velocity.norm() + std::abs(body.angular_velocity) * body.bounding_radius();
  return options.safety * (h * speed + h * h * options.gravity);
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
