// What the simulation does when a step's LCP is not solved: recovery by halving, the divergence
// guard, and the Stop policy. The failures are provoked with a solver that cannot succeed (PGS with
// one sweep), on a real scene, so the tests exercise the same code paths as a failing pour.
#include <pegsim/dynamics/run.h>
#include <pegsim/dynamics/simulation.h>
#include <pegsim/scene/pour2d.h>
#include <pegsim/scene/scene.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace pegsim {
namespace {

Scene box_on_floor() { return load_scene(std::string(PEGSIM_SOURCE_DIR) + "/scenes/box_on_floor.json"); }

// One PGS sweep never meets the tolerance on a resting contact: every solve fails.
SimulationOptions failing_options(int recovery_depth) {
  SimulationOptions o;
  o.model = "peg";
  o.time_step = 0.01;
  o.solver = SolverKind::Pgs;
  o.solve.max_iterations = 1;
  o.recovery_depth = recovery_depth;
  return o;
}

// Settle the box first (auto solver), so the failing step has contacts.
void settle(Simulation& sim, int steps) {
  for (int k = 0; k < steps; ++k) ASSERT_TRUE(sim.step().solved());
}

TEST(FailureRecovery, AFailedStepIsRetriedAsHalvesAndRecordedAsAFailure) {
  for (int depth : {0, 1, 2, 3}) {
    SimulationOptions settle_options;
    settle_options.model = "peg";
    Simulation settled(box_on_floor(), settle_options);
    settle(settled, 20);

    Simulation sim(settled.scene(), failing_options(depth));
    const StepRecord r = sim.step();
    ASSERT_GT(r.contacts, 0);
    EXPECT_FALSE(r.solved()) << "depth " << depth;
    EXPECT_EQ(r.substeps, 1 << depth) << "depth " << depth;  // a full binary tree of halvings
    EXPECT_FALSE(r.diverged);
    // Continue policy: the step is applied and the clock advances by exactly h.
    EXPECT_EQ(sim.steps_taken(), 1);
    EXPECT_DOUBLE_EQ(sim.time(), 0.01);
  }
}

TEST(FailureRecovery, StopPolicyLeavesTheStateUntouchedEvenAfterHalfSteps) {
  SimulationOptions settle_options;
  settle_options.model = "peg";
  Simulation settled(box_on_floor(), settle_options);
  settle(settled, 20);

  SimulationOptions o = failing_options(2);
  o.on_failure = FailurePolicy::Stop;
  Simulation sim(settled.scene(), o);
  const std::vector<Body> before = sim.bodies();
  const StepRecord r = sim.step();
  EXPECT_FALSE(r.solved());
  EXPECT_EQ(sim.steps_taken(), 0);
  ASSERT_EQ(sim.bodies().size(), before.size());
  for (std::size_t i = 0; i < before.size(); ++i) {
    EXPECT_EQ(sim.bodies()[i].position, before[i].position) << before[i].name;  // bit-identical
    EXPECT_EQ(sim.bodies()[i].velocity, before[i].velocity) << before[i].name;
    EXPECT_EQ(sim.bodies()[i].angle, before[i].angle) << before[i].name;
  }
}

TEST(DivergenceGuard, AnLcpLargerThanTheLimitStopsTheRunWithoutApplyingTheStep) {
  SimulationOptions o;
  o.model = "peg";
  o.max_lcp_size = 1;  // the box on the floor has more than one contact row
  Simulation sim(box_on_floor(), o);
  const std::vector<Body> before = sim.bodies();
  RunOptions run;
  run.duration = 0.5;
  const RunSummary s = run_simulation(sim, run);
  EXPECT_TRUE(s.diverged);
  EXPECT_TRUE(s.stopped_early);
  EXPECT_EQ(sim.steps_taken(), s.steps);
  EXPECT_LT(s.steps, 50);
  // The refused step changed nothing: the state is the one after the last applied step.
  if (s.steps == 0) {
    for (std::size_t i = 0; i < before.size(); ++i) EXPECT_EQ(sim.bodies()[i].position, before[i].position);
  }
}

TEST(DivergenceGuard, ZeroMeansNoLimit) {
  SimulationOptions o;
  o.model = "peg";
  o.max_lcp_size = 0;
  Simulation sim(box_on_floor(), o);
  RunOptions run;
  run.duration = 0.2;
  const RunSummary s = run_simulation(sim, run);
  EXPECT_FALSE(s.diverged);
  EXPECT_EQ(s.steps, static_cast<int>(std::lround(0.2 / o.time_step)));
  EXPECT_EQ(s.solver_failures, 0);
}

// The automatic row guard counts vertices too: many-sided bodies at large steps have many vertex-edge
// pairs within reach (twenty 24-gons poured at h = 0.05 peak at 4447 rows without overlap), and
// the old max(1000, 20 per body) stopped that clean pour as diverged.
TEST(DivergenceGuard, TheAutomaticGuardGrowsWithTheBodiesVertices) {
  Scene blobs = make_pour2d_from_seed(1);
  Scene discs = blobs;
  int dynamic = 0, blob_vertices = 0;
  for (Body& b : discs.bodies) {
    if (b.is_static) continue;
    ++dynamic;
    blob_vertices += static_cast<int>(b.local_vertices.size());
    b.local_vertices.clear();
    for (int k = 0; k < 24; ++k) b.local_vertices.emplace_back(0.1 * std::cos(2 * M_PI * k / 24), 0.1 * std::sin(2 * M_PI * k / 24));
  }
  SimulationOptions o;
  o.model = "peg";
  o.time_step = 0.05;
  const Simulation few(blobs, o), many(discs, o);
  EXPECT_EQ(few.options().max_lcp_size, std::max(1000, 16 * blob_vertices));
  EXPECT_EQ(many.options().max_lcp_size, 16 * 24 * dynamic);
  EXPECT_GT(many.options().max_lcp_size, 4447);  // the clean 24-gon pour's largest island
  SimulationOptions fixed = o;
  fixed.max_lcp_size = 1234;  // an explicit guard is kept as given
  EXPECT_EQ(Simulation(discs, fixed).options().max_lcp_size, 1234);
}

}  // namespace
}  // namespace pegsim
