// Spawning into an occupied spot (SimulationOptions::force_spawns): a body arriving later waits at
// its spawn pose until the spot is free, instead of entering inside another body and being pushed
// out at whatever speed that takes (issue 10: frictional pours pile up to the spawn point). The
// scene's initial state (spawn time 0) is the user's, overlaps included.
#include <pegsim/dynamics/run.h>
#include <pegsim/dynamics/simulation.h>
#include <pegsim/metrics/metrics.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pegsim {
namespace {

Body square(const std::string& name, Vec2 position, double half, bool is_static) {
  Body b;
  b.name = name;
  b.local_vertices = {Vec2(-half, -half), Vec2(half, -half), Vec2(half, half), Vec2(-half, half)};
  b.position = position;
  b.is_static = is_static;
  b.mass = 1.0;
  b.inertia = b.mass * (8 * half * half) / 12.0;
  return b;
}

// A floor, a box resting on it under the spawn point and sliding away at `slide` m/s (no
// friction), and a second box due at t = 0.1 s at a pose 5 cm into the first.
Scene occupied_spawn_scene(double slide) {
  Scene scene;
  scene.bodies = {square("floor", Vec2(0.0, -1.0), 1.0, true), square("blocker", Vec2(0.0, 0.1), 0.1, false),
                  square("arrival", Vec2(0.0, 0.25), 0.1, false)};
  scene.bodies[1].velocity = Vec2(slide, 0.0);
  scene.bodies[2].spawn_time = 0.1;
  return scene;
}

SimulationOptions peg_options() {
  SimulationOptions o;
  o.model = "peg";
  o.time_step = 0.01;
  return o;
}

TEST(Spawn, AnArrivalWaitsWhileItsSpotIsOccupied) {
  Simulation sim(occupied_spawn_scene(0.0), peg_options());
  RunOptions run;
  run.duration = 0.5;
  double overlap_max = 0.0;
  const RunSummary s = run_simulation(sim, run, [&](const Simulation&, const StepMeasurement& m) {
    overlap_max = std::max(overlap_max, m.overlap.total_area);
  });
  EXPECT_EQ(s.deferred_spawns, 1);
  EXPECT_EQ(s.waiting_bodies, 1);
  EXPECT_FALSE(sim.active_bodies()[2]);
  EXPECT_DOUBLE_EQ(sim.bodies()[2].position.y(), 0.25) << "a waiting body keeps its spawn pose";
  EXPECT_LT(overlap_max, 1e-9);
  EXPECT_EQ(s.solver_failures, 0);
}

TEST(Spawn, AnArrivalEntersOnceTheSpotIsFreeAndThenFalls) {
  Simulation sim(occupied_spawn_scene(1.0), peg_options());  // the blocker leaves the spot at t = 0.2 s
  RunOptions run;
  run.duration = 0.6;
  double overlap_max = 0.0;
  const RunSummary s = run_simulation(sim, run, [&](const Simulation&, const StepMeasurement& m) {
    overlap_max = std::max(overlap_max, m.overlap.total_area);
  });
  EXPECT_EQ(s.deferred_spawns, 1);
  EXPECT_EQ(s.waiting_bodies, 0);
  EXPECT_GT(s.max_spawn_delay, 0.0);
  EXPECT_LT(s.max_spawn_delay, 0.2);
  EXPECT_TRUE(sim.active_bodies()[2]);
  EXPECT_LT(sim.bodies()[2].position.y(), 0.25 - 1e-3) << "it entered and fell onto the floor";
  EXPECT_LT(overlap_max, 1e-9);
  EXPECT_EQ(s.solver_failures, 0);
}

TEST(Spawn, ForcedSpawnsEnterInsideTheOtherBody) {
  SimulationOptions o = peg_options();
  o.force_spawns = true;
  Simulation sim(occupied_spawn_scene(0.0), o);
  for (int k = 0; k < 10; ++k) sim.step();  // up to t = 0.1 s
  ASSERT_TRUE(sim.active_bodies()[2]);
  EXPECT_GT(measure_overlap(sim.bodies(), sim.active_bodies()).total_area, 1e-3) << "5 cm x 20 cm, entered as given";
  EXPECT_EQ(sim.deferred_spawns(), 0);
}

TEST(Spawn, TheInitialStateIsTheUsersOverlapsIncluded) {
  Scene scene = occupied_spawn_scene(0.0);
  scene.bodies[2].spawn_time = 0.0;  // overlapping at t = 0: present from the start
  Simulation sim(scene, peg_options());
  EXPECT_TRUE(sim.active_bodies()[2]);
  EXPECT_GT(measure_overlap(sim.bodies(), sim.active_bodies()).total_area, 1e-3);
  for (int k = 0; k < 5; ++k) sim.step();
  EXPECT_TRUE(sim.active_bodies()[2]);
  EXPECT_EQ(sim.deferred_spawns(), 0);
}

}  // namespace
}  // namespace pegsim
