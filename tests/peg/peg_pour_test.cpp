// The PEG paper's 2D pour (peg-reconstructed.md), shortened: 4 random polygons dropped into the box,
// 1.5 s at h = 0.01, through the full Simulation pipeline. (With the standard model the same runs
// end at t = 0.95-1.4 s in an infeasible LCP with 0.02-0.13 m^2 of overlap; not run here, its
// failing solves take tens of seconds.)
#include <pegsim/dynamics/run.h>
#include <pegsim/scene/pour2d.h>

#include <gtest/gtest.h>

#include <cstdio>

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

}  // namespace
}  // namespace pegsim
