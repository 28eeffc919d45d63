// The step-by-step divergence watch (divergence_watch.h): stepping by hand with it stops at the step
// and for the reason `pegsim run` stops at, and moving a body neither clears a stop nor trips it.
#include <pegsim/dynamics/divergence_watch.h>
#include <pegsim/dynamics/run.h>
#include <pegsim/scene/scene.h>

#include <gtest/gtest.h>

#include <string>

namespace pegsim {
namespace {

// The phantom-wall corner with a heavy particle: the standard model's push-out supplies energy the
// scene does not have, and the guard stops it (divergence_guard_test.cpp).
Scene heavy_particle_corner() {
  Scene scene = load_scene(std::string(PEGSIM_SOURCE_DIR) + "/scenes/particle_corner.json");
  for (Body& b : scene.bodies)
    if (b.name == "particle") b.mass = 100.0;
  return scene;
}

SimulationOptions options_for(const std::string& model) {
  SimulationOptions options;
  options.model = model;
  options.time_step = 0.01;
  return options;
}

TEST(DivergenceWatch, StopsAtTheStepAndForTheReasonRunSimulationDoes) {
  const Scene scene = heavy_particle_corner();
  Simulation by_run(scene, options_for("standard"));
  RunOptions run;
  run.duration = 0.2;
  const RunSummary summary = run_simulation(by_run, run);
  ASSERT_TRUE(summary.diverged);
  ASSERT_LT(summary.steps, 20);

  Simulation by_hand(scene, options_for("standard"));
  DivergenceWatch watch(by_hand);
  int steps = 0;
  while (steps < 20 && !watch.diverged()) {
    const int taken = by_hand.steps_taken();
    const StepRecord record = by_hand.step();
    watch.observe(by_hand, record, by_hand.steps_taken() > taken);
    ++steps;
  }
  EXPECT_EQ(steps, summary.steps);
  EXPECT_EQ(watch.reason(), summary.divergence_reason);
  EXPECT_NE(watch.reason().find("kinetic energy"), std::string::npos) << watch.reason();

  watch.rearm(by_hand);  // a reference taken again does not undo a stop
  EXPECT_TRUE(watch.diverged());
}

TEST(DivergenceWatch, AFlingIsASourceOnceRearmed) {
  Scene scene = heavy_particle_corner();
  Simulation sim(scene, options_for("peg"));
  DivergenceWatch watch(sim);
  for (Body& b : sim.mutable_bodies())
    if (b.name == "particle") b.velocity *= 100.0;
  const StepRecord record = sim.step();
  EXPECT_TRUE(DivergenceWatch(watch).observe(sim, record, true)) << "unarmed, the fling is a blow-up";
  watch.rearm(sim);
  const StepRecord next = sim.step();
  EXPECT_FALSE(watch.observe(sim, next, true)) << watch.reason();
}

}  // namespace
}  // namespace pegsim
