// Jammed steps (issue 10 item 5, Simulation::resolve_jam): a box 1 mm into each of two walls at
// mu = 0.8 (friction_safety_test.cpp's wedged box) has a jammed LCP; the engine certifies it,
// clips psi at the jammed contacts only and counts the step in jammed_steps. A box sunk 1 mm into
// a floor elsewhere in the same step keeps its push-out: only the jammed contacts are clipped.
#include <pegsim/dynamics/run.h>
#include <pegsim/dynamics/simulation.h>
#include <pegsim/lcp/jam.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pegsim {
namespace {

Body box(const std::string& name, Vec2 position, double half_w, double half_h, bool is_static, double mu) {
  Body b;
  b.name = name;
  b.local_vertices = {Vec2(-half_w, -half_h), Vec2(half_w, -half_h), Vec2(half_w, half_h), Vec2(-half_w, half_h)};
  b.position = position;
  b.is_static = is_static;
  b.mass = 1.0;
  b.inertia = b.mass * (4 * half_w * half_w + 4 * half_h * half_h) / 12.0;
  b.friction = mu;
  return b;
}

// Walls at |x| >= 0.1, the wedged box 0.202 wide (1 mm into each) moving up at 0.3 m/s; a floor
// far to the right with a resting box 1 mm into it. No gravity: every change of energy is the
// contacts' doing.
Scene wedged_scene(double mu) {
  Scene scene;
  scene.gravity = Vec2::Zero();
  scene.friction = mu;
  scene.bodies = {box("left", Vec2(-0.3, 0.0), 0.2, 0.5, true, mu), box("right", Vec2(0.3, 0.0), 0.2, 0.5, true, mu),
                  box("wedged", Vec2(0.0, 0.0), 0.101, 0.1, false, mu),
                  box("floor", Vec2(3.0, -0.5), 1.0, 0.5, true, mu),
                  box("sunk", Vec2(3.0, 0.099), 0.1, 0.1, false, mu)};  // 1 mm into the floor
  scene.bodies[2].velocity = Vec2(0.0, 0.3);
  return scene;
}

double kinetic(const Body& b) { return 0.5 * b.mass * b.velocity.squaredNorm() + 0.5 * b.inertia * b.angular_velocity * b.angular_velocity; }

TEST(JammedStep, AWedgedBoxIsDecidedAsJammedAndOnlyItsContactsLosePushOut) {
  ASSERT_TRUE(jam_certificates_available());
  SimulationOptions o;
  o.model = "standard";
  o.time_step = 0.01;
  Simulation sim(wedged_scene(0.8), o);
  const double wedged_energy = kinetic(sim.bodies()[2]);

  // The first step alone: jammed, solved with the wall contacts clipped, the floor contact not.
  const StepRecord first = sim.step();
  EXPECT_TRUE(first.solved()) << first.solver;
  EXPECT_GT(first.jammed_contacts, 0);
  EXPECT_EQ(first.degraded, Degradation::None);
  EXPECT_EQ(first.substeps, 4);  // halving first (recovery_depth 2): each quarter step is jammed
  EXPECT_GT(sim.bodies()[4].velocity.y(), 0.0) << "the sunk box is pushed out of the floor";
  EXPECT_LE(kinetic(sim.bodies()[2]), wedged_energy + 1e-12);

  RunOptions run;
  run.duration = 0.2;
  std::vector<double> wedged_depth;
  const RunSummary s = run_simulation(sim, run, [&](const Simulation& simulation, const StepMeasurement& m) {
    (void)simulation;
    wedged_depth.push_back(m.overlap.max_depth);
  });
  EXPECT_EQ(s.jammed_steps, s.steps);
  EXPECT_EQ(s.solver_failures, 0);
  EXPECT_EQ(s.degraded_steps, 0);
  EXPECT_EQ(s.energy_gain_steps, 0);
  EXPECT_LE(s.energy_max_unexplained, 1e-6);
  // The wedged box gains no energy and stays between the walls; overlap never grows.
  const Body& wedged = sim.bodies()[2];
  EXPECT_LE(kinetic(wedged), wedged_energy + 1e-12);
  EXPECT_LT(std::abs(wedged.position.x()), 1e-9);
  EXPECT_TRUE(wedged.velocity.allFinite());
  for (std::size_t k = 1; k < wedged_depth.size(); ++k) EXPECT_LE(wedged_depth[k], wedged_depth[k - 1] + 1e-12) << k;
  // The sunk box is out of the floor (its push-out was never clipped).
  EXPECT_GT(sim.bodies()[4].position.y(), 0.1 - 1e-6);
  // The run summary's JSON carries the count.
  EXPECT_EQ(summary_to_json(s, sim.bodies())["jammed_steps"], s.steps);
}

// The same scene with open gaps at the walls is no jam: nothing counted.
TEST(JammedStep, AnOpenWedgeIsNotJammed) {
  SimulationOptions o;
  o.model = "standard";
  o.time_step = 0.01;
  Scene scene = wedged_scene(0.8);
  scene.bodies[2].local_vertices = {Vec2(-0.099, -0.1), Vec2(0.099, -0.1), Vec2(0.099, 0.1), Vec2(-0.099, 0.1)};
  Simulation sim(scene, o);
  RunOptions run;
  run.duration = 0.1;
  const RunSummary s = run_simulation(sim, run);
  EXPECT_EQ(s.jammed_steps, 0);
  EXPECT_EQ(s.solver_failures, 0);
}

}  // namespace
}  // namespace pegsim
