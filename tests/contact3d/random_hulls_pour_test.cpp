// The random-hull polyhedron pour (scene/random_pour3d.h) under the standard model, h = 0.01, first
// 3 s (six hulls in): thin and skewed hulls are where 3D proximity's rules were found wanting (a far
// face of a thin hull paired with an inside vertex, edge–edge gaps overstating the overlap, an edge
// sliding past the end of the edge it touched). Each of those ended a step 1–4 cm deep or pushed
// out tens of joules; now no pair may end a step 1 mm deep, no step may gain energy, and push-out
// work stays below 1 J. Frictionless and mu = 0.3.
#include <pegsim/dynamics/run.h>
#include <pegsim/dynamics/simulation.h>
#include <pegsim/scene/random_pour3d.h>

#include <gtest/gtest.h>

namespace pegsim {
namespace {

// No failed or energy-gaining step, no escape, no pair deeper than max_depth (m), no step pushing out
// more than max_push_out (J).
void expect_clean_pour(const RunSummary& summary, double max_depth, double max_push_out) {
  EXPECT_EQ(summary.solver_failures, 0);
  EXPECT_EQ(summary.energy_gain_steps, 0);
  EXPECT_EQ(summary.escaped_bodies, 0);
  EXPECT_LT(summary.depth_max, max_depth);
  EXPECT_LT(summary.stabilisation_work_max, max_push_out);
}

struct HullPourCase {
  std::uint64_t seed;
  double friction;
};

class RandomHullsPour3d : public ::testing::TestWithParam<HullPourCase> {};

TEST_P(RandomHullsPour3d, NoDeepPairNoEnergyGainNoFailure) {
  RandomPour3dOptions scene_options;
  scene_options.seed = GetParam().seed;
  scene_options.friction = GetParam().friction;
  scene_options.time_step = 0.01;
  SimulationOptions options;
  options.model = "standard";
  options.time_step = 0.01;
  Simulation simulation(make_random_pour3d(scene_options), options);
  const RunSummary summary = run_simulation(simulation, RunOptions{3.0, true});
  EXPECT_EQ(summary.steps, 300);
  expect_clean_pour(summary, 1e-3, 1.0);
}

INSTANTIATE_TEST_SUITE_P(SeedsAndFriction, RandomHullsPour3d,
                         ::testing::Values(HullPourCase{1, 0.0}, HullPourCase{3, 0.0}, HullPourCase{10, 0.0},
                                           HullPourCase{1, 0.3}),
                         [](const auto& info) {
                           return "seed" + std::to_string(info.param.seed) + (info.param.friction > 0 ? "_mu03" : "_frictionless");
                         });

// The same pour under peg at the large steps where 3D PEG first did worse than the standard model
// (EXPERIMENTS.md, the polyhedron pour): hull set 4 sank 65 mm at h = 0.02 (a grazing vertex–face
// contact hid the pair's separating axis), set 7 sank 27 mm at h = 0.02 (a vertex at an untrusted
// site lost its inapplicable vertex–face row), set 8 diverged at h = 0.05 (an edge pair of a
// separated pair at -0.365 m pushed 12 kJ into one step). Each run stops just after its old failure.
struct PegLargeStepCase {
  std::uint64_t seed;
  double h;
  double duration;
};

class PegHullsPourLargeStep : public ::testing::TestWithParam<PegLargeStepCase> {};

TEST_P(PegHullsPourLargeStep, NoDeepPairNoEnergyGainNoFailure) {
  const PegLargeStepCase& c = GetParam();
  RandomPour3dOptions scene_options;
  scene_options.seed = c.seed;
  scene_options.time_step = c.h;
  SimulationOptions options;
  options.model = "peg";
  options.time_step = c.h;
  Simulation simulation(make_random_pour3d(scene_options), options);
  const RunSummary summary = run_simulation(simulation, RunOptions{c.duration, true});
  EXPECT_FALSE(summary.diverged);
  expect_clean_pour(summary, 5e-3, 10.0);
}

INSTANTIATE_TEST_SUITE_P(SetsThatSank, PegHullsPourLargeStep,
                         ::testing::Values(PegLargeStepCase{4, 0.02, 4.5}, PegLargeStepCase{7, 0.02, 3.0},
                                           PegLargeStepCase{8, 0.05, 3.0}),
                         [](const auto& info) {
                           return "set" + std::to_string(info.param.seed) + "_h" + std::to_string(static_cast<int>(info.param.h * 1000)) + "ms";
                         });

}  // namespace
}  // namespace pegsim
