// The dense bound of optional solves (dynamics/contact_solve.h, kOptionalDenseRows): a solve with a
// fallback (a step halving can still recover, the check of the fixpoint's kept iterate) makes no
// dense solve of a model LCP over the bound when its search fails; it fails fast, says why, and
// applies nothing. The last recovery level, and a run without the configuration search (the LCP
// solver alone is its method), keep the dense solve. Failures are provoked with one PGS sweep,
// which cannot meet the tolerance on pushing contacts. The scene: test::box_wall (peg_harness.h),
// whose PEG model LCP has thousands of rows.
#include <pegsim/contact/model.h>
#include <pegsim/dynamics/contact_solve.h>

#include "peg/peg_harness.h"

#include <gtest/gtest.h>

#include <string>

namespace pegsim {
namespace {

using test::World;

ContactSolveOptions failing_solver() {
  ContactSolveOptions options;
  options.solver = SolverKind::Pgs;
  options.solve.max_iterations = 1;
  return options;
}

class DenseBound : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { world_ = new World(test::box_wall(12, 12)); }
  static void TearDownTestSuite() { delete world_; }
  static test::StepOutcome step(const ContactSolveOptions& options) {
    return test::step_with(*world_, *make_contact_model("peg"), world_->proximity(), options);
  }
  static World* world_;
};
World* DenseBound::world_ = nullptr;

TEST_F(DenseBound, ASolveWithAFallbackWhoseSearchFailsMakesNoLargeDenseSolve) {
  ContactSolveOptions options = failing_solver();
  options.has_fallback = true;
  const test::StepOutcome out = step(options);
  ASSERT_GT(out.rows.size(), kOptionalDenseRows) << "the scene must be over the bound to test it";
  EXPECT_FALSE(out.result.status_ok());
  EXPECT_EQ(out.result.solver, "deferred");
  EXPECT_NE(out.result.message.find("dense bound"), std::string::npos) << out.result.message;
  EXPECT_EQ(out.nu, out.nu_free) << "a deferred step applies no impulse";
}

TEST_F(DenseBound, TheLastRecoveryLevelStillTriesTheLcpSolverAlone) {
  const test::StepOutcome out = step(failing_solver());  // has_fallback false
  ASSERT_GT(out.rows.size(), kOptionalDenseRows);
  EXPECT_FALSE(out.result.status_ok());  // one sweep cannot solve it, but it was tried
  EXPECT_EQ(out.result.solver, "pgs");
}

TEST_F(DenseBound, WithoutTheSearchTheLcpSolverAloneIsTheMethodAndIsNotDeferred) {
  ContactSolveOptions options = failing_solver();
  options.has_fallback = true;
  options.configuration_search = false;
  const test::StepOutcome out = step(options);
  ASSERT_GT(out.rows.size(), kOptionalDenseRows);
  EXPECT_EQ(out.result.solver, "pgs");
}

// The fixpoint raises the bound for a step whose end depth is visible (simulation.cpp,
// kDeepEndDepth): a solve with a fallback under a bound above its rows tries the LCP solver alone.
TEST_F(DenseBound, ARaisedBoundLetsTheSolveWithAFallbackTryTheLcpSolverAlone) {
  ContactSolveOptions options = failing_solver();
  options.has_fallback = true;
  const test::StepOutcome deferred = step(options);
  ASSERT_EQ(deferred.result.solver, "deferred");
  options.optional_dense_rows = deferred.rows.size() + 1;
  const test::StepOutcome out = step(options);
  EXPECT_EQ(out.result.solver, "pgs") << out.result.message;
  options.optional_dense_rows = deferred.rows.size() - 1;  // just under: deferred again
  EXPECT_EQ(step(options).result.solver, "deferred");
}

}  // namespace
}  // namespace pegsim
