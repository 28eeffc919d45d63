// Flag validators whose messages say what is wanted (CLI11's range validators print DBL_MAX in full).
#pragma once

#include <CLI/CLI.hpp>

namespace pegsim::cli {

// A finite number, > 0 (or >= 0 with allow_zero).
CLI::Validator finite_number(bool allow_zero);
// Decimal digits only.
CLI::Validator unsigned_integer();

}  // namespace pegsim::cli
