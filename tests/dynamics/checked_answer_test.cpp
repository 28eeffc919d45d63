// The check of an answer found without this solve's search (dynamics/contact_solve.h,
// ContactSolveOptions::answer): the fixpoint's kept iterate is solved unverified, then checked
// against the model's LCP instead of searched again. The scene: test::box_wall (peg_harness.h),
// frictionless and with friction, whose PEG free space has vertex-vertex sites (a real search).
#include <pegsim/contact/model.h>
#include <pegsim/dynamics/contact_solve.h>
#include <pegsim/lcp/verify.h>

#include "peg/peg_harness.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace pegsim {
namespace {

class CheckedAnswerTest : public ::testing::TestWithParam<double> {
 protected:
  CheckedAnswerTest() : model_(make_contact_model("peg")) {
    world_.friction = GetParam();
    proximity_ = world_.proximity();
  }
  // The unverified solve the fixpoint makes (verify false), and its answer.
  ContactSolve unverified(const test::StepInputs& inputs) const {
    ContactSolveOptions options;
    options.verify = false;
    return inputs.solve(*model_, proximity_, options);
  }
  static CheckedAnswer answer_of(const ContactSolve& solve) {
    return CheckedAnswer{solve.selection, solve.search_impulses, solve.nu_next};
  }
  ContactSolve checked(const test::StepInputs& inputs, const ContactSolve& previous, const CheckedAnswer& answer) const {
    ContactSolveOptions options;
    options.previous = &previous;
    options.answer = &answer;
    return inputs.solve(*model_, proximity_, options);
  }

  test::World world_ = test::box_wall(3, 4);
  std::unique_ptr<ContactModel> model_;
  ProximityResult proximity_;
};

TEST_P(CheckedAnswerTest, AConvergedAnswerIsAcceptedAsASolutionOfTheModelsLcpWithoutASearch) {
  const test::StepInputs inputs(world_, proximity_);
  const ContactSolve first = unverified(inputs);
  ASSERT_TRUE(first.result.status_ok()) << first.result.message;
  ASSERT_FALSE(first.verified);
  ASSERT_TRUE(first.search_converged);
  ASSERT_GT(first.search_rounds, 0) << "the scene must need the configuration search";
  ASSERT_EQ(first.search_impulses.size(), proximity_.contact_count());

  ContactSolve check = checked(inputs, first, answer_of(first));
  ASSERT_TRUE(check.result.status_ok()) << check.result.message;
  EXPECT_TRUE(check.verified);
  EXPECT_TRUE(check.search_accepted);
  EXPECT_EQ(check.search_rounds, 0) << "no cell LCP solved";
  EXPECT_EQ(check.selection, first.selection);
  // a solution of the model's own LCP, checked independently here
  const Verification v = verify_lcp(dense_model_lcp(check), check.result.z, 1e-8);
  EXPECT_TRUE(v.ok) << "residual " << v.residual;
  // the same velocity the search's answer gave, and the energy audit passed
  EXPECT_LT((check.nu_next - first.nu_next).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_EQ(check.energy_rejections, 0);
  // the fixpoint's later solves still start from the iterate's cell
  EXPECT_EQ(check.search_cell, first.search_cell);
  EXPECT_EQ(check.search_basis, first.search_basis);

  // and it is the answer a verified search from the same start gives
  ContactSolveOptions searched_options;
  searched_options.previous = &first;
  const ContactSolve searched = inputs.solve(*model_, proximity_, searched_options);
  ASSERT_TRUE(searched.result.status_ok()) << searched.result.message;
  EXPECT_GT(searched.search_rounds, 0);
  EXPECT_LT((searched.nu_next - check.nu_next).cwiseAbs().maxCoeff(), 1e-9);
}

TEST_P(CheckedAnswerTest, AnAnswerThatIsNoSolutionIsRefusedAndNothingIsSolvedInstead) {
  const test::StepInputs inputs(world_, proximity_);
  const ContactSolve first = unverified(inputs);
  ASSERT_TRUE(first.result.status_ok()) << first.result.message;
  CheckedAnswer wrong = answer_of(first);
  bool pushed = false;
  for (ContactImpulse& impulse : wrong.impulses) {
    pushed = pushed || impulse.normal > 0.0;
    impulse.normal *= 3.0;  // too hard a push: w = M z + q no longer complements z
  }
  ASSERT_TRUE(pushed) << "the wall must rest on something";
  const ContactSolve check = checked(inputs, first, wrong);
  EXPECT_FALSE(check.result.status_ok());
  EXPECT_EQ(check.result.solver, "check");
  EXPECT_NE(check.result.message.find("not accepted"), std::string::npos) << check.result.message;
  EXPECT_FALSE(check.search_accepted);
  EXPECT_EQ(check.search_rounds, 0) << "the caller searches, not the check";
}

TEST_P(CheckedAnswerTest, AnAnswerOfAnotherFreeSpaceIsRefusedWithItsReason) {
  const test::StepInputs inputs(world_, proximity_);
  const ContactSolve first = unverified(inputs);
  ASSERT_TRUE(first.result.status_ok()) << first.result.message;
  CheckedAnswer other = answer_of(first);
  other.selection.push_back(0);  // one disjunction too many
  const ContactSolve check = checked(inputs, first, other);
  EXPECT_FALSE(check.result.status_ok());
  EXPECT_EQ(check.result.solver, "check");
  EXPECT_NE(check.result.message.find("does not fit"), std::string::npos) << check.result.message;
}

INSTANTIATE_TEST_SUITE_P(FrictionlessAndFrictional, CheckedAnswerTest, ::testing::Values(0.0, 0.5),
                         [](const auto& info) { return info.param > 0.0 ? std::string("Friction") : std::string("Frictionless"); });

}  // namespace
}  // namespace pegsim
