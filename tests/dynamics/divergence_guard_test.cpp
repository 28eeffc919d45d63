// What stops a run as blown up (divergence_guard.h, issue 11): a body far out of the scene, kinetic
// energy without a source, an LCP past the memory bound; and what must not: a settling pile.
#include <pegsim/assembly/assembly.h>
#include <pegsim/dynamics/divergence_guard.h>
#include <pegsim/dynamics/run.h>
#include <pegsim/dynamics/simulation.h>
#include <pegsim/scene/pile2d.h>
#include <pegsim/scene/scene.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <string>

namespace pegsim {
namespace {

std::vector<char> all_active(const Scene& scene) { return std::vector<char>(scene.bodies.size(), 1); }

TEST(DivergenceGuard, AStartStateIsPlausible) {
  const Scene scene = make_pile2d(2, 20);
  const DivergenceGuard guard(scene.bodies, scene.gravity);
  EXPECT_EQ(guard.check(scene.bodies, all_active(scene), 0.0), "");
  EXPECT_GT(guard.energy_supply(), 0.0);
}

TEST(DivergenceGuard, ABodyFarOutOfTheSceneIsNamed) {
  Scene scene = make_pile2d(2, 20);
  const DivergenceGuard guard(scene.bodies, scene.gravity);
  scene.bodies.back().position.x() += 1000.0;
  const std::string reason = guard.check(scene.bodies, all_active(scene), 0.0);
  EXPECT_NE(reason.find(scene.bodies.back().name), std::string::npos) << reason;
  EXPECT_NE(reason.find("left the scene"), std::string::npos) << reason;
}

TEST(DivergenceGuard, KineticEnergyWithoutASourceButNotWithPushOutWork) {
  Scene scene = make_pile2d(2, 20);
  const DivergenceGuard guard(scene.bodies, scene.gravity);
  // the whole fall's energy, three times over, in one body's spin
  Body& b = scene.bodies.back();
  b.angular_velocity = std::sqrt(2.0 * 3.0 * guard.energy_supply() / b.inertia);
  const std::string reason = guard.check(scene.bodies, all_active(scene), 0.0);
  EXPECT_NE(reason.find("kinetic energy"), std::string::npos) << reason;
  EXPECT_EQ(guard.check(scene.bodies, all_active(scene), 3.0 * guard.energy_supply()), "");
}

TEST(DivergenceGuard, ASettlingPileDoesNotTripIt) {
  // 60 bodies at h = 0.01: more than the old fixed 1000-row guard allowed per 20 bodies
  Scene scene = make_pile2d(5, 60);
  SimulationOptions options;
  options.model = "peg";
  options.time_step = 0.01;
  Simulation sim(scene, options);
  RunOptions run;
  run.duration = 1.0;
  const RunSummary s = run_simulation(sim, run);
  EXPECT_FALSE(s.diverged) << s.divergence_reason;
  EXPECT_EQ(s.steps, 100);
  EXPECT_EQ(s.solver_failures, 0);
  EXPECT_EQ(s.escaped_bodies, 0);
  EXPECT_LE(s.overlap_median, 1e-8);
}

// Every model, the search's (peg) and the plain LCP's (standard) alike: 60 copies of one body in
// one place (~2e4 vertex-edge rows, each body's rows all coupled: past the sparse entry bound).
// Under peg the candidates' assembly used to end in std::bad_alloc (more than 2^31 entries at 300).
TEST(DivergenceGuard, AnLcpPastTheMemoryBoundIsAClearErrorNotBadAlloc) {
  Scene scene = make_pile2d(2, 1);
  const Body one = scene.bodies.back();
  for (int k = 0; k < 60; ++k) {
    Body copy = one;
    copy.name = "copy" + std::to_string(k);
    scene.bodies.push_back(copy);
  }
  for (const char* model : {"standard", "peg", "egan-max"}) {
    SCOPED_TRACE(model);
    SimulationOptions options;
    options.model = model;
    options.max_lcp_size = 0;  // no row guard: the memory bound must hold on its own
    Simulation sim(scene, options);
    try {
      sim.step();
      FAIL() << "expected LcpTooLarge";
    } catch (const LcpTooLarge& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("step 1"), std::string::npos) << what;
      EXPECT_NE(what.find(std::to_string(kMaxSparseLcpEntries) + " entries"), std::string::npos) << what;
      EXPECT_NE(what.find("space the bodies apart"), std::string::npos) << what;
    }
    EXPECT_EQ(sim.steps_taken(), 0);
  }
}

// The standard model's phantom wall (scenes/particle_corner.json: the particle passes 2 mm above a
// convex corner, the side edge's half-plane pushes it out to v = (1.5, -0.1) from (1, -0.2)) turns
// 0.52 J per kg into 1.13 J per kg. That push is of no true overlap, so it is no energy source: with
// a 100 kg particle the 1 J slack no longer hides it and the run stops as blown up. Under peg the
// particle flies free and the run goes on.
TEST(DivergenceGuard, PhantomPushOutIsNoEnergySource) {
  Scene scene = load_scene(std::string(PEGSIM_SOURCE_DIR) + "/scenes/particle_corner.json");
  for (Body& b : scene.bodies)
    if (b.name == "particle") b.mass = 100.0;
  RunOptions run;
  run.duration = 0.2;
  for (const std::string model : {"standard", "peg"}) {
    SimulationOptions options;
    options.model = model;
    options.time_step = 0.01;
    Simulation sim(scene, options);
    double stabilisation = 0.0, overlap_push_out = 0.0;
    const RunSummary s = run_simulation(sim, run, [&](const Simulation&, const StepMeasurement& m) {
      stabilisation += m.record.stabilisation_work;
      overlap_push_out += m.record.overlap_push_out_work;
    });
    EXPECT_EQ(overlap_push_out, 0.0) << model << ": the particle never overlaps the box";
    if (model == "standard") {
      EXPECT_GT(stabilisation, 50.0) << "the phantom wall's push-out (J)";
      EXPECT_TRUE(s.diverged);
      EXPECT_NE(s.divergence_reason.find("kinetic energy"), std::string::npos) << s.divergence_reason;
    } else {
      EXPECT_FALSE(s.diverged) << s.divergence_reason;
      EXPECT_EQ(s.steps, 20);
    }
  }
}

// A body forced into an occupied spot (two coincident 0.2 m boxes) is pushed out of a true overlap:
// that work is credited, and the separation it causes, far beyond the scene's own energy, is no
// divergence.
TEST(DivergenceGuard, PushOutOfATrueOverlapIsCredited) {
  Scene scene = make_pile2d(1, 1);
  Body arrival = scene.bodies.back();
  arrival.name = "arrival";
  arrival.spawn_time = 0.1;
  scene.bodies.push_back(arrival);
  SimulationOptions options;
  options.model = "peg";
  options.time_step = 0.01;
  options.force_spawns = true;
  Simulation sim(scene, options);
  const DivergenceGuard guard(scene.bodies, scene.gravity);
  RunOptions run;
  run.duration = 0.2;
  double overlap_push_out = 0.0, energy_max = 0.0;
  const RunSummary s = run_simulation(sim, run, [&](const Simulation&, const StepMeasurement& m) {
    overlap_push_out += m.record.overlap_push_out_work;
    energy_max = std::max(energy_max, m.energy);
  });
  EXPECT_FALSE(s.diverged) << s.divergence_reason;
  EXPECT_GT(overlap_push_out, 0.0);
  EXPECT_GT(energy_max, 2.0 * guard.energy_supply() + 1.0) << "without the credit this run would have stopped";
}

// A scene without a floor: a spinning block falls freely. Its kinetic energy grows by exactly the
// potential energy it releases, past the fall to the box's lowest point (the box is its own start
// here), so the guard must credit the fall so far: the run (3D, the case that stopped at
// t = 0.189 s with "2.422 J exceeds ... bound 2.406 J") and the same fall in 2D run to the end.
TEST(DivergenceGuard, AFreeFallWithoutAFloorIsNoDivergence) {
  const nlohmann::json block3d = {{"name", "block"},
                                  {"vertices", {{-0.2, -0.1, -0.05}, {0.2, -0.1, -0.05}, {0.2, 0.1, -0.05}, {-0.2, 0.1, -0.05},
                                                {-0.2, -0.1, 0.05}, {0.2, -0.1, 0.05}, {0.2, 0.1, 0.05}, {-0.2, 0.1, 0.05}}},
                                  {"position", {0, 0, 0}}, {"angular_velocity", {6, 2, 9}}, {"density", 500}};
  const nlohmann::json block2d = {{"name", "block"}, {"vertices", {{-0.2, -0.1}, {0.2, -0.1}, {0.2, 0.1}, {-0.2, 0.1}}},
                                  {"position", {0, 0}}, {"angular_velocity", 9}, {"density", 500}};
  for (const nlohmann::json& scene_json : {nlohmann::json{{"gravity", {0, 0, -9.81}}, {"bodies", {block3d}}},
                                           nlohmann::json{{"gravity", {0, -9.81}}, {"bodies", {block2d}}}}) {
    const Scene scene = scene_from_json(scene_json);
    SimulationOptions options;
    options.model = "standard";
    options.time_step = 0.01;
    Simulation sim(scene, options);
    RunOptions run;
    run.duration = 1.0;  // a 4.9 m fall: within the box's 10 m margin (a far longer one leaves the scene)
    const RunSummary s = run_simulation(sim, run);
    EXPECT_FALSE(s.diverged) << s.divergence_reason;
    EXPECT_EQ(s.steps, 100);
  }
  // The credit is the fall, not a blank cheque: the same energy as spin at the start position trips it.
  Scene scene = scene_from_json({{"gravity", {0, -9.81}}, {"bodies", {block2d}}});
  const DivergenceGuard guard(scene);
  Body& b = scene.bodies.front();
  const double fallen = 0.5 * 9.81;  // 4.9 m in 1 s
  b.angular_velocity = std::sqrt(2.0 * (3.0 * b.mass * 9.81 * fallen) / b.inertia);
  EXPECT_NE(guard.check(scene, {1}, 0.0).find("kinetic energy"), std::string::npos);
  b.position.y() -= fallen;  // now it has fallen that far: 3x the fall's energy still trips it, 1x does not
  EXPECT_NE(guard.check(scene, {1}, 0.0).find("kinetic energy"), std::string::npos);
  b.angular_velocity = std::sqrt(2.0 * (b.mass * 9.81 * fallen) / b.inertia);
  EXPECT_EQ(guard.check(scene, {1}, 0.0), "");
}

}  // namespace
}  // namespace pegsim
