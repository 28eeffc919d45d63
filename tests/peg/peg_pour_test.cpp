// The PEG paper's 2D pour (peg-reconstructed.md), shortened: 4 random polygons dropped into the box,
// 1.5 s at h = 0.01, through the full Simulation pipeline. (With the standard model the same runs
// end at t = 0.95-1.4 s in an infeasible LCP with 0.02-0.13 m^2 of overlap; not run here, its
// failing solves take tens of seconds.)
#include <pegsim/dynamics/run.h>
#include <pegsim/scene/pour2d.h>

#include "peg_harness.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

namespace pegsim {
namespace {

TEST(PegPour, FourBodiesNoSolverFailureAndNoLastingOverlap) {
  for (const char* model : {"peg", "peg-accurate"}) {
    for (std::uint64_t seed : {1u, 2u, 3u}) {
      SCOPED_TRACE(std::string(model) + " seed " + std::to_string(seed));
      SimulationOptions options;
      options.model = model;
      options.time_step = 0.01;
      Simulation simulation(make_pour2d_from_seed(seed, 4), options);
      RunOptions run;
      run.duration = 1.5;
      const RunSummary s = run_simulation(simulation, run);
      std::printf("%-12s seed %d: failures %d, overlap median %.3g max %.3g m^2, depth max %.3g m, traps/step %.2f\n",
                  model, static_cast<int>(seed), s.solver_failures, s.overlap_median, s.overlap_max, s.depth_max,
                  s.mean_traps);
      EXPECT_EQ(s.steps, 150);
      EXPECT_EQ(s.solver_failures, 0);
      EXPECT_EQ(s.non_finite_steps, 0);
      EXPECT_EQ(s.escaped_bodies, 0);
      EXPECT_LE(s.overlap_median, 1e-12);
      // Spinning bodies (up to ~17 rad/s after impacts) leave first-order rotation errors.
      EXPECT_LE(s.overlap_max, 1e-4);
      EXPECT_GT(s.mean_traps, 0.1);  // vertex–vertex sites do occur
    }
  }
}

// The authors' own body set a, the full 20-body, 5 s pour at large steps: no failure, no escape,
// no energy gained in any step (spawning excluded), overlap at the level of round-off, and every
// step with nonconvex sites answered by the configuration search and verified against the model's
// own LCP.
TEST(PegPour, AuthorsBodySetAtLargeStepsIsClean) {
  const Scene scene = test::authors_pour('a');
  for (const char* model : {"peg", "peg-accurate"}) {
    for (double h : {0.02, 0.05}) {
      SCOPED_TRACE(std::string(model) + " h " + std::to_string(h));
      SimulationOptions options;
      options.model = model;
      options.time_step = h;
      int searched = 0, accepted = 0;
      const RunSummary s = test::run_for(scene, options, 5.0, [&](const Simulation&, const StepMeasurement& m) {
        if (m.record.search_rounds > 0) {
          ++searched;
          accepted += m.record.search_accepted ? 1 : 0;
        }
      });
      std::printf("%-12s h %.2f: failures %d, escaped %d, overlap median %.3g max %.3g m^2, energy gain max %.3g J, "
                  "%d/%d searched steps verified\n",
                  model, h, s.solver_failures, s.escaped_bodies, s.overlap_median, s.overlap_max, s.energy_max_increase,
                  accepted, searched);
      EXPECT_EQ(s.steps, static_cast<int>(std::lround(5.0 / h)));
      EXPECT_EQ(s.solver_failures, 0);
      EXPECT_EQ(s.recovered_steps, 0);
      EXPECT_EQ(s.escaped_bodies, 0);
      EXPECT_EQ(s.non_finite_steps, 0);
      EXPECT_LE(s.energy_max_increase, 0.05);
      EXPECT_LE(s.overlap_median, 1e-8);
      EXPECT_GT(searched, 20);
      EXPECT_EQ(accepted, searched);
    }
  }
}

// The same pour solved the papers' way, the model's LCP alone (--no-configuration-search): the
// LCP's solution set contains impulses that do work, and Lemke finds them (measured before the
// energy audit: +189 J in one step, a body out of the box, set a at h = 0.01 by t = 2.5 s). Now
// the audit (dynamics/energy_audit.h) refuses such answers: they are counted, never applied.
TEST(PegPour, TheLcpAloneFindsSolutionsThatDoWorkAndTheAuditRefusesThem) {
  auto run = [](bool search) {
    SimulationOptions options;
    options.model = "peg";
    options.time_step = 0.01;
    options.configuration_search = search;
    return test::run_for(test::authors_pour('a'), options, 2.5);
  };
  const RunSummary alone = run(false), searched = run(true);
  std::printf("peg, LCP alone: %d answers refused by the energy audit, largest unexplained gain %.3g J, escaped %d; "
              "with the search: %d refused, %.3g J, escaped %d\n",
              alone.energy_rejections, alone.energy_max_unexplained, alone.escaped_bodies, searched.energy_rejections,
              searched.energy_max_unexplained, searched.escaped_bodies);
  EXPECT_GT(alone.energy_rejections, 0);
  EXPECT_LE(alone.energy_max_unexplained, 1e-6);
  EXPECT_EQ(alone.escaped_bodies, 0);
  EXPECT_EQ(searched.energy_rejections, 0);
  EXPECT_LE(searched.energy_max_increase, 0.01);
  EXPECT_EQ(searched.escaped_bodies, 0);
}

}  // namespace
}  // namespace pegsim
