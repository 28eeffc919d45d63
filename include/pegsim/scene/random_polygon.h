// The PEG authors' kind of random convex polygon, drawn the same way on every platform; shared by
// the pour (pour2d.h) and the pile (pile2d.h) generators.
#pragma once

#include <pegsim/geometry/polygon.h>

#include <random>

namespace pegsim {

inline constexpr double kAuthorsBodyMass = 0.25;     // kg, as in the authors' sets
inline constexpr double kAuthorsBodyInertia = 0.003; // kg m^2 about the centroid
inline constexpr double kAuthorsBodyScale = 0.25;    // m: the hull's points span a 0.25 m square

// Uniform in [0, 1) from the top 53 bits: unlike std::uniform_real_distribution, the same on every
// standard library.
double uniform01(std::mt19937_64& rng);

// The convex hull of 10 points uniform in the unit square, mean subtracted, scaled by 0.25 (CCW).
// Degenerate draws are drawn again.
Polygon random_authors_hull(std::mt19937_64& rng);

}  // namespace pegsim
