// The pair friction rule on two coefficients, for either dimension (scene.h's combine_friction is
// the 2D scene's call of it).
#pragma once

#include <string>

namespace pegsim {

// rule: geometric (mean) | min | max | average. Throws std::invalid_argument for an unknown rule or
// a coefficient that is negative or not finite, naming the two bodies.
double combine_friction_coefficients(const std::string& rule, double mu_a, double mu_b, const std::string& name_a,
                                     const std::string& name_b);

}  // namespace pegsim
