// scenes/tiled_floor.json (issue 10): a box sliding at v0 = 3 m/s across the seams of static tiles
// of equal height must cross without noticing them: at every step its speed is the flat floor's
// (Coulomb: v0 - mu g t until it stops; semi-implicit Euler reproduces that line exactly, and the
// last step's leftover is taken by static friction, so the time-stepped speed is max(0, v0 - mu g t_n)),
// it never rises (height <= resting + 0.1 mm), never sinks (>= resting - 1 mm) and never turns
// (|angle| < 1e-3 rad). Every nonconvex model, frictionless and mu = 0.1, 0.5, at the scene's
// h = 0.01. The standard model's half-planes of the tiles' sides snag the box (expected; not tested).
#include "scenario_checks.h"
#include "scenario_run.h"

#include <gtest/gtest.h>

#include <tuple>

namespace pegsim::scenario {
namespace {

constexpr double kG = 9.81;
constexpr double kSpeedTolerance = 0.01;   // relative: "within 1 % of v0 - mu g t"
constexpr double kStoppedSpeed = 1e-6;     // m/s, once the Coulomb line has reached 0
constexpr double kRise = 1e-4;             // m
constexpr double kSink = 1e-3;             // m
constexpr double kTurn = 1e-3;             // rad

std::string case_name(double mu) { return "tiled_floor/mu" + short_number(mu); }

class TiledFloor : public ::testing::TestWithParam<std::tuple<std::string, double>> {};

TEST_P(TiledFloor, SeamsAreInvisible) {
  const auto& [model, mu] = GetParam();
  const Scene scene = with_friction(scene_file("tiled_floor.json"), mu);
  const Trajectory t = run_scene(scene, model, "box");
  const double v0 = t.states.front().velocity.x();
  const double rest_y = t.states.front().position.y();

  double worst_speed_error = 0.0, speed_at_worst = 0.0, expected_at_worst = 0.0, time_at_worst = 0.0;
  double highest = -1e300, lowest = 1e300, max_turn = 0.0;
  bool speed_ok = true;
  for (const BodyState& s : t.states) {
    const double expected = std::max(0.0, v0 - mu * kG * s.time);
    const double error = std::abs(s.velocity.norm() - expected);
    const double tolerance = std::max(kSpeedTolerance * expected, kStoppedSpeed);
    if (error / tolerance > worst_speed_error) {
      worst_speed_error = error / tolerance;
      speed_at_worst = s.velocity.norm();
      expected_at_worst = expected;
      time_at_worst = s.time;
    }
    speed_ok = speed_ok && error <= tolerance;
    highest = std::max(highest, s.position.y());
    lowest = std::min(lowest, s.position.y());
    max_turn = std::max(max_turn, std::abs(s.angle));
  }
  Checks checks;
  checks.that("solver failures = " + std::to_string(t.solver_failures) + ", expected 0", t.solver_failures == 0);
  char line[200];
  std::snprintf(line, sizeof line, "speed at every step within 1 %% of max(0, v0 - mu g t); worst at t = %.3f s: %.6g m/s, "
                "expected %.6g", time_at_worst, speed_at_worst, expected_at_worst);
  checks.that(line, speed_ok);
  checks.at_most("highest centre above resting", highest - rest_y, kRise, "m");
  checks.at_most("lowest centre below resting", rest_y - lowest, kSink, "m");
  checks.at_most("largest |angle|", max_turn, kTurn, "rad");
  std::printf("%s mu %g: final x %.6f m, speed %.6f m/s (expected %.6f), rise %.3g m, turn %.3g rad\n", model.c_str(),
              mu, t.final().position.x(), t.final().velocity.norm(), std::max(0.0, v0 - mu * kG * t.final().time),
              highest - rest_y, max_turn);
  PEGSIM_SCENARIO_VERDICT(checks, case_name(mu), model);
}

INSTANTIATE_TEST_SUITE_P(Models, TiledFloor,
                         ::testing::Combine(::testing::ValuesIn(kNonconvexModels), ::testing::Values(0.0, 0.1, 0.5)),
                         [](const auto& info) {
                           return sanitized(std::get<0>(info.param) + "_mu" + short_number(std::get<1>(info.param)));
                         });

}  // namespace
}  // namespace pegsim::scenario
