// Pair friction from the two bodies' coefficients, by the scene's friction_rule.
#include <pegsim/scene/scene.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pegsim {

double combine_friction(const Scene& scene, const Body& a, const Body& b) {
  const double mu_a = a.friction, mu_b = b.friction;
  if (!(mu_a >= 0.0 && mu_b >= 0.0 && std::isfinite(mu_a) && std::isfinite(mu_b)))
    throw std::invalid_argument("combine_friction: bodies \"" + a.name + "\" and \"" + b.name +
                                "\" need finite non-negative friction");
  const std::string& rule = scene.friction_rule;
  // Geometric mean: a frictionless body makes every pair frictionless (the usual engine default).
  if (rule == "geometric") return std::sqrt(mu_a * mu_b);
  if (rule == "min") return std::min(mu_a, mu_b);
  if (rule == "max") return std::max(mu_a, mu_b);
  if (rule == "average") return 0.5 * (mu_a + mu_b);
  throw std::invalid_argument("combine_friction: unknown friction_rule \"" + rule +
                              "\" (valid: geometric, min, max, average)");
}

}  // namespace pegsim
