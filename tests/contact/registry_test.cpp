// The model registry maps every documented name to the model of that name.
#include <pegsim/contact/model.h>

#include <gtest/gtest.h>

namespace pegsim {
namespace {

TEST(Registry, EveryDocumentedNameMakesThatModel) {
  const std::vector<std::string> expected = {"standard", "egan-max", "egan-sum", "lnc", "lnc-accurate", "peg", "peg-accurate"};
  EXPECT_EQ(contact_model_names(), expected);
  for (const std::string& name : contact_model_names()) {
    const auto model = make_contact_model(name);
    ASSERT_NE(model, nullptr) << name;
    EXPECT_EQ(model->name(), name);
  }
  EXPECT_EQ(make_contact_model("Standard"), nullptr);
  EXPECT_EQ(make_contact_model(""), nullptr);
}

}  // namespace
}  // namespace pegsim
