// Factories for the built-in contact models (one implementation file each in src/contact/).
// registry.cpp maps the names of contact_model_names() onto these.
#pragma once

#include <pegsim/contact/model.h>

#include <memory>

namespace pegsim {

std::unique_ptr<ContactModel> make_standard_model();      // "standard"     (standard.cpp)
std::unique_ptr<ContactModel> make_egan_max_model();      // "egan-max"     (egan_max.cpp)
std::unique_ptr<ContactModel> make_egan_sum_model();      // "egan-sum"     (egan_sum.cpp)
std::unique_ptr<ContactModel> make_lnc_model();           // "lnc"          (lnc.cpp)
std::unique_ptr<ContactModel> make_lnc_accurate_model();  // "lnc-accurate" (lnc_accurate.cpp)
std::unique_ptr<ContactModel> make_peg_model();           // "peg"          (peg.cpp)
std::unique_ptr<ContactModel> make_peg_accurate_model();  // "peg-accurate" (peg_accurate.cpp)

// Nguyen §2.2.2 exactly as printed (3n conditions, dummy variable with an all-zero column).
// Not registered: kept to show in tests why "lnc-accurate" uses a reformulation.
std::unique_ptr<ContactModel> make_lnc_accurate_literal_model();
// "lnc-accurate" with the weight K of its rows m + K (m - rho_k) (lnc_accurate.cpp; default 0.1).
// For tests and studies of the weight; K must be > 0.
std::unique_ptr<ContactModel> make_lnc_accurate_weighted_model(double weight);

}  // namespace pegsim
