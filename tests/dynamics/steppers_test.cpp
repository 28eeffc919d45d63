// The three steppers in 2D (simulation.h, Stepper; docs/engine.md "Steppers"): a resting stack of
// boxes stands under each; a nonconvex model's rows are left to the fixpoint by the NCP stepper
// (counted as unsupported), never a crash or a different answer.
#include <pegsim/dynamics/run.h>
#include <pegsim/dynamics/simulation.h>
#include <pegsim/scene/rectangle.h>

#include <gtest/gtest.h>

namespace pegsim {
namespace {

Body box(const std::string& name, const Vec2& centre, double half, double friction) {
  Body b;
  b.name = name;
  b.local_vertices = {Vec2(-half, -half), Vec2(half, -half), Vec2(half, half), Vec2(-half, half)};
  b.mass = 1.0;
  b.inertia = b.mass * (2.0 * half) * (2.0 * half) / 6.0;
  b.friction = friction;
  b.position = centre;
  return b;
}

// Three 0.2 m boxes on a static floor, the middle one offset by `offset` (0: the corners meet).
Scene box_stack(double friction, double offset = 0.02) {
  Scene scene;
  scene.gravity = Vec2(0.0, -9.81);
  Body floor = static_rectangle("floor", Vec2(0.0, -0.5), Vec2(2.0, 0.5));
  floor.friction = friction;
  scene.bodies = {floor, box("a", Vec2(0.0, 0.1), 0.1, friction), box("b", Vec2(offset, 0.3), 0.1, friction),
                  box("c", Vec2(0.0, 0.5), 0.1, friction)};
  return scene;
}

struct StackRun {
  int failures = 0, ncp_solves = 0, ncp_fallbacks = 0, ncp_unsupported = 0;
  double drift = 0.0;
};

StackRun run_stack(const std::string& model, Stepper stepper, double friction) {
  const Scene start = box_stack(friction);
  SimulationOptions options;
  options.model = model;
  options.time_step = 0.01;
  options.stepper = stepper;
  Simulation simulation(start, options);
  StackRun run;
  for (int k = 0; k < 200; ++k) {  // 2 s
    const StepRecord r = simulation.step();
    run.failures += !r.solved();
    run.ncp_solves += r.ncp_solves, run.ncp_fallbacks += r.ncp_fallbacks, run.ncp_unsupported += r.ncp_unsupported;
    for (std::size_t i = 1; i < start.bodies.size(); ++i) {
      const Body& b = simulation.bodies()[i];
      run.drift = std::max({run.drift, (b.position - start.bodies[i].position).norm(), 0.1 * std::abs(b.angle)});
    }
  }
  return run;
}

TEST(Steppers, ABoxStackStandsUnderEachStepper) {
  for (const double friction : {0.0, 0.5}) {
    for (const Stepper stepper : {Stepper::Linear, Stepper::Fixpoint, Stepper::Ncp}) {
      SCOPED_TRACE(std::string(to_string(stepper)) + " mu " + std::to_string(friction));
      const StackRun run = run_stack("standard", stepper, friction);
      std::printf("box stack mu %.1f, %s stepper: drift %.2e m, %d NCP solves, %d fallbacks\n", friction,
                  to_string(stepper), run.drift, run.ncp_solves, run.ncp_fallbacks);
      EXPECT_EQ(run.failures, 0);
      EXPECT_LT(run.drift, 1e-4);
      EXPECT_EQ(run.ncp_solves, stepper == Stepper::Ncp ? 200 : 0);
      EXPECT_EQ(run.ncp_fallbacks, 0);
      EXPECT_EQ(run.ncp_unsupported, 0);
    }
  }
}

// PEG's rows of vertex–vertex sites (the aligned boxes' meeting corners) are not plain
// Stewart–Trinkle rows: the NCP stepper leaves those steps to the fixpoint (counted), and the run
// is the fixpoint's, bit for bit.
TEST(Steppers, NonconvexRowsFallBackToTheFixpoint) {
  const Scene start = box_stack(0.0, 0.0);
  auto final_state = [&](Stepper stepper, int& unsupported) {
    SimulationOptions options;
    options.model = "peg";
    options.time_step = 0.01;
    options.stepper = stepper;
    Simulation simulation(start, options);
    unsupported = 0;
    for (int k = 0; k < 100; ++k) {
      const StepRecord r = simulation.step();
      EXPECT_TRUE(r.solved());
      unsupported += r.ncp_unsupported;
    }
    return simulation.bodies();
  };
  int unsupported_fixpoint = 0, unsupported_ncp = 0;
  const std::vector<Body> fixpoint = final_state(Stepper::Fixpoint, unsupported_fixpoint);
  const std::vector<Body> ncp = final_state(Stepper::Ncp, unsupported_ncp);
  std::printf("peg box stack: %d of 100 steps unsupported by the NCP stepper\n", unsupported_ncp);
  EXPECT_EQ(unsupported_fixpoint, 0);
  EXPECT_GT(unsupported_ncp, 0);
  if (unsupported_ncp == 100) {
    for (std::size_t i = 0; i < ncp.size(); ++i) {
      EXPECT_EQ(ncp[i].position, fixpoint[i].position);
      EXPECT_EQ(ncp[i].angle, fixpoint[i].angle);
    }
  }
}

TEST(Steppers, ParseAndPrint) {
  for (const Stepper stepper : {Stepper::Linear, Stepper::Fixpoint, Stepper::Ncp})
    EXPECT_EQ(parse_stepper(to_string(stepper)), stepper);
  EXPECT_FALSE(parse_stepper("bogus").has_value());
  EXPECT_EQ(SimulationOptions{}.stepper, Stepper::Fixpoint);  // today's behaviour stays the default
}

}  // namespace
}  // namespace pegsim
