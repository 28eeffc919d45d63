// The nonconvex models in 3D through the engine: PEG (contact/peg_sites_3d.h) and Egan's and
// Nguyen's forms on the same sites (configuration_sets.cpp, grouped_layout_3d). The ghost collisions
// of a cube crossing a seam and a corner of four tiles, a column of aligned cubes, a cube tipping off
// a ledge, and the authors' icosahedron pour with and without friction. The standard model runs
// beside them on the ghost collisions to show the tests can fail: its direction-hint rows snag.
#include <pegsim/dynamics/run.h>
#include <pegsim/dynamics/simulation.h>
#include <pegsim/scene/pour3d.h>
#include <pegsim/scene/scene.h>

#include "contact3d/bodies3d.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace pegsim {
namespace {

Scene scene_file(const std::string& name) { return load_scene(std::string(PEGSIM_SOURCE_DIR) + "/scenes/" + name); }

// The cube's path over a run of `scene` under `model`, with the worst deviations from sliding flat
// at the analytic speed max(v0 - mu g t, 0).
struct Slide {
  RunSummary summary;
  double max_rise = 0.0;       // above the start height (m)
  double max_spin = 0.0;       // |omega| (rad/s)
  double max_speed_error = 0.0;
};

Slide slide(Scene scene, const std::string& model, double mu) {
  SimulationOptions options;
  options.model = model;
  options.time_step = scene.settings.time_step;
  Body3d* cube = nullptr;
  for (Body3d& b : scene.bodies3d) {
    b.friction = mu;
    if (b.name == "cube") cube = &b;
  }
  if (cube == nullptr) throw std::logic_error("no cube");
  const double z0 = cube->position.z(), v0 = cube->velocity.norm();
  const std::size_t index = static_cast<std::size_t>(cube - scene.bodies3d.data());
  Simulation simulation(std::move(scene), options);
  Slide s;
  s.summary = run_simulation(simulation, RunOptions{0.5, true}, [&](const Simulation& sim, const StepMeasurement&) {
    const Body3d& c = sim.bodies3d()[index];
    const double analytic = std::max(v0 - mu * 9.81 * sim.time(), 0.0);
    const double error = std::abs(c.velocity.norm() - analytic);
    s.max_rise = std::max(s.max_rise, c.position.z() - z0);
    s.max_spin = std::max(s.max_spin, c.angular_velocity.norm());
    s.max_speed_error = std::max(s.max_speed_error, error);
  });
  return s;
}

class GhostCollision3d : public ::testing::TestWithParam<std::tuple<std::string, double>> {};

// egan-sum is left out, as in 2D (issue 10, known_issues.h): at exact ties (the cube's face level
// with the next slab's top) its summed rows snag; measured in 3D frictionless, it rises 4.2 cm.
const char* const kNonconvexModels[] = {"egan-max", "lnc", "lnc-accurate", "peg", "peg-accurate"};

TEST_P(GhostCollision3d, NonconvexModelsCrossFlatAtTheAnalyticSpeedWhereStandardSnags) {
  const auto [file, mu] = GetParam();
  for (const std::string model : kNonconvexModels) {
    SCOPED_TRACE(file + " " + model + " mu " + std::to_string(mu));
    const Slide s = slide(scene_file(file), model, mu);
    EXPECT_EQ(s.summary.solver_failures, 0);
    EXPECT_EQ(s.summary.energy_gain_steps, 0);
    EXPECT_LT(s.summary.overlap_max, 1e-12);
    EXPECT_LT(std::abs(s.max_rise), 1e-9);
    EXPECT_LT(s.max_spin, 1e-9);
    EXPECT_LT(s.max_speed_error, 1e-9);
    EXPECT_GT(s.summary.mean_traps, 0.0);  // the sites were there and held the cube
  }
  const Slide standard = slide(scene_file(file), "standard", mu);
  EXPECT_GT(standard.max_rise, 5e-3) << "the control: the standard model's hint rows snag";
  EXPECT_GT(standard.max_speed_error, 0.1);
}

// The cube starts with its leading face exactly on the seam: its corners lie on both slabs' edges,
// which the narrow phase reports as vertex–face pairs against both slabs' faces, the far slab's side
// face included (proximity/sites_3d.h, boundary hints).
TEST(GhostCollision3dExact, CornersExactlyOnTheSeamDoNotSnag) {
  Scene scene = scene_file("cube_seam_3d.json");
  scene.bodies3d.back().position.x() = -0.1;
  for (const std::string model : {"peg", "peg-accurate"}) {
    SCOPED_TRACE(model);
    const Slide s = slide(scene, model, 0.2);
    EXPECT_EQ(s.summary.solver_failures, 0);
    EXPECT_LT(std::abs(s.max_rise), 1e-9);
    EXPECT_LT(s.max_spin, 1e-9);
    EXPECT_LT(s.max_speed_error, 1e-9);
  }
  EXPECT_GT(slide(scene, "standard", 0.2).max_rise, 5e-3);
}

INSTANTIATE_TEST_SUITE_P(SeamAndTiles, GhostCollision3d,
                         ::testing::Combine(::testing::Values("cube_seam_3d.json", "cube_tiles_3d.json"),
                                            ::testing::Values(0.0, 0.2)));

// A column of four aligned 0.2 m cubes on a slab, 1 s: every corner of a cube coincides with one of
// the cube below (vertex–vertex sites, boundary hints). Issue 10 found 2D Egan and LNC columns sinking
// into themselves here. egan-sum is left out: at such exact ties its sum admits the sinking
// (measured in 3D too: all four cubes end at z = 0.1), the diagnosis of known_issues.h.
// Not asserted: the standard model in 3D, whose degenerate rows at the coinciding corners leave one
// failed (degraded) step each with mu = 0 and 0.5 (docs/engine3d.md).
TEST(Stack3d, AColumnOfAlignedCubesStandsUnderTheNonconvexModels) {
  for (const std::string model : {"egan-max", "lnc", "lnc-accurate", "peg", "peg-accurate"}) {
    for (const double mu : {0.0, 0.5}) {
      SCOPED_TRACE(model + " mu " + std::to_string(mu));
      std::vector<Body3d> bodies{test3d::slab(mu)};
      for (int k = 0; k < 4; ++k) {
        Body3d cube = test3d::box_body(Vec3::Constant(0.1), Vec3(0, 0, 0.1 + 0.2 * k), Eigen::Quaterniond::Identity(), false, mu);
        cube.name = "cube " + std::to_string(k);
        bodies.push_back(cube);
      }
      test3d::Step3dOptions options;
      options.model = model;
      Simulation simulation = test3d::simulation_3d(bodies, options);
      const RunSummary s = run_simulation(simulation, RunOptions{1.0, true});
      EXPECT_EQ(s.solver_failures, 0);
      EXPECT_LT(s.overlap_max, 1e-12);
      for (int k = 0; k < 4; ++k) {
        EXPECT_NEAR(simulation.bodies3d()[static_cast<std::size_t>(k + 1)].position.z(), 0.1 + 0.2 * k, 1e-9) << "cube " << k;
      }
    }
  }
}

TEST(Ledge3d, TheCubeTipsOffTheLedgeWithoutRising) {
  for (const std::string model : {"standard", "peg", "peg-accurate"}) {
    SCOPED_TRACE(model);
    Scene scene = scene_file("cube_ledge_3d.json");
    SimulationOptions options;
    options.model = model;
    options.time_step = scene.settings.time_step;
    Simulation simulation(std::move(scene), options);
    double max_z = -INFINITY, max_tip = 0.0;
    const RunSummary summary = run_simulation(simulation, RunOptions{0.6, true}, [&](const Simulation& sim, const StepMeasurement&) {
      const Body3d& cube = sim.bodies3d()[1];
      max_z = std::max(max_z, cube.position.z());
      max_tip = std::max(max_tip, cube.angular_velocity.y());
    });
    EXPECT_EQ(summary.solver_failures, 0);
    EXPECT_EQ(summary.energy_gain_steps, 0);
    EXPECT_LT(summary.overlap_max, 1e-12);
    EXPECT_LE(max_z, 0.1 + 1e-9);
    EXPECT_GT(max_tip, 1.0);  // it turned over the edge (about +y), it did not slide off flat
  }
}

// The authors' icosahedron pour at h = 0.01, frictionless and with mu = 0.3.
class IcosahedronPourPeg3d : public ::testing::TestWithParam<std::tuple<std::string, double>> {};

TEST_P(IcosahedronPourPeg3d, NoFailureNoEnergyGainNoEscapeAndSmallOverlap) {
  const auto [model, mu] = GetParam();
  Scene scene = make_pour3d_from_reference(std::string(PEGSIM_SHARED_DIR) + "/data/reference-pour3d/bodies_icosahedra.json",
                                           0.01, kPour3dDuration, mu);
  SimulationOptions options;
  options.model = model;
  options.time_step = 0.01;
  Simulation simulation(std::move(scene), options);
  const RunSummary s = run_simulation(simulation, RunOptions{kPour3dDuration, true});
  EXPECT_EQ(s.solver_failures, 0);
  EXPECT_EQ(s.energy_gain_steps, 0);
  EXPECT_LT(s.energy_max_unexplained, 1e-6);
  EXPECT_EQ(s.escaped_bodies, 0);
  EXPECT_FALSE(s.diverged);
  EXPECT_LT(s.overlap_max, 3.4e-6);  // the authors' PEG maximum at h = 0.01 (reference-medians.csv)
  EXPECT_LT(s.overlap_median, 1e-12);
  EXPECT_GT(s.mean_traps, 0.0);      // I-sites were used
}

INSTANTIATE_TEST_SUITE_P(Models, IcosahedronPourPeg3d,
                         ::testing::Combine(::testing::Values("peg", "peg-accurate"), ::testing::Values(0.0, 0.3)));

}  // namespace
}  // namespace pegsim
