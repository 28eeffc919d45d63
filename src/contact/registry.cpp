// Contact model registry: name -> factory (models.h). Adding a model = one line here.
#include <pegsim/contact/model.h>
#include <pegsim/contact/models.h>

#include <array>
#include <utility>

namespace pegsim {
namespace {

using Factory = std::unique_ptr<ContactModel> (*)();

// Listed in the order contact_model_names() reports.
constexpr std::array<std::pair<const char*, Factory>, 7> kModels{{
    {"standard", &make_standard_model},
    {"egan-max", &make_egan_max_model},
    {"egan-sum", &make_egan_sum_model},
    {"lnc", &make_lnc_model},
    {"lnc-accurate", &make_lnc_accurate_model},
    {"peg", &make_peg_model},
    {"peg-accurate", &make_peg_accurate_model},
}};

}  // namespace

std::unique_ptr<ContactModel> make_contact_model(const std::string& name) {
  for (const auto& [model_name, factory] : kModels) {
    if (name == model_name) return factory();
  }
  return nullptr;
}

std::vector<std::string> contact_model_names() {
  std::vector<std::string> names;
  for (const auto& entry : kModels) names.emplace_back(entry.first);
  return names;
}

}  // namespace pegsim
