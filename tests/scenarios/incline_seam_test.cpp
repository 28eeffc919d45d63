// scenes/incline_seam.json (issue 10): a box on a 30 degree incline made of two tiles, straddling
// their seam. Static friction: with mu = 0.7 > tan 30 it sticks (Stewart–Trinkle's cone holds the
// whole tangential weight with zero slip); with mu = 0.2 it slides at a = g (sin 30 - mu cos 30),
// which semi-implicit Euler reproduces exactly in velocity (v_n = a h n), and crosses the seam
// without noticing it: no lift off the slope, no rotation. Every nonconvex model, h = 0.01.
#include "scenario_checks.h"
#include "scenario_run.h"

#include <gtest/gtest.h>

#include <numbers>
#include <tuple>

namespace pegsim::scenario {
namespace {

constexpr double kG = 9.81;
constexpr double kSlope = std::numbers::pi / 6.0;
constexpr double kStickDrift = 1e-5;   // m over the run
constexpr double kTurn = 1e-3;         // rad
constexpr double kLift = 1e-4;         // m off the slope
constexpr double kSink = 1e-3;         // m into the slope

// Slope frame: u along the incline (uphill), v along its normal.
Vec2 slope_coordinates(const Vec2& p) {
  return Vec2(p.dot(Vec2(std::cos(kSlope), std::sin(kSlope))), p.dot(Vec2(-std::sin(kSlope), std::cos(kSlope))));
}

class InclineSeam : public ::testing::TestWithParam<std::tuple<std::string, double>> {};

TEST_P(InclineSeam, StaticAndKineticFriction) {
  const auto& [model, mu] = GetParam();
  const Scene scene = with_friction(scene_file("incline_seam.json"), mu);
  const Trajectory t = run_scene(scene, model, "box");
  const Vec2 start = slope_coordinates(t.states.front().position);
  const double h = scene.settings.time_step;
  const bool slides = mu < std::tan(kSlope);
  const double accel = slides ? kG * (std::sin(kSlope) - mu * std::cos(kSlope)) : 0.0;

  double lift = 0.0, sink = 0.0, turn = 0.0, worst_speed_error = 0.0, drift = 0.0;
  for (const BodyState& s : t.states) {
    const Vec2 q = slope_coordinates(s.position) - start;
    lift = std::max(lift, q.y());
    sink = std::max(sink, -q.y());
    turn = std::max(turn, std::abs(s.angle - kSlope));
    drift = std::max(drift, q.norm());
    const double expected = accel * s.time;  // v_n = a h n
    worst_speed_error = std::max(worst_speed_error, std::abs(s.velocity.norm() - expected) - 0.01 * expected);
  }
  Checks checks;
  checks.that("solver failures = " + std::to_string(t.solver_failures) + ", expected 0", t.solver_failures == 0);
  if (slides) {
    const double n = static_cast<double>(t.steps());
    checks.near("final speed down the slope", t.final().velocity.norm(), accel * h * n, 0.01 * accel * h * n, "m/s");
    checks.at_most("speed error beyond 1 % of a t, any step", worst_speed_error, 1e-9, "m/s");
    const double downhill = start.x() - slope_coordinates(t.final().position).x();
    const double stepped = accel * h * h * n * (n + 1) / 2.0;
    checks.near("distance down the slope", downhill, stepped, 0.01 * stepped, "m");
  } else {
    checks.at_most("largest displacement (sticking)", drift, kStickDrift, "m");
  }
  checks.at_most("largest lift off the slope", lift, kLift, "m");
  checks.at_most("largest sink into the slope", sink, kSink, "m");
  checks.at_most("largest rotation", turn, kTurn, "rad");
  std::printf("%s mu %g: final speed %.6f m/s (a t = %.6f), drift %.3g m, lift %.3g m, turn %.3g rad\n", model.c_str(),
              mu, t.final().velocity.norm(), accel * t.final().time, drift, lift, turn);
  PEGSIM_SCENARIO_VERDICT(checks, "incline_seam/mu" + short_number(mu), model);
}

INSTANTIATE_TEST_SUITE_P(Models, InclineSeam,
                         ::testing::Combine(::testing::ValuesIn(kNonconvexModels), ::testing::Values(0.7, 0.2)),
                         [](const auto& info) {
                           return sanitized(std::get<0>(info.param) + "_mu" + short_number(std::get<1>(info.param)));
                         });

}  // namespace
}  // namespace pegsim::scenario
