// The first solve's answer is checked against the model's LCP only once the proximity corrector
// has not replaced it (simulation.cpp, advance). Every applied answer must still be a verified
// solution of the model's LCP of its step, whether the corrector fired or not: checked here
// independently, from the step's own rows (Simulation::last_rows, last_impulses), on a settling
// pile with and without friction.
#include <pegsim/assembly/assembly.h>
#include <pegsim/dynamics/mechanics.h>
#include <pegsim/dynamics/simulation.h>
#include <pegsim/lcp/verify.h>
#include <pegsim/scene/pile2d.h>

#include <gtest/gtest.h>

#include <string>

namespace pegsim {
namespace {

class FirstAnswerCheck : public ::testing::TestWithParam<double> {};

TEST_P(FirstAnswerCheck, EveryStepAppliesAVerifiedSolutionWhetherTheCorrectorFiredOrNot) {
  const Scene scene = make_pile2d(4, 30, GetParam());
  SimulationOptions options;
  options.model = "peg";
  options.time_step = 0.01;
  Simulation sim(scene, options);
  int corrected = 0, kept = 0;
  for (int i = 0; i < 80; ++i) {
    // the step's LCP is rebuilt from its rows, the inverse mass and the free velocity at its start
    const Scene& start = sim.scene();
    const std::vector<int> offsets = dof_offsets(start, std::vector<char>(start.body_count(), 1));
    const InverseMass inverse = inverse_mass(start, offsets);
    const Vec nu_free = free_velocities(start, offsets, inverse.dofs, options.time_step);
    const StepRecord record = sim.step();
    ASSERT_TRUE(record.solved()) << "step " << record.step;
    ASSERT_EQ(record.degraded, Degradation::None);
    if (record.substeps > 1 || sim.last_rows().size() == 0) continue;  // halves: another start
    EXPECT_EQ(record.rows, sim.last_rows().size()) << "step " << record.step << ": the model's rows were recorded";
    const Lcp lcp = assemble_lcp(sim.last_rows(), inverse, nu_free);
    const Verification check = verify_lcp(lcp, sim.last_impulses(), 1e-8);
    EXPECT_TRUE(check.ok) << "step " << record.step << ": residual " << check.residual;
    (record.proximity_corrected ? corrected : kept) += 1;
  }
  EXPECT_GT(corrected, 0) << "the corrector must fire on some steps for this to test both ways";
  EXPECT_GT(kept, 0);
}

INSTANTIATE_TEST_SUITE_P(FrictionlessAndFrictional, FirstAnswerCheck, ::testing::Values(0.0, 0.3),
                         [](const auto& info) { return info.param > 0.0 ? std::string("Friction") : std::string("Frictionless"); });

}  // namespace
}  // namespace pegsim
