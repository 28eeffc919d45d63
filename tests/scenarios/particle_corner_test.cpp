// A particle skimming 2 mm past a convex corner (scenes/particle_corner.json; Nguyen Fig. 1,
// Egan §I). It never touches the box, so the exact answer is free flight.
#include "scenario_checks.h"
#include "scenario_run.h"

#include <gtest/gtest.h>

namespace pegsim::scenario {
namespace {

const char* const kScenario = "particle_corner";

struct FlightErrors {
  double position = 0.0;  // max over steps of |q - q_free|
  double velocity = 0.0;  // max over steps of |v - v0|
};

// Largest distance of the recorded trajectory from straight free flight q0 + v0 t.
FlightErrors free_flight_errors(const Trajectory& t) {
  const BodyState& start = t.states.front();
  FlightErrors e;
  for (const BodyState& s : t.states) {
    const Vec2 free = start.position + s.time * start.velocity;
    e.position = std::max(e.position, (s.position - free).norm());
    e.velocity = std::max(e.velocity, (s.velocity - start.velocity).norm());
  }
  return e;
}

class ParticleCorner : public ::testing::TestWithParam<std::string> {};

// Every nonconvex model constrains the particle to the union {x >= 0} OR {y >= 0} near the corner
// (Egan's max/sum forms, Nguyen's groups, PEG's I-constraint: "at least one half-plane holds at the
// end of the step"). Each step's end position is in that union with room to spare (the particle
// stays >= 1 mm from both lines when it is behind the other), so the union holds with zero impulse;
// the accurate forms allow force only at zero predicted gap and the simple forms only when
// max(rho) = 0, neither of which happens: no impulse, velocity unchanged.
TEST_P(ParticleCorner, NonconvexModelKeepsFreeFlight) {
  const std::string model = GetParam();
  const Scene scene = scene_file("particle_corner.json");
  const Trajectory t = run_scene(scene, model, "particle");
  const FlightErrors e = free_flight_errors(t);
  Checks checks;
  checks.that("no solver failures (" + std::to_string(t.solver_failures) + ")", t.solver_failures == 0);
  checks.at_most("max |v - v0| over steps", e.velocity, 1e-9, "m/s");
  checks.at_most("max |q - (q0 + v0 t)| over steps", e.position, 1e-9, "m");
  checks.near("final x", t.final().position.x(), 0.155, 1e-9, "m");
  checks.near("final y", t.final().position.y(), -0.029, 1e-9, "m");
  PEGSIM_SCENARIO_VERDICT(checks, kScenario, model);
}

INSTANTIATE_TEST_SUITE_P(Models, ParticleCorner, ::testing::ValuesIn(kNonconvexModels),
                         [](const auto& info) { return sanitized(info.param); });

// The standard model (Stewart–Trinkle) replaces each edge near the particle by its half-plane and
// requires ALL of them: {x >= 0} AND {y >= 0}, the convex approximation of a nonconvex free space.
// When the side edge (x = 0) enters proximity the particle is still left of the corner, behind
// that edge's line (gap psi = -0.015 m): rho = vx + psi/h >= 0 demands vx >= 1.5 m/s, a phantom
// wall that shoves the particle out along +x in one step. Next the top edge's half-plane y >= 0
// catches it right of the corner and removes part of vy. Kinetic energy is injected, not lost.
TEST(ParticleCornerStandard, PhantomWallChangesTheVelocity) {
  const Scene scene = scene_file("particle_corner.json");
  const Trajectory t = run_scene(scene, "standard", "particle");
  const BodyState& start = t.states.front();
  const BodyState& end = t.final();
  EXPECT_EQ(t.solver_failures, 0);
  // Observed: v = (1.5, -0.1) after the corner, from (1, -0.2).
  EXPECT_GT(end.velocity.x(), start.velocity.x() + 0.1) << "the side edge's half-plane pushes the particle along +x";
  EXPECT_GT(end.velocity.y(), start.velocity.y() + 0.05) << "the top edge's half-plane removes part of vy";
  EXPECT_GT(end.energy - start.energy, 0.1) << "the phantom wall injects kinetic energy (J)";
  const Vec2 free = start.position + end.time * start.velocity;
  EXPECT_GT((end.position - free).norm(), 0.01) << "the particle leaves the free-flight line (m)";
}

}  // namespace
}  // namespace pegsim::scenario
