// A cube sliding on a slab, mu = 0.3, v0 = 2 m/s, in directions 0, 22.5, 45 and 60 degrees: the
// speed must follow v0 - mu g t (1 %) until it stops, stop at v0 / (mu g) (+-1 step) and keep its
// direction (no lateral drift). A fixed 4-sided pyramid fails this at 45 degrees (29 % less
// friction, issue 12): the test that shows the check can fail.
#include "contact3d/bodies3d.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace pegsim {
namespace {

using test3d::Step3dOptions;
using test3d::Step3dRecord;

using test3d::cube_on_plane;
using test3d::run_steps;
using test3d::slab;

constexpr double kMu = 0.3, kV0 = 2.0, kG = 9.81, kH = 0.01;

struct Slide {
  double worst_speed_error = 0.0;  // max |speed - (v0 - mu g t)| / (v0 - mu g t) while the latter >= mu g h
  double stop_time = -1.0;         // first step end with speed < 1e-6 m/s
  double lateral = 0.0;            // max distance of the centre from the line of the initial velocity
  double worst_turn = 0.0;         // rad
};

Slide slide(double degrees, const FrictionCone3d& cone) {
  const double angle = degrees * std::numbers::pi / 180.0;
  const Vec3 direction(std::cos(angle), std::sin(angle), 0.0);
  std::vector<Body3d> bodies = {slab(kMu), cube_on_plane(kMu)};
  bodies[1].velocity = kV0 * direction;
  const Vec3 start = bodies[1].position;
  const Eigen::Quaterniond q0 = bodies[1].orientation;
  Step3dOptions options;
  options.time_step = kH;
  options.cone = cone;
  Slide s;
  const int steps = static_cast<int>(std::ceil(1.5 * kV0 / (kMu * kG) / kH));
  run_steps(bodies, options, steps, [&](int k, const Step3dRecord&) {
    const Body3d& c = bodies[1];
    const double t = k * kH, analytic = kV0 - kMu * kG * t;
    const double speed = Vec3(c.velocity.x(), c.velocity.y(), 0.0).norm();
    if (analytic >= kMu * kG * kH) s.worst_speed_error = std::max(s.worst_speed_error, std::abs(speed - analytic) / analytic);
    if (s.stop_time < 0.0 && speed < 1e-6) s.stop_time = t;
    const Vec3 moved = c.position - start;
    s.lateral = std::max(s.lateral, (moved - direction * moved.dot(direction)).norm());
    s.worst_turn = std::max(s.worst_turn, c.orientation.angularDistance(q0));
  });
  return s;
}

void expect_coulomb(double degrees, const FrictionCone3d& cone) {
  const Slide s = slide(degrees, cone);
  const double analytic_stop = kV0 / (kMu * kG);
  EXPECT_LT(s.worst_speed_error, 0.01) << degrees << " degrees";
  EXPECT_GE(s.stop_time, 0.0) << degrees << " degrees: never stopped";
  EXPECT_NEAR(s.stop_time, analytic_stop, kH + 1e-12) << degrees << " degrees";
  EXPECT_LT(s.lateral, 1e-6) << degrees << " degrees";
  EXPECT_LT(s.worst_turn, 1e-6) << degrees << " degrees";
  std::printf("slide %5.1f deg k=%d aligned=%d: speed error %.2e, stop %.3f s (analytic %.4f), lateral %.1e m, turn %.1e rad\n",
              degrees, cone.directions, cone.align_with_sliding ? 1 : 0, s.worst_speed_error, s.stop_time,
              analytic_stop, s.lateral, s.worst_turn);
}

TEST(SlidingCube3d, FollowsCoulombInEveryDirectionWithTheDefaultCone) {
  for (double degrees : {0.0, 22.5, 45.0, 60.0}) expect_coulomb(degrees, FrictionCone3d{});
}

TEST(SlidingCube3d, AFixedFourSidedPyramidSlowsDiagonalSlidingTooLittle) {
  FrictionCone3d pyramid;
  pyramid.directions = 4;
  pyramid.align_with_sliding = false;
  const Slide along_axis = slide(0.0, pyramid);
  const Slide diagonal = slide(45.0, pyramid);
  EXPECT_LT(along_axis.worst_speed_error, 0.01);  // a direction of the pyramid: exact
  // At 45 degrees the friction is cos(45) of Coulomb's: the cube stops 1/cos(45) later.
  EXPECT_GT(diagonal.stop_time, 1.3 * kV0 / (kMu * kG));
}

}  // namespace
}  // namespace pegsim
