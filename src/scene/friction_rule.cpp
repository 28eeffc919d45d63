// Pair friction from the two bodies' coefficients, by the scene's friction_rule.
#include <pegsim/scene/friction_rule.h>
#include <pegsim/scene/scene.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pegsim {

double combine_friction_coefficients(const std::string& rule, double mu_a, double mu_b, const std::string& name_a,
                                     const std::string& name_b) {
  if (!(mu_a >= 0.0 && mu_b >= 0.0 && std::isfinite(mu_a) && std::isfinite(mu_b)))
    throw std::invalid_argument("combine_friction: bodies \"" + name_a + "\" and \"" + name_b +
                                "\" need finite non-negative friction");
  // Geometric mean: a frictionless body makes every pair frictionless (the usual engine default).
  if (rule == "geometric") return std::sqrt(mu_a * mu_b);
  if (rule == "min") return std::min(mu_a, mu_b);
  if (rule == "max") return std::max(mu_a, mu_b);
  if (rule == "average") return 0.5 * (mu_a + mu_b);
  throw std::invalid_argument("combine_friction: unknown friction_rule \"" + rule +
                              "\" (valid: geometric, min, max, average)");
}

double combine_friction(const Scene& scene, const Body& a, const Body& b) {
  return combine_friction_coefficients(scene.friction_rule, a.friction, b.friction, a.name, b.name);
}

}  // namespace pegsim
