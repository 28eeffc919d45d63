// A cube on a 30 degree incline: with mu = 0.7 > tan 30 it sticks; with mu = 0.2 it slides down at
// a = g (sin 30 - mu cos 30), straight down the slope.
#include "contact3d/bodies3d.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace pegsim {
namespace {

using test3d::Step3dOptions;
using test3d::Step3dRecord;

using test3d::run_steps;

constexpr double kSlope = std::numbers::pi / 6.0, kG = 9.81, kH = 0.01;

struct Incline {
  Eigen::Quaterniond tilt;
  std::vector<Body3d> bodies;
  Vec3 downhill;  // unit, along the slope
};

// The slab and cube turned about y by 30 degrees, the cube 1.5 m uphill of the slab's centre.
Incline incline(double mu) {
  Incline s;
  s.tilt = Eigen::Quaterniond(Eigen::AngleAxisd(kSlope, Vec3::UnitY()));
  s.downhill = s.tilt * Vec3::UnitX();
  Body3d cube = test3d::cube_on_plane(mu, s.tilt);
  cube.position -= 1.5 * s.downhill;
  s.bodies = {test3d::slab(mu, s.tilt), cube};
  return s;
}

TEST(Incline3d, SticksWhenFrictionExceedsTheSlope) {
  Incline s = incline(0.7);
  const Vec3 start = s.bodies[1].position;
  const Eigen::Quaterniond q0 = s.bodies[1].orientation;
  Step3dOptions options;
  options.time_step = kH;
  double worst = 0.0;
  run_steps(s.bodies, options, 200, [&](int, const Step3dRecord&) {
    worst = std::max(worst, (s.bodies[1].position - start).norm());
  });
  EXPECT_LT(worst, 1e-6);
  EXPECT_LT(s.bodies[1].orientation.angularDistance(q0), 1e-9);
  EXPECT_LT(s.bodies[1].velocity.norm(), 1e-9);
}

TEST(Incline3d, SlidesAtGTimesSinMinusMuCos) {
  const double mu = 0.2, a = kG * (std::sin(kSlope) - mu * std::cos(kSlope));
  Incline s = incline(mu);
  const Vec3 start = s.bodies[1].position;
  const Vec3 normal = s.tilt * Vec3::UnitZ();
  Step3dOptions options;
  options.time_step = kH;
  double worst_error = 0.0, worst_off_line = 0.0;
  run_steps(s.bodies, options, 100, [&](int k, const Step3dRecord&) {
    const double analytic = a * k * kH;
    worst_error = std::max(worst_error, std::abs(s.bodies[1].velocity.dot(s.downhill) - analytic) / analytic);
    const Vec3 moved = s.bodies[1].position - start;
    worst_off_line = std::max(worst_off_line, (moved - s.downhill * moved.dot(s.downhill)).norm());
    EXPECT_NEAR(s.bodies[1].velocity.dot(normal), 0.0, 1e-9) << "step " << k;
  });
  EXPECT_LT(worst_error, 0.01);
  EXPECT_LT(worst_off_line, 1e-6);  // neither across the slope nor off it
  std::printf("incline mu 0.2: worst speed error %.2e, off the line %.1e m\n", worst_error, worst_off_line);
}

}  // namespace
}  // namespace pegsim
